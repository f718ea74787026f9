#include "widgets/report_table.h"

#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"
#include "widgets/health_badge.h"

#include <QHeaderView>

namespace driftscope::widgets {
namespace {

enum Column {
    Group,
    Partition,
    Committed,
    IfCheckpointedNow,
    Checkpoint,
    Age,
    Resume,
    ResumeFrom,
    TargetCommitted,
    Outcome,
    SourceRange,
    Granularity,
    GroupSync,
    Staleness,
    Cadence,
    Overshoot,
    Rewind,
    Status,
    ColumnCount
};

const char* const kHeaders[ColumnCount] = {"Group",
                                           "Partition",
                                           "Committed",
                                           "If checkpointed now",
                                           "Checkpoint U -> D",
                                           "Age",
                                           "Resume offset",
                                           "Resume from",
                                           "Target group offset",
                                           "Outcome",
                                           "Source [from, to)",
                                           "= Granularity",
                                           "+ Group sync",
                                           "+ Staleness",
                                           "+ Cadence",
                                           "- Overshoot",
                                           "- Rewind",
                                           "Health"};
const char* const kHeaderTips[ColumnCount] = {
    nullptr,
    nullptr,
    "The group's last committed offset on the source (* taken from the checkpoint, newer than the last "
    "sample)",
    "What MM2 would translate the committed offset to if it emitted a checkpoint now: not where a failover "
    "resumes (that is Resume offset)",
    "The checkpoint in force: the committed offset MM2 translated -> its downstream offset on the target",
    "Time since the checkpoint was emitted",
    "Where a failed-over group starts on the target: the checkpoint's downstream offset, or the target group "
    "offset MM2 synced when the flow syncs group offsets",
    "checkpoint, or synced-group-offset (sync.group.offsets.enabled)",
    "The group's committed offset on the target (MM2's sync.group.offsets), if any",
    "What a failover now does: replays N upstream offsets, or SKIPS N that the group never processed; "
    "'replay unknown' or 'may SKIP' where nothing says which source record the target holds at the resume "
    "offset (hover the cell for why)",
    "The source offsets the outcome is about, from inclusive to exclusive: read again for a replay, never "
    "read for a skip",
    "Rounding back to a retained sync",
    "The synced target group offset lags the checkpoint (sync.group.offsets.interval.seconds)",
    "Progress committed since the checkpoint",
    "Processed but not committed (known in simulations only)",
    "How far the resume offset lies past the committed position's own sync point (extrapolating releases, or "
    "a target group offset ahead of the checkpoint): it is subtracted, and can make the outcome a skip",
    "The group's committed offset moved back since the checkpoint: subtracted",
    "Verdicts; hover a cell for what each means"};

QString number(std::optional<int64_t> v)
{
    return v ? QString::fromStdString(withThousands(*v)) : QString("-");
}

QString text(const PartitionReport& r, int column, int64_t staleAfterMs)
{
    const auto part = [&](int64_t v) {
        return QString::fromStdString(outcomePartText(r, v));
    };
    switch (column) {
    case Group:
        return QString::fromStdString(r.group);
    case Partition:
        return QString::fromStdString(toString(r.upstream));
    case Committed:
        return number(r.committed) + (r.committedFromCheckpoint ? " *" : "");
    case IfCheckpointedNow:
        return QString::fromStdString(ifCheckpointedNowText(r));
    case Checkpoint:
        return QString::fromStdString(checkpointText(r, staleAfterMs));
    case Age:
        return QString::fromStdString(checkpointAgeText(r));
    case Resume:
        return r.resume ? number(r.resume->offset) : "- (" + QString::fromStdString(r.noResumeReason) + ")";
    case ResumeFrom:
        return r.resume ? QString::fromUtf8(resumeSourceName(r.resume->source).data()) : QString("-");
    case TargetCommitted:
        return number(r.targetCommitted);
    case Outcome:
        return QString::fromStdString(outcomeText(r));
    case SourceRange:
        return QString::fromStdString(sourceRangeText(r));
    case Granularity:
        return part(r.replay.granularity);
    case GroupSync:
        return part(r.replay.groupSync);
    case Staleness:
        return part(r.replay.staleness);
    case Cadence:
        return part(r.replay.cadence);
    case Overshoot:
        return part(r.replay.overshoot);
    case Rewind:
        return part(r.replay.rewind);
    case Status:
        return healthLabel(healthOf(r.verdicts));
    }
    return {};
}

// What `column` sorts by (ReportTableModel::kSortRole).
QVariant sortKey(const PartitionReport& r, int column, int64_t staleAfterMs)
{
    const auto number = [](std::optional<int64_t> v) {
        return QVariant(static_cast<qlonglong>(v.value_or(INT64_MIN)));
    };
    const auto known = [&r, &number](int64_t v) {
        return number(r.replay.available && r.replay.known ? std::optional<int64_t>(v) : std::nullopt);
    };
    switch (column) {
    case Partition:
        return QString::fromStdString(r.upstream.topic) +
               QString("-%1").arg(r.upstream.partition, 10, 10, QChar('0'));
    case Committed:
        return number(r.committed);
    case Checkpoint:
        return number(r.checkpoint ? std::optional<int64_t>(r.checkpoint->upstream) : std::nullopt);
    case Age:
        return number(r.checkpoint ? r.checkpoint->ageMs : std::nullopt);
    case Resume:
        return number(r.resume ? std::optional<int64_t>(r.resume->offset) : std::nullopt);
    case TargetCommitted:
        return number(r.targetCommitted);
    case Outcome: // skips below replays, by how much
        return known(r.replay.replay - r.replay.skip);
    case SourceRange: {
        const auto range = r.replay.sourceRange();
        return number(range ? std::optional<int64_t>(range->from) : std::nullopt);
    }
    case Granularity:
        return known(r.replay.granularity);
    case GroupSync:
        return known(r.replay.groupSync);
    case Staleness:
        return known(r.replay.staleness);
    case Cadence:
        return known(r.replay.cadence);
    case Overshoot:
        return known(r.replay.overshoot);
    case Rewind:
        return known(r.replay.rewind);
    case Status:
        return static_cast<int>(healthOf(r.verdicts));
    default:
        return text(r, column, staleAfterMs);
    }
}

QVariant tip(const PartitionReport& r, int column)
{
    if (column == Status)
        return verdictTip(r.verdicts, r.evidence);
    if (column == Outcome && !r.replayUnknownBecause.empty())
        return QString::fromStdString("Unknown: " + r.replayUnknownBecause);
    if (column == Checkpoint && r.checkpointKept != CheckpointKept::No)
        return QString::fromStdString("Still in force: " +
                                      std::string(checkpointKeptMeaning(r.checkpointKept)));
    return {};
}

} // namespace

void ReportTableModel::setRows(Rows rows, size_t first, size_t count, int64_t staleAfterMs)
{
    beginResetModel();
    m_staleAfterMs = staleAfterMs;
    m_rows = std::move(rows);
    const size_t size = m_rows ? m_rows->size() : 0;
    m_first = std::min(first, size);
    m_count = std::min(count, size - m_first);
    endResetModel();
}

const PartitionReport* ReportTableModel::row(int index) const
{
    if (index < 0 || static_cast<size_t>(index) >= m_count)
        return nullptr;
    return &(*m_rows)[m_first + static_cast<size_t>(index)];
}

int ReportTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_count);
}

int ReportTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReportTableModel::data(const QModelIndex& index, int role) const
{
    const PartitionReport* r = row(index.row());
    if (!r)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(*r, column, m_staleAfterMs);
    case Qt::FontRole:
        if (column == Resume) { // the one number to act on
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == Group || column == Partition || column == Status
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (column == Status)
            return healthColor(healthOf(r->verdicts));
        if (column == Outcome && (r->replay.skips() || outcomeOf(*r) == driftscope::Outcome::MaySkip))
            return healthColor(Health::SkipPossible);
        return {};
    case Qt::ToolTipRole:
        return tip(*r, column);
    case kSortRole:
        return sortKey(*r, column, m_staleAfterMs);
    default:
        return {};
    }
}

QVariant ReportTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return kHeaders[section];
    if (role == Qt::ToolTipRole && kHeaderTips[section])
        return kHeaderTips[section];
    return {};
}

ReportTable::ReportTable(QWidget* parent) : QTableView(parent)
{
    m_view.setSourceModel(&m_model);
    m_view.setSortRole(ReportTableModel::kSortRole);
    m_view.setFilterKeyColumn(Group);
    m_view.setFilterCaseSensitivity(Qt::CaseInsensitive);
    setModel(&m_view);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder); // the report's order (by group, then partition) until a click
    setEditTriggers(NoEditTriggers);
    setSelectionBehavior(SelectRows);
    setSelectionMode(SingleSelection);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    connect(this, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (const PartitionReport* r = shownRow(index))
            Q_EMIT rowChosen(QString::fromStdString(r->group), QString::fromStdString(r->upstream.topic),
                             r->upstream.partition);
    });
}

void ReportTable::setRows(ReportTableModel::Rows rows, size_t first, size_t count, int64_t staleAfterMs)
{
    const bool sized = m_model.rowCount() > 0;
    m_model.setRows(std::move(rows), first, count, staleAfterMs);
    // Parts that no row has stay out of the way (as in the CLI's text): the group-offset sync
    // when no group resumes at a synced offset, overshoot and rewind when none subtracts.
    bool synced = false, overshoot = false, rewind = false;
    for (int i = 0; i < m_model.rowCount(); ++i) {
        const ReplayWindow& r = m_model.row(i)->replay;
        synced |= r.fromSyncedGroupOffset;
        overshoot |= r.overshoot > 0;
        rewind |= r.rewind > 0;
    }
    setColumnHidden(GroupSync, !synced);
    setColumnHidden(Overshoot, !overshoot);
    setColumnHidden(Rewind, !rewind);
    // Fit the columns to the first rows once (measuring every row of a large report would not
    // be quick).
    if (!sized && m_model.rowCount() > 0)
        resizeColumnsToContents();
}

const PartitionReport* ReportTable::shownRow(const QModelIndex& index) const
{
    return m_model.row(m_view.mapToSource(index).row());
}

std::vector<const PartitionReport*> ReportTable::shownRows() const
{
    std::vector<const PartitionReport*> rows;
    rows.reserve(static_cast<size_t>(m_view.rowCount()));
    for (int i = 0; i < m_view.rowCount(); ++i)
        if (const PartitionReport* r = shownRow(m_view.index(i, 0)))
            rows.push_back(r);
    return rows;
}

QString ReportTable::cell(int row, int column) const
{
    return m_view.data(m_view.index(row, column), Qt::DisplayRole).toString();
}

void ReportTable::setGroupFilter(const QString& text)
{
    m_view.setFilterFixedString(text);
}

} // namespace driftscope::widgets
