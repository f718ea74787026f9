// mm2.properties and client properties files in java.util.Properties format
// (java_properties.h parseJavaProperties and Properties).
//
// Checks: entries start on increasing lines within the text; the last assignment of a key is the
// one Properties keeps; entries written back with Java's escapes (Properties.store's rules, written
// here independently) parse to the same keys and values, one per line.
#include "fuzz_support.h"

#include "model/config/java_properties.h"

#include <algorithm>

using namespace driftscope;
using fuzz::check;

namespace {

void appendEscaped(std::string& out, std::string_view text, bool isKey)
{
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\f':
            out += "\\f";
            break;
        case ' ':
            // Blanks end a key; in a value only leading ones would be skipped.
            out += isKey || i == 0 ? "\\ " : " ";
            break;
        case '=':
        case ':':
        case '#':
        case '!':
            if (isKey || i == 0)
                out += '\\';
            out += c;
            break;
        default:
            out += c;
        }
    }
}

std::string store(const std::vector<PropertyEntry>& entries)
{
    std::string out;
    for (const PropertyEntry& e : entries) {
        appendEscaped(out, e.key, true);
        out += '=';
        appendEscaped(out, e.value, false);
        out += '\n';
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const auto entries = parseJavaProperties(text);
    if (!entries)
        return 0;
    const size_t physicalLines = 1 + static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) +
                                 static_cast<size_t>(std::count(text.begin(), text.end(), '\r'));
    size_t previous = 0;
    for (const PropertyEntry& e : *entries) {
        check(e.line > previous && e.line <= physicalLines, "entries start on increasing lines of the text",
              std::to_string(e.line));
        previous = e.line;
    }

    const Properties props(*entries);
    for (const PropertyEntry& e : *entries) {
        const auto last = std::find_if(entries->rbegin(), entries->rend(),
                                       [&](const PropertyEntry& x) { return x.key == e.key; });
        check(props.get(e.key) == last->value && props.line(e.key) == last->line,
              "Properties keeps the last assignment of a key", e.key);
    }

    const std::string stored = store(*entries);
    const auto again = parseJavaProperties(stored);
    check(again.ok() && again->size() == entries->size(), "stored entries parse", stored);
    for (size_t i = 0; i < entries->size(); ++i)
        check((*again)[i].key == (*entries)[i].key && (*again)[i].value == (*entries)[i].value &&
                  (*again)[i].line == i + 1,
              "stored entries parse to the same keys and values, one per line", stored);
    return 0;
}
