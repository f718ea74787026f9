// Checks shared by the store tests: Kafka's invariant checker and its expiration count.
#pragma once

#include "model/mm2/sync_slots.h"
#include "model/util/java_long.h"

#include <algorithm>
#include <string>

namespace driftscope::test {

// Invariants B and C for every pair i < j with different upstream offsets, skipping bounds that
// overflow a Java long, exactly as OffsetSyncStoreTest.assertSparseSyncInvariant does.
// Returns an empty string when they hold. `adjacentOnly` checks pairs (i, i+1) only: linear
// instead of quadratic, for checking after every update of long streams.
inline std::string sparseSyncInvariantViolation(const SyncSlots& s, bool adjacentOnly = false)
{
    for (int j = 0; j < kSlotCount; ++j) {
        for (int i = adjacentOnly ? std::max(j - 1, 0) : 0; i < j; ++i) {
            const int64_t ju = s[j].upstream;
            const int64_t iu = s[i].upstream;
            if (ju == iu)
                continue;
            const int64_t lower = javalong::add(ju, javalong::pow2(std::max(i - 2, 0)));
            if (lower < 0)
                continue;
            if (iu < lower)
                return "invariant C(" + std::to_string(i) + "," + std::to_string(j) +
                       "): " + std::to_string(iu) + " < " + std::to_string(lower) + " in " + describeSlots(s);
            const int64_t upper = javalong::sub(javalong::add(ju, javalong::pow2(j)), javalong::pow2(i));
            if (upper < 0)
                continue;
            if (iu > upper)
                return "invariant B(" + std::to_string(i) + "," + std::to_string(j) +
                       "): " + std::to_string(iu) + " > " + std::to_string(upper) + " in " + describeSlots(s);
        }
    }
    return {};
}

// Distinct syncs dropped by one update that added one new sync.
inline int expiredSyncs(int distinctBefore, int distinctAfter)
{
    return distinctBefore - distinctAfter + 1;
}

} // namespace driftscope::test
