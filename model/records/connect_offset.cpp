#include "model/records/connect_offset.h"

#include "model/util/json_reader.h"
#include "model/util/json_writer.h"

#include <limits>

namespace driftscope {
namespace {

std::string_view textOf(ByteView bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

Bytes bytesOf(const std::string& text)
{
    return Bytes(text.begin(), text.end());
}

// MirrorSourceTask's source partition has exactly these three fields.
bool isSourcePartition(const JsonObject& object)
{
    return object.fields().size() == 3 && object.find("cluster") && object.find("partition") &&
           object.find("topic");
}

Result<ConnectPosition> positionFrom(const JsonNamedObject& key)
{
    const auto* cluster = std::get_if<std::string>(key.object.find("cluster"));
    const auto* topic = std::get_if<std::string>(key.object.find("topic"));
    const auto* partition = std::get_if<int64_t>(key.object.find("partition"));
    if (!cluster || !topic)
        return Error{"the key's \"cluster\" and \"topic\" must be strings"};
    if (!partition || *partition < 0 || *partition > std::numeric_limits<int32_t>::max())
        return Error{"the key's \"partition\" must be an integer from 0 to 2147483647"};
    return ConnectPosition{key.name, *cluster, {*topic, static_cast<int32_t>(*partition)}, std::nullopt};
}

Result<int64_t> offsetFrom(ByteView value)
{
    auto object = parseJsonObject(textOf(value));
    if (!object)
        return Error{"the value: " + object.error()};
    const auto* offset = std::get_if<int64_t>(object->find("offset"));
    if (!offset)
        return Error{"the value has no integer \"offset\""};
    // The offset of a record MM2 replicated: a record's offset, and one it can resume after.
    if (*offset < 0 || *offset == std::numeric_limits<int64_t>::max())
        return Error{"the value's \"offset\" " + std::to_string(*offset) + " is no record's offset"};
    return *offset;
}

} // namespace

Result<ConnectOffsetRecord> decodeConnectOffset(const std::optional<ByteView>& key,
                                                const std::optional<ByteView>& value)
{
    if (!key)
        return Error{"a null key (Connect keys every offset by connector and source partition)"};
    auto named = parseJsonNamedObject(textOf(*key));
    if (!named)
        return Error{"the key: " + named.error()};
    if (!isSourcePartition(named->object))
        return ConnectOffsetRecord{};
    auto position = positionFrom(*named);
    if (!position)
        return Error{position.error()};
    if (value) {
        auto offset = offsetFrom(*value);
        if (!offset)
            return Error{offset.error()};
        position->offset = *offset;
    }
    return ConnectOffsetRecord{ConnectOffsetRecord::Kind::Position, std::move(*position)};
}

Bytes encodeConnectOffsetKey(const ConnectPosition& position)
{
    JsonWriter json;
    json.beginArray().value(position.connector).beginObject();
    json.key("cluster").value(position.cluster);
    json.key("partition").value(position.tp.partition);
    json.key("topic").value(position.tp.topic);
    json.endObject().endArray();
    return bytesOf(json.str());
}

std::optional<Bytes> encodeConnectOffsetValue(const ConnectPosition& position)
{
    if (!position.offset)
        return std::nullopt;
    JsonWriter json;
    json.beginObject().key("offset").value(*position.offset).endObject();
    return bytesOf(json.str());
}

} // namespace driftscope
