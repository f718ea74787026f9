// MM2's topic naming (docs/mm2-behaviour.md §3.5, §4): remote topic names under
// DefaultReplicationPolicy (with its separator) and IdentityReplicationPolicy, the renaming of
// checkpoint partitions, and the names of the internal topics per release.
#pragma once

#include "model/mm2/name_filter.h"
#include "model/mm2/release.h"
#include "model/records/cluster_side.h"
#include "model/records/records.h"

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

struct InternalTopics {
    std::string offsetSyncs;
    ClusterSide offsetSyncsSide = ClusterSide::Source;
    std::string checkpoints; // on the target
    std::string heartbeats;  // on the target
    // On the target: the Connect offsets topic where MM2's source connector keeps its
    // replication position (records/connect_offset.h). Dedicated MM2's default.
    std::string connectOffsets;
};

// Names as the given release derives them. Releases before 3.0.0 ignore `location` (always the
// source cluster); before 3.1.0 internal names always use "."; from 3.5.2 the separator can be
// switched off for them.
InternalTopics internalTopics(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                              const std::string& sourceAlias, const std::string& targetAlias,
                              ClusterSide location = ClusterSide::Source);

// ReplicationPolicy.isHeartbeatsTopic: the topic is "heartbeats" once all hops are stripped.
bool isHeartbeatsTopic(const ReplicationPolicy& policy, const std::string& topic);

// ReplicationPolicy.isInternalTopic as the release decides it (§7.1): names starting with "__" or
// "." always; up to 3.9.x every name ending in ".internal" or "-internal" (or in the internal-topic
// separator + "internal"); from 4.0.0 (KIP-1074) only names starting with "mm2" and ending in
// <sep>internal, and checkpoints topics (<sep>checkpoints<sep>internal), where <sep> is the
// separator the release uses in internal topic names. So `orders.internal` is mirrored from 4.0.0.
bool isInternalTopic(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                     const std::string& topic);

// Which source topics MirrorSourceConnector mirrors (shouldReplicateTopic), and so which get
// offset syncs and checkpoints: those the topic filter accepts, plus heartbeats topics unless
// heartbeats.replication.enabled=false (4.0.0+, KIP-1089; always before), minus internal topics
// and cycles: topics with a hop from the target cluster or, from 4.4.0 under a policy other than
// IdentityReplicationPolicy (KAFKA-9914), from the flow's own source cluster.
struct TopicSelection {
    NameFilter topicFilter;
    bool heartbeatsReplicationEnabled = true; // heartbeats.replication.enabled (4.0.0+)
};
struct FlowAliases {
    std::string source, target;
};
bool replicatesTopic(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                     const TopicSelection& selection, const FlowAliases& aliases, const std::string& topic);

// Why MirrorSourceConnector does not mirror `topic` as a cycle (isCycle), in words naming the
// hop, the alias and the release rule; none when it is no cycle.
std::optional<std::string> cycleReason(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                                       const FlowAliases& aliases, const std::string& topic);

} // namespace driftscope
