#include "model/mm2/sync_slots.h"

#include "model/util/java_long.h"

#include <algorithm>
#include <bit>
#include <cstdint>

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

namespace {

// Invariant B between adjacent slots i and i+1. Java computes (y + 2^(i+1)) - 2^i, which wraps
// to the same bits as y + 2^i.
inline bool recentEnough(const StoredSync& x, const StoredSync& y, int i)
{
    const int64_t bound = javalong::add(y.upstream, javalong::pow2(i));
    return x.isSameSync(y) || bound < 0 || x.upstream <= bound;
}

// Invariant C with its separation 2^max(i-2, 0).
inline bool separated(const StoredSync& x, const StoredSync& y, int i)
{
    const int64_t bound = javalong::add(y.upstream, javalong::pow2(i < 2 ? 0 : i - 2));
    return x.isSameSync(y) || (bound >= 0 && x.upstream >= bound);
}

// First slot c >= 1 where B(sync, head, c-1, c) holds, or 0 when the wrap-around cases (negative
// offsets, bounds past 2^63) make the closed form unsafe and the slot-by-slot test must decide.
inline int firstValidHeadSlot(const StoredSync& sync, const StoredSync& head)
{
    if (head.upstream < 0 || sync.upstream < head.upstream)
        return 0;
    const uint64_t delta = static_cast<uint64_t>(sync.upstream) - static_cast<uint64_t>(head.upstream);
    // B holds at c when delta <= 2^(c-1): c = 1 for delta <= 1, else 1 + ceil(log2(delta)).
    const int c = delta <= 1 ? 1 : 65 - std::countl_zero(delta - 1);
    if (c > kSlotCount - 1 || head.upstream > INT64_MAX - javalong::pow2(c - 1))
        return 0;
    return c;
}

} // namespace

void updateSlotsKafka15202(SyncSlots& syncs, const StoredSync& sync)
{
    const StoredSync head = syncs[0];
    syncs[0] = sync;

    // Fast path over the old head's run (usually slots 0..5-8). There the candidate is the old
    // head and is followed by itself (a duplicate), so MM2's loop only skips it, and it would
    // only promote it when B already holds for slot `current`, which ends the update anyway.
    int current = 1;
    const int stop = firstValidHeadSlot(sync, head);
    if (stop != 0) {
        for (; current < stop && syncs[current].isSameSync(head); ++current)
            syncs[current] = sync;
        if (current == stop && syncs[current].isSameSync(head))
            return;
    } else {
        for (; current < kSlotCount && syncs[current].isSameSync(head); ++current) {
            if (recentEnough(sync, head, current - 1))
                return;
            syncs[current] = sync;
        }
    }

    // The general loop reads the slots' values from before this update at the candidate index,
    // which starts at the last slot of the old head's run and only grows; later slots are saved
    // as the loop overwrites them.
    StoredSync original[kSlotCount];
    original[current - 1] = head;
    const StoredSync* replacement = &sync;
    int candidate = current - 1;
    for (; current < kSlotCount; ++current) {
        const int previous = current - 1;
        original[current] = syncs[current];
        bool skip;
        do {
            const StoredSync& old = original[candidate];
            const bool recent = recentEnough(syncs[previous], old, previous);
            const bool separatedFromPrevious = separated(syncs[previous], old, previous);
            const bool separatedFromNext =
                current + 1 >= kSlotCount || separated(old, syncs[current + 1], current);
            const bool duplicate = candidate + 1 < kSlotCount && original[candidate + 1].isSameSync(old);
            const bool promote = recent && separatedFromPrevious && separatedFromNext;
            if (promote)
                replacement = &old;
            skip = duplicate || !separatedFromPrevious;
            if (promote || skip)
                ++candidate;
        } while (candidate < current && skip);

        if (recentEnough(syncs[previous], syncs[current], previous))
            break; // slot `current` is still valid, hence so are all later ones
        syncs[current] = *replacement;
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
