// The source task's offset syncs (docs/mm2-behaviour.md §1): which replicated records trigger a sync,
// and how triggered syncs reach the offset-syncs topic through at most 10 in-flight sends, as
// the chosen release does it (MirrorSourceTask up to 3.8.x, OffsetSyncWriter from 3.9.0).
#pragma once

#include "model/mm2/partition_index.h"
#include "model/mm2/release.h"
#include "model/records/records.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace driftscope {

// MirrorSourceTask.PartitionState: the trigger rule of one upstream partition.
class PartitionSyncState {
public:
    PartitionSyncState(EmissionRule rule, int64_t offsetLagMax) : m_rule(rule), m_offsetLagMax(offsetLagMax)
    {
    }

    // A record replicated from `upstream` to `downstream`. Returns whether a sync should be sent;
    // under E1 the answer stays true until reset() (the caller resets right after queueing).
    bool update(int64_t upstream, int64_t downstream);
    void reset() { m_shouldSync = false; }

    int64_t lastSyncDownstream() const { return m_lastSyncDownstream; }
    bool shouldSync() const { return m_shouldSync; }

    // For a run that continues the last update contiguously (upstream and downstream both +1 per
    // record), with the E1 flag cleared: how many of its next `runLength` records pass before one
    // triggers; -1 when none of them would; -2 when it cannot be computed in closed form (no
    // sync yet, or offsets near the int64 limits) and records must go one by one.
    int64_t recordsUntilTrigger(int64_t runLength) const;
    // The state after such records without a trigger among them (only the last one matters).
    void passWithoutTrigger(int64_t upstream, int64_t downstream);

private:
    EmissionRule m_rule;
    int64_t m_offsetLagMax;
    int64_t m_previousUpstream = -1;
    int64_t m_previousDownstream = -1;
    int64_t m_lastSyncUpstream = -1; // E0 only
    int64_t m_lastSyncDownstream = -1;
    bool m_shouldSync = false; // E1: sticky until reset()
};

struct EmitterSettings {
    int64_t offsetLagMax = 100; // offset.lag.max (no validator: 0 and negatives are accepted)
    int maxInFlight = 10;       // MM2's semaphore of outstanding offset-sync sends
};

class SyncEmitter {
public:
    SyncEmitter(const ReleaseProfile& profile, EmitterSettings settings);

    // commitRecord(): the target producer acknowledged one replicated record.
    void commitRecord(const TopicPartition& tp, int64_t upstream, int64_t downstream);
    // `count` records replicated contiguously: upstream u0, u0+1, ... to downstream d0, d0+1, ...
    // Exactly the same as that many commitRecord() calls, in time proportional to the syncs.
    void commitRun(const TopicPartition& tp, int64_t u0, int64_t d0, int64_t count);
    // The same for a partition resolved once with partitionId(), which saves the lookup when a
    // caller cycles through many partitions.
    uint32_t partitionId(const TopicPartition& tp) { return m_partitions.intern(tp); }
    void commitRun(uint32_t id, int64_t u0, int64_t d0, int64_t count);
    // commit(): the runtime committed source offsets (every offset.flush.interval.ms).
    void commit();
    // A send's producer callback ran (acknowledged or failed): one permit is free again.
    void sendCompleted();
    // The task was restarted or its partitions reassigned: every partition starts afresh and
    // queued syncs are lost. Sends already handed to the producer still complete, but on the old
    // task's permits: do not report them through sendCompleted() afterwards.
    void restart();

    // The syncs handed to the producer since the last call, in send order.
    std::vector<OffsetSync> takeSent();

    // The steps commitRecord() and commit() are made of, as MM2 names them (3.5+); exposed so
    // Kafka's own unit-test sequences can drive them one by one.
    void queue(const TopicPartition& tp, int64_t upstream, int64_t downstream); // maybeQueueOffsetSyncs
    void fire();                                                                // firePendingOffsetSyncs
    void promoteDelayed();                                                      // promoteDelayedOffsetSyncs

    int inFlight() const { return m_inFlight; }
    uint64_t triggered() const { return m_triggered; }
    uint64_t sent() const { return m_sentCount; }
    uint64_t dropped() const { return m_dropped; } // E0 only: triggered with no permit free
    bool isPending(const TopicPartition& tp) const;
    bool isDelayed(const TopicPartition& tp) const;
    std::optional<OffsetSync> pendingSync(const TopicPartition& tp) const;
    int64_t lastSyncDownstream(const TopicPartition& tp) const; // -1 when none this lifetime

private:
    // An insertion-ordered map partition -> sync in which overwriting keeps the position, like
    // the LinkedHashMaps MM2 keeps pending and delayed syncs in.
    struct Offsets {
        int64_t upstream;
        int64_t downstream;
    };

    class OrderedSyncs {
    public:
        void put(uint32_t id, Offsets sync);
        bool remove(uint32_t id);
        bool contains(uint32_t id) const { return id < m_present.size() && m_present[id]; }
        const Offsets* get(uint32_t id) const { return contains(id) ? &m_values[id] : nullptr; }
        int64_t front() const { return m_head; } // -1 when empty
        bool empty() const { return m_head < 0; }
        void clear();
        template <class F>
        void forEach(F&& f) const
        {
            for (int64_t i = m_head; i >= 0; i = m_next[static_cast<size_t>(i)])
                f(static_cast<uint32_t>(i), m_values[static_cast<size_t>(i)]);
        }

    private:
        void grow(uint32_t id);
        std::vector<Offsets> m_values;
        std::vector<int64_t> m_next, m_prev;
        std::vector<bool> m_present;
        int64_t m_head = -1, m_tail = -1;
    };

    PartitionSyncState& stateOf(uint32_t id);
    void send(uint32_t id, Offsets sync);
    void commitRecordAt(uint32_t id, int64_t upstream, int64_t downstream);
    void queueAt(uint32_t id, int64_t upstream, int64_t downstream);

    ReleaseProfile m_profile;
    EmitterSettings m_settings;
    PartitionIndex m_partitions;
    std::vector<PartitionSyncState> m_states; // by partition id; reset on restart()
    std::vector<bool> m_hasState;
    OrderedSyncs m_pending;
    OrderedSyncs m_delayed;
    int m_inFlight = 0;
    std::vector<std::pair<uint32_t, Offsets>> m_sent; // partition id and offsets, in send order
    uint64_t m_triggered = 0, m_sentCount = 0, m_dropped = 0;
};

} // namespace driftscope
