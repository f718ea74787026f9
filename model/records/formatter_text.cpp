#include "model/records/formatter_text.h"

#include "model/util/integer_text.h"
#include "model/util/java_utf8.h"
#include "model/util/text_format.h"

#include <limits>

namespace driftscope {
namespace {

constexpr std::string_view kSyncPrefix = "OffsetSync{topicPartition=";
constexpr std::string_view kCheckpointPrefix = "Checkpoint{consumerGroupId=";
constexpr std::string_view kHeartbeatPrefix = "Heartbeat{sourceClusterAlias=";

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Length of a "-?[0-9]+" token starting at `pos`, or 0.
size_t numberLength(std::string_view s, size_t pos)
{
    size_t i = pos;
    if (i < s.size() && s[i] == '-')
        ++i;
    const size_t digitsStart = i;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    return i > digitsStart ? i - pos : 0;
}

// Parses "<label><long>" at `pos` of a record body that starts at column `base` of its line,
// advancing `pos` past the number.
Result<int64_t> labelledLong(std::string_view s, size_t base, size_t& pos, std::string_view label)
{
    if (s.substr(pos, label.size()) != label)
        return Error{"expected '" + std::string(label) + "' at column " + std::to_string(base + pos + 1)};
    pos += label.size();
    const size_t len = numberLength(s, pos);
    if (len == 0)
        return Error{"expected a number after '" + std::string(label) + "' at column " +
                     std::to_string(base + pos + 1)};
    auto value = parseInt64(s.substr(pos, len));
    if (!value)
        return Error{std::string(label.substr(2, label.size() - 3)) + " " +
                     value.error()}; // ", name=" -> name
    pos += len;
    return value;
}

Result<MirrorRecord> parseOffsetSync(std::string_view body, size_t base)
{
    // body: "<tp>, upstreamOffset=<n>, downstreamOffset=<n>"; the topic may contain ", ".
    constexpr std::string_view kUp = ", upstreamOffset=";
    const size_t up = body.rfind(kUp);
    if (up == std::string_view::npos)
        return Error{"missing ', upstreamOffset='"};
    auto tp = parseTopicPartition(body.substr(0, up));
    if (!tp)
        return Error{"topicPartition " + tp.error()};
    size_t pos = up;
    auto upstream = labelledLong(body, base, pos, kUp);
    if (!upstream)
        return Error{upstream.error()};
    auto downstream = labelledLong(body, base, pos, ", downstreamOffset=");
    if (!downstream)
        return Error{downstream.error()};
    if (pos != body.size())
        return Error{"unexpected text after downstreamOffset: '" + std::string(body.substr(pos)) + "'"};
    return MirrorRecord{OffsetSync{std::move(*tp), *upstream, *downstream}};
}

Result<MirrorRecord> parseCheckpoint(std::string_view body, size_t base)
{
    // body: "<group>, topicPartition=<tp>, upstreamOffset=<n>, downstreamOffset=<n>, meta(ta)data=<m>".
    // Group and metadata are free text: anchor on the first ", upstreamOffset=<n>,
    // downstreamOffset=<n>, metadata=" run, then take the last ", topicPartition=" before it.
    constexpr std::string_view kUp = ", upstreamOffset=";
    for (size_t up = body.find(kUp); up != std::string_view::npos; up = body.find(kUp, up + 1)) {
        size_t pos = up;
        auto upstream = labelledLong(body, base, pos, kUp);
        if (!upstream)
            continue;
        auto downstream = labelledLong(body, base, pos, ", downstreamOffset=");
        if (!downstream)
            continue;
        size_t metadataStart;
        if (body.substr(pos).starts_with(", metadata="))
            metadataStart = pos + 11;
        else if (body.substr(pos).starts_with(", metatadata="))
            metadataStart = pos + 13;
        else
            continue;
        constexpr std::string_view kTp = ", topicPartition=";
        const size_t tpPos = body.rfind(kTp, up);
        if (tpPos == std::string_view::npos)
            continue; // this run was inside the group name; the real one comes later
        auto tp = parseTopicPartition(body.substr(tpPos + kTp.size(), up - tpPos - kTp.size()));
        if (!tp)
            return Error{"topicPartition " + tp.error()};
        Checkpoint cp;
        cp.group = decodeUtf8LikeJava(body.substr(0, tpPos));
        cp.tp = std::move(*tp);
        cp.upstream = *upstream;
        cp.downstream = *downstream;
        cp.metadata = decodeUtf8LikeJava(body.substr(metadataStart));
        return MirrorRecord{std::move(cp)};
    }
    return Error{"expected ', upstreamOffset=<long>, downstreamOffset=<long>, metadata=' in a checkpoint"};
}

Result<MirrorRecord> parseHeartbeat(std::string_view body, size_t base)
{
    constexpr std::string_view kTarget = ", targetClusterAlias=";
    constexpr std::string_view kTimestamp = ", timestamp=";
    const size_t ts = body.rfind(kTimestamp);
    if (ts == std::string_view::npos)
        return Error{"missing ', timestamp='"};
    const size_t target = body.rfind(kTarget, ts);
    if (target == std::string_view::npos)
        return Error{"missing ', targetClusterAlias='"};
    size_t pos = ts;
    auto timestamp = labelledLong(body, base, pos, kTimestamp);
    if (!timestamp)
        return Error{timestamp.error()};
    if (pos != body.size())
        return Error{"unexpected text after timestamp: '" + std::string(body.substr(pos)) + "'"};
    Heartbeat hb;
    hb.sourceAlias = decodeUtf8LikeJava(body.substr(0, target));
    hb.targetAlias = decodeUtf8LikeJava(body.substr(target + kTarget.size(), ts - target - kTarget.size()));
    hb.timestampMs = *timestamp;
    return MirrorRecord{std::move(hb)};
}

} // namespace

RecordKind kindOf(const MirrorRecord& record)
{
    switch (record.index()) {
    case 0:
        return RecordKind::OffsetSync;
    case 1:
        return RecordKind::Checkpoint;
    default:
        return RecordKind::Heartbeat;
    }
}

std::string formatOffsetSync(const OffsetSync& sync)
{
    return "OffsetSync{topicPartition=" + toString(sync.tp) +
           ", upstreamOffset=" + std::to_string(sync.upstream) +
           ", downstreamOffset=" + std::to_string(sync.downstream) + "}";
}

std::string formatCheckpoint(const Checkpoint& cp, MetadataLabel label)
{
    return "Checkpoint{consumerGroupId=" + cp.group + ", topicPartition=" + toString(cp.tp) +
           ", upstreamOffset=" + std::to_string(cp.upstream) +
           ", downstreamOffset=" + std::to_string(cp.downstream) +
           (label == MetadataLabel::Current ? ", metadata=" : ", metatadata=") + cp.metadata + "}";
}

std::string formatHeartbeat(const Heartbeat& hb)
{
    return "Heartbeat{sourceClusterAlias=" + hb.sourceAlias + ", targetClusterAlias=" + hb.targetAlias +
           ", timestamp=" + std::to_string(hb.timestampMs) + "}";
}

std::string formatRecord(const MirrorRecord& record, MetadataLabel label)
{
    if (const auto* sync = std::get_if<OffsetSync>(&record))
        return formatOffsetSync(*sync);
    if (const auto* cp = std::get_if<Checkpoint>(&record))
        return formatCheckpoint(*cp, label);
    return formatHeartbeat(std::get<Heartbeat>(record));
}

Result<TopicPartition> parseTopicPartition(std::string_view text)
{
    const size_t dash = text.rfind('-');
    if (dash == std::string_view::npos)
        return Error{singleQuoted(text) + " has no '-<partition>' suffix"};
    const std::string_view digits = text.substr(dash + 1);
    if (digits.empty() || numberLength(digits, 0) != digits.size() || digits[0] == '-')
        return Error{singleQuoted(text) + " does not end in '-<partition number>'"};
    auto partition = parseInt64(digits);
    if (!partition || *partition > std::numeric_limits<int32_t>::max())
        return Error{"partition '" + std::string(digits) + "' does not fit in a 32-bit integer"};
    return TopicPartition{decodeUtf8LikeJava(text.substr(0, dash)), static_cast<int32_t>(*partition)};
}

Result<MirrorRecord> parseFormatterLine(std::string_view line)
{
    if (line.ends_with('\r'))
        line.remove_suffix(1);
    if (!line.ends_with('}'))
        return Error{"not a formatter line: expected '}' at the end"};
    const std::string_view inner = line.substr(0, line.size() - 1);
    if (inner.starts_with(kSyncPrefix))
        return parseOffsetSync(inner.substr(kSyncPrefix.size()), kSyncPrefix.size());
    if (inner.starts_with(kCheckpointPrefix))
        return parseCheckpoint(inner.substr(kCheckpointPrefix.size()), kCheckpointPrefix.size());
    if (inner.starts_with(kHeartbeatPrefix))
        return parseHeartbeat(inner.substr(kHeartbeatPrefix.size()), kHeartbeatPrefix.size());
    return Error{"not an OffsetSync{...}, Checkpoint{...} or Heartbeat{...} line"};
}

} // namespace driftscope
