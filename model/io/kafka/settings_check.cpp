#include "model/io/kafka/settings_check.h"

#include "model/io/kafka/inspected_client.h"

namespace driftscope::kafka {

std::optional<std::string> validateClientSettings(ClusterSide side, const ClusterConnection& cluster)
{
    // The configuration the reader itself will use, with its read-only rule.
    const auto config = inspectedClientConfig(cluster.clientProperties);
    if (config)
        return std::nullopt;
    return std::string(sideName(side)) + " cluster " + cluster.alias + ": " + config.error();
}

std::optional<std::string> validateClientSettings(const ConnectionSettings& settings)
{
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
        if (auto failure = validateClientSettings(side, settings.cluster(side)))
            return failure;
    return std::nullopt;
}

} // namespace driftscope::kafka
