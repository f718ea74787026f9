#include "model/session/session_json.h"

#include "model/session/session_info_fields.h"

#include "model/records/formatter_text.h"
#include "model/records/record_json.h"
#include "model/util/integer_text.h"
#include "model/util/json_fields.h"
#include "model/util/json_writer.h"

#include <map>

namespace driftscope {
namespace {

void stamp(JsonWriter& json, const RecordStamp& s)
{
    json.key("topic_offset").value(s.topicOffset);
    json.key("timestamp_ms").value(s.timestampMs);
    json.key("read_at_ms").value(s.readAtMs);
}

void hexOrNull(JsonWriter& json, const char* key, const std::optional<Bytes>& bytes)
{
    json.key(key);
    if (bytes)
        json.value(toHex(*bytes));
    else
        json.null();
}

std::string recordLine(const MirrorRecord& record, const RecordStamp& s)
{
    JsonWriter json;
    json.beginObject();
    writeRecordFields(json, record);
    stamp(json, s);
    json.endObject();
    return json.str();
}

std::string setupLine(const SessionInfo& info)
{
    JsonWriter json;
    json.beginObject();
    json.key("kind").value("session");
    for (const InfoField& field : sessionInfoFields()) {
        json.key(field.key);
        const auto value = sessionInfoValue(info, field);
        if (!value)
            json.null();
        else if (field.type == InfoFieldType::Integer)
            json.value(parseInt64(*value).value()); // sessionInfoValue wrote it
        else if (field.type == InfoFieldType::Boolean)
            json.value(*value == "true");
        else
            json.value(*value);
    }
    json.endObject();
    return json.str();
}

template <class Fill>
std::string object(const char* kind, Fill fill)
{
    JsonWriter json;
    json.beginObject();
    json.key("kind").value(kind);
    fill(json);
    json.endObject();
    return json.str();
}

RecordStamp readStamp(JsonFields& f, int64_t defaultOffset)
{
    return {f.optionalInteger("topic_offset").value_or(defaultOffset),
            f.optionalInteger("timestamp_ms").value_or(0), f.optionalInteger("read_at_ms").value_or(0)};
}

} // namespace

void exportSession(const Session& s, const std::function<void(const std::string&)>& line)
{
    line(setupLine(s.info));
    // A pair, not a structured binding: clang before 16 cannot capture bindings in a lambda.
    for (const auto& setting : s.info.configuration)
        line(object("config", [&](JsonWriter& j) {
            j.key("key").value(setting.first).key("value").value(setting.second);
        }));
    for (const std::string& group : s.info.groups)
        line(object("selected-group", [&](JsonWriter& j) { j.key("group").value(group); }));
    for (const ObservedSync& x : s.syncs)
        line(recordLine(OffsetSync{s.partition(x.partition), x.upstream, x.downstream}, x.stamp));
    for (const ObservedCheckpoint& x : s.checkpoints)
        line(recordLine(Checkpoint{s.group(x.group), s.partition(x.partition), x.upstream, x.downstream,
                                   x.metadata, x.version},
                        x.stamp));
    for (const ObservedHeartbeat& x : s.heartbeats)
        line(recordLine(x.heartbeat, x.stamp));
    for (const UndecodableRecord& x : s.undecodable)
        line(object("undecodable", [&](JsonWriter& j) {
            j.key("internal_topic").value(internalTopicName(x.topic));
            j.key("partition").value(x.partition);
            stamp(j, x.stamp);
            hexOrNull(j, "key_hex", x.key);
            hexOrNull(j, "value_hex", x.value);
            j.key("reason").value(x.reason);
        }));
    for (const GroupOffsetSample& x : s.groupOffsets)
        line(object("group-offset", [&](JsonWriter& j) {
            const TopicPartition& tp = s.partition(x.partition);
            j.key("side").value(sideName(x.side)).key("group").value(s.group(x.group));
            j.key("topic").value(tp.topic).key("partition").value(tp.partition);
            j.key("offset").value(x.offset).key("sampled_at_ms").value(x.sampledAtMs);
        }));
    for (const LogOffsetSample& x : s.logOffsets)
        line(object("log-offsets", [&](JsonWriter& j) {
            const TopicPartition& tp = s.partition(x.partition);
            j.key("side").value(sideName(x.side));
            j.key("topic").value(tp.topic).key("partition").value(tp.partition);
            j.key("start").value(x.start).key("end").value(x.end).key("sampled_at_ms").value(x.sampledAtMs);
        }));
    for (const ObservedPosition& x : s.positions)
        line(object("replication-position", [&](JsonWriter& j) {
            const TopicPartition& tp = s.partition(x.partition);
            j.key("topic").value(tp.topic).key("partition").value(tp.partition).key("offset");
            x.offset == ObservedPosition::kNone ? j.null() : j.value(x.offset);
            stamp(j, x.stamp);
        }));
    for (const ReaderEvent& x : s.events)
        line(object("event", [&](JsonWriter& j) {
            j.key("at_ms").value(x.atMs).key("side");
            x.side ? j.value(sideName(*x.side)) : j.null();
            j.key("state").value(x.state).key("message").value(x.message);
        }));
    for (const Bookmark& x : s.info.bookmarks)
        line(object("bookmark",
                    [&](JsonWriter& j) { j.key("at_ms").value(x.atMs).key("name").value(x.name); }));
}

std::optional<std::string> SessionLineReader::read(std::string_view line)
{
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return std::nullopt;
    if (line[first] == '{')
        return readJson(line);
    auto record = parseFormatterLine(line);
    if (!record)
        return record.error();
    // Formatter text has no stamps: a record's place among its kind stands for its topic offset,
    // and its time is unknown (0, said in the session's info).
    Session& o = m_into;
    o.info.recordTimesUnknown = true;
    o.add({static_cast<int64_t>(o.countOfKind(*record)), 0, 0}, std::move(*record));
    return std::nullopt;
}

namespace {

// An offset sync, a checkpoint or a heartbeat, with its stamp.
std::optional<std::string> readRecordLine(JsonFields& f, Session& o, std::string_view line,
                                          const std::string&)
{
    auto record = parseJsonRecord(line);
    if (!record)
        return record.error();
    const RecordStamp s = readStamp(f, static_cast<int64_t>(o.countOfKind(*record)));
    if (f.failed())
        return f.error();
    o.add(s, std::move(*record));
    return std::nullopt;
}

// The session's info; each field in its JSON type, as text for the one reader of SessionInfo fields.
std::optional<std::string> readSessionInfoLine(JsonFields& f, Session& o, std::string_view,
                                               const std::string&)
{
    SessionInfo& info = o.info;
    const auto valueOf = [&f](const InfoField& field) -> std::optional<std::string> {
        if (!f.has(field.key) || f.isNull(field.key))
            return std::nullopt;
        switch (field.type) {
        case InfoFieldType::Integer:
            return std::to_string(f.integer(field.key));
        case InfoFieldType::Boolean:
            return std::string(f.boolean(field.key) ? "true" : "false");
        case InfoFieldType::Text:
            break;
        }
        return f.string(field.key);
    };
    SessionInfo next = info;
    auto failure = readSessionInfo(valueOf, next);
    if (f.failed())
        return f.error();
    if (failure)
        return "\"" + *failure;
    info = std::move(next);
    return std::nullopt;
}

// One MM2 setting of the configuration read.
std::optional<std::string> readConfigLine(JsonFields& f, Session& o, std::string_view, const std::string&)
{
    SessionInfo& info = o.info;
    std::string key = f.string("key"), value = f.string("value");
    if (f.failed())
        return f.error();
    info.configuration.emplace_back(std::move(key), std::move(value));
    return std::nullopt;
}

// A group the reader was asked to follow.
std::optional<std::string> readSelectedGroupLine(JsonFields& f, Session& o, std::string_view,
                                                 const std::string&)
{
    SessionInfo& info = o.info;
    std::string group = f.string("group");
    if (f.failed())
        return f.error();
    info.groups.push_back(std::move(group));
    return std::nullopt;
}

// A record MM2's topics held that driftscope could not decode, kept as hex.
std::optional<std::string> readUndecodableLine(JsonFields& f, Session& o, std::string_view,
                                               const std::string&)
{
    const std::string topicName = f.string("internal_topic");
    const int32_t partition = f.partition();
    const RecordStamp s = readStamp(f, static_cast<int64_t>(o.undecodable.size()));
    const auto keyHex = f.nullableString("key_hex");
    const auto valueHex = f.nullableString("value_hex");
    std::string reason = f.string("reason");
    if (f.failed())
        return f.error();
    const auto topic = parseInternalTopic(topicName);
    if (!topic)
        return "\"internal_topic\" must be \"offset-syncs\", \"checkpoints\" or \"heartbeats\"";
    UndecodableRecord r{*topic, partition, s, std::nullopt, std::nullopt, std::move(reason)};
    for (auto [hex, out] : {std::pair{&keyHex, &r.key}, std::pair{&valueHex, &r.value}}) {
        if (!*hex)
            continue;
        auto bytes = parseHex(**hex);
        if (!bytes)
            return "bad hex: " + bytes.error();
        *out = std::move(*bytes);
    }
    o.undecodable.push_back(std::move(r));
    return std::nullopt;
}

// A group's committed offset or a partition's log offsets, sampled.
std::optional<std::string> readSampleLine(JsonFields& f, Session& o, std::string_view,
                                          const std::string& kind)
{
    const auto side = parseSide(f.string("side"));
    const std::string group = kind == "group-offset" ? f.string("group") : std::string();
    TopicPartition tp{f.string("topic"), f.partition()};
    const int64_t at = f.integer("sampled_at_ms");
    const int64_t offset = kind == "group-offset" ? f.integer("offset") : 0;
    const int64_t start = kind == "log-offsets" ? f.integer("start") : 0;
    const int64_t end = kind == "log-offsets" ? f.integer("end") : 0;
    if (f.failed())
        return f.error();
    if (!side)
        return std::string("\"side\" must be \"source\" or \"target\"");
    if (kind == "group-offset")
        o.groupOffsets.push_back({at, *side, o.groupId(group), o.partitionId(tp), offset});
    else
        o.logOffsets.push_back({at, *side, o.partitionId(tp), start, end});
    return std::nullopt;
}

// MM2's replication position of a source partition.
std::optional<std::string> readPositionLine(JsonFields& f, Session& o, std::string_view, const std::string&)
{
    TopicPartition tp{f.string("topic"), static_cast<int32_t>(f.integer("partition", 0, INT32_MAX))};
    const int64_t offset = f.isNull("offset") ? ObservedPosition::kNone : f.integer("offset", 0);
    const RecordStamp s = readStamp(f, static_cast<int64_t>(o.positions.size()));
    if (f.failed())
        return f.error();
    o.positions.push_back({s, o.partitionId(tp), offset});
    return std::nullopt;
}

// Something that happened to the reader.
std::optional<std::string> readEventLine(JsonFields& f, Session& o, std::string_view, const std::string&)
{
    const int64_t at = f.integer("at_ms");
    const auto sideText = f.nullableString("side");
    std::string state = f.string("state"), message = f.string("message");
    if (f.failed())
        return f.error();
    std::optional<ClusterSide> side;
    if (sideText && !(side = parseSide(*sideText)))
        return std::string("\"side\" must be \"source\", \"target\" or null");
    o.events.push_back({at, side, std::move(state), std::move(message)});
    return std::nullopt;
}

// A moment the user named.
std::optional<std::string> readBookmarkLine(JsonFields& f, Session& o, std::string_view, const std::string&)
{
    SessionInfo& info = o.info;
    const int64_t at = f.integer("at_ms");
    std::string name = f.string("name");
    if (f.failed())
        return f.error();
    return addBookmark(info.bookmarks, {at, std::move(name)});
}

} // namespace

std::optional<std::string> SessionLineReader::readJson(std::string_view line)
{
    auto parsed = parseJsonObject(line);
    if (!parsed)
        return parsed.error();
    JsonFields f(*parsed);
    const std::string kind = f.string("kind");
    if (f.failed())
        return f.error();
    using KindReader =
        std::optional<std::string> (*)(JsonFields&, Session&, std::string_view, const std::string&);
    static const std::map<std::string_view, KindReader> readers = {
        {"offset-sync", &readRecordLine},
        {"checkpoint", &readRecordLine},
        {"heartbeat", &readRecordLine},
        {"session", &readSessionInfoLine},
        {"config", &readConfigLine},
        {"selected-group", &readSelectedGroupLine},
        {"undecodable", &readUndecodableLine},
        {"group-offset", &readSampleLine},
        {"log-offsets", &readSampleLine},
        {"replication-position", &readPositionLine},
        {"event", &readEventLine},
        {"bookmark", &readBookmarkLine},
    };
    const auto reader = readers.find(kind);
    if (reader == readers.end())
        return "unknown \"kind\" \"" + kind + "\"";
    return reader->second(f, m_into, line, kind);
}

} // namespace driftscope
