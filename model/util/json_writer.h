// Compact JSON output with exact 64-bit integers (no doubles anywhere near an offset).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

class JsonWriter {
public:
    JsonWriter& beginObject() { return open('{'); }
    JsonWriter& endObject() { return close('}'); }
    JsonWriter& beginArray() { return open('['); }
    JsonWriter& endArray() { return close(']'); }

    JsonWriter& key(std::string_view name);
    JsonWriter& value(int64_t v);
    JsonWriter& value(int32_t v) { return value(static_cast<int64_t>(v)); }
    JsonWriter& value(uint64_t v);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(bool v);
    // A JSON number with a fixed number of decimals, written exactly from integer units:
    // decimal(1837, 1) writes 183.7 (formatFixed, text_format.h).
    JsonWriter& decimal(int64_t units, int decimals);
    JsonWriter& null();

    const std::string& str() const { return m_out; }

private:
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);
    void separate();

    std::string m_out;
    std::vector<bool> m_hasItems; // per open container
    bool m_afterKey = false;
};

std::string jsonQuoted(std::string_view text);

} // namespace driftscope
