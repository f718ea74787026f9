// MM2's replication position, as Kafka Connect keeps it for MirrorSourceConnector in its offsets
// topic (dedicated MM2: `mm2-offsets.<source alias>.internal` on the target cluster; a Connect
// cluster's own offset.storage.topic otherwise). Connect's internal JSON converter writes
//   key   ["MirrorSourceConnector",{"cluster":"A","partition":0,"topic":"orders"}]
//   value {"offset":1234}
// where 1234 is the offset of the last source record MM2 replicated and had acknowledged when
// the worker flushed (offset.flush.interval.ms): a task that starts resumes at 1235. A null value
// (a tombstone) removes the position, as an offsets reset does. Other connectors sharing the
// topic (MirrorCheckpointConnector's {"group",...}, MirrorHeartbeatConnector's, anyone's) have
// other source partitions; they are told apart by the shape, not by the connector's name, which
// a Connect cluster lets users choose.
#pragma once

#include "model/records/records.h"
#include "model/records/wire_codec.h"
#include "model/util/result.h"

#include <optional>
#include <string>

namespace driftscope {

struct ConnectPosition {
    std::string connector;         // the name the worker runs it under
    std::string cluster;           // MM2's alias of the source cluster
    TopicPartition tp;             // the source partition
    std::optional<int64_t> offset; // none: a tombstone

    friend bool operator==(const ConnectPosition&, const ConnectPosition&) = default;
};

// What a record of a Connect offsets topic is to driftscope.
struct ConnectOffsetRecord {
    enum class Kind { Position, OtherConnector };
    Kind kind = Kind::OtherConnector;
    ConnectPosition position; // Kind::Position only
};

// Decodes one record; an error says why it is neither MM2's position nor another connector's
// source partition in Connect's format.
Result<ConnectOffsetRecord> decodeConnectOffset(const std::optional<ByteView>& key,
                                                const std::optional<ByteView>& value);

// The key and value Connect writes for `position` (a null value for a tombstone): for the demo's
// MM2 and for tests.
Bytes encodeConnectOffsetKey(const ConnectPosition& position);
std::optional<Bytes> encodeConnectOffsetValue(const ConnectPosition& position);

} // namespace driftscope
