#include "model/config/strimzi_resource.h"

#include "model/config/connection_settings.h"

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <set>

namespace driftscope {
namespace {

constexpr std::string_view kKind = "KafkaMirrorMaker2";
// What Strimzi up to 0.51 gave the Connect worker of a v1beta2 resource when its connect
// cluster's config did not say (KafkaMirrorMaker2Configuration's defaults).
constexpr std::string_view kDefaultOffsetStorageTopic = "mirrormaker2-cluster-offsets";

size_t lineOf(const YAML::Node& node)
{
    return node.Mark().is_null() ? 0 : static_cast<size_t>(node.Mark().line) + 1;
}

std::string at(const std::string& path, const YAML::Node& node)
{
    const size_t line = lineOf(node);
    return line ? path + " (line " + std::to_string(line) + ")" : path;
}

bool present(const YAML::Node& node)
{
    return node.IsDefined() && !node.IsNull();
}

// A map's entry, or an undefined node when there is none or `node` is not a map. yaml-cpp
// answers a missing key with an invalid node that throws when asked anything but IsDefined;
// an undefined node answers every question.
YAML::Node child(const YAML::Node& node, const std::string& key)
{
    if (!node.IsDefined() || !node.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node found = node[key];
    return found.IsDefined() ? found : YAML::Node(YAML::NodeType::Undefined);
}

// A scalar field's text, none when absent; an error when it is a list or a map.
Result<std::optional<std::string>> field(const YAML::Node& parent, const char* key, const std::string& path)
{
    const YAML::Node node = child(parent, key);
    if (!present(node))
        return std::optional<std::string>();
    if (!node.IsScalar())
        return Error{at(path + "." + key, node) + ": expected a single value"};
    return std::optional<std::string>(node.Scalar());
}

Result<std::string> required(const YAML::Node& parent, const char* key, const std::string& path)
{
    auto value = field(parent, key, path);
    if (!value)
        return Error{value.error()};
    if (!*value || (*value)->empty())
        return Error{at(path, parent) + ": " + key + " is missing"};
    return **value;
}

// A `config` map: every value a scalar (numbers and booleans as written).
Result<std::vector<std::pair<std::string, YAML::Node>>> configEntries(const YAML::Node& parent,
                                                                      const std::string& path)
{
    std::vector<std::pair<std::string, YAML::Node>> out;
    const YAML::Node config = child(parent, "config");
    if (!present(config))
        return out;
    if (!config.IsMap())
        return Error{at(path + ".config", config) + ": expected a map of settings"};
    for (const auto& entry : config) {
        const std::string key = entry.first.Scalar();
        if (present(entry.second) && !entry.second.IsScalar())
            return Error{at(path + ".config." + key, entry.second) + ": expected a single value"};
        out.emplace_back(key, entry.second);
    }
    return out;
}

// True as Kubernetes reads a YAML 1.1 boolean (true, True, yes, on, ...).
bool yamlTrue(const YAML::Node& value)
{
    if (!value.IsDefined() || !value.IsScalar())
        return false;
    const std::string& v = value.Scalar();
    for (const char* t : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"})
        if (v == t)
            return true;
    return false;
}

std::string scalarText(const YAML::Node& value)
{
    return present(value) ? value.Scalar() : std::string();
}

struct Cluster {
    std::string path; // spec.target, spec.clusters[1], spec.mirrors[0].source
    YAML::Node node;
    std::string alias;
};

class Builder {
public:
    explicit Builder(StrimziMirrorMaker2& out) : m_out(out) {}

    Result<bool> cluster(const Cluster& c);
    Result<bool> mirror(const YAML::Node& mirror, const std::string& path, const std::string& source,
                        const std::string& target);
    void set(const std::string& key, const std::string& value, const YAML::Node& where)
    {
        m_out.properties.set(key, value, lineOf(where));
    }

private:
    Result<bool> trust(const Cluster& c, bool& tls);
    Result<bool> authentication(const Cluster& c, bool tls);
    Result<bool> connector(const YAML::Node& mirror, const char* name, const std::string& path,
                           const std::string& flow);

    StrimziMirrorMaker2& m_out;
    std::map<std::string, std::pair<std::string, std::string>> m_flowKeys; // flow.key -> value, connector
};

Result<bool> Builder::cluster(const Cluster& c)
{
    auto bootstrap = required(c.node, "bootstrapServers", c.path);
    if (!bootstrap)
        return Error{bootstrap.error()};
    set(c.alias + ".bootstrap.servers", *bootstrap, child(c.node, "bootstrapServers"));
    bool tls = false;
    if (auto trusted = trust(c, tls); !trusted)
        return trusted;
    if (auto auth = authentication(c, tls); !auth)
        return auth;
    auto config = configEntries(c.node, c.path);
    if (!config)
        return Error{config.error()};
    for (const auto& [key, value] : *config)
        set(c.alias + "." + key, scalarText(value), value);
    return true;
}

// The CA certificates Strimzi mounts from Secrets: librdkafka needs them as a PEM file.
Result<bool> Builder::trust(const Cluster& c, bool& tls)
{
    const YAML::Node node = child(c.node, "tls");
    tls = present(node);
    if (!tls)
        return true;
    const YAML::Node certificates = child(node, "trustedCertificates");
    if (!present(certificates))
        return true;
    if (!certificates.IsSequence())
        return Error{at(c.path + ".tls.trustedCertificates", certificates) + ": expected a list"};
    std::string from;
    for (size_t i = 0; i < certificates.size(); ++i) {
        const std::string path = c.path + ".tls.trustedCertificates[" + std::to_string(i) + "]";
        auto secret = required(certificates[i], "secretName", path);
        if (!secret)
            return Error{secret.error()};
        const std::string file = scalarText(child(certificates[i], "certificate"));
        const std::string pattern = scalarText(child(certificates[i], "pattern"));
        from += (from.empty() ? "" : " and ") + ("Secret " + *secret) +
                (file.empty() ? ", files matching " + (pattern.empty() ? std::string("*") : pattern)
                              : ", key " + file);
    }
    m_out.secrets.push_back({c.alias, "ssl.ca.location", "a PEM file of the CA certificates in " + from});
    return true;
}

Result<bool> Builder::authentication(const Cluster& c, bool tls)
{
    const YAML::Node auth = child(c.node, "authentication");
    const std::string path = c.path + ".authentication";
    std::string protocol = tls ? "SSL" : "PLAINTEXT";
    const std::string sasl = tls ? "SASL_SSL" : "SASL_PLAINTEXT";
    if (present(auth)) {
        auto type = required(auth, "type", path);
        if (!type)
            return Error{type.error()};
        const std::map<std::string, std::string> mechanisms = {
            {"scram-sha-256", "SCRAM-SHA-256"}, {"scram-sha-512", "SCRAM-SHA-512"}, {"plain", "PLAIN"}};
        if (const auto mechanism = mechanisms.find(*type); mechanism != mechanisms.end()) {
            auto user = required(auth, "username", path);
            if (!user)
                return Error{user.error()};
            const YAML::Node secret = child(auth, "passwordSecret");
            auto name = required(secret, "secretName", path + ".passwordSecret");
            auto key = required(secret, "password", path + ".passwordSecret");
            if (!name || !key)
                return Error{!name ? name.error() : key.error()};
            protocol = sasl;
            set(c.alias + ".sasl.mechanism", mechanism->second, child(auth, "type"));
            set(c.alias + ".sasl.username", *user, child(auth, "username"));
            m_out.secrets.push_back({c.alias, "sasl.password", "Secret " + *name + ", key " + *key});
        } else if (*type == "tls") {
            const YAML::Node pair = child(auth, "certificateAndKey");
            const std::string pairPath = path + ".certificateAndKey";
            auto name = required(pair, "secretName", pairPath);
            auto certificate = required(pair, "certificate", pairPath);
            auto key = required(pair, "key", pairPath);
            if (!name || !certificate || !key)
                return Error{!name ? name.error() : !certificate ? certificate.error() : key.error()};
            const std::string in = "Secret " + *name + ", key ";
            m_out.secrets.push_back(
                {c.alias, "ssl.certificate.location", "a PEM file of " + in + *certificate});
            m_out.secrets.push_back({c.alias, "ssl.key.location", "a PEM file of " + in + *key});
        } else if (*type == "oauth") {
            protocol = sasl;
            set(c.alias + ".sasl.mechanism", "OAUTHBEARER", child(auth, "type"));
            m_out.notes.push_back(
                at(path, auth) + ": OAuth; give librdkafka's sasl.oauthbearer.* settings " +
                "with -X (for example sasl.oauthbearer.method=oidc and its client id, secret " +
                "and token endpoint URL)");
        } else if (*type == "custom") {
            if (yamlTrue(child(auth, "sasl")))
                protocol = sasl;
            auto config = configEntries(auth, path);
            if (!config)
                return Error{config.error()};
            for (const auto& [key, value] : *config)
                set(c.alias + "." + key, scalarText(value), value);
        } else {
            return Error{at(path + ".type", child(auth, "type")) + ": unknown authentication type '" + *type +
                         "' (expected tls, scram-sha-256, scram-sha-512, plain, oauth or custom)"};
        }
    }
    set(c.alias + ".security.protocol", protocol, present(auth) ? auth : c.node);
    return true;
}

// A connector's config applies to the flow, as `SOURCE->TARGET.KEY` does in mm2.properties. The
// source and the checkpoint connector each have their own; a key both set differently is
// noted, and the checkpoint connector's wins (it reads the syncs and writes the checkpoints).
Result<bool> Builder::connector(const YAML::Node& mirror, const char* name, const std::string& path,
                                const std::string& flow)
{
    const YAML::Node node = child(mirror, name);
    const std::string here = path + "." + name;
    auto config = configEntries(node, here);
    if (!config)
        return Error{config.error()};
    for (const auto& [key, value] : *config) {
        const std::string flowKey = flow + "." + key;
        const auto [it, added] = m_flowKeys.try_emplace(flowKey, scalarText(value), name);
        if (!added && it->second.first != scalarText(value)) {
            const bool secret = isSecretKey(key); // the values stay out of the note
            m_out.notes.push_back(here + ".config." + key + (secret ? "" : " = " + scalarText(value)) +
                                  " differs from " + it->second.second + "'s" +
                                  (secret ? std::string() : " " + it->second.first) + "; " + name +
                                  "'s is used");
        }
        it->second = {scalarText(value), name};
        set(flowKey, scalarText(value), value);
    }
    const std::string state = scalarText(child(node, "state"));
    if (state == "paused" || state == "stopped" || yamlTrue(child(node, "pause")))
        m_out.notes.push_back(at(here, node) + ": the connector is " + (state.empty() ? "paused" : state) +
                              ", so it writes nothing until it runs again");
    return true;
}

Result<bool> Builder::mirror(const YAML::Node& mirror, const std::string& path, const std::string& source,
                             const std::string& target)
{
    const std::string flow = source + "->" + target;
    set(flow + ".enabled", "true", mirror);
    if (!present(child(mirror, "sourceConnector")))
        m_out.notes.push_back(at(path, mirror) +
                              ": no sourceConnector, so this resource replicates nothing and " +
                              "writes no offset syncs for " + flow + " (another deployment may)");
    for (const char* name : {"sourceConnector", "checkpointConnector"})
        if (auto done = connector(mirror, name, path, flow); !done)
            return done;
    // After the connectors' configs: a source connector's emit.checkpoints.enabled deploys none.
    if (!present(child(mirror, "checkpointConnector"))) {
        m_out.notes.push_back(at(path, mirror) + ": no checkpointConnector, so " + flow +
                              " emits no checkpoints (emit.checkpoints.enabled=false)");
        set(flow + ".emit.checkpoints.enabled", "false", mirror);
    }
    // Strimzi's patterns are MM2's topics / groups lists; up to v1beta2 the *Blacklist* names
    // stood for the exclude ones, which win when both are set (v1 has no such fields).
    const bool blacklistNames =
        m_out.apiVersion.ends_with("/v1beta2") || m_out.apiVersion.ends_with("/v1alpha1");
    const std::vector<std::pair<std::vector<const char*>, std::string>> patterns = {
        {{"topicsPattern"}, "topics"},
        {{"topicsExcludePattern", "topicsBlacklistPattern"}, "topics.exclude"},
        {{"groupsPattern"}, "groups"},
        {{"groupsExcludePattern", "groupsBlacklistPattern"}, "groups.exclude"}};
    for (const auto& [names, key] : patterns)
        for (const char* name : names) {
            if (!blacklistNames && std::string_view(name).find("Blacklist") != std::string_view::npos)
                continue;
            auto value = field(mirror, name, path);
            if (!value)
                return Error{value.error()};
            if (*value) {
                set(flow + "." + key, **value, child(mirror, name));
                break;
            }
        }
    return true;
}

// The Kafka Connect worker's settings that driftscope reads: where MM2's source connector keeps
// its replication position, and how often it commits it.
void workerSettings(const YAML::Node& connectConfig, const std::optional<std::string>& offsetTopic,
                    const std::vector<std::string>& targets, Builder& builder)
{
    const YAML::Node config = present(connectConfig) ? child(connectConfig, "config") : YAML::Node();
    if (offsetTopic)
        builder.set("offset.storage.topic", *offsetTopic, child(connectConfig, "offsetStorageTopic"));
    else if (present(config) && present(child(config, "offset.storage.topic")))
        builder.set("offset.storage.topic", scalarText(child(config, "offset.storage.topic")),
                    child(config, "offset.storage.topic"));
    else
        builder.set("offset.storage.topic", std::string(kDefaultOffsetStorageTopic), connectConfig);
    if (present(config) && present(child(config, "offset.flush.interval.ms")))
        for (const std::string& target : targets)
            builder.set(target + ".offset.flush.interval.ms",
                        scalarText(child(config, "offset.flush.interval.ms")),
                        child(config, "offset.flush.interval.ms"));
}

Result<StrimziMirrorMaker2> fromV1(const YAML::Node& spec, StrimziMirrorMaker2 out)
{
    Builder builder(out);
    const YAML::Node target = child(spec, "target");
    auto targetAlias = required(target, "alias", "spec.target");
    if (!targetAlias)
        return Error{targetAlias.error()};
    std::vector<std::string> aliases = {*targetAlias};
    if (auto done = builder.cluster({"spec.target", target, *targetAlias}); !done)
        return Error{done.error()};
    const YAML::Node mirrors = child(spec, "mirrors");
    if (!present(mirrors) || !mirrors.IsSequence() || mirrors.size() == 0)
        return Error{at("spec", spec) + ": mirrors is missing or empty"};
    for (size_t i = 0; i < mirrors.size(); ++i) {
        const std::string path = "spec.mirrors[" + std::to_string(i) + "]";
        const YAML::Node source = child(mirrors[i], "source");
        auto alias = required(source, "alias", path + ".source");
        if (!alias)
            return Error{alias.error()};
        if (std::find(aliases.begin(), aliases.end(), *alias) != aliases.end())
            return Error{at(path + ".source.alias", child(source, "alias")) + ": the alias '" + *alias +
                         "' is used twice (Strimzi wants the target and source aliases unique)"};
        aliases.push_back(*alias);
        if (auto done = builder.cluster({path + ".source", source, *alias}); !done)
            return Error{done.error()};
        if (auto done = builder.mirror(mirrors[i], path, *alias, *targetAlias); !done)
            return Error{done.error()};
    }
    auto offsetTopic = required(target, "offsetStorageTopic", "spec.target");
    if (!offsetTopic)
        return Error{offsetTopic.error()};
    workerSettings(target, *offsetTopic, {*targetAlias}, builder);
    std::string clusters;
    for (const std::string& alias : aliases)
        clusters += (clusters.empty() ? "" : ", ") + alias;
    builder.set("clusters", clusters, spec);
    return out;
}

Result<StrimziMirrorMaker2> fromV1beta2(const YAML::Node& spec, StrimziMirrorMaker2 out)
{
    Builder builder(out);
    const YAML::Node clusters = child(spec, "clusters");
    if (!present(clusters) || !clusters.IsSequence() || clusters.size() == 0)
        return Error{at("spec", spec) + ": neither target nor clusters is given"};
    std::map<std::string, YAML::Node> byAlias;
    std::string aliases;
    for (size_t i = 0; i < clusters.size(); ++i) {
        const std::string path = "spec.clusters[" + std::to_string(i) + "]";
        auto alias = required(clusters[i], "alias", path);
        if (!alias)
            return Error{alias.error()};
        if (!byAlias.emplace(*alias, clusters[i]).second)
            return Error{at(path + ".alias", child(clusters[i], "alias")) + ": the alias '" + *alias +
                         "' is used twice"};
        if (auto done = builder.cluster({path, clusters[i], *alias}); !done)
            return Error{done.error()};
        aliases += (aliases.empty() ? "" : ", ") + *alias;
    }
    builder.set("clusters", aliases, clusters);
    auto connect = required(spec, "connectCluster", "spec");
    if (!connect)
        return Error{connect.error()};
    if (!byAlias.contains(*connect))
        return Error{at("spec.connectCluster", child(spec, "connectCluster")) + ": '" + *connect +
                     "' is not the alias of one of spec.clusters"};
    const YAML::Node mirrors = child(spec, "mirrors");
    if (!present(mirrors) || !mirrors.IsSequence() || mirrors.size() == 0)
        return Error{at("spec", spec) + ": mirrors is missing or empty"};
    std::vector<std::string> targets;
    for (size_t i = 0; i < mirrors.size(); ++i) {
        const std::string path = "spec.mirrors[" + std::to_string(i) + "]";
        auto source = required(mirrors[i], "sourceCluster", path);
        auto target = required(mirrors[i], "targetCluster", path);
        if (!source || !target)
            return Error{!source ? source.error() : target.error()};
        for (const std::string* alias : {&*source, &*target})
            if (!byAlias.contains(*alias))
                return Error{at(path, mirrors[i]) + ": '" + *alias +
                             "' is not the alias of one of spec.clusters"};
        if (auto done = builder.mirror(mirrors[i], path, *source, *target); !done)
            return Error{done.error()};
        targets.push_back(*target);
    }
    workerSettings(byAlias.at(*connect), std::nullopt, targets, builder);
    return out;
}

// yaml-cpp 0.7 allocates without bound on some documents with a line that starts with ','
// (fuzzing found "kind: KafkaMirrorMaker2\n---\n, x"); such a line is refused before parsing.
// A resource never needs one: only a flow collection split before its comma has it.
std::optional<size_t> lineStartingWithComma(std::string_view text)
{
    size_t line = 1;
    bool start = true;
    for (const char c : text) {
        if (c == '\n') {
            ++line;
            start = true;
        } else if (start && c == ',') {
            return line;
        } else if (c != ' ' && c != '\t') {
            start = false;
        }
    }
    return std::nullopt;
}

Result<std::vector<YAML::Node>> documents(std::string_view text)
{
    if (const auto line = lineStartingWithComma(text))
        return Error{"line " + std::to_string(*line) +
                     ": starts with ',', which driftscope does not read (join it to the line before)"};
    try {
        return YAML::LoadAll(std::string(text));
    } catch (const YAML::Exception& e) {
        return Error{"line " + std::to_string(e.mark.line + 1) + ", column " +
                     std::to_string(e.mark.column + 1) + ": not valid YAML: " + e.msg};
    } catch (const std::exception& e) { // std::bad_alloc above all
        return Error{std::string("cannot read the YAML: ") + e.what()};
    }
}

bool isKind(const YAML::Node& document)
{
    return document.IsMap() && child(document, "kind").IsScalar() &&
           child(document, "kind").Scalar() == kKind;
}

} // namespace

bool looksLikeStrimziResource(std::string_view text)
{
    for (size_t at = text.find("kind:"); at != std::string_view::npos; at = text.find("kind:", at + 1)) {
        if (at > 0 && text[at - 1] != '\n') // a resource's kind starts a line
            continue;
        const size_t end = text.find('\n', at);
        const std::string_view line = text.substr(at, end == std::string_view::npos ? end : end - at);
        if (line.find(kKind) != std::string_view::npos)
            return true;
    }
    return false;
}

Result<StrimziMirrorMaker2> readStrimziMirrorMaker2(std::string_view text)
{
    auto docs = documents(text);
    if (!docs)
        return Error{docs.error()};
    try {
        std::vector<YAML::Node> found;
        for (const YAML::Node& doc : *docs)
            if (isKind(doc))
                found.push_back(doc);
        if (found.size() != 1)
            return Error{found.empty() ? "no KafkaMirrorMaker2 resource in the file"
                                       : std::to_string(found.size()) +
                                             " KafkaMirrorMaker2 resources in the file: give one per file"};
        const YAML::Node& resource = found.front();
        StrimziMirrorMaker2 out;
        out.name = scalarText(child(child(resource, "metadata"), "name"));
        const YAML::Node spec = child(resource, "spec");
        if (!spec.IsMap())
            return Error{at("spec", resource) + ": missing"};
        out.kafkaVersion = scalarText(child(spec, "version"));
        out.apiVersion = scalarText(child(resource, "apiVersion"));
        // v1beta2 of Strimzi 0.49 to 0.51 takes either layout; `target` is the new one's.
        return present(child(spec, "target")) ? fromV1(spec, std::move(out))
                                              : fromV1beta2(spec, std::move(out));
    } catch (const YAML::Exception& e) {
        return Error{"line " + std::to_string(e.mark.line + 1) + ": " + e.msg};
    }
}

} // namespace driftscope
