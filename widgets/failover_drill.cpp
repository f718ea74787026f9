#include "widgets/failover_drill.h"

#include "model/analysis/report_format.h"
#include "model/analysis/translation_text.h"
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
      m_export(new QPushButton("Export CSV…"))
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
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(go, &QPushButton::clicked, this,
            [this] { Q_EMIT momentChosen(m_when->dateTime().toMSecsSinceEpoch()); });
    connect(m_export, &QPushButton::clicked, this, &FailoverDrill::exportRequested);
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
    m_table->setRows(ReportTableModel::Rows(m_report, &m_report->rows), m_first, m_count);
    int64_t replayed = 0, skipped = 0;
    size_t resumable = 0, stuck = 0;
    for (auto it = begin; it != end; ++it) {
        if (!it->replay.available) {
            ++stuck;
            continue;
        }
        ++resumable;
        if (it->replay.skip)
            skipped += -it->replay.window;
        else
            replayed += it->replay.window;
    }
    QString text = QString("<b>%1</b>: ").arg(QString::fromStdString(group).toHtmlEscaped());
    if (m_count == 0)
        text += "no committed offsets or checkpoints at this moment.";
    else {
        text += QString("%1 of %2 partitions resume from a checkpoint and replay %3 offsets in all")
                    .arg(resumable)
                    .arg(m_count)
                    .arg(QString::fromStdString(withThousands(replayed)));
        if (skipped > 0)
            text += QString("; <span style='color:#cc0000'><b>%1 offsets would be SKIPPED</b></span>")
                        .arg(QString::fromStdString(withThousands(skipped)));
        else
            text += "; nothing is skipped";
        if (stuck > 0)
            text += QString("; %1 have no checkpoint: the consumer would start from its reset policy there")
                        .arg(stuck);
        text += ".";
    }
    m_summary->setText(text);
    m_export->setEnabled(m_count > 0);
}

QString FailoverDrill::summary() const
{
    return m_summary->text();
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
