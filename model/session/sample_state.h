// The committed offsets and log offsets a session had sampled by a moment: for each group,
// side and partition the latest committed offset, and for each side and partition the latest
// log start and end. Like Mm2State it only moves forward in time, so a sweep over a session
// (series for plots, the time cursor playing) touches every sample once. The session may grow
// between two advances (live reading): samples appended since are taken in as if they had been
// there from the start, even those sampled before the current moment.
#pragma once

#include "model/session/session.h"

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace driftscope {

class SampleState {
public:
    struct Committed {
        int64_t offset = 0;
        int64_t atMs = 0;   // when it was sampled
        uint32_t index = 0; // into Session::groupOffsets: of two samples at one time, the later wins
    };
    using CommittedKey = std::tuple<ClusterSide, uint32_t, uint32_t>; // side, group, partition

    // The session must outlive the cursor; it may only grow.
    explicit SampleState(const Session& session);

    // Takes in the samples taken at or before `atMs` (in time order; for equal times the later
    // in the list wins). Earlier moments are ignored.
    void advanceTo(int64_t atMs);

    // The group's last committed offset, unless the last sample said it had none.
    std::optional<Committed> committed(ClusterSide side, uint32_t group,
                                       std::optional<uint32_t> partition) const;
    std::optional<LogOffsetSample> log(ClusterSide side, std::optional<uint32_t> partition) const;
    // Every (side, group, partition) sampled so far, in key order, with its last sample
    // (kNoOffset included).
    const std::map<CommittedKey, Committed>& allCommitted() const { return m_committed; }

private:
    struct LogSeen {
        LogOffsetSample sample;
        uint32_t index = 0;
    };
    void followGrowth();
    void take(uint32_t index, const GroupOffsetSample& g);
    void take(uint32_t index, const LogOffsetSample& l);

    const Session& m_session;
    int64_t m_atMs = INT64_MIN;
    // Samples not taken in yet, by sample time (then list order), from m_next*; and how much of
    // each list has been seen.
    std::vector<uint32_t> m_groupOrder, m_logOrder;
    size_t m_nextGroup = 0, m_nextLog = 0;
    size_t m_groupsSeen = 0, m_logsSeen = 0;
    std::map<CommittedKey, Committed> m_committed;
    std::map<std::pair<ClusterSide, uint32_t>, LogSeen> m_logs;
};

} // namespace driftscope
