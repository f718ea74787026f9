// driftscope-cli serve against the embedded demo clusters, all as child processes: /metrics and
// /report of one refresh say the same thing, the exposition passes Prometheus' own promtool,
// and a watcher that cannot answer yet says why instead of serving numbers.
#include "support/cli_runner.h"
#include "support/demo_process.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <map>
#include <set>

namespace {

struct HttpAnswer {
    int status = 0;
    QByteArray body;
    QByteArray refresh; // X-Driftscope-Refresh
};

HttpAnswer get(const QString& url)
{
    QNetworkAccessManager manager;
    QNetworkReply* reply = manager.get(QNetworkRequest(QUrl(url)));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    loop.exec();
    HttpAnswer answer{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll(),
                      reply->rawHeader("X-Driftscope-Refresh")};
    reply->deleteLater();
    return answer;
}

// The exposition's samples, by "name{label="value",...}" exactly as printed (prometheus-cpp
// prints labels in the order the family gave them: flow first).
std::map<QString, double> samples(const QByteArray& text)
{
    std::map<QString, double> out;
    for (const QByteArray& line : text.split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const qsizetype space = line.lastIndexOf(' ');
        out[QString::fromUtf8(line.left(space))] = line.mid(space + 1).toDouble();
    }
    return out;
}

size_t countOf(const std::map<QString, double>& s, const QString& name)
{
    size_t n = 0;
    for (const auto& [key, value] : s)
        if (key.startsWith(name + "{"))
            ++n;
    return n;
}

QString rowKey(const QString& name, const QJsonObject& row, const QString& extra = {})
{
    return name + "{flow=\"A->B\",group=\"" + row["group"].toString() + "\",topic=\"" +
           row["topic"].toString() + "\",partition=\"" + QString::number(row["partition"].toInt()) + "\"" +
           extra + "}";
}

QString groupKey(const QString& name, const QString& group, const QString& extra = {})
{
    return name + "{flow=\"A->B\",group=\"" + group + "\"" + extra + "}";
}

// A watcher as a child process; its address comes from the line it prints on stderr.
struct Serve {
    QProcess process;
    QString base; // http://127.0.0.1:PORT

    bool start(const QStringList& args)
    {
        process.start(DRIFTSCOPE_CLI, QStringList{"serve", "--listen", "127.0.0.1:0"} + args);
        if (!process.waitForStarted())
            return false;
        static const QRegularExpression address("serving (http://127\\.0\\.0\\.1:\\d+)/metrics");
        QString err;
        for (int i = 0; i < 100 && base.isEmpty(); ++i) {
            process.waitForReadyRead(100);
            err += QString::fromUtf8(process.readAllStandardError());
            if (auto m = address.match(err); m.hasMatch())
                base = m.captured(1);
        }
        return !base.isEmpty();
    }
    // SIGTERM, as a service manager stops it: exit 0 with a last note.
    QString stop()
    {
        ::kill(static_cast<pid_t>(process.processId()), SIGTERM);
        process.waitForFinished(20'000);
        return QString::fromUtf8(process.readAllStandardError());
    }
    ~Serve()
    {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished();
        }
    }
};

bool promtoolAccepts(const QByteArray& exposition, QString& complaint)
{
    QProcess promtool;
    promtool.start("promtool", {"check", "metrics"});
    if (!promtool.waitForStarted()) {
        complaint = "promtool is not installed (Debian's prometheus package: .ci/bootstrap test installs it)";
        return false;
    }
    promtool.write(exposition);
    promtool.closeWriteChannel();
    promtool.waitForFinished(20'000);
    complaint = QString::fromUtf8(promtool.readAllStandardOutput() + promtool.readAllStandardError());
    return promtool.exitStatus() == QProcess::NormalExit && promtool.exitCode() == 0;
}

} // namespace

class Serving : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void metricsAndReportOfOneRefreshAgree();
    void largeFleetsDropThePartitionSeries();
    void unreachableClustersServeNoNumbers();
    void everyFlowOfAnMm2Configuration();
    void refusals();

private:
    QStringList connection() const { return m_demo.connection(); }

    DemoProcess m_demo;
};

void Serving::initTestCase()
{
    QVERIFY(m_demo.start());
    // Until MM2 emitted checkpoints and the groups committed (the demo's first round comes a few
    // seconds after it starts).
    QVERIFY(QTest::qWaitFor(
        [&] {
            const CliRun r = runCli(QStringList{"report", "--json"} + connection());
            return QJsonDocument::fromJson(r.out.toUtf8()).object()["rows"].toArray().size() >= 24;
        },
        30'000));
}

void Serving::cleanupTestCase()
{
    QVERIFY(m_demo.stop());
}

void Serving::metricsAndReportOfOneRefreshAgree()
{
    // One report an hour: every scrape below answers from the same state.
    Serve serve;
    QVERIFY(serve.start(connection() + QStringList{"--refresh", "3600", "--max-replay-records", "400"}));
    HttpAnswer report;
    QVERIFY(QTest::qWaitFor(
        [&] {
            report = get(serve.base + "/report");
            return report.status == 200;
        },
        30'000));
    const HttpAnswer metrics = get(serve.base + "/metrics");
    QCOMPARE(metrics.status, 200);
    QCOMPARE(metrics.refresh, report.refresh);
    const auto s = samples(metrics.body);
    const QJsonObject r = QJsonDocument::fromJson(report.body).object();
    const QJsonArray rows = r["rows"].toArray();
    QVERIFY(rows.size() >= 8);

    QCOMPARE(s.at("driftscope_ready{flow=\"A->B\"}"), 1.0);
    QCOMPARE(s.at("driftscope_report_timestamp_seconds{flow=\"A->B\"}"), r["at_ms"].toDouble() / 1000);
    QCOMPARE(s.at("driftscope_replay_budget_offsets{flow=\"A->B\"}"), 400.0);
    QCOMPARE(s.at("driftscope_unexplained_checkpoints{flow=\"A->B\"}"),
             r["unexplained_checkpoints"].toDouble());
    QCOMPARE(s.at("driftscope_reader_up{flow=\"A->B\",cluster=\"source\"}"), 1.0);
    QCOMPARE(s.at("driftscope_reader_up{flow=\"A->B\",cluster=\"target\"}"), 1.0);
    QVERIFY(s.at("driftscope_records_read_total{flow=\"A->B\",topic=\"mm2-offset-syncs.B.internal\"}") >=
            r["syncs_read"].toDouble());
    // Nothing thinned yet (the first thinning comes 5 minutes in): it holds all it read.
    QVERIFY(s.at("driftscope_watcher_held_records{flow=\"A->B\"}") >=
            r["syncs_read"].toDouble() + r["checkpoints_read"].toDouble());

    // Per group partition, the same figures as the report's row.
    size_t resumes = 0, replays = 0, verdicts = 0;
    std::map<QString, std::pair<double, double>> replayByGroup; // max, sum
    std::map<QString, std::map<QString, int>> verdictsByGroup;
    std::set<QString> unknownGroups;
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const QString group = row["group"].toString();
        if (!row["resume_offset"].isNull()) {
            ++resumes;
            QCOMPARE(s.at(rowKey("driftscope_resume_offset", row,
                                 ",source=\"" + row["resume_from"].toString() + "\"")),
                     row["resume_offset"].toDouble());
        }
        if (!row["committed"].isNull())
            QCOMPARE(s.at(rowKey("driftscope_committed_offset", row)), row["committed"].toDouble());
        const QJsonObject replay = row["replay"].toObject();
        // Known and not a skip: "replay", or "none" for a replay of 0.
        if (!replay["replay"].isNull() && replay["skip"].toInteger() == 0) {
            ++replays;
            const double offsets = replay["replay"].toDouble();
            QCOMPARE(s.at(rowKey("driftscope_replay_window_offsets", row)), offsets);
            QCOMPARE(s.at(rowKey("driftscope_replay_part_offsets", row, ",part=\"granularity\"")),
                     replay["granularity"].toDouble());
            QCOMPARE(s.at(rowKey("driftscope_replay_part_offsets", row, ",part=\"checkpoint_staleness\"")),
                     replay["staleness"].toDouble());
            QCOMPARE(s.at(rowKey("driftscope_replay_part_offsets", row, ",part=\"commit_cadence\"")),
                     replay["cadence"].toDouble());
            QCOMPARE(s.at(rowKey("driftscope_replay_part_offsets", row, ",part=\"group_sync\"")),
                     replay["group_sync"].toDouble());
            if (!replay["time_ms"].isNull())
                QCOMPARE(s.at(rowKey("driftscope_replay_window_seconds", row)),
                         replay["time_ms"].toDouble() / 1000);
            auto& [max, sum] = replayByGroup[group];
            max = std::max(max, offsets);
            sum += offsets;
        } else { // unknown, may skip, skips, or no checkpoint: no group figure either
            unknownGroups.insert(group);
            QVERIFY(!s.count(rowKey("driftscope_replay_window_offsets", row)));
        }
        const QJsonObject checkpoint = row["checkpoint"].toObject();
        if (!checkpoint.isEmpty()) {
            QCOMPARE(s.at(rowKey("driftscope_checkpoint_age_seconds", row)),
                     checkpoint["age_ms"].toDouble() / 1000);
            QCOMPARE(s.at(rowKey("driftscope_checkpoint_held", row)),
                     checkpoint["held"].toBool() ? 1.0 : 0.0);
        }
        const QString status = row["if_checkpointed_now"].toObject()["status"].toString();
        for (const char* each : {"translated", "too-old", "no-sync", "not-ready", "identity"})
            QCOMPARE(s.at(rowKey("driftscope_translation_status", row, QString(",status=\"") + each + "\"")),
                     status == each ? 1.0 : 0.0);
        for (const QJsonValue& verdict : row["health"].toArray()) {
            ++verdicts;
            ++verdictsByGroup[group][verdict.toString()];
            QCOMPARE(s.at(rowKey("driftscope_verdict", row, ",verdict=\"" + verdict.toString() + "\"")), 1.0);
        }
    }
    QCOMPARE(countOf(s, "driftscope_resume_offset"), resumes);
    QCOMPARE(countOf(s, "driftscope_replay_window_offsets"), replays);
    QCOMPARE(countOf(s, "driftscope_verdict"), verdicts);
    QVERIFY(replays > 0);
    // Per group: max and sum where every partition's replay is known.
    for (const auto& [group, figures] : replayByGroup) {
        if (unknownGroups.count(group)) {
            QVERIFY(!s.count(groupKey("driftscope_group_replay_window_offsets_max", group)));
            continue;
        }
        QCOMPARE(s.at(groupKey("driftscope_group_replay_window_offsets_max", group)), figures.first);
        QCOMPARE(s.at(groupKey("driftscope_group_replay_window_offsets_across_partitions", group)),
                 figures.second);
    }
    for (const auto& [group, counts] : verdictsByGroup)
        for (const auto& [verdict, count] : counts)
            QCOMPARE(
                s.at(groupKey("driftscope_group_verdict_partitions", group, ",verdict=\"" + verdict + "\"")),
                double(count));
    // The store's syncs per partition: the demo mirrors 8 partitions.
    QCOMPARE(countOf(s, "driftscope_retained_syncs"), size_t{8});

    QString complaint;
    QVERIFY2(promtoolAccepts(metrics.body, complaint), qPrintable(complaint));
    // The state stays that of the one report, and says how old it is.
    QTest::qWait(1100);
    const auto later = samples(get(serve.base + "/metrics").body);
    QVERIFY(later.at("driftscope_snapshot_age_seconds{flow=\"A->B\"}") >= 1.0);
    QCOMPARE(later.at("driftscope_report_timestamp_seconds{flow=\"A->B\"}"),
             s.at("driftscope_report_timestamp_seconds{flow=\"A->B\"}"));
    const QString err = serve.stop();
    QCOMPARE(serve.process.exitCode(), 0);
    QVERIFY2(err.contains("serve stopped after "), qPrintable(err));
}

void Serving::largeFleetsDropThePartitionSeries()
{
    Serve serve;
    QVERIFY(serve.start(connection() + QStringList{"--refresh", "3600", "--partition-metrics=false"}));
    QVERIFY(QTest::qWaitFor([&] { return get(serve.base + "/report").status == 200; }, 30'000));
    const auto s = samples(get(serve.base + "/metrics").body);
    QCOMPARE(countOf(s, "driftscope_resume_offset"), size_t{0});
    QCOMPARE(countOf(s, "driftscope_retained_syncs"), size_t{0});
    QVERIFY(countOf(s, "driftscope_group_partitions") >= 3);
    QCOMPARE(countOf(s, "driftscope_group_verdict_partitions"),
             countOf(s, "driftscope_group_partitions") * 14); // one series per verdict
}

void Serving::unreachableClustersServeNoNumbers()
{
    Serve serve;
    QVERIFY(serve.start({"--source-bootstrap", "127.0.0.1:1", "--target-bootstrap", "127.0.0.1:1"}));
    QTest::qWait(1500);
    const HttpAnswer report = get(serve.base + "/report");
    QCOMPARE(report.status, 503);
    const QString error = QJsonDocument::fromJson(report.body).object()["error"].toString();
    QVERIFY2(error.startsWith("the clusters' history is not read yet; "), qPrintable(error));
    QVERIFY2(error.contains("source cluster "), qPrintable(error));
    const auto s = samples(get(serve.base + "/metrics").body);
    QCOMPARE(s.at("driftscope_ready{flow=\"A->B\"}"), 0.0);
    QCOMPARE(s.at("driftscope_reader_up{flow=\"A->B\",cluster=\"source\"}"), 0.0);
    QCOMPARE(s.at("driftscope_reader_up{flow=\"A->B\",cluster=\"target\"}"), 0.0);
    QCOMPARE(countOf(s, "driftscope_resume_offset"), size_t{0});
    QCOMPARE(countOf(s, "driftscope_group_partitions"), size_t{0});
    serve.stop();
    QCOMPARE(serve.process.exitCode(), 0);
}

void Serving::everyFlowOfAnMm2Configuration()
{
    QTemporaryDir dir;
    const QString config = m_demo.writeBothFlowsConfig(dir.path());
    QVERIFY(!config.isEmpty());
    Serve serve;
    QVERIFY(serve.start({"--mm2-config", config, "--refresh", "3600"}));
    QVERIFY(QTest::qWaitFor([&] { return get(serve.base + "/report?flow=A-%3EB").status == 200; }, 30'000));
    HttpAnswer metrics;
    QVERIFY(QTest::qWaitFor(
        [&] {
            metrics = get(serve.base + "/metrics");
            return metrics.body.contains("driftscope_reader_up{flow=\"B->A\",cluster=\"target\"} 1");
        },
        20'000));
    const auto s = samples(metrics.body);
    QCOMPARE(s.at("driftscope_ready{flow=\"A->B\"}"), 1.0);
    QCOMPARE(s.at("driftscope_ready{flow=\"B->A\"}"), 0.0);
    QCOMPARE(metrics.body.count("# HELP driftscope_ready "), 1); // each family once, both flows in it
    QString complaint;
    QVERIFY2(promtoolAccepts(metrics.body, complaint), qPrintable(complaint));

    const HttpAnswer both = get(serve.base + "/report");
    QCOMPARE(both.status, 400);
    QCOMPARE(QJsonDocument::fromJson(both.body).object()["error"].toString(),
             QString("several flows are watched: name one, GET /report?flow=A->B (flows: A->B, B->A)"));
    const HttpAnswer ab = get(serve.base + "/report?flow=A-%3EB");
    QCOMPARE(QJsonDocument::fromJson(ab.body).object()["source"].toString(), QString("A"));
    const HttpAnswer ba = get(serve.base + "/report?flow=B-%3EA");
    QCOMPARE(ba.status, 503);
    const QString why = QJsonDocument::fromJson(ba.body).object()["error"].toString();
    QVERIFY2(
        why.startsWith("no offset syncs: mm2-offset-syncs.A.internal does not exist on the source cluster B"),
        qPrintable(why));
    QCOMPARE(get(serve.base + "/report?flow=C-%3ED").status, 404);
    serve.stop();
    QCOMPARE(serve.process.exitCode(), 0);
}

void Serving::refusals()
{
    CliRun run = runCli(QStringList{"serve"} + connection());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("serve needs --listen HOST:PORT"), qPrintable(run.err));
    run = runCli(QStringList{"serve", "--listen", "somewhere:99999"} + connection());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--listen: expected HOST:PORT"), qPrintable(run.err));
    run = runCli({"serve", "--listen", "127.0.0.1:0"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("serve needs the clusters"), qPrintable(run.err));
    run = runCli(QStringList{"serve", "--listen", "127.0.0.1:0", "--partition-metrics=maybe"} + connection());
    QCOMPARE(run.exitCode, 2);
    run = runCli(QStringList{"serve", "--listen", "127.0.0.1:0", "--sync-history", "10"} + connection());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--sync-history: '10' is not an integer from 15 to 10080"),
             qPrintable(run.err));
    // A taken port is an input error, said at once.
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress::LocalHost));
    run = runCli(QStringList{"serve", "--listen", "127.0.0.1:" + QString::number(taken.serverPort())} +
                 connection());
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("cannot listen on 127.0.0.1:"), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(Serving)
#include "tst_serve.moc"
