#include "model/analysis/replay.h"

#include "model/util/java_long.h"

namespace driftscope {

ReplayWindow analyzeReplay(const ReplayInput& in)
{
    using namespace javalong;
    ReplayWindow w;
    if (!in.resume)
        return w;
    const ResumePoint& r = *in.resume;
    w.available = true;

    // Ueq: ground truth when the caller has it (what the target really holds at D_c; it also
    // covers a target recreated since the checkpoint). Otherwise, from 3.4.1 the checkpoint is
    // d_s (exact hit, Ueq = u_s) or d_s + 1 (ahead of the sync, Ueq = u_s + 1); extrapolating
    // releases can only be taken at their word.
    std::optional<int64_t> ueq;
    if (in.upstreamAt)
        ueq = in.upstreamAt(r.downstream);
    if (!ueq && in.rule == TranslationRule::CappedPlusOne && r.sync) {
        if (r.downstream == r.sync->downstream)
            ueq = r.sync->upstream;
        else if (r.downstream == add(r.sync->downstream, 1))
            ueq = add(r.sync->upstream, 1);
    }
    w.exact = ueq.has_value();
    w.upstreamEquivalent = ueq.value_or(r.upstream);

    const int64_t processed = in.processed.value_or(in.committed);
    w.granularity = sub(r.upstream, w.upstreamEquivalent);
    w.staleness = sub(in.committed, r.upstream);
    w.cadence = sub(processed, in.committed);
    w.window = sub(processed, w.upstreamEquivalent);
    w.checkpointAgeMs = sub(in.nowMs, r.emittedAtMs);
    w.skip = w.upstreamEquivalent > processed;
    return w;
}

} // namespace driftscope
