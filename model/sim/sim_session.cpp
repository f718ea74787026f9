#include "model/sim/sim_session.h"

#include "model/analysis/translation_text.h"
#include "model/mm2/name_filter.h"
#include "model/mm2/replication_policy.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope::sim {

SimulatedSession simulateSession(const Scenario& scenario, int64_t epochMs)
{
    SimulatedSession out;
    Session& o = out.session;
    o.info.sourceAlias = scenario.sourceAlias;
    o.info.targetAlias = scenario.targetAlias;
    o.info.release = toString(scenario.release);
    o.info.emitCheckpointsIntervalMs = scenario.emitCheckpointsIntervalMs;
    o.info.emitIntervalConfigured = true;
    o.info.syncGroupOffsets = scenario.syncGroupOffsets && profileFor(scenario.release).groupOffsetSync;
    o.info.syncGroupOffsetsIntervalMs = scenario.syncGroupOffsetsIntervalMs;
    o.info.groupsInclude = std::vector<std::string>{".*"}; // the simulator's MM2 runs MM2's defaults
    o.info.groupsExclude = defaultGroupsExclude();
    o.info.origin = "simulation";
    o.info.startedAtMs = epochMs;
    const ReleaseProfile profile = profileFor(scenario.release);
    const InternalTopics topics =
        internalTopics(profile, o.info.policy, scenario.sourceAlias, scenario.targetAlias);
    o.info.offsetSyncsTopic = topics.offsetSyncs;
    o.info.checkpointsTopic = topics.checkpoints;
    o.info.heartbeatsTopic = topics.heartbeats;
    o.info.connectOffsetsTopic = topics.connectOffsets;
    o.info.offsetFlushIntervalMs = scenario.offsetFlushIntervalMs;
    for (const GroupSpec& g : scenario.groups) {
        o.info.groups.push_back(g.name);
        o.groupId(g.name);
    }
    std::vector<uint32_t> upstream, downstream;
    for (int p = 0; p < scenario.partitions; ++p) {
        const TopicPartition tp{scenario.topic, p};
        upstream.push_back(o.partitionId(tp));
        downstream.push_back(o.partitionId(
            checkpointPartition(o.info.policy, scenario.sourceAlias, scenario.targetAlias, tp)));
    }

    RecordSink sink;
    // Read the moment they were written, at their place in their topic.
    sink.offsetSync = [&](int64_t atMs, const OffsetSync& s) {
        const int64_t t = epochMs + atMs;
        o.add({static_cast<int64_t>(o.syncs.size()), t, t}, s);
    };
    sink.checkpoint = [&](int64_t atMs, const Checkpoint& c) {
        const int64_t t = epochMs + atMs;
        o.add({static_cast<int64_t>(o.checkpoints.size()), t, t}, c);
    };
    sink.position = [&](int64_t atMs, const TopicPartition& tp, int64_t offset) {
        const int64_t t = epochMs + atMs;
        o.positions.push_back({{static_cast<int64_t>(o.positions.size()), t, t}, o.partitionId(tp), offset});
    };
    out.summary = simulate(
        scenario,
        [&](const Sample& s) {
            const int64_t t = epochMs + s.timeMs;
            const auto p = static_cast<size_t>(s.partition);
            const GroupSpec& g = scenario.groups[static_cast<size_t>(s.groupIndex)];
            const uint32_t group = *o.findGroup(g.name);
            o.groupOffsets.push_back({t, ClusterSide::Source, group, upstream[p],
                                      s.committed.value_or(GroupOffsetSample::kNoOffset)});
            if (s.syncedGroupOffset)
                o.groupOffsets.push_back(
                    {t, ClusterSide::Target, group, downstream[p], *s.syncedGroupOffset});
            // Log offsets are per partition, not per group: once per sample time.
            if (s.groupIndex == 0) {
                o.logOffsets.push_back({t, ClusterSide::Source, upstream[p], 0, s.sourceEndOffset});
                o.logOffsets.push_back({t, ClusterSide::Target, downstream[p], 0, s.targetEndOffset});
            }
            out.truth[{g.name, {scenario.topic, s.partition}}].push_back(
                {t, s.processed, s.replayRecords, s.skippedRecords});
        },
        sink);
    return out;
}

namespace {

// "SKIP 19,684 records", "replay 319 records": what a failover would do, from the truth.
std::string truthWords(const TruthPoint& p)
{
    return p.skippedRecords > 0 ? "SKIP " + withThousands(p.skippedRecords) + " records"
                                : "replay " + withThousands(p.replayRecords) + " records";
}

// "a failover would skip records at 1,189 of 19,200 samples (up to 19,684, first at ...), and
// replay up to 44 records".
std::string truthSpanText(const std::vector<TruthPoint>& truth)
{
    size_t skipping = 0;
    int64_t maxSkip = 0, maxReplay = 0, firstSkipMs = 0;
    for (const TruthPoint& p : truth) {
        if (p.skippedRecords > 0 && skipping++ == 0)
            firstSkipMs = p.atMs;
        maxSkip = std::max(maxSkip, p.skippedRecords);
        maxReplay = std::max(maxReplay, p.replayRecords);
    }
    const std::string skips =
        skipping ? " (up to " + withThousands(maxSkip) + ", first at " + formatUtcMs(firstSkipMs) + ")"
                 : std::string();
    return "a failover would skip records at " + withThousands(static_cast<int64_t>(skipping)) + " of " +
           withThousands(static_cast<int64_t>(truth.size())) + " samples" + skips + ", and replay up to " +
           withThousands(maxReplay) + " records";
}

} // namespace

std::string truthText(const std::vector<TruthPoint>& truth, int64_t atMs)
{
    const auto after = std::upper_bound(truth.begin(), truth.end(), atMs,
                                        [](int64_t t, const TruthPoint& p) { return t < p.atMs; });
    if (after == truth.begin())
        return {};
    const TruthPoint& p = *(after - 1);
    return "the simulation's truth at " + formatUtcMs(p.atMs) + ": a failover would " + truthWords(p);
}

AspectDifference compareTruths(const std::vector<TruthPoint>& a, const std::vector<TruthPoint>& b)
{
    const auto words = [](const std::vector<TruthPoint>& truth) {
        std::vector<TimedWords> out;
        out.reserve(truth.size());
        for (const TruthPoint& p : truth)
            out.push_back({p.atMs, truthWords(p)});
        return out;
    };
    return compareTimedWords(words(a), words(b));
}

std::vector<std::string> truthDifferenceLines(const Release (&releases)[2], const std::vector<TruthPoint>& a,
                                              const std::vector<TruthPoint>& b)
{
    const AspectDifference d = compareTruths(a, b);
    const auto count = [](size_t n) {
        return withThousands(static_cast<int64_t>(n));
    };
    std::vector<std::string> lines;
    if (!d.firstMs)
        lines.push_back("the simulation's truth: the same at every sample");
    else
        lines.push_back("the simulation's truth: differs at " + count(d.moments) + " of " +
                        count(std::max(a.size(), b.size())) + " samples, first at " +
                        formatUtcMs(*d.firstMs) + " (" + toString(releases[0]) + ": would " + d.first[0] +
                        "; " + toString(releases[1]) + ": would " + d.first[1] + ")");
    for (size_t i = 0; i < 2; ++i)
        lines.push_back(toString(releases[i]) + " in truth: " + truthSpanText(i ? b : a));
    return lines;
}

} // namespace driftscope::sim
