// Text printed by MM2's console formatters, one record per line (formatter_text.h), as files of
// such lines are read (record_file.h parseRecordText).
//
// Checks: parsed names and texts are well-formed UTF-8 (model_checks.h); a parsed line formats,
// with either metadata label, to a line that parses to the same record; parseRecordText numbers
// lines from 1, skips only blank lines and gives each formatter line exactly what
// parseFormatterLine gives it.
#include "model_checks.h"

#include "model/io/record_file.h"
#include "model/records/formatter_text.h"

using namespace driftscope;
using fuzz::check;

namespace {

void checkRoundTrip(const MirrorRecord& record)
{
    for (MetadataLabel label : {MetadataLabel::Current, MetadataLabel::Misspelt}) {
        const std::string line = formatRecord(record, label);
        const auto again = parseFormatterLine(line);
        check(again.ok(), "a formatted record parses", line + "\n" + (again ? "" : again.error()));
        check(*again == record, "parse(format(record)) == record", line);
    }
}

bool isBlank(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const RecordFile file = parseRecordText(text);
    size_t nextRecord = 0, nextError = 0, lineNumber = 0;
    for (std::string_view line : fuzz::linesOf(text)) {
        ++lineNumber;
        if (isBlank(line))
            continue;
        const bool json = line[line.find_first_not_of(" \t\r")] == '{';
        const auto parsed = parseFormatterLine(line);
        if (parsed) {
            fuzz::checkRecord(*parsed);
            checkRoundTrip(*parsed);
        }
        // parseRecordText hands '{' lines to the JSON reader (fuzz_record_json covers those).
        const bool isRecord = nextRecord < file.records.size() && file.records[nextRecord].line == lineNumber;
        const bool isError = nextError < file.errors.size() && file.errors[nextError].line == lineNumber;
        check(isRecord != isError, "every non-blank line is a record or an error, in order");
        if (isRecord && !json)
            check(parsed.ok() && file.records[nextRecord].record == *parsed,
                  "parseRecordText keeps the parsed record");
        if (isError && !json)
            check(!parsed.ok() && file.errors[nextError].message == parsed.error(),
                  "parseRecordText keeps the parser's reason");
        nextRecord += isRecord;
        nextError += isError;
    }
    check(nextRecord == file.records.size() && nextError == file.errors.size(),
          "parseRecordText reports nothing for blank lines");
    return 0;
}
