// driftscope-mock-walk-bench: what a day-long log costs the demo's mock broker.
//
// librdkafka 2.0.2's mock broker keeps a partition's log as a list of message sets and finds the
// set of a Fetch that is not at the log end by walking that list from its head (docs/demo.md §3).
// A consumer that follows the end of a partition makes one such walk per set produced: the cost of
// a demo after hours is (sets a second) x (sets in the log) x (cost of visiting a set), until the
// log reaches the mock's 5 MB bound. This benchmark measures the last factor at the lengths a
// training day reaches, in minutes instead of hours: for each length it fills a partition of a
// fresh mock cluster with that many sets, then produces one set a second for a while, read by a
// consumer following the end, and prints the mock thread's CPU per set read, against a log of one
// set (the fixed cost of a produce and a fetch).
//
// Usage: driftscope-mock-walk-bench [--sets 1,1000,4000,9000,16000] [--partitions 8]
//                                   [--records-per-set 20] [--seconds 30]
// Read-only towards nothing: it talks only to the mock clusters it creates.
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void fail(const std::string& why)
{
    std::fprintf(stderr, "driftscope-mock-walk-bench: %s\n", why.c_str());
    std::exit(1);
}

// CPU seconds of each thread of this process named `name`, by thread id, from schedstat (its
// first field is the time on a CPU in nanoseconds; stat's clock ticks are 10 ms, too coarse here).
std::map<long, double> threadCpu(const std::string& name)
{
    std::map<long, double> out;
    DIR* dir = opendir("/proc/self/task");
    if (!dir)
        return out;
    while (const dirent* entry = readdir(dir)) {
        if (entry->d_name[0] == '.')
            continue;
        const std::string task = std::string("/proc/self/task/") + entry->d_name;
        std::string comm;
        std::getline(std::ifstream(task + "/comm"), comm);
        if (comm != name)
            continue;
        double ns = 0;
        if (std::ifstream(task + "/schedstat") >> ns)
            out[std::atol(entry->d_name)] = ns / 1e9;
    }
    closedir(dir);
    return out;
}

double cpuSince(const std::map<long, double>& before, const std::string& name)
{
    double sum = 0;
    for (const auto& [tid, cpu] : threadCpu(name)) {
        const auto was = before.find(tid);
        sum += cpu - (was == before.end() ? 0 : was->second);
    }
    return sum;
}

rd_kafka_t* client(rd_kafka_type_t type, const std::map<std::string, std::string>& settings)
{
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    char err[512];
    for (const auto& [key, value] : settings)
        if (rd_kafka_conf_set(conf, key.c_str(), value.c_str(), err, sizeof err) != RD_KAFKA_CONF_OK)
            fail(key + ": " + err);
    rd_kafka_conf_set_log_cb(conf, [](const rd_kafka_t*, int, const char*, const char*) {});
    rd_kafka_t* rk = rd_kafka_new(type, conf, err, sizeof err);
    if (!rk)
        fail(err);
    return rk;
}

void produceRecords(rd_kafka_t* producer, int32_t partition, int records)
{
    static const char value[] = "demo-record-of-26-bytes...";
    for (int i = 0; i < records; ++i)
        if (rd_kafka_producev(producer, RD_KAFKA_V_TOPIC("walk"), RD_KAFKA_V_PARTITION(partition),
                              RD_KAFKA_V_VALUE(const_cast<char*>(value), sizeof value - 1),
                              RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                              RD_KAFKA_V_END) != RD_KAFKA_RESP_ERR_NO_ERROR)
            fail("produce failed");
}

// One message set on each partition: `records` records a partition produced together and
// flushed, so that they travel in one produce request (linger.ms holds them until the flush).
void produceSets(rd_kafka_t* producer, int partitions, int records)
{
    for (int32_t p = 0; p < partitions; ++p)
        produceRecords(producer, p, records);
    if (rd_kafka_flush(producer, 10000) != RD_KAFKA_RESP_ERR_NO_ERROR)
        fail("flush timed out");
}

struct Figures {
    long sets = 0;
    double fillSeconds = 0;
    long setsRead = 0;
    double mockCpuSeconds = 0;
};

Figures measure(long sets, int partitions, int recordsPerSet, int seconds)
{
    Figures f;
    f.sets = sets;
    rd_kafka_t* owner = client(RD_KAFKA_PRODUCER, {});
    rd_kafka_mock_cluster_t* cluster = rd_kafka_mock_cluster_new(owner, 1);
    if (!cluster)
        fail("cannot create a mock cluster");
    const std::string bootstrap = rd_kafka_mock_cluster_bootstraps(cluster);
    if (rd_kafka_mock_topic_create(cluster, "walk", partitions, 1) != RD_KAFKA_RESP_ERR_NO_ERROR)
        fail("cannot create the topic");
    // The fill: all records enqueued at once, in batches of exactly `recordsPerSet`
    // (batch.num.messages): a full batch is sent at once, one set per produce request, the
    // requests pipelined; linger.ms only holds a last, short batch.
    rd_kafka_t* filler = client(RD_KAFKA_PRODUCER, {{"bootstrap.servers", bootstrap},
                                                    {"linger.ms", "100"},
                                                    {"batch.num.messages", std::to_string(recordsPerSet)},
                                                    {"queue.buffering.max.messages", "10000000"}});
    const auto fillStart = Clock::now();
    // Set by set across the partitions, as the demo's producers write them: a partition's sets
    // lie apart in memory, not one after the other (the walk visits one per cache line anyway,
    // but adjacent ones the hardware prefetches).
    for (long i = 0; i < sets; ++i)
        for (int32_t p = 0; p < partitions; ++p)
            produceRecords(filler, p, recordsPerSet);
    if (rd_kafka_flush(filler, 600'000) != RD_KAFKA_RESP_ERR_NO_ERROR)
        fail("the fill did not complete");
    f.fillSeconds = std::chrono::duration<double>(Clock::now() - fillStart).count();
    rd_kafka_destroy(filler);
    rd_kafka_t* producer =
        client(RD_KAFKA_PRODUCER, {{"bootstrap.servers", bootstrap}, {"linger.ms", "1000"}});

    // A consumer following the end, assigned (no group is joined, nothing is committed).
    rd_kafka_t* consumer = client(RD_KAFKA_CONSUMER, {{"bootstrap.servers", bootstrap},
                                                      {"group.id", "mock-walk-bench"},
                                                      {"enable.auto.commit", "false"},
                                                      {"fetch.wait.max.ms", "500"}});
    rd_kafka_topic_partition_list_t* assignment = rd_kafka_topic_partition_list_new(partitions);
    for (int32_t p = 0; p < partitions; ++p)
        rd_kafka_topic_partition_list_add(assignment, "walk", p)->offset = RD_KAFKA_OFFSET_END;
    if (rd_kafka_assign(consumer, assignment) != RD_KAFKA_RESP_ERR_NO_ERROR)
        fail("assign failed");
    rd_kafka_topic_partition_list_destroy(assignment);
    auto drain = [&](long wanted, Clock::time_point until) {
        long got = 0;
        while (got < wanted && Clock::now() < until)
            if (rd_kafka_message_t* m = rd_kafka_consumer_poll(consumer, 100)) {
                got += m->err == RD_KAFKA_RESP_ERR_NO_ERROR ? 1 : 0;
                rd_kafka_message_destroy(m);
            }
        return got;
    };
    drain(1, Clock::now() + std::chrono::seconds(2)); // the consumer is fetching at the end

    const auto before = threadCpu("rdk:mock");
    const auto start = Clock::now();
    for (int s = 0; s < seconds; ++s) {
        const auto tick = start + std::chrono::seconds(s + 1);
        produceSets(producer, partitions, recordsPerSet);
        const long wanted = static_cast<long>(partitions) * recordsPerSet;
        if (drain(wanted, tick + std::chrono::seconds(5)) == wanted)
            f.setsRead += partitions;
        std::this_thread::sleep_until(tick);
    }
    f.mockCpuSeconds = cpuSince(before, "rdk:mock");

    rd_kafka_consumer_close(consumer);
    rd_kafka_destroy(consumer);
    rd_kafka_destroy(producer);
    rd_kafka_mock_cluster_destroy(cluster);
    rd_kafka_destroy(owner);
    return f;
}

std::vector<long> parseList(const char* text)
{
    std::vector<long> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0' || v < 1 || v > 100'000)
            fail("--sets: expected numbers from 1 to 100000, got '" + item + "'");
        out.push_back(v);
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<long> lengths = {1, 1000, 4000, 9000, 16000};
    int recordsPerSet = 20;
    int seconds = 30;
    int partitions = 8;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (std::strcmp(argv[i], "--sets") == 0 && hasValue)
            lengths = parseList(argv[++i]);
        else if (std::strcmp(argv[i], "--partitions") == 0 && hasValue)
            partitions = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--records-per-set") == 0 && hasValue)
            recordsPerSet = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--seconds") == 0 && hasValue)
            seconds = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: driftscope-mock-walk-bench [--sets 1,1000,4000,9000,16000] [--partitions 8] "
                         "[--records-per-set 20] [--seconds 30]\n");
            return 2;
        }
    }
    if (recordsPerSet < 1 || recordsPerSet > 10'000 || seconds < 1 || seconds > 3600 || partitions < 1 ||
        partitions > 100) {
        std::fprintf(stderr, "driftscope-mock-walk-bench: --records-per-set 1..10000, --seconds 1..3600, "
                             "--partitions 1..100\n");
        return 2;
    }

    std::printf(
        "driftscope-mock-walk-bench: librdkafka %s mock broker, %d partitions, %d records a set, one set "
        "a second on each for %d s, read by a consumer following their ends\n",
        rd_kafka_version_str(), partitions, recordsPerSet, seconds);
    double baseMs = -1;
    for (const long sets : lengths) {
        const Figures f = measure(sets, partitions, recordsPerSet, seconds);
        if (f.setsRead == 0)
            fail("the consumer read none of the sets produced on a log of " + std::to_string(sets) + " sets");
        const double msPerSet = f.mockCpuSeconds * 1000.0 / static_cast<double>(f.setsRead);
        if (baseMs < 0)
            baseMs = msPerSet;
        std::printf(
            "  logs of %6ld sets (filled in %5.1f s): mock thread %7.3f ms CPU per set read (%ld read)",
            f.sets, f.fillSeconds, msPerSet, f.setsRead);
        if (f.sets > lengths.front())
            std::printf(", %6.1f ns per set walked", (msPerSet - baseMs) * 1e6 / static_cast<double>(f.sets));
        std::printf("\n");
    }
    return 0;
}
