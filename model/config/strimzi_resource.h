// A Strimzi KafkaMirrorMaker2 resource (YAML) read as the MM2 configuration it deploys: the
// properties a dedicated MirrorMaker 2 would need to run the same flows, so that one reader of
// MM2 configurations (settingsFromMm2Config) serves both forms.
//
// Both shapes of the resource: v1beta2's `spec.clusters` with `spec.connectCluster` and
// `mirrors[].sourceCluster` / `targetCluster`, and v1's `spec.target` with `mirrors[].source`
// (Strimzi 0.49 on; the only one from 1.0). docs/strimzi.md says what maps to what.
#pragma once

#include "model/config/java_properties.h"
#include "model/util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

// A setting whose value the resource only references (a Kubernetes Secret): driftscope never
// reads Kubernetes, so the user gives it (-X source.PROPERTY=VALUE or target.PROPERTY=VALUE for
// the chosen flow's clusters, or the Connect dialog).
struct SecretNeeded {
    std::string alias;    // the cluster that needs it
    std::string property; // the librdkafka property it fills: sasl.password, ssl.ca.location, ...
    std::string from;     // where it is: "Secret cluster-b-user, key password"
};

struct StrimziMirrorMaker2 {
    std::string name;         // metadata.name
    std::string apiVersion;   // kafka.strimzi.io/v1, kafka.strimzi.io/v1beta2, ...
    std::string kafkaVersion; // spec.version, empty when not given
    Properties properties;    // as a dedicated MM2's mm2.properties would say it
    std::vector<SecretNeeded> secrets;
    std::vector<std::string> notes;
};

// Whether `text` is meant as a Strimzi resource: a line that starts with "kind:" names
// KafkaMirrorMaker2. A Java properties file with such a line would set the key "kind".
bool looksLikeStrimziResource(std::string_view text);

// The one KafkaMirrorMaker2 of a YAML stream (other documents, such as the Kafka and KafkaUser
// resources of the same file, are passed over). Fails with the line on malformed YAML, on a
// stream with none or several, and on a resource without what MM2 needs (aliases, bootstrap
// servers, a mirror's clusters).
Result<StrimziMirrorMaker2> readStrimziMirrorMaker2(std::string_view text);

} // namespace driftscope
