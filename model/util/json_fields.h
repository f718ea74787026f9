// Typed access to the fields of a parsed JSON object, keeping the first problem as a message
// ("missing \"topic\"", "\"partition\" must be an integer from ... to ..."). Readers ask for
// every field they need and check failed() once at the end.
#pragma once

#include "model/util/json_reader.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace driftscope {

class JsonFields {
public:
    explicit JsonFields(const JsonObject& object) : m_object(object) {}

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }
    bool has(const char* name) const { return m_object.find(name) != nullptr; }
    bool isNull(const char* name) const
    {
        const JsonValue* v = m_object.find(name);
        return v && std::holds_alternative<JsonNull>(*v);
    }

    std::string string(const char* name, bool required = true)
    {
        const JsonValue* v = field(name, required);
        if (!v)
            return {};
        if (const auto* s = std::get_if<std::string>(v))
            return *s;
        fail(std::string("\"") + name + "\" must be a string");
        return {};
    }
    // A string or null (absent counts as null).
    std::optional<std::string> nullableString(const char* name)
    {
        const JsonValue* v = field(name, false);
        if (!v || std::holds_alternative<JsonNull>(*v))
            return std::nullopt;
        return string(name);
    }

    int64_t integer(const char* name, int64_t min = std::numeric_limits<int64_t>::min(),
                    int64_t max = std::numeric_limits<int64_t>::max())
    {
        return optionalInteger(name, true, min, max).value_or(0);
    }
    std::optional<int64_t> optionalInteger(const char* name, bool required = false,
                                           int64_t min = std::numeric_limits<int64_t>::min(),
                                           int64_t max = std::numeric_limits<int64_t>::max())
    {
        const JsonValue* v = field(name, required);
        if (!v)
            return std::nullopt;
        const auto* i = std::get_if<int64_t>(v);
        if (!i || *i < min || *i > max) {
            fail(std::string("\"") + name + "\" must be an integer from " + std::to_string(min) + " to " +
                 std::to_string(max));
            return std::nullopt;
        }
        return *i;
    }
    int32_t partition() { return static_cast<int32_t>(integer("partition", INT32_MIN, INT32_MAX)); }

    bool boolean(const char* name)
    {
        const JsonValue* v = field(name, true);
        if (!v)
            return false;
        if (const auto* b = std::get_if<bool>(v))
            return *b;
        fail(std::string("\"") + name + "\" must be true or false");
        return false;
    }

    void fail(std::string message)
    {
        if (m_error.empty())
            m_error = std::move(message);
    }

private:
    const JsonValue* field(const char* name, bool required)
    {
        if (failed())
            return nullptr;
        const JsonValue* v = m_object.find(name);
        if (!v && required)
            fail(std::string("missing \"") + name + "\"");
        return v;
    }

    const JsonObject& m_object;
    std::string m_error;
};

} // namespace driftscope
