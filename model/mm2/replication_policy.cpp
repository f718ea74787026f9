#include "model/mm2/replication_policy.h"

#include <vector>

namespace driftscope {
namespace {

// Java's String.split with a literal separator: trailing empty pieces are dropped, a leading
// one is kept, and a string without the separator is a single piece.
std::vector<std::string> javaSplit(const std::string& text, const std::string& separator)
{
    std::vector<std::string> pieces;
    size_t start = 0;
    for (size_t at = text.find(separator); at != std::string::npos; at = text.find(separator, start)) {
        pieces.push_back(text.substr(start, at - start));
        start = at + separator.size();
    }
    if (pieces.empty())
        return {text};
    pieces.push_back(text.substr(start));
    while (!pieces.empty() && pieces.back().empty())
        pieces.pop_back();
    return pieces;
}

constexpr const char* kHeartbeats = "heartbeats";

bool looksLikeHeartbeat(const std::string& topic)
{
    return topic.ends_with(kHeartbeats);
}

} // namespace

std::string ReplicationPolicy::formatRemoteTopic(const std::string& sourceAlias,
                                                 const std::string& topic) const
{
    if (kind == Kind::Identity && !looksLikeHeartbeat(topic))
        return topic;
    return sourceAlias + separator + topic;
}

std::optional<std::string> ReplicationPolicy::topicSource(const std::string& topic) const
{
    if (kind == Kind::Identity && !looksLikeHeartbeat(topic))
        return identitySourceAlias;
    const std::vector<std::string> pieces = javaSplit(topic, separator);
    if (pieces.size() < 2)
        return std::nullopt;
    return pieces.front();
}

std::optional<std::string> ReplicationPolicy::upstreamTopic(const std::string& topic) const
{
    if (kind == Kind::Identity && !looksLikeHeartbeat(topic))
        return topic;
    const auto source = topicSource(topic);
    if (!source)
        return std::nullopt;
    return topic.substr(source->size() + separator.size());
}

std::string ReplicationPolicy::originalTopic(const std::string& topic) const
{
    std::string current = topic;
    for (;;) {
        const auto upstream = upstreamTopic(current);
        if (!upstream || *upstream == current)
            return current;
        current = *upstream;
    }
}

TopicPartition checkpointPartition(const ReplicationPolicy& policy, const std::string& sourceAlias,
                                   const std::string& targetAlias, const TopicPartition& upstream)
{
    const auto source = policy.topicSource(upstream.topic);
    if (source && *source == targetAlias)
        return {policy.originalTopic(upstream.topic), upstream.partition};
    return {policy.formatRemoteTopic(sourceAlias, upstream.topic), upstream.partition};
}

namespace {

// The separator the release puts into internal topic names.
std::string internalSeparator(const ReleaseProfile& profile, const ReplicationPolicy& policy)
{
    if (profile.internalTopicsUseSeparator &&
        !(profile.internalSeparatorToggle && !policy.internalTopicSeparatorEnabled))
        return policy.separator;
    return ".";
}

} // namespace

InternalTopics internalTopics(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                              const std::string& sourceAlias, const std::string& targetAlias,
                              ClusterSide location)
{
    const std::string s = internalSeparator(profile, policy);
    const bool onSource = !profile.offsetSyncsTopicLocation || location == ClusterSide::Source;
    InternalTopics t;
    t.offsetSyncsSide = onSource ? ClusterSide::Source : ClusterSide::Target;
    t.offsetSyncs = "mm2-offset-syncs" + s + (onSource ? targetAlias : sourceAlias) + s + "internal";
    t.checkpoints = sourceAlias + s + "checkpoints" + s + "internal";
    t.heartbeats = kHeartbeats;
    // MirrorMakerConfig's default offset.storage.topic of the flow's worker: always with ".".
    t.connectOffsets = "mm2-offsets." + sourceAlias + ".internal";
    return t;
}

bool isHeartbeatsTopic(const ReplicationPolicy& policy, const std::string& topic)
{
    return policy.originalTopic(topic) == kHeartbeats;
}

bool isInternalTopic(const ReleaseProfile& profile, const ReplicationPolicy& policy, const std::string& topic)
{
    if (topic.starts_with("__") || topic.starts_with("."))
        return true; // Kafka's own internal topics
    const std::string s = internalSeparator(profile, policy);
    const std::string internalSuffix = s + "internal";
    if (profile.internalTopicRule == InternalTopicRule::AnyInternalSuffix)
        return topic.ends_with(internalSuffix) || topic.ends_with(".internal") ||
               topic.ends_with("-internal");
    const bool checkpoints = topic.ends_with(s + "checkpoints" + internalSuffix);
    return (topic.starts_with("mm2") && topic.ends_with(internalSuffix)) || checkpoints;
}

std::optional<std::string> cycleReason(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                                       const FlowAliases& aliases, const std::string& topic)
{
    // isCycle: a hop from the target (or, 4.4.0+ outside IdentityReplicationPolicy, from the
    // source), found by stripping hops one at a time.
    const bool sourceToo =
        profile.cycleIncludesSourceAlias && policy.kind != ReplicationPolicy::Kind::Identity;
    std::string current = topic;
    for (;;) {
        const auto source = policy.topicSource(current);
        if (!source)
            return std::nullopt;
        if (*source == aliases.target)
            return "its name says it came from " + aliases.target +
                   ", the flow's target cluster: MirrorSourceConnector refuses it as a replication cycle";
        if (sourceToo && *source == aliases.source)
            return "its name says it came from " + aliases.source +
                   ", the flow's own source cluster: from 4.4.0 MirrorSourceConnector refuses it as a "
                   "replication cycle (KAFKA-9914; 4.3.x and earlier mirror it)";
        const auto upstream = policy.upstreamTopic(current);
        if (!upstream || *upstream == current)
            return std::nullopt;
        current = *upstream;
    }
}

bool replicatesTopic(const ReleaseProfile& profile, const ReplicationPolicy& policy,
                     const TopicSelection& selection, const FlowAliases& aliases, const std::string& topic)
{
    const bool heartbeatsAlways =
        !profile.heartbeatsReplicationToggle || selection.heartbeatsReplicationEnabled;
    if (!selection.topicFilter.accepts(topic) && !(heartbeatsAlways && isHeartbeatsTopic(policy, topic)))
        return false;
    if (isInternalTopic(profile, policy, topic))
        return false;
    return !cycleReason(profile, policy, aliases, topic);
}

} // namespace driftscope
