// The 64-slot array of one partition in MM2's OffsetSyncStore (3.4.1 and later), and the two
// update procedures MM2 has shipped (docs/mm2-behaviour.md §2.4).
//
// Slot 0 holds the newest sync; older syncs are kept at roughly logarithmic distances so that
// old consumer offsets can still be translated coarsely. Runs of the same sync mark unused
// slots. Every rule compares syncs by identity (`id`), never by value: two records with equal
// offsets are two syncs. Upstream offsets never increase along the array (a smaller upstream
// offset clears it), so the same sync always occupies one contiguous run.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

namespace driftscope {

// A sync as the store holds it. `id` is unique per record read (its identity). A plain triple
// without default member initialisers, so scratch arrays of it cost nothing to declare.
struct StoredSync {
    int64_t upstream;
    int64_t downstream;
    uint64_t id;

    bool isSameSync(const StoredSync& other) const { return id == other.id; }
};

constexpr int kSlotCount = 64; // one per bit of a Java long

using SyncSlots = std::array<StoredSync, kSlotCount>;

// All slots := `sync` (first sync of a partition, upstream rewind, or initial-load rule).
void clearSlots(SyncSlots& syncs, const StoredSync& sync);

// Normal (non-clearing) update, KAFKA-15202 version: 3.5.2, 3.6.0 and later.
void updateSlotsKafka15202(SyncSlots& syncs, const StoredSync& sync);

// Normal (non-clearing) update, original KAFKA-14666 version: 3.4.1, 3.5.0, 3.5.1.
void updateSlotsOriginal(SyncSlots& syncs, const StoredSync& sync);

// Index of the newest sync at or before `upstream` (the first slot with upstream <= it), or the
// last slot when every sync is newer, as MM2's lookup does. Inline: it is the translation hot path.
inline int lookupSlot(const SyncSlots& syncs, int64_t upstream)
{
    // MM2 scans from slot 0 for the first sync at or before `upstream`. Upstream offsets never
    // increase along the slots, so the slots that qualify form a suffix and the scan can start
    // later: invariant B keeps slot j within 2^j - 1 of the head, so a query D offsets behind the
    // head is answered at or after slot floor(log2 D). The start is verified, never trusted.
    if (syncs[0].upstream <= upstream)
        return 0;
    const uint64_t distance = static_cast<uint64_t>(syncs[0].upstream) - static_cast<uint64_t>(upstream);
    int i = 63 - std::countl_zero(distance);
    if (i > 0 && syncs[i - 1].upstream <= upstream)
        i = 1; // the invariant did not hold (offsets near the int64 limits): plain scan
    if (i + 4 <= kSlotCount) {
        // The answer is usually within a few slots: count the newer ones in a window of four
        // without branching (they come first, offsets being ordered).
        const int newer = (syncs[i].upstream > upstream) + (syncs[i + 1].upstream > upstream) +
                          (syncs[i + 2].upstream > upstream) + (syncs[i + 3].upstream > upstream);
        if (newer < 4)
            return i + newer;
        i += 4;
    }
    for (; i < kSlotCount; ++i)
        if (syncs[i].upstream <= upstream)
            return i;
    return kSlotCount - 1;
}

// Number of distinct syncs held.
int distinctSyncs(const SyncSlots& syncs);

// Runs of equal syncs, e.g. "[0..4]=10000 [5]=9990 [6..63]=0"; with downstream offsets
// "[0..4]=10000:10500 ...". This is the notation of the specification's state tables.
std::string describeSlots(const SyncSlots& syncs, bool withDownstream = false);

// The invariants of §2.4.2 between slots i < j (B: not too old, C: spread out), evaluated with
// Java's wrap-around as MM2 does while updating.
bool invariantB(const StoredSync& x, const StoredSync& y, int i, int j);
bool invariantC(const StoredSync& x, const StoredSync& y, int i);

} // namespace driftscope
