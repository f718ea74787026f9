// What each MM2 release changes, in words, for trainers and for anyone choosing a release: derived
// from the release profiles themselves (release.h), so the notes say exactly what the rules
// driftscope applies say, and a rule that changes in profileFor() changes its note.
#pragma once

#include "model/mm2/release.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// One rule that differs between a release and the release before it in its history.
struct ReleaseChange {
    std::string aspect; // "translation", "offset-sync store", ...
    std::string now;    // the rule from this release on, in words
    std::string before; // the rule it replaces
};

// The release before `release` in its history: the previous patch release of its line (3.5.2:
// 3.5.1), and for the first of a line the first of the line before (3.6.0: 3.5.0), whose branch
// the new one continues; a fix backported to 3.5.2 and released with 3.6.0 then shows under both,
// and a patch release never seems to undo what a later line had. None for 2.4.0 (the first with
// MM2) and for releases driftscope does not know.
std::optional<Release> previousInHistory(const Release& release);

// What `release` changes from previousInHistory; nothing for 2.4.0 and unknown releases. Empty
// when none of the rules driftscope models changed.
std::vector<ReleaseChange> releaseChanges(const Release& release);

// "3.4.1: translation: ... (3.4.0: ...)": one line per change, or "3.4.2: no rule driftscope
// models changed since 3.4.1"; "2.4.0: the first release with MirrorMaker 2"; "4.4.1: not a
// release driftscope knows".
std::vector<std::string> releaseChangeLines(const Release& release);

// The store's rule for keeping syncs, in plain words, for beside the slots plot: whole, and as a
// caption of a few words ("64 slots, slot j at most 2^j - 1 behind the newest").
std::string storeRuleText(StoreKind store);
std::string storeRuleCaption(StoreKind store);

} // namespace driftscope
