// What the embedded demo clusters run: topics on the source cluster with their produce rates,
// consumer groups with their habits, and the MM2 settings of the engine that mirrors them.
#pragma once

#include "model/mm2/release.h"
#include "model/util/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace driftscope::kafka {

struct DemoTopic {
    std::string name;
    int partitions = 1;
    double recordsPerSecond = 10; // per partition
    // Share of records the demo's MM2 drops (as a Filter transformation would): their offsets
    // have no copy on the target, so offsets drift apart with gaps between syncs.
    double filteredShare = 0;
};

struct DemoGroup {
    enum class Habit {
        KeepsUp,   // commits the log end at each commit
        FarBehind, // consumes at `speed` times the produce rate, from the beginning
        Stalls     // keeps up until `stallAfterMs`, then never commits again
    };
    std::string name;
    Habit habit = Habit::KeepsUp;
    int64_t commitIntervalMs = 5000;
    double speed = 0.5;                   // FarBehind
    int64_t stallAfterMs = 20'000;        // Stalls
    std::vector<std::string> topics = {}; // the topics it consumes; empty: all
};

struct DemoScenario {
    std::string name;
    std::string description;
    Release release = kDefaultRelease;
    std::string sourceAlias = "A";
    std::string targetAlias = "B";
    std::vector<DemoTopic> topics;
    std::vector<DemoGroup> groups;
    int64_t offsetLagMax = 100;
    int64_t offsetFlushIntervalMs = 5000;
    int64_t emitCheckpointsIntervalMs = 10'000;
    int64_t heartbeatIntervalMs = 1000;
    // The producers send each partition's records owed by its rate once per interval, as one
    // batch. The mock broker keeps a partition's log as a list of such batches and finds every
    // fetch offset by walking that list from its head (docs/demo.md): one-record batches make each
    // fetch cost grow with the log, until the mock's thread starves the demo's own MM2.
    int64_t produceIntervalMs = 1000;
};

// How far behind the source the demo's own MM2 may be (its oldest record not yet mirrored) before
// the demo says it cannot keep up: two produce intervals and a few seconds of fetch waits.
int64_t demoMirrorLagLimitMs(const DemoScenario& scenario);

// "steady", "legacy", "busy", "load".
std::vector<std::string> demoScenarioNames();
Result<DemoScenario> demoScenario(const std::string& name);

} // namespace driftscope::kafka
