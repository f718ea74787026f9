#include "model/io/kafka/settings_check.h"

#include "model/io/kafka/kafka_client.h"

namespace driftscope::kafka {

std::optional<std::string> validateClientSettings(ClusterSide side, const ClusterConnection& cluster)
{
    // The reader's own settings too, applied after the user's as the reader applies them.
    const auto conf = makeConf(cluster.clientProperties, readerSettings("driftscope-reader"));
    if (conf)
        return std::nullopt;
    return std::string(sideName(side)) + " cluster " + cluster.alias + ": " + conf.error();
}

std::optional<std::string> validateClientSettings(const ConnectionSettings& settings)
{
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
        if (auto failure = validateClientSettings(side, settings.cluster(side)))
            return failure;
    return std::nullopt;
}

} // namespace driftscope::kafka
