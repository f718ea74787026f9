#include "model/session/mm2_state.h"

#include "model/mm2/translation_rule.h"
#include "model/util/java_long.h"

#include <algorithm>

namespace driftscope {
namespace {

// Keeps (atMs, offset) readings of the last kDownstreamLookbackMs, in time order, at most one per
// kDownstreamSpacingMs besides the newest: a group partition checkpointed every second holds about
// 20 of them, not 600.
void rememberSparsely(RecentOffsets& recent, int64_t atMs, int64_t offset)
{
    const std::pair<int64_t, int64_t> observed{atMs, offset};
    recent.insert(std::upper_bound(recent.begin(), recent.end(), observed,
                                   [](const auto& a, const auto& b) { return a.first < b.first; }),
                  observed);
    const size_t n = recent.size();
    if (n >= 3 && recent[n - 2].first - recent[n - 3].first < kDownstreamSpacingMs)
        recent.erase(recent.end() - 2);
    while (recent.size() > 2 && recent[1].first <= recent.back().first - kDownstreamLookbackMs)
        recent.pop_front();
}

} // namespace

std::vector<std::optional<uint32_t>> upstreamPartitions(const Session& session)
{
    const SessionInfo& info = session.info;
    std::vector<std::optional<uint32_t>> upstreamOf(session.partitionCount());
    for (uint32_t p = 0; p < session.partitionCount(); ++p) {
        const TopicPartition target =
            checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, session.partition(p));
        const auto targetId = session.findPartition(target);
        // Two upstream partitions renamed to one target partition make MM2 fail (3.4.1+); the
        // first one is kept here.
        if (targetId && !upstreamOf[*targetId])
            upstreamOf[*targetId] = p;
    }
    return upstreamOf;
}

TopicPartition checkpointUpstream(const Session& session,
                                  const std::vector<std::optional<uint32_t>>& upstreamOf, uint32_t target)
{
    if (target < upstreamOf.size() && upstreamOf[target])
        return session.partition(*upstreamOf[target]);
    // Never seen upstream (no syncs, no source samples yet).
    const SessionInfo& info = session.info;
    const TopicPartition& downstream = session.partition(target);
    const auto source = info.policy.topicSource(downstream.topic);
    if (source && *source == info.sourceAlias)
        if (auto topic = info.policy.upstreamTopic(downstream.topic))
            return {*topic, downstream.partition};
    return downstream;
}

StateScope scopeOfGroup(const Session& session, uint32_t group)
{
    StateScope scope;
    scope.group = group;
    scope.upstreamPartitions.assign(session.partitionCount(), false);
    for (const GroupOffsetSample& g : session.groupOffsets)
        if (g.group == group && g.side == ClusterSide::Source)
            scope.upstreamPartitions[g.partition] = true;
    const auto upstreamOf = upstreamPartitions(session);
    for (const ObservedCheckpoint& c : session.checkpoints)
        if (c.group == group && upstreamOf[c.partition])
            scope.upstreamPartitions[*upstreamOf[c.partition]] = true;
    return scope;
}

Mm2State::Mm2State(const Session& session, const Mm2StateOptions& options, StateScope scope)
    : m_session(session), m_scope(std::move(scope)), m_replay(options)
{
    followGrowth();
}

Mm2State::Mm2State(const Session& session, const Mm2StateOptions& options, int64_t atMs)
    : Mm2State(session, options)
{
    advanceTo(atMs);
}

void Mm2State::followGrowth()
{
    const size_t partitions = m_session.partitionCount();
    if (m_storePartition.size() == partitions)
        return;
    m_storePartition.resize(partitions, -1);
    m_firstDrift.resize(partitions);
    m_driftVaries.resize(partitions, false);
    if (m_historyIndexed)
        m_history.resize(partitions);
    m_upstreamOf = upstreamPartitions(m_session);
    // A checkpoint of a partition the session learns the upstream of only now may still be
    // explained by a sync to come.
    std::vector<PendingCheckpoint> unmapped;
    for (PendingCheckpoint& p : std::exchange(m_pendingUnmapped, {})) {
        if (const auto upstream = m_upstreamOf[p.key.second])
            awaitLaterSync(*upstream, p);
        else
            unmapped.push_back(p);
    }
    m_pendingUnmapped = std::move(unmapped);
}

void Mm2State::advanceTo(int64_t atMs)
{
    if (atMs < m_atMs)
        return;
    m_atMs = atMs;
    followGrowth();
    const auto& syncs = m_session.syncs;
    const auto& checkpoints = m_session.checkpoints;
    // Each checkpoint comes after the syncs written before it: those are what MM2 could have
    // translated it with. Advancing in steps applies the same records in the same order.
    for (; m_nextCheckpoint < checkpoints.size() && checkpoints[m_nextCheckpoint].stamp.timestampMs <= atMs;
         ++m_nextCheckpoint) {
        const int64_t emittedAt = checkpoints[m_nextCheckpoint].stamp.timestampMs;
        for (; m_nextSync < syncs.size() && syncs[m_nextSync].stamp.timestampMs <= emittedAt; ++m_nextSync)
            applySync(m_nextSync);
        applyCheckpoint(m_nextCheckpoint);
    }
    for (; m_nextSync < syncs.size() && syncs[m_nextSync].stamp.timestampMs <= atMs; ++m_nextSync)
        applySync(m_nextSync);
    dropExpiredPending();
}

void Mm2State::dropExpiredPending()
{
    // Every sync stamped by a deadline long past has been applied, unless read more than
    // kTranslationDelayMs late: the checkpoint stays unexplained.
    const auto expired = [&](const PendingCheckpoint& p) {
        return p.deadlineMs < m_atMs - kTranslationDelayMs;
    };
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        std::erase_if(it->second, expired);
        it = it->second.empty() ? m_pending.erase(it) : std::next(it);
    }
    std::erase_if(m_pendingUnmapped, expired);
}

void Mm2State::applySync(size_t index)
{
    const Session& session = m_session;
    const ObservedSync& s = session.syncs[index];
    const auto& only = m_scope.upstreamPartitions;
    if (!only.empty() && (s.partition >= only.size() || !only[s.partition])) {
        m_replay.skip();
        return;
    }
    int64_t& id = m_storePartition[s.partition];
    if (id < 0)
        id = m_replay.store().partitionId(session.partition(s.partition));
    m_replay.apply(static_cast<SyncStore::PartitionId>(id), s.upstream, s.downstream);
    if (!only.empty())
        m_appliedIndex.push_back(static_cast<uint32_t>(index));
    if (m_historyIndexed)
        m_history[s.partition].push_back(static_cast<uint32_t>(index));
    explainPending(s.partition, index);

    const int64_t drift = javalong::sub(s.upstream, s.downstream);
    std::optional<int64_t>& first = m_firstDrift[s.partition];
    if (!first)
        first = drift;
    else if (*first != drift)
        m_driftVaries[s.partition] = true;
}

void Mm2State::applyCheckpoint(size_t index)
{
    const Session& session = m_session;
    const ObservedCheckpoint& c = session.checkpoints[index];
    ++m_checkpointsApplied;
    if (m_scope.group && c.group != *m_scope.group)
        return;
    const auto& only = m_scope.upstreamPartitions;
    const auto upstream = m_upstreamOf[c.partition];
    if (!only.empty() && upstream && (*upstream >= only.size() || !only[*upstream]))
        return;
    CheckpointInForce inForce{index, std::nullopt, {}, false, {}};
    if (upstream) {
        const TopicPartition& tp = session.partition(*upstream);
        const Translation t = store().translate(tp, c.upstream);
        if (t.downstream == c.downstream && (t.sync || t.status == TranslationStatus::Identity)) {
            inForce.sync = t.sync;
            inForce.explained = true;
        } else if (auto sync = explain(*upstream, c.upstream, c.downstream)) {
            inForce.sync = sync;
            inForce.explained = true;
        }
    }
    const std::pair<uint32_t, uint32_t> key{c.group, c.partition};
    if (!inForce.explained) {
        ++m_unexplained;
        const PendingCheckpoint pending{key,
                                        index,
                                        c.upstream,
                                        c.downstream,
                                        c.stamp.timestampMs,
                                        javalong::add(c.stamp.timestampMs, kTranslationDelayMs)};
        if (upstream)
            awaitLaterSync(*upstream, pending);
        else
            m_pendingUnmapped.push_back(pending);
    }
    CheckpointInForce& slot = m_checkpoints[key];
    inForce.readings = std::move(slot.readings);
    rememberOffset(inForce.readings, c.stamp.timestampMs, c.upstream);
    inForce.downstreamReadings = std::move(slot.downstreamReadings);
    rememberSparsely(inForce.downstreamReadings, c.stamp.timestampMs, c.downstream);
    slot = std::move(inForce);
}

void Mm2State::awaitLaterSync(uint32_t upstream, PendingCheckpoint checkpoint)
{
    auto& pending = m_pending[upstream];
    // Syncs are applied in time order: none applied from now on can explain one past its deadline.
    std::erase_if(pending, [&](const PendingCheckpoint& p) { return p.deadlineMs < checkpoint.stampMs; });
    pending.push_back(checkpoint);
}

const std::vector<uint32_t>& Mm2State::historyOf(uint32_t upstream) const
{
    const Session& session = m_session;
    if (!m_historyIndexed) {
        m_history.assign(session.partitionCount(), {});
        for (size_t i = 0; i < m_nextSync; ++i)
            m_history[session.syncs[i].partition].push_back(static_cast<uint32_t>(i));
        m_historyIndexed = true;
    }
    return m_history[upstream];
}

std::optional<StoredSync> Mm2State::syncAtDownstream(uint32_t upstream, int64_t downstream) const
{
    const TranslationRule rule = store().profile().translation;
    const std::vector<uint32_t>& history = historyOf(upstream);
    for (auto it = history.rbegin(); it != history.rend(); ++it) { // newest first
        const ObservedSync& s = m_session.syncs[*it];
        const StoredSync sync{s.upstream, s.downstream, *it};
        if (upstreamEquivalentOf(rule, sync, downstream))
            return sync;
    }
    return std::nullopt;
}

std::optional<StoredSync> Mm2State::explain(uint32_t upstream, int64_t u, int64_t d)
{
    const Session& session = m_session;
    const TranslationRule rule = store().profile().translation;
    const std::vector<uint32_t>& history = historyOf(upstream);
    for (auto it = history.rbegin(); it != history.rend(); ++it) { // newest first
        const ObservedSync& s = session.syncs[*it];
        const StoredSync sync{s.upstream, s.downstream, *it};
        if (s.upstream <= u && downstreamOf(rule, sync, u) == d)
            return sync;
    }
    return std::nullopt;
}

void Mm2State::explainPending(uint32_t upstream, size_t syncIndex)
{
    const auto found = m_pending.find(upstream);
    if (found == m_pending.end())
        return;
    const ObservedSync& s = m_session.syncs[syncIndex];
    const StoredSync sync{s.upstream, s.downstream, syncIndex};
    const TranslationRule rule = store().profile().translation;
    std::erase_if(found->second, [&](const PendingCheckpoint& p) {
        if (s.stamp.timestampMs > p.deadlineMs)
            return true; // stays unexplained
        if (s.upstream > p.upstream || downstreamOf(rule, sync, p.upstream) != p.downstream)
            return false;
        --m_unexplained;
        if (CheckpointInForce& slot = m_checkpoints[p.key]; slot.index == p.index) {
            slot.sync = sync;
            slot.explained = true;
        }
        return true;
    });
    if (found->second.empty())
        m_pending.erase(found);
}

std::vector<size_t> Mm2State::pendingCheckpoints() const
{
    std::vector<size_t> out;
    for (const auto& [partition, pending] : m_pending)
        for (const PendingCheckpoint& p : pending)
            out.push_back(p.index);
    for (const PendingCheckpoint& p : m_pendingUnmapped)
        out.push_back(p.index);
    return out;
}

size_t Mm2State::sessionIndexOf(const StoredSync& sync) const
{
    return m_scope.upstreamPartitions.empty() ? sync.id : m_appliedIndex.at(sync.id);
}

bool Mm2State::canRebase(const std::vector<int64_t>& syncIndex,
                         const std::vector<int64_t>& checkpointIndex) const
{
    const auto kept = [](const std::vector<int64_t>& map, uint64_t i) {
        return i < map.size() && map[i] >= 0;
    };
    if (!m_scope.upstreamPartitions.empty() || m_scope.group || syncIndex.size() < m_nextSync ||
        checkpointIndex.size() < m_nextCheckpoint)
        return false;
    for (size_t i = m_nextSync; i < syncIndex.size(); ++i)
        if (!kept(syncIndex, i))
            return false;
    for (size_t i = m_nextCheckpoint; i < checkpointIndex.size(); ++i)
        if (!kept(checkpointIndex, i))
            return false;
    for (const auto& [key, inForce] : m_checkpoints)
        if (!kept(checkpointIndex, inForce.index) || (inForce.sync && !kept(syncIndex, inForce.sync->id)))
            return false;
    for (size_t i : pendingCheckpoints())
        if (!kept(checkpointIndex, i))
            return false;
    for (uint32_t p = 0; p < m_session.partitionCount(); ++p)
        for (const RetainedSync& r : store().retained(m_session.partition(p)))
            if (!kept(syncIndex, r.sync.id))
                return false;
    return true;
}

void Mm2State::rebase(const std::vector<int64_t>& syncIndex, const std::vector<int64_t>& checkpointIndex)
{
    const auto kept = [](const std::vector<int64_t>& map, size_t passed) {
        return static_cast<size_t>(std::count_if(map.begin(),
                                                 map.begin() + static_cast<std::ptrdiff_t>(passed),
                                                 [](int64_t i) { return i >= 0; }));
    };
    const size_t syncsPassed = kept(syncIndex, m_nextSync);
    m_replay.store().rebaseIds(
        [&](uint64_t id) -> std::optional<uint64_t> {
            if (id >= syncIndex.size() || syncIndex[id] < 0)
                return std::nullopt;
            return static_cast<uint64_t>(syncIndex[id]);
        },
        syncsPassed);
    m_nextSync = syncsPassed;
    m_nextCheckpoint = kept(checkpointIndex, m_nextCheckpoint);
    for (auto& [key, inForce] : m_checkpoints) {
        inForce.index = static_cast<size_t>(checkpointIndex[inForce.index]);
        if (inForce.sync)
            inForce.sync->id = static_cast<uint64_t>(syncIndex[inForce.sync->id]);
    }
    for (auto& [partition, pending] : m_pending)
        for (PendingCheckpoint& p : pending)
            p.index = static_cast<size_t>(checkpointIndex[p.index]);
    for (PendingCheckpoint& p : m_pendingUnmapped)
        p.index = static_cast<size_t>(checkpointIndex[p.index]);
    m_history.clear();
    m_historyIndexed = false;
}

bool Mm2State::driftVaries(uint32_t partition) const
{
    return partition < m_driftVaries.size() && m_driftVaries[partition];
}

} // namespace driftscope
