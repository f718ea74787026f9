// The text MM2's console formatters print (docs/mm2-behaviour.md §4.6), both ways.
//
//   OffsetSync{topicPartition=orders-0, upstreamOffset=1234, downstreamOffset=1200}
//   Checkpoint{consumerGroupId=app1, topicPartition=A.orders-0, upstreamOffset=1234,
//              downstreamOffset=1201, metadata=}          (one line; `metatadata=` before 3.5.1)
//   Heartbeat{sourceClusterAlias=A, targetClusterAlias=B, timestamp=1700000000000}
//
// Free-text fields (topic, group, metadata, aliases) may contain anything but a line break,
// including the separators themselves, so the parser anchors on the numeric fields.
// Their bytes are decoded as MM2 decodes STRING fields (java_utf8.h): text that is not UTF-8
// gets U+FFFD, so names are those of the records read from the topics and always valid UTF-8.
#pragma once

#include "model/records/records.h"
#include "model/util/result.h"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace driftscope {

// How MM2's CheckpointFormatter labels the metadata field (which releases use which is the
// release profile's business, in model/mm2).
enum class MetadataLabel {
    Current, // "metadata=" (3.5.1, 3.6.0 and later)
    Misspelt // "metatadata=" (up to 3.5.0, and 3.4.1)
};

using MirrorRecord = std::variant<OffsetSync, Checkpoint, Heartbeat>;

RecordKind kindOf(const MirrorRecord& record);

std::string formatOffsetSync(const OffsetSync& sync);
std::string formatCheckpoint(const Checkpoint& cp, MetadataLabel label = MetadataLabel::Current);
std::string formatHeartbeat(const Heartbeat& hb);
std::string formatRecord(const MirrorRecord& record, MetadataLabel label = MetadataLabel::Current);

// One formatter line (without its line break; a trailing '\r' is tolerated).
Result<MirrorRecord> parseFormatterLine(std::string_view line);

// "orders-3" -> {orders, 3}: split at the last dash, as Kafka prints TopicPartition.
Result<TopicPartition> parseTopicPartition(std::string_view text);

struct NumberedRecord {
    size_t line = 0; // 1-based
    MirrorRecord record;
};

struct LineError {
    size_t line = 0; // 1-based
    std::string message;
};

} // namespace driftscope
