// What the explorer shows: the MM2 release whose rules apply, a second release to compare with,
// the selected group and partition, and the time cursor. The window's controls change it, and
// each change is one request to the analysis worker.
#pragma once

#include "model/analysis/explorer_model.h"

#include <optional>
#include <string>

namespace driftscope::gui {

struct ExplorerState {
    Release release = kDefaultRelease;
    std::string releaseWarning; // when `release`'s rules stand in for a release driftscope does not know
    std::optional<Release> compare;
    ReplayBudget budget;             // View > Replay budget, or the command line
    Selection selection;             // empty group: the session's first
    std::optional<int64_t> cursorMs; // none: follow the end of the session (live: now)

    ExplorerRequest request() const
    {
        ExplorerRequest r;
        r.state.release = release;
        r.state.releaseWarning = releaseWarning;
        r.compare = compare;
        r.budget = budget;
        r.selection = selection;
        r.cursorMs = cursorMs;
        return r;
    }

    // Adopts what "the first group" or "its first partition" turned out to be in `answer`, unless
    // the user chose something else meanwhile; a group the session does not have (yet) stays.
    // "The first group" is adopted once it has syncs: until then the model chooses again with each
    // answer, so that a live session moves to a group with syncs as soon as one has them.
    void adoptResolved(const ExplorerAnswer& answer)
    {
        if (selection.group.empty() && !answer.selectionSettled)
            return;
        if (answer.request.selection.group == selection.group &&
            answer.request.selection.partition == selection.partition &&
            (selection.group.empty() || answer.selection.group == selection.group))
            selection = answer.selection;
    }
};

} // namespace driftscope::gui
