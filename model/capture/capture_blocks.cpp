#include "model/capture/capture_blocks.h"

#include "model/capture/column_block.h"
#include "model/util/java_utf8.h"

#include <array>
#include <limits>

namespace driftscope {
namespace {

constexpr std::array<std::string_view, 6> kStreamNames = {
    "offset-syncs", "checkpoints", "heartbeats", "group-offsets", "log-offsets", "replication-positions"};

// Column order of each stream; these lists are the file format.
enum SyncColumn {
    kSyncOffset,
    kSyncTimestamp,
    kSyncReadAt,
    kSyncPartition,
    kSyncUpstream,
    kSyncDownstream,
    kSyncInts
};
enum CheckpointColumn {
    kCpOffset,
    kCpTimestamp,
    kCpReadAt,
    kCpGroup,
    kCpPartition,
    kCpUpstream,
    kCpDownstream,
    kCpVersion,
    kCpInts
};
enum HeartbeatColumn { kHbOffset, kHbTimestamp, kHbReadAt, kHbTime, kHbVersion, kHbInts };
enum HeartbeatString { kHbSource, kHbTarget, kHbStrings };
enum GroupOffsetColumn { kGoTime, kGoSide, kGoGroup, kGoPartition, kGoOffset, kGoInts };
enum LogOffsetColumn { kLoTime, kLoSide, kLoPartition, kLoStart, kLoEnd, kLoInts };
enum PositionColumn { kPosOffset, kPosTimestamp, kPosReadAt, kPosPartition, kPosValue, kPosInts };

ColumnBlock emptyBlock(size_t rows, size_t ints, size_t strings)
{
    ColumnBlock block;
    block.rows = rows;
    block.ints.assign(ints, std::vector<int64_t>(rows));
    block.strings.assign(strings, std::vector<std::string>(rows));
    return block;
}

void putStamp(ColumnBlock& b, size_t row, const RecordStamp& s)
{
    b.ints[0][row] = s.topicOffset;
    b.ints[1][row] = s.timestampMs;
    b.ints[2][row] = s.readAtMs;
}

RecordStamp stampAt(const ColumnBlock& b, size_t row)
{
    return {b.ints[0][row], b.ints[1][row], b.ints[2][row]};
}

int64_t sideValue(ClusterSide side)
{
    return side == ClusterSide::Source ? 0 : 1;
}

// Checks the id columns and small-range columns of a decoded block before anything is appended.
class Validator {
public:
    explicit Validator(const ColumnBlock& block) : m_block(block) {}
    Validator& ids(size_t column, size_t count, const char* what)
    {
        for (size_t row = 0; row < m_block.rows && m_error.empty(); ++row) {
            const int64_t v = m_block.ints[column][row];
            if (v < 0 || static_cast<uint64_t>(v) >= count)
                m_error = "row " + std::to_string(row) + ": " + what + " id " + std::to_string(v) +
                          " is not in the capture's list of " + std::to_string(count);
        }
        return *this;
    }
    Validator& range(size_t column, int64_t low, int64_t high, const char* what)
    {
        for (size_t row = 0; row < m_block.rows && m_error.empty(); ++row) {
            const int64_t v = m_block.ints[column][row];
            if (v < low || v > high)
                m_error =
                    "row " + std::to_string(row) + ": " + what + " " + std::to_string(v) + " is out of range";
        }
        return *this;
    }
    const std::string& error() const { return m_error; }

private:
    const ColumnBlock& m_block;
    std::string m_error;
};

constexpr int64_t kInt16Min = std::numeric_limits<int16_t>::min();
constexpr int64_t kInt16Max = std::numeric_limits<int16_t>::max();

} // namespace

std::string_view streamName(CaptureStream stream)
{
    return kStreamNames[static_cast<size_t>(stream)];
}

std::optional<CaptureStream> parseStreamName(std::string_view name)
{
    for (size_t i = 0; i < kStreamNames.size(); ++i)
        if (kStreamNames[i] == name)
            return static_cast<CaptureStream>(i);
    return std::nullopt;
}

Bytes encodeBlock(std::span<const ObservedSync> items)
{
    ColumnBlock b = emptyBlock(items.size(), kSyncInts, 0);
    for (size_t row = 0; row < items.size(); ++row) {
        const ObservedSync& s = items[row];
        putStamp(b, row, s.stamp);
        b.ints[kSyncPartition][row] = s.partition;
        b.ints[kSyncUpstream][row] = s.upstream;
        b.ints[kSyncDownstream][row] = s.downstream;
    }
    return encodeColumnBlock(b);
}

Bytes encodeBlock(std::span<const ObservedCheckpoint> items)
{
    ColumnBlock b = emptyBlock(items.size(), kCpInts, 1);
    for (size_t row = 0; row < items.size(); ++row) {
        const ObservedCheckpoint& c = items[row];
        putStamp(b, row, c.stamp);
        b.ints[kCpGroup][row] = c.group;
        b.ints[kCpPartition][row] = c.partition;
        b.ints[kCpUpstream][row] = c.upstream;
        b.ints[kCpDownstream][row] = c.downstream;
        b.ints[kCpVersion][row] = c.version;
        b.strings[0][row] = c.metadata;
    }
    return encodeColumnBlock(b);
}

Bytes encodeBlock(std::span<const ObservedHeartbeat> items)
{
    ColumnBlock b = emptyBlock(items.size(), kHbInts, kHbStrings);
    for (size_t row = 0; row < items.size(); ++row) {
        const ObservedHeartbeat& h = items[row];
        putStamp(b, row, h.stamp);
        b.ints[kHbTime][row] = h.heartbeat.timestampMs;
        b.ints[kHbVersion][row] = h.heartbeat.version;
        b.strings[kHbSource][row] = h.heartbeat.sourceAlias;
        b.strings[kHbTarget][row] = h.heartbeat.targetAlias;
    }
    return encodeColumnBlock(b);
}

Bytes encodeBlock(std::span<const GroupOffsetSample> items)
{
    ColumnBlock b = emptyBlock(items.size(), kGoInts, 0);
    for (size_t row = 0; row < items.size(); ++row) {
        const GroupOffsetSample& g = items[row];
        b.ints[kGoTime][row] = g.sampledAtMs;
        b.ints[kGoSide][row] = sideValue(g.side);
        b.ints[kGoGroup][row] = g.group;
        b.ints[kGoPartition][row] = g.partition;
        b.ints[kGoOffset][row] = g.offset;
    }
    return encodeColumnBlock(b);
}

Bytes encodeBlock(std::span<const LogOffsetSample> items)
{
    ColumnBlock b = emptyBlock(items.size(), kLoInts, 0);
    for (size_t row = 0; row < items.size(); ++row) {
        const LogOffsetSample& l = items[row];
        b.ints[kLoTime][row] = l.sampledAtMs;
        b.ints[kLoSide][row] = sideValue(l.side);
        b.ints[kLoPartition][row] = l.partition;
        b.ints[kLoStart][row] = l.start;
        b.ints[kLoEnd][row] = l.end;
    }
    return encodeColumnBlock(b);
}

Bytes encodeBlock(std::span<const ObservedPosition> items)
{
    ColumnBlock b = emptyBlock(items.size(), kPosInts, 0);
    for (size_t row = 0; row < items.size(); ++row) {
        const ObservedPosition& p = items[row];
        putStamp(b, row, p.stamp);
        b.ints[kPosPartition][row] = p.partition;
        b.ints[kPosValue][row] = p.offset;
    }
    return encodeColumnBlock(b);
}

std::optional<std::string> decodeBlockColumns(CaptureStream stream, ByteView bytes, ColumnBlock& into)
{
    static constexpr std::array<std::pair<size_t, size_t>, 6> kShapes = {
        {{kSyncInts, 0}, {kCpInts, 1}, {kHbInts, kHbStrings}, {kGoInts, 0}, {kLoInts, 0}, {kPosInts, 0}}};
    const auto [intColumns, stringColumns] = kShapes[static_cast<size_t>(stream)];
    return decodeColumnBlockInto(bytes, intColumns, stringColumns, into);
}

std::optional<std::string> decodeBlock(CaptureStream stream, ByteView bytes, Session& into)
{
    ColumnBlock block;
    if (auto error = decodeBlockColumns(stream, bytes, block))
        return error;
    return appendBlock(stream, block, into);
}

std::optional<std::string> appendBlock(CaptureStream stream, ColumnBlock& b, Session& into)
{
    const size_t partitions = into.partitionCount();
    const size_t groups = into.groupCount();
    Validator check(b);
    switch (stream) {
    case CaptureStream::OffsetSyncs:
        if (!check.ids(kSyncPartition, partitions, "partition").error().empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.syncs.push_back({stampAt(b, row), static_cast<uint32_t>(b.ints[kSyncPartition][row]),
                                  b.ints[kSyncUpstream][row], b.ints[kSyncDownstream][row]});
        return std::nullopt;
    case CaptureStream::Checkpoints:
        if (!check.ids(kCpGroup, groups, "group")
                 .ids(kCpPartition, partitions, "partition")
                 .range(kCpVersion, kInt16Min, kInt16Max, "version")
                 .error()
                 .empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.checkpoints.push_back({stampAt(b, row), static_cast<uint32_t>(b.ints[kCpGroup][row]),
                                        static_cast<uint32_t>(b.ints[kCpPartition][row]),
                                        b.ints[kCpUpstream][row], b.ints[kCpDownstream][row],
                                        static_cast<int16_t>(b.ints[kCpVersion][row]),
                                        decodeUtf8LikeJava(b.strings[0][row])});
        return std::nullopt;
    case CaptureStream::Heartbeats:
        if (!check.range(kHbVersion, kInt16Min, kInt16Max, "version").error().empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.heartbeats.push_back({stampAt(b, row),
                                       {decodeUtf8LikeJava(b.strings[kHbSource][row]),
                                        decodeUtf8LikeJava(b.strings[kHbTarget][row]), b.ints[kHbTime][row],
                                        static_cast<int16_t>(b.ints[kHbVersion][row])}});
        return std::nullopt;
    case CaptureStream::GroupOffsetSamples:
        if (!check.range(kGoSide, 0, 1, "side")
                 .ids(kGoGroup, groups, "group")
                 .ids(kGoPartition, partitions, "partition")
                 .error()
                 .empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.groupOffsets.push_back(
                {b.ints[kGoTime][row], b.ints[kGoSide][row] == 0 ? ClusterSide::Source : ClusterSide::Target,
                 static_cast<uint32_t>(b.ints[kGoGroup][row]),
                 static_cast<uint32_t>(b.ints[kGoPartition][row]), b.ints[kGoOffset][row]});
        return std::nullopt;
    case CaptureStream::LogOffsets:
        if (!check.range(kLoSide, 0, 1, "side").ids(kLoPartition, partitions, "partition").error().empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.logOffsets.push_back({b.ints[kLoTime][row],
                                       b.ints[kLoSide][row] == 0 ? ClusterSide::Source : ClusterSide::Target,
                                       static_cast<uint32_t>(b.ints[kLoPartition][row]),
                                       b.ints[kLoStart][row], b.ints[kLoEnd][row]});
        return std::nullopt;
    case CaptureStream::ReplicationPositions:
        if (!check.ids(kPosPartition, partitions, "partition")
                 .range(kPosValue, ObservedPosition::kNone, std::numeric_limits<int64_t>::max(), "offset")
                 .error()
                 .empty())
            return check.error();
        for (size_t row = 0; row < b.rows; ++row)
            into.positions.push_back(
                {stampAt(b, row), static_cast<uint32_t>(b.ints[kPosPartition][row]), b.ints[kPosValue][row]});
        return std::nullopt;
    }
    return "unknown stream";
}

} // namespace driftscope
