// A replay budget: how much a failover may replay per partition, in offsets or in time (at the
// group's pace), and whether a partition's replay keeps within it. Operators make consumers
// idempotent for a window and tune MM2 to keep failovers inside it; a row over it gets the
// verdict over-replay-budget with the amount and the part of the replay that dominates.
#pragma once

#include "model/analysis/replay.h"

#include <cstdint>
#include <optional>
#include <string>

namespace driftscope {

struct ReplayBudget {
    std::optional<int64_t> maxRecords; // offsets replayed per partition (--max-replay-records)
    std::optional<int64_t> maxMs;      // the replay's time at the group's pace (--max-replay-seconds)
    bool any() const { return maxRecords || maxMs; }
    friend bool operator==(const ReplayBudget&, const ReplayBudget&) = default;
};

// How far a replay goes past the budget, and which part of it weighs most.
struct BudgetExcess {
    bool inTime = false; // the time budget is exceeded (else the offsets budget)
    int64_t amount = 0;  // the replay: offsets, or ms when inTime
    int64_t limit = 0;   // the budget, in the same unit
    // "granularity", "group-offset sync", "staleness", "staleness of a held checkpoint" or "commit
    // cadence": what to tune (offset.lag.max, sync.group.offsets.interval.seconds,
    // emit.checkpoints.interval.seconds, nothing of MM2's intervals, the consumers' commits).
    std::string dominantPart;
    int64_t dominantOffsets = 0;
};

// Whether a failover's replay keeps within the budget. None when it does, when there is no
// budget or no failover position; when it cannot be told (the replay or its time is unknown),
// none with `undecided` set to why. A skip is not judged here: skip-possible says it. With both
// budgets, the offsets one is reported first. `checkpointHeld`: MM2 keeps the checkpoint in
// force whatever its interval (its staleness then comes from the store, not the emit interval).
std::optional<BudgetExcess> overBudget(const ReplayWindow& replay, std::optional<int64_t> replayTimeMs,
                                       const std::string& paceUnknownBecause, bool checkpointHeld,
                                       const ReplayBudget& budget, std::string& undecided);

// "1,745 offsets, 745 over the budget of 1,000; staleness dominates (1,673)"; in time, "about
// 2 min 41 s, 1 min 41 s over the budget of 1 min 0 s; staleness dominates (1,673 offsets)".
std::string budgetExcessText(const BudgetExcess& excess);

// "at most 1,000 offsets and 1 min 0 s per partition".
std::string budgetText(const ReplayBudget& budget);

} // namespace driftscope
