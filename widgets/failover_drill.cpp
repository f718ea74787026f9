#include "widgets/failover_drill.h"

#include "model/analysis/failover_plan.h"
#include "model/analysis/report_format.h"
#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"
#include "widgets/health_colors.h"
#include "widgets/report_table.h"

#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimeZone>
#include <QVBoxLayout>

#include <algorithm>

namespace driftscope::widgets {
namespace {

// Report rows come sorted by group.
struct GroupOrder {
    bool operator()(const PartitionReport& r, const std::string& g) const { return r.group < g; }
    bool operator()(const std::string& g, const PartitionReport& r) const { return g < r.group; }
};

} // namespace

FailoverDrill::FailoverDrill(QWidget* parent)
    : QWidget(parent), m_when(new QDateTimeEdit), m_summary(new QLabel), m_table(new ReportTable),
      m_export(new QPushButton("Export CSV…")), m_exportPlan(new QPushButton("Export failover plan…"))
{
    m_when->setTimeSpec(Qt::UTC);
    m_when->setDisplayFormat("yyyy-MM-dd HH:mm:ss.zzz 'UTC'");
    m_when->setCalendarPopup(true);
    m_when->setToolTip("The moment of the failover; the time cursor moves with it");
    auto* go = new QPushButton("Fail over at this moment");
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel("Failover at:"));
    top->addWidget(m_when);
    top->addWidget(go);
    top->addStretch(1);
    top->addWidget(m_export);
    top->addWidget(m_exportPlan);
    m_exportPlan->setToolTip(
        "Write the group's reset file for kafka-consumer-groups --reset-offsets --from-file, "
        "with plan.txt and plan.json, into a folder");
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(go, &QPushButton::clicked, this,
            [this] { Q_EMIT momentChosen(m_when->dateTime().toMSecsSinceEpoch()); });
    connect(m_export, &QPushButton::clicked, this, &FailoverDrill::exportRequested);
    connect(m_exportPlan, &QPushButton::clicked, this, &FailoverDrill::planExportRequested);
}

void FailoverDrill::setReport(std::shared_ptr<const Report> report, const std::string& group)
{
    m_report = std::move(report);
    const auto& rows = m_report->rows;
    const auto [begin, end] = std::equal_range(rows.begin(), rows.end(), group, GroupOrder{});
    m_first = static_cast<size_t>(begin - rows.begin());
    m_count = static_cast<size_t>(end - begin);
    {
        const QSignalBlocker block(m_when);
        m_when->setDateTime(QDateTime::fromMSecsSinceEpoch(m_report->atMs, QTimeZone::utc()));
    }
    m_table->setRows(ReportTableModel::Rows(m_report, &m_report->rows), m_first, m_count,
                     m_report->staleAfterMs);
    const FailoverPlan plan = groupPlan();
    QString text;
    if (m_count == 0 || plan.groups.empty()) {
        text = QString("<b>%1</b>: no committed offsets or checkpoints at this moment.")
                   .arg(QString::fromStdString(group).toHtmlEscaped());
    } else {
        const GroupPlan& g = plan.groups.front();
        const bool mayLose = std::any_of(g.leftOut.begin(), g.leftOut.end(),
                                         [](const LeftOut& l) { return l.reason == "skip possible"; });
        text = QString::fromStdString(groupPlanSummary(g)).toHtmlEscaped() + ".";
        if (mayLose)
            text = "<span style='color:" + healthColor(Health::SkipPossible).name() + "'><b>" + text +
                   "</b></span>";
    }
    if (!m_report->staleBecause.empty())
        text = "<b>Not current</b>: " + QString::fromStdString(m_report->staleBecause).toHtmlEscaped() +
               "; as of " + QString::fromStdString(formatUtcMs(m_report->asOfMs)) + ": " + text;
    m_summary->setText(text);
    m_export->setEnabled(m_count > 0);
    m_exportPlan->setEnabled(m_count > 0);
}

QString FailoverDrill::summary() const
{
    return m_summary->text();
}

FailoverPlan FailoverDrill::groupPlan() const
{
    if (!m_report)
        return {};
    Report group = *m_report;
    group.rows.assign(m_report->rows.begin() + static_cast<std::ptrdiff_t>(m_first),
                      m_report->rows.begin() + static_cast<std::ptrdiff_t>(m_first + m_count));
    return planFailover(group);
}

std::string FailoverDrill::csv() const
{
    if (!m_report)
        return {};
    Report group = *m_report; // the totals; the rows are the group's only
    group.rows.assign(m_report->rows.begin() + static_cast<std::ptrdiff_t>(m_first),
                      m_report->rows.begin() + static_cast<std::ptrdiff_t>(m_first + m_count));
    return reportCsv(group);
}

} // namespace driftscope::widgets
