#include "model/io/kafka/kafka_client.h"

#include "model/config/connection_settings.h"

namespace driftscope::kafka {
namespace {

void logCallback(const rd_kafka_t* rk, int level, const char* facility, const char* message)
{
    auto* callbacks = static_cast<ClientCallbacks*>(rd_kafka_opaque(rk));
    if (callbacks && callbacks->log)
        callbacks->log(level, std::string(facility) + ": " + message);
}

void errorCallback(rd_kafka_t*, int, const char* reason, void* opaque)
{
    auto* callbacks = static_cast<ClientCallbacks*>(opaque);
    if (callbacks && callbacks->log)
        callbacks->log(3, reason);
}

void deliveryCallback(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque)
{
    auto* callbacks = static_cast<ClientCallbacks*>(opaque);
    if (callbacks && callbacks->delivered)
        callbacks->delivered(*message);
}

Result<Handle> newClient(rd_kafka_type_t type, const Properties& user, const Properties& fixed,
                         ClientCallbacks* callbacks)
{
    auto made = makeConf(user, fixed);
    if (!made)
        return Error{made.error()};
    rd_kafka_conf_t* conf = made->release();
    if (callbacks) {
        rd_kafka_conf_set_opaque(conf, callbacks);
        rd_kafka_conf_set_log_cb(conf, &logCallback);
        rd_kafka_conf_set_error_cb(conf, &errorCallback);
        if (type == RD_KAFKA_PRODUCER)
            rd_kafka_conf_set_dr_msg_cb(conf, &deliveryCallback);
    }
    char error[512];
    rd_kafka_t* rk = rd_kafka_new(type, conf, error, sizeof error);
    if (!rk) { // rd_kafka_new takes the configuration only when it succeeds
        rd_kafka_conf_destroy(conf);
        return Error{std::string("cannot create a Kafka client: ") + error};
    }
    return Handle(rk);
}

struct PartitionList {
    rd_kafka_topic_partition_list_t* list;
    explicit PartitionList(const std::vector<TopicPartition>& partitions)
        : list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())))
    {
        for (const TopicPartition& tp : partitions)
            rd_kafka_topic_partition_list_add(list, tp.topic.c_str(), tp.partition);
    }
    ~PartitionList() { rd_kafka_topic_partition_list_destroy(list); }
    PartitionList(const PartitionList&) = delete;
    PartitionList& operator=(const PartitionList&) = delete;
};

} // namespace

std::string librdkafkaInUse()
{
    std::string text =
        std::string("librdkafka ") + rd_kafka_version_str() + " (" + DRIFTSCOPE_RDKAFKA_LINKED + ")";
    if (rd_kafka_version() < 0x020601ff)
        text += "; Kafka 4.x refuses its SCRAM authentication (fixed in 2.6.1), SASL PLAIN works";
    return text;
}

void HandleDeleter::operator()(rd_kafka_t* rk) const
{
    rd_kafka_destroy(rk);
}

void ConfDeleter::operator()(rd_kafka_conf_t* conf) const
{
    rd_kafka_conf_destroy(conf);
}

Result<Conf> makeConf(const Properties& user, const Properties& fixed)
{
    Conf conf(rd_kafka_conf_new());
    char error[512];
    for (const Properties* settings : {&user, &fixed})
        for (const auto& [key, value] : *settings)
            if (rd_kafka_conf_set(conf.get(), key.c_str(), value.c_str(), error, sizeof error) !=
                RD_KAFKA_CONF_OK) {
                // Name the setting, never its value: librdkafka's reason for a bad value quotes it.
                std::string reason = error;
                if (isSecretKey(key) && !value.empty() && reason.find(value) != std::string::npos)
                    reason = "its value is refused (not shown: the setting holds a secret)";
                return Error{"client setting '" + key + "' is not accepted by librdkafka: " + reason};
            }
    return conf;
}

std::string errorText(rd_kafka_resp_err_t err)
{
    return rd_kafka_err2str(err);
}

Result<Handle> makeClient(const Properties& user, const Properties& fixed, ClientCallbacks* callbacks)
{
    return newClient(RD_KAFKA_CONSUMER, user, fixed, callbacks);
}

Result<Handle> makeProducer(const Properties& settings, ClientCallbacks* callbacks)
{
    return newClient(RD_KAFKA_PRODUCER, settings, {}, callbacks);
}

Result<TopicList> listTopics(rd_kafka_t* rk, int timeoutMs)
{
    const rd_kafka_metadata_t* metadata = nullptr;
    const rd_kafka_resp_err_t err = rd_kafka_metadata(rk, 1, nullptr, &metadata, timeoutMs);
    if (err)
        return Error{"metadata request failed: " + errorText(err)};
    TopicList topics;
    for (int i = 0; i < metadata->topic_cnt; ++i) {
        const rd_kafka_metadata_topic_t& t = metadata->topics[i];
        if (t.err == RD_KAFKA_RESP_ERR_NO_ERROR)
            topics.partitions[t.topic] = t.partition_cnt;
        else if (t.err != RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) // that one is missing (being deleted)
            topics.errors[t.topic] = errorText(t.err);
    }
    rd_kafka_metadata_destroy(metadata);
    return topics;
}

Result<std::vector<LogRange>> logOffsets(rd_kafka_t* rk, const std::vector<TopicPartition>& partitions,
                                         int timeoutMs)
{
    std::vector<LogRange> ranges(partitions.size());
    if (partitions.empty())
        return ranges;
    // ListOffsets with the special times -2 (earliest) and -1 (latest): one request per broker
    // for all partitions, where querying watermarks would take one round trip per partition.
    for (const int64_t which : {RD_KAFKA_OFFSET_BEGINNING, RD_KAFKA_OFFSET_END}) {
        PartitionList list(partitions);
        for (int i = 0; i < list.list->cnt; ++i)
            list.list->elems[i].offset = which;
        const rd_kafka_resp_err_t err = rd_kafka_offsets_for_times(rk, list.list, timeoutMs);
        if (err)
            return Error{"log offsets request failed: " + errorText(err)};
        for (int i = 0; i < list.list->cnt; ++i) {
            const rd_kafka_topic_partition_t& e = list.list->elems[i];
            if (e.err)
                return Error{"log offsets of " + toString(partitions[static_cast<size_t>(i)]) + ": " +
                             errorText(e.err)};
            (which == RD_KAFKA_OFFSET_BEGINNING ? ranges[static_cast<size_t>(i)].start
                                                : ranges[static_cast<size_t>(i)].end) = e.offset;
        }
    }
    return ranges;
}

Result<std::vector<int64_t>> committedOffsets(rd_kafka_t* rk, const std::vector<TopicPartition>& partitions,
                                              int timeoutMs)
{
    std::vector<int64_t> offsets(partitions.size(), -1);
    if (partitions.empty())
        return offsets;
    PartitionList list(partitions);
    const rd_kafka_resp_err_t err = rd_kafka_committed(rk, list.list, timeoutMs);
    if (err)
        return Error{"committed offsets request failed: " + errorText(err)};
    for (int i = 0; i < list.list->cnt; ++i) {
        const rd_kafka_topic_partition_t& e = list.list->elems[i];
        if (e.err)
            return Error{"committed offset of " + toString(partitions[static_cast<size_t>(i)]) + ": " +
                         errorText(e.err)};
        offsets[static_cast<size_t>(i)] = e.offset >= 0 ? e.offset : -1; // RD_KAFKA_OFFSET_INVALID: none
    }
    return offsets;
}

Result<std::vector<GroupListing>> listGroups(rd_kafka_t* rk, int timeoutMs)
{
    char error[256];
    rd_kafka_queue_t* queue = rd_kafka_queue_new(rk);
    rd_kafka_AdminOptions_t* options = rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS);
    rd_kafka_AdminOptions_set_request_timeout(options, timeoutMs, error, sizeof error);
    rd_kafka_ListConsumerGroups(rk, options, queue);
    rd_kafka_event_t* event = rd_kafka_queue_poll(queue, timeoutMs + 1000);
    Result<std::vector<GroupListing>> result = Error{"group listing timed out"};
    if (event) {
        const auto* listed = rd_kafka_event_ListConsumerGroups_result(event);
        size_t valid = 0, failed = 0;
        const rd_kafka_ConsumerGroupListing_t** groups =
            listed ? rd_kafka_ListConsumerGroups_result_valid(listed, &valid) : nullptr;
        const rd_kafka_error_t** errors =
            listed ? rd_kafka_ListConsumerGroups_result_errors(listed, &failed) : nullptr;
        if (rd_kafka_event_error(event))
            result = Error{std::string("group listing failed: ") + rd_kafka_event_error_string(event)};
        else if (failed > 0 && valid == 0)
            result = Error{std::string("group listing failed: ") + rd_kafka_error_string(errors[0])};
        else {
            std::vector<GroupListing> listings;
            for (size_t i = 0; i < valid; ++i)
                listings.push_back(
                    {rd_kafka_ConsumerGroupListing_group_id(groups[i]),
                     rd_kafka_consumer_group_state_name(rd_kafka_ConsumerGroupListing_state(groups[i]))});
            result = std::move(listings);
        }
        rd_kafka_event_destroy(event);
    }
    rd_kafka_AdminOptions_destroy(options);
    rd_kafka_queue_destroy(queue);
    return result;
}

namespace {

Result<std::map<std::string, std::string>> configsOf(rd_kafka_event_t* event)
{
    if (rd_kafka_event_error(event))
        return Error{rd_kafka_event_error_string(event)};
    size_t count = 0;
    const rd_kafka_ConfigResource_t** resources =
        rd_kafka_DescribeConfigs_result_resources(rd_kafka_event_DescribeConfigs_result(event), &count);
    if (count != 1)
        return Error{"the broker described " + std::to_string(count) + " resources, 1 was asked for"};
    if (const rd_kafka_resp_err_t err = rd_kafka_ConfigResource_error(resources[0]))
        return Error{errorText(err)};
    size_t entries = 0;
    const rd_kafka_ConfigEntry_t** configs = rd_kafka_ConfigResource_configs(resources[0], &entries);
    std::map<std::string, std::string> out;
    for (size_t i = 0; i < entries; ++i) {
        const char* value = rd_kafka_ConfigEntry_value(configs[i]);
        out[rd_kafka_ConfigEntry_name(configs[i])] = value ? value : "";
    }
    return out;
}

} // namespace

void askTopicConfigs(rd_kafka_t* rk, const std::string& topic, int timeoutMs, rd_kafka_queue_t* queue)
{
    char error[256];
    rd_kafka_AdminOptions_t* options = rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS);
    rd_kafka_AdminOptions_set_request_timeout(options, timeoutMs, error, sizeof error);
    rd_kafka_ConfigResource_t* resource = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, topic.c_str());
    rd_kafka_DescribeConfigs(rk, &resource, 1, options, queue);
    rd_kafka_ConfigResource_destroy(resource);
    rd_kafka_AdminOptions_destroy(options);
}

std::optional<Result<std::map<std::string, std::string>>> topicConfigsAnswer(rd_kafka_queue_t* queue)
{
    rd_kafka_event_t* event = rd_kafka_queue_poll(queue, 0);
    if (!event)
        return std::nullopt;
    auto result = configsOf(event);
    rd_kafka_event_destroy(event);
    return result;
}

} // namespace driftscope::kafka
