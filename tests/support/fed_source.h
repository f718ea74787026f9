// A watcher's source fed by a test or benchmark (support/session_feeder.h) instead of a live
// reader: what was handed over by a moment the caller sets, history read, both clusters sampled.
#pragma once

#include "model/watch/watcher.h"

namespace driftscope::test {

class FedSource final : public WatchSource {
public:
    // `live` (what was handed over) and `nowMs` (the moment) belong to the caller and outlive this.
    FedSource(const Session& live, const int64_t& nowMs) : m_live(live), m_now(nowMs) {}
    Session since(const Session::Mark& from) const override { return m_live.since(from); }
    kafka::LiveStatus status() const override
    {
        kafka::LiveStatus s;
        s.offsetSyncs.caughtUp = s.checkpoints.caughtUp = s.connectOffsets.caughtUp = true;
        s.source.roundsWithHistory = s.target.roundsWithHistory = 1;
        return s;
    }
    int64_t nowMs() const override { return m_now; }

private:
    const Session& m_live;
    const int64_t& m_now;
};

} // namespace driftscope::test
