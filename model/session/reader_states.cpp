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

std::string_view readerEventName(ReaderEventState state)
{
    switch (state) {
    case ReaderEventState::Started:
        return "started";
    case ReaderEventState::GroupFilterInvalid:
        return "group-filter-invalid";
    case ReaderEventState::GroupsCapped:
        return "groups-capped";
    case ReaderEventState::ClientRenewed:
        return "client-renewed";
    case ReaderEventState::TopicFound:
        return "topic-found";
    case ReaderEventState::TopicMissing:
        return "topic-missing";
    case ReaderEventState::TopicUnreadable:
        return "topic-unreadable";
    case ReaderEventState::FetchError:
        return "fetch-error";
    case ReaderEventState::Fetching:
        return "fetching";
    case ReaderEventState::SampleFailed:
        return "sample-failed";
    case ReaderEventState::Sampled:
        return "sampled";
    case ReaderEventState::GroupNotListed:
        return "group-not-listed";
    case ReaderEventState::GroupListingUnavailable:
        return "group-listing-unavailable";
    case ReaderEventState::TopicConfigs:
        return "topic-configs";
    case ReaderEventState::TopicConfigsUnknown:
        return "topic-configs-unknown";
    }
    return "unknown";
}

bool isProgressState(std::string_view state)
{
    using enum ReaderEventState;
    for (const ReaderEventState progress : {Started, TopicFound, Sampled, Fetching, TopicConfigs})
        if (state == readerEventName(progress))
            return true;
    return state == clusterStateName(ClusterState::Connected);
}

std::optional<ClusterState> parseClusterState(std::string_view name)
{
    for (const ClusterState state : kClusterStates)
        if (clusterStateName(state) == name)
            return state;
    return std::nullopt;
}

} // namespace driftscope
