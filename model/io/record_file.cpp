#include "model/io/record_file.h"

#include "model/io/json_record_line.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

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
        auto parsed = line[first] == '{' ? parseJsonRecordLine(line) : parseFormatterLine(line);
        if (parsed)
            out.records.push_back({lineNumber, std::move(parsed.value())});
        else
            out.errors.push_back({lineNumber, parsed.error()});
    }
    return out;
}

Result<RecordFile> readRecordFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path + ": cannot open: " + std::strerror(errno)};
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad())
        return Error{path + ": read error: " + std::strerror(errno)};
    const std::string text = std::move(content).str();
    if (text.starts_with(std::string_view("SQLite format 3\0", 16)))
        return Error{path + ": is an SQLite database; reading driftscope captures is not available in this "
                            "build yet (formatter text and JSON Lines are)"};
    if (text.find('\0') != std::string::npos)
        return Error{path + ": is a binary file, not formatter text or JSON Lines"};
    return parseRecordText(text);
}

} // namespace driftscope
