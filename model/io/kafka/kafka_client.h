// Thin RAII over librdkafka's C API and the few requests driftscope makes. Every call takes a
// timeout and returns an error text instead of blocking forever or throwing.
//
// Clients of inspected clusters are configured by inspected_client.h alone. Nothing here names
// a topic that the cluster's metadata did not list (on brokers that auto-create topics, even a
// metadata or offsets request for a missing topic creates it).
#pragma once

#include "model/records/records.h"
#include "model/util/result.h"

#include <librdkafka/rdkafka.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driftscope::kafka {

// The librdkafka this program runs with and where it came from, for --version: "librdkafka 2.8.0
// (Debian 13's source, built by .ci/librdkafka, linked statically)". A librdkafka before 2.6.1
// adds that Kafka 4.x refuses its SCRAM (confluentinc/librdkafka#4895).
std::string librdkafkaInUse();

struct HandleDeleter {
    void operator()(rd_kafka_t* rk) const;
};
using Handle = std::unique_ptr<rd_kafka_t, HandleDeleter>;

using Properties = std::vector<std::pair<std::string, std::string>>;

struct ConfDeleter {
    void operator()(rd_kafka_conf_t* conf) const;
};
using Conf = std::unique_ptr<rd_kafka_conf_t, ConfDeleter>;

// A client configuration with `user` settings, then `fixed` ones (which win), applied; or the
// first setting librdkafka refuses, named. librdkafka's reason is left out when it quotes the
// value of a secret setting.
Result<Conf> makeConf(const Properties& user, const Properties& fixed);

// Called from librdkafka's threads with its log lines and errors (for states, not for stderr).
using LogSink = std::function<void(int level, const std::string& message)>;

// What a client reports back; it must outlive the handle. A log sink keeps librdkafka from
// printing on stderr; delivery reports of producers arrive from rd_kafka_poll().
struct ClientCallbacks {
    LogSink log;
    std::function<void(const rd_kafka_message_t& message)> delivered;
};

// A consumer-type client. `fixed` settings are applied after `user` ones and win.
Result<Handle> makeClient(const Properties& user, const Properties& fixed,
                          ClientCallbacks* callbacks = nullptr);
// A producer, for the embedded demo clusters only: driftscope never produces to a cluster it
// inspects.
Result<Handle> makeProducer(const Properties& settings, ClientCallbacks* callbacks);

// The topics of a cluster from a metadata request for all topics (which never creates one).
struct TopicList {
    std::map<std::string, int> partitions;     // readable topics and their partition counts
    std::map<std::string, std::string> errors; // topics listed with an error (authorization, ...);
                                               // those listed as unknown are missing: in neither map
};
Result<TopicList> listTopics(rd_kafka_t* rk, int timeoutMs);

struct LogRange {
    int64_t start = 0;
    int64_t end = 0;
};
// Log start and end offsets of existing partitions, two batched requests per broker.
Result<std::vector<LogRange>> logOffsets(rd_kafka_t* rk, const std::vector<TopicPartition>& partitions,
                                         int timeoutMs);

// Committed offsets of the handle's group.id for existing partitions; -1 where there is none,
// through OffsetFetch. For the demo's own MM2 engine only: inspected clusters have no client with
// a group.id, their groups are read with GroupOffsetRequests (group_offsets.h).
Result<std::vector<int64_t>> committedOffsets(rd_kafka_t* rk, const std::vector<TopicPartition>& partitions,
                                              int timeoutMs);

// Admin ListConsumerGroups; fails on brokers without ListGroups (the mock cluster).
struct GroupListing {
    std::string group;
    std::string state; // "Empty", "Stable", "PreparingRebalance", ... as the broker says
};
Result<std::vector<GroupListing>> listGroups(rd_kafka_t* rk, int timeoutMs);

// Admin DescribeConfigs of one topic, without waiting: the answer arrives on `queue` within
// `timeoutMs`, and topicConfigsAnswer takes it (nothing while none has arrived). The answer is
// every config with its value (defaults included, as the broker applies them), or why not:
// brokers without DescribeConfigs (the mock cluster), a principal that may not describe them.
void askTopicConfigs(rd_kafka_t* rk, const std::string& topic, int timeoutMs, rd_kafka_queue_t* queue);
std::optional<Result<std::map<std::string, std::string>>> topicConfigsAnswer(rd_kafka_queue_t* queue);

std::string errorText(rd_kafka_resp_err_t err);

} // namespace driftscope::kafka
