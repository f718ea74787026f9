// An MM2 configuration as a file gives it, in either form users keep it: MirrorMaker 2's own
// mm2.properties, or a Strimzi KafkaMirrorMaker2 resource (strimzi_resource.h). The CLI's
// --mm2-config and the window's Connect dialog both read it here, so both mean the same by a file.
#pragma once

#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"
#include "model/config/strimzi_resource.h"

#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

struct Mm2Configuration {
    Properties properties;
    std::vector<SecretNeeded> secrets; // a resource's references to Kubernetes Secrets
    std::vector<std::string> notes;    // how a resource was read
    std::string kafkaVersion;          // a resource's spec.version
    std::string form;                  // "mm2.properties", "Strimzi KafkaMirrorMaker2 NAME"
};

Result<Mm2Configuration> parseMm2Configuration(std::string_view text);

// The flow's settings (settingsFromMm2Config), then client settings given as -X
// source.KEY=VALUE / target.KEY=VALUE over them (librdkafka names: a resource's cluster-internal
// addresses replaced, its secrets given). Fails when a secret the flow's clusters need is still
// not given, naming the -X to give and where the value is.
Result<ConnectionSettings> settingsFromMm2Configuration(const Mm2Configuration& config,
                                                        const std::optional<std::string>& flow,
                                                        const ReleaseProfile& profile,
                                                        const std::vector<std::string>& dashX);

// The -X settings the flow's clusters need and a resource only references, as "target.sasl.password"
// and the like: for a dialog that asks for them.
std::vector<std::string> secretSettingsNeeded(const Mm2Configuration& config,
                                              const ConnectionSettings& settings);

} // namespace driftscope
