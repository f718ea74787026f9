// What the parts of driftscope-bench share: a clock and the figure format.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

inline std::string millions(double perSecond)
{
    char text[32];
    std::snprintf(text, sizeof text, "%8.2f M", perSecond / 1e6);
    return text;
}

} // namespace bench
