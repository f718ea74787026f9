// driftscope-cli against live clusters, all as child processes talking Kafka over loopback:
// demo-cluster serves, report and record read it, a recorder is killed mid-write.
#include "support/cli_runner.h"
#include "support/demo_process.h"

#include "model/demo/demo_cluster.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <csignal>

using namespace driftscope;

namespace {

QJsonObject json(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// Whether the librdkafka linked takes `name` as a client setting.
bool librdkafkaTakes(const char* name)
{
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    char error[256];
    const bool taken = rd_kafka_conf_set(conf, name, "x", error, sizeof error) == RD_KAFKA_CONF_OK;
    rd_kafka_conf_destroy(conf);
    return taken;
}

} // namespace

class CliLive : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void demoClusterDescribesItself();
    void demoClusterJsonHasTheDocumentedKeys();
    void liveReport();
    void liveReportShowsTheReaderProblems();
    void liveTuneObservesTheRates();
    void offsetSyncsTopicThatDoesNotExistIsAnError();
    void emptyOffsetSyncsTopicBesideCheckpointsIsAnError();
    void everyFlowOfAnMm2Configuration();
    void recordThenReport();
    void killedRecorderLeavesAReadableCapture();
    void unreachableClustersFailInTime();
    void refusedClientSettingsAreAUsageErrorAtOnce();
    void unreadableTopicIsNamedWhenTheReportTimesOut();
    void unusableClientFailsAtOnce();
    void recordToAFullDiskOrAnUnwritablePlaceSaysSo();
    void plantedSecretsAppearInNoArtifact();

private:
    QStringList connection() const
    {
        return {"--source-bootstrap", m_source, "--target-bootstrap", m_target};
    }

    DemoProcess m_demoProcess;
    QProcess& m_demo = m_demoProcess.process;
    QJsonObject m_info;
    QString m_source, m_target;
};

void CliLive::initTestCase()
{
    QVERIFY(m_demoProcess.start());
    m_info = m_demoProcess.info;
    m_source = m_demoProcess.source;
    m_target = m_demoProcess.target;
    // Until MM2 emitted checkpoints and the groups committed: the demo's first checkpoint round
    // comes a few seconds after it starts, and a fixed wait is either too short or slow.
    QVERIFY(QTest::qWaitFor(
        [&] {
            const CliRun r =
                runCli(QStringList{"report"} + connection() + QStringList{"--json", "--group", "billing"});
            const QJsonObject o = json(r.out);
            return o["checkpoints_read"].toInt() > 0 && o["rows"].toArray().size() == 8;
        },
        30'000));
    QTest::qWait(2000); // a few checkpoint rounds more
}

void CliLive::cleanupTestCase()
{
    // SIGTERM stops it cleanly, with a summary.
    ::kill(static_cast<pid_t>(m_demo.processId()), SIGTERM);
    QVERIFY(m_demo.waitForFinished(20'000));
    QCOMPARE(m_demo.exitStatus(), QProcess::NormalExit);
    QCOMPARE(m_demo.exitCode(), 0);
    QVERIFY(QString::fromUtf8(m_demo.readAllStandardError()).contains("demo stopped: "));
}

void CliLive::demoClusterDescribesItself()
{
    QCOMPARE(m_info["source"].toObject()["alias"].toString(), QString("A"));
    QCOMPARE(m_info["target"].toObject()["alias"].toString(), QString("B"));
    QVERIFY(m_source.startsWith("127.0.0.1:"));
    QCOMPARE(m_info["offset_syncs_topic"].toString(), QString("mm2-offset-syncs.B.internal"));
    QCOMPARE(m_info["checkpoints_topic"].toString(), QString("A.checkpoints.internal"));
    QCOMPARE(m_info["groups"].toArray(), (QJsonArray{"billing", "analytics", "audit", "fraud"}));
}

void CliLive::demoClusterJsonHasTheDocumentedKeys()
{
    // The keys issue 4 documents, with their types (more keys are allowed).
    for (const char* side : {"source", "target"}) {
        QVERIFY2(m_info[side].isObject(), side);
        const QJsonObject cluster = m_info[side].toObject();
        for (const char* key : {"alias", "bootstrap"})
            QVERIFY2(cluster[key].isString() && !cluster[key].toString().isEmpty(), key);
    }
    for (const char* key : {"offset_syncs_topic", "checkpoints_topic"})
        QVERIFY2(m_info[key].isString() && !m_info[key].toString().isEmpty(), key);
    QVERIFY(m_info["groups"].isArray());
    QVERIFY(!m_info["groups"].toArray().isEmpty());
    for (const QJsonValue& g : m_info["groups"].toArray())
        QVERIFY(g.isString());
}

void CliLive::liveReport()
{
    const CliRun report =
        runCli(QStringList{"report"} + connection() + QStringList{"--json", "--group", "billing"});
    QCOMPARE(report.exitCode, 0);
    const QJsonObject o = json(report.out);
    QVERIFY(o["syncs_read"].toInt() > 0);
    QCOMPARE(o["unexplained_checkpoints"].toInt(), 0);
    const QJsonArray rows = o["rows"].toArray();
    QCOMPARE(rows.size(), 8);
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        QCOMPARE(row["group"].toString(), QString("billing"));
        QVERIFY(row["committed"].isDouble());
        QVERIFY(row["source_end"].isDouble());
        QVERIFY(row["target_end"].isDouble());
    }
    // The mock cannot list groups: said on stderr, not an error.
    QVERIFY(report.err.contains("groups come from the checkpoints topic and --group"));
}

// tune reads the clusters' rates over --observe seconds of samples, then answers as from a capture.
void CliLive::liveTuneObservesTheRates()
{
    const CliRun tune = runCli(QStringList{"tune"} + connection() +
                               QStringList{"--group", "billing", "--max-replay-records", "5000", "--observe",
                                           "8", "--sample-interval", "1", "--json"});
    QVERIFY2(tune.exitCode == 0 || tune.exitCode == 3, qPrintable(tune.err));
    QVERIFY(tune.err.contains("observing the clusters for 8.0 s (rates need a span of samples)"));
    const QJsonObject o = json(tune.out);
    QVERIFY(o["input"].toString().startsWith("live clusters as of "));
    QCOMPARE(o["group_partitions"].toInt(), 8); // billing reads eight partitions, all producing
    QCOMPARE(o["reachable"].toBool(), tune.exitCode == 0);
}

void CliLive::liveReportShowsTheReaderProblems()
{
    // A checkpoints topic that does not exist: with nothing to report the report is an error
    // that names the topic (aliases that match no topic end the same way)...
    const CliRun empty =
        runCli(QStringList{"report", "--json", "--checkpoints-topic", "no-such.checkpoints"} + connection());
    QCOMPARE(empty.exitCode, 1);
    QVERIFY2(
        empty.err.contains("no consumer group has a committed offset or checkpoint by ") &&
            empty.err.contains("; target topic-missing: no-such.checkpoints does not exist (are the aliases "
                               "MM2's cluster aliases"),
        qPrintable(empty.err));
    QCOMPARE(empty.out, QString());
    // ... and with a group the report is made (exit 0), and says so.
    const CliRun report = runCli(
        QStringList{"report", "--json", "--group", "billing", "--checkpoints-topic", "no-such.checkpoints"} +
        connection());
    QCOMPARE(report.exitCode, 0);
    const QJsonObject o = json(report.out);
    QCOMPARE(o["clusters"].toObject(), (QJsonObject{{"source", "connected"}, {"target", "connected"}}));
    QStringList problems;
    for (const QJsonValue& v : o["reader_problems"].toArray()) {
        const QJsonObject p = v.toObject();
        problems << p["cluster"].toString() + " " + p["state"].toString() + " x" +
                        QString::number(p["count"].toInt()) + ": " + p["message"].toString();
    }
    problems.sort(); // the two clusters' readers run side by side
    QCOMPARE(problems,
             (QStringList{"source group-listing-unavailable x1: group listing failed: Local: Required "
                          "feature not supported by broker; groups come from the checkpoints topic "
                          "and --group",
                          // The mock has no controller to send DescribeConfigs to; the report waits
                          // for the request to time out.
                          "source topic-configs-unknown x1: mm2-offset-syncs.B.internal: configs unknown: "
                          "Failed while waiting for controller: Local: Timed out",
                          "target topic-missing x1: no-such.checkpoints does not exist"}));
    QCOMPARE(
        o["undecodable_by_topic"].toObject(),
        (QJsonObject{{"offset-syncs", 0}, {"checkpoints", 0}, {"heartbeats", 0}, {"connect-offsets", 0}}));
    QVERIFY(o["syncs_read"].toInt() > 0);
    QCOMPARE(o["checkpoints_read"].toInt(), 0);
}

void CliLive::offsetSyncsTopicThatDoesNotExistIsAnError()
{
    // Every row used to read no-sync beside a plausible checkpoint, "replays 0", exit 0.
    const QString why =
        "no offset syncs: wrong-syncs does not exist on the source cluster A; MM2 4.4.0's configuration "
        "implies "
        "mm2-offset-syncs.B.internal on the source cluster A (aliases A and B, the default replication "
        "policy "
        "with separator '.', offset-syncs.topic.location source); topics whose names look like offset-syncs "
        "topics: mm2-offset-syncs.B.internal on A";
    const QStringList wrong = {"--offset-syncs-topic", "wrong-syncs", "--group", "billing"};
    const CliRun report = runCli(QStringList{"report"} + wrong + connection());
    QCOMPARE(report.exitCode, 1);
    QCOMPARE(report.out, QString());
    QVERIFY2(report.err.endsWith("driftscope-cli: " + why + "\n"), qPrintable(report.err));
    QTemporaryDir dir;
    const CliRun plan =
        runCli(QStringList{"failover-plan", "--out-dir", dir.filePath("plan")} + wrong + connection());
    QCOMPARE(plan.exitCode, 1);
    QVERIFY2(plan.err.endsWith("driftscope-cli: " + why + "\n"), qPrintable(plan.err));
    QVERIFY(!QDir(dir.filePath("plan")).exists());
    const QString capture = dir.filePath("nosyncs.capture");
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "--duration", "2"} + wrong + connection());
    QCOMPARE(record.exitCode, 1);
    QVERIFY2(record.err.endsWith("driftscope-cli: " + why + " (the capture " + capture +
                                 " keeps what was read)\n"),
             qPrintable(record.err));
    // Aliases that are not MM2's end the same way, with the name they derive.
    const CliRun alias = runCli(QStringList{"report", "--target-alias", "C"} + connection());
    QCOMPARE(alias.exitCode, 1);
    QVERIFY2(
        alias.err.endsWith(
            "driftscope-cli: no offset syncs: mm2-offset-syncs.C.internal does not exist on the source "
            "cluster "
            "A; that is the name MM2 4.4.0 derives from its configuration (aliases A and C, the default "
            "replication policy with separator '.', offset-syncs.topic.location source); topics whose names "
            "look like offset-syncs topics: mm2-offset-syncs.B.internal on A\n"),
        qPrintable(alias.err));
}

// Both directions enabled: A->B is the demo's, B->A has no MM2 behind it. report and
// failover-plan read both at once and refuse to answer for half of them; --flow reads one; tune
// takes one flow only.
void CliLive::everyFlowOfAnMm2Configuration()
{
    QTemporaryDir dir;
    const QString config = m_demoProcess.writeBothFlowsConfig(dir.path());
    QVERIFY(!config.isEmpty());
    const QStringList both = {"--mm2-config", config, "--group", "billing", "--timeout", "20"};
    const QString why =
        "driftscope-cli: flow B->A cannot be read: no offset syncs: mm2-offset-syncs.A.internal does not "
        "exist on the source cluster B; that is the name MM2 4.4.0 derives from its configuration (aliases "
        "B and A, the default replication policy with separator '.', offset-syncs.topic.location source); "
        "topics whose names look like offset-syncs topics: mm2-offset-syncs.B.internal on A\n"
        "to read A->B alone: --flow A->B\n";
    const CliRun report = runCli(QStringList{"report", "--json"} + both);
    QCOMPARE(report.exitCode, 1);
    QCOMPARE(report.out, QString());
    QVERIFY2(report.err.endsWith(why), qPrintable(report.err.right(600)));
    // Each flow's notes name it.
    QVERIFY(report.err.contains("\nnote: flow B->A: B.checkpoints.internal does not exist\n"));
    const CliRun plan = runCli(QStringList{"failover-plan", "--out-dir", dir.filePath("plan")} + both);
    QCOMPARE(plan.exitCode, 1);
    QVERIFY2(plan.err.endsWith(why), qPrintable(plan.err));
    QVERIFY(!QDir(dir.filePath("plan")).exists());

    // --flow A->B: one JSON object, which names its flow, as every row does.
    const CliRun one = runCli(QStringList{"report", "--json", "--flow", "A->B"} + both);
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(one.out.count('\n'), 1);
    const QJsonObject o = json(one.out);
    QCOMPARE(o["flow"].toString(), QString("A->B"));
    QCOMPARE(o["rows"].toArray().size(), 8);
    for (const QJsonValue& row : o["rows"].toArray())
        QCOMPARE(row.toObject()["flow"].toString(), QString("A->B"));
    const CliRun csv = runCli(QStringList{"report", "--csv", "--flow", "A->B"} + both);
    QCOMPARE(csv.exitCode, 0);
    QVERIFY(csv.out.startsWith("flow,group,topic,partition,target_topic,"));
    QCOMPARE(csv.out.count("\nA->B,billing,"), 8);

    const CliRun tune = runCli(QStringList{"tune", "--max-replay-records", "5000"} + both);
    QCOMPARE(tune.exitCode, 1);
    QVERIFY2(tune.err.contains("choose one with --flow"), qPrintable(tune.err));

    // Options that name a cluster by its role, or one flow's records, need --flow: in B->A,
    // "source" is B, and A's secret would go to B.
    for (const QStringList& oneFlow :
         {QStringList{"-X", "source.sasl.password=secret"}, QStringList{"--task-start", "10"},
          QStringList{"--checkpoints-topic", "x"}}) {
        const CliRun refused = runCli(QStringList{"report"} + both + oneFlow);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(" enables 2 flows (A->B, B->A), and " + oneFlow[0] +
                                      " would apply to a different cluster or topic in each: read one "
                                      "flow with --flow A->B"),
                 qPrintable(refused.err));
        QVERIFY(!refused.err.contains("secret"));
    }
}

void CliLive::emptyOffsetSyncsTopicBesideCheckpointsIsAnError()
{
    // Clusters of this process, with an empty topic whose name looks right beside MM2's real one.
    kafka::DemoScenario scenario = kafka::demoScenario("steady").value();
    scenario.emitCheckpointsIntervalMs = 1000;
    auto demo = kafka::DemoClusters::start(scenario);
    QVERIFY(demo.ok());
    QVERIFY((*demo)->createEmptyTopic(ClusterSide::Source, "mm2-offset-syncs.B2.internal"));
    const kafka::DemoInfo& info = (*demo)->info();
    const QStringList clusters = {"--source-bootstrap", QString::fromStdString(info.sourceBootstrap),
                                  "--target-bootstrap", QString::fromStdString(info.targetBootstrap)};
    QVERIFY(QTest::qWaitFor(
        [&] {
            const CliRun r = runCli(QStringList{"report", "--json"} + clusters);
            return json(r.out)["checkpoints_read"].toInt() > 0;
        },
        30'000));
    const CliRun r = runCli(
        QStringList{"report", "--offset-syncs-topic", "mm2-offset-syncs.B2.internal", "--timeout", "20"} +
        clusters);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    const QRegularExpression expected(
        "driftscope-cli: no offset syncs: mm2-offset-syncs\\.B2\\.internal on the source cluster A is empty "
        "while "
        "([1-9][0-9]*) checkpoint records were read from A\\.checkpoints\\.internal \\(MM2 writes a "
        "partition's "
        "offset sync before any checkpoint that uses it\\); MM2 4\\.4\\.0's configuration implies "
        "mm2-offset-syncs\\.B\\.internal on the source cluster A \\(aliases A and B, the default replication "
        "policy with separator '\\.', offset-syncs\\.topic\\.location source\\); topics whose names look "
        "like "
        "offset-syncs topics: mm2-offset-syncs\\.B\\.internal on A\n$");
    QVERIFY2(expected.match(r.err).hasMatch(), qPrintable(r.err));
}

void CliLive::recordThenReport()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath("rec.capture");
    // A secret setting (harmless here: the clusters use no SASL) must not reach the file.
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    // 8 s: the mock answers the offset-syncs topic's DescribeConfigs once the request timed out (3 s).
    const CliRun rec = runCli(QStringList{"record", "--out", capture, "--duration", "8", "-X",
                                          "source.sasl.password=hunter2-secret"} +
                              connection());
    QCOMPARE(rec.exitCode, 0);
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("hunter2-secret"));
    const CliRun exported = runCli({"export", capture});
    QVERIFY(exported.out.contains(
        "{\"kind\":\"config\",\"key\":\"source.sasl.password\",\"value\":\"[redacted]\"}"));
    QVERIFY2(rec.err.contains("recorded "), qPrintable(rec.err));
    QVERIFY(!QFile::exists(capture + "-wal")); // finished: one self-contained file
    const CliRun report = runCli({"report", capture, "--json"});
    QCOMPARE(report.exitCode, 0);
    const QJsonObject o = json(report.out);
    QVERIFY(o["checkpoints_read"].toInt() > 0);
    // Eight mirrored partitions per group that has committed so far (the demo's groups commit
    // every 5, 10 and 30 seconds).
    const qsizetype rows = o["rows"].toArray().size();
    QVERIFY(rows >= 8 && rows % 8 == 0);
    QCOMPARE(o["unexplained_checkpoints"].toInt(), 0);
    // The capture keeps why the offset-syncs topic's configs are unknown, and so no risk is judged.
    QJsonObject topic = o["offset_syncs_topic"].toObject();
    const qint64 described = topic.take("described_at_ms").toInteger();
    QVERIFY(described > started && described < QDateTime::currentMSecsSinceEpoch());
    QCOMPARE(topic,
             (QJsonObject{{"at_risk", QJsonValue::Null},
                          {"unknown_because", "Failed while waiting for controller: Local: Timed out"}}));
}

// The newest moment a capture's export knows of: records read and samples taken.
qint64 lastActivity(const QString& exported)
{
    qint64 last = 0;
    for (const QString& line : exported.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = json(line);
        last = std::max({last, o["read_at_ms"].toInteger(), o["sampled_at_ms"].toInteger()});
    }
    return last;
}

void CliLive::killedRecorderLeavesAReadableCapture()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath("killed.capture");
    QProcess recorder;
    recorder.start(DRIFTSCOPE_CLI,
                   QStringList{"record", "--out", capture, "--sample-interval", "1"} + connection());
    QVERIFY(recorder.waitForStarted());
    QTest::qWait(5000); // appends every second, the WAL checkpointed after three
    const qint64 killedAt = QDateTime::currentMSecsSinceEpoch();
    ::kill(static_cast<pid_t>(recorder.processId()), SIGKILL);
    QVERIFY(recorder.waitForFinished(5000));
    QCOMPARE(recorder.exitStatus(), QProcess::CrashExit);
    QVERIFY(QFile::exists(capture + "-wal"));
    // The main file alone, as someone copying just the .capture would have it.
    QTemporaryDir elsewhere;
    const QString alone = elsewhere.filePath("killed.capture");
    QVERIFY(QFile::copy(capture, alone));

    const CliRun exported = runCli({"export", capture});
    QCOMPARE(exported.exitCode, 0);
    // The offset syncs read so far form an unbroken prefix of the topic.
    qint64 expected = 0;
    for (const QString& line : exported.out.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = json(line);
        if (o["kind"] == "offset-sync")
            QCOMPARE(o["topic_offset"].toInteger(), expected++);
    }
    QVERIFY(expected > 0);
    // Everything up to the last append before the kill: within about a second (appends every
    // second, samples every second, heartbeats read as they come).
    const qint64 last = lastActivity(exported.out);
    QVERIFY2(last >= killedAt - 2000,
             qPrintable(QString("last activity %1 ms before the kill").arg(killedAt - last)));
    QVERIFY(last <= killedAt);
    const CliRun report = runCli({"report", capture, "--json"});
    QCOMPARE(report.exitCode, 0);
    QVERIFY(!json(report.out)["rows"].toArray().isEmpty());

    // Without its -wal file the capture still opens, with what the last checkpoint took in.
    const CliRun copied = runCli({"export", alone});
    QCOMPARE(copied.exitCode, 0);
    QVERIFY(copied.out.contains("\"kind\":\"offset-sync\""));
    QVERIFY(lastActivity(copied.out) <= last);
}

void CliLive::unreachableClustersFailInTime()
{
    QElapsedTimer timer;
    timer.start();
    const CliRun r = runCli(
        {"report", "--source-bootstrap", "127.0.0.1:1", "--target-bootstrap", m_target, "--timeout", "2"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("the clusters could not be read within 2 s"), qPrintable(r.err));
    QVERIFY2(r.err.contains("source cluster unreachable"), qPrintable(r.err));
    // The syncs topic was never seen: said so, not "0 of -1 records read".
    QVERIFY2(r.err.contains(
                 "mm2-offset-syncs.B.internal: not found (the source cluster has not listed its topics)"),
             qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY(timer.elapsed() < 15'000);

    // A recording that read nothing is an error naming why, not a capture that looks fine.
    QTemporaryDir dir;
    const QString capture = dir.filePath("nothing.capture");
    const CliRun rec = runCli({"record", "--out", capture, "--duration", "2", "--source-bootstrap",
                               "127.0.0.1:1", "--target-bootstrap", "127.0.0.1:1"});
    QCOMPARE(rec.exitCode, 1);
    QVERIFY2(rec.err.contains(
                 "driftscope-cli: read nothing from the clusters; the source cluster is unreachable") &&
                 rec.err.contains("; the target cluster is unreachable") &&
                 rec.err.contains("(the capture " + capture + " holds only the set-up)"),
             qPrintable(rec.err));
}

void CliLive::refusedClientSettingsAreAUsageErrorAtOnce()
{
    // Found before anything connects: no waiting for --timeout, no recording without data.
    const QString refused =
        "driftscope-cli: source cluster A: client setting 'no.such.key' is not accepted by "
        "librdkafka: No such configuration property: \"no.such.key\"\n";
    QElapsedTimer timer;
    timer.start();
    const CliRun report =
        runCli(QStringList{"report", "--timeout", "30", "-X", "source.no.such.key=1"} + connection());
    QCOMPARE(report.exitCode, 2);
    QVERIFY2(report.err.startsWith(refused), qPrintable(report.err));
    QVERIFY(report.out.isEmpty());
    QTemporaryDir dir;
    const QString capture = dir.filePath("never.capture");
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "-X", "source.no.such.key=1"} + connection());
    QCOMPARE(record.exitCode, 2);
    QVERIFY2(record.err.startsWith(refused), qPrintable(record.err));
    QVERIFY(!QFile::exists(capture));
    // A secret setting is named, never shown.
    const CliRun secret =
        runCli(QStringList{"report", "-X", "target.sasl.no.such.password=hunter2-secret"} + connection());
    QCOMPARE(secret.exitCode, 2);
    QVERIFY2(secret.err.contains("target cluster B: client setting 'sasl.no.such.password'"),
             qPrintable(secret.err));
    QVERIFY(!secret.err.contains("hunter2"));
    QVERIFY(timer.elapsed() < 5000);
}

void CliLive::unreadableTopicIsNamedWhenTheReportTimesOut()
{
    // Clusters of this process whose target refuses every ListOffsets request, as a broker does
    // for a principal without Describe on the topics.
    auto demo = kafka::DemoClusters::start(kafka::demoScenario("steady").value());
    QVERIFY(demo.ok());
    (*demo)->pushRequestErrors(ClusterSide::Target, kafka::MockRequest::ListOffsets, 100'000,
                               RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED);
    const kafka::DemoInfo& info = (*demo)->info();
    const CliRun r = runCli({"report", "--source-bootstrap", QString::fromStdString(info.sourceBootstrap),
                             "--target-bootstrap", QString::fromStdString(info.targetBootstrap), "--timeout",
                             "3", "--sample-interval", "1"});
    (*demo)->clearRequestErrors(ClusterSide::Target, kafka::MockRequest::ListOffsets);
    QCOMPARE(r.exitCode, 1);
    const QString refused = "log offsets request failed: Broker: Topic authorization failed";
    QVERIFY2(
        r.err.contains("the clusters could not be read within 3 s; A.checkpoints.internal: not readable on "
                       "the target cluster: " +
                       refused),
        qPrintable(r.err));
    // Said once on stderr, though every round of those 3 s failed the same way.
    QCOMPARE(r.err.count("note: A.checkpoints.internal cannot be read: " + refused), 1);
    QVERIFY(r.out.isEmpty());
}

void CliLive::unusableClientFailsAtOnce()
{
    // Settings librdkafka accepts but cannot make a client of (a CA file that is not there).
    const QStringList broken = {"-X", "source.security.protocol=ssl", "-X",
                                "source.ssl.ca.location=/nonexistent/ca.pem"};
    const QString failed = "source cluster A: cannot create a Kafka client: ssl.ca.location failed";
    QElapsedTimer timer;
    timer.start();
    const CliRun report = runCli(QStringList{"report", "--timeout", "30"} + broken + connection());
    QCOMPARE(report.exitCode, 1);
    QVERIFY2(report.err.contains("driftscope-cli: the clusters cannot be read; "), qPrintable(report.err));
    QVERIFY2(report.err.contains("source cluster failed: " + failed), qPrintable(report.err));
    QTemporaryDir dir;
    const QString capture = dir.filePath("failed.capture");
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "--duration", "30"} + broken + connection());
    QCOMPARE(record.exitCode, 1);
    QVERIFY2(record.err.contains("driftscope-cli: cannot record: " + failed), qPrintable(record.err));
    QVERIFY(timer.elapsed() < 10'000);
    // The capture keeps what happened.
    const CliRun exported = runCli({"export", capture});
    QCOMPARE(exported.exitCode, 0);
    QVERIFY(exported.out.contains("\"side\":\"source\",\"state\":\"failed\""));
}

void CliLive::recordToAFullDiskOrAnUnwritablePlaceSaysSo()
{
    QTemporaryDir dir;
    // A file size limit of 64 KiB stands in for a full disk: the first writes fail.
    const QString full = dir.filePath("full.capture");
    const CliRun r =
        runCli(QStringList{"record", "--out", full, "--duration", "5"} + connection(), 60'000, 64 * 1024);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("(is the disk full, or a file size limit reached?)"), qPrintable(r.err));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty()); // nothing half-made is left
    // A place where no file can be created.
    const CliRun proc =
        runCli(QStringList{"record", "--out", "/proc/driftscope.capture", "--duration", "2"} + connection());
    QCOMPARE(proc.exitCode, 1);
    QVERIFY2(proc.err.contains("/proc/driftscope.capture: cannot create"), qPrintable(proc.err));
    const CliRun missing =
        runCli(QStringList{"record", "--out", dir.filePath("no/such/dir/x.capture"), "--duration", "2"} +
               connection());
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains("cannot create"), qPrintable(missing.err));
}

void CliLive::plantedSecretsAppearInNoArtifact()
{
    // Secrets in a properties file and on the command line (harmless: the clusters use no
    // SASL or TLS) reach no capture, export, report or message.
    QTemporaryDir dir;
    const QStringList secrets = {"planted-pw-4c1e", "planted-keypw-77aa", "planted-target-0b9d",
                                 "planted-refused-5e2f"};
    const QString properties = dir.filePath("source.properties");
    {
        QFile f(properties);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString("sasl.username=sre\nsasl.password=%1\nssl.key.password=%2\n")
                    .arg(secrets[0], secrets[1])
                    .toUtf8());
    }
    const QString capture = dir.filePath("secrets.capture");
    const QStringList secretArgs = {"--source-properties", properties, "-X",
                                    "target.sasl.password=" + secrets[2]};
    std::vector<CliRun> runs;
    runs.push_back(
        runCli(QStringList{"record", "--out", capture, "--duration", "3"} + secretArgs + connection()));
    QCOMPARE(runs.back().exitCode, 0);
    runs.push_back(runCli(QStringList{"report", "--json"} + secretArgs + connection()));
    runs.push_back(runCli({"export", capture}));
    runs.push_back(runCli({"report", capture, "--json"}));
    runs.push_back(runCli({"report", capture, "--csv"}));
    runs.push_back(runCli({"report", capture}));
    // Refused settings are named without their values: librdkafka takes no JAAS, and no OIDC
    // secret where it was built without libcurl (Debian 12's 2.0.2; Debian 13's 2.8.0 that
    // .ci/librdkafka builds has it, so there the report runs with the secret and prints none).
    const int oidcExit = librdkafkaTakes("sasl.oauthbearer.client.secret") ? 0 : 2;
    const std::vector<std::pair<QString, int>> withSecrets = {
        {"target.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
         "username=\"sre\" password=\"" +
             secrets[3] + "\";",
         2},
        {"target.sasl.oauthbearer.client.secret=" + secrets[3], oidcExit},
        {"source.no.such.setting=" + secrets[0], 2}};
    for (const auto& [setting, exitCode] : withSecrets) {
        runs.push_back(runCli(QStringList{"report", "--json", "-X", setting} + secretArgs + connection()));
        QCOMPARE(runs.back().exitCode, exitCode);
    }
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 4096);
    for (const QString& secret : secrets) {
        QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret));
        for (const CliRun& run : runs) {
            QVERIFY2(!run.out.contains(secret), qPrintable(secret + " in " + run.out.left(200)));
            QVERIFY2(!run.err.contains(secret), qPrintable(secret + " in " + run.err.left(200)));
        }
    }
    QVERIFY(runs[2].out.contains("\"value\":\"[redacted]\""));
}

QTEST_GUILESS_MAIN(CliLive)
#include "tst_cli_live.moc"
