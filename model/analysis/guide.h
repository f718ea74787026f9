// The in-app guide: MM2's offset translation told as a story on the session that is open, with
// the numbers of the selected group partition at the time cursor. Trainers walk through it step
// by step: sparse syncs, translation back to a retained sync, the log-spaced store, checkpoints
// that age, the replay and its parts, and the trade-off of tuning for an RPO with idempotent
// consumers. Where the session does not show a number, the step says so and why.
#pragma once

#include "model/analysis/explorer_view.h"

#include <string>
#include <vector>

namespace driftscope {

struct GuideStep {
    std::string title;
    std::string text;
};

// `view`: the cursor's view of the selection (its row may be missing); `lifetimes`: the selected
// partition's syncs over the session (SelectionSeries::lifetimes); `release`: whose rules.
std::vector<GuideStep> guideSteps(const CursorView& view, const SharedChunks<SyncLifetime>& lifetimes,
                                  const Release& release);

} // namespace driftscope
