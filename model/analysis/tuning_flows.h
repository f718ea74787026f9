// The flows of a session (a capture, live clusters) as the tuning model needs them: per group
// partition the produce rate, the group's pace, lag and commit cadence, and the MM2 settings in
// force, each with where it came from (docs/tuning.md).
#pragma once

#include "model/analysis/health_report.h"
#include "model/analysis/tuning_model.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope::tuning {

// What the session does not show, given by the user (or left to MM2's defaults).
struct FlowOverrides {
    std::optional<int64_t> offsetLagMax;
    std::optional<int64_t> offsetFlushIntervalMs;
    std::optional<int64_t> commitIntervalMs; // every group's
};

struct ObservedFlows {
    FlowProfile profile;
    std::vector<std::string> notes; // where each figure came from
};

// The report's rows (at its moment) and the session's samples up to it.
ObservedFlows flowsOfReport(const Session& session, const Report& report, const FlowOverrides& overrides);

// offset.lag.max as MM2's syncs show it: the most common spacing of consecutive syncs of a
// partition, in downstream records, less one, when at least a third of the spacings have it.
std::optional<int64_t> inferOffsetLagMax(const Session& session, int64_t upToMs, std::string& how);

} // namespace driftscope::tuning
