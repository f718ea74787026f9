// How much a failover replays or skips (docs/architecture.md §2). For a group partition at a
// time: the resume position says where the group starts on the target (the checkpoint's D_c,
// or the target group offset MM2 synced from an earlier checkpoint); its upstream equivalent
// Ueq is the upstream offset of the first record read there. The outcome P - Ueq splits into
// parts that are never negative:
//   granularity   U_c - Ueq_c   rounding back to a sync point
//   group sync    Ueq_c - Ueq   the synced target group offset lags the checkpoint
//   staleness     S - U_c       progress committed since the checkpoint
//   cadence       P - S         processed but not yet committed
// minus the parts that move the resume position past what the group processed:
//   overshoot     an extrapolating release (or a target group offset) past the checkpoint's
//                 own sync point
//   rewind        the group's committed offset moved back since the checkpoint
// The outcome is a replay of P - Ueq offsets, or a skip of Ueq - P: never both, never negative;
// unknown when Ueq is (ReplayWindow::known).
// One implementation for the simulator, the CLI, the GUI and live mode.
#pragma once

#include "model/mm2/release.h"
#include "model/mm2/sync_slots.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace driftscope {

// Where a failover would resume one partition on the target, from MM2's checkpoint.
struct ResumePoint {
    int64_t upstream = 0;           // U_c: the committed offset MM2 translated
    int64_t downstream = 0;         // D_c: the checkpoint's downstream offset
    int64_t emittedAtMs = 0;        // t_c
    std::optional<StoredSync> sync; // (u_s, d_s): the sync MM2's store used, when known
};

// The target group offset MM2 synced (sync.group.offsets.enabled), when consumers resume there.
struct SyncedGroupOffset {
    int64_t downstream = 0; // T
    // Its upstream equivalent when known (ground truth, or the sync of the checkpoint it was
    // synced from); without it T is taken at the word of the checkpoint with D_c == T, if any.
    std::optional<int64_t> upstreamEquivalent;
};

struct ReplayInput {
    int64_t nowMs = 0;
    int64_t committed = 0;             // S(t)
    std::optional<int64_t> processed;  // P(t); without it (live mode) P = S and cadence is 0
    std::optional<ResumePoint> resume; // none: the group has no checkpoint for the partition
    // Set when the group resumes from the target group offset MM2 synced instead of D_c.
    std::optional<SyncedGroupOffset> synced;
    TranslationRule rule = TranslationRule::CappedPlusOne;
    // Ground truth, when known (the simulator): the upstream offset of the first record a
    // consumer resuming at a downstream offset would read. Preferred over the sync when given.
    std::function<std::optional<int64_t>(int64_t downstream)> upstreamAt;
};

// Source offsets [from, to): the records a failover reads again, or never reads.
struct SourceRange {
    int64_t from = 0;
    int64_t to = 0;

    friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

struct ReplayWindow {
    bool available = false;             // false without a checkpoint: there is no failover position
    int64_t resumeAt = 0;               // the downstream offset the group resumes at (D_c or T)
    bool fromSyncedGroupOffset = false; // resumeAt is T, not D_c
    int64_t upstreamEquivalent = 0;     // Ueq of resumeAt

    // The outcome: at most one of the two is positive.
    int64_t replay = 0; // offsets read again: P - Ueq when Ueq <= P
    int64_t skip = 0;   // offsets never read: Ueq - P when Ueq > P

    // replay - skip == granularity + groupSync + staleness + cadence - overshoot - rewind
    int64_t granularity = 0;
    int64_t groupSync = 0;
    int64_t staleness = 0;
    int64_t cadence = 0;
    int64_t overshoot = 0;
    int64_t rewind = 0;

    int64_t checkpointAgeMs = 0; // now - t_c
    // Whether Ueq, and with it the outcome, is known: from the sync used or from ground truth.
    // When nothing says which source record the target holds at the resume offset (no sync
    // explains the checkpoint, an extrapolated position, a synced target offset no sync
    // explains), taking D_c for U_c would be MM2's own assumption, which hides the skips
    // extrapolating releases cause: then replay, skip, upstreamEquivalent and the parts that
    // depend on Ueq (granularity, groupSync, overshoot) stay 0 and no view shows a number.
    bool known = false;

    bool skips() const { return skip > 0; }
    // Which source offsets the outcome is about: [Ueq, P) read again, or [P, Ueq) never read
    // (empty when the group resumes where it stopped). None without a known outcome.
    std::optional<SourceRange> sourceRange() const;
};

ReplayWindow analyzeReplay(const ReplayInput& input);

} // namespace driftscope
