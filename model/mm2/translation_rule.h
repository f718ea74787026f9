// MM2's translation rule in both directions, on one sync (docs/mm2-behaviour.md §2): forward,
// the downstream offset a committed upstream offset becomes; inverse, the upstream equivalent of
// a downstream offset, i.e. the upstream offset of the first record a consumer resuming there
// reads again, where the sync alone says it. The store picks the sync; these say what it means.
#pragma once

#include "model/mm2/release.h"
#include "model/mm2/sync_slots.h"
#include "model/util/java_long.h"

#include <optional>

namespace driftscope {

// `sync.upstream <= upstream` (the store never translates with a newer sync).
inline int64_t downstreamOf(TranslationRule rule, const StoredSync& sync, int64_t upstream)
{
    if (rule == TranslationRule::Extrapolate)
        return javalong::add(sync.downstream, javalong::sub(upstream, sync.upstream));
    return sync.upstream == upstream ? sync.downstream : javalong::add(sync.downstream, 1);
}

// A resume position at d_s is the record of u_s, under every rule. From 3.4.1 the other one is
// d_s + 1 (past it: the next record read comes after u_s, so u_s + 1 is its earliest upstream
// equivalent, and a replay counted from there is never an underestimate). Positions
// extrapolated past d_s (up to 3.4.0) say nothing about the records the target really holds:
// gaps put them later than d_s + (U - u_s) suggests. None then.
inline std::optional<int64_t> upstreamEquivalentOf(TranslationRule rule, const StoredSync& sync,
                                                   int64_t downstream)
{
    if (downstream == sync.downstream)
        return sync.upstream;
    if (rule == TranslationRule::CappedPlusOne && downstream == javalong::add(sync.downstream, 1))
        return javalong::add(sync.upstream, 1);
    return std::nullopt;
}

} // namespace driftscope
