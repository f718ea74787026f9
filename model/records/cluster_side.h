// The two clusters of an MM2 flow.
#pragma once

#include <string_view>

namespace driftscope {

enum class ClusterSide { Source, Target };

// "source" / "target".
inline std::string_view sideName(ClusterSide side)
{
    return side == ClusterSide::Source ? "source" : "target";
}

} // namespace driftscope
