// Reads a file of MM2 records: console-formatter text or JSON Lines, told apart line by line
// (a line starting with '{' is JSON). Bad lines are reported with their number, never dropped
// silently; the caller decides whether they are fatal.
#pragma once

#include "model/records/formatter_text.h"

#include <string>

namespace driftscope {

struct RecordFile {
    std::vector<NumberedRecord> records; // in file order
    std::vector<LineError> errors;
};

// The whole of a regular text file (no NUL bytes), or what is wrong with it.
Result<std::string> readTextFile(const std::string& path);

// Parses text already in memory (formatter text or JSON Lines, told apart by their first line).
RecordFile parseRecordText(std::string_view text);

} // namespace driftscope
