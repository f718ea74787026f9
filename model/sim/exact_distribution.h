// The exact distribution of a non-negative integer figure over many simulated steps: a count per
// distinct value, so maxima and percentiles are exact without keeping every value. Replay
// figures repeat a bounded set of values (a run's replay windows are bounded by the intervals
// that make them up), so the counts stay small: a dense array for small values, a map above.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace driftscope::sim {

// The maximum and nearest-rank percentiles of a figure.
struct Percentiles {
    int64_t max = 0;
    int64_t p50 = 0;
    int64_t p95 = 0;
    int64_t p99 = 0;
    friend bool operator==(const Percentiles&, const Percentiles&) = default;
};

class ExactDistribution {
public:
    void add(int64_t value) // value >= 0
    {
        // Inline and nothing but a count for the common case: the simulator adds a value per
        // group partition and step. The count and the maximum are found when asked for.
        if (value >= 0 && value < static_cast<int64_t>(m_dense.size()))
            ++m_dense[static_cast<size_t>(value)];
        else
            addSlowly(value);
    }
    uint64_t count() const;
    int64_t max() const; // requires count() > 0
    // Nearest rank: the smallest value v such that at least `percent` % of the values are <= v.
    // Requires count() > 0 and 0 < percent <= 100 (decimals allowed: 99.9).
    int64_t percentile(double percent) const;
    Percentiles percentiles() const;
    // Every distinct value with its count, smallest first.
    template <typename Visit>
    void forEach(const Visit& visit) const
    {
        for (size_t v = 0; v < m_dense.size(); ++v)
            if (m_dense[v] > 0)
                visit(static_cast<int64_t>(v), m_dense[v]);
        for (const auto& [value, n] : m_sparse)
            visit(value, n);
    }

private:
    void addSlowly(int64_t value);
    static constexpr int64_t kDense = 1 << 16; // values below live in m_dense (at most 512 KiB)
    std::vector<uint64_t> m_dense;
    std::map<int64_t, uint64_t> m_sparse;
};

} // namespace driftscope::sim
