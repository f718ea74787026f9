// What the partition plots draw: the model's values for one release and selection. Plots keep
// no other state than what they were last given.
#pragma once

#include "model/analysis/explorer_view.h"
#include "model/analysis/timeline_marks.h"
#include "model/sim/sim_session.h"

#include <vector>

namespace driftscope::widgets {

struct PartitionData {
    const SelectionSeries* series = nullptr;
    const CursorView* cursor = nullptr;
    const std::vector<sim::TruthPoint>* truth = nullptr; // simulations only
    const std::vector<TimelineMark>* marks = nullptr;    // what happened, on every time axis
    Release release = kDefaultRelease;                   // whose rules the values follow
    int64_t emitIntervalMs = 60'000;
    int64_t staleAfterMs = 90'000;
    bool timesUnknown = false; // the records carry no times: no time axis shows one

    const PartitionSeries* partition() const
    {
        return series && series->selection.partition ? series->series.find(*series->selection.partition)
                                                     : nullptr;
    }
};

} // namespace driftscope::widgets
