// What a scenario made happen, as marks on the explorer's time axes (timeline_marks.h): MM2's
// task restarts, the selected group's stalls and the recreated target partitions. A simulation
// knows these for certain; the records and samples show only their effects.
#pragma once

#include "model/analysis/timeline_marks.h"
#include "model/sim/scenario.h"

namespace driftscope::sim {

// The marks of `scenario`'s events that concern `selection` (resolved): every task restart, the
// stalls of the selected group, the recreations of the selected partition's mirror. Scenario
// time 0 is `epochMs`, as in simulateSession. Sorted by time.
std::vector<TimelineMark> scenarioMarks(const Scenario& scenario, int64_t epochMs,
                                        const Selection& selection);

} // namespace driftscope::sim
