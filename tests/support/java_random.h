// A port of java.util.Random, so that Kafka's randomized OffsetSyncStoreTest cases run on the
// very same gap sequences as in Java (Random(0L), longs(n, origin, bound), doubles()).
#pragma once

#include <cstdint>

namespace driftscope::test {

class JavaRandom {
public:
    explicit JavaRandom(int64_t seed) : m_seed((static_cast<uint64_t>(seed) ^ kMultiplier) & kMask) {}

    int32_t next(int bits)
    {
        m_seed = (m_seed * kMultiplier + 0xB) & kMask;
        return static_cast<int32_t>(static_cast<int64_t>(m_seed) >> (48 - bits));
    }

    int64_t nextLong()
    {
        const uint64_t high = static_cast<uint64_t>(static_cast<int64_t>(next(32))) << 32;
        return static_cast<int64_t>(high + static_cast<uint64_t>(static_cast<int64_t>(next(32))));
    }

    double nextDouble()
    {
        const int64_t bits = (static_cast<int64_t>(next(26)) << 27) + next(27);
        return static_cast<double>(bits) * 0x1.0p-53;
    }

    // One element of Random.longs(n, origin, bound) (RandomSupport.boundedNextLong).
    int64_t nextLong(int64_t origin, int64_t bound)
    {
        uint64_t r = static_cast<uint64_t>(nextLong());
        const uint64_t n = static_cast<uint64_t>(bound) - static_cast<uint64_t>(origin);
        const uint64_t m = n - 1;
        if ((n & m) == 0)
            return static_cast<int64_t>((r & m) + static_cast<uint64_t>(origin));
        // n is positive as a long here (the tests never use ranges beyond 2^63).
        for (uint64_t u = r >> 1;; u = static_cast<uint64_t>(nextLong()) >> 1) {
            r = u % n;
            if (static_cast<int64_t>(u + m - r) >= 0)
                break;
        }
        return static_cast<int64_t>(r + static_cast<uint64_t>(origin));
    }

private:
    static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
    static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;
    uint64_t m_seed;
};

} // namespace driftscope::test
