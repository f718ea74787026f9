// What the demo's own run did and how its MM2 keeps up, in the words and JSON the CLI's
// demo-cluster and the GUI's status bar both show: the one home of the demo's run summary.
#pragma once

#include "model/util/json_writer.h"

#include <cstdint>
#include <string>

namespace driftscope::kafka {

struct DemoStats {
    uint64_t produced = 0;
    uint64_t replicated = 0;
    uint64_t filtered = 0;
    uint64_t syncsSent = 0;
    uint64_t positions = 0; // replication positions written to Connect's offsets topic
    uint64_t checkpoints = 0;
    uint64_t heartbeats = 0;
    uint64_t groupCommits = 0;
    // Far-behind positions found pruned from the source log, reset to its start (what a consumer
    // with auto.offset.reset=earliest does): the mock keeps about 5 MB a partition.
    uint64_t groupResets = 0;
    uint64_t syncsRead = 0; // by the engine's own store
    // The demo's own MM2 against its source: records written but not yet mirrored, the age of
    // the oldest of them now and the largest that age has been, and the age beyond which the demo
    // cannot keep up with its scenario (demoMirrorLagLimitMs).
    int64_t mirrorLagRecords = 0;
    int64_t mirrorLagMs = 0;
    int64_t mirrorLagMaxMs = 0;
    int64_t mirrorLagLimitMs = 0;
    bool keepingUp() const { return mirrorLagMs <= mirrorLagLimitMs; }
};

// The demo's status in one line, for the CLI and the GUI alike: how far its MM2 is behind, and
// when that is beyond the scenario's design, that the demo cannot keep up (so that its own
// starvation is never taken for MM2 behaviour).
std::string demoStatusText(const DemoStats& stats);

// What the run did so far and its status: "1200 records produced, 1180 replicated (30 filtered),
// 24 offset syncs, 16 checkpoints, 60 heartbeats, 40 group commits; demo MM2 lag ...".
std::string demoRunSummary(const DemoStats& stats);

// The status as one JSON object, `elapsedMs` after the demo started: its counts, its MM2's lag
// and demoStatusText as "status".
void writeDemoStatusJson(JsonWriter& json, const DemoStats& stats, int64_t elapsedMs);

} // namespace driftscope::kafka
