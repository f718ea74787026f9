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

// What else a reader event says happened (ReaderEvent::state), besides a cluster's state above.
// As with those, the names are what captures keep.
enum class ReaderEventState {
    Started,                 // the reader started: its flow and release
    GroupFilterInvalid,      // the groups filter does not compile; every group is read
    GroupsCapped,            // more groups than the reader follows
    ClientRenewed,           // a cluster's client was made again after failures
    TopicFound,              // an MM2 topic is listed and read
    TopicMissing,            // not listed
    TopicUnreadable,         // listed with an error, or its offsets refused
    FetchError,              // a partition's fetches fail
    Fetching,                // they work again
    SampleFailed,            // log offsets or a group's offsets could not be sampled
    Sampled,                 // they could be again
    GroupNotListed,          // the source's group listing leaves a group out (groupNotListedMessage)
    GroupListingUnavailable, // the source cannot list its groups
    TopicConfigs,            // a topic's configs, in the message (formatTopicConfigs)
    TopicConfigsUnknown,     // why a topic's configs could not be read
};

// "started", "group-filter-invalid", "groups-capped", "client-renewed", "topic-found",
// "topic-missing", "topic-unreadable", "fetch-error", "fetching", "sample-failed", "sampled",
// "group-not-listed", "group-listing-unavailable", "topic-configs", "topic-configs-unknown".
std::string_view readerEventName(ReaderEventState state);

// Plain progress: started, connected, topic-found, topic-configs (a topic's configs read), and
// the recoveries sampled and fetching. Every other state is something a user may need to know.
bool isProgressState(std::string_view state);

} // namespace driftscope
