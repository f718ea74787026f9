#include "model/sim/exact_distribution.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>

namespace driftscope::sim {

void ExactDistribution::addSlowly(int64_t value)
{
    assert(value >= 0);
    if (value < kDense) {
        m_dense.resize(static_cast<size_t>(value) + 1, 0);
        ++m_dense[static_cast<size_t>(value)];
    } else {
        ++m_sparse[value];
    }
}

uint64_t ExactDistribution::count() const
{
    uint64_t n = 0;
    for (const uint64_t c : m_dense)
        n += c;
    for (const auto& [value, c] : m_sparse)
        n += c;
    return n;
}

int64_t ExactDistribution::max() const
{
    assert(count() > 0);
    if (!m_sparse.empty())
        return m_sparse.rbegin()->first;
    // The dense array grows only to a value added: its last entry holds a count.
    return static_cast<int64_t>(m_dense.size()) - 1;
}

int64_t ExactDistribution::percentile(double percent) const
{
    const uint64_t total = count();
    assert(total > 0 && percent > 0 && percent <= 100);
    // The rank of the value wanted, 1-based: ceil(percent / 100 * count), in thousandths of a
    // percent so that whole percentiles stay exact integer arithmetic.
    const auto milli = static_cast<uint64_t>(std::llround(percent * 1000));
    const uint64_t rank = std::max<uint64_t>(1, (milli * total + 99'999) / 100'000);
    uint64_t seen = 0;
    for (size_t v = 0; v < m_dense.size(); ++v) {
        seen += m_dense[v];
        if (seen >= rank)
            return static_cast<int64_t>(v);
    }
    for (const auto& [value, n] : m_sparse) {
        seen += n;
        if (seen >= rank)
            return value;
    }
    return max();
}

Percentiles ExactDistribution::percentiles() const
{
    return {max(), percentile(50), percentile(95), percentile(99)};
}

} // namespace driftscope::sim
