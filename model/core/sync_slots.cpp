#include "model/core/sync_slots.h"

#include "model/core/java_long.h"

#include <algorithm>

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

void clearSlots(SyncSlots& slots, const StoredSync& sync)
{
    slots.fill(sync);
}

void updateSlotsKafka15202(SyncSlots& slots, const StoredSync& sync)
{
    // Updated in place. `original[0..c]` keeps the values slots 0..c had before this update: the
    // loop only reads original slots at or below the current index, and slot c+1 is untouched
    // until its own iteration. Only the prefix actually visited is ever copied.
    StoredSync original[kSlotCount];
    original[0] = slots[0];
    slots[0] = sync;
    StoredSync replacement = sync;
    int candidate = 0; // index into `original` of the next sync that may be kept
    for (int current = 1; current < kSlotCount; ++current) {
        const int previous = current - 1;
        original[current] = slots[current];
        bool skip;
        do {
            const StoredSync& old = original[candidate];
            const bool recent = invariantB(slots[previous], old, previous, current);
            const bool separatedFromPrevious = invariantC(slots[previous], old, previous);
            const bool separatedFromNext =
                current + 1 >= kSlotCount || invariantC(old, slots[current + 1], current);
            const bool duplicate = candidate + 1 < kSlotCount && original[candidate + 1].isSameSync(old);
            const bool promote = recent && separatedFromPrevious && separatedFromNext;
            if (promote)
                replacement = old;
            skip = duplicate || !separatedFromPrevious;
            if (promote || skip)
                ++candidate;
        } while (candidate < current && skip);

        if (invariantB(slots[previous], slots[current], previous, current))
            break; // slot `current` is still valid, hence so are all later ones
        slots[current] = replacement;
    }
}

void updateSlotsOriginal(SyncSlots& slots, const StoredSync& sync)
{
    // Only the most recently evicted sync is reconsidered for the next slot.
    StoredSync evicted = slots[0];
    slots[0] = sync;
    StoredSync replacement = sync;
    for (int current = 1; current < kSlotCount; ++current) {
        const int previous = current - 1;
        const bool separatedFromNext =
            current + 1 >= kSlotCount || invariantC(evicted, slots[current + 1], current);
        if (invariantB(slots[previous], evicted, previous, current) &&
            invariantC(slots[previous], evicted, previous) && separatedFromNext)
            replacement = evicted;
        if (invariantB(slots[previous], slots[current], previous, current))
            break;
        evicted = slots[current];
        slots[current] = replacement;
    }
}

int lookupSlot(const SyncSlots& slots, int64_t upstream)
{
    for (int i = 0; i < kSlotCount; ++i)
        if (slots[i].upstream <= upstream)
            return i;
    return kSlotCount - 1;
}

int distinctSyncs(const SyncSlots& slots)
{
    int count = 1;
    for (int i = 1; i < kSlotCount; ++i)
        count += slots[i].isSameSync(slots[i - 1]) ? 0 : 1;
    return count;
}

std::string describeSlots(const SyncSlots& slots, bool withDownstream)
{
    std::string out;
    int start = 0;
    for (int i = 1; i <= kSlotCount; ++i) {
        if (i < kSlotCount && slots[i].isSameSync(slots[start]))
            continue;
        if (!out.empty())
            out += ' ';
        out += '[' + std::to_string(start);
        if (i - 1 > start)
            out += ".." + std::to_string(i - 1);
        out += "]=" + std::to_string(slots[start].upstream);
        if (withDownstream)
            out += ':' + std::to_string(slots[start].downstream);
        start = i;
    }
    return out;
}

} // namespace driftscope
