// The two clusters of an MM2 flow.
#pragma once

#include <optional>
#include <string_view>

namespace driftscope {

enum class ClusterSide { Source, Target };

// "source" / "target".
inline std::string_view sideName(ClusterSide side)
{
    return side == ClusterSide::Source ? "source" : "target";
}

// The side sideName names: "source" or "target" exactly, else none (the caller says where).
inline std::optional<ClusterSide> parseSide(std::string_view text)
{
    if (text == "source")
        return ClusterSide::Source;
    if (text == "target")
        return ClusterSide::Target;
    return std::nullopt;
}

} // namespace driftscope
