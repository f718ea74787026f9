// Writes a failover plan into a folder: one reset file per group with resume offsets (what
// `kafka-consumer-groups --reset-offsets --from-file` reads), plan.txt and plan.json. Each file is
// written whole or not at all (a temporary file renamed over it), so a folder never holds half
// a plan file; files of groups no longer in the plan are left alone.
#pragma once

#include "model/analysis/failover_plan.h"

#include <optional>
#include <string>

namespace driftscope {

// The error (naming the file) or nothing. Creates the folder when missing.
std::optional<std::string> writeFailoverPlan(const std::string& directory, const FailoverPlan& plan,
                                             const PlanCommand& command);

} // namespace driftscope
