// The report of `driftscope-cli report` and the GUI's group table: per consumer group and
// partition at a moment, the committed offset, what MM2 would translate it to, the checkpoint in
// force and its age, the replay window a failover would cause, and health verdicts.
#pragma once

#include "model/analysis/replay.h"
#include "model/session/mm2_state.h"
#include "model/session/reader_problems.h"
#include "model/session/sample_state.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

enum class Verdict {
    NoSync,          // no sync for the partition: MM2 cannot translate (or translates U to U up to 3.2.x)
    TooOld,          // the committed offset is older than the oldest retained sync: no checkpoint
    NotReady,        // the store has not finished its initial read-to-end
    NoCheckpoint,    // the group has a committed offset but no checkpoint for the partition
    CheckpointStale, // the group moved on but the checkpoint is older than the stale limit
    SkipPossible,    // a failover may skip records (extrapolating releases over gaps, or proven)
    BeyondTargetEnd, // the checkpoint points past the target's log end: a failover resets the group
};

// "no-sync", "too-old", "not-ready", "no-checkpoint", "checkpoint-stale", "skip-possible",
// "beyond-target-end".
std::string_view verdictName(Verdict verdict);
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
    int64_t ageMs = 0;
    std::optional<StoredSync> sync;
    bool explained = false;
};

struct PartitionReport {
    std::string group;
    TopicPartition upstream;               // on the source
    TopicPartition downstream;             // its name on the target, as checkpoints name it
    std::optional<int64_t> committed;      // S: the group's last committed offset on the source
    std::optional<int64_t> committedAtMs;  // when that offset was sampled
    bool committedFromCheckpoint = false;  // S is the checkpoint's U_c: newer than any sample
    std::optional<Translation> translated; // MM2's translation of S now (none without S)
    std::optional<CheckpointView> checkpoint;
    // MM2 would emit no newer checkpoint now: from 3.4.1 it emits one only when the downstream
    // offset moves forward (or the group rewound), and its translation of the committed offset
    // gives no more than the checkpoint's. An old checkpoint is then not a stale one.
    bool checkpointHeld = false;
    ReplayWindow replay;
    std::optional<ResumeOffset> resume;     // none: no checkpoint, see noResumeReason
    std::string noResumeReason;             // "no checkpoint", "no sync", "too old", "not ready"
    std::optional<int64_t> targetCommitted; // the group's committed offset on the target
    std::optional<int64_t> sourceEnd;       // log end offsets as last sampled
    std::optional<int64_t> targetEnd;
    std::vector<Verdict> verdicts; // empty: healthy
};

struct Report {
    int64_t atMs = 0;
    Release release;
    std::string sourceAlias, targetAlias;
    int64_t staleAfterMs = 0;
    std::string staleAfterFrom; // how the stale limit was chosen, in words
    int64_t emitIntervalMs = 0; // the emit interval it assumes: configured, observed or MM2's default
    GroupOffsetSyncMode groupOffsetSync = GroupOffsetSyncMode::Unknown;
    int64_t groupOffsetSyncIntervalMs = 0; // when Enabled
    size_t syncsApplied = 0;
    size_t checkpointsApplied = 0;
    size_t unexplainedCheckpoints = 0;
    size_t undecodableRecords = 0; // read by then
    ReaderSummary reader;          // the reader's problems by then (undecodable records by topic...)
    // When a cluster is not connected at atMs, the answer holds as of when it was last read:
    // asOfMs is that moment and staleBecause says why ("source unreachable since ..."). Empty
    // staleBecause: the answer is current.
    int64_t asOfMs = 0;
    std::string staleBecause;
    std::vector<PartitionReport> rows; // by group, then upstream partition
};

// The group committed since a checkpoint older than the stale limit: stale, unless MM2 holds it
// (checkpointHeld), which reports then say instead.
bool checkpointOutOfDate(const PartitionReport& row, int64_t staleAfterMs);

Report buildReport(const Session& session, const ReportOptions& options);
// The same from a state already rebuilt for options.atMs (the GUI keeps one per cursor).
Report buildReport(const Session& session, const Mm2State& state, const ReportOptions& options);
// The same with the samples already taken in up to state.atMs() (sweeps over time keep both).
Report buildReport(const Session& session, const Mm2State& state, const SampleState& samples,
                   const ReportOptions& options);

} // namespace driftscope
