// The report as text for terminals, JSON and CSV for scripts (driftscope-cli report).
#pragma once

#include "model/core/health_report.h"

#include <string>

namespace driftscope {

std::string reportText(const Report& report);
std::string reportJson(const Report& report); // one object on one line
std::string reportCsv(const Report& report);  // header plus one line per row, '\n' separated

} // namespace driftscope
