// The answer of `driftscope-cli tune` and the window's target panel: the recommendation, the
// simulator's check, and their text and JSON (docs/tuning.md).
#pragma once

#include "model/sim/tune_check.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace driftscope::sim {

struct TuneAnswer {
    std::string input;              // "scenario steady", "capture real-mm2.capture at ..."
    std::vector<std::string> notes; // how the flows and the current settings were found
    tuning::Target target;
    tuning::FlowProfile profile;
    tuning::Recommendation recommendation; // the model's
    std::optional<CheckedRecommendation> checked;
    std::string notSimulatedBecause; // when checked is none
    // What the simulation covers when not every flow ("9 of 18 group partitions: those at the
    // head of their logs"), and the model's figures on the same flows, to compare like with like.
    std::string simulatedCovers;
    std::optional<tuning::Prediction> modelOfSimulated;
    // The settings recommended in the end: the model's, tightened where the simulation said so.
    tuning::Knobs knobs() const { return checked ? checked->knobs : recommendation.knobs; }
};

// Runs the model and, for a scenario, the simulator's check; the prediction and cost follow the
// settings the check ends with.
// `cancelled`, when given and set, ends the check before its next run (the answer then says the
// recommendation was not checked).
TuneAnswer tuneScenario(const Scenario& scenario, const tuning::Target& target,
                        const std::vector<std::string>& groups, const std::atomic<bool>* cancelled = nullptr);
// The model's answer for flows observed elsewhere, checked by simulating each kind of flow (the
// same rates and commit interval) as a scenario of its own.
TuneAnswer tuneFlows(const tuning::FlowProfile& profile, const tuning::Target& target);

std::string tuneText(const TuneAnswer& answer);
std::string tuneJson(const TuneAnswer& answer);

} // namespace driftscope::sim
