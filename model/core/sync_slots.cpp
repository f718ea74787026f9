#include "model/core/sync_slots.h"

#include "model/core/java_long.h"

#include <algorithm>
#include <bit>

namespace driftscope {

bool invariantB(const StoredSync& x, const StoredSync& y, int i, int j)
{
    // bound = y + 2^j - 2^i, left to right in Java long; a negative bound overflowed: satisfied.
    const int64_t bound = javalong::sub(javalong::add(y.upstream, javalong::pow2(j)), javalong::pow2(i));
    return x.isSameSync(y) || bound < 0 || x.upstream <= bound;
}

bool invariantC(const StoredSync& x, const StoredSync& y, int i)
{
    // bound = y + 2^max(i-2, 0); a negative bound overflowed: "not separated".
    const int64_t bound = javalong::add(y.upstream, javalong::pow2(std::max(i - 2, 0)));
    return x.isSameSync(y) || (bound >= 0 && x.upstream >= bound);
}

void clearSlots(SyncSlots& syncs, const StoredSync& sync)
{
    syncs.fill(sync);
}

void updateSlotsKafka15202(SyncSlots& syncs, const StoredSync& sync)
{
    // Updated in place. `original[0..c]` keeps the values slots 0..c had before this update: the
    // loop only reads original slots at or below the current index, and slot c+1 is untouched
    // until its own iteration. Only the prefix actually visited is ever copied.
    StoredSync original[kSlotCount];
    const StoredSync head = syncs[0];
    original[0] = head;
    syncs[0] = sync;

    // Fast path over the old head's run (usually slots 0..5-8). There the candidate is the old
    // head and is followed by itself (a duplicate), so MM2's loop only skips it, and it would
    // only promote it when B already holds for slot `current`, which ends the update anyway.
    int current = 1;
    for (; current < kSlotCount && syncs[current].isSameSync(head); ++current) {
        if (invariantB(sync, head, current - 1, current))
            return;
        original[current] = head;
        syncs[current] = sync;
    }

    StoredSync replacement = sync;
    int candidate = current - 1; // index into `original` of the next sync that may be kept
    for (; current < kSlotCount; ++current) {
        const int previous = current - 1;
        original[current] = syncs[current];
        bool skip;
        do {
            const StoredSync& old = original[candidate];
            const bool recent = invariantB(syncs[previous], old, previous, current);
            const bool separatedFromPrevious = invariantC(syncs[previous], old, previous);
            const bool separatedFromNext =
                current + 1 >= kSlotCount || invariantC(old, syncs[current + 1], current);
            const bool duplicate = candidate + 1 < kSlotCount && original[candidate + 1].isSameSync(old);
            const bool promote = recent && separatedFromPrevious && separatedFromNext;
            if (promote)
                replacement = old;
            skip = duplicate || !separatedFromPrevious;
            if (promote || skip)
                ++candidate;
        } while (candidate < current && skip);

        if (invariantB(syncs[previous], syncs[current], previous, current))
            break; // slot `current` is still valid, hence so are all later ones
        syncs[current] = replacement;
    }
}

void updateSlotsOriginal(SyncSlots& syncs, const StoredSync& sync)
{
    // Only the most recently evicted sync is reconsidered for the next slot.
    StoredSync evicted = syncs[0];
    syncs[0] = sync;
    StoredSync replacement = sync;
    for (int current = 1; current < kSlotCount; ++current) {
        const int previous = current - 1;
        const bool separatedFromNext =
            current + 1 >= kSlotCount || invariantC(evicted, syncs[current + 1], current);
        if (invariantB(syncs[previous], evicted, previous, current) &&
            invariantC(syncs[previous], evicted, previous) && separatedFromNext)
            replacement = evicted;
        if (invariantB(syncs[previous], syncs[current], previous, current))
            break;
        evicted = syncs[current];
        syncs[current] = replacement;
    }
}

int distinctSyncs(const SyncSlots& syncs)
{
    int count = 1;
    for (int i = 1; i < kSlotCount; ++i)
        count += syncs[i].isSameSync(syncs[i - 1]) ? 0 : 1;
    return count;
}

std::string describeSlots(const SyncSlots& syncs, bool withDownstream)
{
    std::string out;
    int start = 0;
    for (int i = 1; i <= kSlotCount; ++i) {
        if (i < kSlotCount && syncs[i].isSameSync(syncs[start]))
            continue;
        if (!out.empty())
            out += ' ';
        out += '[' + std::to_string(start);
        if (i - 1 > start)
            out += ".." + std::to_string(i - 1);
        out += "]=" + std::to_string(syncs[start].upstream);
        if (withDownstream)
            out += ':' + std::to_string(syncs[start].downstream);
        start = i;
    }
    return out;
}

} // namespace driftscope
