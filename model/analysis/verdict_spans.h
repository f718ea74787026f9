// When each verdict held for one partition of a group over a sweep (GroupSeries): the window's
// strip of verdicts over time, as spans between the moments evaluated.
#pragma once

#include "model/analysis/group_series.h"

#include <vector>

namespace driftscope {

struct VerdictSpan {
    int64_t fromMs = 0; // the first moment it held
    int64_t toMs = 0;   // the first moment after that it no longer held, or the last moment swept
};

struct VerdictSpans {
    Verdict verdict = Verdict::NoSync;
    std::vector<VerdictSpan> spans;
};

// The verdicts that held at some moment of `series`, in the order of the Verdict enumeration,
// each with its spans in time order. A verdict held at moment i holds until moment i + 1.
std::vector<VerdictSpans> verdictSpans(const PartitionSeries& series);

} // namespace driftscope
