#include "model/watch/session_thinning.h"

#include "model/analysis/checkpoint_cadence.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace driftscope {
namespace {

// Keeps `items[i]` where keep(i); returns old index -> new index (-1: dropped).
template <class T, class Keep>
std::vector<int64_t> keepWhere(const std::vector<T>& items, std::vector<T>& out, Keep keep)
{
    std::vector<int64_t> index(items.size(), -1);
    for (size_t i = 0; i < items.size(); ++i)
        if (keep(i)) {
            index[i] = static_cast<int64_t>(out.size());
            out.push_back(items[i]);
        }
    return index;
}

// Per key (side, group, partition; or side, partition): the samples from `since` or within two
// pace windows of the key's newest (a group's pace is measured back from its own newest sample,
// however old), and the newest sample before that.
template <class T, class Key>
void keepSamples(const std::vector<T>& items, std::vector<T>& out, int64_t since, Key key,
                 std::vector<bool> keep = {})
{
    using K = decltype(key(items.front()));
    std::map<K, int64_t> from; // the key's own start of what is kept
    for (const T& item : items) {
        auto [it, added] = from.try_emplace(key(item), item.sampledAtMs);
        it->second = std::max(it->second, item.sampledAtMs);
    }
    for (auto& [k, start] : from)
        start = std::min(since, start - 2 * kPaceWindowMs);
    std::map<K, size_t> newestBefore;
    for (size_t i = 0; i < items.size(); ++i)
        if (items[i].sampledAtMs < from.at(key(items[i]))) {
            const auto [it, added] = newestBefore.try_emplace(key(items[i]), i);
            if (!added && items[it->second].sampledAtMs <= items[i].sampledAtMs)
                it->second = i;
        }
    keep.resize(items.size());
    for (const auto& [k, i] : newestBefore)
        keep[i] = true;
    keepWhere(items, out,
              [&](size_t i) { return keep[i] || items[i].sampledAtMs >= from.at(key(items[i])); });
}

// The two samples of every log end that went back (SampleState::lastRewind): the integrity
// verdicts hold on them until MM2 checkpoints again, however long that takes. Rare, so few.
std::vector<bool> rewindSamples(const std::vector<LogOffsetSample>& logs)
{
    // In time order, as SampleState takes them in (for equal times, list order).
    std::vector<size_t> order(logs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return logs[a].sampledAtMs < logs[b].sampledAtMs; });
    std::vector<bool> keep(logs.size());
    std::map<std::pair<ClusterSide, uint32_t>, size_t> last;
    for (size_t i : order) {
        const auto [it, added] = last.try_emplace({logs[i].side, logs[i].partition}, i);
        if (!added && logs[i].end < logs[it->second].end)
            keep[i] = keep[it->second] = true;
        it->second = i;
    }
    return keep;
}

// The log samples of each partition's last outrun (SampleState::lastOutrun): the verdict holds on
// them for good.
void keepOutrunSamples(const Session& session, const SampleState& samples, std::vector<bool>& keep)
{
    for (uint32_t p = 0; p < session.partitionCount(); ++p)
        if (const auto outrun = samples.lastOutrun(p))
            keep[outrun->sampleIndex] = true;
}

// MM2's positions a watcher keeps: those the kept source log samples are judged against (so that
// they are judged as before), each partition's last by the state's moment, those of the last
// `since`, and those of each partition's last outrun.
std::vector<bool> positionsInUse(const Session& session, const Session& thinned, const SampleState& samples,
                                 int64_t atMs, int64_t since)
{
    std::vector<bool> used(session.positions.size());
    const auto byPartition = positionsByPartition(session);
    for (const LogOffsetSample& sample : thinned.logOffsets) {
        const auto it = byPartition.find(sample.partition);
        if (sample.side != ClusterSide::Source || it == byPartition.end())
            continue;
        if (const uint32_t* covering = positionCovering(session, it->second, sample))
            used[*covering] = true;
    }
    for (const auto& [partition, ofPartition] : byPartition) {
        for (uint32_t i : ofPartition)
            used[i] = used[i] || session.positions[i].stamp.timestampMs >= since;
        const auto last = std::find_if(ofPartition.rbegin(), ofPartition.rend(), [&](uint32_t i) {
            return session.positions[i].stamp.timestampMs <= atMs;
        });
        if (last != ofPartition.rend())
            used[*last] = true;
        if (const auto outrun = samples.lastOutrun(partition))
            used[outrun->positionIndex] = true;
    }
    return used;
}

// The syncs the state still refers to, or that explain what the samples hold.
std::vector<bool> syncsInUse(const Session& session, const Mm2State& state, const SampleState& samples)
{
    std::vector<bool> used(session.syncs.size());
    const auto use = [&](uint64_t id) {
        if (id < used.size())
            used[id] = true;
    };
    for (uint32_t p = 0; p < session.partitionCount(); ++p)
        for (const RetainedSync& r : state.store().retained(session.partition(p)))
            use(r.sync.id);
    for (const auto& [key, inForce] : state.checkpoints())
        if (inForce.sync)
            use(inForce.sync->id);
    const auto& upstreamOf = state.upstreamOf();
    for (const auto& [key, committed] : samples.allCommitted()) {
        const auto& [side, group, partition] = key;
        if (side != ClusterSide::Target || partition >= upstreamOf.size() || !upstreamOf[partition])
            continue;
        if (const auto sync = state.syncAtDownstream(*upstreamOf[partition], committed.offset))
            use(sync->id);
    }
    return used;
}

} // namespace

ThinnedSession thinSession(const Session& session, const Mm2State& state, const SampleState& samples,
                           const ThinningWindows& windows)
{
    ThinnedSession out;
    Session& t = out.session;
    t.info = session.info;
    for (uint32_t p = 0; p < session.partitionCount(); ++p)
        t.partitionId(session.partition(p));
    for (uint32_t g = 0; g < session.groupCount(); ++g)
        t.groupId(session.group(g));
    const int64_t since = state.atMs() - windows.keepMs;
    const int64_t syncsSince = state.atMs() - std::max(windows.keepMs, windows.keepSyncsMs);

    const std::vector<bool> syncUsed = syncsInUse(session, state, samples);
    out.syncIndex = keepWhere(session.syncs, t.syncs, [&](size_t i) {
        return i >= state.syncsPassed() || syncUsed[i] || session.syncs[i].stamp.timestampMs >= syncsSince;
    });
    std::vector<bool> checkpointUsed(session.checkpoints.size());
    for (const auto& [key, inForce] : state.checkpoints())
        checkpointUsed[inForce.index] = true;
    for (size_t i : state.pendingCheckpoints())
        checkpointUsed[i] = true;
    out.checkpointIndex = keepWhere(session.checkpoints, t.checkpoints, [&](size_t i) {
        return i >= state.checkpointsPassed() || checkpointUsed[i] || i < kCadenceSampleLimit ||
               session.checkpoints[i].stamp.timestampMs >= since;
    });
    keepWhere(session.heartbeats, t.heartbeats,
              [&](size_t i) { return session.heartbeats[i].stamp.timestampMs >= since; });
    t.undecodable = session.undecodable;
    t.events = session.events;
    keepSamples(session.groupOffsets, t.groupOffsets, since, [](const GroupOffsetSample& g) {
        return std::tuple{g.side, g.group, g.partition};
    });
    std::vector<bool> logKeep = rewindSamples(session.logOffsets);
    keepOutrunSamples(session, samples, logKeep);
    keepSamples(
        session.logOffsets, t.logOffsets, since,
        [](const LogOffsetSample& l) {
            return std::pair{l.side, l.partition};
        },
        std::move(logKeep));
    const std::vector<bool> positionUsed = positionsInUse(session, t, samples, state.atMs(), since);
    keepWhere(session.positions, t.positions, [&](size_t i) { return positionUsed[i]; });
    return out;
}

} // namespace driftscope
