// The report as text for terminals, JSON and CSV for scripts (driftscope-cli report).
#pragma once

#include "model/analysis/health_report.h"

#include <string>
#include <vector>

namespace driftscope {

std::string reportText(const Report& report);
std::string reportJson(const Report& report); // one object on one line
std::string reportCsv(const Report& report);  // header plus one line per row, '\n' separated
// The reader's problems (clusters not connected, problem states), one line each, as the text
// form prints them; for CSV, whose lines are all rows, the CLI puts them on stderr.
std::vector<std::string> readerProblemLines(const Report& report);

} // namespace driftscope
