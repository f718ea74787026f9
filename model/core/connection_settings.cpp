#include "model/core/connection_settings.h"

#include "model/core/name_filter.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <map>
#include <set>

namespace driftscope {
namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

// Java's String.trim(), which Kafka's ConfigDef applies to every typed value.
std::string trimmed(std::string_view text)
{
    size_t begin = 0;
    size_t end = text.size();
    while (begin < end && static_cast<unsigned char>(text[begin]) <= ' ')
        ++begin;
    while (end > begin && static_cast<unsigned char>(text[end - 1]) <= ' ')
        --end;
    return std::string(text.substr(begin, end - begin));
}

std::string joined(const std::vector<std::string>& items, const std::string& separator)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

// A setting as written: the key with its prefixes, and where it is, for messages.
struct Setting {
    std::string key;
    std::string value;
    size_t line = 0;
};

std::string where(const Setting& s)
{
    return (s.line > 0 ? "line " + std::to_string(s.line) + ": " : std::string()) + s.key;
}

std::optional<Setting> lookup(const Properties& props, const std::string& key)
{
    auto value = props.get(key);
    if (!value)
        return std::nullopt;
    return Setting{key, std::move(*value), props.line(key)};
}

struct Flow {
    std::string source;
    std::string target;
    std::string name() const { return source + "->" + target; }
};

// ---- Flows -----------------------------------------------------------------------------------

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

Result<Flow> onlyEnabledFlow(const Properties& props, const std::vector<std::string>& clusters)
{
    std::vector<Flow> enabled;
    for (const std::string& source : clusters)
        for (const std::string& target : clusters)
            if (source != target && flowEnabled(props, {source, target}))
                enabled.push_back({source, target});
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

// ConfigDef LONG: Long.parseLong of the trimmed value (an optional sign, then decimal digits).
Result<int64_t> parseLong(const Setting& s)
{
    const std::string v = trimmed(s.value);
    // std::from_chars takes a leading '-' but not '+'; Long.parseLong takes either, once.
    const size_t skip = v.starts_with('+') ? 1 : 0;
    const char* begin = v.data() + skip;
    const char* end = v.data() + v.size();
    int64_t value = 0;
    const auto [stop, ec] = std::from_chars(begin, end, value);
    if (ec == std::errc::result_out_of_range)
        return Error{where(s) + ": '" + v + "' does not fit in a 64-bit signed integer"};
    if (ec != std::errc() || stop != end || (skip == 1 && *begin == '-'))
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

Result<OffsetSyncsLocation> syncsLocation(const Properties& props, const Flow& flow)
{
    const auto s = connectorSetting(props, flow, "offset-syncs.topic.location");
    if (!s)
        return OffsetSyncsLocation::Source;
    const std::string v = lower(trimmed(s->value));
    if (v == "source")
        return OffsetSyncsLocation::Source;
    if (v == "target")
        return OffsetSyncsLocation::Target;
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

// groups / groups.exclude; groups.blacklist is the pre-2.8 name of groups.exclude, used only when
// groups.exclude is absent (ConfigUtils.translateDeprecatedConfigs).
void applyGroupFilter(const Properties& props, const Flow& flow, ConnectionSettings& settings)
{
    if (const auto s = connectorSetting(props, flow, "groups"))
        settings.groups = splitList(trimmed(s->value));
    const auto exclude = connectorSetting(props, flow, "groups.exclude");
    const auto blacklist = connectorSetting(props, flow, "groups.blacklist");
    if (exclude) {
        settings.groupsExclude = splitList(trimmed(exclude->value));
        if (blacklist)
            settings.notes.push_back(blacklist->key + " is ignored: " + exclude->key + " is set");
    } else if (blacklist) {
        settings.groupsExclude = splitList(trimmed(blacklist->value));
        settings.notes.push_back(blacklist->key + " is the deprecated name of groups.exclude; used as such");
    }
}

// ---- Cluster client settings -----------------------------------------------------------------

// The client settings MM2 also accepts without a cluster prefix and then gives every cluster
// (MirrorClientConfig.CLIENT_CONFIG_DEF: bootstrap, security protocol, SSL and SASL).
bool isSharedClientKey(const std::string& key)
{
    return key == "bootstrap.servers" || key == "security.protocol" || key.starts_with("ssl.") ||
           key.starts_with("sasl.");
}

// Java client key -> the setting that provides it, after MM2's precedence.
using ClientSettings = std::map<std::string, Setting>;

ClientSettings clusterClientSettings(const Properties& props, const std::string& alias)
{
    ClientSettings out;
    ClientSettings admin;
    ClientSettings consumer;
    const std::string prefix = alias + ".";
    for (const std::string& key : props.keys()) {
        if (isSharedClientKey(key)) {
            out.try_emplace(key, *lookup(props, key));
            continue;
        }
        if (!key.starts_with(prefix))
            continue;
        const std::string rest = key.substr(prefix.size());
        if (rest.starts_with("consumer."))
            consumer[rest.substr(9)] = *lookup(props, key);
        else if (rest.starts_with("admin."))
            admin[rest.substr(6)] = *lookup(props, key);
        else if (!rest.starts_with("producer.") && !rest.empty())
            out.insert_or_assign(rest, *lookup(props, key)); // A.KEY beats the shared KEY
    }
    for (const ClientSettings* level : {&admin, &consumer})
        for (const auto& [key, s] : *level)
            if (!key.empty())
                out.insert_or_assign(key, s);
    return out;
}

// Java client settings librdkafka takes under the same name with the same meaning (plus the
// librdkafka-only names of SASL credentials and PEM files, so a configuration can carry them).
// Left out on purpose although librdkafka knows the name: group.id, enable.auto.commit,
// auto.offset.reset, allow.auto.create.topics and isolation.level (driftscope reads without a
// group, never commits, never creates topics and sets these itself), ssl.cipher.suites (Java
// and OpenSSL name suites differently), sasl.kerberos.kinit.cmd (a path in Java, a command in
// librdkafka) and the fetch and producer tuning, which does not matter for reading a few topics.
constexpr std::array<std::string_view, 19> kPassThrough = {
    "client.id",
    "client.rack",
    "connections.max.idle.ms",
    "metadata.max.age.ms",
    "reconnect.backoff.max.ms",
    "reconnect.backoff.ms",
    "sasl.kerberos.service.name",
    "sasl.mechanism",
    "sasl.password",
    "sasl.username",
    "security.protocol",
    "socket.connection.setup.timeout.ms",
    "ssl.ca.location",
    "ssl.certificate.location",
    "ssl.endpoint.identification.algorithm",
    "ssl.key.location",
    "ssl.key.password",
    "ssl.keystore.location",
    "ssl.keystore.password",
};

// Read by the translations below rather than passed on.
constexpr std::array<std::string_view, 6> kTranslated = {
    "bootstrap.servers",   "sasl.jaas.config",        "ssl.keystore.type",
    "ssl.truststore.type", "ssl.truststore.location", "ssl.truststore.password",
};

template <size_t N>
bool listed(const std::array<std::string_view, N>& list, const std::string& key)
{
    return std::find(list.begin(), list.end(), key) != list.end();
}

// ---- sasl.jaas.config --------------------------------------------------------------------------

// The one login module of a sasl.jaas.config value, as Kafka's JaasConfig reads it:
// `<class> <flag> [name=value]... ;` with values in double or single quotes (backslash escapes)
// or bare. No message here may contain text from the value: it holds the password.
struct JaasEntry {
    std::string module;
    std::map<std::string, std::string> options;
};

class JaasTokens {
public:
    enum class Kind { End, Word, Quoted, Equals, Semicolon, Unterminated };

    explicit JaasTokens(std::string_view text) : m_text(text) {}

    Kind next(std::string& token)
    {
        token.clear();
        while (m_pos < m_text.size() && static_cast<unsigned char>(m_text[m_pos]) <= ' ')
            ++m_pos;
        if (m_pos >= m_text.size())
            return Kind::End;
        const char c = m_text[m_pos++];
        if (c == '=')
            return Kind::Equals;
        if (c == ';')
            return Kind::Semicolon;
        if (c == '"' || c == '\'')
            return quoted(c, token);
        token += c;
        while (m_pos < m_text.size() && !isDelimiter(m_text[m_pos]))
            token += m_text[m_pos++];
        return Kind::Word;
    }

private:
    static bool isDelimiter(char c)
    {
        return static_cast<unsigned char>(c) <= ' ' || c == '=' || c == ';' || c == '"' || c == '\'';
    }

    Kind quoted(char quote, std::string& token)
    {
        while (m_pos < m_text.size()) {
            char c = m_text[m_pos++];
            if (c == quote)
                return Kind::Quoted;
            if (c == '\\' && m_pos < m_text.size()) {
                c = m_text[m_pos++];
                c = c == 'n'   ? '\n'
                    : c == 't' ? '\t'
                    : c == 'r' ? '\r'
                    : c == 'b' ? '\b'
                    : c == 'f' ? '\f'
                               : c;
            }
            token += c;
        }
        return Kind::Unterminated;
    }

    std::string_view m_text;
    size_t m_pos = 0;
};

// The login module class (the first word), without parsing the rest.
std::string jaasModule(std::string_view text)
{
    std::string module;
    return JaasTokens(text).next(module) == JaasTokens::Kind::Word ? module : std::string();
}

Result<JaasEntry> parseJaas(std::string_view text)
{
    using Kind = JaasTokens::Kind;
    JaasTokens tokens(text);
    JaasEntry entry;
    std::string flag;
    if (tokens.next(entry.module) != Kind::Word)
        return Error{"does not start with a login module class"};
    static const std::set<std::string> kFlags = {"required", "requisite", "sufficient", "optional"};
    if (tokens.next(flag) != Kind::Word || !kFlags.contains(lower(flag)))
        return Error{
            "has no control flag (required, requisite, sufficient or optional) after the login module class"};
    std::string name;
    std::string value;
    for (Kind kind = tokens.next(name); kind != Kind::Semicolon; kind = tokens.next(name)) {
        if (kind == Kind::End)
            return Error{"is not terminated by ';'"};
        if (kind == Kind::Unterminated)
            return Error{"has a quoted text without its closing quote"};
        if (kind != Kind::Word || tokens.next(value) != Kind::Equals)
            return Error{"has an option that is not of the form name=\"value\""};
        const Kind valueKind = tokens.next(value);
        if (valueKind == Kind::Unterminated)
            return Error{"has a quoted text without its closing quote"};
        if (valueKind != Kind::Word && valueKind != Kind::Quoted)
            return Error{"has an option that is not of the form name=\"value\""};
        entry.options[name] = value;
    }
    if (tokens.next(name) != Kind::End)
        return Error{"holds more than one login module (Kafka clients take exactly one)"};
    return entry;
}

std::string simpleClassName(const std::string& name)
{
    const size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

// A module is named in notes only when it looks like a login module class, so that a value
// without one (such as a bare password pasted in) is never echoed.
std::string describeModule(const std::string& module)
{
    const std::string simple = simpleClassName(module);
    if (module.find('.') != std::string::npos && simple.ends_with("LoginModule"))
        return "the login module " + simple;
    return "an unrecognised login module";
}

// ---- Translation to librdkafka ---------------------------------------------------------------

using Librdkafka = std::map<std::string, std::string>;

std::optional<std::string> javaValue(const ClientSettings& java, const std::string& key)
{
    const auto it = java.find(key);
    return it == java.end() ? std::nullopt : std::optional<std::string>(trimmed(it->second.value));
}

// PlainLoginModule and ScramLoginModule carry SASL/PLAIN and SCRAM credentials as options;
// librdkafka wants them as sasl.username / sasl.password (explicit ones win).
Result<bool> translateJaas(const Setting& jaas, Librdkafka& out, std::vector<std::string>& notes)
{
    const std::string module = jaasModule(jaas.value);
    const std::string simple = simpleClassName(module);
    if (simple != "PlainLoginModule" && simple != "ScramLoginModule") {
        notes.push_back(
            jaas.key + ": " + describeModule(module) +
            " cannot be translated for librdkafka; skipped (set sasl.* librdkafka properties instead)");
        return false;
    }
    if (out.contains("sasl.username") && out.contains("sasl.password")) {
        notes.push_back(jaas.key + ": not used, sasl.username and sasl.password are set");
        return false;
    }
    const auto entry = parseJaas(jaas.value);
    if (!entry)
        return Error{where(jaas) + ": the value " + entry.error() + " (expected e.g. " + module +
                     " required username=\"...\" password=\"...\";)"};
    const auto user = entry->options.find("username");
    const auto password = entry->options.find("password");
    if (user == entry->options.end() || password == entry->options.end())
        return Error{where(jaas) + ": the " + simple + " options lack username or password"};
    out.try_emplace("sasl.username", user->second);
    out.try_emplace("sasl.password", password->second);
    notes.push_back(jaas.key + ": the " + simple +
                    " username and password are used as sasl.username and sasl.password");
    return true;
}

// librdkafka reads CA certificates from PEM files only, and client keystores as PKCS#12 only.
void translateStores(const ClientSettings& java, Librdkafka& out, std::vector<std::string>& notes)
{
    const auto trust = java.find("ssl.truststore.location");
    if (trust != java.end() && !out.contains("ssl.ca.location")) {
        const std::string type = javaValue(java, "ssl.truststore.type").value_or("JKS");
        if (lower(type) == "pem") {
            out["ssl.ca.location"] = trimmed(trust->second.value);
            notes.push_back(trust->second.key + " (a PEM file) is used as ssl.ca.location");
        } else {
            notes.push_back(
                trust->second.key + " is a " + type +
                " truststore, which librdkafka cannot read; skipped (set ssl.ca.location to a PEM "
                "file with the CA certificates instead)");
        }
    }
    const auto key = java.find("ssl.keystore.location");
    const auto keyType = javaValue(java, "ssl.keystore.type");
    if (key != java.end() && keyType && lower(*keyType) != "pkcs12") {
        out.erase("ssl.keystore.location");
        out.erase("ssl.keystore.password");
        notes.push_back(key->second.key + " is a " + *keyType +
                        " keystore, which librdkafka cannot read (it reads PKCS#12); skipped (set "
                        "ssl.certificate.location and ssl.key.location to PEM files instead)");
    }
}

Result<Librdkafka> librdkafkaSettings(const std::string& alias, const ClientSettings& java,
                                      std::vector<std::string>& notes, std::vector<std::string>& ignored)
{
    Librdkafka out;
    for (const auto& [key, s] : java) {
        if (listed(kPassThrough, key))
            out[key] = trimmed(s.value);
        else if (!listed(kTranslated, key))
            ignored.push_back(s.key);
    }
    const auto bootstrap = javaValue(java, "bootstrap.servers");
    if (!bootstrap || splitList(*bootstrap).empty())
        return Error{"the MM2 configuration has no bootstrap servers for cluster '" + alias + "' (" + alias +
                     ".bootstrap.servers)"};
    out["bootstrap.servers"] = joined(splitList(*bootstrap), ",");
    // Java switches host name verification off with an empty value; librdkafka wants "none".
    const auto endpoint = out.find("ssl.endpoint.identification.algorithm");
    if (endpoint != out.end() && endpoint->second.empty()) {
        endpoint->second = "none";
        notes.push_back(java.at(endpoint->first).key + " is empty (no host name verification): used as none");
    }
    translateStores(java, out, notes);
    if (const auto jaas = java.find("sasl.jaas.config"); jaas != java.end()) {
        const auto translated = translateJaas(jaas->second, out, notes);
        if (!translated)
            return Error{translated.error()};
    }
    return out;
}

Result<ClusterConnection> mm2Cluster(const Properties& props, const std::string& alias,
                                     std::vector<std::string>& notes, std::vector<std::string>& ignored)
{
    auto settings = librdkafkaSettings(alias, clusterClientSettings(props, alias), notes, ignored);
    if (!settings)
        return Error{settings.error()};
    return ClusterConnection{alias, {settings->begin(), settings->end()}};
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

Result<ConnectionSettings> settingsFromMm2Config(const Properties& props,
                                                 const std::optional<std::string>& flowText)
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
    const auto lagMax = longSetting(props, *flow, "offset.lag.max", 100);
    if (!lagMax)
        return Error{lagMax.error()};
    settings.offsetLagMax = *lagMax;
    applyGroupFilter(props, *flow, settings);
    if (const auto s = connectorSetting(props, *flow, "emit.checkpoints.enabled");
        s && lower(trimmed(s->value)) == "false")
        settings.notes.push_back(s->key + " is false: MM2 emits no checkpoints for flow " + flow->name());

    std::vector<std::string> ignored;
    auto source = mm2Cluster(props, flow->source, settings.notes, ignored);
    if (!source)
        return Error{source.error()};
    auto target = mm2Cluster(props, flow->target, settings.notes, ignored);
    if (!target)
        return Error{target.error()};
    settings.source = std::move(*source);
    settings.target = std::move(*target);

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

    std::array<Librdkafka, 2> sides;
    const std::array<const Properties*, 2> files = {sourceFile, targetFile};
    for (size_t i = 0; i < 2; ++i)
        if (files[i] != nullptr)
            for (const std::string& key : files[i]->keys())
                sides[i][key] = trimmed(*files[i]->get(key));
    for (const std::string& x : dashX) {
        const size_t eq = x.find('=');
        const std::string key = x.substr(0, eq);
        const size_t side = key.starts_with("source.") ? 0 : key.starts_with("target.") ? 1 : 2;
        const std::string name = side < 2 ? key.substr(7) : std::string();
        if (eq == std::string::npos)
            return Error{"-X " + shownDashX(x) + ": expected source.KEY=VALUE or target.KEY=VALUE (no '=')"};
        if (side == 2 || trimmed(name).empty())
            return Error{"-X " + key + "=...: expected source.KEY=VALUE or target.KEY=VALUE"};
        sides[side][trimmed(name)] = trimmed(x.substr(eq + 1));
    }
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
    for (std::string_view name : {"ssl.key.pem", "ssl_key", "sasl.oauthbearer.config"})
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
    return topics;
}

} // namespace driftscope
