// Text forms of a simulation: CSV rows and JSON objects for samples, the scenario and the
// summary, shared by `driftscope-cli simulate` and later exports.
#pragma once

#include "model/sim/simulator.h"
#include "model/util/json_writer.h"

#include <string>

namespace driftscope::sim {

std::string csvHeader();
std::string csvRow(const Scenario& scenario, const Sample& sample);

void writeSampleJson(JsonWriter& json, const Scenario& scenario, const Sample& sample);
void writeScenarioJson(JsonWriter& json, const Scenario& scenario);
void writeSummaryJson(JsonWriter& json, const RunSummary& summary);

} // namespace driftscope::sim
