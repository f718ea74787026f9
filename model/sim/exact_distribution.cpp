#include "model/sim/exact_distribution.h"

#include <cassert>
#include <cstddef>

namespace driftscope::sim {

void ExactDistribution::addSlowly(int64_t value)
{
    assert(value >= 0);
    if (value < kDense) {
        const auto i = static_cast<size_t>(value);
        if (i >= m_dense.size())
            m_dense.resize(i + 1, 0);
        ++m_dense[i];
    } else {
        ++m_sparse[value];
    }
    if (m_count == 0 || value > m_max)
        m_max = value;
    ++m_count;
}

int64_t ExactDistribution::percentile(int percent) const
{
    assert(m_count > 0 && percent > 0 && percent <= 100);
    // The rank of the value wanted, 1-based: ceil(percent / 100 * count).
    const uint64_t rank = (static_cast<uint64_t>(percent) * m_count + 99) / 100;
    uint64_t seen = 0;
    for (size_t v = 0; v < m_dense.size(); ++v) {
        seen += m_dense[v];
        if (seen >= rank)
            return static_cast<int64_t>(v);
    }
    for (const auto& [value, count] : m_sparse) {
        seen += count;
        if (seen >= rank)
            return value;
    }
    return m_max;
}

Percentiles ExactDistribution::percentiles() const
{
    return {m_max, percentile(50), percentile(95), percentile(99)};
}

} // namespace driftscope::sim
