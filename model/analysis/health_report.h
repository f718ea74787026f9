// The report of `driftscope-cli report` and the GUI's group table: per consumer group and
// partition at a moment, the committed offset, what MM2 would translate it to, the checkpoint in
// force and its age, the replay window a failover would cause, and health verdicts.
#pragma once

#include "model/analysis/replay.h"
#include "model/analysis/replay_budget.h"
#include "model/session/mm2_state.h"
#include "model/session/reader_problems.h"
#include "model/session/sample_state.h"
#include "model/session/topic_configs.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driftscope {

enum class Verdict {
    NoSync,           // no sync for the partition: MM2 cannot translate (or translates U to U up to 3.2.x)
    TooOld,           // the committed offset is older than the oldest retained sync: no checkpoint
    NotReady,         // the store has not finished its initial read-to-end
    NoCheckpoint,     // the group has a committed offset but no checkpoint for the partition
    CheckpointStale,  // the group moved on but the checkpoint is older than the stale limit
    SkipPossible,     // a failover may skip records (extrapolating releases over gaps, or proven)
    BeyondTargetEnd,  // the checkpoint points past the target's log end: a failover resets the group
    OverReplayBudget, // a failover would replay more than the replay budget allows
    // Integrity (model/analysis/integrity.h): what the samples prove happened to the logs and
    // to MM2's group-offset sync.
    SourceTopicRecreated,   // the source log went back: deleted and created again, or truncated
    TargetTruncated,        // the target log went back, or lacks a record MM2 wrote there
    GroupOffsetSyncBlocked, // MM2 should have committed the checkpoint to the target group by now
    NeverCheckpointed,      // the flow's group filter excludes the group: MM2 never translates it
    OffsetSyncsTopicAtRisk, // the broker deletes offset syncs a restarted checkpoint task needs
    SourceRecordsLost,      // the source's log start passed MM2's replication position
};
constexpr Verdict kLastVerdict = Verdict::SourceRecordsLost;

// "no-sync", "too-old", "not-ready", "no-checkpoint", "checkpoint-stale", "skip-possible",
// "beyond-target-end", "over-replay-budget", "source-topic-recreated", "target-truncated",
// "group-offset-sync-blocked", "never-checkpointed", "offset-syncs-topic-at-risk",
// "source-records-lost".
std::string_view verdictName(Verdict verdict);
// Every verdict's name, comma-separated, for help texts and errors.
std::string verdictNames();
// What the verdict means for a failover, in one sentence, for tooltips, legends and the README.
std::string_view verdictMeaning(Verdict verdict);

struct ReportOptions {
    Mm2StateOptions state;
    std::optional<int64_t> atMs;     // default: the session's last activity
    std::vector<std::string> groups; // empty: every group the session selected or saw
    // Upstream partitions to report (series of one group need only a few); empty: all.
    std::vector<TopicPartition> partitions;
    // A checkpoint older than this while the group moved on is stale. 0: one and a half emit
    // intervals (the next checkpoint is due one interval plus processing time after the last).
    int64_t staleAfterMs = 0;
    ReplayBudget budget; // none: no row is judged against one
};

// Where a failed-over group starts on the target: the checkpoint's downstream offset (what
// RemoteClusterUtils.translateOffsets and a failover plan reset it to), or, when the flow syncs
// group offsets, the target group offset MM2 committed, which a consumer uses on its own.
enum class ResumeSource { Checkpoint, SyncedGroupOffset };
// "checkpoint", "synced-group-offset".
std::string_view resumeSourceName(ResumeSource source);

struct ResumeOffset {
    int64_t offset = 0;
    ResumeSource source = ResumeSource::Checkpoint;
};

// Whether the flow commits checkpoints to the target groups (sync.group.offsets.enabled), and how
// driftscope knows it.
enum class GroupOffsetSyncMode {
    Enabled,  // the MM2 configuration (or the scenario) says so
    Disabled, // the MM2 configuration says not
    Observed, // not configured here, but the target groups have committed offsets
    Unknown,  // not configured here and no target group offset seen
};
std::string_view groupOffsetSyncModeName(GroupOffsetSyncMode mode);

struct CheckpointView {
    int64_t upstream = 0;   // U_c
    int64_t downstream = 0; // D_c: where a failover resumes on the target
    int64_t emittedAtMs = 0;
    std::optional<int64_t> ageMs; // none: the records carry no times (SessionInfo::recordTimesUnknown)
    std::optional<StoredSync> sync;
    bool explained = false;
};

// Why the checkpoint in force stays although the group committed since: MM2 would emit nothing
// newer now, so however old it is, it is not stale.
enum class CheckpointKept {
    No,              // MM2 would emit a newer checkpoint now (stale once older than the limit)
    MonotonicFilter, // 3.4.1+: it translates the committed offset to no more than this one
    TooOld,          // the committed offset is older than the oldest retained sync
    NotReady,        // the store has not finished its initial read of the offset syncs
    NoSync,          // the store holds no sync of the partition
};
// "", "monotonic-filter", "too-old", "not-ready", "no-sync".
std::string_view checkpointKeptName(CheckpointKept kept);
// Why it stays, in words: "MM2 emits a checkpoint only when its downstream offset moves forward
// (from 3.4.1), and it translates the committed offset to no more than this one".
std::string_view checkpointKeptMeaning(CheckpointKept kept);

// Why the outcome of a failover is unknown (ReplayWindow::known is false): nothing says which
// source record the target holds at the resume offset.
enum class UnknownReplay {
    No,                      // known (or no checkpoint: no outcome at all)
    NoSyncRead,              // no offset sync of the partition was read by then
    CheckpointUnexplained,   // no sync read explains the checkpoint under the chosen release
    PassedThrough,           // up to 3.2.x, translated without a sync (U -> U)
    Extrapolated,            // up to 3.4.0, extrapolated past its sync
    SyncedOffsetUnexplained, // no retained sync explains the synced target group offset
};
// "", "no-sync-read", "checkpoint-unexplained", "passed-through", "extrapolated",
// "synced-offset-unexplained".
std::string_view unknownReplayName(UnknownReplay why);

struct PartitionReport {
    std::string group;
    TopicPartition upstream;               // on the source
    TopicPartition downstream;             // its name on the target, as checkpoints name it
    std::optional<int64_t> committed;      // S: the group's last committed offset on the source
    std::optional<int64_t> committedAtMs;  // when that offset was sampled
    bool committedFromCheckpoint = false;  // S is the checkpoint's U_c: newer than any sample
    std::optional<Translation> translated; // MM2's translation of S now (none without S)
    std::optional<CheckpointView> checkpoint;
    // Why MM2 would emit no newer checkpoint now, though the group committed since the one in
    // force: an old checkpoint is then not a stale one.
    CheckpointKept checkpointKept = CheckpointKept::No;
    ReplayWindow replay;
    UnknownReplay replayUnknown = UnknownReplay::No;
    std::string replayUnknownBecause; // the row's own words when replayUnknown is set
    // The group's pace on the partition: how far its committed offset moved over the last minute
    // of readings (samples, and MM2's checkpoints; kPaceWindowMs); none, with the reason, when it
    // did not move forward.
    std::optional<Pace> pace;
    std::string paceUnknownBecause;
    // The time the outcome (the replay, or the skip) represents at that pace; none when either
    // is not known.
    std::optional<int64_t> outcomeTimeMs;
    std::optional<BudgetExcess> overBudget; // with the verdict over-replay-budget
    std::string budgetUndecidedBecause;     // a budget was given but this row cannot be judged
    std::optional<ResumeOffset> resume;     // none: no checkpoint, see noResumeReason
    std::string noResumeReason;             // "no checkpoint", "no sync", "too old", "not ready"
    std::optional<int64_t> targetCommitted; // the group's committed offset on the target
    std::optional<int64_t> sourceStart;     // the source's log start as last sampled
    std::optional<int64_t> sourceEnd;       // log end offsets as last sampled
    std::optional<int64_t> targetEnd;
    // MM2's replication position of the upstream partition (SampleState::position): the next
    // offset it would replicate, and when its source connector committed that. None when the
    // session read no position for it, or the last one was removed.
    struct Replication {
        int64_t nextOffset = 0;
        int64_t committedAtMs = 0;
    };
    std::optional<Replication> replication;
    std::string replicationUnknownBecause; // why replication is none
    std::vector<Verdict> verdicts;         // empty: healthy
    // What proves each verdict that needs the row's own figures (the integrity verdicts), in
    // words with offsets and times: "the source log end went back from 1,200 to 30 between ...".
    std::vector<std::pair<Verdict, std::string>> evidence;
};

// The row's evidence for `verdict`, or empty.
std::string evidenceOf(const PartitionReport& row, Verdict verdict);

// A pace in tenths of an offset per second, rounded: 1837 is 183.7 offsets/s.
int64_t paceTenthsPerSecond(const Pace& pace);

// Checkpoint and heartbeat records read by a report's time whose value version is not 0, the
// only one MM2 writes: 4.4.0 fails on them, earlier releases read them as version 0.
struct OtherVersionRecords {
    size_t checkpoints = 0, heartbeats = 0;
    int16_t firstVersion = 0;    // of the first such record read
    int64_t firstStampMs = 0;    // its record time
    bool mm2FailsOnThem = false; // under the report's release (ReleaseProfile::refusesOtherRecordVersions)

    size_t total() const { return checkpoints + heartbeats; }
};

struct Report {
    int64_t atMs = 0;
    // The records carry no times (SessionInfo::recordTimesUnknown): atMs is not a time, checkpoint
    // ages are unknown and no checkpoint is judged stale.
    bool recordTimesUnknown = false;
    Release release;
    // Set when the release asked for is not one driftscope knows and another's rules run.
    std::string releaseWarning;
    std::string sourceAlias, targetAlias;
    int64_t staleAfterMs = 0;
    std::string staleAfterFrom; // how the stale limit was chosen, in words
    ReplayBudget budget;
    int64_t emitIntervalMs = 0;       // the emit interval it assumes: configured, observed or MM2's default
    bool emitIntervalAssumed = false; // MM2's default, as nothing showed the interval
    GroupOffsetSyncMode groupOffsetSync = GroupOffsetSyncMode::Unknown;
    int64_t groupOffsetSyncIntervalMs = 0; // when Enabled
    size_t syncsApplied = 0;
    size_t checkpointsApplied = 0;
    size_t unexplainedCheckpoints = 0;
    size_t undecodableRecords = 0; // read by then
    OtherVersionRecords otherVersion;
    ReaderSummary reader; // the reader's problems by then (undecodable records by topic...)
    // The offset-syncs topic's configs as the reader last described them by atMs, or why they are
    // unknown; none when the session never asked (captures of older releases, imports, simulations,
    // a topic never found).
    std::optional<TopicConfigsReading> offsetSyncsConfigs;
    std::optional<std::string> offsetSyncsRisk; // integrity.h: why the topic is at risk, if it is
    // When a cluster is not connected at atMs, the answer holds as of when it was last read:
    // asOfMs is that moment and staleBecause says why ("source unreachable since ..."). Empty
    // staleBecause: the answer is current.
    int64_t asOfMs = 0;
    std::string staleBecause;
    std::vector<PartitionReport> rows; // by group, then upstream partition
};

// The group committed since a checkpoint older than the stale limit: stale, unless MM2 would
// emit nothing newer now (checkpointKept), which reports then say instead.
bool checkpointOutOfDate(const PartitionReport& row, int64_t staleAfterMs);

Report buildReport(const Session& session, const ReportOptions& options);
// The same from a state already rebuilt for options.atMs (the GUI keeps one per cursor).
Report buildReport(const Session& session, const Mm2State& state, const ReportOptions& options);
// The same with the samples already taken in up to state.atMs() (sweeps over time keep both).
Report buildReport(const Session& session, const Mm2State& state, const SampleState& samples,
                   const ReportOptions& options);

} // namespace driftscope
