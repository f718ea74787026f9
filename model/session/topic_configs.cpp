#include "model/session/topic_configs.h"

#include "model/util/integer_text.h"

namespace driftscope {
namespace {

std::optional<int64_t> number(std::string_view text)
{
    const auto value = parseInt64(text);
    return value ? std::optional<int64_t>(*value) : std::nullopt;
}

// The value after "KEY=" up to the next space, in a message this module wrote.
std::optional<std::string_view> valueOf(std::string_view message, std::string_view key)
{
    // Appended piece by piece: GCC 12 at -O3 takes " " + key + "=" for an overflow (-Wstringop-overflow).
    std::string wanted(1, ' ');
    wanted.append(key).push_back('=');
    const size_t at = message.find(wanted);
    if (at == std::string_view::npos)
        return std::nullopt;
    const size_t from = at + wanted.size();
    return message.substr(from, message.find(' ', from) - from);
}

std::string unknownPrefix(const std::string& topic)
{
    return topic + ": configs unknown: ";
}

} // namespace

Result<TopicConfigs> topicConfigsFrom(const std::string& topic,
                                      const std::map<std::string, std::string>& configs)
{
    TopicConfigs out;
    out.topic = topic;
    const auto policy = configs.find("cleanup.policy");
    if (policy == configs.end())
        return Error{"the broker's answer has no cleanup.policy"};
    // "compact, delete" and "compact,delete" are the same list to the broker.
    out.cleanupPolicy = policy->second;
    std::erase(out.cleanupPolicy, ' ');
    for (auto [key, field] :
         {std::pair{"retention.ms", &out.retentionMs}, {"retention.bytes", &out.retentionBytes}}) {
        const auto it = configs.find(key);
        if (it == configs.end())
            return Error{std::string("the broker's answer has no ") + key};
        const auto value = number(it->second);
        if (!value)
            return Error{std::string(key) + " '" + it->second + "' is not a number"};
        *field = *value;
    }
    return out;
}

std::string formatTopicConfigs(const TopicConfigs& c)
{
    return c.topic + ": cleanup.policy=" + c.cleanupPolicy +
           " retention.ms=" + std::to_string(c.retentionMs) +
           " retention.bytes=" + std::to_string(c.retentionBytes);
}

std::optional<TopicConfigs> parseTopicConfigs(std::string_view message)
{
    const size_t colon = message.find(": cleanup.policy=");
    if (colon == std::string_view::npos)
        return std::nullopt;
    TopicConfigs out;
    out.topic = std::string(message.substr(0, colon));
    const auto policy = valueOf(message, "cleanup.policy");
    const auto ms = valueOf(message, "retention.ms");
    const auto bytes = valueOf(message, "retention.bytes");
    if (!policy || !ms || !bytes || !number(*ms) || !number(*bytes))
        return std::nullopt;
    out.cleanupPolicy = std::string(*policy);
    out.retentionMs = *number(*ms);
    out.retentionBytes = *number(*bytes);
    return out;
}

std::optional<TopicConfigsReading> topicConfigsAt(const Session& session, const std::string& topic,
                                                  int64_t atMs)
{
    std::optional<TopicConfigsReading> newest;
    for (const ReaderEvent& e : session.events) {
        if (e.atMs > atMs || (newest && e.atMs < newest->atMs))
            continue;
        if (e.is(ReaderEventState::TopicConfigs)) {
            if (auto configs = parseTopicConfigs(e.message); configs && configs->topic == topic)
                newest = TopicConfigsReading{std::move(*configs), {}, e.atMs};
        } else if (e.is(ReaderEventState::TopicConfigsUnknown) &&
                   e.message.starts_with(unknownPrefix(topic))) {
            newest = TopicConfigsReading{std::nullopt, e.message.substr(unknownPrefix(topic).size()), e.atMs};
        }
    }
    return newest;
}

std::string topicConfigsUnknownMessage(const std::string& topic, const std::string& because)
{
    return unknownPrefix(topic) + because;
}

} // namespace driftscope
