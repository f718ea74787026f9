// MM2's topic naming (mm2-internals.md §3.5, §4.2): remote topic names under
// DefaultReplicationPolicy (with its separator) and IdentityReplicationPolicy, the renaming of
// checkpoint partitions, and the names of the internal topics per release.
#pragma once

#include "model/core/records.h"
#include "model/core/release.h"

#include <optional>
#include <string>

namespace driftscope {

struct ReplicationPolicy {
    enum class Kind { Default, Identity };
    Kind kind = Kind::Default;
    std::string separator = ".";               // replication.policy.separator (non-empty)
    bool internalTopicSeparatorEnabled = true; // replication.policy.internal.topic.separator.enabled
    std::string identitySourceAlias;           // IdentityReplicationPolicy's source.cluster.alias

    std::string formatRemoteTopic(const std::string& sourceAlias, const std::string& topic) const;
    // The cluster a remote topic came from (text before the first separator), or none.
    std::optional<std::string> topicSource(const std::string& topic) const;
    std::optional<std::string> upstreamTopic(const std::string& topic) const;
    // upstreamTopic() applied until it no longer changes the name.
    std::string originalTopic(const std::string& topic) const;
};

// The partition a checkpoint names (target-side): topics that came from the target are
// stripped of all hops, others get the source alias prefix (MirrorCheckpointTask.renameTopicPartition).
TopicPartition checkpointPartition(const ReplicationPolicy& policy, const std::string& sourceAlias,
                                   const std::string& targetAlias, const TopicPartition& upstream);

enum class OffsetSyncsLocation { Source, Target };

struct InternalTopics {
    std::string offsetSyncs;
    bool offsetSyncsOnSource = true;
    std::string checkpoints; // on the target
    std::string heartbeats;  // on the target
};

// Names as the given release derives them. Releases before 3.0.0 ignore `location` (always the
// source cluster); before 3.1.0 internal names always use "."; from 3.5.2 the separator can be
// switched off for them.
InternalTopics internalTopics(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                              const std::string& sourceAlias, const std::string& targetAlias,
                              OffsetSyncsLocation location = OffsetSyncsLocation::Source);

} // namespace driftscope
