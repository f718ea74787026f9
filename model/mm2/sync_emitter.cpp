#include "model/mm2/sync_emitter.h"

#include "model/util/java_long.h"

namespace driftscope {

bool PartitionSyncState::update(int64_t upstream, int64_t downstream)
{
    using namespace javalong;
    const bool first = m_lastSyncDownstream == -1;
    const bool gapOrRewind = sub(upstream, m_previousUpstream) != 1;
    const bool truncated = downstream < m_previousDownstream;
    bool trigger;
    if (m_rule == EmissionRule::DeadReckoning) {
        // E0: the downstream offset drifted at least offset.lag.max past the linear prediction.
        const int64_t predicted = add(m_lastSyncDownstream, sub(upstream, m_lastSyncUpstream));
        trigger = first || sub(downstream, predicted) >= m_offsetLagMax || gapOrRewind || truncated;
        if (trigger) {
            m_lastSyncUpstream = upstream;
            m_lastSyncDownstream = downstream;
        }
        m_previousUpstream = upstream;
        m_previousDownstream = downstream;
        return trigger;
    }
    // E1: the translation (last sync + 1) would lag the record by at least offset.lag.max.
    trigger =
        first || sub(downstream, add(m_lastSyncDownstream, 1)) >= m_offsetLagMax || gapOrRewind || truncated;
    if (trigger) {
        m_lastSyncDownstream = downstream;
        m_shouldSync = true;
    }
    m_previousUpstream = upstream;
    m_previousDownstream = downstream;
    return m_shouldSync;
}

int64_t PartitionSyncState::recordsUntilTrigger(int64_t runLength) const
{
    __extension__ typedef __int128 Wide; // exact sums of two int64 values
    if (m_lastSyncDownstream == -1 || runLength <= 0)
        return -2; // not a continuation: let the caller take records one by one
    if (m_rule == EmissionRule::DeadReckoning) {
        // The prediction error d - (lastD + (u - lastU)) is the same (mod 2^64, as Java computes
        // it) for every record of the run as for the previous one: the next record triggers only
        // if that already reached offset.lag.max, and then every record does (L <= 0).
        const int64_t error = javalong::sub(javalong::sub(m_previousDownstream, m_lastSyncDownstream),
                                            javalong::sub(m_previousUpstream, m_lastSyncUpstream));
        return error >= m_offsetLagMax ? 0 : -1;
    }
    // E1: record j (0-based) of the run has lag (previousD + 1 + j) - (lastD + 1) = base + j,
    // computed exactly while no term wraps.
    const Wide base = Wide{m_previousDownstream} - m_lastSyncDownstream;
    if (m_lastSyncDownstream == INT64_MAX || base + runLength > INT64_MAX || base < INT64_MIN)
        return -2;
    const Wide first = Wide{m_offsetLagMax} - base;
    if (first <= 0)
        return 0;
    return first >= runLength ? -1 : static_cast<int64_t>(first);
}

void PartitionSyncState::passWithoutTrigger(int64_t upstream, int64_t downstream)
{
    m_previousUpstream = upstream;
    m_previousDownstream = downstream;
}

void SyncEmitter::OrderedSyncs::grow(uint32_t id)
{
    if (id < m_present.size())
        return;
    const size_t n = static_cast<size_t>(id) + 1;
    m_values.resize(n);
    m_next.resize(n, -1);
    m_prev.resize(n, -1);
    m_present.resize(n, false);
}

void SyncEmitter::OrderedSyncs::put(uint32_t id, Offsets sync)
{
    grow(id);
    m_values[id] = sync;
    if (m_present[id])
        return; // an existing key keeps its place
    m_present[id] = true;
    m_prev[id] = m_tail;
    m_next[id] = -1;
    if (m_tail >= 0)
        m_next[static_cast<size_t>(m_tail)] = id;
    else
        m_head = id;
    m_tail = id;
}

bool SyncEmitter::OrderedSyncs::remove(uint32_t id)
{
    if (!contains(id))
        return false;
    m_present[id] = false;
    const int64_t prev = m_prev[id], next = m_next[id];
    if (prev >= 0)
        m_next[static_cast<size_t>(prev)] = next;
    else
        m_head = next;
    if (next >= 0)
        m_prev[static_cast<size_t>(next)] = prev;
    else
        m_tail = prev;
    return true;
}

void SyncEmitter::OrderedSyncs::clear()
{
    while (!empty())
        remove(static_cast<uint32_t>(m_head));
}

SyncEmitter::SyncEmitter(const ReleaseProfile& profile, EmitterSettings settings)
    : m_profile(profile), m_settings(settings)
{
}

PartitionSyncState& SyncEmitter::stateOf(uint32_t id)
{
    if (id >= m_states.size()) {
        m_states.resize(id + 1, PartitionSyncState(m_profile.emission, m_settings.offsetLagMax));
        m_hasState.resize(id + 1, false);
    }
    if (!m_hasState[id]) {
        m_states[id] = PartitionSyncState(m_profile.emission, m_settings.offsetLagMax);
        m_hasState[id] = true;
    }
    return m_states[id];
}

void SyncEmitter::send(uint32_t id, Offsets sync)
{
    ++m_inFlight;
    ++m_sentCount;
    m_sent.emplace_back(id, sync);
}

void SyncEmitter::queue(const TopicPartition& tp, int64_t upstream, int64_t downstream)
{
    queueAt(m_partitions.intern(tp), upstream, downstream);
}

void SyncEmitter::queueAt(uint32_t id, int64_t upstream, int64_t downstream)
{
    PartitionSyncState& state = stateOf(id);
    const Offsets sync{upstream, downstream};
    if (state.update(upstream, downstream)) {
        ++m_triggered;
        if (m_profile.dispatch == SyncDispatch::NewestPendingAndDelayed)
            m_delayed.remove(id);
        m_pending.put(id, sync);
        state.reset();
    } else if (m_profile.dispatch == SyncDispatch::NewestPendingAndDelayed) {
        m_delayed.put(id, sync); // the newest untriggered sync, sent at the next commit()
    }
}

void SyncEmitter::fire()
{
    while (!m_pending.empty()) {
        if (m_inFlight >= m_settings.maxInFlight)
            return; // stays pending: retried on the next commitRecord() or commit()
        const auto id = static_cast<uint32_t>(m_pending.front());
        const Offsets sync = *m_pending.get(id);
        m_pending.remove(id);
        send(id, sync);
    }
}

void SyncEmitter::promoteDelayed()
{
    m_delayed.forEach([this](uint32_t id, Offsets sync) { m_pending.put(id, sync); });
    m_delayed.clear();
}

void SyncEmitter::commitRecord(const TopicPartition& tp, int64_t upstream, int64_t downstream)
{
    commitRecordAt(m_partitions.intern(tp), upstream, downstream);
}

void SyncEmitter::commitRecordAt(uint32_t id, int64_t upstream, int64_t downstream)
{
    if (m_profile.dispatch == SyncDispatch::DropWhenFull) {
        // Up to 3.4.0 the state advances even when the sync is then dropped (KAFKA-12558).
        PartitionSyncState& state = stateOf(id);
        if (!state.update(upstream, downstream))
            return;
        ++m_triggered;
        if (m_inFlight >= m_settings.maxInFlight)
            ++m_dropped;
        else
            send(id, Offsets{upstream, downstream});
        return;
    }
    queueAt(id, upstream, downstream);
    fire();
}

void SyncEmitter::commitRun(const TopicPartition& tp, int64_t u0, int64_t d0, int64_t count)
{
    commitRun(m_partitions.intern(tp), u0, d0, count);
}

void SyncEmitter::commitRun(uint32_t id, int64_t u0, int64_t d0, int64_t count)
{
    if (count <= 0)
        return;
    commitRecordAt(id, u0, d0); // the first record can trigger for any reason (gap, rewind, ...)
    const bool nearLimits = u0 > INT64_MAX - count || d0 > INT64_MAX - count;
    PartitionSyncState& state = stateOf(id);
    int64_t i = 1;
    while (i < count) {
        const int64_t left = count - i;
        const int64_t quiet = nearLimits ? -2 : state.recordsUntilTrigger(left);
        if (quiet == -2) { // not computable: one record at a time (wrapping like Java near the limits)
            commitRecordAt(id, javalong::add(u0, i), javalong::add(d0, i));
            ++i;
            continue;
        }
        const int64_t pass = quiet == -1 ? left : quiet;
        if (pass > 0) {
            // Records that trigger nothing: only the newest becomes the delayed sync (3.7.0+),
            // and the fire() after each of them finds nothing new to send.
            const int64_t last = i + pass - 1; // only reached when the run cannot wrap
            state.passWithoutTrigger(u0 + last, d0 + last);
            if (m_profile.dispatch == SyncDispatch::NewestPendingAndDelayed)
                m_delayed.put(id, Offsets{u0 + last, d0 + last});
            i += pass;
        }
        if (i < count) {
            commitRecordAt(id, javalong::add(u0, i), javalong::add(d0, i)); // this one triggers
            ++i;
        }
    }
}

void SyncEmitter::commit()
{
    if (m_profile.dispatch == SyncDispatch::DropWhenFull)
        return; // commit() was a no-op
    if (m_profile.dispatch == SyncDispatch::NewestPendingAndDelayed)
        promoteDelayed();
    fire();
}

void SyncEmitter::sendCompleted()
{
    if (m_inFlight > 0)
        --m_inFlight;
}

void SyncEmitter::restart()
{
    std::fill(m_hasState.begin(), m_hasState.end(), false);
    m_pending.clear();
    m_delayed.clear();
    m_inFlight = 0; // the new task has a fresh semaphore; the old producer's sends still land
}

std::vector<OffsetSync> SyncEmitter::takeSent()
{
    std::vector<OffsetSync> out;
    out.reserve(m_sent.size());
    for (const auto& [id, offsets] : m_sent)
        out.push_back(OffsetSync{m_partitions.at(id), offsets.upstream, offsets.downstream});
    m_sent.clear();
    return out;
}

bool SyncEmitter::isPending(const TopicPartition& tp) const
{
    const int64_t id = m_partitions.find(tp);
    return id != PartitionIndex::kAbsent && m_pending.contains(static_cast<uint32_t>(id));
}

bool SyncEmitter::isDelayed(const TopicPartition& tp) const
{
    const int64_t id = m_partitions.find(tp);
    return id != PartitionIndex::kAbsent && m_delayed.contains(static_cast<uint32_t>(id));
}

std::optional<OffsetSync> SyncEmitter::pendingSync(const TopicPartition& tp) const
{
    const int64_t id = m_partitions.find(tp);
    const Offsets* o = id == PartitionIndex::kAbsent ? nullptr : m_pending.get(static_cast<uint32_t>(id));
    if (!o)
        return std::nullopt;
    return OffsetSync{tp, o->upstream, o->downstream};
}

int64_t SyncEmitter::lastSyncDownstream(const TopicPartition& tp) const
{
    const int64_t id = m_partitions.find(tp);
    if (id == PartitionIndex::kAbsent || static_cast<size_t>(id) >= m_hasState.size() ||
        !m_hasState[static_cast<size_t>(id)])
        return -1;
    return m_states[static_cast<size_t>(id)].lastSyncDownstream();
}

} // namespace driftscope
