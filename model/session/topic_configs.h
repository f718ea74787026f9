// The configs of MM2's offset-syncs topic that decide whether its syncs outlive a restart, as the
// reader describes them (DescribeConfigs). They travel as a reader event of state
// ReaderEventState::TopicConfigs, whose message this module writes and reads, so captures keep them.
#pragma once

#include "model/session/session.h"
#include "model/util/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace driftscope {

struct TopicConfigs {
    std::string topic;
    std::string cleanupPolicy; // "compact", "delete", "compact,delete" (no spaces)
    int64_t retentionMs = -1;
    int64_t retentionBytes = -1;

    friend bool operator==(const TopicConfigs&, const TopicConfigs&) = default;
};

// From a DescribeConfigs answer, which names every config with the value in force (a broker's
// default included); an answer without one of the three, or with a retention that is not a
// number, is an error that says so: never a guessed default.
Result<TopicConfigs> topicConfigsFrom(const std::string& topic,
                                      const std::map<std::string, std::string>& configs);

// "TOPIC: cleanup.policy=P retention.ms=N retention.bytes=N", and back.
std::string formatTopicConfigs(const TopicConfigs& configs);
std::optional<TopicConfigs> parseTopicConfigs(std::string_view message);
// "TOPIC: configs unknown: BECAUSE", the message of a ReaderEventState::TopicConfigsUnknown event.
std::string topicConfigsUnknownMessage(const std::string& topic, const std::string& because);

// What the session knows of `topic`'s configs by `atMs`: the newest of its "topic-configs" and
// "topic-configs-unknown" events.
struct TopicConfigsReading {
    std::optional<TopicConfigs> configs; // set when read
    std::string unknownBecause;          // set when not
    int64_t atMs = 0;
};
std::optional<TopicConfigsReading> topicConfigsAt(const Session& session, const std::string& topic,
                                                  int64_t atMs);

} // namespace driftscope
