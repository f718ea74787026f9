#include "model/session/sample_state.h"

#include <algorithm>
#include <numeric>

namespace driftscope {
namespace {

template <typename Sample, typename Time>
std::vector<uint32_t> orderByTime(const std::vector<Sample>& samples, Time time)
{
    std::vector<uint32_t> order(samples.size());
    std::iota(order.begin(), order.end(), 0u);
    // Live samples arrive almost in order (two workers append); imports may not.
    if (!std::is_sorted(order.begin(), order.end(),
                        [&](uint32_t a, uint32_t b) { return time(samples[a]) < time(samples[b]); }))
        std::stable_sort(order.begin(), order.end(),
                         [&](uint32_t a, uint32_t b) { return time(samples[a]) < time(samples[b]); });
    return order;
}

} // namespace

SampleState::SampleState(const Session& session)
    : m_session(session), m_groupOrder(orderByTime(session.groupOffsets,
                                                   [](const GroupOffsetSample& g) { return g.sampledAtMs; })),
      m_logOrder(orderByTime(session.logOffsets, [](const LogOffsetSample& l) { return l.sampledAtMs; }))
{
}

void SampleState::advanceTo(int64_t atMs)
{
    const auto& groups = m_session.groupOffsets;
    for (; m_nextGroup < m_groupOrder.size() && groups[m_groupOrder[m_nextGroup]].sampledAtMs <= atMs;
         ++m_nextGroup) {
        const GroupOffsetSample& g = groups[m_groupOrder[m_nextGroup]];
        m_committed[{g.side, g.group, g.partition}] = {g.offset, g.sampledAtMs};
    }
    const auto& logs = m_session.logOffsets;
    for (; m_nextLog < m_logOrder.size() && logs[m_logOrder[m_nextLog]].sampledAtMs <= atMs; ++m_nextLog) {
        const LogOffsetSample& l = logs[m_logOrder[m_nextLog]];
        m_logs[{l.side, l.partition}] = l;
    }
}

std::optional<SampleState::Committed> SampleState::committed(ClusterSide side, uint32_t group,
                                                             std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_committed.find({side, group, *partition});
    if (it == m_committed.end() || it->second.offset == GroupOffsetSample::kNoOffset)
        return std::nullopt;
    return it->second;
}

std::optional<LogOffsetSample> SampleState::log(ClusterSide side, std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_logs.find({side, *partition});
    return it == m_logs.end() ? std::nullopt : std::optional<LogOffsetSample>(it->second);
}

} // namespace driftscope
