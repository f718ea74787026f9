// The read-only guarantee on the configuration librdkafka actually holds for an inspected
// cluster's client, and on what that client does when asked to join, commit or produce against
// a mock cluster: librdkafka refuses, and the cluster's offsets and topics stay as they were.
#include "model/io/kafka/inspected_client.h"
#include "support/qtest_printers.h"

#include <librdkafka/rdkafka_mock.h>

#include <QTest>

#include <thread>

using namespace driftscope;
using namespace driftscope::kafka;

namespace {

ClientCallbacks g_quiet{[](int, const std::string&) {}, nullptr};

// The user's settings of a SASL cluster, secrets included.
const Properties kUser = {{"bootstrap.servers", "127.0.0.1:1"},
                          {"security.protocol", "sasl_plaintext"},
                          {"sasl.mechanisms", "PLAIN"},
                          {"sasl.username", "sre"},
                          {"sasl.password", "planted-secret-9f3a"}};

std::string refusal(const Properties& extra)
{
    Properties user = {{"bootstrap.servers", "127.0.0.1:1"}};
    user.insert(user.end(), extra.begin(), extra.end());
    const auto config = inspectedClientConfig(user);
    return config ? std::string() : config.error();
}

} // namespace

class ReadOnlyClient : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void librdkafkaHoldsTheReadOnlySettings();
    void settingsThatWouldWriteAreRefusedByName();
    void theClientCannotJoinCommitOrProduce();
};

void ReadOnlyClient::librdkafkaHoldsTheReadOnlySettings()
{
    const auto config = inspectedClientConfig(kUser);
    QVERIFY2(config, config ? "" : config.error().c_str());
    auto client = makeClient(*config, &g_quiet);
    QVERIFY(client);
    // What the handle was created with, as librdkafka reports it.
    const auto global = dumpConf(rd_kafka_conf(client->get()));
    QVERIFY(!global.count("group.id") || global.at("group.id").empty());
    QVERIFY(!global.count("group.instance.id") || global.at("group.instance.id").empty());
    QCOMPARE(global.at("enable.auto.commit"), std::string("false"));
    QCOMPARE(global.at("enable.auto.offset.store"), std::string("false"));
    QCOMPARE(global.at("allow.auto.create.topics"), std::string("false"));
    QCOMPARE(global.at("sasl.username"), std::string("sre")); // the user's settings are kept
    rd_kafka_topic_conf_t* topicConf = makeTopicConf(*config, nullptr);
    const auto topic = dumpTopicConf(topicConf);
    rd_kafka_topic_conf_destroy(topicConf);
    QCOMPARE(topic.at("auto.commit.enable"), std::string("false"));
    QCOMPARE(topic.at("auto.offset.reset"), std::string("smallest"));
    QCOMPARE(rd_kafka_type(client->get()), RD_KAFKA_CONSUMER);
}

void ReadOnlyClient::settingsThatWouldWriteAreRefusedByName()
{
    const std::string why = "driftscope never joins a group, commits offsets or creates topics";
    for (const Properties& bad : std::vector<Properties>{{{"group.id", "payments"}},
                                                         {{"group.instance.id", "x"}},
                                                         {{"enable.auto.commit", "true"}},
                                                         {{"enable.auto.commit", "TRUE"}},
                                                         {{"enable.auto.offset.store", "true"}},
                                                         {{"allow.auto.create.topics", "true"}},
                                                         {{"auto.commit.enable", "true"}}}) {
        const std::string error = refusal(bad);
        QVERIFY2(error.find("'" + bad.front().first + "'") != std::string::npos, error.c_str());
        QVERIFY2(error.find(why) != std::string::npos, error.c_str());
    }
    // Repeating a fixed value is fine, and a secret never shows in a refusal.
    QCOMPARE(refusal({{"enable.auto.commit", "false"}}), std::string());
    const std::string secretRefused = refusal({{"sasl.password", "planted-secret-9f3a"}, {"group.id", "g"}});
    QVERIFY(!secretRefused.empty());
    QCOMPARE(secretRefused.find("planted-secret-9f3a"), std::string::npos);
}

void ReadOnlyClient::theClientCannotJoinCommitOrProduce()
{
    auto owner = makeProducer({}, &g_quiet);
    QVERIFY(owner);
    rd_kafka_mock_cluster_t* cluster = rd_kafka_mock_cluster_new(owner->get(), 1);
    rd_kafka_mock_topic_create(cluster, "orders", 1, 1);
    const std::string bootstrap = rd_kafka_mock_cluster_bootstraps(cluster);
    {
        auto client = makeClient(inspectedClientConfig({{"bootstrap.servers", bootstrap}}).value(), &g_quiet);
        QVERIFY(client);
        rd_kafka_t* rk = client->get();

        rd_kafka_topic_partition_list_t* list = rd_kafka_topic_partition_list_new(1);
        rd_kafka_topic_partition_list_add(list, "orders", 0)->offset = 5;
        // No group: librdkafka refuses to subscribe (join) and to commit, synchronously.
        QCOMPARE(rd_kafka_subscribe(rk, list), RD_KAFKA_RESP_ERR__UNKNOWN_GROUP);
        QCOMPARE(rd_kafka_commit(rk, list, 0), RD_KAFKA_RESP_ERR__UNKNOWN_GROUP);
        rd_kafka_topic_partition_list_destroy(list);

        // A consumer handle accepts a produce call but never sends it.
        const char value[] = "must never arrive";
        rd_kafka_producev(rk, RD_KAFKA_V_TOPIC("orders"),
                          RD_KAFKA_V_VALUE(const_cast<char*>(value), sizeof value), RD_KAFKA_V_END);
        QVERIFY(rd_kafka_flush(rk, 500) != RD_KAFKA_RESP_ERR_NO_ERROR);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        int64_t low = -1, high = -1;
        QCOMPARE(rd_kafka_query_watermark_offsets(rk, "orders", 0, &low, &high, 5000),
                 RD_KAFKA_RESP_ERR_NO_ERROR);
        QCOMPARE(high, int64_t{0});
        // Topic creation is not checked here: the mock creates a topic for any metadata request
        // naming it, whatever allow.auto.create.topics says; the reader never names a topic the
        // cluster did not list (kafka_client.h), which tst_live's before/after comparison checks.
    }
    rd_kafka_mock_cluster_destroy(cluster);
}

QTEST_GUILESS_MAIN(ReadOnlyClient)
#include "tst_read_only_client.moc"
