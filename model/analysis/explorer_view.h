// Everything the desktop explorer shows for one selection, computed from a session without any
// widget: per release, every group's report at the time cursor (side panel, groups table,
// failover drill), the selected group's series over time, and for the selected partition its
// sync lifetimes, the store's slots and translation steps at the cursor, and the explanation of
// the cursor's translation in words. Plots only draw these values.
//
// The work splits in two, so that moving the time cursor does not recompute the series: the
// series of a selection over the whole session (buildSelectionSeries), and what holds at the
// cursor (CursorView, built from a Mm2State the caller may keep advancing).
#pragma once

#include "model/analysis/group_series.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

struct Selection {
    std::string group;                       // empty: the first group of the session
    std::optional<TopicPartition> partition; // upstream; none: the group's first partition
};

// The selection made concrete: a group the session has (or none), and one of its partitions.
// Without a wanted group, the first group with a partition that has offset syncs (`synced`:
// sorted upstream partitions), and that partition: a first view shows a translation, not an
// idle group; else the first group and its first partition.
Selection resolveSelection(const Session& session, const Selection& wanted,
                           const std::vector<TopicPartition>& synced = {});

// Series cover the selected partition and at most this many of the group's partitions in all
// (a plot of a thousand age curves says nothing; the groups table has every partition).
constexpr size_t kMaxSeriesPartitions = 16;

struct SelectionSeries {
    Selection selection;
    GroupSeries series;
    SharedChunks<SyncLifetime> lifetimes; // of the selected partition, over the whole session
};

// The partitions a selection's series cover: the selected one, then the group's others in order,
// kMaxSeriesPartitions in all.
std::vector<TopicPartition> seriesPartitions(const Session& session, const Selection& selection);

SelectionSeries buildSelectionSeries(const Session& session, const ReportOptions& options,
                                     const Selection& selection, size_t maxMoments);

struct CursorView {
    int64_t atMs = 0;
    Report report;                      // every group at the cursor
    std::optional<PartitionReport> row; // the selected group partition, when it has a row
    std::vector<RetainedSync> retained; // the store's syncs for the partition, newest first
    std::vector<StepPoint> steps;       // MM2's translation of the partition
    TranslationRule rule = TranslationRule::CappedPlusOne;
    std::string explanation; // the row's translation and replay window in words
};

// `state` and `samples` must be at options.atMs (the cursor).
CursorView buildCursorView(const Session& session, const Mm2State& state, const SampleState& samples,
                           const ReportOptions& options, const Selection& selection);

// "committed 12,345 -> newest retained sync ...; checkpoint 12,300 -> 11,951 emitted 12 s ago; a
// failover now resumes at 11,951 and replays 45 offsets (granularity 0 + staleness 45 + commit
// cadence 0)".
std::string explainRow(const PartitionReport& row, TranslationRule rule);

// "a failover now resumes at 11,951 on B.orders-0 (the checkpoint) and replays 45 offsets
// (granularity 0 + staleness 45 + commit cadence 0)", or "... and SKIPS 9 offsets (...)": the
// outcome with its parts, every part named, none negative. Empty without a checkpoint.
std::string explainOutcome(const PartitionReport& row);

} // namespace driftscope
