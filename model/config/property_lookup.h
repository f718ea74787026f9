// Text helpers and setting lookup shared by the MM2 configuration readers
// (connection_settings.cpp, mm2_client_settings.cpp); not a public API.
#pragma once

#include "model/config/java_properties.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace driftscope {

// ASCII letters only: what it compares against are ASCII names and keywords.
inline std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

// Java's String.trim(), which Kafka's ConfigDef applies to every typed value.
inline std::string trimmed(std::string_view text)
{
    size_t begin = 0;
    size_t end = text.size();
    while (begin < end && static_cast<unsigned char>(text[begin]) <= ' ')
        ++begin;
    while (end > begin && static_cast<unsigned char>(text[end - 1]) <= ' ')
        --end;
    return std::string(text.substr(begin, end - begin));
}

inline std::string joined(const std::vector<std::string>& items, const std::string& separator)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

// A setting as written: the key with its prefixes, and where it is, for messages.
struct Setting {
    std::string key;
    std::string value;
    size_t line = 0;
};

inline std::string where(const Setting& s)
{
    return (s.line > 0 ? "line " + std::to_string(s.line) + ": " : std::string()) + s.key;
}

inline std::optional<Setting> lookup(const Properties& props, const std::string& key)
{
    auto value = props.get(key);
    if (!value)
        return std::nullopt;
    return Setting{key, std::move(*value), props.line(key)};
}

} // namespace driftscope
