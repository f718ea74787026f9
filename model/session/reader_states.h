// The states a reader gives a cluster, as an enum. Their names are the text that reader events
// carry into captures, exports and reports ("connected", "unreachable", ...), so that a capture
// written by an older reader reads back the same.
#pragma once

#include <optional>
#include <string_view>

namespace driftscope {

enum class ClusterState {
    Connecting,  // not talked to yet
    Connected,   // answered the last round
    Unreachable, // did not answer the last round; the reader tries again
    Failed,      // its client settings were refused or no client could be made: given up
    Stopped      // the reader was stopped
};

// "connecting", "connected", "unreachable", "failed", "stopped".
std::string_view clusterStateName(ClusterState state);
std::optional<ClusterState> parseClusterState(std::string_view name);

} // namespace driftscope
