// The committed offsets and log offsets a session had sampled by a moment: for each group,
// side and partition the latest committed offset, and for each side and partition the latest
// log start and end. Like Mm2State it only moves forward in time, so a sweep over a session
// (series for plots, the time cursor playing) touches every sample once.
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
        int64_t atMs = 0; // when it was sampled
    };
    using CommittedKey = std::tuple<ClusterSide, uint32_t, uint32_t>; // side, group, partition

    // The session must outlive the cursor and not change while it is used.
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
    const Session& m_session;
    std::vector<uint32_t> m_groupOrder, m_logOrder; // sample indices sorted by sample time
    size_t m_nextGroup = 0, m_nextLog = 0;
    std::map<CommittedKey, Committed> m_committed;
    std::map<std::pair<ClusterSide, uint32_t>, LogOffsetSample> m_logs;
};

} // namespace driftscope
