// An MM2 configuration resolved to one flow's connection settings (connection_settings.h
// settingsFromMm2Config), then its group filter compiled as the live session does
// (name_filter.h). The first line of the input is the --flow argument (empty: none), the rest
// the mm2.properties text.
//
// Checks: a resolved flow has two different aliases and, per cluster, client properties sorted by
// name, each once, with bootstrap.servers; redaction leaves no secret value; the value of a secret
// setting appears in no error and no note (when it is long enough, and appears nowhere else in the
// file, to be told apart).
#include "fuzz_support.h"

#include "model/core/connection_settings.h"
#include "model/core/name_filter.h"

using namespace driftscope;
using fuzz::check;

namespace {

// Secret values that would be a leak if they showed up in a message.
std::vector<std::string> tellableSecrets(const std::vector<PropertyEntry>& entries, std::string_view flow)
{
    std::vector<std::string> out;
    for (const PropertyEntry& e : entries) {
        if (!isSecretKey(e.key) || e.value.size() < 8)
            continue;
        bool elsewhere = flow.find(e.value) != std::string_view::npos;
        for (const PropertyEntry& other : entries)
            elsewhere = elsewhere || other.key.find(e.value) != std::string::npos ||
                        (!isSecretKey(other.key) && other.value.find(e.value) != std::string::npos);
        if (!elsewhere)
            out.push_back(e.value);
    }
    return out;
}

void checkNoSecret(const std::string& message, const std::vector<std::string>& secrets)
{
    for (const std::string& secret : secrets)
        check(message.find(secret) == std::string::npos, "no secret value in messages", message);
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
    const std::vector<std::string> secrets = tellableSecrets(*entries, flowLine);

    const auto settings = settingsFromMm2Config(Properties(*entries), flow);
    if (!settings) {
        checkNoSecret(settings.error(), secrets);
        return 0;
    }
    for (const std::string& note : settings->notes)
        checkNoSecret(note, secrets);
    checkCluster(settings->source);
    checkCluster(settings->target);
    check(settings->source.alias != settings->target.alias, "a flow joins two different clusters");
    (void)internalTopicsFor(*settings, profileFor(kDefaultRelease));

    if (const auto filter = NameFilter::make(settings->groups, settings->groupsExclude))
        for (const char* group : {"app1", "console-consumer-42", "connect-x", "__consumer", ""})
            (void)filter->accepts(group);
    return 0;
}
