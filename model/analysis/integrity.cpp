#include "model/analysis/integrity.h"

#include "model/analysis/translation_text.h"
#include "model/mm2/replication_policy.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope {
namespace {

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

// When driftscope knew of a record at the latest: MM2's timestamp and driftscope's read time
// come from two clocks, and a sample proves something about the record only when taken after
// both.
int64_t knownByMs(const RecordStamp& stamp)
{
    return std::max(stamp.timestampMs, stamp.readAtMs);
}

std::string sampleText(const LogOffsetSample& sample)
{
    return withThousands(sample.end) + " (sampled " + formatUtcMs(sample.sampledAtMs) + ")";
}

// The newest offset sync of an upstream partition the store holds.
const ObservedSync* newestRetainedSync(const IntegrityInput& in, const TopicPartition& upstream)
{
    const auto retained = in.state.store().retained(upstream);
    const auto newest = std::max_element(retained.begin(), retained.end(), [](const auto& a, const auto& b) {
        return a.sync.id < b.sync.id; // ids grow with each sync applied
    });
    if (newest == retained.end())
        return nullptr;
    const size_t index = in.state.sessionIndexOf(newest->sync);
    return index < in.session.syncs.size() ? &in.session.syncs[index] : nullptr;
}

// A log end that went back, while the checkpoint in force (if any) is from before it: MM2
// translated the group on the log that is gone.
std::optional<std::string> rewound(const IntegrityInput& in, ClusterSide side,
                                   std::optional<uint32_t> partition)
{
    const auto rewind = in.samples.lastRewind(side, partition);
    if (!rewind)
        return std::nullopt;
    if (in.checkpoint &&
        knownByMs(in.session.checkpoints[in.checkpoint->index].stamp) > rewind->after.sampledAtMs)
        return std::nullopt;
    return "the " + std::string(sideName(side)) + " log end went back from " + sampleText(rewind->before) +
           " to " + sampleText(rewind->after) +
           (in.checkpoint ? ", and the checkpoint in force is from before" : std::string());
}

std::optional<std::string> sourceEvidence(const PartitionReport& row, const IntegrityInput& in)
{
    if (auto words = rewound(in, ClusterSide::Source, in.upstreamId))
        return words;
    const auto log = in.samples.log(ClusterSide::Source, in.upstreamId);
    if (!log)
        return std::nullopt;
    if (in.checkpoint) {
        const ObservedCheckpoint& c = in.session.checkpoints[in.checkpoint->index];
        if (knownByMs(c.stamp) <= log->sampledAtMs && c.upstream > log->end)
            return "the source log end is " + sampleText(*log) + ", below the offset " +
                   withThousands(c.upstream) +
                   " the group had committed when MM2 emitted the checkpoint in force";
    }
    const ObservedSync* sync = newestRetainedSync(in, row.upstream);
    if (sync && knownByMs(sync->stamp) <= log->sampledAtMs && log->end <= sync->upstream)
        return "the source log end is " + sampleText(*log) + ", but MM2 replicated the record at " +
               withThousands(sync->upstream) + " before (offset sync " + withThousands(sync->upstream) +
               " -> " + withThousands(sync->downstream) + ")";
    return std::nullopt;
}

std::optional<std::string> targetEvidence(const PartitionReport& row, const IntegrityInput& in)
{
    if (auto words = rewound(in, ClusterSide::Target, in.downstreamId))
        return words;
    const auto log = in.samples.log(ClusterSide::Target, in.downstreamId);
    const ObservedSync* sync = newestRetainedSync(in, row.upstream);
    if (log && sync && knownByMs(sync->stamp) <= log->sampledAtMs && log->end <= sync->downstream)
        return "the target log end is " + sampleText(*log) + ", but MM2 wrote the record at " +
               withThousands(sync->downstream) + " there before (offset sync " +
               withThousands(sync->upstream) + " -> " + withThousands(sync->downstream) + ")";
    return std::nullopt;
}

// The source's log start passed MM2's replication position (SampleState::lastOutrun).
std::optional<std::string> outrunEvidence(const IntegrityInput& in)
{
    const auto outrun = in.samples.lastOutrun(in.upstreamId);
    if (!outrun)
        return std::nullopt;
    const int64_t start = outrun->sample.start;
    const int64_t next = outrun->position.offset + 1; // outruns(): offset < start, so no overflow
    return "the source log start was " + withThousands(start) + " at " +
           formatUtcMs(outrun->sample.sampledAtMs) + ", past " + withThousands(next) +
           ", the next offset MM2 would replicate (the last position its source connector committed up to " +
           formatDurationMs(positionMarginMs(in.session.info)) + " later, one offset.flush.interval.ms and " +
           formatDurationMs(kPositionSlackMs) + ", was " + withThousands(outrun->position.offset) + ", at " +
           formatUtcMs(outrun->position.stamp.timestampMs) + "): the " + withThousands(start - next) +
           " records [" + withThousands(next) + ", " + withThousands(start) +
           ") were deleted before MM2 replicated them, except any it had read and not yet flushed (and any "
           "transaction markers among them); a task that starts resumes at " +
           withThousands(next) + " and its consumer jumps to the log start";
}

// MM2 commits a checkpoint to the target group at its next group-offset sync, one interval at
// most after emitting it; two intervals give its admin calls time. A target group still behind
// the newest checkpoint emitted that long before its sample was not synced.
std::optional<std::string> groupSyncEvidence(const IntegrityInput& in)
{
    if (in.groupOffsetSync != GroupOffsetSyncMode::Enabled || !in.checkpoint || !in.downstreamId)
        return std::nullopt;
    const auto& sampled = in.samples.allCommitted();
    const auto it = sampled.find({ClusterSide::Target, in.group, *in.downstreamId});
    if (it == sampled.end())
        return std::nullopt;
    const auto& target = it->second;
    const int64_t dueBeforeMs = target.atMs - 2 * in.groupOffsetSyncIntervalMs;
    const std::pair<int64_t, int64_t>* due = nullptr; // (emitted at, D_c)
    for (const auto& reading : in.checkpoint->downstreamReadings)
        if (reading.first <= dueBeforeMs)
            due = &reading;
    const bool none = target.offset == GroupOffsetSample::kNoOffset;
    if (!due || (!none && target.offset >= due->second))
        return std::nullopt;
    return "the target group's committed offset was " +
           (none ? std::string("none") : withThousands(target.offset)) + " at " + formatUtcMs(target.atMs) +
           ", below " + withThousands(due->second) +
           ", the downstream offset of the checkpoint MM2 emitted at " + formatUtcMs(due->first) +
           ", more than two sync.group.offsets intervals (" + formatDurationMs(in.groupOffsetSyncIntervalMs) +
           " each) before: MM2 commits to a target group only while it has no active members (and only "
           "forward), so members on the target, or an MM2 that may not write the group, hold it there";
}

void add(PartitionReport& row, Verdict verdict, std::optional<std::string> evidence)
{
    if (!evidence)
        return;
    row.verdicts.push_back(verdict);
    row.evidence.emplace_back(verdict, std::move(*evidence));
}

} // namespace

GroupFilterCheck::GroupFilterCheck(const SessionInfo& info)
{
    if (!info.groupsInclude || !info.groupsExclude)
        return;
    auto include = NameFilter::make(*info.groupsInclude, {});
    auto both = NameFilter::make(*info.groupsInclude, *info.groupsExclude);
    if (!include || !both) // the reader said so when it started; judge nothing here
        return;
    m_include = std::move(*include);
    m_both = std::move(*both);
    m_includeText = joined(*info.groupsInclude);
    m_excludeText = joined(*info.groupsExclude);
}

std::optional<std::string> GroupFilterCheck::excludedBecause(const std::string& group) const
{
    if (!m_both || m_both->accepts(group))
        return std::nullopt;
    const std::string what = m_include->accepts(group)
                                 ? "groups.exclude = '" + m_excludeText + "' excludes it"
                                 : "groups = '" + m_includeText + "' does not include it";
    return "the flow's " + what + ": MM2 lists none of its offsets and never emits a checkpoint for it";
}

std::optional<std::string> notMirroredText(const ReleaseProfile& profile, const SessionInfo& info,
                                           const std::string& topic)
{
    // Only with the flow's configuration (an MM2 configuration, a scenario): without one the
    // policy is MM2's default taken for want of one, and under IdentityReplicationPolicy a dotted
    // name is no hop.
    if (!info.emitIntervalConfigured)
        return std::nullopt;
    const auto cycle = cycleReason(profile, info.policy, {info.sourceAlias, info.targetAlias}, topic);
    if (!cycle)
        return std::nullopt;
    return "MM2 " + toString(profile.release) + " does not mirror topic " + topic + ": " + *cycle +
           "; it writes no offset syncs for it and never emits a checkpoint for it";
}

std::optional<std::string> offsetSyncsTopicRisk(const TopicConfigsReading& reading, NoSyncRule noSync)
{
    const TopicConfigs& c = *reading.configs;
    const bool deletes = c.cleanupPolicy.find("delete") != std::string::npos;
    if (!deletes || (c.retentionMs < 0 && c.retentionBytes < 0))
        return std::nullopt;
    std::string retention;
    if (c.retentionMs >= 0)
        retention =
            "retention.ms=" + std::to_string(c.retentionMs) + " (" + formatDurationMs(c.retentionMs) + ")";
    if (c.retentionBytes >= 0)
        retention += (retention.empty() ? "" : " and ") + std::string("retention.bytes=") +
                     std::to_string(c.retentionBytes);
    const std::string without = noSync == NoSyncRule::Identity
                                    ? "coarser, or passes its offsets through unchanged (up to 3.2.x)"
                                    : "coarser, or not at all";
    return "the offset-syncs topic " + c.topic + " has cleanup.policy=" + c.cleanupPolicy + " with " +
           retention + " (described at " + formatUtcMs(reading.atMs) +
           "): the broker deletes its segments past that, while a checkpoint task that starts (a restart, a "
           "rebalance) reads its syncs back from this topic alone, so a partition whose syncs are gone then "
           "translates " +
           without + "; MM2 creates the topic with cleanup.policy=compact";
}

void judgeIntegrity(PartitionReport& row, const IntegrityInput& in)
{
    add(row, Verdict::SourceTopicRecreated, sourceEvidence(row, in));
    add(row, Verdict::SourceRecordsLost, outrunEvidence(in));
    add(row, Verdict::TargetTruncated, targetEvidence(row, in));
    add(row, Verdict::GroupOffsetSyncBlocked, groupSyncEvidence(in));
    if (!row.checkpoint && (in.excludedBecause || in.notMirroredBecause)) {
        std::erase(row.verdicts, Verdict::NoCheckpoint);
        if (in.notMirroredBecause) // a topic MM2 never mirrors has no syncs for good, not yet
            std::erase(row.verdicts, Verdict::NoSync);
        add(row, Verdict::NeverCheckpointed, in.excludedBecause ? in.excludedBecause : in.notMirroredBecause);
    }
    // A group MM2 never checkpoints loses nothing a restart could take.
    if (!row.verdicts.empty() && row.verdicts.back() == Verdict::NeverCheckpointed)
        return;
    add(row, Verdict::OffsetSyncsTopicAtRisk, in.syncsTopicRisk);
}

} // namespace driftscope
