// A simulation seen as a session, so that the explorer shows it with the same model and plots as
// a capture: the records MM2 wrote (offset syncs when they landed, checkpoints when emitted),
// and at each sample what a reader sampling the clusters would have seen (committed offsets on
// the source, MM2's synced offsets on the target, log end offsets on both sides). The
// simulator's ground truth, which no reader can see, comes alongside.
#pragma once

#include "model/analysis/release_difference.h"
#include "model/session/session.h"
#include "model/sim/simulator.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace driftscope::sim {

// What really happened to one group partition at a sample time.
struct TruthPoint {
    int64_t atMs = 0;
    int64_t processed = 0;      // P(t)
    int64_t replayRecords = 0;  // records a failover now would read twice
    int64_t skippedRecords = 0; // records a failover now would never read
};

struct SimulatedSession {
    Session session;
    // By (group, upstream partition), in time order.
    std::map<std::pair<std::string, TopicPartition>, std::vector<TruthPoint>> truth;
    RunSummary summary;
};

// What the simulator's truth says of a failover at `atMs` (its last sample at or before it), in
// words, for beside a report that may not know: "the simulation's truth at 01:00:00.000: a
// failover would SKIP 19,684 records". Empty before the first sample.
std::string truthText(const std::vector<TruthPoint>& truth, int64_t atMs);

// The truths of one scenario run under two releases, compared sample by sample ("SKIPS 19,684
// records" against "replays 319 records"), and one line per release over the whole run.
AspectDifference compareTruths(const std::vector<TruthPoint>& a, const std::vector<TruthPoint>& b);
std::vector<std::string> truthDifferenceLines(const Release (&releases)[2], const std::vector<TruthPoint>& a,
                                              const std::vector<TruthPoint>& b);

// Simulated time 0 is `epochMs` in the session (times are shown as clock times).
SimulatedSession simulateSession(const Scenario& scenario, int64_t epochMs);

} // namespace driftscope::sim
