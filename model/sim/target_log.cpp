#include "model/sim/target_log.h"

#include <algorithm>

namespace driftscope::sim {

int64_t TargetLog::append(int64_t record, int64_t count)
{
    const int64_t first = m_end;
    if (count <= 0)
        return first;
    if (!m_segments.empty()) {
        Segment& last = m_segments.back();
        if (last.downstream + last.count == first && last.record + last.count == record) {
            last.count += count;
            m_end += count;
            return first;
        }
    }
    m_segments.push_back({first, record, count});
    m_end += count;
    return first;
}

void TargetLog::recreate()
{
    m_segments.clear();
    m_start = 0;
    m_end = 0;
}

std::optional<int64_t> TargetLog::searchSegments(int64_t downstream) const
{
    if (downstream >= m_end || m_segments.empty())
        return std::nullopt;
    if (downstream < m_start)
        downstream = m_start;
    // The last segment starting at or before `downstream` (segments are contiguous in downstream offsets).
    auto it = std::upper_bound(m_segments.begin(), m_segments.end(), downstream,
                               [](int64_t d, const Segment& s) { return d < s.downstream; });
    if (it == m_segments.begin())
        return m_segments.front().record;
    --it;
    return it->record + (downstream - it->downstream);
}

} // namespace driftscope::sim
