// A strict reader for one flat JSON object per line (JSON Lines records).
//
// Offsets must stay exact 64-bit integers, so numbers are classified by their text: an integer
// literal that fits in int64 is kept exactly; fractions, exponents and out-of-range integers are
// reported as "not an integer" instead of being rounded through a double. Nested objects and
// arrays are accepted and skipped (their values are not needed), up to a fixed depth.
#pragma once

#include "model/util/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace driftscope {

struct JsonNull {};
struct JsonOtherNumber {}; // a valid JSON number that is not an exact int64 integer literal
struct JsonNested {};      // an object or an array

using JsonValue = std::variant<JsonNull, bool, int64_t, JsonOtherNumber, std::string, JsonNested>;

class JsonObject {
public:
    void add(std::string key, JsonValue value) { m_fields.emplace_back(std::move(key), std::move(value)); }
    const JsonValue* find(std::string_view key) const;
    const std::vector<std::pair<std::string, JsonValue>>& fields() const { return m_fields; }

private:
    std::vector<std::pair<std::string, JsonValue>> m_fields; // in text order, keys unique
};

// Parses `text` (surrounding whitespace allowed) as one JSON object. Errors name the character
// (1-based) where the text stops being valid JSON; duplicate keys are refused.
Result<JsonObject> parseJsonObject(std::string_view text);

// A two-element array of a string and an object, `["name", {...}]`, the shape Kafka Connect gives
// the keys of its offsets topic. The object is read as parseJsonObject reads one.
struct JsonNamedObject {
    std::string name;
    JsonObject object;
};
Result<JsonNamedObject> parseJsonNamedObject(std::string_view text);

} // namespace driftscope
