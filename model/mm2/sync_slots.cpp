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

// Kept in one piece, in the order of the release's own update (89 lines): it is checked against
// Kafka's class step by step (tests/reference), and a split would hide which step a difference
// is in.
void updateSlotsKafka15202(SyncSlots& syncs, const StoredSync& sync)
{
    const StoredSync head = syncs[0];
    syncs[0] = sync;

    // MM2's loop reads the slots' values from before this update at the candidate index, which
    // starts at the last slot of the old head's run and only grows: `original` keeps each slot
    // from there on before it is overwritten.
    StoredSync original[kSlotCount];
    const StoredSync* replacement = &sync;
    int current = 1;
    int candidate;
    const int stop = firstValidHeadSlot(sync, head);
    if (stop != 0) {
        // Fast path over the old head's run (usually slots 0..5-8). There the candidate is the old
        // head and is followed by itself (a duplicate), so MM2's loop only skips it, and it would
        // only promote it when B already holds for slot `current`, which ends the update anyway.
        for (; current < stop && syncs[current].isSameSync(head); ++current)
            syncs[current] = sync;
        if (current == stop && syncs[current].isSameSync(head))
            return;

        // Past the run, the candidate is the old head and the original slot after it is another
        // sync (no duplicate); `sync` is a new record, never the head. With d = sync - head (no
        // wrap-around here: firstValidHeadSlot checked), 2^(stop-2) < d <= 2^(stop-1). Before
        // `stop` the head is therefore not recent enough (d > 2^(current-1)) but separated
        // (d >= 2^max(current-3, 0)): MM2 neither promotes nor skips it, the replacement stays
        // `sync`, and each slot takes `sync` unless B already holds for it, the only test left.
        candidate = current - 1;
        original[candidate] = head;
        for (; current < stop; ++current) {
            if (recentEnough(sync, syncs[current], current - 1))
                return;
            original[current] = syncs[current];
            syncs[current] = sync;
        }

        // At `stop` the head is recent (d <= 2^(stop-1)) and, for stop >= 2, still separated
        // (d > 2^(stop-2) >= 2^max(stop-3, 0)); it is not skipped, so MM2's only decision there is
        // to promote it when it is separated from the next slot. (With stop = 1 and d = 0 it is
        // not separated: the general loop decides.)
        if (stop >= 2) {
            original[stop] = syncs[stop];
            if (stop + 1 >= kSlotCount || separated(head, syncs[stop + 1], stop)) {
                replacement = &original[candidate];
                ++candidate;
            }
            if (recentEnough(sync, syncs[stop], stop - 1))
                return;
            syncs[stop] = *replacement;
            ++current;
        }
    } else {
        for (; current < kSlotCount && syncs[current].isSameSync(head); ++current) {
            if (recentEnough(sync, head, current - 1))
                return;
            syncs[current] = sync;
        }
        candidate = current - 1;
        original[candidate] = head;
    }

    for (; current < kSlotCount; ++current) {
        const int previous = current - 1;
        original[current] = syncs[current];
        bool skip;
        do {
            // MM2 promotes a candidate that is recent and separated from both neighbours, and
            // skips one that is a duplicate or not separated from the previous slot. Separation
            // from the previous slot is tested first: without it the candidate is skipped and
            // the other two tests cannot matter. candidate < current < kSlotCount, so the next
            // original slot exists.
            const StoredSync& old = original[candidate];
            const bool separatedFromPrevious = separated(syncs[previous], old, previous);
            skip = !separatedFromPrevious || original[candidate + 1].isSameSync(old);
            if (separatedFromPrevious && recentEnough(syncs[previous], old, previous) &&
                (current + 1 >= kSlotCount || separated(old, syncs[current + 1], current))) {
                replacement = &old;
                ++candidate;
            } else if (skip) {
                ++candidate;
            }
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
