#include "model/config/connection_settings.h"

#include "model/config/mm2_client_settings.h"
#include "model/config/property_lookup.h"
#include "model/mm2/name_filter.h"
#include "model/util/integer_text.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>

namespace driftscope {
namespace {

// ---- Flows -----------------------------------------------------------------------------------

struct Flow {
    std::string source;
    std::string target;
    std::string name() const { return source + "->" + target; }
};

Result<std::vector<std::string>> clusterAliases(const Properties& props)
{
    const auto clusters = lookup(props, "clusters");
    if (!clusters)
        return Error{
            "the MM2 configuration has no 'clusters' setting (the cluster aliases, e.g. clusters = A, B)"};
    std::vector<std::string> aliases;
    for (std::string& alias : splitList(trimmed(clusters->value)))
        if (std::find(aliases.begin(), aliases.end(), alias) == aliases.end())
            aliases.push_back(std::move(alias));
    if (aliases.size() < 2)
        return Error{where(*clusters) + ": a replication flow needs two cluster aliases, found " +
                     std::to_string(aliases.size())};
    return aliases;
}

// MirrorMakerConfig.clusterPairs reads `A->B.enabled` with Boolean.parseBoolean: "true" in any
// case, untrimmed, enables the flow; anything else, or no setting, leaves it disabled.
bool flowEnabled(const Properties& props, const Flow& flow)
{
    const auto value = props.get(flow.name() + ".enabled");
    return value && lower(*value) == "true";
}

Result<Flow> namedFlow(const std::string& text, const std::vector<std::string>& clusters)
{
    const size_t arrow = text.find("->");
    const Error malformed{"flow '" + text + "' is not of the form SOURCE->TARGET (e.g. " + clusters[0] +
                          "->" + clusters[1] + ")"};
    if (arrow == std::string::npos)
        return malformed;
    Flow flow{trimmed(text.substr(0, arrow)), trimmed(text.substr(arrow + 2))};
    if (flow.source.empty() || flow.target.empty() || flow.target.find("->") != std::string::npos)
        return malformed;
    for (const std::string& alias : {flow.source, flow.target})
        if (std::find(clusters.begin(), clusters.end(), alias) == clusters.end())
            return Error{"flow '" + flow.name() + "': '" + alias + "' is not one of the clusters (" +
                         joined(clusters, ", ") + ")"};
    if (flow.source == flow.target)
        return Error{"flow '" + flow.name() + "' needs two different clusters"};
    return flow;
}

std::vector<Flow> enabledFlows(const Properties& props, const std::vector<std::string>& clusters)
{
    std::vector<Flow> enabled;
    for (const std::string& source : clusters)
        for (const std::string& target : clusters)
            if (source != target && flowEnabled(props, {source, target}))
                enabled.push_back({source, target});
    return enabled;
}

Result<Flow> onlyEnabledFlow(const Properties& props, const std::vector<std::string>& clusters)
{
    const std::vector<Flow> enabled = enabledFlows(props, clusters);
    if (enabled.size() == 1)
        return enabled.front();
    if (enabled.empty())
        return Error{
            "no replication flow is enabled in the MM2 configuration (no SOURCE->TARGET.enabled = true "
            "for the clusters " +
            joined(clusters, ", ") + "); choose one with --flow " + clusters[0] + "->" + clusters[1]};
    std::vector<std::string> names;
    for (const Flow& flow : enabled)
        names.push_back(flow.name());
    return Error{"several replication flows are enabled (" + joined(names, ", ") +
                 "); choose one with --flow SOURCE->TARGET"};
}

std::string disabledFlowNote(const Properties& props, const Flow& flow)
{
    std::string note = "flow " + flow.name() + " is not enabled (" + flow.name() +
                       ".enabled is not true), so MM2 emits no offset syncs or checkpoints for it";
    const auto value = props.get(flow.name() + ".enabled");
    if (value && lower(trimmed(*value)) == "true")
        note += "; its value has trailing whitespace, which MM2 (Boolean.parseBoolean) reads as false";
    return note;
}

// ---- Connector settings ----------------------------------------------------------------------

// MirrorMakerConfig.connectorBaseConfig: `A->B.KEY` overrides the top-level `KEY`.
std::optional<Setting> connectorSetting(const Properties& props, const Flow& flow, const std::string& key)
{
    if (auto s = lookup(props, flow.name() + "." + key))
        return s;
    return lookup(props, key);
}

// ConfigDef BOOLEAN: trimmed, "true" or "false" in any case.
Result<bool> parseBoolean(const Setting& s)
{
    const std::string v = lower(trimmed(s.value));
    if (v == "true" || v == "false")
        return v == "true";
    return Error{where(s) + ": '" + trimmed(s.value) + "' is not true or false"};
}

// The note for a *.blacklist alias that the release no longer reads.
std::string blacklistIgnoredNote(const std::string& key, const std::string& replacement,
                                 const Release& release)
{
    return key + " is ignored by MM2 " + toString(release) +
           " (the *.blacklist aliases were removed in 4.0.0): set " + replacement + " instead";
}

// ConfigDef LONG: Long.parseLong of the trimmed value (an optional sign, then decimal digits).
Result<int64_t> parseLong(const Setting& s)
{
    const std::string v = trimmed(s.value);
    // Long.parseLong takes a leading '-' or '+', once.
    std::string_view digits = v;
    if (digits.starts_with('+') && !digits.substr(1).starts_with('-'))
        digits.remove_prefix(1);
    auto value = parseInt64(digits);
    if (!value && value.error().ends_with(kOutOfInt64Range))
        return Error{where(s) + ": '" + v + "' does not fit in a 64-bit signed integer"};
    if (!value)
        return Error{where(s) + ": '" + v + "' is not a whole number"};
    return value;
}

Result<int64_t> longSetting(const Properties& props, const Flow& flow, const std::string& key,
                            int64_t fallback)
{
    const auto s = connectorSetting(props, flow, key);
    return s ? parseLong(*s) : Result<int64_t>(fallback);
}

// emit.checkpoints.interval.seconds in milliseconds (MM2 converts with Duration.ofSeconds).
Result<int64_t> checkpointIntervalMs(const Properties& props, const Flow& flow)
{
    const auto s = connectorSetting(props, flow, "emit.checkpoints.interval.seconds");
    if (!s)
        return int64_t{60000};
    const auto seconds = parseLong(*s);
    if (!seconds)
        return Error{seconds.error()};
    constexpr int64_t kMaxSeconds = std::numeric_limits<int64_t>::max() / 1000;
    if (*seconds > kMaxSeconds || *seconds < -kMaxSeconds)
        return Error{where(*s) + ": " + std::to_string(*seconds) +
                     " seconds do not fit in 64-bit milliseconds"};
    return *seconds * 1000;
}

Result<ClusterSide> syncsLocation(const Properties& props, const Flow& flow)
{
    const auto s = connectorSetting(props, flow, "offset-syncs.topic.location");
    if (!s)
        return ClusterSide::Source;
    // MM2 reads the setting case-insensitively (an enum config).
    if (const auto side = parseSide(lower(trimmed(s->value))))
        return *side;
    return Error{where(*s) + ": '" + trimmed(s->value) + "' is not source or target"};
}

Result<ReplicationPolicy> replicationPolicy(const Properties& props, const Flow& flow)
{
    ReplicationPolicy policy;
    policy.identitySourceAlias = flow.source;
    if (const auto s = connectorSetting(props, flow, "replication.policy.class")) {
        const std::string name = trimmed(s->value);
        const std::string package = "org.apache.kafka.connect.mirror.";
        if (name == "IdentityReplicationPolicy" || name == package + "IdentityReplicationPolicy")
            policy.kind = ReplicationPolicy::Kind::Identity;
        else if (name != "DefaultReplicationPolicy" && name != package + "DefaultReplicationPolicy")
            return Error{where(*s) + ": replication policy '" + name +
                         "' is not supported; driftscope knows DefaultReplicationPolicy and "
                         "IdentityReplicationPolicy (" +
                         package + "*)"};
    }
    if (const auto s = connectorSetting(props, flow, "replication.policy.separator")) {
        policy.separator = trimmed(s->value);
        if (policy.separator.empty())
            return Error{where(*s) + ": the separator must not be empty"};
    }
    if (const auto s = connectorSetting(props, flow, "replication.policy.internal.topic.separator.enabled")) {
        const auto enabled = parseBoolean(*s);
        if (!enabled)
            return Error{enabled.error()};
        policy.internalTopicSeparatorEnabled = *enabled;
    }
    return policy;
}

// An exclude list and its pre-2.8 alias (groups.exclude / groups.blacklist, topics.exclude /
// topics.blacklist). Up to 3.9.x the alias is used only when the exclude key is absent
// (ConfigUtils.translateDeprecatedConfigs); from 4.0.0 MM2 no longer reads it.
std::optional<std::vector<std::string>> excludeList(const Properties& props, const Flow& flow,
                                                    const ReleaseProfile& profile, const std::string& name,
                                                    std::vector<std::string>& notes)
{
    const auto exclude = connectorSetting(props, flow, name + ".exclude");
    const auto blacklist = connectorSetting(props, flow, name + ".blacklist");
    if (blacklist && profile.blacklistAliases == BlacklistAliases::Ignored)
        notes.push_back(blacklistIgnoredNote(blacklist->key, name + ".exclude", profile.release));
    if (exclude) {
        if (blacklist && profile.blacklistAliases == BlacklistAliases::TranslatedToExclude)
            notes.push_back(blacklist->key + " is ignored: " + exclude->key + " is set");
        return splitList(trimmed(exclude->value));
    }
    if (blacklist && profile.blacklistAliases == BlacklistAliases::TranslatedToExclude) {
        notes.push_back(blacklist->key + " is the deprecated name of " + name + ".exclude; used as such");
        return splitList(trimmed(blacklist->value));
    }
    return std::nullopt;
}

// groups / groups.exclude and topics / topics.exclude, with their deprecated aliases.
void applyFilters(const Properties& props, const Flow& flow, const ReleaseProfile& profile,
                  ConnectionSettings& settings)
{
    if (const auto s = connectorSetting(props, flow, "groups"))
        settings.groups = splitList(trimmed(s->value));
    if (auto exclude = excludeList(props, flow, profile, "groups", settings.notes))
        settings.groupsExclude = std::move(*exclude);
    if (const auto s = connectorSetting(props, flow, "topics"))
        settings.topics = splitList(trimmed(s->value));
    settings.topicsExclude = excludeList(props, flow, profile, "topics", settings.notes);
    // config.properties.exclude decides which topic configurations are copied: nothing driftscope
    // models, but a 4.x reader should still hear that the alias no longer works.
    if (const auto s = connectorSetting(props, flow, "config.properties.blacklist");
        s && profile.blacklistAliases == BlacklistAliases::Ignored)
        settings.notes.push_back(blacklistIgnoredNote(s->key, "config.properties.exclude", profile.release));
}

// emit.checkpoints.enabled and heartbeats.replication.enabled (4.0.0+).
Result<bool> applySwitches(const Properties& props, const Flow& flow, const ReleaseProfile& profile,
                           ConnectionSettings& settings)
{
    if (const auto s = connectorSetting(props, flow, "emit.checkpoints.enabled")) {
        const auto enabled = parseBoolean(*s);
        if (!enabled)
            return Error{enabled.error()};
        settings.emitCheckpointsEnabled = *enabled;
        if (!*enabled && profile.checkpointsWhenEmitDisabled())
            settings.notes.push_back(s->key + " is false, but MM2 " + toString(profile.release) +
                                     " then emits checkpoints continuously (its interval becomes -1 ms)");
        else if (!*enabled)
            settings.notes.push_back(s->key + " is false: MM2 emits no checkpoints for flow " + flow.name());
    }
    // sync.group.offsets.enabled (2.7.0+, false by default) and its interval: whether a consumer
    // failing over finds the checkpoints committed to its target group already.
    if (profile.groupOffsetSync) {
        settings.syncGroupOffsets = false;
        if (const auto s = connectorSetting(props, flow, "sync.group.offsets.enabled")) {
            const auto enabled = parseBoolean(*s);
            if (!enabled)
                return Error{enabled.error()};
            settings.syncGroupOffsets = *enabled;
        }
        const auto seconds = longSetting(props, flow, "sync.group.offsets.interval.seconds", 60);
        if (!seconds)
            return Error{seconds.error()};
        if (*seconds < 1 || *seconds > std::numeric_limits<int64_t>::max() / 1000)
            return Error{"sync.group.offsets.interval.seconds: " + std::to_string(*seconds) +
                         " is not a positive number of seconds"};
        settings.syncGroupOffsetsIntervalMs = *seconds * 1000;
    } else {
        settings.syncGroupOffsets = false;
        if (connectorSetting(props, flow, "sync.group.offsets.enabled"))
            settings.notes.push_back("sync.group.offsets.enabled is not a setting of MM2 " +
                                     toString(profile.release) +
                                     " (it arrived in 2.7.0): group offsets are not synced");
    }
    if (const auto s = connectorSetting(props, flow, "heartbeats.replication.enabled")) {
        if (profile.heartbeatsReplicationToggle) {
            const auto enabled = parseBoolean(*s);
            if (!enabled)
                return Error{enabled.error()};
            settings.heartbeatsReplicationEnabled = *enabled;
        } else {
            settings.notes.push_back(s->key + " is not a setting of MM2 " + toString(profile.release) +
                                     " (it arrived in 4.0.0): heartbeats topics are always mirrored");
        }
    }
    return true;
}

std::string shownDashX(const std::string& text)
{
    return isSecretKey(text) ? "(an argument naming a secret setting, not shown)" : text;
}

} // namespace

std::optional<std::string> ClusterConnection::property(std::string_view name) const
{
    for (const auto& [key, value] : clientProperties)
        if (key == name)
            return value;
    return std::nullopt;
}

Result<std::vector<std::string>> enabledFlowNames(const Properties& props)
{
    const auto clusters = clusterAliases(props);
    if (!clusters)
        return Error{clusters.error()};
    std::vector<std::string> names;
    for (const Flow& flow : enabledFlows(props, *clusters))
        names.push_back(flow.name());
    return names;
}

Result<ConnectionSettings> settingsFromMm2Config(const Properties& props,
                                                 const std::optional<std::string>& flowText,
                                                 const ReleaseProfile& profile)
{
    const auto clusters = clusterAliases(props);
    if (!clusters)
        return Error{clusters.error()};
    const auto flow = flowText ? namedFlow(*flowText, *clusters) : onlyEnabledFlow(props, *clusters);
    if (!flow)
        return Error{flow.error()};

    ConnectionSettings settings;
    if (!flowEnabled(props, *flow))
        settings.notes.push_back(disabledFlowNote(props, *flow));

    auto location = syncsLocation(props, *flow);
    if (!location)
        return Error{location.error()};
    settings.syncsLocation = *location;
    auto policy = replicationPolicy(props, *flow);
    if (!policy)
        return Error{policy.error()};
    settings.policy = std::move(*policy);
    const auto interval = checkpointIntervalMs(props, *flow);
    if (!interval)
        return Error{interval.error()};
    settings.emitCheckpointsIntervalMs = *interval;
    settings.emitIntervalConfigured = true; // the file's, or MM2's default for a file without it
    const auto lagMax = longSetting(props, *flow, "offset.lag.max", 100);
    if (!lagMax)
        return Error{lagMax.error()};
    settings.offsetLagMax = *lagMax;
    applyFilters(props, *flow, profile, settings);
    if (const auto switches = applySwitches(props, *flow, profile, settings); !switches)
        return Error{switches.error()};

    std::vector<std::string> ignored;
    auto source = mm2ClusterConnection(props, flow->source, settings.notes, ignored);
    if (!source)
        return Error{source.error()};
    auto target = mm2ClusterConnection(props, flow->target, settings.notes, ignored);
    if (!target)
        return Error{target.error()};
    settings.source = std::move(*source);
    settings.target = std::move(*target);
    // The flow's worker takes the target cluster's settings, then the top-level offset.storage.*
    // ones over them (MirrorMakerConfig.workerConfig).
    settings.connectOffsetsTopic = props.get("offset.storage.topic");
    if (!settings.connectOffsetsTopic)
        settings.connectOffsetsTopic = props.get(flow->target + ".offset.storage.topic");
    // Worker settings other than offset.storage.* come from the target cluster's alone: MM2 4.3.1
    // ignores a top-level offset.flush.interval.ms (tests/real_kafka/README.md).
    if (const auto flush = lookup(props, flow->target + ".offset.flush.interval.ms")) {
        const auto ms = parseLong(*flush);
        if (!ms || *ms <= 0)
            return Error{ms ? where(*flush) + ": must be positive" : ms.error()};
        settings.offsetFlushIntervalMs = *ms;
    }

    if (props.contains("config.providers"))
        settings.notes.push_back(
            "config.providers is set, but driftscope does not resolve ${provider:path:key} "
            "references; such values are used as written");
    std::sort(ignored.begin(), ignored.end());
    ignored.erase(std::unique(ignored.begin(), ignored.end()), ignored.end());
    if (!ignored.empty())
        settings.notes.push_back(
            "client settings that librdkafka does not take or driftscope does not need were ignored: " +
            joined(ignored, ", "));
    return settings;
}

Result<std::vector<ClientOverride>> parseClientOverrides(const std::vector<std::string>& dashX)
{
    std::vector<ClientOverride> out;
    for (const std::string& x : dashX) {
        const size_t eq = x.find('=');
        const std::string key = x.substr(0, eq);
        const size_t side = key.starts_with("source.") ? 0 : key.starts_with("target.") ? 1 : 2;
        const std::string name = side < 2 ? key.substr(7) : std::string();
        if (eq == std::string::npos)
            return Error{"-X " + shownDashX(x) + ": expected source.KEY=VALUE or target.KEY=VALUE (no '=')"};
        if (side == 2 || trimmed(name).empty())
            return Error{"-X " + key + "=...: expected source.KEY=VALUE or target.KEY=VALUE"};
        out.push_back({side == 0 ? ClusterSide::Source : ClusterSide::Target, trimmed(name),
                       trimmed(x.substr(eq + 1))});
    }
    return out;
}

void ClusterConnection::setProperty(const std::string& name, const std::string& value)
{
    const auto at =
        std::lower_bound(clientProperties.begin(), clientProperties.end(), name,
                         [](const auto& property, const std::string& n) { return property.first < n; });
    if (at != clientProperties.end() && at->first == name)
        at->second = value;
    else
        clientProperties.emplace(at, name, value);
}

Result<ConnectionSettings> settingsFromParts(const std::string& sourceAlias, const std::string& targetAlias,
                                             const std::optional<std::string>& sourceBootstrap,
                                             const std::optional<std::string>& targetBootstrap,
                                             const std::vector<std::string>& dashX,
                                             const Properties* sourceFile, const Properties* targetFile)
{
    if (sourceAlias.empty() || targetAlias.empty())
        return Error{"the cluster aliases must not be empty"};
    if (sourceAlias == targetAlias)
        return Error{"the source and target aliases must differ (both are '" + sourceAlias + "')"};

    std::array<std::map<std::string, std::string>, 2> sides; // librdkafka properties, sorted by name
    const std::array<const Properties*, 2> files = {sourceFile, targetFile};
    for (size_t i = 0; i < 2; ++i)
        if (files[i] != nullptr)
            for (const std::string& key : files[i]->keys())
                sides[i][key] = trimmed(*files[i]->get(key));
    auto overrides = parseClientOverrides(dashX);
    if (!overrides)
        return Error{overrides.error()};
    for (const ClientOverride& o : *overrides)
        sides[o.side == ClusterSide::Source ? 0 : 1][o.key] = o.value;
    const std::array<const std::optional<std::string>*, 2> bootstraps = {&sourceBootstrap, &targetBootstrap};
    const std::array<std::string, 2> aliases = {sourceAlias, targetAlias};
    ConnectionSettings settings;
    for (size_t i = 0; i < 2; ++i) {
        const std::string side(sideName(i == 0 ? ClusterSide::Source : ClusterSide::Target));
        if (*bootstraps[i])
            sides[i]["bootstrap.servers"] = trimmed(**bootstraps[i]);
        const auto it = sides[i].find("bootstrap.servers");
        if (it == sides[i].end() || it->second.empty())
            return Error{"no bootstrap servers for the " + side + " cluster '" + aliases[i] + "': give --" +
                         side + "-bootstrap HOST:PORT, -X " + side +
                         ".bootstrap.servers=HOST:PORT or bootstrap.servers in --" + side + "-properties"};
    }
    settings.source = {sourceAlias, {sides[0].begin(), sides[0].end()}};
    settings.target = {targetAlias, {sides[1].begin(), sides[1].end()}};
    settings.policy.identitySourceAlias = sourceAlias;
    return settings;
}

bool isSecretKey(std::string_view key)
{
    const std::string k = lower(key);
    for (std::string_view part : {"password", "secret", "jaas", "token", "credential", "user.info"})
        if (k.find(part) != std::string::npos)
            return true;
    if (k.ends_with(".key"))
        return true;
    // sasl.oauthbearer.extensions carries key=value pairs that identity providers use for
    // tokens and tenant secrets.
    for (std::string_view name :
         {"ssl.key.pem", "ssl_key", "sasl.oauthbearer.config", "sasl.oauthbearer.extensions"})
        if (k == name || k.ends_with("." + std::string(name)))
            return true;
    return false;
}

std::vector<std::pair<std::string, std::string>>
redactedProperties(const std::vector<std::pair<std::string, std::string>>& properties)
{
    std::vector<std::pair<std::string, std::string>> out = properties;
    for (auto& [key, value] : out)
        if (isSecretKey(key))
            value = "[redacted]";
    return out;
}

Result<TopicSelection> topicSelectionFor(const ConnectionSettings& settings, const ReleaseProfile& profile)
{
    auto filter =
        NameFilter::make(settings.topics, settings.topicsExclude.value_or(defaultTopicsExclude(profile)));
    if (!filter)
        return Error{"the topics / topics.exclude setting: " + filter.error()};
    return TopicSelection{std::move(*filter), settings.heartbeatsReplicationEnabled};
}

bool checkpointsExpected(const ConnectionSettings& settings, const ReleaseProfile& profile)
{
    return settings.emitCheckpointsEnabled || profile.checkpointsWhenEmitDisabled();
}

InternalTopics internalTopicsFor(const ConnectionSettings& settings, const ReleaseProfile& profile)
{
    InternalTopics topics = internalTopics(profile, settings.policy, settings.source.alias,
                                           settings.target.alias, settings.syncsLocation);
    if (settings.offsetSyncsTopic)
        topics.offsetSyncs = *settings.offsetSyncsTopic;
    if (settings.checkpointsTopic)
        topics.checkpoints = *settings.checkpointsTopic;
    if (settings.heartbeatsTopic)
        topics.heartbeats = *settings.heartbeatsTopic;
    if (settings.connectOffsetsTopic)
        topics.connectOffsets = *settings.connectOffsetsTopic;
    return topics;
}

} // namespace driftscope
