// What the simulator runs: a source topic, its producers, MM2 between source and target, and the
// consumer groups on the source, with events at given times. All times are milliseconds.
#pragma once

#include "model/mm2/release.h"
#include "model/util/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace driftscope::sim {

struct GroupSpec {
    std::string name;
    double consumeRate = -1;         // records/s per partition; negative: keeps up with the producer
    int64_t commitIntervalMs = 5000; // auto.commit.interval.ms or the application's cadence
    // The first commit comes this much after the first interval: consumers that started at
    // another moment than MM2 commit at another phase of its checkpoint rounds.
    int64_t commitPhaseMs = 0;
};

enum class EventKind {
    SourceTaskRestart,     // MM2's source task stops and resumes from its committed source offsets
    CheckpointTaskRestart, // the checkpoint task restarts and rebuilds its store (restores 3.7.1+)
    ConsumerStall,         // a group stops consuming and committing for a while
    TruncateTarget         // a target partition is recreated: downstream offsets start again at 0
};

struct Event {
    int64_t atMs = 0;
    EventKind kind = EventKind::SourceTaskRestart;
    int64_t durationMs = 0;    // downtime of a restart, length of a stall
    std::string group;         // ConsumerStall
    int partition = -1;        // TruncateTarget; -1: every partition
    bool restoreFails = false; // CheckpointTaskRestart: reading the checkpoints topic fails
    bool graceful = false;     // SourceTaskRestart: a clean stop commits its source offsets first
};

struct Scenario {
    std::string name = "custom";
    // The group whose story the scenario tells: the explorer opens on it (empty: the first group).
    std::string focusGroup;
    Release release = kDefaultRelease;
    uint64_t seed = 1;
    int64_t durationMs = 3'600'000;
    int64_t sampleIntervalMs = 0; // 0: chosen from the scenario's intervals (sampleIntervalOf)
    int64_t tickMs = 100;         // simulation step

    std::string sourceAlias = "A";
    std::string targetAlias = "B";
    std::string topic = "orders";
    int partitions = 4;
    double produceRate = 50; // records/s per partition
    double burstFactor = 1;  // produce rate multiplier during bursts
    int64_t burstPeriodMs = 0;
    int64_t burstLengthMs = 0;
    double gapRatio = 0;            // share of source offsets that are transaction markers
    int64_t compactionGapEvery = 0; // records between larger gaps (compaction, filtering)
    int64_t compactionGapSize = 0;  // offsets in such a gap

    int64_t offsetLagMax = 100;
    int64_t emitCheckpointsIntervalMs = 60'000;
    int64_t offsetFlushIntervalMs = 60'000;
    int64_t replicationLagMs = 200; // produce -> replicated on the target
    int64_t syncAckLatencyMs = 5;   // offset-sync send -> acknowledged (frees a permit)
    int64_t syncReadLagMs = 500;    // offset-sync written -> read by the checkpoint task
    bool syncGroupOffsets = false;  // sync.group.offsets.enabled
    int64_t syncGroupOffsetsIntervalMs = 60'000;

    std::vector<GroupSpec> groups;
    std::vector<Event> events;
};

// The sample interval a scenario gets when it sets none: a tenth of its shortest interval (the
// checkpoint emit interval, the groups' commit intervals, the group-offset sync interval when
// that runs), in whole ticks and at least one tick. Samples that far apart show the saw-tooth of
// every part of the replay window; samples as far apart as an interval would all land at the
// same phase of it (just after each checkpoint, say) and show a flat, misleading line. A run
// that would print more than kMaxDefaultSamples samples (sample times x group partitions) that
// way samples just often enough to stay within them: the window keeps every sample in memory.
// (The summary's maxima and percentiles cover every step whatever the sample interval.)
constexpr int64_t kMaxDefaultSamples = 500'000;
int64_t defaultSampleIntervalMs(const Scenario& scenario);
// The scenario's own sample interval, or the default when it sets none. The CLI, the window's
// first view and every rerun from the what-if panel sample by this.
int64_t sampleIntervalOf(const Scenario& scenario);

// Built-in scenarios: steady, bursty, gappy-transactions, checkpoint-task-restart, legacy-skip.
std::vector<std::string> scenarioNames();
Result<Scenario> namedScenario(const std::string& name);

// "600:source-task-restart[:DOWNTIME_S[:graceful]]",
// "1800:checkpoint-task-restart[:DOWNTIME_S[:restore-fails]]", "300:consumer-stall:GROUP:SECONDS",
// "900:truncate-target[:PARTITION]". Times in seconds.
Result<Event> parseEvent(const std::string& spec);
std::string describeEvent(const Event& event);

// Groups "app-1" ... "app-N" committing every 5 s, 30 s, 60 s in turn.
std::vector<GroupSpec> defaultGroups(int count);

// An empty string, or what is wrong with the scenario.
std::string validate(const Scenario& scenario);

// Transactions of this many records give the requested share of marker offsets (0: none).
int64_t transactionSizeFor(double gapRatio);

} // namespace driftscope::sim
