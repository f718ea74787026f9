// Tuning MM2 for a replay budget: the cheapest settings under which the model (tuning_model.h)
// puts a chosen percentile of the replay within a target, what they cost, and where no MM2
// setting can reach it (docs/tuning.md). The simulator checks the answer (sim/tune_check.h).
#pragma once

#include "model/analysis/tuning_model.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace driftscope::tuning {

struct Target {
    Unit unit = Unit::Records;
    double amount = 0;      // records, or seconds, per partition
    double percentile = 99; // over group partitions and the moment of the failover
};

// The replay the model expects: its median and the target's percentile, each part alone at that
// percentile, in records and in seconds (over the flows whose pace is known).
struct Prediction {
    size_t recordsFlows = 0, secondsFlows = 0; // flows the figures are over
    double p50Records = 0, pRecords = 0;
    PartWidths partsRecords{};
    std::optional<double> p50Seconds, pSeconds;
    PartWidths partsSeconds{};
    // The most any failover replays: every part at its width at once, on the worst flow.
    double maxRecords = 0;
    std::optional<double> maxSeconds;
};

// A group partition the target cannot be met for by MM2's settings, and what would have to change.
struct Unreachable {
    std::string group;
    TopicPartition partition;
    Part part = Part::Cadence;
    double amount = 0; // that part alone at the percentile, in the target's unit, MM2 at its tightest
    std::string change;
};

struct Recommendation {
    std::string refused; // set when there is no answer at all (a release before 3.4.1)
    bool reachable = false;
    Knobs knobs; // the cheapest MM2 settings that meet the target (when reachable)
    // Set when offset.lag.max makes no difference from this value on (every flow's syncs come at
    // its gaps or offset flushes first): the recommendation keeps the current value if it is one.
    std::optional<int64_t> offsetLagMaxNoEffectFrom;
    // Per group: its commit interval now, and the largest that lets the target be met (its
    // current one unless the group's commits alone break the target).
    std::map<std::string, std::pair<int64_t, int64_t>> commitIntervalMs;
    Prediction current, predicted;
    Cost currentCost, cost;
    std::vector<Unreachable> unreachable;
    std::vector<std::string> leftOut; // flows the model cannot judge, with why ("group p: why")
    size_t flowsModelled = 0;
};

// "99", "99.9": a percentile as the outputs name it (p99).
std::string percentileText(double percent);

// The emit intervals the search tries, in seconds: round figures an operator would set.
const std::vector<int64_t>& emitIntervalLadder();

Prediction predict(const FlowProfile& profile, const Knobs& knobs, double percentile);

// Past this offset.lag.max every flow's syncs come at its gaps or offset flushes first: larger
// values change nothing (a very large value when some flow has no such cap).
int64_t saturatingLagMax(const FlowProfile& profile);

Recommendation recommend(const FlowProfile& profile, const Target& target);

// The profile with each group's commit interval replaced as the recommendation says.
FlowProfile withCommitIntervals(FlowProfile profile, const Recommendation& recommendation);

} // namespace driftscope::tuning
