// The report as text for terminals, JSON and CSV for scripts (driftscope-cli report).
#pragma once

#include "model/analysis/health_report.h"

#include <string>
#include <vector>

namespace driftscope {

// Plain text, or for a terminal, where the resume offset is set in bold.
enum class TextStyle { Plain, Terminal };

// The flow a report is of, as MM2 names it: "A->B" (every JSON object and CSV row carries it).
std::string flowName(const Report& report);
std::string reportText(const Report& report, TextStyle style = TextStyle::Plain);
std::string reportJson(const Report& report); // one object on one line
// The report's note on checkpoint and heartbeat records of a value version other than 0
// (KAFKA-20659), which the text report, the JSON notes and the window's status bar all show.
std::optional<std::string> otherVersionNote(const Report& report);
// The header line (unless Without: the rows of a further flow) and one line per row, '\n' separated.
enum class CsvHeader { With, Without };
std::string reportCsv(const Report& report, CsvHeader header = CsvHeader::With);
// The same for `rows` of `report` alone, in their order (a table's rows as filtered and sorted).
std::string reportCsv(const Report& report, const std::vector<const PartitionReport*>& rows,
                      CsvHeader header = CsvHeader::With);
// What a report says before its rows, one line each, the same words wherever the report goes
// (the text report, CSV's stderr, the failover plan's files, the window): the release warning,
// the stale limit and where it comes from, the group-offset sync, NOT CURRENT and the reader's
// problems, checkpoints the release does not explain, and why some outcomes are unknown.
std::vector<std::string> reportNotes(const Report& report);
// The reader's problems (clusters not connected, problem states), one line each, as the text
// form prints them; for CSV, whose lines are all rows, the CLI puts them on stderr.
std::vector<std::string> readerProblemLines(const Report& report);

} // namespace driftscope
