// JSON Lines records (record_json.h) and the strict JSON object reader under them
// (json_reader.h), as `import` and the record-file reader take them line by line.
//
// Checks: every string the reader returns is well-formed UTF-8; an object written back with
// JsonWriter (nested values and non-integer numbers as null) reads back to the same fields in the
// same order; a parsed record written with writeRecordFields reads back to the same record.
#include "model_checks.h"

#include "model/records/connect_offset.h"
#include "model/records/record_json.h"
#include "model/util/json_reader.h"
#include "model/util/json_writer.h"

using namespace driftscope;
using fuzz::check;

namespace {

// What survives writing: nested values and non-integer numbers are written as null.
JsonValue written(const JsonValue& v)
{
    if (std::holds_alternative<JsonNested>(v) || std::holds_alternative<JsonOtherNumber>(v))
        return JsonNull{};
    return v;
}

bool same(const JsonValue& a, const JsonValue& b)
{
    if (a.index() != b.index())
        return false;
    if (const auto* s = std::get_if<std::string>(&a))
        return *s == std::get<std::string>(b);
    if (const auto* i = std::get_if<int64_t>(&a))
        return *i == std::get<int64_t>(b);
    if (const auto* f = std::get_if<bool>(&a))
        return *f == std::get<bool>(b);
    return true; // null, other number, nested: no payload
}

std::string write(const JsonObject& object)
{
    JsonWriter json;
    json.beginObject();
    for (const auto& [key, value] : object.fields()) {
        json.key(key);
        const JsonValue w = written(value);
        if (const auto* s = std::get_if<std::string>(&w))
            json.value(*s);
        else if (const auto* i = std::get_if<int64_t>(&w))
            json.value(*i);
        else if (const auto* f = std::get_if<bool>(&w))
            json.value(*f);
        else
            json.null();
    }
    json.endObject();
    return json.str();
}

void checkObject(const JsonObject& object)
{
    for (const auto& [key, value] : object.fields()) {
        check(fuzz::isWellFormedUtf8(key), "keys are well-formed UTF-8", key);
        if (const auto* s = std::get_if<std::string>(&value))
            check(fuzz::isWellFormedUtf8(*s), "string values are well-formed UTF-8", *s);
    }
    const std::string text = write(object);
    const auto again = parseJsonObject(text);
    check(again.ok(), "a written object parses", text + "\n" + (again ? "" : again.error()));
    const auto& a = object.fields();
    const auto& b = again->fields();
    check(a.size() == b.size(), "a written object keeps its fields", text);
    for (size_t i = 0; i < a.size(); ++i)
        check(a[i].first == b[i].first && same(written(a[i].second), b[i].second),
              "a written object keeps each field", text);
}

} // namespace

// The line as the key of a record of Connect's offsets topic (connect_offset.h): a position
// written back reads back the same.
void checkConnectOffset(std::string_view line)
{
    const Bytes key(line.begin(), line.end());
    const Bytes value{'{', '"', 'o', 'f', 'f', 's', 'e', 't', '"', ':', '7', '}'};
    const auto record = decodeConnectOffset(ByteView(key), ByteView(value));
    if (!record || record->kind != ConnectOffsetRecord::Kind::Position)
        return;
    const ConnectPosition& p = record->position;
    check(fuzz::isWellFormedUtf8(p.connector) && fuzz::isWellFormedUtf8(p.cluster) &&
              fuzz::isWellFormedUtf8(p.tp.topic) && p.tp.partition >= 0 && p.offset == 7,
          "a position has UTF-8 names, a partition of 0 or more and the value's offset", std::string(line));
    const Bytes again = encodeConnectOffsetKey(p);
    const auto reread = decodeConnectOffset(ByteView(again), ByteView(*encodeConnectOffsetValue(p)));
    check(reread.ok() && reread->position == p, "decode(encode(position)) == position", std::string(line));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view line = fuzz::asText(data, size);
    checkConnectOffset(line);
    if (const auto object = parseJsonObject(line))
        checkObject(*object);
    const auto record = parseJsonRecord(line);
    if (!record)
        return 0;
    fuzz::checkRecord(*record);
    JsonWriter json;
    json.beginObject();
    writeRecordFields(json, *record);
    json.endObject();
    const auto again = parseJsonRecord(json.str());
    check(again.ok() && *again == *record, "parse(write(record)) == record", json.str());
    return 0;
}
