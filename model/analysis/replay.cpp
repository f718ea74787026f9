#include "model/analysis/replay.h"

#include "model/mm2/translation_rule.h"
#include "model/util/java_long.h"

namespace driftscope {
namespace {

// A signed difference as its positive part and the part that goes the other way.
void split(int64_t difference, int64_t& forward, int64_t& backward)
{
    if (difference >= 0)
        forward = difference;
    else
        backward = javalong::sub(backward, difference);
}

} // namespace

ReplayWindow analyzeReplay(const ReplayInput& in)
{
    using namespace javalong;
    ReplayWindow w;
    if (!in.resume)
        return w;
    const ResumePoint& r = *in.resume;
    w.available = true;

    // Ueq of D_c: ground truth when the caller has it (what the target really holds at D_c; it
    // also covers a target recreated since the checkpoint), else what the rule says of the
    // checkpoint's sync; extrapolating releases can only be taken at their word.
    std::optional<int64_t> checkpointUeq;
    if (in.upstreamAt)
        checkpointUeq = in.upstreamAt(r.downstream);
    if (!checkpointUeq && r.sync)
        checkpointUeq = upstreamEquivalentOf(in.rule, *r.sync, r.downstream);
    w.exact = checkpointUeq.has_value();
    const int64_t ueqC = checkpointUeq.value_or(r.upstream);

    w.resumeAt = r.downstream;
    w.upstreamEquivalent = ueqC;
    if (in.synced) {
        w.fromSyncedGroupOffset = true;
        w.resumeAt = in.synced->downstream;
        std::optional<int64_t> ueqT = in.upstreamAt ? in.upstreamAt(in.synced->downstream) : std::nullopt;
        if (!ueqT)
            ueqT = in.synced->upstreamEquivalent;
        if (!ueqT && in.synced->downstream == r.downstream)
            ueqT = ueqC;
        w.exact = w.exact && ueqT.has_value();
        // Otherwise one upstream offset per downstream offset between T and D_c: MM2's own
        // assumption, as for D_c without a sync.
        w.upstreamEquivalent = ueqT ? *ueqT : sub(ueqC, sub(r.downstream, in.synced->downstream));
    }

    const int64_t processed = in.processed.value_or(in.committed);
    split(sub(r.upstream, ueqC), w.granularity, w.overshoot);
    split(sub(ueqC, w.upstreamEquivalent), w.groupSync, w.overshoot);
    split(sub(in.committed, r.upstream), w.staleness, w.rewind);
    split(sub(processed, in.committed), w.cadence, w.rewind);
    const int64_t outcome = sub(processed, w.upstreamEquivalent);
    if (outcome >= 0)
        w.replay = outcome;
    else
        w.skip = sub(0, outcome);
    w.checkpointAgeMs = sub(in.nowMs, r.emittedAtMs);
    return w;
}

} // namespace driftscope
