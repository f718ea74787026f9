// How capture files store the long lists of Session: in blocks, one table row per block,
// each block a ColumnBlock with a fixed set of columns per stream (docs/capture-format.md).
// Ids refer to the capture's topic_partitions and consumer_groups tables, which are the
// Session' own dictionaries.
#pragma once

#include "model/capture/column_block.h"
#include "model/session/session.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace driftscope {

// GroupOffsetSamples, not GroupOffsets: that name is the checkpoint task's offsets type (model/mm2), and
// GCC's -Wshadow counts a scoped enumerator as shadowing it.
enum class CaptureStream {
    OffsetSyncs,
    Checkpoints,
    Heartbeats,
    GroupOffsetSamples,
    LogOffsets,
    ReplicationPositions
};

// "offset-syncs", "checkpoints", "heartbeats", "group-offsets", "log-offsets",
// "replication-positions".
std::string_view streamName(CaptureStream stream);
std::optional<CaptureStream> parseStreamName(std::string_view name);

Bytes encodeBlock(std::span<const ObservedSync> items);
Bytes encodeBlock(std::span<const ObservedCheckpoint> items);
Bytes encodeBlock(std::span<const ObservedHeartbeat> items);
Bytes encodeBlock(std::span<const GroupOffsetSample> items);
Bytes encodeBlock(std::span<const LogOffsetSample> items);
Bytes encodeBlock(std::span<const ObservedPosition> items);

// Appends a block's rows to the matching list of `into`. Refuses a malformed block, and one
// whose ids are not in `into`'s dictionaries, with what is wrong; nothing is appended then.
// Strings that are not UTF-8 (only a damaged or foreign capture has them) get U+FFFD, as MM2's
// own decoding would give (java_utf8.h): a session holds valid UTF-8 whatever file it came from.
std::optional<std::string> decodeBlock(CaptureStream stream, ByteView bytes, Session& into);

// The same in two steps, so that readers can decode blocks on several threads (the costly part)
// and append them in order: decodeBlockColumns needs nothing but the bytes.
std::optional<std::string> decodeBlockColumns(CaptureStream stream, ByteView bytes, ColumnBlock& into);
std::optional<std::string> appendBlock(CaptureStream stream, ColumnBlock& block, Session& into);

} // namespace driftscope
