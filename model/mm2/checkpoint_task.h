// MM2's checkpoint task (docs/mm2-behaviour.md §3.2-3.7): it owns an OffsetSyncStore, translates the
// committed offsets of its consumer groups every emit.checkpoints.interval.seconds and emits
// checkpoints through the filter pipeline of the chosen release, remembering the last checkpoint
// per group and partition for the monotonic filter and the group-offset sync.
#pragma once

#include "model/mm2/name_filter.h"
#include "model/mm2/replication_policy.h"
#include "model/mm2/sync_store.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// OffsetAndMetadata of a committed offset.
struct CommittedOffset {
    int64_t offset = 0;
    std::string metadata;
};

// A group's committed offsets on the source as listConsumerGroupOffsets returns them (upstream
// partitions); some clients can leave a null OffsetAndMetadata, here nullopt.
using GroupOffsets = std::vector<std::pair<TopicPartition, std::optional<CommittedOffset>>>;

struct CheckpointTaskSettings {
    std::string sourceAlias = "A";
    std::string targetAlias = "B";
    ReplicationPolicy policy;
    // `topics` / `topics.exclude`; nullopt: the task's release's default (it changed in 4.0.0).
    std::optional<NameFilter> topicFilter;
};

struct EmittedCheckpoint {
    Checkpoint checkpoint;            // target-side (renamed) partition
    TopicPartition upstreamPartition; // the source partition it translates
    int64_t timestampMs = 0;          // record timestamp: when the group's round started
    TranslationStatus status = TranslationStatus::Translated;
    std::optional<StoredSync> syncUsed; // the sync the store translated with (none for identity)
};

// Last checkpoint per group and target-side partition (checkpointsPerConsumerGroup /
// CheckpointStore): what the monotonic filter compares with and the group-offset sync writes.
using CheckpointMemory = std::map<std::string, std::map<TopicPartition, Checkpoint>>;

// checkpointIsMoreRecent (3.4.1+): whether a checkpoint passes the monotonic filter against the
// last one remembered for its group and partition. Public so that a checkpoint task that restarted
// can be judged against the memory it restored (tests of a real MM2 do that).
bool checkpointIsMoreRecent(const CheckpointMemory& memory, const Checkpoint& checkpoint);
// The filter's rule for a checkpoint (upstream, downstream) after the one last emitted: it passes
// when the group rewound upstream or the downstream offset moves forward. Reports use it to tell
// a checkpoint MM2 holds from a stale one.
bool movesPastLastCheckpoint(int64_t lastUpstream, int64_t lastDownstream, int64_t upstream,
                             int64_t downstream);

class CheckpointTask {
public:
    // `restored`: from 3.7.1 on, the checkpoints topic as the starting task read it (already
    // limited to its groups, in log order), or nullopt when that read failed; earlier releases
    // ignore it. A failed restore makes the store forget history during its initial load.
    CheckpointTask(const ReleaseProfile& profile, CheckpointTaskSettings settings,
                   const std::optional<std::vector<Checkpoint>>& restored = std::vector<Checkpoint>{});

    SyncStore& store() { return m_store; }
    const SyncStore& store() const { return m_store; }
    const CheckpointMemory& memory() const { return m_memory; }
    const ReleaseProfile& profile() const { return m_profile; }

    struct PollResult {
        std::vector<EmittedCheckpoint> checkpoints;
        // Up to 3.4.0 a null committed offset throws inside poll(), from 3.4.1 two upstream
        // partitions renamed to the same target partition do: nothing of that poll is emitted
        // (groups handled before it have still updated their memory).
        bool failed = false;
        std::string failure;
    };

    // One poll(): every group in the given order, each with its committed offsets.
    PollResult poll(const std::vector<std::pair<std::string, GroupOffsets>>& groups, int64_t nowMs);

    // sourceRecordsForGroup() for one group; false when the release would throw (see PollResult).
    bool checkpointsForGroup(const std::string& group, const GroupOffsets& offsets, int64_t timestampMs,
                             std::vector<EmittedCheckpoint>& out);

private:
    bool topicAccepted(const std::string& topic);

    ReleaseProfile m_profile;
    CheckpointTaskSettings m_settings;
    SyncStore m_store;
    CheckpointMemory m_memory;
    NameFilter m_topicFilter;                    // the settings' or the release's default
    std::map<std::string, bool> m_topicAccepted; // the topic filter's answers, remembered
};

} // namespace driftscope
