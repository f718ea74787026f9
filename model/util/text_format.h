// Small text helpers shared by the CLI's outputs: CSV fields, UTC times, durations, and
// column-aligned tables for terminals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

// RFC 4180: quoted (with doubled quotes) when the text holds a comma, a quote or a line break.
std::string csvField(std::string_view text);

// A replication flow as MM2 names it: ("A", "B") -> "A->B".
std::string flowName(std::string_view source, std::string_view target);

// 'text' in single quotes, for messages. Messages are built from it, or by appending, rather than
// as `"'" + std::string(text)`: GCC 12's -Wrestrict (bug 105329) misreads that at -O3 as an
// overlapping copy of 2^63 bytes, which fails a Release build with -Werror.
std::string singleQuoted(std::string_view text);

// 1764400000123 -> "2025-11-29T07:06:40.123Z" (proleptic Gregorian, any int64).
std::string formatUtcMs(int64_t ms);

// A fixed-point number written exactly from its integer units: (1837, 1) -> "183.7", (-5, 2) ->
// "-0.05", (42, 0) -> "42". No floating point on the way, so a figure prints the same everywhere.
std::string formatFixed(int64_t units, int decimals);

// 4200 -> "4.2 s", 125000 -> "2 min 5 s", 7380000 -> "2 h 3 min"; negative values get a '-'.
std::string formatDurationMs(int64_t ms);

// Rows of cells printed with each column as wide as its widest cell (counted in code points).
class TextTable {
public:
    void addRow(std::vector<std::string> cells) { m_rows.push_back(std::move(cells)); }
    // Sets the cells of one column below the header in bold (ANSI SGR 1) for a terminal.
    void setBoldColumn(size_t column) { m_boldColumn = column; }
    std::string str() const; // lines joined with '\n', no trailing spaces, no final newline

private:
    std::vector<std::vector<std::string>> m_rows;
    size_t m_boldColumn = SIZE_MAX;
};

} // namespace driftscope
