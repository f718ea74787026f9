// A whole session handed over slice by slice, as a live reader would have read it by a moment:
// benchmarks and tests feed growing sessions to the explorer's model and to the watcher with it,
// faster than real time.
#pragma once

#include "model/session/session.h"

#include <vector>

namespace driftscope::test {

// Hands the whole session over in read order, as a reader would have read it by `t`.
class Feeder {
public:
    explicit Feeder(const Session& whole) : m_whole(whole), m_live(whole.since({}))
    {
        m_live.syncs.clear();
        m_live.checkpoints.clear();
        m_live.heartbeats.clear();
        m_live.groupOffsets.clear();
        m_live.logOffsets.clear();
        m_live.events.clear();
        m_live.undecodable.clear();
        m_live.positions.clear();
    }

    // The slice read in (previous t, t].
    Session readUntil(int64_t t)
    {
        const Session::Mark before = m_live.mark();
        take(
            m_whole.syncs, m_live.syncs, [](const ObservedSync& x) { return x.stamp.readAtMs; }, t);
        take(
            m_whole.checkpoints, m_live.checkpoints,
            [](const ObservedCheckpoint& x) { return x.stamp.readAtMs; }, t);
        take(
            m_whole.groupOffsets, m_live.groupOffsets,
            [](const GroupOffsetSample& x) { return x.sampledAtMs; }, t);
        take(
            m_whole.logOffsets, m_live.logOffsets, [](const LogOffsetSample& x) { return x.sampledAtMs; }, t);
        take(
            m_whole.positions, m_live.positions, [](const ObservedPosition& x) { return x.stamp.readAtMs; },
            t);
        return m_live.since(before);
    }
    const Session& live() const { return m_live; }

private:
    template <class T, class Time>
    static void take(const std::vector<T>& from, std::vector<T>& to, Time time, int64_t t)
    {
        for (size_t i = to.size(); i < from.size() && time(from[i]) <= t; ++i)
            to.push_back(from[i]);
    }

    const Session& m_whole;
    Session m_live;
};

} // namespace driftscope::test
