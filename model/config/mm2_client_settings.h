// One cluster's client settings from an MM2 configuration: resolved with MM2's precedence and
// translated from Java client names to librdkafka ones, as settingsFromMm2Config describes.
// Kept out of connection_settings.cpp: the allowlist and the JAAS parser are a translation
// layer of their own, independent of flows and connector settings.
#pragma once

#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"
#include "model/util/result.h"

#include <string>
#include <vector>

namespace driftscope {

// Notes on translated or skipped settings are appended to `notes`. The Java keys (as written)
// dropped without a note are appended to `ignored`, so that the caller reports them once for
// both clusters. Fails on missing bootstrap servers or an unreadable PLAIN/SCRAM JAAS value.
Result<ClusterConnection> mm2ClusterConnection(const Properties& props, const std::string& alias,
                                               std::vector<std::string>& notes,
                                               std::vector<std::string>& ignored);

} // namespace driftscope
