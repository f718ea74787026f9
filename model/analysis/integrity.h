// The integrity verdicts of a report row: what the samples prove happened to the source and
// target logs and to MM2's group-offset sync, and the groups MM2 never checkpoints. Each comes
// with its evidence in words (PartitionReport::evidence); where the samples prove nothing the
// verdict does not hold, so a verdict is never a guess.
#pragma once

#include "model/analysis/health_report.h"
#include "model/mm2/name_filter.h"

#include <optional>
#include <string>

namespace driftscope {

// The flow's group filter (SessionInfo::groupsInclude / groupsExclude), compiled once per report.
class GroupFilterCheck {
public:
    explicit GroupFilterCheck(const SessionInfo& info);
    // Why MM2 never checkpoints `group` (the filter excludes it), or none when it may, or when
    // the session does not know the flow's filter.
    std::optional<std::string> excludedBecause(const std::string& group) const;

private:
    std::optional<NameFilter> m_include; // groups alone
    std::optional<NameFilter> m_both;    // groups and groups.exclude
    std::string m_includeText, m_excludeText;
};

struct IntegrityInput {
    const Session& session;
    const SampleState& samples;
    const Mm2State& state;
    uint32_t group = 0;
    std::optional<uint32_t> upstreamId, downstreamId;
    const CheckpointInForce* checkpoint = nullptr; // the row's, if any
    GroupOffsetSyncMode groupOffsetSync = GroupOffsetSyncMode::Unknown;
    int64_t groupOffsetSyncIntervalMs = 0;
    std::optional<std::string> excludedBecause;    // GroupFilterCheck's answer for the row's group
    std::optional<std::string> notMirroredBecause; // notMirroredText's answer for the row's topic
    std::optional<std::string> syncsTopicRisk;     // offsetSyncsTopicRisk's words, when at risk
};

// Why the offset-syncs topic's configs put the syncs at risk, or none: a cleanup.policy with
// "delete" and a retention (time or size) lets the broker delete syncs that a checkpoint task
// rebuilding its store after a restart needs (MM2 creates the topic compacted). `noSync`: what
// the release does with a partition that has no sync, for the words.
std::optional<std::string> offsetSyncsTopicRisk(const TopicConfigsReading& reading, NoSyncRule noSync);

// Why MM2 never mirrors `topic` of the flow's source, so never syncs or checkpoints it, as far
// as the session knows: a replication cycle under the release's rule (cycleReason; 4.4.0 adds
// topics from the flow's own source alias). None when it may mirror it. (The session keeps no
// topic filter, so topics the filter leaves out are not judged here.) None too when the session
// does not know the flow's configuration (SessionInfo::emitIntervalConfigured): its policy is
// then a guess.
std::optional<std::string> notMirroredText(const ReleaseProfile& profile, const SessionInfo& info,
                                           const std::string& topic);

// Adds the integrity verdicts that hold, with their evidence, to a row judged otherwise already
// (never-checkpointed replaces no-checkpoint, and no-sync for a topic MM2 never mirrors).
void judgeIntegrity(PartitionReport& row, const IntegrityInput& in);

} // namespace driftscope
