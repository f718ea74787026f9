#include "widgets/report_table.h"

#include "model/core/text_format.h"
#include "model/core/translation_text.h"
#include "widgets/health_badge.h"

#include <QHeaderView>

namespace driftscope::widgets {
namespace {

enum Column {
    Group,
    Partition,
    Committed,
    MmNow,
    Checkpoint,
    Age,
    Resume,
    TargetCommitted,
    Replay,
    Granularity,
    Staleness,
    Cadence,
    Status,
    ColumnCount
};

QString number(std::optional<int64_t> v)
{
    return v ? QString::fromStdString(withThousands(*v)) : QString("-");
}

QString translated(const PartitionReport& r)
{
    if (!r.translated)
        return "-";
    switch (r.translated->status) {
    case TranslationStatus::Translated:
    case TranslationStatus::Identity:
    case TranslationStatus::TooOld:
        return number(r.translated->downstream);
    case TranslationStatus::NoSync:
        return "none";
    case TranslationStatus::NotReady:
        return "not ready";
    }
    return "-";
}

} // namespace

ReportTable::ReportTable(QWidget* parent) : QTableWidget(0, ColumnCount, parent)
{
    setHorizontalHeaderLabels({"Group", "Partition", "Committed", "MM2 now", "Checkpoint U -> D", "Age",
                               "Resumes at", "Target group offset", "Replay", "= Granularity", "+ Staleness",
                               "+ Cadence", "Health"});
    horizontalHeaderItem(Committed)->setToolTip("The group's last committed offset on the source");
    horizontalHeaderItem(MmNow)->setToolTip("What MM2 would translate the committed offset to now");
    horizontalHeaderItem(Resume)->setToolTip(
        "Where a failover resumes on the target: the checkpoint's downstream offset");
    horizontalHeaderItem(TargetCommitted)
        ->setToolTip("The group's committed offset on the target (MM2's sync.group.offsets), if any");
    horizontalHeaderItem(Replay)->setToolTip("Upstream offsets a failover now would read again");
    setEditTriggers(NoEditTriggers);
    setSelectionBehavior(SelectRows);
    setSelectionMode(SingleSelection);
    setSortingEnabled(false);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        Q_EMIT rowChosen(item(row, Group)->text(), item(row, Partition)->data(Qt::UserRole).toString(),
                         item(row, Partition)->data(Qt::UserRole + 1).toInt());
    });
}

void ReportTable::setRows(const std::vector<PartitionReport>& rows)
{
    setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const PartitionReport& r = rows[static_cast<size_t>(i)];
        const auto put = [&](int column, const QString& text, bool right = true) {
            auto* cellItem = new QTableWidgetItem(text);
            if (right)
                cellItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(i, column, cellItem);
            return cellItem;
        };
        put(Group, QString::fromStdString(r.group), false);
        QTableWidgetItem* p = put(Partition, QString::fromStdString(toString(r.upstream)), false);
        p->setData(Qt::UserRole, QString::fromStdString(r.upstream.topic));
        p->setData(Qt::UserRole + 1, r.upstream.partition);
        put(Committed, number(r.committed) + (r.committedFromCheckpoint ? " *" : ""))
            ->setToolTip(r.committedFromCheckpoint ? "from the checkpoint, newer than the last sample" : "");
        put(MmNow, translated(r));
        if (r.checkpoint) {
            put(Checkpoint, number(r.checkpoint->upstream) + " -> " + number(r.checkpoint->downstream));
            put(Age, QString::fromStdString(formatDurationMs(r.checkpoint->ageMs)));
            put(Resume, number(r.checkpoint->downstream));
        } else {
            put(Checkpoint, "-");
            put(Age, "-");
            put(Resume, "-");
        }
        put(TargetCommitted, number(r.targetCommitted));
        if (r.replay.available) {
            put(Replay, r.replay.skip ? "SKIPS " + number(-r.replay.window) : number(r.replay.window));
            put(Granularity, number(r.replay.granularity));
            put(Staleness, number(r.replay.staleness));
            put(Cadence, number(r.replay.cadence));
        } else {
            for (int c : {Replay, Granularity, Staleness, Cadence})
                put(c, "-");
        }
        const Health h = healthOf(r.verdicts);
        QTableWidgetItem* status = put(Status, healthLabel(h), false);
        status->setForeground(healthColor(h));
        status->setToolTip(verdictText(r.verdicts));
    }
}

QString ReportTable::cell(int row, int column) const
{
    const QTableWidgetItem* i = item(row, column);
    return i ? i->text() : QString();
}

} // namespace driftscope::widgets
