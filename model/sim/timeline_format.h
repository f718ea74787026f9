// Text forms of a simulation: CSV rows and JSON objects for samples, the scenario and the
// summary, shared by `driftscope-cli simulate`, the GUI and later exports.
#pragma once

#include "model/sim/simulator.h"
#include "model/util/json_writer.h"

#include <string>
#include <vector>

namespace driftscope::sim {

// A printed column or field and what it holds, for --help.
struct FieldDoc {
    const char* name;
    const char* meaning;
};
// The CSV columns in order (csvHeader() is their names); JSON samples hold the same figures.
const std::vector<FieldDoc>& csvColumns();
// The summary's fields in order (writeSummaryJson writes exactly these).
const std::vector<FieldDoc>& summaryFields();

std::string csvHeader();
std::string csvRow(const Scenario& scenario, const Sample& sample);

void writeSampleJson(JsonWriter& json, const Scenario& scenario, const Sample& sample);
void writeScenarioJson(JsonWriter& json, const Scenario& scenario);
// The run's summary: as JSON (the CLI), and in one line for status bars and notes: "1 h 0 min
// simulated: 7368 offset syncs (0 dropped), 700 checkpoints; at every step a failover replays at
// most 9183 records (p50 ..., p95 ..., p99 ...), at most 183.7 s of processing, and skips at 0 of
// 431904 steps with a checkpoint (at most 0 records)". Its maxima and percentiles are taken over
// every simulated step, not over the printed samples.
void writeSummaryJson(JsonWriter& json, const RunSummary& r);
std::string summaryText(const RunSummary& r);

} // namespace driftscope::sim
