#include "model/io/kafka/group_states.h"

#include "model/io/kafka/inspected_client.h"

namespace driftscope::kafka {

Result<std::map<std::string, std::string>> groupStates(const ClusterConnection& cluster, int timeoutMs)
{
    auto config = inspectedClientConfig(cluster.clientProperties);
    if (!config)
        return Error{config.error()};
    auto client = makeClient(*config);
    if (!client)
        return Error{client.error()};
    auto listed = listGroups(client->get(), timeoutMs);
    if (!listed)
        return Error{listed.error()};
    std::map<std::string, std::string> states;
    for (const GroupListing& g : *listed)
        states[g.group] = g.state;
    return states;
}

} // namespace driftscope::kafka
