// Whether librdkafka accepts the client settings of a connection, checked without connecting:
// the configuration a reader would use is built, every setting applied, and dropped. A bad
// setting is then a message before anything starts, instead of a worker that fails later.
// The CLI checks before it reads, the GUI's connect dialog before it connects, and the live
// reader's workers before they create their clients.
#pragma once

#include "model/config/connection_settings.h"

#include <optional>
#include <string>

namespace driftscope::kafka {

// The first setting librdkafka refuses, e.g. "source cluster A: client setting 'no.such.key' is
// not accepted by librdkafka: No such configuration property: ...", or that the read-only rule
// refuses (group.id, enable.auto.commit=true, ...: inspected_client.h); it names the cluster and the
// setting, never the value of a secret one. None when every setting is accepted.
std::optional<std::string> validateClientSettings(ClusterSide side, const ClusterConnection& cluster);
// Both clusters, the source first.
std::optional<std::string> validateClientSettings(const ConnectionSettings& settings);

} // namespace driftscope::kafka
