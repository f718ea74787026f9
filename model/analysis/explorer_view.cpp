#include "model/analysis/explorer_view.h"

#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope {

namespace {

// The first of `groups` with a partition in `synced`, and that partition.
std::optional<Selection> firstSyncedGroup(const Session& session, const std::vector<std::string>& groups,
                                          const std::vector<TopicPartition>& synced)
{
    for (const std::string& group : groups)
        for (const TopicPartition& tp : groupPartitions(session, group))
            if (std::binary_search(synced.begin(), synced.end(), tp))
                return Selection{group, tp};
    return std::nullopt;
}

} // namespace

Selection resolveSelection(const Session& session, const Selection& wanted,
                           const std::vector<TopicPartition>& synced)
{
    Selection s = wanted;
    const std::vector<std::string> groups = knownGroups(session);
    if (s.group.empty() && !synced.empty())
        if (auto first = firstSyncedGroup(session, groups, synced))
            return *first;
    if (std::find(groups.begin(), groups.end(), s.group) == groups.end())
        s.group = groups.empty() ? std::string() : groups.front();
    if (s.group.empty() || s.partition)
        return s;
    const std::vector<TopicPartition> partitions = groupPartitions(session, s.group);
    if (!partitions.empty())
        s.partition = partitions.front();
    return s;
}

std::vector<TopicPartition> seriesPartitions(const Session& session, const Selection& selection)
{
    std::vector<TopicPartition> partitions;
    if (selection.partition)
        partitions.push_back(*selection.partition);
    for (const TopicPartition& tp : groupPartitions(session, selection.group))
        if (partitions.size() < kMaxSeriesPartitions && tp != selection.partition)
            partitions.push_back(tp);
    return partitions;
}

SelectionSeries buildSelectionSeries(const Session& session, const ReportOptions& options,
                                     const Selection& selection, size_t maxMoments)
{
    SelectionSeries out;
    out.selection = selection;
    const auto [from, to] = sessionSpan(session);
    if (!selection.group.empty()) {
        ReportOptions some = options;
        some.partitions = seriesPartitions(session, selection);
        out.series = buildGroupSeries(session, some, selection.group,
                                      seriesMoments(session, selection.group, from, to, maxMoments));
    }
    if (selection.partition)
        if (const auto id = session.findPartition(*selection.partition))
            out.lifetimes = syncLifetimes(session, options.state, *id, to);
    return out;
}

CursorView buildCursorView(const Session& session, const Mm2State& state, const SampleState& samples,
                           const ReportOptions& options, const Selection& selection)
{
    CursorView view;
    view.atMs = state.atMs();
    view.rule = state.store().profile().translation;
    view.report = buildReport(session, state, samples, options);
    if (!selection.partition)
        return view;
    const TopicPartition& tp = *selection.partition;
    for (const PartitionReport& row : view.report.rows)
        if (row.group == selection.group && row.upstream == tp)
            view.row = row;
    view.retained = state.store().retained(tp);
    int64_t upTo = view.retained.empty() ? 0 : view.retained.front().sync.upstream;
    if (view.row) {
        if (view.row->committed)
            upTo = std::max(upTo, *view.row->committed);
        if (view.row->sourceEnd)
            upTo = std::max(upTo, *view.row->sourceEnd);
    }
    view.steps = translationSteps(state.store(), tp, upTo);
    if (view.row)
        view.explanation = explainRow(*view.row, view.rule);
    else if (!selection.group.empty())
        view.explanation =
            selection.group + " has no committed offset or checkpoint for " + toString(tp) + " yet";
    return view;
}

std::string explainRow(const PartitionReport& row, TranslationRule rule)
{
    std::string text;
    if (row.committed && row.translated)
        text = explainTranslation(row.upstream, *row.committed, *row.translated, rule);
    else
        text = "no committed offset of " + row.group + " on " + toString(row.upstream) + " yet";
    if (row.committedFromCheckpoint)
        text += " (the committed offset is the checkpoint's, newer than the last sample)";
    if (!row.checkpoint) {
        text += "; no checkpoint for " + toString(row.downstream) + " yet: a failover has nowhere to resume";
        return text;
    }
    const CheckpointView& c = *row.checkpoint;
    text += "; checkpoint " + withThousands(c.upstream) + " -> " + withThousands(c.downstream) + " emitted " +
            (c.ageMs ? formatDurationMs(*c.ageMs) + " ago" : std::string("at an unknown time"));
    if (row.checkpointKept == CheckpointKept::MonotonicFilter)
        text += " and still in force: MM2 emits a checkpoint only when its downstream offset moves forward, "
                "and " +
                withThousands(*row.committed) + " translates to no more than " + withThousands(c.downstream);
    else if (row.checkpointKept != CheckpointKept::No)
        text += " and still in force: " + std::string(checkpointKeptMeaning(row.checkpointKept));
    if (const std::string outcome = explainOutcome(row); !outcome.empty())
        text += "; " + outcome;
    return text;
}

std::string explainOutcome(const PartitionReport& row)
{
    const ReplayWindow& r = row.replay;
    if (!r.available || !row.resume)
        return {};
    const bool synced = row.resume->source == ResumeSource::SyncedGroupOffset;
    std::string text = "a failover now resumes at " + withThousands(row.resume->offset) + " on " +
                       toString(row.downstream) +
                       (synced ? " (the target group offset MM2 synced)" : " (the checkpoint)");
    const Outcome outcome = outcomeOf(row);
    if (outcome == Outcome::MaySkip)
        return text + " and may SKIP records, how many is unknown: " + row.replayUnknownBecause;
    if (outcome == Outcome::Unknown)
        return text + "; how much it replays is unknown: " + row.replayUnknownBecause;
    std::string parts = "granularity " + withThousands(r.granularity);
    if (synced)
        parts += " + group-offset sync " + withThousands(r.groupSync);
    parts += " + staleness " + withThousands(r.staleness) + " + commit cadence " + withThousands(r.cadence);
    if (r.overshoot > 0)
        parts += " - overshoot " + withThousands(r.overshoot);
    if (r.rewind > 0)
        parts += " - rewind " + withThousands(r.rewind);
    // "about 44.0 s of analytics' processing at 39.7 offsets/s over the last 1 min 0 s of readings"
    const std::string time = row.outcomeTimeMs ? ", about " + formatDurationMs(*row.outcomeTimeMs) + " of " +
                                                     row.group + "'s processing at " + paceText(row)
                                               : std::string();
    // Which records: "source offsets [1,737, 1,975)".
    const std::string which = " (source offsets " + sourceRangeText(row) + ")";
    if (r.skip > 0)
        return text + " and SKIPS " + withThousands(r.skip) + " offsets" + which + time + " (" + parts +
               " = -" + withThousands(r.skip) + ")";
    if (r.replay == 0)
        return text + " and replays nothing" + time + " (" + parts + ")";
    return text + " and replays " + withThousands(r.replay) + " offsets" + which + time + " (" + parts + ")";
}

} // namespace driftscope
