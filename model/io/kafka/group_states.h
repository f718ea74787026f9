// The states of a cluster's consumer groups ("Empty", "Stable", ...), through the same read-only
// client configuration as the live reader: a failover plan says whether a target group is empty
// before anyone resets it.
#pragma once

#include "model/config/connection_settings.h"
#include "model/util/result.h"

#include <map>
#include <string>

namespace driftscope::kafka {

Result<std::map<std::string, std::string>> groupStates(const ClusterConnection& cluster, int timeoutMs);

} // namespace driftscope::kafka
