// Consumer-group offset sync to the target (sync.group.offsets.enabled, 2.7.0+, docs/mm2-behaviour.md
// §3.8): a refresh job remembers the committed offsets of the groups that are EMPTY on the
// target, and a sync job writes the remembered checkpoints' downstream offsets, forward only.
#pragma once

#include "model/mm2/checkpoint_task.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace driftscope {

struct TargetGroup {
    enum class State { Empty, Stable, Rebalancing, Dead };
    std::string group;
    State state = State::Dead;
    // Committed offsets on the target (downstream, target-side partitions); nullopt is a null
    // OffsetAndMetadata, which some clients leave after a reset.
    std::vector<std::pair<TopicPartition, std::optional<int64_t>>> offsets;
};

struct GroupOffsetWrite {
    std::string group;
    std::vector<std::pair<TopicPartition, CommittedOffset>> offsets; // alterConsumerGroupOffsets
};

class GroupOffsetSync {
public:
    explicit GroupOffsetSync(const ReleaseProfile& profile) : m_profile(profile) {}

    // refresh job: `groups` as describe/list on the target returned them for the task's groups.
    void refresh(const std::vector<TargetGroup>& groups);

    struct SyncResult {
        std::vector<GroupOffsetWrite> writes; // in group order
        // Releases without KAFKA-15607 throw on a null target offset: the run stops at that
        // group (earlier groups were written) and the remembered offsets are not cleared.
        bool aborted = false;
        std::string failure;
    };

    // sync job, from the task's checkpoint memory (group order: sorted by name).
    SyncResult sync(const CheckpointMemory& memory);

private:
    ReleaseProfile m_profile;
    std::map<std::string, std::map<TopicPartition, std::optional<int64_t>>> m_idle;
};

} // namespace driftscope
