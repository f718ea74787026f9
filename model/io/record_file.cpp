#include "model/io/record_file.h"

#include "model/records/record_json.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace driftscope {

RecordFile parseRecordText(std::string_view text)
{
    RecordFile out;
    size_t lineNumber = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++lineNumber;
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos)
            continue; // blank lines are neither records nor errors
        auto parsed = line[first] == '{' ? parseJsonRecord(line) : parseFormatterLine(line);
        if (parsed)
            out.records.push_back({lineNumber, std::move(parsed.value())});
        else
            out.errors.push_back({lineNumber, parsed.error()});
    }
    return out;
}

Result<std::string> readTextFile(const std::string& path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec)
        return Error{path + ": cannot open: " + ec.message()};
    if (!std::filesystem::is_regular_file(status))
        return Error{path + ": is not a regular file"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path + ": cannot open: " + std::strerror(errno)};
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        text.append(buffer, static_cast<size_t>(in.gcount()));
    if (in.bad() || !in.eof())
        return Error{path + ": read error after " + std::to_string(text.size()) +
                     " bytes: " + std::strerror(errno)};
    if (text.starts_with(std::string_view("SQLite format 3\0", 16)))
        return Error{path +
                     ": is an SQLite database (a driftscope capture?), not formatter text or JSON Lines"};
    if (text.find('\0') != std::string::npos)
        return Error{path + ": is a binary file, not formatter text or JSON Lines"};
    return text;
}

} // namespace driftscope
