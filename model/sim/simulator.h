// A deterministic run of a source topic, MM2 and consumer groups over time (a fixed-step
// simulation, seeded). Producers write records (with transaction markers and other gaps), MM2's
// source task replicates them and emits offset syncs by the release's rules, its checkpoint task
// translates the groups' committed offsets, and consumers commit at their cadence. The simulator
// keeps the ground truth of which source record sits at which target offset, so every sample
// knows exactly how many records a failover at that moment would replay or skip.
#pragma once

#include "model/analysis/replay.h"
#include "model/records/records.h"
#include "model/session/sample_state.h"
#include "model/sim/exact_distribution.h"
#include "model/sim/scenario.h"

#include <functional>
#include <optional>

namespace driftscope::sim {

// A replay's time is measured at the group's processing rate over this much simulated time
// before the moment (or since the start, when shorter): the window reports measure a group's
// pace over (kPaceWindowMs).
constexpr int64_t kReplayRateWindowMs = kPaceWindowMs;

// One group partition at one sample time.
struct Sample {
    int64_t timeMs = 0;
    int groupIndex = 0; // into Scenario::groups
    int partition = 0;
    int64_t sourceEndOffset = 0;
    int64_t targetEndOffset = 0;
    std::optional<int64_t> committed;       // S(t): none before the group's first commit
    int64_t processed = 0;                  // P(t)
    std::optional<ResumePoint> checkpoint;  // the last checkpoint emitted for it
    std::optional<int64_t> translatedAgeMs; // since the checkpoint task last translated it (even
                                            // when the monotonic filter kept the old checkpoint)
    ReplayWindow replay;
    int64_t replayRecords = 0;  // records between Ueq and P: read twice after a failover
    int64_t skippedRecords = 0; // records between P and Ueq: never read after a failover
    // The time the replay represents, in tenths of a second: replayRecords at the records per
    // second the group processed on this partition over the kReplayRateWindowMs that end at the
    // last whole second (or since the start, when shorter). None without a checkpoint, or when
    // the group processed nothing in that window (a stalled group: its time is unknown).
    std::optional<int64_t> replayTenths;
    // The checkpoint points at or past the target's end: a failover now is out of range and the
    // consumer resets to the end (auto.offset.reset=latest), which Ueq accounts for.
    bool checkpointBeyondTargetEnd = false;
    bool skips() const { return skippedRecords > 0; }
    std::optional<int64_t> syncedGroupOffset; // the target group's offset (sync.group.offsets)
};

struct RunSummary {
    int64_t simulatedMs = 0;
    uint64_t recordsProduced = 0;
    uint64_t recordsReplicated = 0;
    uint64_t recordsReplicatedAgain = 0; // duplicates after source-task restarts
    uint64_t syncsTriggered = 0;
    uint64_t syncsSent = 0;
    uint64_t syncsDropped = 0;
    uint64_t checkpointsEmitted = 0;
    uint64_t checkpointPollsFailed = 0;
    uint64_t groupOffsetWrites = 0;
    int64_t sampleIntervalMs = 0;
    uint64_t samples = 0;         // printed samples: sample times x group partitions
    uint64_t samplesWithSkip = 0; // printed samples at which a failover would skip records

    // Over every simulated step, each tick and each group partition, sampled or not: what a
    // failover at any moment of the run would do. Percentiles are exact (nearest rank).
    uint64_t steps = 0;
    uint64_t stepsWithCheckpoint = 0; // a checkpoint in force: a failover has a resume position
    uint64_t stepsWithSkip = 0;       // of those, steps at which a failover would skip records
    std::optional<Percentiles> replayRecordsAnyStep; // over the steps with a checkpoint
    int64_t maxSkippedRecordsAnyStep = 0;
    uint64_t stepsWithReplayTime = 0; // with a checkpoint, and the group processed in the window
    std::optional<Percentiles> replayTenthsAnyStep; // tenths of a second, over those steps
    // The distributions those come from, for other percentiles (tune checks its own).
    ExactDistribution replayRecordsDistribution;
    ExactDistribution replayTenthsDistribution;
};

// The records MM2 writes during a run, for callers that want them (a simulation shown as a
// session): offset syncs when they land in the syncs topic, checkpoints when emitted.
struct RecordSink {
    std::function<void(int64_t atMs, const OffsetSync&)> offsetSync;
    std::function<void(int64_t atMs, const Checkpoint&)> checkpoint;
    // The source connector's position at an offset flush: the last record it replicated.
    std::function<void(int64_t atMs, const TopicPartition&, int64_t offset)> position;
};

// Runs `scenario` (which must validate) and hands every sample to `onSample` as it is taken,
// every sampleIntervalOf(scenario).
RunSummary simulate(const Scenario& scenario, const std::function<void(const Sample&)>& onSample,
                    const RecordSink& sink = {});

} // namespace driftscope::sim
