// Text in java.util.Properties.load format, as MirrorMakerConfig reads mm2.properties.
//
// Java reads a properties stream as ISO-8859-1 and needs \uXXXX for anything else; we read the
// text as UTF-8 instead (bytes other than the syntax characters pass through unchanged), since
// MM2 configurations are ASCII in practice and a UTF-8 file then means what its author sees.
// Everything else follows the JDK's LineReader and load0: continuation lines, comments, the
// key/value separator rules and the escapes, so a file means here what it means to MM2.
#pragma once

#include "model/util/result.h"

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

struct PropertyEntry {
    std::string key;
    std::string value;
    size_t line = 0; // 1-based line where the entry starts; 0 when not read from text

    friend bool operator==(const PropertyEntry&, const PropertyEntry&) = default;
};

// The entries in file order, duplicates kept. Fails only on a malformed \uXXXX escape (Java
// throws "Malformed \uxxxx encoding."); the message names the line of the escape.
Result<std::vector<PropertyEntry>> parseJavaProperties(std::string_view text);

// A key -> value view of entries: the last assignment of a key wins, as in Properties.put.
class Properties {
public:
    Properties() = default;
    explicit Properties(const std::vector<PropertyEntry>& entries);
    static Result<Properties> parse(std::string_view text);

    std::optional<std::string> get(std::string_view key) const;
    bool contains(std::string_view key) const;
    // Where the winning assignment of `key` starts; 0 when absent or not read from text.
    size_t line(std::string_view key) const;
    // Sorted by byte order (= code point order for UTF-8).
    std::vector<std::string> keys() const;
    size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }

    void set(std::string key, std::string value, size_t line = 0);

private:
    std::map<std::string, PropertyEntry, std::less<>> m_entries;
};

} // namespace driftscope
