#include "model/analysis/group_series.h"

#include "model/util/java_long.h"

#include <algorithm>
#include <map>

namespace driftscope {
namespace {

void thinTo(std::vector<int64_t>& values, size_t limit)
{
    if (values.size() <= limit || limit == 0)
        return;
    std::vector<int64_t> kept;
    kept.reserve(limit);
    const double step = static_cast<double>(values.size()) / static_cast<double>(limit);
    for (size_t i = 0; i < limit; ++i)
        kept.push_back(values[static_cast<size_t>(static_cast<double>(i) * step)]);
    values = std::move(kept);
}

} // namespace

const PartitionSeries* GroupSeries::find(const TopicPartition& upstream) const
{
    for (const PartitionSeries& p : partitions)
        if (p.upstream == upstream)
            return &p;
    return nullptr;
}

std::pair<int64_t, int64_t> sessionSpan(const Session& session)
{
    int64_t first = INT64_MAX;
    const auto see = [&](int64_t t) {
        first = std::min(first, t);
    };
    if (!session.syncs.empty())
        see(session.syncs.front().stamp.timestampMs);
    if (!session.checkpoints.empty())
        see(session.checkpoints.front().stamp.timestampMs);
    if (!session.heartbeats.empty())
        see(session.heartbeats.front().stamp.timestampMs);
    for (const GroupOffsetSample& g : session.groupOffsets)
        see(g.sampledAtMs);
    for (const LogOffsetSample& l : session.logOffsets)
        see(l.sampledAtMs);
    const int64_t last = session.lastActivityMs();
    if (first == INT64_MAX)
        return {last, last};
    return {std::min(first, last), last};
}

std::vector<int64_t> seriesMoments(const Session& session, const std::string& group, int64_t fromMs,
                                   int64_t toMs, size_t maxMoments)
{
    std::vector<int64_t> events;
    if (const auto id = session.findGroup(group)) {
        for (const ObservedCheckpoint& c : session.checkpoints)
            if (c.group == *id) {
                events.push_back(c.stamp.timestampMs - 1);
                events.push_back(c.stamp.timestampMs);
            }
        for (const GroupOffsetSample& g : session.groupOffsets)
            if (g.group == *id && g.side == ClusterSide::Source)
                events.push_back(g.sampledAtMs);
    }
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    thinTo(events, maxMoments / 2);
    const size_t grid = std::max<size_t>(2, maxMoments - events.size());
    std::vector<int64_t> moments = events;
    if (toMs > fromMs)
        for (size_t i = 0; i < grid; ++i)
            moments.push_back(fromMs +
                              static_cast<int64_t>(static_cast<double>(toMs - fromMs) *
                                                   static_cast<double>(i) / static_cast<double>(grid - 1)));
    else
        moments.push_back(fromMs);
    std::erase_if(moments, [&](int64_t t) { return t < fromMs || t > toMs; });
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    return moments;
}

std::vector<TopicPartition> groupPartitions(const Session& session, const std::string& group)
{
    std::vector<TopicPartition> out;
    if (const auto id = session.findGroup(group)) {
        const StateScope scope = scopeOfGroup(session, *id);
        for (uint32_t p = 0; p < scope.upstreamPartitions.size(); ++p)
            if (scope.upstreamPartitions[p])
                out.push_back(session.partition(p));
    }
    std::sort(out.begin(), out.end());
    return out;
}

GroupSeries buildGroupSeries(const Session& session, const ReportOptions& options, const std::string& group,
                             const std::vector<int64_t>& moments)
{
    GroupSeries out;
    out.group = group;
    // Only the partitions reported and the group's checkpoints: its rows are the same, and the
    // other syncs of the session (possibly millions) need not be applied.
    const auto groupId = session.findGroup(group);
    StateScope scope = groupId ? scopeOfGroup(session, *groupId) : StateScope{};
    if (!options.partitions.empty()) {
        scope.upstreamPartitions.assign(session.partitionCount(), false);
        for (const TopicPartition& tp : options.partitions)
            if (const auto id = session.findPartition(tp))
                scope.upstreamPartitions[*id] = true;
    }
    Mm2State state(session, options.state, std::move(scope));
    SampleState samples(session);
    ReportOptions one = options;
    one.groups = {group};
    std::map<TopicPartition, size_t> seriesOf;
    const auto& heartbeats = session.heartbeats;
    size_t nextHeartbeat = 0;
    std::optional<int64_t> lastHeartbeat;
    for (const int64_t t : moments) {
        state.advanceTo(t);
        samples.advanceTo(t);
        for (; nextHeartbeat < heartbeats.size() && heartbeats[nextHeartbeat].stamp.timestampMs <= t;
             ++nextHeartbeat)
            lastHeartbeat =
                std::max(lastHeartbeat.value_or(INT64_MIN), heartbeats[nextHeartbeat].stamp.timestampMs);
        out.atMs.push_back(t);
        out.heartbeatAgeMs.push_back(lastHeartbeat ? std::optional<int64_t>(t - *lastHeartbeat)
                                                   : std::nullopt);
        Report report = buildReport(session, state, samples, one);
        for (PartitionReport& row : report.rows) {
            auto [it, added] = seriesOf.try_emplace(row.upstream, out.partitions.size());
            if (added)
                out.partitions.push_back({row.upstream, {}, {}});
            PartitionSeries& series = out.partitions[it->second];
            series.atMs.push_back(t);
            series.rows.push_back(std::move(row));
        }
    }
    std::sort(out.partitions.begin(), out.partitions.end(),
              [](const PartitionSeries& a, const PartitionSeries& b) { return a.upstream < b.upstream; });
    return out;
}

std::vector<SyncLifetime> syncLifetimes(const Session& session, const Mm2StateOptions& options,
                                        uint32_t upstreamPartition, int64_t untilMs)
{
    // The store treats partitions independently, so this partition's syncs alone give its slots;
    // only the task start, counted over all syncs, is global.
    SyncStore store(profileFor(options.release), options.checkpointsRestored);
    if (options.taskStart == 0)
        store.finishInitialLoad();
    const TopicPartition& tp = session.partition(upstreamPartition);
    const SyncStore::PartitionId id = store.partitionId(tp);
    std::vector<SyncLifetime> out;
    std::vector<size_t> retainedNow; // indices into `out` of the syncs the store holds
    std::vector<size_t> retainedNext;
    for (size_t i = 0; i < session.syncs.size() && session.syncs[i].stamp.timestampMs <= untilMs; ++i) {
        if (i == options.taskStart)
            store.finishInitialLoad();
        const ObservedSync& s = session.syncs[i];
        if (s.partition != upstreamPartition)
            continue;
        store.apply(id, s.upstream, s.downstream);
        out.push_back({i, s.stamp.timestampMs, s.upstream, s.downstream, std::nullopt});
        // Store ids count the syncs applied to it, which are exactly the entries of `out`.
        retainedNext.clear();
        for (const RetainedSync& r : store.retained(tp))
            retainedNext.push_back(static_cast<size_t>(r.sync.id));
        for (const size_t held : retainedNow)
            if (std::find(retainedNext.begin(), retainedNext.end(), held) == retainedNext.end())
                out[held].expiredAtMs = s.stamp.timestampMs;
        std::swap(retainedNow, retainedNext);
    }
    return out;
}

std::vector<StepPoint> translationSteps(const SyncStore& store, const TopicPartition& tp, int64_t upTo)
{
    std::vector<StepPoint> points;
    std::vector<RetainedSync> retained = store.retained(tp);
    std::reverse(retained.begin(), retained.end()); // oldest first
    const auto at = [&](int64_t u) {
        const Translation t = store.translate(tp, u);
        if (t.status == TranslationStatus::Translated && t.downstream)
            points.push_back({u, *t.downstream});
    };
    for (const RetainedSync& r : retained) {
        at(r.sync.upstream);
        if (r.sync.upstream != INT64_MAX)
            at(javalong::add(r.sync.upstream, 1));
    }
    if (!retained.empty() && upTo > retained.back().sync.upstream + 1)
        at(upTo);
    return points;
}

} // namespace driftscope
