// An MM2 configuration resolved to one flow's connection settings (connection_settings.h
// settingsFromMm2Config), then its group filter compiled as the live session does
// (name_filter.h). The first line of the input is the --flow argument (empty: none), the rest
// the mm2.properties text.
//
// Checks: a resolved flow has two different aliases and, per cluster, client properties sorted by
// name, each once, with bootstrap.servers; redaction leaves no secret value; and no text of a
// secret setting reaches an error or a note: the configuration is resolved a second time with a
// marker planted in place of every word of every secret value, and no message may hold it.
#include "fuzz_support.h"

#include "model/config/connection_settings.h"
#include "model/mm2/name_filter.h"

using namespace driftscope;
using fuzz::check;

namespace {

constexpr std::string_view kMarker = "Qx7planted";

// A setting whose value is secret whatever the cluster aliases are called: "A.sasl.password" is,
// "token.bootstrap.servers" (a cluster named "token") is not.
bool holdsSecret(const std::string& key)
{
    const size_t dot = key.find('.');
    return isSecretKey(key) && isSecretKey(dot == std::string::npos ? key : key.substr(dot + 1));
}

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The JAAS syntax words a message may name; everything else in a secret value may be a secret.
bool isJaasWord(std::string_view word)
{
    for (std::string_view w :
         {"org", "apache", "kafka", "common", "security", "plain", "scram", "oauthbearer", "PlainLoginModule",
          "ScramLoginModule", "OAuthBearerLoginModule", "required", "requisite", "sufficient", "optional",
          "username", "password"})
        if (word == w)
            return true;
    return false;
}

// `value` with each run of four or more letters and digits, other than JAAS words, replaced by
// a numbered marker: the value keeps its shape (quotes, separators, the login module class).
std::string planted(std::string_view value, int& counter)
{
    std::string out;
    for (size_t i = 0; i < value.size();) {
        size_t end = i;
        while (end < value.size() && isAlnum(value[end]))
            ++end;
        if (end == i) {
            out += value[i++];
            continue;
        }
        const std::string_view word = value.substr(i, end - i);
        out += word.size() >= 4 && !isJaasWord(word) ? std::string(kMarker) + std::to_string(counter++)
                                                     : std::string(word);
        i = end;
    }
    return out;
}

void checkNothingPlantedShows(std::vector<PropertyEntry> entries, const std::optional<std::string>& flow,
                              const ReleaseProfile& profile)
{
    int counter = 0;
    for (PropertyEntry& e : entries)
        if (holdsSecret(e.key))
            e.value = planted(e.value, counter);
    if (counter == 0)
        return;
    const auto settings = settingsFromMm2Config(Properties(entries), flow, profile);
    if (!settings) {
        check(settings.error().find(kMarker) == std::string::npos, "no secret text in errors",
              settings.error());
        return;
    }
    for (const std::string& note : settings->notes)
        check(note.find(kMarker) == std::string::npos, "no secret text in notes", note);
}

void checkCluster(const ClusterConnection& c)
{
    check(!c.alias.empty(), "a cluster has an alias");
    bool bootstrap = false;
    for (size_t i = 0; i < c.clientProperties.size(); ++i) {
        check(i == 0 || c.clientProperties[i - 1].first < c.clientProperties[i].first,
              "client properties are sorted by name, each once", c.clientProperties[i].first);
        bootstrap = bootstrap || c.clientProperties[i].first == "bootstrap.servers";
    }
    check(bootstrap, "client properties include bootstrap.servers");
    for (const auto& [key, value] : redactedProperties(c.clientProperties))
        check(!isSecretKey(key) || value == "[redacted]", "redaction leaves no secret value", key);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view input = fuzz::asText(data, size);
    const size_t nl = input.find('\n');
    const std::string_view flowLine = input.substr(0, nl);
    const std::string_view text = nl == std::string_view::npos ? std::string_view{} : input.substr(nl + 1);
    const auto entries = parseJavaProperties(text);
    if (!entries)
        return 0;
    const std::optional<std::string> flow =
        flowLine.empty() ? std::nullopt : std::optional<std::string>(std::string(flowLine));

    // Both ways of reading the *.blacklist aliases (up to 3.9.x, and 4.0.0 on).
    const ReleaseProfile profile = profileFor(size % 2 == 0 ? kDefaultRelease : Release{3, 9, 2});
    if (input.find(kMarker) == std::string_view::npos)
        checkNothingPlantedShows(*entries, flow, profile);

    const auto settings = settingsFromMm2Config(Properties(*entries), flow, profile);
    if (!settings)
        return 0;
    checkCluster(settings->source);
    checkCluster(settings->target);
    check(settings->source.alias != settings->target.alias, "a flow joins two different clusters");
    (void)internalTopicsFor(*settings, profile);
    (void)topicSelectionFor(*settings, profile);

    if (const auto filter = NameFilter::make(settings->groups, settings->groupsExclude))
        for (const char* group : {"app1", "console-consumer-42", "connect-x", "__consumer", ""})
            (void)filter->accepts(group);
    return 0;
}
