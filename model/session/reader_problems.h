// What went wrong for the reader of a session by a moment, for reports: undecodable records
// per internal topic, the clusters' last states, and every reader state that is not plain
// progress (unreachable, failed, topic-missing, topic-unreadable, fetch-error, sample-failed,
// group-listing-unavailable, ...). Captures keep the reader's events, so a report from a
// capture shows the same as the live report did.
#pragma once

#include "model/session/reader_states.h"
#include "model/session/session.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// Events of one cluster (none: of the session), state and message, taken together.
struct ReaderProblem {
    std::optional<ClusterSide> side;
    std::string state;
    std::string message;
    size_t count = 0; // how many events said it (captures of older readers repeat them)
    int64_t firstAtMs = 0;
    int64_t lastAtMs = 0;
};

struct ReaderSummary {
    std::array<size_t, kInternalTopics.size()> undecodable{}; // by InternalTopic
    // The last of connected, unreachable and failed each cluster was in; none when the session
    // says nothing (imports).
    std::optional<ClusterState> sourceState, targetState;
    // Since when each cluster has been in that state, and what the reader said when it entered it.
    int64_t sourceSinceMs = 0, targetSinceMs = 0;
    std::string sourceDetail, targetDetail;
    std::vector<ReaderProblem> problems; // in the order they first happened
};

// Undecodable records whose timestamp and events whose time is at or before `atMs`.
ReaderSummary summarizeReader(const Session& session, int64_t atMs);

// The reader's newest unresolved problem reading `topic` on `side` by `atMs`: a "topic-missing",
// "topic-unreadable" or "fetch-error" event about the topic (or one of its partitions) that no
// later "topic-found" (of the topic) or "fetching" (of that partition) resolved. None when the
// topic was read, as far as the events say.
std::optional<ReaderEvent> topicTroubleAt(const Session& session, ClusterSide side, const std::string& topic,
                                          int64_t atMs);

// A group with committed offsets on the source that the source's group listing leaves out: the
// listing, as MM2's, holds classic and consumer (KIP-848) groups alone, so MM2 never lists, and
// never checkpoints, this one (a streams group, KIP-1071: it commits offsets but is listed as
// another type). The reader says it once per group as a ReaderEventState::GroupNotListed event,
// whose message groupNotListedMessage writes and groupNotListedAt reads.
std::string groupNotListedMessage(const std::string& group);
// The message of the event that says so of `group` on the source by `atMs`, if one did.
std::optional<std::string> groupNotListedAt(const Session& session, const std::string& group, int64_t atMs);

} // namespace driftscope
