// How much a failover replays (docs/architecture.md §2). For a group partition at a time: the checkpoint
// in force says where the group resumes on the target; the sync MM2 used for it gives the
// upstream equivalent Ueq of that position; the replay window P - Ueq splits into
//   granularity  U_c - Ueq  (rounding back to a sync point),
//   staleness    S - U_c    (progress committed since the checkpoint),
//   cadence      P - S      (processed but not yet committed),
// and a skip is Ueq > P. One implementation for the simulator, the CLI, the GUI and live mode.
#pragma once

#include "model/mm2/release.h"
#include "model/mm2/sync_slots.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace driftscope {

// Where a failover would resume one partition on the target.
struct ResumePoint {
    int64_t upstream = 0;           // U_c: the committed offset MM2 translated
    int64_t downstream = 0;         // D_c: where the group resumes on the target
    int64_t emittedAtMs = 0;        // t_c
    std::optional<StoredSync> sync; // (u_s, d_s): the sync MM2's store used, when known
};

struct ReplayInput {
    int64_t nowMs = 0;
    int64_t committed = 0;             // S(t)
    std::optional<int64_t> processed;  // P(t); without it (live mode) P = S and cadence is 0
    std::optional<ResumePoint> resume; // none: the group has no checkpoint for the partition
    TranslationRule rule = TranslationRule::CappedPlusOne;
    // Ground truth, when known (the simulator): the upstream offset of the first record a
    // consumer resuming at a downstream offset would read. Preferred over the sync when given.
    std::function<std::optional<int64_t>(int64_t downstream)> upstreamAt;
};

struct ReplayWindow {
    bool available = false;         // false without a checkpoint: there is no failover position
    int64_t upstreamEquivalent = 0; // Ueq
    int64_t window = 0;             // P - Ueq = granularity + staleness + cadence
    int64_t granularity = 0;
    int64_t staleness = 0;
    int64_t cadence = 0;
    int64_t checkpointAgeMs = 0; // now - t_c
    bool skip = false;           // Ueq > P: records between P and Ueq would never be read
    // Ueq comes from the sync used or from ground truth. When false it is MM2's own assumption
    // (D_c corresponds to U_c), which hides the skips extrapolating releases can cause.
    bool exact = false;
};

ReplayWindow analyzeReplay(const ReplayInput& input);

} // namespace driftscope
