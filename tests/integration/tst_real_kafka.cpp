// driftscope against real Kafka brokers and a real MirrorMaker 2 (tests/real_kafka/README.md):
// the rig that real_kafka_start set up in DRIFTSCOPE_REAL_KAFKA_WORK, running the Kafka release
// DRIFTSCOPE_REAL_KAFKA_RELEASE (driftscope is told it with --mm2-version; real_kafka_39_start's
// rig runs 3.9.1 for a part of the functions). Each test function is one CTest test, run in this
// order (tests/CMakeLists.txt): readingRealClusters, livePredictionRate, mm2Restart,
// sourceBrokerKilled and groupOffsetSyncBlocked with the workload running, prediction (it
// quiesces the workload), readOnly, and the rest; sourceTopicRecreated, offsetSyncsTopicAtRisk and
// sourceRecordsLost last, as they change the rig for good. driftscope always connects as the restricted
// principal, through driftscope.properties (the rig's mm2.properties with that principal's credentials); the
// faults of wrongPasswordAndUnknownCa through the rig's files that get it wrong.
#include "support/cli_runner.h"

#include "model/analysis/health_report.h"
#include "model/io/session_file.h"
#include "model/mm2/checkpoint_task.h"
#include "model/session/mm2_state.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace {

// The release the rig runs, as CTest names it; initTestCase holds it to the rig's rig.env.
QString releaseName()
{
    return qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_RELEASE");
}

QString rigDir()
{
    return qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_WORK") + "/rig";
}

QString rigFile(const QString& name)
{
    return rigDir() + "/" + name;
}

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Where to look when a test fails: the rig keeps every log.
QString logsHint()
{
    return " (rig logs: " + rigDir() +
           "/a/server.log, a/authorizer.log, b/server.log, mm2/mm2.log, "
           "workload/workload.log)";
}

// rig.env: ports, the release, and the passwords the tests make sure never show.
QMap<QString, QString> rigEnv()
{
    QMap<QString, QString> env;
    for (const QString& line : readAll(rigFile("rig.env")).split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq > 0)
            env[line.left(eq)] = line.mid(eq + 1);
    }
    return env;
}

qint64 pidOf(const QString& name)
{
    return readAll(rigFile("pids")).section(name + "=", 1).section('\n', 0, 0).toLongLong();
}

// rig.sh kill|restart NAME: a process of the rig killed (SIGKILL) or started again.
bool rigCommand(const QString& mode, const QString& name)
{
    QProcess p;
    p.start("bash", {RIG_SH, mode, qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_WORK"), name});
    const bool done =
        p.waitForFinished(120'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (!done) {
        p.kill();
        p.waitForFinished();
    }
    qInfo("rig.sh %s %s: %s%s", qPrintable(mode), qPrintable(name),
          p.readAllStandardOutput().trimmed().constData(), p.readAllStandardError().trimmed().constData());
    return done;
}

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// The rig's own client (tests/real_kafka/rig_workload.cpp), with the admin's credentials or B's.
QStringList workload(const QStringList& args)
{
    QProcess p;
    p.start(RIG_WORKLOAD, args);
    if (!p.waitForFinished(60'000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished();
        qWarning("rig-workload %s failed: %s", qPrintable(args.join(' ')),
                 p.readAllStandardError().constData());
        return {"<failed>"};
    }
    return QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

QJsonObject json(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

const QStringList& liveOptions()
{
    static const QStringList options = {"--mm2-config", rigFile("driftscope.properties"), "--mm2-version",
                                        releaseName()};
    return options;
}

// The rows of a report that hold `verdict`, as "group topic partition", with their JSON.
std::map<QString, QJsonObject> rowsHolding(const QJsonObject& report, const QString& verdict)
{
    std::map<QString, QJsonObject> out;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        if (row["health"].toArray().contains(verdict))
            out[QString("%1 %2 %3")
                    .arg(row["group"].toString(), row["topic"].toString())
                    .arg(row["partition"].toInt())] = row;
    }
    return out;
}

// The offsets the rig's client reads committed by `group` on the target: "TOPIC P" -> offset.
std::map<QString, qint64> targetGroupOffsets(const QString& group)
{
    std::map<QString, qint64> out;
    for (const QString& line : workload({"group-offsets", rigFile("target.librdkafka")}))
        if (line.section(' ', 0, 0) == group)
            out[line.section(' ', 1, 2)] = line.section(' ', 3, 3).toLongLong();
    return out;
}

// "12,345" as driftscope writes offsets in words.
QString thousands(qint64 n)
{
    QString digits = QString::number(n);
    for (qsizetype i = digits.size() - 3; i > (n < 0 ? 1 : 0); i -= 3)
        digits.insert(i, ',');
    return digits;
}

QJsonObject liveReport()
{
    const CliRun run = runCli(QStringList{"report"} + liveOptions() + QStringList{"--json"}, 90'000);
    if (run.exitCode != 0)
        qWarning("driftscope-cli report: exit %d: %s", run.exitCode, qPrintable(run.err));
    return run.exitCode == 0 ? json(run.out) : QJsonObject();
}

// The GUI under Xvfb, connected through driftscope.properties for `seconds`, then its
// screenshot; what it printed (its status bar's text among it), or empty when it failed.
QString guiSession(const QString& screenshot, int seconds)
{
    QProcess p;
    p.start(XVFB_RUN,
            QStringList{"-a", "-s", "-screen 0 1600x1000x24", DRIFTSCOPE_GUI} + liveOptions() +
                QStringList{"--screenshot", screenshot, "--screenshot-delay", QString::number(seconds)});
    const bool finished = p.waitForFinished((seconds + 60) * 1000);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished();
        qWarning("driftscope under xvfb-run failed (exit %d): %s", p.exitCode(), qPrintable(err));
        return {};
    }
    return err;
}

// The workload quiesces on SIGTERM: producers stop, every group commits and leaves. Then three
// checkpoint intervals (2 s each) pass, plus one for the group offset sync that follows. A
// workload quiesced already (by an earlier test) is left as it is.
bool quiesce()
{
    const QString state = rigFile("workload/state");
    if (readAll(state).trimmed() == "quiesced")
        return true;
    const qint64 pid = pidOf("workload");
    if (pid <= 0 || ::kill(static_cast<pid_t>(pid), SIGTERM) != 0)
        return false;
    for (int i = 0; i < 600 && readAll(state).trimmed() != "quiesced"; ++i)
        QThread::msleep(100);
    if (readAll(state).trimmed() != "quiesced")
        return false;
    QThread::msleep(8'000);
    return true;
}

// Checkpoints driftscope cannot explain, allowed for one known gap only (README.md, "Checkpoints
// stamped before their sync"): MM2 stamps a checkpoint before it lists the group's offsets and
// translates them, and a sync written in between can translate it; driftscope explains a
// checkpoint with the syncs stamped at or before it. The rig met 0-2 such checkpoints in a quiet
// run, and up to 5 of 215 after the restarts of MM2 and the source broker (a restarted source task
// writes a burst of syncs, which a checkpoint's listing overtakes more often). A freshly started
// MM2's first round races with the partitions' first syncs: 3.9.1 met 2 of 59 there (13 and 114 ms
// before orders-0's and orders-2's 0->0 syncs), so a short run allows 3; more than 3 % (at least
// 4) is a failure.
bool fewUnexplained(const QJsonObject& report, const char* what)
{
    const qint64 read = report["checkpoints_read"].toInteger();
    const qint64 unexplained = report["unexplained_checkpoints"].toInteger(-1);
    qInfo("%s: %lld/%lld checkpoints explained by a retained sync driftscope rebuilt", what,
          static_cast<long long>(read - unexplained), static_cast<long long>(read));
    return unexplained >= 0 && unexplained <= std::max<qint64>(3, read * 3 / 100);
}

std::set<QString> groupsIn(const QJsonObject& report)
{
    std::set<QString> groups;
    for (const QJsonValue& row : report["rows"].toArray())
        groups.insert(row["group"].toString());
    return groups;
}

// The groups the workload runs on the source, from the admin's ListConsumerGroups.
std::set<QString> sourceGroups()
{
    std::set<QString> groups;
    for (const QString& line : workload({"group-offsets", rigFile("source-admin.librdkafka")}))
        groups.insert(line.section(' ', 0, 0));
    return groups;
}

using GroupPartition = std::tuple<QString, QString, int>; // group, target topic, partition

QString name(const GroupPartition& gp)
{
    return std::get<0>(gp) + " " + std::get<1>(gp) + "-" + QString::number(std::get<2>(gp));
}

// Every group's committed offsets on the source (the admin's view): (group, topic, partition).
std::map<GroupPartition, qint64> sourceCommitted()
{
    std::map<GroupPartition, qint64> out;
    for (const QString& line : workload({"group-offsets", rigFile("source-admin.librdkafka")})) {
        const QStringList f = line.split(' ');
        if (f.size() == 4)
            out[{f[0], f[1], f[2].toInt()}] = f[3].toLongLong();
    }
    return out;
}

// A capture's records as `driftscope-cli export` writes them, by kind.
std::map<QString, QList<QJsonObject>> exported(const QString& capture)
{
    std::map<QString, QList<QJsonObject>> byKind;
    const CliRun run = runCli({"export", capture}, 120'000);
    if (run.exitCode != 0)
        qWarning("driftscope-cli export %s: exit %d: %s", qPrintable(capture), run.exitCode,
                 qPrintable(run.err));
    for (const QString& line : run.out.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject o = json(line);
        byKind[o["kind"].toString()].append(o);
    }
    return byKind;
}

// A capture opened the way driftscope does, for the model's own answers about it.
std::optional<driftscope::Session> openCapture(const QString& path)
{
    auto file = driftscope::readSessionFile(path.toStdString());
    if (!file) {
        qWarning("%s: %s", qPrintable(path), file.error().c_str());
        return std::nullopt;
    }
    return std::move(file->session);
}

const driftscope::Release& rigRelease()
{
    static const driftscope::Release release = driftscope::parseRelease(releaseName().toStdString()).value();
    return release;
}

// The time of a line of the rig's logs ("[2026-12-02 05:12:01,234] INFO ...", UTC), or -1.
qint64 logTimeMs(const QString& line)
{
    const QDateTime t = QDateTime::fromString(line.mid(1, 23), "yyyy-MM-dd HH:mm:ss,zzz");
    if (!t.isValid())
        return -1;
    return QDateTime(t.date(), t.time(), Qt::UTC).toMSecsSinceEpoch();
}

// What KafkaBasedLog (Connect's reader of a topic, which MM2's offset-sync store is) logs as it
// starts reading its topic and once it has read to the end offsets it asked for at the start.
constexpr const char* kSyncStoreStarting = "Starting KafkaBasedLog with topic";
constexpr const char* kSyncStoreRead = "Finished reading KafkaBasedLog for topic";

// A group's committed offsets as driftscope sees them, and the checkpoints MM2 emitted: how the
// checkpoint task's model (the store under the release, told the task start, and the monotonic filter
// against the checkpoints the task restored) answers for one group partition.
struct RestartModel {
    const driftscope::Session& session;
    driftscope::Mm2State state;
    const driftscope::CheckpointMemory& restored;

    // The checkpoint the model emits for `upstream` committed at `committed` by `atMs`, if any,
    // and whether the store could translate the offset at all.
    struct Answer {
        std::optional<driftscope::Checkpoint> emitted;
        bool translatable = false;
    };
    Answer next(const std::string& group, const driftscope::TopicPartition& upstream, int64_t committed,
                int64_t atMs)
    {
        state.advanceTo(atMs);
        const driftscope::Translation t = state.store().translate(upstream, committed);
        if (!t.downstream || *t.downstream < 0)
            return {};
        const driftscope::SessionInfo& info = session.info;
        driftscope::Checkpoint c;
        c.group = group;
        c.tp = driftscope::checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, upstream);
        c.upstream = committed;
        c.downstream = *t.downstream;
        if (!driftscope::checkpointIsMoreRecent(restored, c))
            return {std::nullopt, true};
        return {c, true};
    }
};

} // namespace

class RealKafka : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readingRealClusters();
    void livePredictionRate();
    void mm2Restart();
    void sourceBrokerKilled();
    void groupOffsetSyncBlocked();
    void prediction();
    void readOnly();
    void failoverPlanAppliesWithKafkasTool();
    void scramUserReads();
    void strimziResourceReadsTheRig();
    void consumerProtocolGroup();
    void streamsGroup();
    void wrongPasswordAndUnknownCa();
    void sourceTopicRecreated();
    void offsetSyncsTopicAtRisk();
    void sourceRecordsLost();
    void everyFlow();
};

void RealKafka::initTestCase()
{
    // Not skipped when the rig is missing: real_kafka_start set it up, or failed saying why.
    QVERIFY2(QFile::exists(rigFile("rig.env")),
             qPrintable("no rig in " + rigDir() + " (real_kafka_start starts it)" + logsHint()));
    // driftscope is told the release the rig runs, which must be one driftscope knows.
    QVERIFY2(!releaseName().isEmpty(),
             "DRIFTSCOPE_REAL_KAFKA_RELEASE is not set (tests/CMakeLists.txt sets it)");
    QCOMPARE(rigEnv().value("RIG_RELEASE"), releaseName());
    QVERIFY2(driftscope::parseRelease(releaseName().toStdString()).ok(), qPrintable(releaseName()));
}

// Test 1: report and record read both clusters through the MM2 configuration, over SASL_SSL
// with ACLs, and find the groups without --group.
void RealKafka::readingRealClusters()
{
    const QJsonObject report = liveReport();
    QVERIFY2(!report.isEmpty(), qPrintable("report failed" + logsHint()));
    QCOMPARE(report["clusters"].toObject()["source"].toString(), QString("connected"));
    QCOMPARE(report["clusters"].toObject()["target"].toString(), QString("connected"));
    QCOMPARE(report["reader_problems"].toArray().size(), 0);
    // The offset-syncs topic as MM2 created it: compacted, so nothing is at risk.
    QJsonObject syncsTopic = report["offset_syncs_topic"].toObject();
    QVERIFY2(syncsTopic.take("described_at_ms").toInteger() > 0,
             QJsonDocument(report["offset_syncs_topic"].toObject()).toJson().constData());
    QCOMPARE(syncsTopic, (QJsonObject{{"cleanup_policy", "compact"},
                                      {"retention_ms", 604'800'000},
                                      {"retention_bytes", -1},
                                      {"at_risk", false},
                                      {"unknown_because", QJsonValue::Null}}));
    QCOMPARE(report["undecodable_records"].toInt(-1), 0);
    // MM2's replication position, from its source connector's records in mm2-offsets.A.internal
    // (decoded: none undecodable above). MM2 4.3.1 flushes it every 60 s (README.md), so right
    // after the rig started a partition may have none yet. While the workload runs a position
    // read after the last log sample may pass that sample's end (CI saw 654 over a sampled end):
    // strimziResourceReadsTheRig checks the bound on the quiet rig.
    int positioned = 0;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        if (row["replication"].isNull())
            continue;
        QVERIFY2(row["replication"].toObject()["next_offset"].toInteger(-1) >= 0,
                 qPrintable(QJsonDocument(row).toJson(QJsonDocument::Compact)));
        ++positioned;
    }
    qInfo("%d of %d rows have MM2's replication position", positioned,
          static_cast<int>(report["rows"].toArray().size()));
    QVERIFY(report["syncs_read"].toInt() > 0);
    QVERIFY(report["checkpoints_read"].toInt() > 0);
    QVERIFY(fewUnexplained(report, "report"));
    // No --group: every group the source lists is reported (ListConsumerGroups).
    const std::set<QString> expected = {"analytics", "audit", "billing", "reports"};
    QCOMPARE(sourceGroups(), expected);
    QCOMPARE(groupsIn(report), expected);

    // Kept in the rig's directory: livePredictionRate measures on it.
    QTemporaryDir dir;
    const QString capture = rigFile("running.capture");
    QFile::remove(capture);
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "--duration", "15"} + liveOptions(), 90'000);
    QVERIFY2(record.exitCode == 0, qPrintable(record.err + logsHint()));
    const CliRun fromCapture = runCli({"report", capture, "--json"});
    QCOMPARE(fromCapture.exitCode, 0);
    const QJsonObject recorded = json(fromCapture.out);
    QCOMPARE(recorded["undecodable_records"].toInt(-1), 0);
    QVERIFY(recorded["syncs_read"].toInt() > 0);
    QVERIFY(recorded["checkpoints_read"].toInt() >= report["checkpoints_read"].toInt());
    QVERIFY(fewUnexplained(recorded, "capture"));
    QCOMPARE(groupsIn(recorded), expected);
    // Heartbeats: MM2 emits one a second; the capture's export lists them.
    auto records = exported(capture);
    qInfo("capture of 15 s: %d offset syncs, %d checkpoints, %d heartbeats",
          static_cast<int>(records["offset-sync"].size()), static_cast<int>(records["checkpoint"].size()),
          static_cast<int>(records["heartbeat"].size()));
    QVERIFY(!records["offset-sync"].isEmpty());
    QVERIFY(!records["checkpoint"].isEmpty());
    QVERIFY(records["heartbeat"].size() >= 10);

    // The GUI connects the same way (File > Connect with the MM2 file, here --mm2-config).
    const QString gui = guiSession(dir.filePath("gui.png"), 10);
    qInfo("GUI: %s", qPrintable(gui.section("status: ", 1).section('\n', 0, 0)));
    QVERIFY2(gui.contains("status: A: connected · B: connected"), qPrintable(gui + logsHint()));
    QVERIFY(gui.contains(" 0 undecodable"));
    QVERIFY(QFileInfo(dir.filePath("gui.png")).size() > 0);
}

// While the workload runs: how often driftscope's live prediction of a group partition ("MM2 now",
// just before MM2 emitted a checkpoint of it) is that checkpoint. The prediction translates the
// offset driftscope last knew the group committed (sampled every 5 s, or the previous checkpoint's
// when that is newer) with the store rebuilt from the syncs written by then; MM2 lists the offsets
// itself as it emits, so a group that committed since is predicted from an older offset. The rate
// is printed, not held to a bound; it must be measured over enough checkpoints to mean something.
void RealKafka::livePredictionRate()
{
    const QString capture = rigFile("running.capture");
    QVERIFY2(QFile::exists(capture), "readingRealClusters records the capture measured here");
    const std::optional<driftscope::Session> session = openCapture(capture);
    QVERIFY(session);
    std::optional<int64_t> firstSample;
    for (const driftscope::GroupOffsetSample& g : session->groupOffsets)
        if (g.side == driftscope::ClusterSide::Source)
            firstSample = std::min(firstSample.value_or(g.sampledAtMs), g.sampledAtMs);
    QVERIFY2(firstSample, "the recording sampled no committed offset");

    // One report per group and emission time (a round stamps all of a group's checkpoints alike).
    std::map<std::pair<uint32_t, int64_t>, driftscope::Report> reports;
    int measured = 0, equal = 0;
    // Those where driftscope knew the offset MM2 listed (the group did not commit since): what is
    // left of a miss there is the store's translation, not the sampling.
    int sameOffset = 0, sameOffsetEqual = 0;
    std::map<std::string, std::pair<int, int>> byGroup; // equal, measured
    for (const driftscope::ObservedCheckpoint& c : session->checkpoints) {
        const int64_t emittedAt = c.stamp.timestampMs;
        if (emittedAt <= *firstSample) // the history read first: nothing was sampled before it
            continue;
        auto report = reports.find({c.group, emittedAt});
        if (report == reports.end()) {
            driftscope::ReportOptions options;
            options.state.release = rigRelease();
            options.atMs = emittedAt - 1;
            options.groups = {session->group(c.group)};
            report =
                reports.emplace(std::pair{c.group, emittedAt}, driftscope::buildReport(*session, options))
                    .first;
        }
        for (const driftscope::PartitionReport& row : report->second.rows) {
            if (row.downstream != session->partition(c.partition) || !row.translated ||
                !row.translated->downstream)
                continue;
            auto& [groupEqual, groupMeasured] = byGroup[row.group];
            ++measured;
            ++groupMeasured;
            const bool hit = *row.translated->downstream == c.downstream;
            equal += hit;
            groupEqual += hit;
            if (row.committed == c.upstream) {
                ++sameOffset;
                sameOffsetEqual += hit;
            }
        }
    }
    QString perGroup;
    for (const auto& [group, counts] : byGroup)
        perGroup +=
            QString(" %1 %2/%3").arg(QString::fromStdString(group)).arg(counts.first).arg(counts.second);
    qInfo(
        "live prediction rate: %d/%d checkpoints (%.1f %%) were driftscope's MM2 now just before MM2 emitted "
        "them (by group:%s); %d/%d of those whose committed offset driftscope had already seen",
        equal, measured, measured ? 100.0 * equal / measured : 0.0, qPrintable(perGroup), sameOffsetEqual,
        sameOffset);
    QVERIFY2(measured >= 30, qPrintable(QString("only %1 checkpoints measured").arg(measured)));
}

// MM2 killed (SIGKILL) and started again while the workload runs (issue 14, test 4). Its restarted
// checkpoint task restores the checkpoints of its topic (3.7.1+), reads the syncs topic to its end,
// then checkpoints every 2 s. driftscope's model of that task: the store under the running release
// told the task start (--task-start N: the syncs the topic held when the task read it, from mm2.log
// and the syncs' timestamps) with checkpoints restored, and the monotonic filter against the
// restored checkpoints. For every group partition on the source, MM2's first checkpoint after the
// restart is the model's for the same committed offset at the same moment, or, where MM2 emitted
// none, the model emits none for the committed offset either.
void RealKafka::mm2Restart()
{
    const QString target = rigFile("target.librdkafka");
    const qsizetype logBefore = readAll(rigFile("mm2/mm2.log")).size();
    QVERIFY2(rigCommand("kill", "mm2"), qPrintable("MM2 could not be killed" + logsHint()));
    // Nothing writes checkpoints now: the topic holds what the restarted task restores.
    const QStringList before = workload({"checkpoints", target, "A.checkpoints.internal"});
    QVERIFY(!before.contains("<failed>") && !before.isEmpty());
    const auto committedAtKill = sourceCommitted();
    QVERIFY(!committedAtKill.empty());
    QVERIFY2(rigCommand("restart", "mm2"), qPrintable("MM2 did not start again" + logsHint()));
    const qint64 restartedAt = nowMs();
    // The restarted task's checkpoints over 12 s: they cover a commit of `reports` (every 8 s).
    qint64 firstAfter = 0;
    for (int i = 0; i < 60 && (!firstAfter || nowMs() - firstAfter < 12'000); ++i) {
        QThread::msleep(2'000);
        const QStringList records = workload({"checkpoint-records", target, "A.checkpoints.internal"});
        if (!firstAfter && records.size() > before.size())
            firstAfter = records[before.size()].section(' ', 1, 1).toLongLong();
    }
    QVERIFY2(firstAfter > 0,
             qPrintable("MM2 emitted no checkpoint within 2 minutes of its restart" + logsHint()));
    qInfo("MM2 restarted; its first checkpoint came %.1f s later", (firstAfter - restartedAt) / 1000.0);
    const auto committedAtEnd = sourceCommitted();
    // Kept with the rig's logs: what a failure is diagnosed from.
    const QString capture = rigFile("restart.capture");
    QFile::remove(capture);
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "--duration", "3"} + liveOptions(), 90'000);
    QVERIFY2(record.exitCode == 0, qPrintable(record.err));
    const std::optional<driftscope::Session> session = openCapture(capture);
    QVERIFY(session);
    QCOMPARE(session->undecodable.size(), size_t(0));

    // What the restarted process logged: one checkpoint task, which restored the checkpoints and
    // then read the syncs topic.
    const QStringList log = readAll(rigFile("mm2/mm2.log")).mid(logBefore).split('\n');
    QCOMPARE(log.filter("Starting task MirrorCheckpointConnector-0").size(), 1);
    qint64 readFrom = -1, readTo = -1;
    for (const QString& line : log) {
        if (!line.contains("mm2-offset-syncs.B.internal"))
            continue;
        if (readFrom < 0 && line.contains(kSyncStoreStarting))
            readFrom = logTimeMs(line);
        if (readTo < 0 && line.contains(kSyncStoreRead))
            readTo = logTimeMs(line);
    }
    QVERIFY2(readFrom > 0 && readTo >= readFrom,
             qPrintable("mm2.log does not say when the restarted task read the syncs topic:\n" +
                        log.filter("mm2-offset-syncs.B.internal").join('\n')));
    // N: the syncs written before the store asked for the topic's end (stamped before it started
    // reading), up to those written before it had read them all.
    size_t taskStartLow = 0, taskStartHigh = 0;
    for (const driftscope::ObservedSync& sync : session->syncs) {
        taskStartLow += sync.stamp.timestampMs < readFrom;
        taskStartHigh += sync.stamp.timestampMs <= readTo;
    }

    // The restored checkpoints: the topic's records before the restart, later ones overwriting.
    driftscope::CheckpointMemory restored;
    for (const driftscope::ObservedCheckpoint& c : session->checkpoints)
        if (c.stamp.topicOffset < before.size())
            restored[session->group(c.group)][session->partition(c.partition)] = {
                session->group(c.group),
                session->partition(c.partition),
                c.upstream,
                c.downstream,
                c.metadata,
                c.version};
    QCOMPARE(restored.size(), size_t(4));
    // MM2's first checkpoint after the restart, of each group partition (target-side names).
    std::map<std::pair<std::string, driftscope::TopicPartition>, const driftscope::ObservedCheckpoint*> first;
    int64_t lastAfter = 0;
    for (const driftscope::ObservedCheckpoint& c : session->checkpoints)
        if (c.stamp.topicOffset >= before.size()) {
            first.emplace(std::pair{session->group(c.group), session->partition(c.partition)}, &c);
            lastAfter = std::max(lastAfter, c.stamp.timestampMs);
        }

    int heldBack = 0, untranslatable = 0; // of the group partitions MM2 emitted nothing for
    int stampedBefore = 0;                // checkpoints translated with a sync written after their stamp
    // As long as driftscope's own rule waits for a later sync (Mm2State, kTranslationDelayMs: the
    // listing is bounded by default.api.timeout.ms): CI met a listing longer than a second.
    constexpr int64_t kStampedBeforeMs = driftscope::kTranslationDelayMs;
    const auto judge = [&](size_t taskStart, bool checkpointsRestored, QStringList& disagreements) {
        driftscope::Mm2StateOptions options;
        options.release = rigRelease();
        options.taskStart = taskStart;
        options.checkpointsRestored = checkpointsRestored;
        const driftscope::CheckpointMemory none;
        RestartModel model{*session, driftscope::Mm2State(*session, options),
                           checkpointsRestored ? restored : none};
        // In time order: the state only moves forward. Group partitions MM2 checkpointed, at their
        // checkpoint; the others at the end, with the group's committed offset then.
        std::vector<std::tuple<int64_t, GroupPartition, const driftscope::ObservedCheckpoint*>> moments;
        for (const auto& [gp, committed] : committedAtEnd) {
            const driftscope::TopicPartition upstream{std::get<1>(gp).toStdString(), std::get<2>(gp)};
            const auto c =
                first.find({std::get<0>(gp).toStdString(),
                            driftscope::checkpointPartition(session->info.policy, session->info.sourceAlias,
                                                            session->info.targetAlias, upstream)});
            moments.emplace_back(c == first.end() ? lastAfter : c->second->stamp.timestampMs, gp,
                                 c == first.end() ? nullptr : c->second);
        }
        std::sort(moments.begin(), moments.end(),
                  [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
        int agree = 0;
        heldBack = untranslatable = stampedBefore = 0;
        for (const auto& [at, gp, emitted] : moments) {
            const driftscope::TopicPartition upstream{std::get<1>(gp).toStdString(), std::get<2>(gp)};
            const std::string group = std::get<0>(gp).toStdString();
            if (emitted) {
                const auto predicted = model.next(group, upstream, emitted->upstream, at).emitted;
                if (predicted && predicted->downstream == emitted->downstream) {
                    ++agree;
                    continue;
                }
                // MM2 stamps a checkpoint before it lists the group's offsets and translates them
                // (README.md, "Checkpoints stamped before their sync"): the model with the syncs
                // written up to a second later, one at a time, on a state of its own.
                RestartModel late{*session, driftscope::Mm2State(*session, options), model.restored};
                bool lateAgrees = false;
                for (const driftscope::ObservedSync& sync : session->syncs) {
                    const int64_t stamped = sync.stamp.timestampMs;
                    if (stamped <= at || stamped > at + kStampedBeforeMs)
                        continue;
                    const auto laterAnswer = late.next(group, upstream, emitted->upstream, stamped).emitted;
                    if ((lateAgrees = laterAnswer && laterAnswer->downstream == emitted->downstream))
                        break;
                }
                if (lateAgrees) {
                    ++agree;
                    ++stampedBefore;
                    continue;
                }
                disagreements << name(gp) + ": MM2 " + QString::number(emitted->upstream) + "->" +
                                     QString::number(emitted->downstream) + " at " + QString::number(at) +
                                     ", driftscope " +
                                     (predicted ? QString::number(predicted->downstream) : "none");
                continue;
            }
            // No checkpoint since the restart: the model emits none for the offset committed then,
            // because the store cannot translate it or the restored checkpoint holds it back.
            const qint64 committed = committedAtEnd.at(gp);
            const auto predicted = model.next(group, upstream, committed, at);
            if (!predicted.emitted) {
                ++agree;
                ++(predicted.translatable ? heldBack : untranslatable);
            } else {
                disagreements << name(gp) + ": MM2 none, driftscope " + QString::number(committed) + "->" +
                                     QString::number(predicted.emitted->downstream) + " (committed " +
                                     QString::number(committedAtKill.count(gp) ? committedAtKill.at(gp)
                                                                               : -1) +
                                     " at the kill)";
            }
        }
        return agree;
    };
    const int rows = static_cast<int>(committedAtEnd.size());
    // N is at least the syncs stamped before the store started reading (they were in the topic when
    // it asked for the end), at most those stamped by the time it had read to the end. Under
    // restored checkpoints the store's content does not depend on N, only when its load is done: the
    // model must agree with the least N; the larger N it also agrees with narrow the range down
    // (a checkpoint MM2 translated before a sync was written shows the load was done without it).
    size_t agreeingUpTo = taskStartLow;
    for (size_t taskStart = taskStartLow; taskStart <= taskStartHigh; ++taskStart) {
        QStringList disagreements;
        const int agree = judge(taskStart, true, disagreements);
        if (taskStart == taskStartLow)
            QVERIFY2(disagreements.isEmpty(),
                     qPrintable(QString("--task-start %1: %2/%3; ").arg(taskStart).arg(agree).arg(rows) +
                                disagreements.join("; ")));
        if (!disagreements.isEmpty())
            break;
        agreeingUpTo = taskStart;
    }
    {
        QStringList none; // the counts printed below are those of the least N
        judge(taskStartLow, true, none);
    }
    qInfo(
        "%d/%d group partitions: MM2's next checkpoint after its restart is driftscope's (%s, "
        "--task-start "
        "N --checkpoints-restored yes); %d of them had none in %.0f s, as the model says (%d held back by "
        "the "
        "restored checkpoint, %d too old to translate); %d translated with syncs written up to 1 s after the "
        "checkpoint's stamp",
        rows, rows, qPrintable(releaseName()), heldBack + untranslatable, (lastAfter - firstAfter) / 1000.0,
        heldBack, untranslatable, stampedBefore);
    qInfo("N: the restarted task's offset-sync store started reading at %s (mm2.log), when %zu of the %zu "
          "syncs "
          "the capture holds were stamped, and had read to the end at %s, when %zu were; the model agrees "
          "for N "
          "from %zu to %zu",
          qPrintable(QDateTime::fromMSecsSinceEpoch(readFrom, Qt::UTC).toString(Qt::ISODateWithMs)),
          taskStartLow, session->syncs.size(),
          qPrintable(QDateTime::fromMSecsSinceEpoch(readTo, Qt::UTC).toString(Qt::ISODateWithMs)),
          taskStartHigh, taskStartLow, agreeingUpTo);
    // The same restart modelled as if the task could not restore its checkpoints (as before 3.7.1):
    // printed, to show what the restore changes in this run.
    QStringList without;
    const int agreeWithout = judge(taskStartLow, false, without);
    qInfo("without restored checkpoints the model would agree on %d/%d%s%s", agreeWithout, rows,
          without.isEmpty() ? "" : ": ", qPrintable(without.join("; ")));
}

// The source broker killed (SIGKILL) and started again while `record` runs (issue 14, test 4): the
// capture holds every record of the topics, exactly as the rig's own client reads them (offsets,
// partitions, upstream and downstream offsets, timestamps) with no hole after the outage, and the
// outage as an event of the source.
void RealKafka::sourceBrokerKilled()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath("outage.capture");
    QProcess record;
    record.start(DRIFTSCOPE_CLI, QStringList{"record", "--out", capture} + liveOptions());
    QVERIFY(record.waitForStarted());
    QThread::msleep(8'000); // the history is read, a round of samples taken
    QVERIFY2(record.state() == QProcess::Running, record.readAllStandardError().constData());
    const qint64 killedAt = nowMs();
    QVERIFY2(rigCommand("kill", "a"), qPrintable("broker A could not be killed" + logsHint()));
    QThread::msleep(3'000);
    QVERIFY2(rigCommand("restart", "a"), qPrintable("broker A did not start again" + logsHint()));
    const qint64 restartedAt = nowMs();
    // MM2 and the workload go on: syncs of every mirrored partition written after the restart.
    const QString source = rigFile("source-admin.librdkafka");
    QStringList syncs;
    for (int i = 0; i < 45; ++i) {
        syncs = workload({"offset-syncs", source, "mm2-offset-syncs.B.internal"});
        std::set<QString> after;
        for (const QString& line : syncs)
            if (line.section(' ', 1, 1).toLongLong() > restartedAt)
                after.insert(line.section(' ', 2, 3));
        if (after.size() >= 6)
            break;
        QThread::msleep(2'000);
    }
    QThread::msleep(3'000);
    // What the rig's client reads now, the capture must hold (it reads on until stopped).
    syncs = workload({"offset-syncs", source, "mm2-offset-syncs.B.internal"});
    const QStringList checkpoints =
        workload({"checkpoint-records", rigFile("target.librdkafka"), "A.checkpoints.internal"});
    QVERIFY(!syncs.contains("<failed>") && !checkpoints.contains("<failed>"));
    QThread::msleep(3'000);
    ::kill(static_cast<pid_t>(record.processId()), SIGINT);
    QVERIFY(record.waitForFinished(60'000));
    const QString recordErr = QString::fromUtf8(record.readAllStandardError());
    QVERIFY2(record.exitStatus() == QProcess::NormalExit && record.exitCode() == 0, qPrintable(recordErr));

    auto records = exported(capture);
    // The capture's syncs and checkpoints, as the rig's client prints them.
    QStringList capturedSyncs, capturedCheckpoints;
    for (const QJsonObject& o : records["offset-sync"])
        capturedSyncs << QString("%1 %2 %3 %4 %5 %6")
                             .arg(o["topic_offset"].toInteger())
                             .arg(o["timestamp_ms"].toInteger())
                             .arg(o["topic"].toString())
                             .arg(o["partition"].toInt())
                             .arg(o["upstream"].toInteger())
                             .arg(o["downstream"].toInteger());
    for (const QJsonObject& o : records["checkpoint"])
        capturedCheckpoints << QString("%1 %2 %3 %4 %5 %6 %7")
                                   .arg(o["topic_offset"].toInteger())
                                   .arg(o["timestamp_ms"].toInteger())
                                   .arg(o["group"].toString(), o["topic"].toString())
                                   .arg(o["partition"].toInt())
                                   .arg(o["upstream"].toInteger())
                                   .arg(o["downstream"].toInteger());
    // Every record the rig read is in the capture, in the same place, and the capture has no hole
    // (offsets one after the other from the topic's start, also past the ones the rig read).
    const auto holds = [](const QStringList& captured, const QStringList& read, const char* what) {
        bool ok = captured.size() >= read.size() && captured.mid(0, read.size()) == read;
        for (qsizetype i = 1; ok && i < captured.size(); ++i)
            ok = captured[i].section(' ', 0, 0).toLongLong() ==
                 captured[i - 1].section(' ', 0, 0).toLongLong() + 1;
        if (!ok)
            qWarning("%s: the capture holds %d records, the rig read %d; first difference at %d", what,
                     static_cast<int>(captured.size()), static_cast<int>(read.size()),
                     static_cast<int>(
                         std::mismatch(captured.begin(), captured.end(), read.begin(), read.end()).first -
                         captured.begin()));
        return ok;
    };
    QVERIFY(holds(capturedSyncs, syncs, "offset syncs"));
    QVERIFY(holds(capturedCheckpoints, checkpoints, "checkpoints"));
    int syncsAfter = 0;
    for (const QString& line : syncs)
        syncsAfter += line.section(' ', 1, 1).toLongLong() > restartedAt;
    QVERIFY2(syncsAfter >= 6, "MM2 wrote too few syncs after the restart to show there is no hole");

    // The outage as events of the source: unreachable once it was killed, connected again after.
    qint64 down = 0, up = 0;
    QString downMessage;
    for (const QJsonObject& e : records["event"]) {
        if (e["side"].toString() != "source")
            continue;
        const qint64 at = e["at_ms"].toInteger();
        if (!down && e["state"].toString() == "unreachable" && at >= killedAt) {
            down = at;
            downMessage = e["message"].toString();
        } else if (down && !up && e["state"].toString() == "connected") {
            up = at;
        }
    }
    QStringList events;
    for (const QJsonObject& e : records["event"])
        events << QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact));
    QVERIFY2(down > 0 && up > down, qPrintable(events.join('\n')));
    const CliRun report = runCli({"report", capture, "--json"});
    QCOMPARE(report.exitCode, 0);
    const QJsonObject r = json(report.out);
    QCOMPARE(r["undecodable_records"].toInt(-1), 0);
    QVERIFY(r["current"].toBool()); // at the end of the capture both clusters were read again
    QVERIFY(fewUnexplained(r, "capture across the outage"));
    qInfo("broker A killed at +0 s and started again at +%.1f s; the capture: \"%s\" at +%.1f s, connected "
          "again at "
          "+%.1f s; %d offset syncs (%d written after the restart) and %d checkpoints, each as the rig read "
          "it, no "
          "hole",
          (restartedAt - killedAt) / 1000.0, qPrintable(downMessage), (down - killedAt) / 1000.0,
          (up - killedAt) / 1000.0, static_cast<int>(capturedSyncs.size()), syncsAfter,
          static_cast<int>(capturedCheckpoints.size()));
}

// MM2 commits checkpoints to a target group only while it has no active members. A member of
// billing on the target (the rig's client, committing nothing) holds the group's target offsets
// where they were while billing goes on at the source: driftscope says group-offset-sync-blocked
// on billing's five partitions, at the offsets the rig reads, and on nothing else; once the member
// left and MM2 synced again, nowhere.
void RealKafka::groupOffsetSyncBlocked()
{
    QProcess holder;
    holder.start(RIG_WORKLOAD,
                 {"hold-group", rigFile("target.librdkafka"), "billing", "300", "A.orders", "A.payments"});
    QVERIFY(holder.waitForStarted());
    QVERIFY2(holder.waitForReadyRead(60'000), holder.readAllStandardError().constData());
    const QString holding = QString::fromUtf8(holder.readLine()).trimmed();
    QCOMPARE(holding, QString("holding 5 partitions"));
    QThread::msleep(5'000); // a sync MM2 had begun before the member joined has landed
    const std::map<QString, qint64> frozen = targetGroupOffsets("billing");
    QCOMPARE(frozen.size(), size_t(5));
    // The checkpoints move on; driftscope keeps one checkpoint reading per 30 s of a partition, so
    // after 45 s one emitted after the member joined is among them.
    QThread::msleep(45'000);
    QCOMPARE(targetGroupOffsets("billing"), frozen);
    const QJsonObject held = liveReport();
    QVERIFY(!held.isEmpty());
    const auto blocked = rowsHolding(held, "group-offset-sync-blocked");
    QStringList blockedRows;
    for (const auto& [key, row] : blocked) {
        blockedRows << key;
        const QString targetPartition =
            QString("%1 %2").arg(row["target_topic"].toString()).arg(row["partition"].toInt());
        QVERIFY2(frozen.count(targetPartition), qPrintable(key));
        QCOMPARE(row["target_committed"].toInteger(), frozen.at(targetPartition));
        const QString evidence = row["evidence"].toObject()["group-offset-sync-blocked"].toString();
        QVERIFY2(evidence.startsWith("the target group's committed offset was " +
                                     thousands(frozen.at(targetPartition)) + " at "),
                 qPrintable(evidence));
    }
    QCOMPARE(blockedRows, (QStringList{"billing orders 0", "billing orders 1", "billing orders 2",
                                       "billing payments 0", "billing payments 1"}));

    holder.terminate(); // SIGTERM: the member leaves
    QVERIFY(holder.waitForFinished(30'000));
    QCOMPARE(holder.exitCode(), 0);
    // MM2 syncs the empty group again: every partition moves past where it was held.
    bool moved = false;
    for (int i = 0; i < 30 && !moved; ++i) {
        QThread::msleep(1'000);
        const auto now = targetGroupOffsets("billing");
        moved = now.size() == frozen.size() &&
                std::equal(now.begin(), now.end(), frozen.begin(),
                           [](const auto& a, const auto& b) { return a.second > b.second; });
    }
    QVERIFY2(moved, "MM2 did not sync billing's offsets within 30 s of the member leaving");
    QThread::msleep(5'000);
    const QJsonObject released = liveReport();
    QVERIFY(!released.isEmpty());
    QCOMPARE(rowsHolding(released, "group-offset-sync-blocked").size(), size_t(0));
    qInfo(
        "held billing on the target: its offsets stayed at %s; driftscope: group-offset-sync-blocked on %s; "
        "released: on no row",
        qPrintable(QStringList([&] {
                       QStringList l;
                       for (const auto& [k, v] : frozen)
                           l << k + "=" + QString::number(v);
                       return l;
                   }())
                       .join(", ")),
        qPrintable(blockedRows.join(", ")));
}

// Test 2: once the workload is quiet, driftscope's "MM2 now" under the rig's release is what the
// real MM2 checkpointed and synced, for every group partition; and every checkpoint MM2 emitted is
// explained by a sync driftscope rebuilt.
void RealKafka::prediction()
{
    QVERIFY2(quiesce(), qPrintable("the workload did not quiesce in 60 s" + logsHint()));

    const QJsonObject report = liveReport();
    QVERIFY2(!report.isEmpty(), qPrintable("report failed" + logsHint()));
    QCOMPARE(report["undecodable_records"].toInt(-1), 0);

    // What MM2 wrote on B: its checkpoints (the last per group partition) and the group offsets.
    std::map<GroupPartition, std::pair<qint64, qint64>> lastCheckpoint; // upstream, downstream
    const QStringList checkpoints =
        workload({"checkpoints", rigFile("target.librdkafka"), "A.checkpoints.internal"});
    QVERIFY(!checkpoints.contains("<failed>"));
    for (const QString& line : checkpoints) {
        const QStringList f = line.split(' ');
        QCOMPARE(f.size(), 5);
        lastCheckpoint[{f[0], f[1], f[2].toInt()}] = {f[3].toLongLong(), f[4].toLongLong()};
    }
    std::map<GroupPartition, qint64> targetOffsets;
    for (const QString& line : workload({"group-offsets", rigFile("target.librdkafka")})) {
        const QStringList f = line.split(' ');
        QCOMPARE(f.size(), 4);
        targetOffsets[{f[0], f[1], f[2].toInt()}] = f[3].toLongLong();
    }

    int agree = 0, rows = 0, withoutCheckpoint = 0, tooOld = 0, heldBackCount = 0;
    QStringList disagreements;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        const GroupPartition gp{row["group"].toString(), row["target_topic"].toString(),
                                row["partition"].toInt()};
        ++rows;
        const QJsonObject translated = row["if_checkpointed_now"].toObject();
        const bool predicted = translated["status"].toString() == "translated";
        const qint64 mm2Now = translated["result"].toInteger(-1);
        const auto checkpoint = lastCheckpoint.find(gp);
        const auto synced = targetOffsets.find(gp);
        if (checkpoint == lastCheckpoint.end()) {
            // MM2 could not translate it either: no checkpoint, no synced offset.
            if (!predicted && synced == targetOffsets.end()) {
                ++agree;
                ++withoutCheckpoint;
            } else {
                disagreements << name(gp) + ": driftscope " + QString::number(mm2Now) +
                                     ", MM2 emitted no checkpoint";
            }
            continue;
        }
        // The checkpoint's upstream offset may be older than the committed one: MM2 emits a new
        // checkpoint only when the translated (downstream) offset changes.
        const qint64 emitted = checkpoint->second.second;
        const qint64 target = synced == targetOffsets.end() ? -1 : synced->second;
        // The flow syncs group offsets (the rig's mm2.properties): a failed-over consumer resumes at
        // the synced offset, and the report says so.
        const bool resumesThere = row["resume_offset"].toInteger(-2) == target &&
                                  row["resume_from"].toString() == "synced-group-offset";
        // Too old to translate now: the store's oldest retained sync lies past the committed
        // offset, so MM2 emits nothing (it drops a translation of -1) and its last checkpoint stays
        // in force, and so does the group offset it synced. The restarts of mm2Restart and
        // sourceBrokerKilled do that: the restarted source task replicates again from its last
        // committed source offset, and a sync below the newest one clears the partition's history
        // (an upstream rewind), past the offsets of a stalled group such as audit.
        const qint64 committedNow = row["committed"].toInteger(-1);
        const bool keptInForce = translated["status"].toString() == "too-old" &&
                                 translated["sync"].toObject()["upstream"].toInteger(-1) > committedNow &&
                                 checkpoint->second.first <= committedNow;
        tooOld += keptInForce;
        // Held back by the monotonic filter (checkpointIsMoreRecent, 3.4.1+): the store no longer
        // holds the sync MM2 translated the last checkpoint with, and translates the committed
        // offset to a lower downstream one, which MM2 does not emit while the group did not rewind
        // upstream: its last checkpoint stays in force, and so does the group offset it synced.
        // The store drops older syncs as a partition grows (a stalled group's offset ends up
        // between two retained syncs far apart), and the restarts clear a partition's history.
        bool heldBack = false;
        if (predicted && mm2Now != emitted && driftscope::profileFor(rigRelease()).monotonicCheckpoints) {
            const driftscope::TopicPartition tp{std::get<1>(gp).toStdString(), std::get<2>(gp)};
            const std::string group = std::get<0>(gp).toStdString();
            driftscope::CheckpointMemory last;
            last[group][tp] = {group, tp, checkpoint->second.first, emitted, {}, {}};
            heldBack = !driftscope::checkpointIsMoreRecent(last, {group, tp, committedNow, mm2Now, {}, {}});
        }
        heldBackCount += heldBack;
        if (((predicted && mm2Now == emitted) || keptInForce || heldBack) && emitted == target &&
            resumesThere)
            ++agree;
        else
            disagreements << name(gp) + ": committed " + QString::number(row["committed"].toInteger(-1)) +
                                 ", driftscope " + QString::number(mm2Now) + ", checkpoint " +
                                 QString::number(checkpoint->second.first) + "->" + QString::number(emitted) +
                                 ", B's group offset " + QString::number(target) + ", resume " +
                                 QString::number(row["resume_offset"].toInteger(-2)) + " from " +
                                 row["resume_from"].toString();
    }
    qInfo("%d/%d group partitions: driftscope's MM2 now (%s) == MM2's last checkpoint == the group offset "
          "MM2 synced to B (%d of them without a checkpoint on both sides; %d too old to translate now, so "
          "that MM2's last checkpoint stays in force; %d translated lower than it, which MM2's monotonic "
          "filter holds back)",
          agree, rows, qPrintable(releaseName()), withoutCheckpoint, tooOld, heldBackCount);
    QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.join("; ")));
    // Every partition a group committed on the source is a row (the admin's view of A).
    const QStringList committed = workload({"group-offsets", rigFile("source-admin.librdkafka")});
    QVERIFY(!committed.contains("<failed>"));
    QCOMPARE(rows, static_cast<int>(committed.size()));
    QCOMPARE(groupsIn(report), (std::set<QString>{"analytics", "audit", "billing", "reports"}));
    QCOMPARE(agree, rows);
    // Every group partition MM2 checkpointed is one driftscope reports.
    QCOMPARE(static_cast<int>(lastCheckpoint.size()), rows - withoutCheckpoint);

    // Every checkpoint MM2 wrote was read, and (but for the known gap) explained.
    QCOMPARE(report["checkpoints_read"].toInteger(), static_cast<qint64>(checkpoints.size()));
    QVERIFY(fewUnexplained(report, "checkpoints MM2 emitted during the run"));
}

// Test 3: the source's authorizer saw no denied operation by driftscope's principal over a
// whole session of the CLI and the GUI, the principal holds only a reader's ACLs, and both clusters are as
// before.
void RealKafka::readOnly()
{
    const QStringList acls = workload({"acls", rigFile("source-admin.librdkafka"), "User:driftscope"});
    const QStringList expectedAcls = {
        "BROKER kafka-cluster LITERAL DESCRIBE ALLOW",
        "GROUP * LITERAL DESCRIBE ALLOW",
        "TOPIC customers LITERAL DESCRIBE ALLOW",
        "TOPIC heartbeats LITERAL DESCRIBE ALLOW",
        "TOPIC heartbeats LITERAL READ ALLOW",
        "TOPIC mm2-offset-syncs.B.internal LITERAL DESCRIBE ALLOW",
        "TOPIC mm2-offset-syncs.B.internal LITERAL DESCRIBE_CONFIGS ALLOW",
        "TOPIC mm2-offset-syncs.B.internal LITERAL READ ALLOW",
        "TOPIC orders LITERAL DESCRIBE ALLOW",
        "TOPIC payments LITERAL DESCRIBE ALLOW",
    };
    QCOMPARE(acls, expectedAcls);
    // The clusters are compared before and after: the workload must be quiet (also when this
    // test runs alone).
    QVERIFY2(quiesce(), qPrintable("the workload did not quiesce in 60 s" + logsHint()));

    // MM2 may still write a last sync of the quiet topics, and then a checkpoint and a group
    // offset: "before" is taken once both clusters held still for three checkpoint intervals.
    QStringList sourceBefore, targetBefore;
    for (int attempt = 0; attempt < 10; ++attempt) {
        const QStringList source = workload({"snapshot", rigFile("source-admin.librdkafka")});
        const QStringList target = workload({"snapshot", rigFile("target.librdkafka")});
        if (source == sourceBefore && target == targetBefore)
            break;
        sourceBefore = source;
        targetBefore = target;
        QThread::msleep(6'000);
    }
    QVERIFY(!sourceBefore.contains("<failed>") && !targetBefore.contains("<failed>"));
    QVERIFY(!sourceBefore.filter("committed ").isEmpty());
    QVERIFY(!targetBefore.filter("committed ").isEmpty());
    const qsizetype logBefore = readAll(rigFile("a/authorizer.log")).size();

    // The authorizer log records denials: a principal without ACLs (canary) is refused
    // DescribeAcls (Describe on the cluster), and the refusal is logged.
    workload({"acls", rigFile("canary.librdkafka"), "User:canary"});
    QTRY_VERIFY_WITH_TIMEOUT(
        readAll(rigFile("a/authorizer.log")).mid(logBefore).contains("User:canary is Denied"), 10'000);
    const qsizetype sessionStart = readAll(rigFile("a/authorizer.log")).size();

    QVERIFY(!liveReport().isEmpty());
    QTemporaryDir dir;
    const CliRun record = runCli(
        QStringList{"record", "--out", dir.filePath("session.capture"), "--duration", "6"} + liveOptions(),
        90'000);
    QVERIFY2(record.exitCode == 0, qPrintable(record.err));
    QVERIFY(guiSession(dir.filePath("session.png"), 8).contains("status: A: connected · B: connected"));
    // The broker writes its log as it decides; a second lets the last lines reach the file.
    QThread::msleep(1'000);
    const QString session = readAll(rigFile("a/authorizer.log")).mid(sessionStart);
    QStringList denied;
    for (const QString& line : session.split('\n'))
        if (line.contains("User:driftscope") && line.contains("Denied"))
            denied << line;
    QVERIFY2(denied.isEmpty(), qPrintable(denied.join('\n')));

    QCOMPARE(workload({"snapshot", rigFile("source-admin.librdkafka")}), sourceBefore);
    QCOMPARE(workload({"snapshot", rigFile("target.librdkafka")}), targetBefore);
}

// driftscope through MM2's own SCRAM-SHA-512 settings: librdkafka before 2.6.1 computes a SCRAM
// proof that Kafka 4.x refuses (confluentinc/librdkafka#4895). With such a librdkafka the report
// fails in time naming the authentication, and prints no password; with a newer one, or against
// a 3.x broker (the 3.9.1 rig), it reads.
// failover-plan's reset files, applied by Kafka's own kafka-consumer-groups (ConsumerGroupCommand
// of the rig's release): each group's file goes to a check group of its own on the target with
// --reset-offsets --from-file --execute, whose committed offsets read back with --describe
// --offsets are exactly the file's. The check groups are not MM2's, so its group-offset sync
// cannot move them in between; driftscope itself only reads, as its principal's ACLs allow.
void RealKafka::failoverPlanAppliesWithKafkasTool()
{
    const QString work = qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_WORK");
    const QMap<QString, QString> env = rigEnv();
    const QString classpath = readAll(work + "/cp-" + env.value("RIG_RELEASE") + ".txt").trimmed();
    QVERIFY2(!classpath.isEmpty(), "the rig's classpath is missing (real_kafka_prepare resolves it)");
    const QStringList tool{"-cp", classpath, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                           "--bootstrap-server", env.value("RIG_TARGET")};
    const auto java = [](const QStringList& args) {
        QProcess p;
        p.start("java", args);
        const bool done = p.waitForFinished(120'000);
        if (!done)
            p.kill();
        p.waitForFinished();
        return std::pair{done && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                         QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError())};
    };

    const QString dir = work + "/plan-applied";
    QDir(dir).removeRecursively();
    const CliRun plan = runCli(
        QStringList{"failover-plan"} + liveOptions() + QStringList{"--out-dir", dir, "--json"}, 90'000);
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err + logsHint()));
    const QJsonArray groups = json(plan.out)["groups"].toArray();
    QVERIFY2(!groups.isEmpty(), qPrintable(plan.out));
    int applied = 0, partitions = 0;
    for (const QJsonValue& v : groups) {
        const QJsonObject g = v.toObject();
        // Live, every group's state on the target is read and named (a reset needs an empty group).
        QVERIFY2(!g["target_state"].toString().isEmpty() &&
                     !g["target_state"].toString().startsWith("unknown"),
                 qPrintable(g["group"].toString() + ": " + g["target_state"].toString()));
        if (g["file"].isNull())
            continue;
        QMap<QString, qint64> want; // "topic partition" -> offset
        for (const QString& line :
             readAll(dir + "/" + g["file"].toString()).split('\n', Qt::SkipEmptyParts)) {
            const QStringList f = line.split(',');
            QCOMPARE(f.size(), 3);
            want[f[0] + " " + f[1]] = f[2].toLongLong();
        }
        QCOMPARE(want.size(), g["resets"].toArray().size());
        const QString check = "driftscope-plan-check-" + QString::number(applied);
        const auto [reset, resetOut] =
            java(tool + QStringList{"--group", check, "--reset-offsets", "--from-file",
                                    dir + "/" + g["file"].toString(), "--execute"});
        QVERIFY2(reset, qPrintable(resetOut));
        const auto [described, describedOut] =
            java(tool + QStringList{"--describe", "--offsets", "--group", check});
        QVERIFY2(described, qPrintable(describedOut));
        QMap<QString, qint64> got;
        for (const QString& line : describedOut.split('\n')) {
            const QStringList c = line.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts);
            if (c.size() >= 4 && c[0] == check)
                got[c[1] + " " + c[2]] = c[3].toLongLong();
        }
        QCOMPARE(got, want);
        ++applied;
        partitions += static_cast<int>(want.size());
    }
    QVERIFY2(applied > 0, "no group had a reset file");
    qInfo("%d/%d reset files applied by kafka-consumer-groups, %d partitions, every offset read back",
          applied, static_cast<int>(groups.size()), partitions);
}

// The rig's MM2 described as a Strimzi KafkaMirrorMaker2 resource (rig.sh writes driftscope.yaml
// with a cluster-internal address for A and Secrets it only names): refused until -X gives the
// Secrets, then, with A's address replaced, the same report as from driftscope.properties on the
// quiet rig: the same rows, resume offsets and replication positions (the resource's
// offsetStorageTopic) and the same settings.
void RealKafka::strimziResourceReadsTheRig()
{
    const QStringList resource = {"report",
                                  "--mm2-config",
                                  rigFile("driftscope.yaml"),
                                  "--mm2-version",
                                  releaseName(),
                                  "--json",
                                  "--timeout",
                                  "60"};
    const CliRun refused = runCli(resource, 60'000);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(
        refused.err.contains("A's ssl.ca.location is a PEM file of the CA certificates in Secret "
                             "cluster-a-cluster-ca-cert, key ca.crt, which the resource only names: give -X "
                             "source.ssl.ca.location=...; A's sasl.password is Secret driftscope, key "
                             "password, which the resource only names: give -X source.sasl.password=..."),
        qPrintable(refused.err));
    const QMap<QString, QString> env = rigEnv();
    const auto rowsOf = [](const QJsonObject& report) {
        QStringList rows;
        for (const QJsonValue& v : report["rows"].toArray()) {
            const QJsonObject row = v.toObject();
            rows << QString("%1 %2-%3 resume %4 replication %5")
                        .arg(row["group"].toString(), row["topic"].toString())
                        .arg(row["partition"].toInt())
                        .arg(row["resume_offset"].toInteger(-1))
                        .arg(row["replication"].toObject()["next_offset"].toInteger(-1));
        }
        rows.sort();
        return rows;
    };
    // The quiet rig still moves once in a while: MM2 fires a pending sync at its offset flush
    // (every 60 s), translates a group's committed offset higher and syncs that group offset (CI
    // saw billing orders-0 resume at 9987, then 10045). So the resource's read lies between two
    // reads through the properties that agree, or is taken again.
    CliRun run;
    QJsonObject fromResource, fromProperties;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const QJsonObject before = liveReport();
        run = runCli(resource + QStringList{"-X", "source.bootstrap.servers=" + env.value("RIG_SOURCE"), "-X",
                                            "source.sasl.password=" + env.value("RIG_DRIFTSCOPE_PASSWORD"),
                                            "-X", "source.ssl.ca.location=" + env.value("RIG_CA")},
                     90'000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + logsHint()));
        fromResource = json(run.out);
        fromProperties = liveReport();
        QVERIFY(!before.isEmpty() && !fromProperties.isEmpty());
        if (rowsOf(before) == rowsOf(fromProperties))
            break;
        qInfo("the rig moved between the reads through the properties: reading again");
    }
    QVERIFY(!run.out.contains(env.value("RIG_DRIFTSCOPE_PASSWORD")) &&
            !run.err.contains(env.value("RIG_DRIFTSCOPE_PASSWORD")));
    QCOMPARE(fromResource["reader_problems"].toArray().size(), 0);
    for (const char* key : {"stale_after_ms", "group_offset_sync", "group_offset_sync_interval_ms", "source",
                            "target", "mm2_release"})
        QCOMPARE(fromResource[key], fromProperties[key]);
    const QStringList rows = rowsOf(fromResource);
    QCOMPARE(rows, rowsOf(fromProperties));
    // Quiet: MM2's position is at most the source's log end.
    for (const QJsonValue& v : fromResource["rows"].toArray())
        QVERIFY2(v["replication"]["next_offset"].toInteger(-1) <= v["source_end"].toInteger(-1),
                 qPrintable(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)));
    QVERIFY(!rows.isEmpty() && rows.filter(" replication -1").isEmpty());
    qInfo("the rig's MM2 as a Strimzi resource: %d rows as from driftscope.properties, e.g. %s",
          static_cast<int>(rows.size()), qPrintable(rows.first()));
}

void RealKafka::scramUserReads()
{
    const QString password = rigEnv().value("RIG_DRIFTSCOPE_PASSWORD");
    QVERIFY(!password.isEmpty());
    const CliRun run = runCli({"report", "--mm2-config", rigFile("driftscope-scram.properties"),
                               "--mm2-version", releaseName(), "--json", "--timeout", "20"},
                              60'000);
    QVERIFY(!run.out.contains(password) && !run.err.contains(password));
    // librdkafka 2.6.1 and newer (what .ci/bootstrap links) read Kafka 4.x as the SCRAM user, as
    // does an older one on a 3.x broker, which accepts its client-final message.
    if (rd_kafka_version() >= 0x020601ff || rigRelease() < driftscope::Release{4, 0, 0}) {
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject report = json(run.out);
        QCOMPARE(report["clusters"].toObject()["source"].toString(), QString("connected"));
        QCOMPARE(report["clusters"].toObject()["target"].toString(), QString("connected"));
        QCOMPARE(report["reader_problems"].toArray().size(), 0);
        QCOMPARE(report["undecodable_records"].toInt(-1), 0);
        QVERIFY(report["syncs_read"].toInt() > 0);
        QVERIFY(report["checkpoints_read"].toInt() > 0);
        // The same principal as PLAIN's, so the same ACLs: every group the source lists.
        QCOMPARE(groupsIn(report), sourceGroups());
        qInfo("librdkafka %s: SCRAM-SHA-512 against Kafka %s reads %d rows", rd_kafka_version_str(),
              qPrintable(releaseName()), static_cast<int>(report["rows"].toArray().size()));
        return;
    }
    // What a driftscope built against Debian 12's librdkafka 2.0.2 meets on Kafka 4.x
    // (confluentinc/librdkafka#4895; README.md, "SCRAM and librdkafka").
    qInfo("librdkafka %s: SCRAM against Kafka %s fails as expected: %s", rd_kafka_version_str(),
          qPrintable(releaseName()), qPrintable(run.err.section('\n', -2, -2)));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("SASL authentication error") && run.err.contains("SCRAM-SHA-512"),
             qPrintable(run.err));
}

// A group of the consumer group protocol (KIP-848): Kafka's console consumer, a Java consumer
// with group.protocol=consumer, reads orders to its end (the workload is quiet) and commits.
// Kafka's kafka-consumer-groups lists it as a Consumer-type group; driftscope finds it without
// --group, reads the same committed offsets, and MM2 (4.1+ lists consumer and classic groups)
// checkpoints it at them. Offsets at the log end translate: MM2's newest syncs are near it (after
// the restarts of mm2Restart and sourceBrokerKilled the oldest retained ones are not).
void RealKafka::consumerProtocolGroup()
{
    const QString work = qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_WORK");
    const QString group = "kip848-orders";
    QProcess consumer;
    consumer.start("bash", {RIG_SH, "java-consumer", work, group, "orders"});
    QVERIFY(consumer.waitForFinished(180'000));
    QVERIFY2(consumer.exitCode() == 0, consumer.readAllStandardError().constData());
    qInfo("%s", consumer.readAllStandardOutput().trimmed().constData());

    const QMap<QString, QString> env = rigEnv();
    const QString classpath = readAll(work + "/cp-" + env.value("RIG_RELEASE") + ".txt").trimmed();
    const auto groupsTool = [&](const QStringList& args) {
        QProcess p;
        p.start("java",
                QStringList{"-cp", classpath, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                            "--bootstrap-server", env.value("RIG_SOURCE"), "--command-config",
                            rigFile("source-admin-kip848.properties")} +
                    args);
        const bool done =
            p.waitForFinished(120'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        if (!done)
            qWarning("kafka-consumer-groups %s failed: %s", qPrintable(args.join(' ')),
                     p.readAllStandardError().constData());
        return done ? out : QString();
    };
    // "GROUP  TYPE" lines: the group is of the Consumer type.
    const QString listed = groupsTool({"--list", "--type"});
    const QRegularExpression consumerType("^" + group + "\\s+Consumer\\s",
                                          QRegularExpression::MultilineOption);
    QVERIFY2(consumerType.match(listed).hasMatch(), qPrintable(listed));
    // Its committed offsets as Kafka's tool describes them: "GROUP TOPIC PARTITION CURRENT-OFFSET
    // LOG-END-OFFSET ...", at the log end.
    std::map<int, qint64> committed;
    for (const QString& line : groupsTool({"--describe", "--group", group, "--offsets"}).split('\n')) {
        const QStringList f = line.simplified().split(' ');
        bool number = false, end = false;
        if (f.size() < 5 || f[0] != group || f[1] != "orders")
            continue;
        const qint64 offset = f[3].toLongLong(&number);
        QVERIFY2(number && offset == f[4].toLongLong(&end) && end, qPrintable(line));
        committed[f[2].toInt()] = offset;
    }
    QCOMPARE(committed.size(), size_t(3));

    // MM2 lists groups every 5 s and checkpoints every 2 s (rig.sh): within a minute each partition
    // has a checkpoint at the committed offset.
    const auto checkpointedAtCommitted = [&committed](const std::map<int, QJsonObject>& rows) {
        return rows.size() == committed.size() && std::all_of(rows.begin(), rows.end(), [&](const auto& r) {
                   const auto it = committed.find(r.first);
                   return it != committed.end() &&
                          r.second["checkpoint"].toObject()["upstream"].toInteger(-1) == it->second;
               });
    };
    QJsonObject report;
    std::map<int, QJsonObject> rows;
    for (int attempt = 0; attempt < 30 && !checkpointedAtCommitted(rows); ++attempt) {
        if (attempt > 0)
            QTest::qWait(2000);
        report = liveReport();
        rows.clear();
        for (const QJsonValue& v : report["rows"].toArray())
            if (v["group"].toString() == group && v["topic"].toString() == "orders")
                rows[v["partition"].toInt()] = v.toObject();
    }
    QVERIFY2(groupsIn(report).count(group), qPrintable(QJsonDocument(report).toJson()));
    QCOMPARE(rows.size(), committed.size());
    for (const auto& [partition, offset] : committed) {
        const QJsonObject row = rows[partition];
        const QString text = QJsonDocument(row).toJson(QJsonDocument::Compact);
        QVERIFY2(row["committed"].toInteger(-1) == offset, qPrintable(text));
        QVERIFY2(row["checkpoint"].toObject()["upstream"].toInteger(-1) == offset, qPrintable(text));
        QVERIFY2(!row["health"].toArray().contains(QJsonValue("never-checkpointed")), qPrintable(text));
    }
    qInfo("%s (group.protocol=consumer): %d partitions committed at their log end (%lld, %lld, %lld) and "
          "checkpointed there",
          qPrintable(group), static_cast<int>(committed.size()), committed[0], committed[1], committed[2]);
}

// A wrong password and a CA that did not sign the broker's certificate (issue 14, test 4): report
// fails within its timeout naming the cause, record keeps the cause as the source's state, and no
// password shows anywhere: stdout, stderr, the capture's bytes or its export.
// A streams group (KIP-1071): the rig's own Streams application reads orders with
// group.protocol=streams and commits. Kafka lists it as Streams; MM2, which lists classic and
// consumer groups alone (as librdkafka does), never checkpoints it. Named with --group, driftscope
// reads its committed offsets and says never-checkpointed, with the reason, not no-checkpoint.
void RealKafka::streamsGroup()
{
    QVERIFY2(quiesce(), qPrintable("the workload did not quiesce" + logsHint())); // its log ends stay
    const QString group = "rig-streams";
    QProcess app;
    app.start("bash",
              {RIG_SH, "streams-app", qEnvironmentVariable("DRIFTSCOPE_REAL_KAFKA_WORK"), group, "orders"});
    QVERIFY(app.waitForFinished(180'000));
    QVERIFY2(app.exitCode() == 0, qPrintable(app.readAllStandardError() + logsHint()));
    const QStringList said = QString::fromUtf8(app.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    qInfo("%s", qPrintable(said.join("; ")));
    QVERIFY2(said.contains("kafka-groups lists rig-streams as Streams"), qPrintable(said.join("; ")));
    const std::map<GroupPartition, qint64> committed = sourceCommitted(); // the admin's listing
    QVERIFY(std::none_of(committed.begin(), committed.end(),
                         [&](const auto& c) { return std::get<0>(c.first) == group; }));

    // MM2 checkpoints every 2 s and lists groups every 5 s: 10 s give it every chance to.
    QTest::qWait(10'000);
    const CliRun run =
        runCli(QStringList{"report"} + liveOptions() + QStringList{"--json", "--group", group}, 90'000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = json(run.out);
    QStringList rows;
    for (const QJsonValue& v : report["rows"].toArray()) {
        if (v["group"].toString() != group)
            continue;
        const QString text = QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
        QVERIFY2(v["committed"].toInteger(-1) > 0 && v["committed"] == v["source_end"], qPrintable(text));
        QVERIFY2(v["checkpoint"].isNull() && v["resume_offset"].isNull(), qPrintable(text));
        QCOMPARE(v["health"].toArray(), QJsonArray({"never-checkpointed"}));
        QCOMPARE(v["evidence"].toObject()["never-checkpointed"].toString(),
                 group + ": has committed offsets on the source, but the source's group listing leaves it "
                         "out. MM2 lists the same groups (classic and consumer groups) and checkpoints only "
                         "those, so it never checkpoints this one: a streams group (KIP-1071), say, which "
                         "commits offsets but is listed as another type");
        rows << v["topic"].toString() + "-" + QString::number(v["partition"].toInt());
    }
    QCOMPARE(rows.size(), qsizetype(3)); // orders has 3 partitions
    qInfo("%s (group.protocol=streams): never-checkpointed on %s", qPrintable(group),
          qPrintable(rows.join(", ")));
}

void RealKafka::wrongPasswordAndUnknownCa()
{
    const QMap<QString, QString> env = rigEnv();
    const QStringList secrets{env.value("RIG_DRIFTSCOPE_PASSWORD"), env.value("RIG_WRONG_PASSWORD")};
    QVERIFY(!secrets[0].isEmpty() && !secrets[1].isEmpty());
    struct Case {
        const char* file = nullptr;
        QStringList cause; // what the message names
        QProcess report, record;
        QElapsedTimer started;
        qint64 reportMs = -1; // how long report took
    };
    std::array<Case, 2> cases;
    cases[0].file = "driftscope-wrong-password.properties";
    cases[0].cause = {"SASL authentication error", "Invalid username or password"};
    cases[1].file = "driftscope-unknown-ca.properties";
    cases[1].cause = {"SSL handshake failed", "certificate verify failed"};
    constexpr int kTimeoutS = 10;
    QTemporaryDir dir;
    // All four at once: each waits for a cluster that never lets it in.
    for (Case& c : cases) {
        const QStringList config{"--mm2-config", rigFile(c.file), "--mm2-version", releaseName()};
        c.started.start();
        c.report.start(DRIFTSCOPE_CLI,
                       QStringList{"report", "--json", "--timeout", QString::number(kTimeoutS)} + config);
        c.record.start(
            DRIFTSCOPE_CLI,
            QStringList{"record", "--out", dir.filePath(c.file + QString(".capture")), "--duration", "6"} +
                config);
    }
    // When each report ends, to within 50 ms; one that outlives its timeout by 30 s hangs.
    for (bool waiting = true; waiting;) {
        waiting = false;
        for (Case& c : cases) {
            if (c.reportMs >= 0)
                continue;
            if (c.report.state() == QProcess::NotRunning || c.report.waitForFinished(50))
                c.reportMs = c.started.elapsed();
            else if (c.started.elapsed() > (kTimeoutS + 30) * 1000)
                QFAIL(qPrintable(QString(c.file) + ": report hangs"));
            else
                waiting = true;
        }
    }
    for (Case& c : cases) {
        const qint64 elapsed = c.reportMs;
        QVERIFY(c.record.waitForFinished(60'000) || c.record.state() == QProcess::NotRunning);
        const QString out = QString::fromUtf8(c.report.readAllStandardOutput());
        const QString err = QString::fromUtf8(c.report.readAllStandardError());
        const QString recordOut =
            QString::fromUtf8(c.record.readAllStandardOutput() + c.record.readAllStandardError());
        const QString capture = dir.filePath(c.file + QString(".capture"));
        QFile file(capture);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const CliRun exportRun = runCli({"export", capture});
        QCOMPARE(exportRun.exitCode, 0);
        for (const QString& secret : secrets) {
            QVERIFY2(!out.contains(secret) && !err.contains(secret), c.file);
            QVERIFY2(!recordOut.contains(secret), c.file);
            QVERIFY2(!bytes.contains(secret.toUtf8()) && !exportRun.out.contains(secret), c.file);
        }
        // report: exit 1 within the timeout (and its slack), naming the source's state and cause.
        QCOMPARE(c.report.exitCode(), 1);
        QVERIFY2(elapsed < (kTimeoutS + 10) * 1000, qPrintable(QString::number(elapsed)));
        QVERIFY2(err.contains("source cluster unreachable: "), qPrintable(err));
        for (const QString& cause : c.cause)
            QVERIFY2(err.contains(cause), qPrintable(err));
        // record: the target is read (MM2's checkpoints); the source's state names the cause.
        QCOMPARE(c.record.exitCode(), 0);
        QString sourceState;
        for (const QString& line : exportRun.out.split('\n', Qt::SkipEmptyParts)) {
            const QJsonObject o = json(line);
            if (o["kind"] == "event" && o["side"] == "source" && o["state"] == "unreachable")
                sourceState = o["message"].toString();
        }
        for (const QString& cause : c.cause)
            QVERIFY2(sourceState.contains(cause), qPrintable(sourceState));
        qInfo("%s: report exit 1 after %.1f s: %s", c.file, elapsed / 1000.0,
              qPrintable(err.trimmed().section('\n', -1)));
    }
}

// The source topic customers deleted and created again, empty, once the workload is quiet: the
// checkpoints and syncs MM2 wrote stand for records that are gone. driftscope says
// source-topic-recreated on every row of customers (a source end of 0, sampled after them) and on
// no other, and the failover plan resets none of them.
void RealKafka::sourceTopicRecreated()
{
    const QStringList recreated =
        workload({"recreate-topic", rigFile("source-admin.librdkafka"), "customers"});
    QCOMPARE(recreated, QStringList{"recreated customers"});
    const QJsonObject report = liveReport();
    QVERIFY(!report.isEmpty());
    QStringList customersRows, holding;
    for (const QJsonValue& v : report["rows"].toArray())
        if (v.toObject()["topic"] == "customers")
            customersRows << v.toObject()["group"].toString() + " customers 0";
    for (const auto& [key, row] : rowsHolding(report, "source-topic-recreated")) {
        holding << key;
        const QString evidence = row["evidence"].toObject()["source-topic-recreated"].toString();
        QVERIFY2(evidence.startsWith("the source log end is 0 (sampled "), qPrintable(evidence));
        QCOMPARE(row["source_end"].toInteger(-1), 0);
    }
    customersRows.sort();
    QVERIFY2(customersRows.size() >= 2, qPrintable(customersRows.join(", ")));
    QCOMPARE(holding, customersRows);
    QCOMPARE(rowsHolding(report, "target-truncated").size(), size_t(0));

    QTemporaryDir dir;
    const CliRun plan =
        runCli(QStringList{"failover-plan"} + liveOptions() + QStringList{"--out-dir", dir.path(), "--json"},
               90'000);
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
    QStringList leftOut;
    for (const QJsonValue& g : json(plan.out)["groups"].toArray()) {
        for (const QJsonValue& r : g.toObject()["resets"].toArray())
            QVERIFY2(r.toObject()["topic"] != "customers", qPrintable(g.toObject()["group"].toString()));
        for (const QJsonValue& l : g.toObject()["left_out"].toArray())
            if (l.toObject()["reason"] == "source topic recreated")
                leftOut << g.toObject()["group"].toString() + " " + l.toObject()["topic"].toString() + " " +
                               QString::number(l.toObject()["partition"].toInt());
    }
    leftOut.sort();
    QCOMPARE(leftOut, customersRows);
    qInfo("customers recreated: source-topic-recreated on %s; the plan leaves them out",
          qPrintable(holding.join(", ")));
}

// The offset-syncs topic altered to delete syncs after an hour (as a topic created by hand, or
// "fixed" by a retention policy, would): every row of the flow holds offset-syncs-topic-at-risk,
// and the report says what the broker described.
void RealKafka::offsetSyncsTopicAtRisk()
{
    const QStringList altered =
        workload({"alter-topic", rigFile("source-admin.librdkafka"), "mm2-offset-syncs.B.internal",
                  "cleanup.policy=delete", "retention.ms=3600000"});
    QCOMPARE(altered, QStringList{"altered mm2-offset-syncs.B.internal"});
    const QJsonObject report = liveReport();
    QVERIFY(!report.isEmpty());
    QJsonObject syncsTopic = report["offset_syncs_topic"].toObject();
    syncsTopic.remove("described_at_ms");
    QCOMPARE(syncsTopic, (QJsonObject{{"cleanup_policy", "delete"},
                                      {"retention_ms", 3'600'000},
                                      {"retention_bytes", -1},
                                      {"at_risk", true},
                                      {"unknown_because", QJsonValue::Null}}));
    const QJsonArray rows = report["rows"].toArray();
    QVERIFY(rows.size() >= 4);
    QCOMPARE(rowsHolding(report, "offset-syncs-topic-at-risk").size(), size_t(rows.size()));
    const QString evidence =
        rows[0].toObject()["evidence"].toObject()["offset-syncs-topic-at-risk"].toString();
    QVERIFY2(
        evidence.startsWith("the offset-syncs topic mm2-offset-syncs.B.internal has cleanup.policy=delete "
                            "with retention.ms=3600000 ("),
        qPrintable(evidence));
    qInfo("cleanup.policy=delete, retention.ms=3600000: offset-syncs-topic-at-risk on all %d rows: %s",
          static_cast<int>(rows.size()), qPrintable(evidence));
}

// MM2 down while the source deletes records it never read: MM2 is killed, 200 records are
// produced to payments-0 and every record of the partition deleted; driftscope records two
// minutes (a log sample is judged 110 s after it: Connect's default offset.flush.interval.ms of
// 60 s, which MM2 4.3.1 runs here, 30 s of slack and 20 s for the reader; against the position
// MM2's source connector committed in Connect's offsets topic mm2-offsets.A.internal before it
// died). Then MM2 comes back.
void RealKafka::sourceRecordsLost()
{
    QVERIFY2(rigCommand("kill", "mm2"), qPrintable("mm2 could not be killed" + logsHint()));
    const QStringList deleted =
        workload({"produce-and-delete", rigFile("source-admin.librdkafka"), "payments", "0", "200"});
    QCOMPARE(deleted.size(), qsizetype(1));
    QVERIFY2(deleted[0].startsWith("deleted payments-0 below "), qPrintable(deleted[0]));
    const qint64 logStart = deleted[0].section(' ', -1).toLongLong();
    QTemporaryDir dir;
    const QString capture = dir.filePath("lost.capture");
    const CliRun record =
        runCli(QStringList{"record", "--out", capture, "--duration", "120"} + liveOptions(), 180'000);
    QVERIFY2(record.exitCode == 0, qPrintable(record.err));
    const CliRun run = runCli({"report", capture, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = json(run.out);
    QCOMPARE(report["undecodable_by_topic"].toObject()["connect-offsets"].toInt(-1), 0);
    QStringList paymentsRows, holding;
    for (const QJsonValue& v : report["rows"].toArray())
        if (v.toObject()["topic"] == "payments" && v.toObject()["partition"] == 0)
            paymentsRows << v.toObject()["group"].toString() + " payments 0";
    qint64 next = -1;
    for (const auto& [key, row] : rowsHolding(report, "source-records-lost")) {
        holding << key;
        const QString evidence = row["evidence"].toObject()["source-records-lost"].toString();
        next = row["replication"].toObject()["next_offset"].toInteger(-1);
        QVERIFY2(next >= 0 && next < logStart, qPrintable(QString::number(next)));
        QVERIFY2(evidence.startsWith("the source log start was " + thousands(logStart) + " at "),
                 qPrintable(evidence));
        QVERIFY2(evidence.contains(", past " + thousands(next) + ", the next offset MM2 would replicate"),
                 qPrintable(evidence));
        QVERIFY2(evidence.contains(" records [" + thousands(next) + ", " + thousands(logStart) +
                                   ") were deleted before MM2 replicated them"),
                 qPrintable(evidence));
        QCOMPARE(row["source_start"].toInteger(-1), logStart);
    }
    paymentsRows.sort();
    QVERIFY2(paymentsRows.size() >= 1, qPrintable(QJsonDocument(report).toJson()));
    QCOMPARE(holding, paymentsRows);
    QCOMPARE(rowsHolding(report, "source-records-lost").size(), size_t(paymentsRows.size()));
    qInfo("MM2 killed, payments-0 deleted below %lld: source-records-lost on %s, MM2 would resume at %lld",
          logStart, qPrintable(holding.join(", ")), next);
    QVERIFY2(rigCommand("restart", "mm2"), qPrintable("mm2 did not start again" + logsHint()));
}

// A report's rows as "FLOW GROUP TOPIC-P committed C resume R", sorted.
QStringList flowRows(const QList<QJsonObject>& reports)
{
    QStringList rows;
    for (const QJsonObject& report : reports)
        for (const QJsonValue& v : report["rows"].toArray())
            rows << QString("%1 %2 %3-%4 committed %5 resume %6")
                        .arg(v["flow"].toString(), v["group"].toString(), v["topic"].toString())
                        .arg(v["partition"].toInt())
                        .arg(v["committed"].toInteger(-1))
                        .arg(v["resume_offset"].toInteger(-1));
    rows.sort();
    return rows;
}

QList<QJsonObject> jsonLines(const QString& text)
{
    QList<QJsonObject> objects;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts))
        objects << json(line);
    return objects;
}

// Active/active: MM2 runs B->A too (refunds on B, 300 records, group refunds-app committed at
// 250), and report and failover-plan read both flows of one configuration at once, each flow's
// rows as --flow reads it alone. Last in the chain: it changes the rig for good.
void RealKafka::everyFlow()
{
    QVERIFY2(quiesce(), qPrintable("the workload did not quiesce" + logsHint()));
    QCOMPARE(workload({"produce-and-commit", rigFile("target.librdkafka"), "refunds", "300", "refunds-app",
                       "250"}),
             QStringList{"produced 300 records to refunds-0; refunds-app committed 250"});
    // What driftscope reads of B->A on A: its checkpoints and MM2's position; the mirrored topic
    // it only describes (tests/real_kafka/README.md).
    QCOMPARE(workload({"grant", rigFile("source-admin.librdkafka"), "User:driftscope", "read",
                       "B.checkpoints.internal", "mm2-offsets.B.internal"}),
             QStringList{"granted User:driftscope read on 2 topics"});
    QCOMPARE(
        workload({"grant", rigFile("source-admin.librdkafka"), "User:driftscope", "describe", "B.refunds"}),
        QStringList{"granted User:driftscope describe on 1 topics"});
    QVERIFY2(rigCommand("kill", "mm2"), qPrintable("mm2 could not be killed" + logsHint()));
    const QString reverse =
        "B->A.enabled=true\nB->A.topics=refunds\nB->A.emit.checkpoints.interval.seconds=2\n"
        "B->A.refresh.topics.interval.seconds=5\nB->A.refresh.groups.interval.seconds=5\n";
    const QString everyFlowFile = rigFile("driftscope-every-flow.properties");
    for (const auto& [from, to] : {std::pair{rigFile("mm2.properties"), rigFile("mm2.properties")},
                                   std::pair{rigFile("driftscope.properties"), everyFlowFile}}) {
        QString text = readAll(from);
        QVERIFY(text.contains("B->A.enabled=false\n") || text.contains(reverse)); // a second run: as it is
        text.replace("B->A.enabled=false\n", reverse);
        QFile file(to);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text.toUtf8());
    }
    QVERIFY2(rigCommand("restart", "mm2"), qPrintable("mm2 did not start again" + logsHint()));

    const QStringList config = {"--mm2-config", everyFlowFile, "--mm2-version",
                                releaseName(),  "--timeout",   "60"};
    const auto read = [&config](const QStringList& more) {
        const CliRun run = runCli(QStringList{"report", "--json"} + config + more, 90'000);
        if (run.exitCode != 0)
            qWarning("report %s: exit %d: %s", qPrintable(more.join(' ')), run.exitCode, qPrintable(run.err));
        return run.exitCode == 0 ? jsonLines(run.out) : QList<QJsonObject>();
    };
    // Until MM2 checkpointed refunds-app on A.
    QList<QJsonObject> reverseAlone;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     reverseAlone = read({"--flow", "B->A"});
                     return reverseAlone.size() == 1 &&
                            flowRows(reverseAlone)
                                    .filter("B->A refunds-app refunds-0 committed 250 resume ")
                                    .size() == 1 &&
                            flowRows(reverseAlone).filter(" resume -1").isEmpty();
                 },
                 240'000),
             qPrintable(flowRows(reverseAlone).join("; ") + logsHint()));

    // Both flows at once, between two reads of each flow alone that agree (MM2 restarted: a
    // pending sync fired at its next offset flush can move a resume offset).
    QList<QJsonObject> both, alone;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const QList<QJsonObject> before = read({"--flow", "A->B"}) + read({"--flow", "B->A"});
        both = read({});
        alone = read({"--flow", "A->B"}) + read({"--flow", "B->A"});
        if (before.size() == 2 && flowRows(before) == flowRows(alone))
            break;
        qInfo("the rig moved between the reads of each flow alone: reading again");
    }
    QCOMPARE(both.size(), qsizetype(2));
    QCOMPARE(both[0]["flow"].toString(), QString("A->B"));
    QCOMPARE(both[1]["flow"].toString(), QString("B->A"));
    QCOMPARE(flowRows(both), flowRows(alone));
    const QStringList reverseRows = flowRows({both[1]});
    QCOMPARE(reverseRows.size(), qsizetype(1));
    const QJsonObject refunds = both[1]["rows"].toArray()[0].toObject();
    QCOMPARE(refunds["target_topic"].toString(), QString("B.refunds"));
    const qint64 resume = refunds["resume_offset"].toInteger(-1);
    QVERIFY2(resume >= 0 && resume <= 250, qPrintable(reverseRows[0])); // 3.4.1+ never skips
    QCOMPARE(refunds["replay"].toObject()["replay"].toInteger(-1), 250 - resume);
    QVERIFY(flowRows({both[0]}).size() >= 4);

    // CSV: one header, every row led by its flow.
    const CliRun csv = runCli(QStringList{"report", "--csv"} + config, 90'000);
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    QCOMPARE(csv.out.count("flow,group,"), 1);
    QCOMPARE(csv.out.count("\nB->A,"), 1);
    QVERIFY(csv.out.contains("\nB->A,refunds-app,refunds,0,B.refunds,250,"));
    QCOMPARE(csv.out.count("\nA->B,"), flowRows({both[0]}).size());

    // failover-plan: one folder per flow; B->A's reset file resumes refunds-app where report does.
    QTemporaryDir dir;
    const CliRun plan = runCli(QStringList{"failover-plan", "--out-dir", dir.path()} + config, 90'000);
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
    QVERIFY(QFile::exists(dir.filePath("A-to-B/plan.json")));
    const QString resetFile = readAll(dir.filePath("B-to-A/refunds-app.csv"));
    QCOMPARE(resetFile, QString("B.refunds,0,%1\n").arg(resume));
    qInfo("both flows at once: %d rows of A->B and %s; the B->A plan resets to %s",
          static_cast<int>(flowRows({both[0]}).size()), qPrintable(reverseRows[0]),
          qPrintable(resetFile.trimmed()));
}

QTEST_GUILESS_MAIN(RealKafka)
#include "tst_real_kafka.moc"
