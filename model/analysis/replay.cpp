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

std::optional<SourceRange> ReplayWindow::sourceRange() const
{
    if (!available || !known)
        return std::nullopt;
    if (skip > 0)
        return SourceRange{javalong::sub(upstreamEquivalent, skip), upstreamEquivalent};
    return SourceRange{upstreamEquivalent, javalong::add(upstreamEquivalent, replay)};
}

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
    // checkpoint's sync. Without either, nothing says it: taking U_c would be MM2's own
    // assumption, so the outcome is unknown.
    std::optional<int64_t> checkpointUeq;
    if (in.upstreamAt)
        checkpointUeq = in.upstreamAt(r.downstream);
    if (!checkpointUeq && r.sync)
        checkpointUeq = upstreamEquivalentOf(in.rule, *r.sync, r.downstream);
    w.resumeAt = r.downstream;
    w.checkpointAgeMs = sub(in.nowMs, r.emittedAtMs);
    std::optional<int64_t> ueq = checkpointUeq;
    if (in.synced) {
        w.fromSyncedGroupOffset = true;
        w.resumeAt = in.synced->downstream;
        std::optional<int64_t> ueqT = in.upstreamAt ? in.upstreamAt(in.synced->downstream) : std::nullopt;
        if (!ueqT)
            ueqT = in.synced->upstreamEquivalent;
        if (!ueqT && in.synced->downstream == r.downstream)
            ueqT = checkpointUeq;
        ueq = ueqT;
    }
    // Both ends are needed to split the outcome into its parts.
    w.known = checkpointUeq && ueq;
    if (!w.known)
        return w;
    w.upstreamEquivalent = *ueq;

    const int64_t processed = in.processed.value_or(in.committed);
    split(sub(r.upstream, *checkpointUeq), w.granularity, w.overshoot);
    split(sub(*checkpointUeq, w.upstreamEquivalent), w.groupSync, w.overshoot);
    split(sub(in.committed, r.upstream), w.staleness, w.rewind);
    split(sub(processed, in.committed), w.cadence, w.rewind);
    const int64_t outcome = sub(processed, w.upstreamEquivalent);
    if (outcome >= 0)
        w.replay = outcome;
    else
        w.skip = sub(0, outcome);
    return w;
}

} // namespace driftscope
