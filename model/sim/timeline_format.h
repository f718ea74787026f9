// Text forms of a simulation: CSV rows and JSON objects for samples, the scenario and the
// summary, shared by `driftscope-cli simulate`, the GUI and later exports.
#pragma once

#include "model/sim/simulator.h"
#include "model/util/json_writer.h"

#include <string>

namespace driftscope::sim {

std::string csvHeader();
std::string csvRow(const Scenario& scenario, const Sample& sample);

void writeSampleJson(JsonWriter& json, const Scenario& scenario, const Sample& sample);
void writeScenarioJson(JsonWriter& json, const Scenario& scenario);
// The run's summary: as JSON (the CLI), and in one line for status bars and notes:
// "1 h 0 min simulated: 7200 offset syncs (0 dropped), 240 checkpoints, 0 of 480 samples skip records".
void writeSummaryJson(JsonWriter& json, const RunSummary& summary);
std::string summaryText(const RunSummary& summary);

} // namespace driftscope::sim
