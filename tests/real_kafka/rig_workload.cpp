// The real-cluster rig's own Kafka client (librdkafka), with the admin's credentials, never
// driftscope's:
//   rig-workload ports N                      N free loopback ports, one a line
//   rig-workload setup PROPS                  the source's topics and driftscope's ACLs
//   rig-workload run PROPS STATE_FILE         producers, and consumer groups once STATE_FILE.groups
//                                             exists, until SIGTERM; then quiesces (producers
//                                             stop, groups commit and leave)
//   rig-workload wait-records PROPS TOPIC N S until TOPIC holds N records (at most S seconds)
//   rig-workload group-offsets PROPS          every group's committed offsets: GROUP TOPIC P OFFSET
//   rig-workload checkpoints PROPS TOPIC      MM2's checkpoints in TOPIC: GROUP TOPIC P UP DOWN
//   rig-workload checkpoint-records PROPS TOPIC  the same, each line after OFFSET TIMESTAMP
//   rig-workload offset-syncs PROPS TOPIC     MM2's offset syncs: OFFSET TIMESTAMP TOPIC P UP DOWN
//   rig-workload acls PROPS PRINCIPAL         the principal's ACL bindings
//   rig-workload snapshot PROPS               topics, their configs, groups and committed offsets
//   rig-workload hold-group PROPS GROUP S TOPIC...  a member of GROUP subscribed to TOPICs for S
//                                             seconds (or until SIGTERM), committing nothing;
//                                             prints "holding N partitions" once assigned
//   rig-workload recreate-topic PROPS TOPIC   deletes one of the source's topics and creates it
//                                             again, empty, as setup made it
//   rig-workload alter-topic PROPS TOPIC K=V...  sets a topic's configs to these (AlterConfigs:
//                                             the others return to the broker's defaults)
//   rig-workload produce-and-delete PROPS TOPIC P N  N records to TOPIC-P, then every record of
//                                             it deleted
//   rig-workload grant PROPS PRINCIPAL read|describe TOPIC...  Describe (and Read) on these topics
//   rig-workload produce-and-commit PROPS TOPIC N GROUP OFFSET  N records to TOPIC-0 (created
//                                             when missing), GROUP committed at OFFSET
// PROPS: librdkafka settings, KEY=VALUE a line. Exit 0 on success, 1 with a message otherwise.
#include <librdkafka/rdkafka.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using Props = std::vector<std::pair<std::string, std::string>>;

std::atomic<bool> g_stop{false};

[[noreturn]] void fail(const std::string& message)
{
    throw std::runtime_error(message);
}

Props readProps(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        fail(path + ": cannot be read");
    Props out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const size_t eq = line.find('=');
        if (eq == std::string::npos)
            fail(path + ": '" + line.substr(0, 40) + "' is not KEY=VALUE");
        out.emplace_back(line.substr(0, eq), line.substr(eq + 1));
    }
    return out;
}

struct Destroy {
    void operator()(rd_kafka_t* rk) const { rd_kafka_destroy(rk); }
};
using Handle = std::unique_ptr<rd_kafka_t, Destroy>;

Handle client(rd_kafka_type_t type, const Props& props, const Props& extra = {})
{
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    char error[512];
    for (const Props* list : {&props, &extra})
        for (const auto& [k, v] : *list)
            if (rd_kafka_conf_set(conf, k.c_str(), v.c_str(), error, sizeof error) != RD_KAFKA_CONF_OK) {
                rd_kafka_conf_destroy(conf);
                fail(k + ": " + error);
            }
    rd_kafka_t* rk = rd_kafka_new(type, conf, error, sizeof error);
    if (!rk)
        fail(std::string("client: ") + error);
    return Handle(rk);
}

void check(rd_kafka_resp_err_t err, const std::string& what)
{
    if (err)
        fail(what + ": " + rd_kafka_err2str(err));
}

void checkError(rd_kafka_error_t* error, const std::string& what)
{
    if (!error)
        return;
    const std::string text = rd_kafka_error_string(error);
    rd_kafka_error_destroy(error);
    fail(what + ": " + text);
}

// One admin request's result event (destroyed by the caller through the unique_ptr).
struct EventFree {
    void operator()(rd_kafka_event_t* e) const { rd_kafka_event_destroy(e); }
};
using Event = std::unique_ptr<rd_kafka_event_t, EventFree>;

Event awaitResult(rd_kafka_queue_t* queue, const std::string& what)
{
    rd_kafka_event_t* event = rd_kafka_queue_poll(queue, 30'000);
    if (!event)
        fail(what + ": no answer within 30 s");
    if (rd_kafka_event_error(event)) {
        const std::string text = rd_kafka_event_error_string(event);
        rd_kafka_event_destroy(event);
        fail(what + ": " + text);
    }
    return Event(event);
}

struct QueueFree {
    void operator()(rd_kafka_queue_t* q) const { rd_kafka_queue_destroy(q); }
};
using Queue = std::unique_ptr<rd_kafka_queue_t, QueueFree>;

// ---- ports -------------------------------------------------------------------------------------

int ports(int count)
{
    // All are held open together so the kernel hands out distinct ones.
    std::vector<int> sockets;
    for (int i = 0; i < count; ++i) {
        const int s = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (s < 0 || bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            getsockname(s, reinterpret_cast<sockaddr*>(&address), &length) != 0)
            fail(std::string("no free loopback port: ") + std::strerror(errno));
        std::printf("%d\n", ntohs(address.sin_port));
        sockets.push_back(s);
    }
    for (const int s : sockets)
        close(s);
    return 0;
}

// ---- setup -------------------------------------------------------------------------------------

struct TopicSpec {
    const char* name;
    int partitions;
    Props configs;
};

// orders: plain and busy; payments: transactional with aborted transactions (the aborted
// batches and the commit markers leave offsets no consumer sees); customers: compacted, with a
// segment rolled every 5 s (4.x refuses segments under 1 MiB) so that the cleaner removes
// superseded keys while the rig runs.
const std::vector<TopicSpec>& topics()
{
    static const std::vector<TopicSpec> specs = {
        {"orders", 3, {}},
        {"payments", 2, {}},
        {"customers",
         1,
         {{"cleanup.policy", "compact"},
          {"min.cleanable.dirty.ratio", "0.01"},
          {"delete.retention.ms", "1000"},
          {"segment.ms", "5000"}}},
    };
    return specs;
}

// Creates the topics of `list` (and destroys its entries); any error ends the program.
void createNewTopics(rd_kafka_t* rk, rd_kafka_queue_t* queue, std::vector<rd_kafka_NewTopic_t*>& list)
{
    rd_kafka_CreateTopics(rk, list.data(), list.size(), nullptr, queue);
    rd_kafka_NewTopic_destroy_array(list.data(), list.size());
    Event event = awaitResult(queue, "CreateTopics");
    size_t count = 0;
    const rd_kafka_topic_result_t** results =
        rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(event.get()), &count);
    for (size_t i = 0; i < count; ++i)
        check(rd_kafka_topic_result_error(results[i]),
              std::string("creating ") + rd_kafka_topic_result_name(results[i]));
}

void createTopics(rd_kafka_t* rk, rd_kafka_queue_t* queue, const std::string& only = {})
{
    std::vector<rd_kafka_NewTopic_t*> list;
    char error[512];
    for (const TopicSpec& t : topics()) {
        if (!only.empty() && only != t.name)
            continue;
        rd_kafka_NewTopic_t* topic = rd_kafka_NewTopic_new(t.name, t.partitions, 1, error, sizeof error);
        if (!topic)
            fail(std::string(t.name) + ": " + error);
        for (const auto& [k, v] : t.configs)
            check(rd_kafka_NewTopic_set_config(topic, k.c_str(), v.c_str()), std::string(t.name) + " " + k);
        list.push_back(topic);
    }
    createNewTopics(rk, queue, list);
}

struct Grant {
    rd_kafka_ResourceType_t type;
    std::string name;
    rd_kafka_AclOperation_t operation;
};

void createBindings(rd_kafka_t* rk, rd_kafka_queue_t* queue, const std::string& principal,
                    const std::vector<Grant>& grants)
{
    std::vector<rd_kafka_AclBinding_t*> bindings;
    char error[512];
    for (const Grant& g : grants) {
        rd_kafka_AclBinding_t* binding = rd_kafka_AclBinding_new(
            g.type, g.name.c_str(), RD_KAFKA_RESOURCE_PATTERN_LITERAL, principal.c_str(), "*", g.operation,
            RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW, error, sizeof error);
        if (!binding)
            fail("ACL on " + g.name + ": " + error);
        bindings.push_back(binding);
    }
    rd_kafka_CreateAcls(rk, bindings.data(), bindings.size(), nullptr, queue);
    rd_kafka_AclBinding_destroy_array(bindings.data(), bindings.size());
    Event event = awaitResult(queue, "CreateAcls");
    size_t count = 0;
    const rd_kafka_acl_result_t** results =
        rd_kafka_CreateAcls_result_acls(rd_kafka_event_CreateAcls_result(event.get()), &count);
    if (count != grants.size())
        fail("CreateAcls answered for " + std::to_string(count) + " of " + std::to_string(grants.size()) +
             " bindings");
    for (size_t i = 0; i < count; ++i)
        if (const rd_kafka_error_t* e = rd_kafka_acl_result_error(results[i]))
            fail("ACL on " + grants[i].name + ": " + rd_kafka_error_string(e));
}

// What a reader needs and nothing more (tests/real_kafka/README.md): Describe on the cluster,
// Describe (never Read, which allows joining and committing) on groups, Read and Describe on the
// internal topics MM2 keeps on the source (and DescribeConfigs on the offset-syncs topic),
// Describe on the mirrored topics.
void createAcls(rd_kafka_t* rk, rd_kafka_queue_t* queue, const std::string& principal)
{
    std::vector<Grant> grants = {
        {RD_KAFKA_RESOURCE_BROKER, "kafka-cluster", RD_KAFKA_ACL_OPERATION_DESCRIBE},
        {RD_KAFKA_RESOURCE_GROUP, "*", RD_KAFKA_ACL_OPERATION_DESCRIBE},
    };
    for (const char* internal : {"mm2-offset-syncs.B.internal", "heartbeats"})
        for (const auto op : {RD_KAFKA_ACL_OPERATION_READ, RD_KAFKA_ACL_OPERATION_DESCRIBE})
            grants.push_back({RD_KAFKA_RESOURCE_TOPIC, internal, op});
    // Whether the broker keeps the syncs (the offset-syncs-topic-at-risk verdict).
    grants.push_back(
        {RD_KAFKA_RESOURCE_TOPIC, "mm2-offset-syncs.B.internal", RD_KAFKA_ACL_OPERATION_DESCRIBE_CONFIGS});
    for (const TopicSpec& t : topics())
        grants.push_back({RD_KAFKA_RESOURCE_TOPIC, t.name, RD_KAFKA_ACL_OPERATION_DESCRIBE});
    createBindings(rk, queue, principal, grants);
}

int setup(const Props& props)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    createTopics(rk.get(), queue.get());
    createAcls(rk.get(), queue.get(), "User:driftscope");
    return 0;
}

// ---- run ---------------------------------------------------------------------------------------

void pause(std::chrono::milliseconds ms)
{
    std::this_thread::sleep_for(ms);
}

void produce(rd_kafka_t* rk, const char* topic, int32_t partition, const std::string& key,
             const std::string& value)
{
    for (;;) {
        const rd_kafka_resp_err_t err =
            rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(topic), RD_KAFKA_V_PARTITION(partition),
                              RD_KAFKA_V_KEY(key.data(), key.size()),
                              RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()),
                              RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
        if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL) {
            check(err, std::string("producing to ") + topic);
            return;
        }
        rd_kafka_poll(rk, 50);
    }
}

// Delivery failures end the workload: a rig that silently lost records would test nothing. The
// records an aborted transaction purges from the queue are meant to go.
void onDelivery(rd_kafka_t*, const rd_kafka_message_t* m, void*)
{
    if (m->err && m->err != RD_KAFKA_RESP_ERR__PURGE_QUEUE && m->err != RD_KAFKA_RESP_ERR__PURGE_INFLIGHT) {
        std::fprintf(stderr, "rig-workload: delivery failed: %s\n", rd_kafka_err2str(m->err));
        std::_Exit(1);
    }
}

Handle producer(const Props& props, const Props& extra)
{
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    char error[512];
    for (const Props* list : {&props, &extra})
        for (const auto& [k, v] : *list)
            if (rd_kafka_conf_set(conf, k.c_str(), v.c_str(), error, sizeof error) != RD_KAFKA_CONF_OK)
                fail(k + ": " + error);
    rd_kafka_conf_set_dr_msg_cb(conf, onDelivery);
    rd_kafka_t* rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
    if (!rk)
        fail(std::string("producer: ") + error);
    return Handle(rk);
}

// orders: 150 records/s over 3 partitions; customers: 30/s over 200 keys (compacted).
void plainProducer(const Props& props)
{
    Handle rk = producer(props, {{"enable.idempotence", "true"}, {"linger.ms", "5"}});
    for (int64_t n = 0; !g_stop; ++n) {
        produce(rk.get(), "orders", static_cast<int32_t>(n % 3), "order-" + std::to_string(n),
                "{\"order\":" + std::to_string(n) + "}");
        if (n % 5 == 0)
            produce(rk.get(), "customers", 0, "customer-" + std::to_string(n % 200),
                    "{\"version\":" + std::to_string(n) + "}");
        rd_kafka_poll(rk.get(), 0);
        if (n % 15 == 14)
            pause(std::chrono::milliseconds(100));
    }
    check(rd_kafka_flush(rk.get(), 30'000), "flushing orders and customers");
}

// A transactional call through a broker outage (the tests kill the source broker, README.md): a
// retriable error is retried (for up to two minutes), and one that requires an abort aborts the
// transaction (`aborted` then says so); a fatal error ends the workload.
bool transactionCall(rd_kafka_t* rk, const char* what, const std::function<rd_kafka_error_t*()>& call)
{
    const auto deadline = Clock::now() + std::chrono::minutes(2);
    for (;;) {
        rd_kafka_error_t* error = call();
        if (!error)
            return true;
        if (rd_kafka_error_txn_requires_abort(error)) {
            rd_kafka_error_destroy(error);
            transactionCall(rk, "abort_transaction", [rk] { return rd_kafka_abort_transaction(rk, 30'000); });
            return false;
        }
        if (!rd_kafka_error_is_retriable(error) || Clock::now() > deadline)
            checkError(error, what);
        rd_kafka_error_destroy(error);
        pause(std::chrono::milliseconds(500));
    }
}

// payments: transactions of 10 records, every third aborted, 5 transactions a second.
void transactionalProducer(const Props& props)
{
    Handle rk = producer(props, {{"transactional.id", "rig-payments"}, {"linger.ms", "5"}});
    rd_kafka_t* p = rk.get();
    transactionCall(p, "init_transactions", [p] { return rd_kafka_init_transactions(p, 30'000); });
    for (int64_t t = 0; !g_stop; ++t) {
        checkError(rd_kafka_begin_transaction(p), "begin_transaction");
        for (int i = 0; i < 10; ++i)
            produce(p, "payments", static_cast<int32_t>((t + i) % 2), "payment-" + std::to_string(t),
                    "{\"tx\":" + std::to_string(t) + ",\"n\":" + std::to_string(i) + "}");
        // Flushed first, so that an aborted transaction's batches are in the log (the gaps the
        // rig is after) rather than purged from the queue by the abort. A broker that is down
        // holds the flush up: it is waited for as long as the records may wait (5 minutes).
        for (int waited = 0; rd_kafka_flush(p, 10'000) == RD_KAFKA_RESP_ERR__TIMED_OUT; waited += 10)
            if (waited >= 300)
                fail("payments: a transaction's records were not delivered in 5 minutes");
        if (t % 3 == 2)
            transactionCall(p, "abort_transaction", [p] { return rd_kafka_abort_transaction(p, 30'000); });
        else
            transactionCall(p, "commit_transaction", [p] { return rd_kafka_commit_transaction(p, 30'000); });
        pause(std::chrono::milliseconds(200));
    }
}

// How a group consumes: `ratePerS` 0 keeps up; `stopAfter` > 0 stalls for good after that many
// records; `commitEveryMs` with auto commit off commits by hand that rarely.
struct GroupSpec {
    const char* group;
    std::vector<const char*> topics;
    int ratePerS = 0;
    int64_t stopAfter = 0;
    int commitEveryMs = 0;
};

std::atomic<bool> g_producersDone{false};

void consume(const Props& props, const GroupSpec& spec)
{
    Props extra = {{"group.id", spec.group},
                   {"auto.offset.reset", "earliest"},
                   {"isolation.level", "read_committed"},
                   {"enable.partition.eof", "false"}};
    if (spec.commitEveryMs > 0)
        extra.emplace_back("enable.auto.commit", "false");
    else
        extra.emplace_back("auto.commit.interval.ms", "500");
    Handle rk = client(RD_KAFKA_CONSUMER, props, extra);
    rd_kafka_poll_set_consumer(rk.get());
    rd_kafka_topic_partition_list_t* subscription = rd_kafka_topic_partition_list_new(4);
    for (const char* topic : spec.topics)
        rd_kafka_topic_partition_list_add(subscription, topic, RD_KAFKA_PARTITION_UA);
    check(rd_kafka_subscribe(rk.get(), subscription), std::string("subscribing ") + spec.group);
    rd_kafka_topic_partition_list_destroy(subscription);

    int64_t consumed = 0;
    auto lastCommit = Clock::now();
    auto lastRecord = Clock::now();
    for (;;) {
        if (spec.stopAfter > 0 && consumed >= spec.stopAfter)
            break;
        // Once the producers are done, a group drains to the end: a second without records.
        if (g_producersDone && (spec.ratePerS > 0 || Clock::now() - lastRecord > std::chrono::seconds(2)))
            break;
        rd_kafka_message_t* m = rd_kafka_consumer_poll(rk.get(), 100);
        if (m) {
            if (!m->err) {
                ++consumed;
                lastRecord = Clock::now();
            } else if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF) {
                std::fprintf(stderr, "rig-workload: %s: %s\n", spec.group, rd_kafka_message_errstr(m));
            }
            rd_kafka_message_destroy(m);
        }
        if (spec.commitEveryMs > 0 &&
            Clock::now() - lastCommit > std::chrono::milliseconds(spec.commitEveryMs)) {
            rd_kafka_commit(rk.get(), nullptr, 0);
            lastCommit = Clock::now();
        }
        if (spec.ratePerS > 0 && m)
            pause(std::chrono::milliseconds(1000 / spec.ratePerS));
    }
    // The final commit is synchronous, then the member leaves: the group is empty with its
    // offsets committed, which is when MM2 syncs them to the target.
    const rd_kafka_resp_err_t err = rd_kafka_commit(rk.get(), nullptr, 0);
    if (err && err != RD_KAFKA_RESP_ERR__NO_OFFSET)
        fail(std::string(spec.group) + ": final commit: " + rd_kafka_err2str(err));
    rd_kafka_consumer_close(rk.get());
}

// The group exists before MM2 starts, with offset 0 committed on each of its partitions (no
// member joins: assign and commit). MM2's checkpoint connector then finds every group when it
// starts; a group found later makes it reconfigure and restart its task, whose store, rebuilt
// from the syncs topic, retains other syncs than the running one (README.md).
void createGroup(const Props& props, const GroupSpec& spec)
{
    Handle rk = client(RD_KAFKA_CONSUMER, props, {{"group.id", spec.group}, {"enable.auto.commit", "false"}});
    rd_kafka_topic_partition_list_t* offsets = rd_kafka_topic_partition_list_new(8);
    for (const char* topic : spec.topics)
        for (const TopicSpec& t : topics())
            if (std::string(t.name) == topic)
                for (int p = 0; p < t.partitions; ++p)
                    rd_kafka_topic_partition_list_add(offsets, topic, p)->offset = 0;
    const rd_kafka_resp_err_t err = rd_kafka_commit(rk.get(), offsets, 0);
    rd_kafka_topic_partition_list_destroy(offsets);
    check(err, std::string("creating group ") + spec.group);
    rd_kafka_consumer_close(rk.get());
}

void writeState(const std::string& path, const std::string& state)
{
    const std::string temporary = path + ".tmp";
    std::ofstream(temporary) << state << "\n";
    std::rename(temporary.c_str(), path.c_str());
}

int run(const Props& props, const std::string& stateFile)
{
    std::signal(SIGTERM, [](int) { g_stop = true; });
    std::signal(SIGINT, [](int) { g_stop = true; });
    const std::vector<GroupSpec> groups = {
        {"billing", {"orders", "payments"}},             // keeps up
        {"analytics", {"orders", "customers"}, 40},      // falls behind
        {"audit", {"orders", "customers"}, 0, 400},      // stalls after 400 records
        {"reports", {"orders", "payments"}, 0, 0, 8000}, // commits every 8 s
    };
    std::mutex failureLock;
    std::string failure;
    auto guarded = [&](auto job) {
        return [&, job] {
            try {
                job();
            } catch (const std::exception& e) {
                const std::lock_guard lock(failureLock);
                failure = e.what();
                g_stop = true;
                g_producersDone = true;
            }
        };
    };
    for (const GroupSpec& g : groups)
        createGroup(props, g);
    std::vector<std::thread> producers;
    producers.emplace_back(guarded([&] { plainProducer(props); }));
    producers.emplace_back(guarded([&] { transactionalProducer(props); }));
    writeState(stateFile, "producing");
    // The groups consume once the rig says so (STATE_FILE.groups exists): after MM2 has synced
    // the topics' first offsets, so that the first checkpoints are not emitted in the same
    // instant as the first syncs (README.md, "Checkpoints stamped before their sync").
    const std::string gate = stateFile + ".groups";
    while (!g_stop && std::ifstream(gate).fail())
        pause(std::chrono::milliseconds(100));
    std::vector<std::thread> consumers;
    for (const GroupSpec& g : groups)
        consumers.emplace_back(guarded([&props, &g] { consume(props, g); }));
    writeState(stateFile, "running");
    for (std::thread& t : producers)
        t.join();
    g_producersDone = true;
    for (std::thread& t : consumers)
        t.join();
    if (!failure.empty())
        fail(failure);
    writeState(stateFile, "quiesced");
    return 0;
}

// ---- reading -----------------------------------------------------------------------------------

const rd_kafka_metadata_t* metadata(rd_kafka_t* rk)
{
    const rd_kafka_metadata_t* md = nullptr;
    check(rd_kafka_metadata(rk, 1, nullptr, &md, 30'000), "metadata");
    return md;
}

int waitRecords(const Props& props, const std::string& topic, int64_t wanted, int seconds)
{
    Handle rk = client(RD_KAFKA_CONSUMER, props);
    const auto deadline = Clock::now() + std::chrono::seconds(seconds);
    int64_t total = 0;
    while (Clock::now() < deadline) {
        const rd_kafka_metadata_t* md = metadata(rk.get());
        total = 0;
        for (int i = 0; i < md->topic_cnt; ++i)
            if (topic == md->topics[i].topic && !md->topics[i].err)
                for (int p = 0; p < md->topics[i].partition_cnt; ++p) {
                    int64_t low = 0, high = 0;
                    if (!rd_kafka_query_watermark_offsets(
                            rk.get(), topic.c_str(), md->topics[i].partitions[p].id, &low, &high, 10'000))
                        total += high - low;
                }
        rd_kafka_metadata_destroy(md);
        if (total >= wanted)
            return 0;
        pause(std::chrono::milliseconds(500));
    }
    fail(topic + " holds " + std::to_string(total) + " records after " + std::to_string(seconds) + " s, " +
         std::to_string(wanted) + " awaited");
}

std::vector<std::string> listGroups(rd_kafka_t* rk, rd_kafka_queue_t* queue)
{
    rd_kafka_ListConsumerGroups(rk, nullptr, queue);
    Event event = awaitResult(queue, "ListConsumerGroups");
    size_t count = 0;
    const rd_kafka_ConsumerGroupListing_t** listed = rd_kafka_ListConsumerGroups_result_valid(
        rd_kafka_event_ListConsumerGroups_result(event.get()), &count);
    std::vector<std::string> out;
    for (size_t i = 0; i < count; ++i)
        out.emplace_back(rd_kafka_ConsumerGroupListing_group_id(listed[i]));
    std::sort(out.begin(), out.end());
    return out;
}

// GROUP TOPIC PARTITION OFFSET lines, sorted.
std::vector<std::string> groupOffsets(rd_kafka_t* rk, rd_kafka_queue_t* queue)
{
    std::vector<std::string> lines;
    for (const std::string& group : listGroups(rk, queue)) {
        rd_kafka_ListConsumerGroupOffsets_t* request =
            rd_kafka_ListConsumerGroupOffsets_new(group.c_str(), nullptr);
        rd_kafka_ListConsumerGroupOffsets(rk, &request, 1, nullptr, queue);
        rd_kafka_ListConsumerGroupOffsets_destroy(request);
        Event event = awaitResult(queue, "ListConsumerGroupOffsets " + group);
        size_t count = 0;
        const rd_kafka_group_result_t** groups = rd_kafka_ListConsumerGroupOffsets_result_groups(
            rd_kafka_event_ListConsumerGroupOffsets_result(event.get()), &count);
        for (size_t g = 0; g < count; ++g) {
            if (const rd_kafka_error_t* e = rd_kafka_group_result_error(groups[g]))
                fail("offsets of " + group + ": " + rd_kafka_error_string(e));
            const rd_kafka_topic_partition_list_t* list = rd_kafka_group_result_partitions(groups[g]);
            for (int i = 0; list && i < list->cnt; ++i)
                if (list->elems[i].offset >= 0)
                    lines.push_back(group + " " + list->elems[i].topic + " " +
                                    std::to_string(list->elems[i].partition) + " " +
                                    std::to_string(list->elems[i].offset));
        }
    }
    std::sort(lines.begin(), lines.end());
    return lines;
}

int printGroupOffsets(const Props& props)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    for (const std::string& line : groupOffsets(rk.get(), queue.get()))
        std::printf("%s\n", line.c_str());
    return 0;
}

// The state driftscope must leave as it found it: every topic with its partitions, log start
// and end and the configs set on it, every group and its committed offsets.
int snapshot(const Props& props)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    const rd_kafka_metadata_t* md = metadata(rk.get());
    std::vector<std::string> names;
    for (int i = 0; i < md->topic_cnt; ++i) {
        const auto& t = md->topics[i];
        names.emplace_back(t.topic);
        std::printf("topic %s partitions %d\n", t.topic, t.partition_cnt);
    }
    rd_kafka_metadata_destroy(md);
    std::sort(names.begin(), names.end());
    std::vector<rd_kafka_ConfigResource_t*> resources;
    for (const std::string& name : names)
        resources.push_back(rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, name.c_str()));
    rd_kafka_DescribeConfigs(rk.get(), resources.data(), resources.size(), nullptr, queue.get());
    rd_kafka_ConfigResource_destroy_array(resources.data(), resources.size());
    Event event = awaitResult(queue.get(), "DescribeConfigs");
    size_t count = 0;
    const rd_kafka_ConfigResource_t** described =
        rd_kafka_DescribeConfigs_result_resources(rd_kafka_event_DescribeConfigs_result(event.get()), &count);
    std::vector<std::string> lines;
    for (size_t i = 0; i < count; ++i) {
        if (rd_kafka_ConfigResource_error(described[i]))
            fail(std::string("configs of ") + rd_kafka_ConfigResource_name(described[i]) + ": " +
                 rd_kafka_ConfigResource_error_string(described[i]));
        size_t entries = 0;
        const rd_kafka_ConfigEntry_t** configs = rd_kafka_ConfigResource_configs(described[i], &entries);
        for (size_t e = 0; e < entries; ++e)
            if (rd_kafka_ConfigEntry_source(configs[e]) == RD_KAFKA_CONFIG_SOURCE_DYNAMIC_TOPIC_CONFIG) {
                const char* value = rd_kafka_ConfigEntry_value(configs[e]);
                lines.push_back(std::string("config ") + rd_kafka_ConfigResource_name(described[i]) + " " +
                                rd_kafka_ConfigEntry_name(configs[e]) + "=" + (value ? value : "(null)"));
            }
    }
    std::sort(lines.begin(), lines.end());
    for (const std::string& line : lines)
        std::printf("%s\n", line.c_str());
    for (const std::string& group : listGroups(rk.get(), queue.get()))
        std::printf("group %s\n", group.c_str());
    for (const std::string& line : groupOffsets(rk.get(), queue.get()))
        std::printf("committed %s\n", line.c_str());
    return 0;
}

// MM2's checkpoint records, decoded here independently of driftscope (MM2's Checkpoint schema:
// key: group and topic as int16-length strings, partition int32; value: version int16, upstream
// and downstream offsets int64, metadata string), all big-endian.
class Bytes {
public:
    Bytes(const void* data, size_t size) : m_p(static_cast<const unsigned char*>(data)), m_end(m_p + size) {}
    int64_t integer(int width)
    {
        if (m_end - m_p < width)
            fail("a record is shorter than its schema");
        uint64_t v = 0;
        for (int i = 0; i < width; ++i)
            v = (v << 8) | *m_p++;
        if (width == 2)
            return static_cast<int16_t>(v);
        if (width == 4)
            return static_cast<int32_t>(v);
        return static_cast<int64_t>(v);
    }
    std::string text()
    {
        const int64_t length = integer(2);
        if (length < 0 || m_end - m_p < length)
            fail("a record's string is longer than the record");
        std::string out(reinterpret_cast<const char*>(m_p), static_cast<size_t>(length));
        m_p += length;
        return out;
    }

private:
    const unsigned char* m_p;
    const unsigned char* m_end;
};

// Every record of TOPIC, partition after partition, in the topic's order, handed to `take`.
void readTopic(const Props& props, const std::string& topic,
               const std::function<void(const rd_kafka_message_t&)>& take)
{
    // librdkafka's assign() wants a group.id; explicit offsets and no commits leave no group.
    Handle rk = client(RD_KAFKA_CONSUMER, props,
                       {{"enable.partition.eof", "true"},
                        {"group.id", "rig-topic-reader"},
                        {"enable.auto.commit", "false"},
                        {"enable.auto.offset.store", "false"}});
    const rd_kafka_metadata_t* md = metadata(rk.get());
    int partitions = -1;
    for (int i = 0; i < md->topic_cnt; ++i)
        if (topic == md->topics[i].topic && !md->topics[i].err)
            partitions = md->topics[i].partition_cnt;
    rd_kafka_metadata_destroy(md);
    if (partitions < 0)
        fail(topic + " does not exist");
    for (int32_t p = 0; p < partitions; ++p) {
        int64_t low = 0, high = 0;
        check(rd_kafka_query_watermark_offsets(rk.get(), topic.c_str(), p, &low, &high, 10'000),
              "watermarks");
        if (high <= low)
            continue;
        rd_kafka_topic_partition_list_t* list = rd_kafka_topic_partition_list_new(1);
        rd_kafka_topic_partition_list_add(list, topic.c_str(), p)->offset = low;
        check(rd_kafka_assign(rk.get(), list), "assign");
        rd_kafka_topic_partition_list_destroy(list);
        for (int64_t next = low; next < high;) {
            // Every message is destroyed before anything throws: the client cannot be destroyed
            // while one is held.
            const std::unique_ptr<rd_kafka_message_t, void (*)(rd_kafka_message_t*)> m(
                rd_kafka_consumer_poll(rk.get(), 10'000), rd_kafka_message_destroy);
            if (!m)
                fail(topic + ": no record within 10 s at offset " + std::to_string(next));
            if (m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF)
                break;
            if (m->err)
                fail(topic + ": " + rd_kafka_message_errstr(m.get()));
            take(*m);
            next = m->offset + 1;
        }
    }
    std::fflush(stdout);
    // No group was joined: closing one would wait for a coordinator to hand offsets to.
    rd_kafka_destroy_flags(rk.release(), RD_KAFKA_DESTROY_F_NO_CONSUMER_CLOSE);
}

// MM2's checkpoints: GROUP TOPIC PARTITION UPSTREAM DOWNSTREAM, one line per record, in the
// topic's order; with `where`, each line starts with the record's OFFSET and TIMESTAMP (ms).
int printCheckpoints(const Props& props, const std::string& topic, bool where)
{
    readTopic(props, topic, [where](const rd_kafka_message_t& m) {
        Bytes key(m.key, m.key_len), value(m.payload, m.len);
        const std::string group = key.text();
        const std::string target = key.text();
        const int64_t partition = key.integer(4);
        value.integer(2);
        const int64_t upstream = value.integer(8);
        const int64_t downstream = value.integer(8);
        if (where)
            std::printf("%lld %lld ", static_cast<long long>(m.offset),
                        static_cast<long long>(rd_kafka_message_timestamp(&m, nullptr)));
        std::printf("%s %s %lld %lld %lld\n", group.c_str(), target.c_str(),
                    static_cast<long long>(partition), static_cast<long long>(upstream),
                    static_cast<long long>(downstream));
    });
    return 0;
}

// MM2's offset syncs (OffsetSync's schema: key topic as an int16-length string and partition
// int32; value upstream and downstream offsets int64, big-endian): OFFSET TIMESTAMP TOPIC
// PARTITION UPSTREAM DOWNSTREAM, one line per record, in the topic's order.
int printOffsetSyncs(const Props& props, const std::string& topic)
{
    readTopic(props, topic, [](const rd_kafka_message_t& m) {
        Bytes key(m.key, m.key_len), value(m.payload, m.len);
        const std::string upstreamTopic = key.text();
        const int64_t partition = key.integer(4);
        const int64_t upstream = value.integer(8);
        const int64_t downstream = value.integer(8);
        std::printf("%lld %lld %s %lld %lld %lld\n", static_cast<long long>(m.offset),
                    static_cast<long long>(rd_kafka_message_timestamp(&m, nullptr)), upstreamTopic.c_str(),
                    static_cast<long long>(partition), static_cast<long long>(upstream),
                    static_cast<long long>(downstream));
    });
    return 0;
}

// The ACL bindings of one principal on the cluster: TYPE NAME PATTERN OPERATION PERMISSION, sorted.
int printAcls(const Props& props, const std::string& principal)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    char error[512];
    rd_kafka_AclBindingFilter_t* filter = rd_kafka_AclBindingFilter_new(
        RD_KAFKA_RESOURCE_ANY, nullptr, RD_KAFKA_RESOURCE_PATTERN_ANY, principal.c_str(), nullptr,
        RD_KAFKA_ACL_OPERATION_ANY, RD_KAFKA_ACL_PERMISSION_TYPE_ANY, error, sizeof error);
    if (!filter)
        fail(std::string("ACL filter: ") + error);
    rd_kafka_DescribeAcls(rk.get(), filter, nullptr, queue.get());
    rd_kafka_AclBinding_destroy(filter);
    Event event = awaitResult(queue.get(), "DescribeAcls");
    size_t count = 0;
    const rd_kafka_AclBinding_t** bindings =
        rd_kafka_DescribeAcls_result_acls(rd_kafka_event_DescribeAcls_result(event.get()), &count);
    std::vector<std::string> lines;
    for (size_t i = 0; i < count; ++i)
        lines.push_back(
            std::string(rd_kafka_ResourceType_name(rd_kafka_AclBinding_restype(bindings[i]))) + " " +
            rd_kafka_AclBinding_name(bindings[i]) + " " +
            rd_kafka_ResourcePatternType_name(rd_kafka_AclBinding_resource_pattern_type(bindings[i])) + " " +
            rd_kafka_AclOperation_name(rd_kafka_AclBinding_operation(bindings[i])) + " " +
            rd_kafka_AclPermissionType_name(rd_kafka_AclBinding_permission_type(bindings[i])));
    std::sort(lines.begin(), lines.end());
    for (const std::string& line : lines)
        std::printf("%s\n", line.c_str());
    return 0;
}

// ---- faults ------------------------------------------------------------------------------------

// A member that stays in the group and never commits: MM2 syncs group offsets only to target
// groups without active members, so the group's offsets stay where they were while it holds.
int holdGroup(const Props& props, const std::string& group, int seconds,
              const std::vector<std::string>& names)
{
    std::signal(SIGTERM, [](int) { g_stop = true; });
    Handle rk =
        client(RD_KAFKA_CONSUMER, props,
               {{"group.id", group}, {"enable.auto.commit", "false"}, {"auto.offset.reset", "latest"}});
    rd_kafka_poll_set_consumer(rk.get());
    rd_kafka_topic_partition_list_t* subscription = rd_kafka_topic_partition_list_new(4);
    for (const std::string& topic : names)
        rd_kafka_topic_partition_list_add(subscription, topic.c_str(), RD_KAFKA_PARTITION_UA);
    check(rd_kafka_subscribe(rk.get(), subscription), "subscribing " + group);
    rd_kafka_topic_partition_list_destroy(subscription);
    const auto deadline = Clock::now() + std::chrono::seconds(seconds);
    bool announced = false;
    while (!g_stop && Clock::now() < deadline) {
        if (rd_kafka_message_t* m = rd_kafka_consumer_poll(rk.get(), 100))
            rd_kafka_message_destroy(m);
        rd_kafka_topic_partition_list_t* assigned = nullptr;
        if (!announced && !rd_kafka_assignment(rk.get(), &assigned) && assigned->cnt > 0) {
            std::printf("holding %d partitions\n", assigned->cnt);
            std::fflush(stdout);
            announced = true;
        }
        if (assigned)
            rd_kafka_topic_partition_list_destroy(assigned);
    }
    rd_kafka_consumer_close(rk.get());
    if (!announced)
        fail(group + ": no partition was assigned in " + std::to_string(seconds) + " s");
    return 0;
}

bool topicListed(rd_kafka_t* rk, const std::string& topic)
{
    const rd_kafka_metadata_t* md = metadata(rk);
    bool listed = false;
    for (int i = 0; i < md->topic_cnt; ++i)
        listed = listed || (topic == md->topics[i].topic && !md->topics[i].err &&
                            md->topics[i].partition_cnt > 0 && md->topics[i].partitions[0].leader >= 0);
    rd_kafka_metadata_destroy(md);
    return listed;
}

// Deletion is asynchronous: the topic is created again once the metadata no longer lists it.
int recreateTopic(const Props& props, const std::string& topic)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    rd_kafka_DeleteTopic_t* doomed = rd_kafka_DeleteTopic_new(topic.c_str());
    rd_kafka_DeleteTopics(rk.get(), &doomed, 1, nullptr, queue.get());
    rd_kafka_DeleteTopic_destroy(doomed);
    Event event = awaitResult(queue.get(), "DeleteTopics");
    size_t count = 0;
    const rd_kafka_topic_result_t** results =
        rd_kafka_DeleteTopics_result_topics(rd_kafka_event_DeleteTopics_result(event.get()), &count);
    for (size_t i = 0; i < count; ++i)
        check(rd_kafka_topic_result_error(results[i]), "deleting " + topic);
    for (int i = 0; i < 300 && topicListed(rk.get(), topic); ++i)
        pause(std::chrono::milliseconds(100));
    createTopics(rk.get(), queue.get(), topic);
    for (int i = 0; i < 300 && !topicListed(rk.get(), topic); ++i)
        pause(std::chrono::milliseconds(100));
    if (!topicListed(rk.get(), topic))
        fail(topic + " has no leader 30 s after it was created again");
    std::printf("recreated %s\n", topic.c_str());
    return 0;
}

int alterTopic(const Props& props, const std::string& topic, const std::vector<std::string>& settings)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    rd_kafka_ConfigResource_t* resource = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, topic.c_str());
    for (const std::string& setting : settings) {
        const size_t eq = setting.find('=');
        if (eq == std::string::npos)
            fail("'" + setting + "' is not KEY=VALUE");
        check(rd_kafka_ConfigResource_set_config(resource, setting.substr(0, eq).c_str(),
                                                 setting.substr(eq + 1).c_str()),
              setting);
    }
    rd_kafka_AlterConfigs(rk.get(), &resource, 1, nullptr, queue.get());
    rd_kafka_ConfigResource_destroy(resource);
    Event event = awaitResult(queue.get(), "AlterConfigs");
    size_t count = 0;
    const rd_kafka_ConfigResource_t** results =
        rd_kafka_AlterConfigs_result_resources(rd_kafka_event_AlterConfigs_result(event.get()), &count);
    for (size_t i = 0; i < count; ++i)
        check(rd_kafka_ConfigResource_error(results[i]), "altering " + topic);
    std::printf("altered %s\n", topic.c_str());
    return 0;
}

// Records MM2 never sees while it is down: N records produced to TOPIC-PARTITION, then every
// record of the partition deleted (DeleteRecords up to the high watermark).
int produceAndDelete(const Props& props, const std::string& topic, int32_t partition, int records)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props, {{"acks", "all"}});
    for (int i = 0; i < records; ++i)
        produce(rk.get(), topic.c_str(), partition, "lost-" + std::to_string(i), std::string(100, 'x'));
    check(rd_kafka_flush(rk.get(), 30'000), "flushing " + topic);
    Queue queue(rd_kafka_queue_new(rk.get()));
    rd_kafka_topic_partition_list_t* before = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(before, topic.c_str(), partition)->offset = RD_KAFKA_OFFSET_END;
    rd_kafka_DeleteRecords_t* request = rd_kafka_DeleteRecords_new(before);
    rd_kafka_topic_partition_list_destroy(before);
    rd_kafka_DeleteRecords(rk.get(), &request, 1, nullptr, queue.get());
    rd_kafka_DeleteRecords_destroy(request);
    Event event = awaitResult(queue.get(), "DeleteRecords");
    const rd_kafka_topic_partition_list_t* result =
        rd_kafka_DeleteRecords_result_offsets(rd_kafka_event_DeleteRecords_result(event.get()));
    if (!result || result->cnt != 1)
        fail("DeleteRecords answered no partition");
    check(result->elems[0].err, "deleting the records of " + topic);
    std::printf("deleted %s-%d below %lld\n", topic.c_str(), partition,
                static_cast<long long>(result->elems[0].offset));
    return 0;
}

// Describe, or Read and Describe, on these topics for a principal: what a reader of another flow
// needs on this cluster (Read on its internal topics, Describe on the topics MM2 mirrors there).
int grant(const Props& props, const std::string& principal, const std::string& access,
          const std::vector<std::string>& topicNames)
{
    if (access != "read" && access != "describe")
        fail("grant: read or describe, not '" + access + "'");
    Handle rk = client(RD_KAFKA_PRODUCER, props);
    Queue queue(rd_kafka_queue_new(rk.get()));
    std::vector<Grant> grants;
    for (const std::string& topic : topicNames) {
        grants.push_back({RD_KAFKA_RESOURCE_TOPIC, topic, RD_KAFKA_ACL_OPERATION_DESCRIBE});
        if (access == "read")
            grants.push_back({RD_KAFKA_RESOURCE_TOPIC, topic, RD_KAFKA_ACL_OPERATION_READ});
    }
    createBindings(rk.get(), queue.get(), principal, grants);
    std::printf("granted %s %s on %zu topics\n", principal.c_str(), access.c_str(), topicNames.size());
    return 0;
}

// A topic of one partition (created unless it exists) with N records, and GROUP's committed
// offset on it set to OFFSET, as a consumer that stopped there leaves it (no member stays).
int produceAndCommit(const Props& props, const std::string& topic, int records, const std::string& group,
                     int64_t offset)
{
    Handle rk = client(RD_KAFKA_PRODUCER, props, {{"acks", "all"}});
    if (!topicListed(rk.get(), topic)) {
        Queue queue(rd_kafka_queue_new(rk.get()));
        char error[512];
        std::vector<rd_kafka_NewTopic_t*> created = {
            rd_kafka_NewTopic_new(topic.c_str(), 1, 1, error, sizeof error)};
        if (!created[0])
            fail(topic + ": " + error);
        createNewTopics(rk.get(), queue.get(), created);
        for (int i = 0; i < 300 && !topicListed(rk.get(), topic); ++i)
            pause(std::chrono::milliseconds(100));
    }
    for (int i = 0; i < records; ++i)
        produce(rk.get(), topic.c_str(), 0, "record-" + std::to_string(i), std::string(100, 'x'));
    check(rd_kafka_flush(rk.get(), 30'000), "flushing " + topic);
    Handle consumer = client(RD_KAFKA_CONSUMER, props, {{"group.id", group}});
    rd_kafka_topic_partition_list_t* offsets = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(offsets, topic.c_str(), 0)->offset = offset;
    const rd_kafka_resp_err_t err = rd_kafka_commit(consumer.get(), offsets, 0);
    rd_kafka_topic_partition_list_destroy(offsets);
    check(err, "committing " + group + " on " + topic);
    rd_kafka_consumer_close(consumer.get());
    std::printf("produced %d records to %s-0; %s committed %lld\n", records, topic.c_str(), group.c_str(),
                static_cast<long long>(offset));
    return 0;
}

int usage()
{
    std::fputs(
        "usage: rig-workload ports N | setup PROPS | run PROPS STATE_FILE | wait-records PROPS TOPIC N S | "
        "group-offsets PROPS | checkpoints PROPS TOPIC | checkpoint-records PROPS TOPIC | offset-syncs PROPS "
        "TOPIC | acls PROPS PRINCIPAL | snapshot PROPS | hold-group PROPS GROUP S TOPIC... | recreate-topic "
        "PROPS "
        "TOPIC | alter-topic PROPS TOPIC KEY=VALUE... | produce-and-delete PROPS TOPIC PARTITION N | "
        "grant PROPS PRINCIPAL read|describe TOPIC... | produce-and-commit PROPS TOPIC N GROUP OFFSET\n",
        stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.size() == 2 && args[0] == "ports")
            return ports(std::stoi(args[1]));
        if (args.size() == 2 && args[0] == "setup")
            return setup(readProps(args[1]));
        if (args.size() == 3 && args[0] == "run")
            return run(readProps(args[1]), args[2]);
        if (args.size() == 5 && args[0] == "wait-records")
            return waitRecords(readProps(args[1]), args[2], std::stoll(args[3]), std::stoi(args[4]));
        if (args.size() == 2 && args[0] == "group-offsets")
            return printGroupOffsets(readProps(args[1]));
        if (args.size() == 3 && args[0] == "checkpoints")
            return printCheckpoints(readProps(args[1]), args[2], false);
        if (args.size() == 3 && args[0] == "checkpoint-records")
            return printCheckpoints(readProps(args[1]), args[2], true);
        if (args.size() == 3 && args[0] == "offset-syncs")
            return printOffsetSyncs(readProps(args[1]), args[2]);
        if (args.size() == 3 && args[0] == "acls")
            return printAcls(readProps(args[1]), args[2]);
        if (args.size() == 2 && args[0] == "snapshot")
            return snapshot(readProps(args[1]));
        if (args.size() >= 5 && args[0] == "hold-group")
            return holdGroup(readProps(args[1]), args[2], std::stoi(args[3]), {args.begin() + 4, args.end()});
        if (args.size() == 3 && args[0] == "recreate-topic")
            return recreateTopic(readProps(args[1]), args[2]);
        if (args.size() >= 4 && args[0] == "alter-topic")
            return alterTopic(readProps(args[1]), args[2], {args.begin() + 3, args.end()});
        if (args.size() >= 5 && args[0] == "grant")
            return grant(readProps(args[1]), args[2], args[3], {args.begin() + 4, args.end()});
        if (args.size() == 6 && args[0] == "produce-and-commit")
            return produceAndCommit(readProps(args[1]), args[2], std::stoi(args[3]), args[4],
                                    std::stoll(args[5]));
        if (args.size() == 5 && args[0] == "produce-and-delete")
            return produceAndDelete(readProps(args[1]), args[2], std::stoi(args[3]), std::stoi(args[4]));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rig-workload: %s\n", e.what());
        return 1;
    }
    return usage();
}
