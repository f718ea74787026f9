#include "widgets/failover_drill.h"

#include "model/core/report_format.h"
#include "model/core/translation_text.h"
#include "widgets/report_table.h"

#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimeZone>
#include <QVBoxLayout>

namespace driftscope::widgets {

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

void FailoverDrill::setReport(const Report& report, const std::string& group)
{
    m_report = report;
    std::erase_if(m_report.rows, [&](const PartitionReport& r) { return r.group != group; });
    {
        const QSignalBlocker block(m_when);
        m_when->setDateTime(QDateTime::fromMSecsSinceEpoch(report.atMs, QTimeZone::utc()));
    }
    m_table->setRows(m_report.rows);
    int64_t replayed = 0, skipped = 0;
    int resumable = 0, stuck = 0;
    for (const PartitionReport& r : m_report.rows) {
        if (!r.replay.available) {
            ++stuck;
            continue;
        }
        ++resumable;
        if (r.replay.skip)
            skipped += -r.replay.window;
        else
            replayed += r.replay.window;
    }
    QString text = QString("<b>%1</b>: ").arg(QString::fromStdString(group).toHtmlEscaped());
    if (m_report.rows.empty())
        text += "no committed offsets or checkpoints at this moment.";
    else {
        text += QString("%1 of %2 partitions resume from a checkpoint and replay %3 offsets in all")
                    .arg(resumable)
                    .arg(m_report.rows.size())
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
    m_export->setEnabled(!m_report.rows.empty());
}

QString FailoverDrill::summary() const
{
    return m_summary->text();
}

std::string FailoverDrill::csv() const
{
    return reportCsv(m_report);
}

} // namespace driftscope::widgets
