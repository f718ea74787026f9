// The three record kinds MM2 writes to its internal topics, as plain values.
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace driftscope {

// A Kafka topic-partition. `topic` is UTF-8 (MM2 decodes malformed bytes to U+FFFD).
struct TopicPartition {
    std::string topic;
    int32_t partition = 0;

    friend bool operator==(const TopicPartition&, const TopicPartition&) = default;
    friend auto operator<=>(const TopicPartition&, const TopicPartition&) = default;
};

// Kafka's TopicPartition.toString(): "<topic>-<partition>".
std::string toString(const TopicPartition& tp);

// "The upstream record at offset `upstream` of `tp` was written downstream at `downstream`".
// The topic is the source-side (not renamed) name.
struct OffsetSync {
    TopicPartition tp;
    int64_t upstream = 0;
    int64_t downstream = 0;

    friend bool operator==(const OffsetSync&, const OffsetSync&) = default;
};

// A translated consumer-group offset emitted by the checkpoint task. `tp` is the target-side
// (renamed) topic-partition; `version` is the value header MM2 wrote (always 0 in practice,
// but the reader accepts any value).
struct Checkpoint {
    std::string group;
    TopicPartition tp;
    int64_t upstream = 0;
    int64_t downstream = 0;
    std::string metadata;
    int16_t version = 0;

    friend bool operator==(const Checkpoint&, const Checkpoint&) = default;
};

struct Heartbeat {
    std::string sourceAlias;
    std::string targetAlias;
    int64_t timestampMs = 0;
    int16_t version = 0;

    friend bool operator==(const Heartbeat&, const Heartbeat&) = default;
};

enum class RecordKind { OffsetSync, Checkpoint, Heartbeat };

// "offset-sync", "checkpoint", "heartbeat": the names used on the command line and in files.
std::string_view kindName(RecordKind kind);

} // namespace driftscope

template <>
struct std::hash<driftscope::TopicPartition> {
    size_t operator()(const driftscope::TopicPartition& tp) const noexcept
    {
        return std::hash<std::string_view>{}(tp.topic) * 31 + static_cast<uint32_t>(tp.partition);
    }
};
