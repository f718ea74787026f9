// MM2's OffsetSyncStore as a given release keeps it, and its offset translation.
//
// Feed it the offset-sync records in the order of the offset-syncs topic. Records that arrive
// before finishInitialLoad() are the store's initial read-to-end (the syncs already in the topic
// when the checkpoint task started); the rest arrive live. Every record is a distinct sync, even
// when its offsets equal an earlier one's.
//
// Threads may look up (translate, retained) a store nobody updates concurrently: the partition
// index's last-hit hints are atomic. Updates need the store to themselves.
#pragma once

#include "model/mm2/partition_index.h"
#include "model/mm2/release.h"
#include "model/mm2/sync_slots.h"
#include "model/mm2/translation_rule.h"
#include "model/records/records.h"

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace driftscope {

enum class TranslationStatus {
    Translated, // a downstream offset derived from a sync
    TooOld,     // the offset is older than the oldest retained sync: MM2 answers -1
    NoSync,     // no sync for this partition: no answer, no checkpoint
    NotReady,   // the initial read-to-end has not finished: no answer
    Identity    // up to 3.2.x without a sync: MM2 translates U to U
};

// "translated", "too-old", "no-sync", "not-ready", "identity".
std::string_view statusName(TranslationStatus status);

struct Translation {
    TranslationStatus status = TranslationStatus::NoSync;
    std::optional<int64_t> downstream; // set unless NoSync or NotReady
    std::optional<StoredSync> sync;    // the real sync the answer came from
};

// One distinct retained sync and how many of the partition's slots it fills.
struct RetainedSync {
    StoredSync sync;
    int firstSlot = 0;
    int slotCount = 1;
};

class SyncStore {
public:
    using PartitionId = uint32_t;

    // `checkpointsRestored` matters from 3.7.1 on: when the checkpoint task could read its
    // checkpoints topic, syncs read during the initial load keep their history.
    explicit SyncStore(ReleaseProfile profile, bool checkpointsRestored = true);

    const ReleaseProfile& profile() const { return m_profile; }

    // Inline, as is partitionId()'s lookup: the simulator, the demo mirror and store replays call
    // it once a record, and records of many partitions interleave (the reader's and captures'
    // sessions resolve partitions with the same PartitionIndex and apply by id).
    void apply(const OffsetSync& sync) { apply(partitionId(sync.tp), sync.upstream, sync.downstream); }
    void apply(PartitionId partition, int64_t upstream, int64_t downstream);

    // The initial read-to-end finished (MM2's `start()`). No effect on releases without gating.
    void finishInitialLoad() { m_readToEnd = true; }
    bool readToEnd() const { return m_readToEnd; }
    // Whether a sync read during the initial load clears its partition's history (the start-up
    // gate of 3.4.1-3.7.0, and of later releases whose checkpoints were not restored).
    bool clearsDuringLoad() const;

    Translation translate(const TopicPartition& tp, int64_t upstream) const;
    Translation translate(PartitionId partition, int64_t upstream) const;

    // Distinct retained syncs of a partition, newest first; empty when it has none.
    std::vector<RetainedSync> retained(const TopicPartition& tp) const;

    // The 64 slots of a partition (slotted releases only; nullptr otherwise or without syncs).
    const SyncSlots* slotsOf(const TopicPartition& tp) const;

    // Renumbers the syncs it holds (`newId` of each id; none: the slot is not in use) and numbers
    // the next sync applied `nextId`: for a session thinned of the records before them
    // (Mm2State::rebase). Distinct ids must stay distinct; only identity is compared.
    void rebaseIds(const std::function<std::optional<uint64_t>(uint64_t)>& newId, uint64_t nextId);

    PartitionId partitionId(const TopicPartition& tp) // registers the partition if new
    {
        const uint32_t id = m_index.intern(tp);
        if (id == m_partitions.size())
            addPartition();
        return id;
    }
    std::optional<PartitionId> findPartition(const TopicPartition& tp) const;
    size_t partitionCount() const { return m_partitions.size(); }
    uint64_t syncsApplied() const { return m_nextId; }

private:
    // A partition's slots start on a cache line of their own: with many partitions the slots
    // outgrow the first-level cache, and an update reads and writes slot 0 and the few after it.
    // Registered before its first sync, a partition holds kNoSync in slot 0's id until then (ids
    // count records from 0 and never reach it): no flag beside the slots, whose line it would
    // also cost.
    struct alignas(64) Partition {
        SyncSlots syncs; // the latest-only store uses slot 0
        bool hasSync() const { return syncs[0].id != kNoSync; }
    };
    static constexpr uint64_t kNoSync = UINT64_MAX;

    void addPartition();
    Translation translateWithoutSync(int64_t upstream) const;

    ReleaseProfile m_profile;
    bool m_checkpointsRestored;
    bool m_readToEnd = false;
    uint64_t m_nextId = 0;
    std::vector<Partition> m_partitions; // indexed by PartitionId
    PartitionIndex m_index;
};

// Translation is the hot path of checkpoint emission and of every plot: kept inline so callers
// that read only part of the answer do not pay for building the rest. GCC at -O2 judged both
// too large to inline and called them out of line, the answer going through memory: forced.
[[gnu::always_inline]] inline Translation SyncStore::translate(const TopicPartition& tp,
                                                               int64_t upstream) const
{
    const int64_t id = m_index.find(tp);
    if (id == PartitionIndex::kAbsent)
        return translateWithoutSync(upstream);
    return translate(static_cast<PartitionId>(id), upstream);
}

[[gnu::always_inline]] inline Translation SyncStore::translate(PartitionId partition, int64_t upstream) const
{
    const Partition& p = m_partitions[partition];
    if (!p.hasSync())
        return translateWithoutSync(upstream);
    if (m_profile.gatesOnReadToEnd() && !m_readToEnd)
        return {TranslationStatus::NotReady, std::nullopt, std::nullopt};

    // The store picks the sync (latest-only releases keep one); translation_rule.h says what it means.
    const TranslationRule rule = m_profile.translation;
    const StoredSync& s =
        rule == TranslationRule::Extrapolate ? p.syncs[0] : p.syncs[lookupSlot(p.syncs, upstream)];
    if (s.upstream > upstream)
        return {TranslationStatus::TooOld, -1, s};
    return {TranslationStatus::Translated, downstreamOf(rule, s, upstream), s};
}

} // namespace driftscope
