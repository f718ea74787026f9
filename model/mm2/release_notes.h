// What each MM2 release changes, in words, for trainers and for anyone choosing a release: derived
// from the release profiles themselves (release.h), so the notes say exactly what the rules
// driftscope applies say, and a rule that changes in profileFor() changes its note.
#pragma once

#include "model/mm2/release.h"

#include <string>
#include <vector>

namespace driftscope {

// One rule that differs between a release and the known release before it.
struct ReleaseChange {
    std::string aspect; // "translation", "offset-sync store", ...
    std::string now;    // the rule from this release on, in words
    std::string before; // the rule it replaces
};

// What `release` changes from the known release before it (knownReleases() order); for 2.4.0,
// the first with MM2, nothing. Empty when none of the rules driftscope models changed.
std::vector<ReleaseChange> releaseChanges(const Release& release);

// "3.4.1: translation: ... (before: ...)": one line per change, or "3.4.2: no rule driftscope
// models changed".
std::vector<std::string> releaseChangeLines(const Release& release);

// The store's rule for keeping syncs, in plain words, for beside the slots plot: whole, and as a
// caption of a few words ("64 slots, slot j within 2^j of the newest").
std::string storeRuleText(StoreKind store);
std::string storeRuleCaption(StoreKind store);

} // namespace driftscope
