#include "kafka_bench.h"

#include "bench_support.h"
#include "model/io/kafka/inspected_client.h"
#include "model/io/kafka/live_reader.h"
#include "model/session/mm2_state.h"

#include <librdkafka/rdkafka_mock.h>

#include <algorithm>
#include <vector>

using namespace driftscope;
using namespace driftscope::kafka;

namespace bench {
namespace {

const char* const kSyncsTopic = "mm2-offset-syncs.B.internal";

struct Mock {
    ClientCallbacks quiet{[](int, const std::string&) {}, nullptr};
    Handle owner;
    rd_kafka_mock_cluster_t* cluster = nullptr;
    std::string bootstrap;
    Mock()
    {
        owner = std::move(*makeProducer({}, &quiet));
        cluster = rd_kafka_mock_cluster_new(owner.get(), 1);
        bootstrap = rd_kafka_mock_cluster_bootstraps(cluster);
    }
    ~Mock() { rd_kafka_mock_cluster_destroy(cluster); }
};

void produceSyncs(const std::string& bootstrap, size_t records)
{
    ClientCallbacks quiet{[](int, const std::string&) {}, nullptr};
    auto producer = makeProducer(
        {{"bootstrap.servers", bootstrap}, {"linger.ms", "20"}, {"queue.buffering.max.messages", "1000000"}},
        &quiet);
    std::vector<int64_t> head(100, 0);
    for (size_t i = 0; i < records; ++i) {
        const OffsetSync sync{{"orders", static_cast<int32_t>(i % 100)}, head[i % 100] += 101, head[i % 100]};
        const Bytes key = encodeOffsetSyncKey(sync).value();
        const Bytes value = encodeOffsetSyncValue(sync);
        while (rd_kafka_producev(producer->get(), RD_KAFKA_V_TOPIC(kSyncsTopic), RD_KAFKA_V_PARTITION(0),
                                 RD_KAFKA_V_KEY(key.data(), key.size()),
                                 RD_KAFKA_V_VALUE(const_cast<uint8_t*>(value.data()), value.size()),
                                 RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                                 RD_KAFKA_V_END) == RD_KAFKA_RESP_ERR__QUEUE_FULL)
            rd_kafka_poll(producer->get(), 10);
    }
    rd_kafka_flush(producer->get(), 60'000);
}

// A consumer that connects, learns the topic's metadata and log offsets (as any reader must
// before it names a topic and knows where it starts and ends) and reads the partition from its
// start to its end, doing nothing with the records. Timed like the live reader: from creating
// the client to the last record.
double bareConsume(const std::string& bootstrap, int64_t end)
{
    ClientCallbacks quiet{[](int, const std::string&) {}, nullptr};
    const auto start = Clock::now();
    auto client = makeClient(inspectedClientConfig({{"bootstrap.servers", bootstrap}}).value(), &quiet);
    (void)listTopics(client->get(), 5000);
    const auto range = logOffsets(client->get(), {{kSyncsTopic, 0}}, 5000);
    rd_kafka_queue_t* queue = rd_kafka_queue_new(client->get());
    rd_kafka_topic_t* topic = rd_kafka_topic_new(client->get(), kSyncsTopic, nullptr);
    rd_kafka_consume_start_queue(topic, 0, range ? (*range)[0].start : RD_KAFKA_OFFSET_BEGINNING, queue);
    std::vector<rd_kafka_message_t*> batch(1000);
    for (int64_t next = 0; next < end;) {
        const ssize_t n = rd_kafka_consume_batch_queue(queue, 100, batch.data(), batch.size());
        for (ssize_t i = 0; i < n; ++i) {
            if (!batch[static_cast<size_t>(i)]->err)
                next = batch[static_cast<size_t>(i)]->offset + 1;
            rd_kafka_message_destroy(batch[static_cast<size_t>(i)]);
        }
    }
    const double seconds = secondsSince(start);
    rd_kafka_consume_stop(topic, 0);
    rd_kafka_topic_destroy(topic);
    rd_kafka_queue_destroy(queue);
    return seconds;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

KafkaFigures runKafkaBench(size_t records)
{
    KafkaFigures f;
    Mock source, target;
    rd_kafka_mock_topic_create(source.cluster, kSyncsTopic, 1, 1);
    rd_kafka_mock_topic_create(target.cluster, "A.checkpoints.internal", 1, 1);
    produceSyncs(source.bootstrap, records);
    ClientCallbacks quiet{[](int, const std::string&) {}, nullptr};
    auto probe = makeClient(inspectedClientConfig({{"bootstrap.servers", source.bootstrap}}).value(), &quiet);
    auto range = logOffsets(probe->get(), {{kSyncsTopic, 0}}, 5000);
    if (!range)
        return f;
    f.records = static_cast<size_t>((*range)[0].end - (*range)[0].start);
    f.complete = (*range)[0].start == 0 && (*range)[0].end == static_cast<int64_t>(records);

    // Twenty-one rounds of each, alternating so that neither profits from a warmer machine; the
    // medians are compared (single runs of some tens of milliseconds vary by half).
    std::vector<double> bare, reader, store;
    for (int round = 0; round < 21; ++round) {
        bare.push_back(bareConsume(source.bootstrap, (*range)[0].end));
        LiveReaderOptions options;
        options.connection.source = {"A", {{"bootstrap.servers", source.bootstrap}}};
        options.connection.target = {"B", {{"bootstrap.servers", target.bootstrap}}};
        options.discoverGroups = false;
        LiveReader live(options);
        const auto start = Clock::now();
        live.start();
        if (!live.waitFor([](const LiveStatus& s) { return s.offsetSyncs.caughtUp; }, 60'000))
            f.complete = false;
        reader.push_back(secondsSince(start));
        const Session session = live.since({});
        live.stop();
        const auto built = Clock::now();
        const Mm2State state(session, Mm2StateOptions{}, session.lastActivityMs());
        store.push_back(secondsSince(built));
        if (state.syncsApplied() != f.records)
            f.complete = false;
    }
    f.bareSeconds = median(bare);
    f.readerSeconds = median(reader);
    f.storeSeconds = median(store);
    return f;
}

} // namespace bench
