#include "model/config/mm2_configuration.h"

namespace driftscope {
namespace {

// The side of the flow a cluster alias is, if it is one of the flow's.
std::optional<ClusterSide> sideOf(const ConnectionSettings& settings, const std::string& alias)
{
    if (alias == settings.source.alias)
        return ClusterSide::Source;
    if (alias == settings.target.alias)
        return ClusterSide::Target;
    return std::nullopt;
}

std::string dashXName(ClusterSide side, const std::string& property)
{
    return std::string(sideName(side)) + "." + property;
}

} // namespace

Result<Mm2Configuration> parseMm2Configuration(std::string_view text)
{
    Mm2Configuration out;
    if (looksLikeStrimziResource(text)) {
        auto resource = readStrimziMirrorMaker2(text);
        if (!resource)
            return Error{resource.error()};
        out.properties = std::move(resource->properties);
        out.secrets = std::move(resource->secrets);
        out.notes = std::move(resource->notes);
        out.kafkaVersion = std::move(resource->kafkaVersion);
        out.form = "Strimzi KafkaMirrorMaker2 " + resource->name;
        return out;
    }
    auto properties = Properties::parse(text);
    if (!properties)
        return Error{properties.error()};
    out.properties = std::move(*properties);
    out.form = "mm2.properties";
    return out;
}

Result<ConnectionSettings> settingsFromMm2Configuration(const Mm2Configuration& config,
                                                        const std::optional<std::string>& flow,
                                                        const ReleaseProfile& profile,
                                                        const std::vector<std::string>& dashX)
{
    auto settings = settingsFromMm2Config(config.properties, flow, profile);
    if (!settings)
        return Error{settings.error()};
    auto overrides = parseClientOverrides(dashX);
    if (!overrides)
        return Error{overrides.error()};
    for (const ClientOverride& o : *overrides)
        (o.side == ClusterSide::Source ? settings->source : settings->target).setProperty(o.key, o.value);
    settings->notes.insert(settings->notes.begin(), config.notes.begin(), config.notes.end());
    if (!config.kafkaVersion.empty() && config.kafkaVersion != toString(profile.release))
        settings->notes.push_back("the resource runs Kafka " + config.kafkaVersion +
                                  " (spec.version) and driftscope applies MM2 " + toString(profile.release) +
                                  "'s rules: give --mm2-version " + config.kafkaVersion +
                                  " if that release's are wanted");
    std::string missing;
    for (const SecretNeeded& s : config.secrets) {
        const auto side = sideOf(*settings, s.alias);
        if (!side || (side == ClusterSide::Source ? settings->source : settings->target).property(s.property))
            continue;
        missing += (missing.empty() ? "" : "; ") + s.alias + "'s " + s.property + " is " + s.from +
                   ", which the resource only names: give -X " + dashXName(*side, s.property) + "=...";
    }
    if (!missing.empty())
        return Error{missing + " (driftscope never reads Kubernetes)"};
    return settings;
}

std::vector<std::string> secretSettingsNeeded(const Mm2Configuration& config,
                                              const ConnectionSettings& settings)
{
    std::vector<std::string> out;
    for (const SecretNeeded& s : config.secrets)
        if (const auto side = sideOf(settings, s.alias))
            out.push_back(dashXName(*side, s.property));
    return out;
}

} // namespace driftscope
