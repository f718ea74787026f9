#include "model/session/reader_states.h"

#include <array>

namespace driftscope {
namespace {

constexpr std::array kClusterStates{ClusterState::Connecting, ClusterState::Connected,
                                    ClusterState::Unreachable, ClusterState::Failed, ClusterState::Stopped};

} // namespace

std::string_view clusterStateName(ClusterState state)
{
    switch (state) {
    case ClusterState::Connecting:
        return "connecting";
    case ClusterState::Connected:
        return "connected";
    case ClusterState::Unreachable:
        return "unreachable";
    case ClusterState::Failed:
        return "failed";
    case ClusterState::Stopped:
        return "stopped";
    }
    return "unknown";
}

std::optional<ClusterState> parseClusterState(std::string_view name)
{
    for (const ClusterState state : kClusterStates)
        if (clusterStateName(state) == name)
            return state;
    return std::nullopt;
}

} // namespace driftscope
