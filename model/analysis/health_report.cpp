#include "model/analysis/health_report.h"

#include "model/analysis/checkpoint_cadence.h"
#include "model/analysis/integrity.h"
#include "model/analysis/translation_text.h"
#include "model/mm2/checkpoint_task.h"
#include "model/mm2/translation_rule.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <utility>

namespace driftscope {
namespace {

constexpr std::array<std::string_view, 14> kVerdictNames = {"no-sync",
                                                            "too-old",
                                                            "not-ready",
                                                            "no-checkpoint",
                                                            "checkpoint-stale",
                                                            "skip-possible",
                                                            "beyond-target-end",
                                                            "over-replay-budget",
                                                            "source-topic-recreated",
                                                            "target-truncated",
                                                            "group-offset-sync-blocked",
                                                            "never-checkpointed",
                                                            "offset-syncs-topic-at-risk",
                                                            "source-records-lost"};
static_assert(kVerdictNames.size() == static_cast<size_t>(kLastVerdict) + 1);

constexpr std::array<std::string_view, 5> kCheckpointKeptNames = {"", "monotonic-filter", "too-old",
                                                                  "not-ready", "no-sync"};
constexpr std::array<std::string_view, 6> kUnknownReplayNames = {"",
                                                                 "no-sync-read",
                                                                 "checkpoint-unexplained",
                                                                 "passed-through",
                                                                 "extrapolated",
                                                                 "synced-offset-unexplained"};

constexpr std::array<std::string_view, 2> kResumeSourceNames = {"checkpoint", "synced-group-offset"};
constexpr std::array<std::string_view, 4> kGroupOffsetSyncNames = {"enabled", "disabled", "observed",
                                                                   "unknown"};

// The stale limit and how it was chosen: the user's, else 1.5 emit intervals (the next checkpoint
// is due one interval plus processing time after the last) of the configured interval, else of
// the cadence the checkpoints written by then show, else of MM2's default.
void chooseStaleLimit(const Session& session, const ReportOptions& options, Report& report)
{
    const SessionInfo& info = session.info;
    std::string interval;
    if (info.emitIntervalConfigured) {
        report.emitIntervalMs = info.emitCheckpointsIntervalMs;
        interval = "emit.checkpoints.interval.seconds of the MM2 configuration, " +
                   formatDurationMs(report.emitIntervalMs);
    } else if (const auto observed = observedCheckpointCadence(session, report.atMs)) {
        report.emitIntervalMs = observed->intervalMs;
        interval = "the checkpoint cadence observed, " + formatDurationMs(observed->intervalMs) + " (" +
                   std::to_string(observed->rounds) + " emission rounds by then)" +
                   ", as no MM2 configuration was given";
    } else {
        report.emitIntervalMs = info.emitCheckpointsIntervalMs;
        report.emitIntervalAssumed = true;
        interval = "MM2's default emit interval, " + formatDurationMs(report.emitIntervalMs) +
                   ", as no MM2 configuration was given and too few checkpoints show a cadence";
    }
    if (options.staleAfterMs > 0) {
        report.staleAfterMs = options.staleAfterMs;
        report.staleAfterFrom = "given with --stale-after";
    } else {
        report.staleAfterMs = report.emitIntervalMs * 3 / 2;
        report.staleAfterFrom = "1.5 x " + interval;
    }
}

GroupOffsetSyncMode groupOffsetSyncMode(const SessionInfo& info, bool targetOffsetsSeen)
{
    if (info.syncGroupOffsets)
        return *info.syncGroupOffsets ? GroupOffsetSyncMode::Enabled : GroupOffsetSyncMode::Disabled;
    return targetOffsetsSeen ? GroupOffsetSyncMode::Observed : GroupOffsetSyncMode::Unknown;
}

// The upstream equivalent of a synced target group offset T: the retained sync it sits on (T is
// an earlier checkpoint's D_c, so d_s or d_s + 1 of a sync MM2 held), else one the store has
// thinned out since, when the rule says.
std::optional<int64_t> syncedUpstreamEquivalent(const Mm2State& state, const TopicPartition& tp,
                                                std::optional<uint32_t> upstreamId, int64_t target)
{
    const TranslationRule rule = state.store().profile().translation;
    for (const RetainedSync& r : state.store().retained(tp))
        if (const auto ueq = upstreamEquivalentOf(rule, r.sync, target))
            return ueq;
    if (upstreamId)
        if (const auto sync = state.syncAtDownstream(*upstreamId, target))
            return upstreamEquivalentOf(rule, *sync, target);
    return std::nullopt;
}

// Why a row has no replication position: the session never read Connect's offsets topic, the
// reader could not read it, the partition's position was removed, or none was committed yet.
std::string unknownReplicationText(const SessionInfo& info, const std::optional<ReaderEvent>& trouble,
                                   const std::optional<ObservedPosition>& position, int64_t at)
{
    const std::string& topic = info.connectOffsetsTopic;
    if (topic.empty())
        return "the session holds no replication positions: it was recorded before driftscope read MM2's "
               "Connect offsets topic, or imported from text";
    if (trouble)
        return "the reader could not read " + topic + " (" + trouble->state + " at " +
               formatUtcMs(trouble->atMs) + "): " + trouble->message;
    if (position)
        return "the partition's last record in " + topic + ", at " +
               formatUtcMs(position->stamp.timestampMs) +
               ", is a tombstone: MM2's position for it was removed (its source connector's offsets were "
               "reset "
               "or deleted)";
    return "no position for the partition in " + topic + " as of " + formatUtcMs(at) +
           ": MM2's source connector commits one at each offset flush (offset.flush.interval.ms, " +
           formatDurationMs(info.offsetFlushIntervalMs) +
           ") once it has replicated a record of the partition under the source alias " + info.sourceAlias +
           ", and never for a partition the flow does not mirror";
}

// Why a row has no resume point, from the verdict that says why MM2 emitted no checkpoint.
std::string noResumeReason(const PartitionReport& row)
{
    if (row.checkpoint)
        return {};
    for (Verdict v : row.verdicts)
        if (v == Verdict::NoSync || v == Verdict::TooOld || v == Verdict::NotReady) {
            std::string reason(verdictName(v));
            std::replace(reason.begin(), reason.end(), '-', ' ');
            return reason;
        }
    return "no checkpoint";
}

std::vector<std::string> reportedGroups(const Session& session, const ReportOptions& options)
{
    if (options.groups.empty())
        return knownGroups(session);
    std::vector<std::string> groups = options.groups;
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    return groups;
}

// Why MM2 would emit no newer checkpoint than the one in force, though the group committed since.
CheckpointKept keptBecause(const PartitionReport& row, const ReleaseProfile& profile)
{
    if (!row.checkpoint || !row.committed || *row.committed == row.checkpoint->upstream || !row.translated)
        return CheckpointKept::No;
    const Translation& t = *row.translated;
    switch (t.status) {
    case TranslationStatus::TooOld:
        return CheckpointKept::TooOld;
    case TranslationStatus::NotReady:
        return CheckpointKept::NotReady;
    case TranslationStatus::NoSync:
        return CheckpointKept::NoSync;
    case TranslationStatus::Identity:
        return CheckpointKept::No;
    case TranslationStatus::Translated:
        break;
    }
    const CheckpointView& c = *row.checkpoint;
    if (profile.monotonicCheckpoints && t.downstream &&
        !movesPastLastCheckpoint(c.upstream, c.downstream, *row.committed, *t.downstream))
        return CheckpointKept::MonotonicFilter;
    return CheckpointKept::No;
}

void judge(PartitionReport& row, const Mm2State& state, std::optional<uint32_t> upstreamId,
           int64_t staleAfterMs)
{
    if (row.translated) {
        switch (row.translated->status) {
        case TranslationStatus::NoSync:
        case TranslationStatus::Identity:
            row.verdicts.push_back(Verdict::NoSync);
            break;
        case TranslationStatus::TooOld:
            row.verdicts.push_back(Verdict::TooOld);
            break;
        case TranslationStatus::NotReady:
            row.verdicts.push_back(Verdict::NotReady);
            break;
        case TranslationStatus::Translated:
            if (!row.checkpoint)
                row.verdicts.push_back(Verdict::NoCheckpoint);
            break;
        }
    }
    if (!row.checkpoint)
        return;
    const CheckpointView& c = *row.checkpoint;
    row.checkpointKept = keptBecause(row, state.store().profile());
    if (checkpointOutOfDate(row, staleAfterMs) && row.checkpointKept == CheckpointKept::No)
        row.verdicts.push_back(Verdict::CheckpointStale);
    // Extrapolating releases assume D_c holds the record U_c. Over gaps (transaction markers,
    // compaction) the target has fewer records than that, so D_c lies past U_c's copy.
    const bool extrapolatedOverGaps = state.store().profile().translation == TranslationRule::Extrapolate &&
                                      c.sync && c.upstream > c.sync->upstream && upstreamId &&
                                      state.driftVaries(*upstreamId);
    if (row.replay.skips() || extrapolatedOverGaps)
        row.verdicts.push_back(Verdict::SkipPossible);
    if (row.targetEnd && row.resume && row.resume->offset > *row.targetEnd)
        row.verdicts.push_back(Verdict::BeyondTargetEnd);
}

// The group's pace from its committed offsets as sampled and as MM2 read them for its
// checkpoints, and the time the row's outcome represents
// at it: "replays 1,745 offsets, about 44 s of the group's processing".
void measurePace(PartitionReport& row, const SampleState& samples, const RecentOffsets& checkpointed,
                 uint32_t group, std::optional<uint32_t> upstreamId)
{
    const auto pace = paceOf(samples.recentCommitted(group, upstreamId), checkpointed);
    if (!pace) {
        row.paceUnknownBecause = "fewer than two readings of the group's committed offset (samples or "
                                 "checkpoints)";
        return;
    }
    if (pace->advanced <= 0 || pace->spanMs <= 0) {
        if (pace->advanced < 0)
            row.paceUnknownBecause = "the group's committed offset moved back";
        else if (pace->spanMs <= 0) // readings of one moment: records without times, say
            row.paceUnknownBecause = "its readings carry no time apart";
        else { // appended: GCC 12's -Wrestrict false positive at -O3 (text_format.h)
            row.paceUnknownBecause = "the group committed no progress in the last ";
            row.paceUnknownBecause += formatDurationMs(pace->spanMs);
            row.paceUnknownBecause += " of readings";
        }
        return;
    }
    row.pace = pace;
    if (!row.replay.available || !row.replay.known)
        return;
    // Exact integer arithmetic: offsets x span / advanced, rounded to the millisecond.
    __extension__ typedef __int128 Wide;
    const Wide offsets = row.replay.skip > 0 ? row.replay.skip : row.replay.replay;
    const Wide ms = (offsets * pace->spanMs + pace->advanced / 2) / pace->advanced;
    row.outcomeTimeMs = ms > INT64_MAX ? INT64_MAX : static_cast<int64_t>(ms);
}

// Why nothing says which source record the target holds at the row's resume offset, when
// nothing does.
UnknownReplay whyUnknown(const PartitionReport& row, const Mm2State& state)
{
    if (!row.replay.available || row.replay.known)
        return UnknownReplay::No;
    const CheckpointView& c = *row.checkpoint;
    if (!c.explained)
        return state.store().retained(row.upstream).empty() ? UnknownReplay::NoSyncRead
                                                            : UnknownReplay::CheckpointUnexplained;
    if (!c.sync)
        return UnknownReplay::PassedThrough;
    if (c.downstream != c.sync->downstream)
        return UnknownReplay::Extrapolated;
    return UnknownReplay::SyncedOffsetUnexplained;
}

std::string unknownReplayText(const PartitionReport& row, const Release& release)
{
    const CheckpointView& c = *row.checkpoint;
    const std::string checkpoint = withThousands(c.upstream) + " -> " + withThousands(c.downstream);
    switch (row.replayUnknown) {
    case UnknownReplay::No:
        return {};
    case UnknownReplay::NoSyncRead:
        return "no offset sync of " + toString(row.upstream) + " was read by then, so nothing says which " +
               "source record the target holds at " + withThousands(c.downstream) +
               " (is the offset-syncs topic the one MM2 writes?)";
    case UnknownReplay::CheckpointUnexplained:
        return "no sync read by then explains checkpoint " + checkpoint + " under MM2 " + toString(release) +
               " rules (is " + toString(release) + " the release MM2 runs?)";
    case UnknownReplay::PassedThrough:
        return "checkpoint " + checkpoint + " came from no sync (MM2 up to 3.2.x passes an offset it " +
               "cannot translate through unchanged), so nothing says which source record the target " +
               "holds at " + withThousands(c.downstream);
    case UnknownReplay::Extrapolated:
        return "MM2 " + toString(release) + " extrapolated checkpoint " + checkpoint + " from its sync " +
               withThousands(c.sync->upstream) + " -> " + withThousands(c.sync->downstream) +
               ": gaps (transaction markers, compaction, filtered records) put the record the target " +
               "holds at " + withThousands(c.downstream) + " later than " + withThousands(c.upstream) +
               " by an amount the syncs do not show";
    case UnknownReplay::SyncedOffsetUnexplained:
        return "no retained sync explains the target group offset " + withThousands(row.replay.resumeAt) +
               " that consumers resume at";
    }
    return {};
}

// The checkpoints MM2 applied by then are the session's first `checkpointsRead`; heartbeats count
// by record time, as the explorer's series do.
OtherVersionRecords otherVersionRecords(const Session& session, size_t checkpointsRead, int64_t atMs,
                                        bool mm2Fails)
{
    OtherVersionRecords out;
    out.mm2FailsOnThem = mm2Fails;
    const auto note = [&out](int16_t version, int64_t stampMs) {
        if (out.total() == 0 || stampMs < out.firstStampMs) {
            out.firstVersion = version;
            out.firstStampMs = stampMs;
        }
    };
    for (size_t i = 0; i < checkpointsRead && i < session.checkpoints.size(); ++i) {
        const ObservedCheckpoint& c = session.checkpoints[i];
        if (c.version == 0)
            continue;
        note(c.version, c.stamp.timestampMs);
        ++out.checkpoints;
    }
    for (const ObservedHeartbeat& h : session.heartbeats) {
        if (h.heartbeat.version == 0 || h.stamp.timestampMs > atMs)
            continue;
        note(h.heartbeat.version, h.stamp.timestampMs);
        ++out.heartbeats;
    }
    return out;
}

} // namespace

bool checkpointOutOfDate(const PartitionReport& row, int64_t staleAfterMs)
{
    return row.checkpoint && row.committed && *row.committed != row.checkpoint->upstream &&
           row.checkpoint->ageMs && *row.checkpoint->ageMs > staleAfterMs;
}

std::string_view verdictName(Verdict verdict)
{
    return kVerdictNames[static_cast<size_t>(verdict)];
}

std::string verdictNames()
{
    std::string names;
    for (std::string_view name : kVerdictNames)
        names += (names.empty() ? "" : ", ") + std::string(name);
    return names;
}

std::string evidenceOf(const PartitionReport& row, Verdict verdict)
{
    for (const auto& [v, words] : row.evidence)
        if (v == verdict)
            return words;
    return {};
}

std::string_view verdictMeaning(Verdict verdict)
{
    switch (verdict) {
    case Verdict::NoSync:
        return "MM2 has no offset sync for the partition: it cannot translate the group's offset (up to "
               "3.2.x it "
               "passes it through unchanged), so a failover has no resume point";
    case Verdict::TooOld:
        return "the committed offset is older than the oldest sync MM2 kept: MM2 emits no checkpoint for it";
    case Verdict::NotReady:
        return "MM2's store has not finished reading the offset syncs topic: it translates nothing yet";
    case Verdict::NoCheckpoint:
        return "MM2 could translate the committed offset but has emitted no checkpoint for it yet";
    case Verdict::CheckpointStale:
        return "the group committed since the checkpoint, which is older than the stale limit, and MM2 would "
               "now emit a newer one: a failover replays what was committed since (staleness)";
    case Verdict::SkipPossible:
        return "a failover may skip records: this release extrapolates from its only sync (up to 3.4.0), and "
               "over gaps (aborted transactions, compaction, filtered records) the checkpoint lies past the "
               "committed record's copy; or the resume offset's upstream equivalent is past what the group "
               "processed";
    case Verdict::OverReplayBudget:
        return "a failover would replay more than the replay budget (--max-replay-records, "
               "--max-replay-seconds) allows: consumers must be idempotent for that much, or MM2 tuned "
               "for less (the part that dominates says which setting)";
    case Verdict::BeyondTargetEnd:
        return "the resume offset is past the target partition's end: the consumer's auto.offset.reset "
               "decides "
               "where it starts";
    case Verdict::SourceTopicRecreated:
        return "the source partition lost records MM2 had replicated or the group had consumed (its log end "
               "went back: the topic was deleted and created again, or truncated): the checkpoint in force "
               "translates offsets of a log that is gone";
    case Verdict::TargetTruncated:
        return "the target partition lost records MM2 had written there (its log end went back: deleted and "
               "created again, or truncated): the offset syncs and checkpoints point into a log that is gone";
    case Verdict::GroupOffsetSyncBlocked:
        return "the flow syncs group offsets, but the target group's offset stayed behind the checkpoint "
               "for longer than two sync intervals: MM2 commits only to target groups without active "
               "members, "
               "so consumers on the target resume further back than the checkpoint";
    case Verdict::NeverCheckpointed:
        return "the flow's group filter (groups, groups.exclude) excludes the group: MM2 never translates "
               "its offsets, so a failover has no resume point from MM2";
    case Verdict::OffsetSyncsTopicAtRisk:
        return "the offset-syncs topic deletes records (cleanup.policy delete with a retention), while a "
               "checkpoint task that starts reads its syncs back from that topic alone: after a restart, "
               "partitions whose syncs were deleted translate coarser, not at all, or (up to 3.2.x) pass "
               "their offsets through unchanged";
    case Verdict::SourceRecordsLost:
        return "the source partition's log start passed the next offset MM2 would replicate (the position "
               "its "
               "source connector committed): retention or a deletion removed records before MM2 replicated "
               "them, so they are missing on the target, except those MM2 had read and not yet flushed";
    }
    return {};
}

int64_t paceTenthsPerSecond(const Pace& pace)
{
    __extension__ typedef __int128 Wide;
    const Wide tenths = (Wide{pace.advanced} * 10'000 + pace.spanMs / 2) / pace.spanMs;
    return tenths > INT64_MAX ? INT64_MAX : static_cast<int64_t>(tenths);
}

std::string_view checkpointKeptName(CheckpointKept kept)
{
    return kCheckpointKeptNames[static_cast<size_t>(kept)];
}

std::string_view checkpointKeptMeaning(CheckpointKept kept)
{
    switch (kept) {
    case CheckpointKept::No:
        break;
    case CheckpointKept::MonotonicFilter:
        return "MM2 emits a checkpoint only when its downstream offset moves forward (from 3.4.1), and it "
               "translates the committed offset to no more than this one";
    case CheckpointKept::TooOld:
        return "MM2 cannot translate the committed offset (older than the oldest sync it kept), so it emits "
               "nothing newer";
    case CheckpointKept::NotReady:
        return "MM2's store has not finished reading the offset syncs, so it emits nothing newer yet";
    case CheckpointKept::NoSync:
        return "MM2 holds no offset sync of the partition, so it emits nothing newer";
    }
    return {};
}

std::string_view unknownReplayName(UnknownReplay why)
{
    return kUnknownReplayNames[static_cast<size_t>(why)];
}

std::string_view resumeSourceName(ResumeSource source)
{
    return kResumeSourceNames[static_cast<size_t>(source)];
}

std::string_view groupOffsetSyncModeName(GroupOffsetSyncMode mode)
{
    return kGroupOffsetSyncNames[static_cast<size_t>(mode)];
}

Report buildReport(const Session& session, const ReportOptions& options)
{
    const Mm2State state(session, options.state, options.atMs.value_or(session.lastActivityMs()));
    return buildReport(session, state, options);
}

Report buildReport(const Session& session, const Mm2State& state, const ReportOptions& options)
{
    SampleState samples(session);
    samples.advanceTo(state.atMs());
    return buildReport(session, state, samples, options);
}

namespace {

// "source disconnected since ..." for a reader not connected to its cluster: the report holds only
// as of then.
void noteNotConnected(Report& report, const char* side, const std::optional<ClusterState>& state,
                      int64_t since, const std::string& detail)
{
    if (!state || *state == ClusterState::Connected)
        return;
    report.asOfMs = std::min(report.asOfMs, since);
    if (!report.staleBecause.empty())
        report.staleBecause += "; ";
    report.staleBecause += side;
    report.staleBecause += " ";
    report.staleBecause += clusterStateName(*state);
    report.staleBecause += " since " + formatUtcMs(since);
    if (!detail.empty())
        report.staleBecause += " (" + detail + ")";
}

// What holds for every row: the release, the limits, the group-offset sync mode, what was read
// and skipped, and as of when the report holds.
Report reportFrame(const Session& session, const Mm2State& state, const SampleState& samples,
                   const ReportOptions& options)
{
    const int64_t at = state.atMs();
    const SessionInfo& info = session.info;
    Report report;
    report.atMs = at;
    report.release = state.store().profile().release;
    // The rules of another release than the one asked for: said wherever the report goes.
    if (options.state.release == report.release)
        report.releaseWarning = options.state.releaseWarning;
    report.sourceAlias = info.sourceAlias;
    report.targetAlias = info.targetAlias;
    chooseStaleLimit(session, options, report);
    report.budget = options.budget;
    // Keys sort by side first: the first target-side key, if any, is found without a scan.
    const auto& allCommitted = samples.allCommitted();
    const bool targetOffsetsSeen =
        allCommitted.lower_bound({ClusterSide::Target, 0, 0}) != allCommitted.end();
    report.groupOffsetSync = groupOffsetSyncMode(info, targetOffsetsSeen);
    if (report.groupOffsetSync == GroupOffsetSyncMode::Enabled)
        report.groupOffsetSyncIntervalMs = info.syncGroupOffsetsIntervalMs;
    report.recordTimesUnknown = info.recordTimesUnknown;
    report.syncsApplied = state.syncsApplied();
    report.checkpointsApplied = state.checkpointsApplied();
    report.unexplainedCheckpoints = state.unexplainedCheckpoints();
    report.otherVersion = otherVersionRecords(session, report.checkpointsApplied, at,
                                              state.store().profile().refusesOtherRecordVersions);
    report.reader = summarizeReader(session, at);
    for (const size_t n : report.reader.undecodable)
        report.undecodableRecords += n;
    report.asOfMs = at;
    const ReaderSummary& reader = report.reader;
    noteNotConnected(report, "source", reader.sourceState, reader.sourceSinceMs, reader.sourceDetail);
    noteNotConnected(report, "target", reader.targetState, reader.targetSinceMs, reader.targetDetail);
    report.offsetSyncsConfigs = topicConfigsAt(session, info.offsetSyncsTopic, at);
    if (report.offsetSyncsConfigs && report.offsetSyncsConfigs->configs)
        report.offsetSyncsRisk =
            offsetSyncsTopicRisk(*report.offsetSyncsConfigs, state.store().profile().noSync);
    return report;
}

// A group's partitions: those it committed on the source, and those with checkpoints in force.
struct GroupPartitions {
    std::map<TopicPartition, std::optional<uint32_t>> ids;           // upstream -> its session id
    std::map<TopicPartition, const CheckpointInForce*> checkpointOf; // by upstream partition
};

GroupPartitions groupPartitions(const Session& session, const Mm2State& state, const SampleState& samples,
                                uint32_t group)
{
    GroupPartitions g;
    const auto& sampled = samples.allCommitted();
    for (auto it = sampled.lower_bound({ClusterSide::Source, group, 0});
         it != sampled.end() && std::get<0>(it->first) == ClusterSide::Source &&
         std::get<1>(it->first) == group;
         ++it)
        g.ids.emplace(session.partition(std::get<2>(it->first)), std::get<2>(it->first));
    const auto& upstreamOf = state.upstreamOf();
    for (auto it = state.checkpoints().lower_bound({group, 0});
         it != state.checkpoints().end() && it->first.first == group; ++it) {
        const uint32_t target = it->first.second;
        const TopicPartition tp = checkpointUpstream(session, upstreamOf, target);
        g.ids.emplace(tp, upstreamOf[target]);
        g.checkpointOf[tp] = &it->second;
    }
    return g;
}

// What one row of a report is computed from.
struct RowInputs {
    const Session& session;
    const Mm2State& state;
    const SampleState& samples;
    const ReportOptions& options;
    const Report& report; // its frame (reportFrame)
    const std::string& group;
    uint32_t groupId;
    std::optional<std::string> excludedBecause;         // MM2 never checkpoints the group
    const std::optional<ReaderEvent>& positionsTrouble; // reading the target's connect offsets
};

// The committed offset (sampled, or the newer checkpoint's reading) and the checkpoint in force.
void readCommittedAndCheckpoint(PartitionReport& row, const RowInputs& in, std::optional<uint32_t> upstreamId,
                                const CheckpointInForce* inForce)
{
    if (const auto committed = in.samples.committed(ClusterSide::Source, in.groupId, upstreamId)) {
        row.committed = committed->offset;
        row.committedAtMs = committed->atMs;
    }
    if (!inForce)
        return;
    const ObservedCheckpoint& c = in.session.checkpoints[inForce->index];
    // A checkpoint's age when its time is known.
    const auto age = in.report.recordTimesUnknown
                         ? std::nullopt
                         : std::optional<int64_t>(in.report.atMs - c.stamp.timestampMs);
    row.checkpoint =
        CheckpointView{c.upstream, c.downstream, c.stamp.timestampMs, age, inForce->sync, inForce->explained};
    // A checkpoint is MM2's reading of the committed offset when it was emitted: newer than the
    // last sample, it is the better knowledge of S (samples come every few seconds, and imported
    // text has none).
    if (!row.committedAtMs || *row.committedAtMs < c.stamp.timestampMs) {
        row.committed = c.upstream;
        row.committedAtMs = c.stamp.timestampMs;
        row.committedFromCheckpoint = true;
    }
}

// Where a consumer on the target would resume, and how much it would replay.
void resumeAndReplay(PartitionReport& row, const RowInputs& in, std::optional<uint32_t> upstreamId,
                     std::optional<uint32_t> downstreamId)
{
    if (row.committed)
        row.translated = in.state.store().translate(row.upstream, *row.committed);
    if (const auto target = in.samples.committed(ClusterSide::Target, in.groupId, downstreamId))
        row.targetCommitted = target->offset;
    // A consumer starting on the target uses the group's committed offset there when it has one;
    // MM2 put it there when the flow syncs group offsets.
    const GroupOffsetSyncMode mode = in.report.groupOffsetSync;
    const bool consumersUseTargetOffsets =
        mode == GroupOffsetSyncMode::Enabled || mode == GroupOffsetSyncMode::Observed;
    const bool fromTarget = consumersUseTargetOffsets && row.targetCommitted && row.checkpoint;
    if (row.checkpoint)
        row.resume = fromTarget ? ResumeOffset{*row.targetCommitted, ResumeSource::SyncedGroupOffset}
                                : ResumeOffset{row.checkpoint->downstream, ResumeSource::Checkpoint};
    if (!row.committed || !row.checkpoint)
        return;
    const CheckpointView& c = *row.checkpoint;
    ReplayInput replay{in.report.atMs, *row.committed,
                       std::nullopt,   ResumePoint{c.upstream, c.downstream, c.emittedAtMs, c.sync},
                       std::nullopt,   in.state.store().profile().translation,
                       nullptr};
    if (fromTarget)
        replay.synced = SyncedGroupOffset{
            *row.targetCommitted,
            syncedUpstreamEquivalent(in.state, row.upstream, upstreamId, *row.targetCommitted)};
    row.replay = analyzeReplay(replay);
}

// The logs' ends and how far MM2 replicated the partition.
void readLogs(PartitionReport& row, const RowInputs& in, std::optional<uint32_t> upstreamId,
              std::optional<uint32_t> downstreamId)
{
    if (const auto log = in.samples.log(ClusterSide::Source, upstreamId)) {
        row.sourceStart = log->start;
        row.sourceEnd = log->end;
    }
    const auto position = in.samples.position(upstreamId);
    if (position && position->offset != ObservedPosition::kNone)
        row.replication = {javalong::add(position->offset, 1), position->stamp.timestampMs};
    else
        row.replicationUnknownBecause =
            unknownReplicationText(in.session.info, in.positionsTrouble, position, in.report.atMs);
    if (const auto log = in.samples.log(ClusterSide::Target, downstreamId))
        row.targetEnd = log->end;
}

PartitionReport partitionRow(const RowInputs& in, const TopicPartition& tp,
                             std::optional<uint32_t> upstreamId, const CheckpointInForce* inForce)
{
    const SessionInfo& info = in.session.info;
    PartitionReport row;
    row.group = in.group;
    row.upstream = tp;
    row.downstream = checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, tp);
    const auto downstreamId = in.session.findPartition(row.downstream);
    readCommittedAndCheckpoint(row, in, upstreamId, inForce);
    resumeAndReplay(row, in, upstreamId, downstreamId);
    readLogs(row, in, upstreamId, downstreamId);
    judge(row, in.state, upstreamId, in.report.staleAfterMs);
    judgeIntegrity(row,
                   {in.session, in.samples, in.state, in.groupId, upstreamId, downstreamId, inForce,
                    in.report.groupOffsetSync, info.syncGroupOffsetsIntervalMs, in.excludedBecause,
                    notMirroredText(in.state.store().profile(), info, tp.topic), in.report.offsetSyncsRisk});
    row.noResumeReason = noResumeReason(row);
    row.replayUnknown = whyUnknown(row, in.state);
    row.replayUnknownBecause = unknownReplayText(row, in.report.release);
    static const RecentOffsets noReadings;
    measurePace(row, in.samples, inForce ? inForce->readings : noReadings, in.groupId, upstreamId);
    row.overBudget =
        overBudget(row.replay, row.outcomeTimeMs, row.paceUnknownBecause,
                   row.checkpointKept != CheckpointKept::No, in.options.budget, row.budgetUndecidedBecause);
    if (row.overBudget)
        row.verdicts.push_back(Verdict::OverReplayBudget);
    return row;
}

} // namespace

Report buildReport(const Session& session, const Mm2State& state, const SampleState& samples,
                   const ReportOptions& options)
{
    Report report = reportFrame(session, state, samples, options);
    const int64_t at = report.atMs;
    const GroupFilterCheck groupFilter(session.info);
    const auto positionsTrouble =
        topicTroubleAt(session, ClusterSide::Target, session.info.connectOffsetsTopic, at);
    for (const std::string& name : reportedGroups(session, options)) {
        const auto group = session.findGroup(name);
        if (!group)
            continue;
        // MM2 never checkpoints a group its filter excludes, nor one its listing leaves out.
        auto excludedBecause = groupFilter.excludedBecause(name);
        if (!excludedBecause)
            excludedBecause = groupNotListedAt(session, name, at);
        const RowInputs in{session, state,  samples,         options,         report,
                           name,    *group, excludedBecause, positionsTrouble};
        const GroupPartitions partitions = groupPartitions(session, state, samples, *group);
        for (const auto& [tp, upstreamId] : partitions.ids) {
            if (!options.partitions.empty() && std::find(options.partitions.begin(), options.partitions.end(),
                                                         tp) == options.partitions.end())
                continue;
            const auto inForce = partitions.checkpointOf.find(tp);
            report.rows.push_back(partitionRow(
                in, tp, upstreamId, inForce == partitions.checkpointOf.end() ? nullptr : inForce->second));
        }
    }
    return report;
}

} // namespace driftscope
