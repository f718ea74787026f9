// Java `long` arithmetic for MM2's offset formulas.
//
// MM2 computes offsets with Java's signed 64-bit `long`, which wraps around silently. Signed
// overflow is undefined behaviour in C++, so every MM2 formula that can overflow goes through
// these helpers: the sum is taken in uint64_t and reinterpreted as int64_t, exactly like Java.
#pragma once

#include <cstdint>

namespace driftscope::javalong {

constexpr int64_t add(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

constexpr int64_t sub(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}

// Java's `1L << n` for 0 <= n <= 63; `1L << 63` is Long.MIN_VALUE.
constexpr int64_t pow2(int n)
{
    return static_cast<int64_t>(uint64_t{1} << n);
}

} // namespace driftscope::javalong
