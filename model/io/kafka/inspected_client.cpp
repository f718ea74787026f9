#include "model/io/kafka/inspected_client.h"

#include <optional>

namespace driftscope::kafka {
namespace {

constexpr const char* kClientId = "driftscope-reader";

// Settings that would name a consumer group: any value is refused.
constexpr const char* kGroupSettings[] = {"group.id", "group.instance.id"};

bool set(rd_kafka_conf_t* conf, const std::string& key, const std::string& value)
{
    char error[512];
    return rd_kafka_conf_set(conf, key.c_str(), value.c_str(), error, sizeof error) == RD_KAFKA_CONF_OK;
}

// What a user setting would change of the read-only guarantee, found the way librdkafka sees it
// (aliases, topic-level names and spellings such as "TRUE" included): the fixed settings are
// applied, then the user's on top, and the result is compared with the fixed values.
std::optional<std::string> weakens(const std::string& key, const std::string& value)
{
    Conf probe(rd_kafka_conf_new());
    // Topic-level names given to a global configuration go to its default topic configuration.
    for (const Properties* fixed : {&readOnlyGlobalSettings(), &readOnlyTopicSettings()})
        for (const auto& [k, v] : *fixed)
            set(probe.get(), k, v);
    if (!set(probe.get(), key, value))
        return std::nullopt; // refused by librdkafka: makeConf says so
    const auto global = dumpConf(probe.get());
    for (const char* group : kGroupSettings) {
        const auto it = global.find(group);
        if (it != global.end() && !it->second.empty())
            return std::string("it sets no ") + group;
    }
    for (const auto& [k, v] : readOnlyGlobalSettings())
        if (global.count(k) && global.at(k) != v)
            return "it keeps " + k + "=" + v;
    if (const rd_kafka_topic_conf_t* topicConf = rd_kafka_conf_get_default_topic_conf(probe.get())) {
        const auto topic = dumpTopicConf(topicConf);
        for (const auto& [k, v] : readOnlyTopicSettings())
            if (topic.count(k) && topic.at(k) != v)
                return "it keeps " + k + "=" + v;
    }
    return std::nullopt;
}

std::map<std::string, std::string> pairs(const char** dump, size_t count)
{
    std::map<std::string, std::string> out;
    for (size_t i = 0; i + 1 < count; i += 2)
        out[dump[i]] = dump[i + 1];
    return out;
}

} // namespace

const Properties& readOnlyGlobalSettings()
{
    static const Properties settings = {{"enable.auto.commit", "false"},
                                        {"enable.auto.offset.store", "false"},
                                        {"allow.auto.create.topics", "false"}};
    return settings;
}

const Properties& readOnlyTopicSettings()
{
    // The legacy consumer (rd_kafka_consume_start) would commit what it read on stop otherwise.
    static const Properties settings = {{"auto.commit.enable", "false"}};
    return settings;
}

Result<ClientConfig> inspectedClientConfig(const Properties& user)
{
    ClientConfig config;
    // Defaults the user's settings override: a client.id of their own (quotas and audit logs
    // name clients); a quick return when a broker comes back; and fetches that wait at most
    // 100 ms for new records, because group offset requests queue behind them on the broker's
    // connection (librdkafka's 500 ms would hold a round's FindCoordinator and OffsetFetch up
    // for up to a second while the internal topics are quiet).
    config.global = {
        {"client.id", kClientId}, {"reconnect.backoff.max.ms", "2000"}, {"fetch.wait.max.ms", "100"}};
    config.global.insert(config.global.end(), user.begin(), user.end());
    // The reader needs to know when it reached the end of a partition.
    config.global.emplace_back("enable.partition.eof", "true");
    for (const auto& setting : readOnlyGlobalSettings())
        config.global.push_back(setting);
    // Reading starts at a log start just queried; should retention have moved it meanwhile,
    // the earliest record is next.
    config.topic = {{"auto.offset.reset", "smallest"}};
    for (const auto& setting : readOnlyTopicSettings())
        config.topic.push_back(setting);

    if (auto accepted = makeConf(config.global, {}); !accepted)
        return Error{accepted.error()};
    for (const auto& [key, value] : user)
        if (auto why = weakens(key, value))
            return Error{"client setting '" + key +
                         "' is not allowed: driftscope never joins a group, commits offsets or creates "
                         "topics on a cluster it inspects (" +
                         *why + ")"};
    return config;
}

Result<Handle> makeClient(const ClientConfig& config, ClientCallbacks* callbacks)
{
    if (config.type != RD_KAFKA_CONSUMER)
        return Error{"clients of inspected clusters are consumers"};
    return makeClient(config.global, {}, callbacks);
}

rd_kafka_topic_conf_t* makeTopicConf(const ClientConfig& config, void* opaque)
{
    rd_kafka_topic_conf_t* conf = rd_kafka_topic_conf_new();
    char error[256];
    for (const auto& [key, value] : config.topic)
        rd_kafka_topic_conf_set(conf, key.c_str(), value.c_str(), error, sizeof error);
    rd_kafka_topic_conf_set_opaque(conf, opaque);
    return conf;
}

std::map<std::string, std::string> dumpConf(const rd_kafka_conf_t* conf)
{
    size_t count = 0;
    // rd_kafka_conf_dump takes a non-const pointer but only reads.
    const char** dump = rd_kafka_conf_dump(const_cast<rd_kafka_conf_t*>(conf), &count);
    auto out = pairs(dump, count);
    rd_kafka_conf_dump_free(dump, count);
    return out;
}

std::map<std::string, std::string> dumpTopicConf(const rd_kafka_topic_conf_t* conf)
{
    size_t count = 0;
    const char** dump = rd_kafka_topic_conf_dump(const_cast<rd_kafka_topic_conf_t*>(conf), &count);
    auto out = pairs(dump, count);
    rd_kafka_conf_dump_free(dump, count);
    return out;
}

} // namespace driftscope::kafka
