#include "model/analysis/tuning_flows.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace driftscope::tuning {
namespace {

constexpr int64_t kDefaultOffsetLagMax = 100;
constexpr int64_t kDefaultFlushMs = 60'000;
constexpr int64_t kDefaultCommitMs = 5000; // auto.commit.interval.ms

// First and last (time, offset) of a series up to a moment.
struct Span {
    int64_t firstMs = 0, firstOffset = 0, lastMs = 0, lastOffset = 0;
    int changes = 0; // times the offset moved between consecutive observations
    bool any = false;
    void add(int64_t atMs, int64_t offset)
    {
        if (!any) {
            firstMs = lastMs = atMs;
            firstOffset = lastOffset = offset;
            any = true;
            return;
        }
        changes += offset != lastOffset ? 1 : 0;
        lastMs = atMs;
        lastOffset = offset;
    }
    // Records per second over the span; 0 without one.
    double rate() const
    {
        return lastMs > firstMs ? static_cast<double>(lastOffset - firstOffset) * 1000 /
                                      static_cast<double>(lastMs - firstMs)
                                : 0;
    }
};

std::map<uint32_t, Span> produceSpans(const Session& session, int64_t upToMs)
{
    std::map<uint32_t, Span> spans;
    for (const LogOffsetSample& l : session.logOffsets)
        if (l.side == ClusterSide::Source && l.sampledAtMs <= upToMs)
            spans[l.partition].add(l.sampledAtMs, l.end);
    return spans;
}

std::map<std::pair<uint32_t, uint32_t>, Span> committedSpans(const Session& session, int64_t upToMs)
{
    std::map<std::pair<uint32_t, uint32_t>, Span> spans;
    for (const GroupOffsetSample& g : session.groupOffsets)
        if (g.side == ClusterSide::Source && g.sampledAtMs <= upToMs &&
            g.offset != GroupOffsetSample::kNoOffset)
            spans[{g.group, g.partition}].add(g.sampledAtMs, g.offset);
    return spans;
}

// A group's commit interval from how often its committed offsets moved between samples: never
// finer than the samples themselves (a group committing every second, sampled every 5 s, moves
// at every sample).
int64_t observedCommitInterval(const std::vector<const Span*>& spans)
{
    std::vector<int64_t> intervals;
    for (const Span* s : spans)
        if (s->changes > 0)
            intervals.push_back((s->lastMs - s->firstMs) / s->changes);
    if (intervals.empty())
        return 0;
    std::nth_element(intervals.begin(), intervals.begin() + static_cast<long>(intervals.size() / 2),
                     intervals.end());
    return intervals[intervals.size() / 2];
}

// Where the commit intervals came from: a note per group where there are few, else one for all.
void commitIntervalNotes(const std::map<std::string, std::vector<const Span*>>& byGroup,
                         std::vector<std::string>& notes)
{
    constexpr size_t kNotedGroups = 6;
    const std::string how =
        " (how often committed offsets moved between samples; never finer than the samples)";
    std::vector<std::string> still;
    int64_t fewest = INT64_MAX, most = 0;
    size_t seenGroups = 0;
    for (const auto& [group, spans] : byGroup) {
        const int64_t seen = observedCommitInterval(spans);
        if (seen == 0) {
            still.push_back(group);
        } else if (byGroup.size() <= kNotedGroups) {
            notes.push_back("commit interval of " + group + " about " + formatDurationMs(seen) + how);
        } else {
            ++seenGroups;
            fewest = std::min(fewest, seen);
            most = std::max(most, seen);
        }
    }
    if (seenGroups > 0)
        notes.push_back("commit intervals of " + std::to_string(seenGroups) + " groups from " +
                        formatDurationMs(fewest) + " to " + formatDurationMs(most) + how);
    if (!still.empty())
        notes.push_back("commit interval of " +
                        (still.size() == 1 ? still.front() : std::to_string(still.size()) + " groups") +
                        " 5 s (auto.commit.interval.ms's default: committed offsets that did not move)");
}

// sync.group.offsets as the report knows it. Observed (target groups with committed offsets, no
// configuration) is taken as on at MM2's default interval; unknown as off, and both say so.
void groupOffsetSyncOf(const Report& report, Knobs& current, std::vector<std::string>& notes)
{
    constexpr int64_t kDefaultSyncIntervalMs = 60'000;
    switch (report.groupOffsetSync) {
    case GroupOffsetSyncMode::Enabled:
        current.syncGroupOffsetsIntervalMs = report.groupOffsetSyncIntervalMs;
        notes.push_back("sync.group.offsets every " + formatDurationMs(report.groupOffsetSyncIntervalMs) +
                        " (as the report found it)");
        return;
    case GroupOffsetSyncMode::Disabled:
        notes.push_back("sync.group.offsets off (the MM2 configuration)");
        return;
    case GroupOffsetSyncMode::Observed:
        current.syncGroupOffsetsIntervalMs = kDefaultSyncIntervalMs;
        notes.push_back(
            "sync.group.offsets taken as on, every 60 s (MM2's default): not configured here, but the "
            "target groups have committed offsets");
        return;
    case GroupOffsetSyncMode::Unknown:
        notes.push_back(
            "sync.group.offsets taken as off (consumers resume at the checkpoints): not known here, "
            "and no target group offset seen");
        return;
    }
}

} // namespace

std::optional<int64_t> inferOffsetLagMax(const Session& session, int64_t upToMs, std::string& how)
{
    std::map<uint32_t, int64_t> lastDownstream;
    std::map<int64_t, size_t> spacings;
    size_t total = 0;
    for (const ObservedSync& s : session.syncs) {
        if (s.stamp.timestampMs > upToMs)
            continue;
        const auto [it, first] = lastDownstream.try_emplace(s.partition, s.downstream);
        if (!first && s.downstream > it->second) {
            ++spacings[s.downstream - it->second];
            ++total;
        }
        it->second = s.downstream;
    }
    const auto mode = std::max_element(spacings.begin(), spacings.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    if (mode == spacings.end() || mode->second * 3 < total) {
        how = total == 0 ? "no two syncs of a partition to measure" : "no sync spacing is common enough";
        return std::nullopt;
    }
    how = withThousands(static_cast<int64_t>(mode->second)) + " of " +
          withThousands(static_cast<int64_t>(total)) + " sync spacings are " + withThousands(mode->first) +
          " records";
    return mode->first - 1;
}

ObservedFlows flowsOfReport(const Session& session, const Report& report, const FlowOverrides& overrides)
{
    ObservedFlows out;
    FlowProfile& p = out.profile;
    p.release = report.release;
    p.sourceAlias = report.sourceAlias;
    p.offsetFlushIntervalMs = overrides.offsetFlushIntervalMs.value_or(kDefaultFlushMs);
    out.notes.push_back(
        "offset.flush.interval.ms " + std::to_string(p.offsetFlushIntervalMs) +
        (overrides.offsetFlushIntervalMs ? " (given)" : " (MM2's default; not in the session)"));

    std::string how;
    if (overrides.offsetLagMax) {
        p.current.offsetLagMax = *overrides.offsetLagMax;
        out.notes.push_back("offset.lag.max " + withThousands(p.current.offsetLagMax) + " (given)");
    } else if (const auto inferred = inferOffsetLagMax(session, report.atMs, how)) {
        p.current.offsetLagMax = *inferred;
        out.notes.push_back("offset.lag.max " + withThousands(*inferred) + " (inferred: " + how + ")");
    } else {
        p.current.offsetLagMax = kDefaultOffsetLagMax;
        out.notes.push_back("offset.lag.max 100 (MM2's default: " + how + ")");
    }
    p.current.emitCheckpointsIntervalMs = report.emitIntervalMs;
    out.notes.push_back(
        "emit.checkpoints.interval.seconds " + std::to_string(report.emitIntervalMs / 1000) +
        (report.emitIntervalAssumed ? " (MM2's default: nothing showed it)" : " (as the report found it)"));
    groupOffsetSyncOf(report, p.current, out.notes);

    const std::map<uint32_t, Span> produced = produceSpans(session, report.atMs);
    const auto committed = committedSpans(session, report.atMs);
    std::map<std::string, std::vector<const Span*>> byGroup;
    for (const auto& [key, span] : committed)
        byGroup[session.group(key.first)].push_back(&span);

    for (const PartitionReport& row : report.rows) {
        const auto partition = session.findPartition(row.upstream);
        const auto group = session.findGroup(row.group);
        if (!partition || !group)
            continue;
        const auto ps = produced.find(*partition);
        const auto cs = committed.find({*group, *partition});
        Flow f;
        f.group = row.group;
        f.partition = row.upstream;
        f.produceRate = ps != produced.end() ? ps->second.rate() : 0;
        f.consumeRate = cs != committed.end() ? std::max(0.0, cs->second.rate()) : 0;
        if (overrides.commitIntervalMs)
            f.commitIntervalMs = *overrides.commitIntervalMs;
        else if (const int64_t seen = observedCommitInterval(byGroup[row.group]); seen > 0)
            f.commitIntervalMs = seen;
        else
            f.commitIntervalMs = kDefaultCommitMs;
        // Within what the group commits in one interval it is at the head of the log.
        const int64_t lag =
            row.sourceEnd && row.committed ? std::max<int64_t>(0, *row.sourceEnd - *row.committed) : 0;
        // A group that does not move is not at the head, however long its commit interval.
        const double oneCommit = f.produceRate * static_cast<double>(f.commitIntervalMs) / 1000;
        f.lagRecords = f.consumeRate <= 0 || static_cast<double>(lag) > 2 * oneCommit + 1 ? lag : 0;
        if (f.produceRate <= 0)
            continue; // an idle partition replays nothing, whatever the settings
        p.flows.push_back(f);
    }
    if (!overrides.commitIntervalMs)
        commitIntervalNotes(byGroup, out.notes);
    if (!overrides.commitIntervalMs && byGroup.empty())
        out.notes.push_back(
            "no committed offsets sampled: commit intervals are auto.commit.interval.ms's default, 5 s");
    return out;
}

} // namespace driftscope::tuning
