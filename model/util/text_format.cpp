#include "model/util/text_format.h"

#include <algorithm>
#include <cstdio>

namespace driftscope {
namespace {

size_t codePoints(std::string_view text)
{
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80; // not a continuation byte
    }));
}

// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
void civilFromDays(int64_t z, int64_t& y, unsigned& m, unsigned& d)
{
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
}

} // namespace

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string formatUtcMs(int64_t ms)
{
    // Floor division, so times before 1970 format correctly too.
    int64_t days = ms / 86'400'000;
    int64_t rest = ms % 86'400'000;
    if (rest < 0) {
        rest += 86'400'000;
        --days;
    }
    int64_t year = 0;
    unsigned month = 0, day = 0;
    civilFromDays(days, year, month, day);
    char text[64];
    std::snprintf(text, sizeof text, "%04lld-%02u-%02uT%02d:%02d:%02d.%03dZ", static_cast<long long>(year),
                  month, day, static_cast<int>(rest / 3'600'000), static_cast<int>(rest / 60'000 % 60),
                  static_cast<int>(rest / 1000 % 60), static_cast<int>(rest % 1000));
    return text;
}

std::string flowName(std::string_view source, std::string_view target)
{
    std::string name(source);
    name += "->";
    name += target;
    return name;
}

std::string singleQuoted(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '\'';
    out += text;
    out += '\'';
    return out;
}

std::string formatFixed(int64_t units, int decimals)
{
    // Unsigned magnitude: INT64_MIN has no positive int64 counterpart.
    const uint64_t magnitude = units < 0 ? 0 - static_cast<uint64_t>(units) : static_cast<uint64_t>(units);
    std::string digits = std::to_string(magnitude);
    const auto places = static_cast<size_t>(std::max(decimals, 0));
    if (places > 0) {
        if (digits.size() <= places)
            digits.insert(0, places + 1 - digits.size(), '0');
        digits.insert(digits.size() - places, 1, '.');
    }
    if (units < 0)
        digits.insert(0, 1, '-');
    return digits;
}

std::string formatDurationMs(int64_t ms)
{
    if (ms < 0) {
        // Appended, not `"-" + ...`: GCC 12's -Wrestrict false positive (text_format.h).
        std::string text(1, '-');
        text += formatDurationMs(ms == INT64_MIN ? INT64_MAX : -ms);
        return text;
    }
    const int64_t seconds = ms / 1000;
    if (seconds < 60) {
        char text[32];
        std::snprintf(text, sizeof text, "%lld.%lld s", static_cast<long long>(seconds),
                      static_cast<long long>(ms % 1000 / 100));
        return text;
    }
    if (seconds < 3600)
        return std::to_string(seconds / 60) + " min " + std::to_string(seconds % 60) + " s";
    if (seconds < 86400)
        return std::to_string(seconds / 3600) + " h " + std::to_string(seconds / 60 % 60) + " min";
    return std::to_string(seconds / 86400) + " d " + std::to_string(seconds / 3600 % 24) + " h";
}

std::string TextTable::str() const
{
    std::vector<size_t> widths;
    for (const auto& row : m_rows)
        for (size_t c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths.push_back(0);
            widths[c] = std::max(widths[c], codePoints(row[c]));
        }
    std::string out;
    for (size_t r = 0; r < m_rows.size(); ++r) {
        const auto& row = m_rows[r];
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            // The escapes take no room on a terminal: the padding counts the text alone.
            if (c == m_boldColumn && r > 0)
                line += "\x1b[1m" + row[c] + "\x1b[0m";
            else
                line += row[c];
            if (c + 1 < row.size())
                line += std::string(widths[c] - codePoints(row[c]) + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        if (!out.empty())
            out += '\n';
        out += line;
    }
    return out;
}

} // namespace driftscope
