// The simulator's side of tuning: a scenario's flows for the model, and the check of a
// recommendation by running the scenario with it (docs/tuning.md). The model's percentile is an
// estimate; the simulator's is measured over every step of the run, and where it misses the
// target the settings are tightened until it meets it.
#pragma once

#include "model/analysis/tuning.h"
#include "model/sim/scenario.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace driftscope::sim {

// The scenario's group partitions as the model sees them: a bursty scenario's in two regimes
// (weighted by their time), a group that cannot keep up at the lag it has half way through.
tuning::FlowProfile flowsOfScenario(const Scenario& scenario);

// The scenario with only `groups` (all when empty), and the events that name them.
Scenario keepGroups(Scenario scenario, const std::vector<std::string>& groups);

// The scenario with MM2's settings and the groups' commit intervals set, only `groups` kept (all
// when empty), run long enough for each interval to come round ten times, and on at most
// checkedPartitions() partitions.
Scenario tuned(Scenario scenario, const tuning::Knobs& knobs,
               const std::map<std::string, std::pair<int64_t, int64_t>>& commitIntervalMs,
               const std::vector<std::string>& groups);

// How many of a scenario's partitions a check simulates: all, or as many as keep it to a few
// hundred group partitions (they are alike).
int checkedPartitions(const Scenario& scenario);

// A simulated percentile, in the target's unit (seconds from the run's tenths).
struct Simulated {
    std::optional<double> p50, p, max; // none when no step had a checkpoint (or a known time)
    uint64_t steps = 0;                // steps the percentiles are over
    uint64_t stepsWithSkip = 0;        // a failover would have skipped records
    int64_t simulatedMs = 0;
};
Simulated measure(const Scenario& scenario, const tuning::Target& target);

struct CheckedRecommendation {
    tuning::Knobs knobs;                // as recommended, or tightened until the simulation met the target
    Simulated simulated;                // with `knobs`
    std::vector<std::string> tightened; // "offset.lag.max 2,374 -> 1,899: simulated p99 1,206 > 1,000"
    bool met = false;
};
// Simulates with `knobs`; while the simulated percentile misses the target, tightens the knob
// whose part weighs more in the model (offset.lag.max by a fifth, or the emit interval a step down
// the ladder), up to a dozen times; then loosens offset.lag.max as far as the simulation still
// meets the target (a bisection), so that the advice sits at the boundary the simulation shows.
using SimulateWith = std::function<Simulated(const tuning::Knobs&)>;
// `lagMaxMatters` is false where offset.lag.max has no effect on the flows (it is then left alone).
CheckedRecommendation checkBySimulation(const SimulateWith& simulateWith, const tuning::FlowProfile& profile,
                                        const tuning::Knobs& knobs, const tuning::Target& target,
                                        bool lagMaxMatters);
} // namespace driftscope::sim
