#include "model/config/mm2_client_settings.h"

#include "model/config/property_lookup.h"
#include "model/mm2/name_filter.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string_view>

namespace driftscope {
namespace {

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

// Java identifiers ([A-Za-z_$][A-Za-z0-9_$]*, ASCII) joined by dots.
bool isJavaClassName(std::string_view name)
{
    bool identifierStart = true;
    for (const char c : name) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
        if (c == '.' && !identifierStart)
            identifierStart = true;
        else if (letter || (!identifierStart && c >= '0' && c <= '9'))
            identifierStart = false;
        else
            return false;
    }
    return !identifierStart;
}

// A module is named in notes only when it is a login module class name, so that a value
// without one (such as a bare password pasted in, or pasted into the name) is never echoed.
std::string describeModule(const std::string& module)
{
    const std::string simple = simpleClassName(module);
    if (module.find('.') != std::string::npos && isJavaClassName(module) && simple.ends_with("LoginModule"))
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
    // The example names Kafka's class, not the value's first word: a password pasted in front of
    // the class name would be part of that word.
    const char* kafkaClass = simple == "PlainLoginModule"
                                 ? "org.apache.kafka.common.security.plain.PlainLoginModule"
                                 : "org.apache.kafka.common.security.scram.ScramLoginModule";
    if (!entry)
        return Error{where(jaas) + ": the value " + entry.error() + " (expected e.g. " + kafkaClass +
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

} // namespace

Result<ClusterConnection> mm2ClusterConnection(const Properties& props, const std::string& alias,
                                               std::vector<std::string>& notes,
                                               std::vector<std::string>& ignored)
{
    auto settings = librdkafkaSettings(alias, clusterClientSettings(props, alias), notes, ignored);
    if (!settings)
        return Error{settings.error()};
    return ClusterConnection{alias, {settings->begin(), settings->end()}};
}

} // namespace driftscope
