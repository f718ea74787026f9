// A Strimzi KafkaMirrorMaker2 resource (YAML) read as an MM2 configuration
// (mm2_configuration.h parseMm2Configuration), then the flow's settings without any -X.
//
// Checks: malformed YAML and unexpected shapes are errors, never exceptions or crashes; a
// resource read has a `clusters` setting and names every Secret with its cluster and property;
// where the flow resolves, its clusters have aliases, bootstrap servers and sorted properties,
// and it fails only by naming the -X a Secret needs or as settingsFromMm2Config does.
#include "fuzz_support.h"

#include "model/config/mm2_configuration.h"

using namespace driftscope;
using fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    if (!looksLikeStrimziResource(text))
        return 0;
    const auto config = parseMm2Configuration(text);
    if (!config)
        return 0;
    check(config->properties.contains("clusters"), "a resource read names its clusters");
    for (const SecretNeeded& s : config->secrets)
        check(!s.alias.empty() && !s.property.empty() && !s.from.empty(),
              "a Secret says whose, what and where");
    const auto settings =
        settingsFromMm2Configuration(*config, std::nullopt, profileFor(kDefaultRelease), {});
    if (!settings)
        return 0;
    for (const ClusterConnection* c : {&settings->source, &settings->target}) {
        check(!c->alias.empty(), "a cluster has an alias");
        check(c->property("bootstrap.servers").has_value(), "a cluster has bootstrap servers");
        for (size_t i = 1; i < c->clientProperties.size(); ++i)
            check(c->clientProperties[i - 1].first < c->clientProperties[i].first,
                  "client properties are sorted by name, each once", c->clientProperties[i].first);
    }
    return 0;
}
