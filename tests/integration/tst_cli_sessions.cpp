// driftscope-cli on session files: import of formatter text, export and re-import, reports on
// captures, and the refusals. The samples under resources/samples/ come from a recording of the
// demo clusters and one of real Kafka brokers and MM2 (see its README).
#include "support/cli_runner.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString sample(const char* name)
{
    return QString(DRIFTSCOPE_SAMPLES) + "/" + name;
}

QStringList linesOf(const QString& text)
{
    QStringList lines = text.split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

QStringList fileLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return linesOf(QString::fromUtf8(f.readAll()));
}

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QJsonObject json(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

} // namespace

class CliSessions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void importFormatterText();
    void exportOfTheSampleCaptureIsTheCommittedExport();
    void exportImportRoundTrip();
    void translateReadsCaptures();
    void releasesByLine();
    void reportFormatsAndTimes();
    void reportOfACaptureShowsTheReaderProblems();
    void reportResumeOffsetsAndFailOn();
    void failoverPlanOfACapture();
    void emptyAnswersAreErrors();
    void refusals_data();
    void refusals();
    void strimziResourceNeedsItsSecrets();
    void importNamesTheBadLine();
    void importThatFailsLeavesNothing();
    void neverOverwrites();
    void mm2ConfigNotesNameTheRelease();
    void realMm2Sample();
    void replayBudgetOnTheRealSample();
    void tuneOnTheRealSample();
    void tuneRefusals();
};

void CliSessions::importFormatterText()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath("imported.capture");
    const CliRun imported = runCli({"import", "--out", capture, sample("demo_offset_syncs.txt"),
                                    sample("demo_checkpoints.txt"), sample("demo_heartbeats.txt")});
    QCOMPARE(imported.exitCode, 0);
    const QStringList syncs = fileLines(sample("demo_offset_syncs.txt"));
    const QStringList checkpoints = fileLines(sample("demo_checkpoints.txt"));
    QVERIFY2(imported.err.startsWith(QString("imported %1 offset syncs, %2 checkpoints and ")
                                         .arg(QLocale::c().toString(syncs.size()))
                                         .arg(QLocale::c().toString(checkpoints.size()))),
             qPrintable(imported.err));

    const CliRun report = runCli({"report", capture, "--json"});
    QCOMPARE(report.exitCode, 0);
    const QJsonObject r = json(report.out);
    QCOMPARE(r["syncs_read"].toInt(), int(syncs.size()));
    QCOMPARE(r["checkpoints_read"].toInt(), int(checkpoints.size()));
    QCOMPARE(r["unexplained_checkpoints"].toInt(), 0); // the demo's MM2 follows the default release's rules
    // Each row shows the last checkpoint of its group and partition, as the file has it.
    const QRegularExpression line("consumerGroupId=(.*), topicPartition=(.*)-(\\d+), upstreamOffset=(\\d+), "
                                  "downstreamOffset=(\\d+), metadata=");
    QMap<QString, QPair<qint64, qint64>> last;
    for (const QString& l : checkpoints) {
        const auto m = line.match(l);
        QVERIFY2(m.hasMatch(), qPrintable(l));
        last[m.captured(1) + " " + m.captured(2) + "-" + m.captured(3)] = {m.captured(4).toLongLong(),
                                                                           m.captured(5).toLongLong()};
    }
    const QJsonArray rows = r["rows"].toArray();
    QCOMPARE(rows.size(), last.size());
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const QString key = row["group"].toString() + " " + row["target_topic"].toString() + "-" +
                            QString::number(row["partition"].toInt());
        const QJsonObject cp = row["checkpoint"].toObject();
        QCOMPARE(cp["upstream"].toInteger(), last[key].first);
        QCOMPARE(cp["downstream"].toInteger(), last[key].second);
        QVERIFY(cp["explained"].toBool());
        // Formatter text has no group offsets: the checkpoint is all that is known of them.
        QCOMPARE(row["committed"].toInteger(), last[key].first);
        QCOMPARE(row["committed_from"].toString(), QString("checkpoint"));
        // Nor times: no age, no emission time, never stale.
        QVERIFY(cp["age_ms"].isNull() && cp["emitted_at_ms"].isNull());
        QVERIFY(!row["verdicts"].toArray().contains(QJsonValue("checkpoint-stale")));
    }
    // The report is at no time, and says why in place of the stale limit.
    QVERIFY(r["at"].isNull() && r["at_ms"].isNull());
    const QString timesUnknown =
        "note: the records carry no times (MM2's console formatters print none): checkpoint ages are "
        "unknown, no checkpoint is judged stale, and the report is at the end of the records, not at a time";
    QVERIFY(r["notes"].toArray().contains(QJsonValue(timesUnknown)));
    const CliRun text = runCli({"report", capture, "--group", "analytics"});
    QCOMPARE(text.exitCode, 0);
    const QStringList lines = linesOf(text.out);
    QCOMPARE(lines.value(0),
             QString("driftscope report at the end of the records (their times are unknown): MM2 "
                     "4.4.0 rules, A -> B"));
    QCOMPARE(lines.value(2), timesUnknown);
    QVERIFY2(text.out.contains(
                 QRegularExpression("analytics +clicks-0 +1,975\\* +1,737 +1,975 -> 1,737 +unknown ")),
             qPrintable(text.out));
    QVERIFY(!text.out.contains("1970"));
    // The CSV leaves both times empty.
    const CliRun csv = runCli({"report", capture, "--csv", "--group", "analytics"});
    QCOMPARE(csv.exitCode, 0);
    QVERIFY2(linesOf(csv.out).value(1).contains(",1975,1737,,,"), qPrintable(csv.out));
}

void CliSessions::exportOfTheSampleCaptureIsTheCommittedExport()
{
    const CliRun exported = runCli({"export", sample("demo.capture")});
    QCOMPARE(exported.exitCode, 0);
    const QStringList committed = fileLines(sample("demo_session.jsonl"));
    const QStringList fresh = linesOf(exported.out);
    QCOMPARE(fresh.size(), committed.size());
    QCOMPARE(fresh, committed);
    QVERIFY(fresh.front().startsWith("{\"kind\":\"session\",\"source_alias\":\"A\""));
}

void CliSessions::exportImportRoundTrip()
{
    QTemporaryDir dir;
    const QString again = dir.filePath("again.capture");
    QCOMPARE(runCli({"import", "--out", again, sample("demo_session.jsonl")}).exitCode, 0);
    const CliRun first = runCli({"export", sample("demo.capture")});
    const CliRun second = runCli({"export", again});
    QCOMPARE(second.exitCode, 0);
    // Everything but the set-up line (which says who imported it) comes back unchanged.
    QStringList a = linesOf(first.out), b = linesOf(second.out);
    QVERIFY(json(b.front())["origin"] == "import");
    a.removeFirst();
    b.removeFirst();
    QCOMPARE(b, a);
    // And so does the report, at the end and in the middle of the recording.
    const CliRun end1 = runCli({"report", sample("demo.capture"), "--json"});
    QCOMPARE(runCli({"report", again, "--json"}).out, end1.out);
    const qint64 middle = json(end1.out)["at_ms"].toInteger() - 30'000;
    const QString at = QString::number(middle);
    QCOMPARE(runCli({"report", again, "--json", "--at", at}).out,
             runCli({"report", sample("demo.capture"), "--json", "--at", at}).out);
}

void CliSessions::translateReadsCaptures()
{
    const QStringList queries{"orders-0:150", "payments-1:120", "clicks-1:900"};
    const CliRun fromCapture =
        runCli(QStringList{"translate", "--offset-syncs", sample("demo.capture")} + queries);
    const CliRun fromText =
        runCli(QStringList{"translate", "--offset-syncs", sample("demo_offset_syncs.txt")} + queries);
    QCOMPARE(fromCapture.exitCode, 0);
    QCOMPARE(fromCapture.out, fromText.out);
    QCOMPARE(linesOf(fromCapture.out).size(), 3);
    QVERIFY(fromCapture.err.contains("also holds")); // checkpoints and heartbeats are not used here
    // A partition the capture has no sync of is an error before any answer, as with syncs.
    for (const char* command : {"translate", "syncs"}) {
        const QStringList asked = QString(command) == "syncs" ? QStringList{"nothing-0"}
                                                              : QStringList{"orders-0:150", "nothing-0:5"};
        const CliRun missing = runCli(QStringList{command, "--offset-syncs", sample("demo.capture")} + asked);
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.out, QString());
        QVERIFY2(
            missing.err.endsWith("driftscope-cli: no offset syncs of nothing-0 in " + sample("demo.capture") +
                                 "; partitions with syncs: clicks-0, clicks-1, orders-0, orders-1, orders-2, "
                                 "orders-3, payments-0, payments-1\n"),
            qPrintable(missing.err));
    }
}

// --mm2-version and a capture's recorded release take a release driftscope does not know yet with
// the rules of the newest it knows (of the release's line, or of all), said once on stderr.
void CliSessions::releasesByLine()
{
    const QString capture = sample("demo.capture");
    const QString why = ": a newer release can change MM2's offset translation (3.4.1, 3.5.2 and 3.7.1 did), "
                        "which a newer driftscope would know\n";
    const QString patchNote =
        "driftscope-cli: note: MM2 4.4.1 is not a release driftscope knows; it applies the "
        "rules of 4.4.0, the newest it knows of line 4.4" +
        why;
    const QString header = "driftscope report at 2026-11-29T13:37:51.856Z: MM2 %1 rules, A -> B\n";
    const CliRun known = runCli({"report", capture, "--mm2-version", "4.4.0"});
    QCOMPARE(known.exitCode, 0);
    QCOMPARE(known.err, QString());
    QVERIFY(known.out.startsWith(header.arg("4.4.0")));

    const CliRun patch = runCli({"report", capture, "--mm2-version", "4.4.1"});
    QCOMPARE(patch.exitCode, 0);
    QCOMPARE(patch.err, patchNote);
    // The rules of 4.4.0, which the header names, and the note among the report's own.
    const QString reportNote = "note: " + patchNote.mid(QString("driftscope-cli: note: ").size());
    QString withNote = known.out;
    withNote.insert(int(withNote.indexOf("records\n")) + 8, reportNote);
    QCOMPARE(patch.out, withNote);

    const CliRun minor = runCli({"report", capture, "--mm2-version", "4.5.0"});
    QCOMPARE(minor.exitCode, 0);
    QCOMPARE(minor.err,
             "driftscope-cli: note: MM2 4.5.0 is not a release driftscope knows; it applies the rules "
             "of 4.4.0, the newest it knows" +
                 why);
    QVERIFY(minor.out.contains("\nnote: MM2 4.5.0 is not a release driftscope knows"));

    const CliRun released = runCli({"report", capture, "--mm2-version", "4.3.2"});
    QCOMPARE(released.exitCode, 0);
    QCOMPARE(released.err, QString());
    QVERIFY2(released.out.startsWith(header.arg("4.3.2")), qPrintable(released.out.left(100)));

    QTemporaryDir dir;
    const CliRun plan = runCli({"failover-plan", capture, "--group", "billing", "--out-dir",
                                dir.filePath("plan"), "--mm2-version", "4.4.1"});
    QCOMPARE(plan.exitCode, 0);
    QCOMPARE(plan.err, patchNote);
    QVERIFY2(plan.out.startsWith(
                 "driftscope failover plan as of 2026-11-29T13:37:51.856Z: MM2 4.4.0 rules, A -> B\n"),
             qPrintable(plan.out.left(100)));
    QVERIFY(plan.out.contains("\n" + reportNote));
    QVERIFY(readText(dir.filePath("plan/plan.txt")).contains("\n" + reportNote));
    QVERIFY(readText(dir.filePath("plan/plan.json")).contains("\"notes\":[\"" + reportNote.chopped(1)));

    // A capture records the release as named; whoever reads it applies the rules it resolves to.
    const QString imported = dir.filePath("newer.capture");
    const CliRun import = runCli({"import", "--out", imported, "--mm2-version", "4.4.1",
                                  sample("demo_offset_syncs.txt"), sample("demo_checkpoints.txt")});
    QCOMPARE(import.exitCode, 0);
    QVERIFY2(import.err.startsWith(patchNote + "imported "), qPrintable(import.err));
    QCOMPARE(json(linesOf(runCli({"export", imported}).out).front())["mm2_release"].toString(),
             QString("4.4.1"));
    const CliRun fromCapture = runCli({"report", imported});
    QCOMPARE(fromCapture.exitCode, 0);
    QCOMPARE(fromCapture.err, patchNote);
    QVERIFY2(fromCapture.out.contains(": MM2 4.4.0 rules, A -> B\n"), qPrintable(fromCapture.out.left(100)));
    const CliRun chosen = runCli({"report", imported, "--mm2-version", "3.9.0"});
    QCOMPARE(chosen.err, QString()); // the release chosen replaces the recorded one, note and all
    QVERIFY(chosen.out.contains(": MM2 3.9.0 rules, A -> B\n"));

    // What is not newer than a known release stays an error.
    for (const char* refused : {"2.3.0", "1.1.0", "3.10.0", "4.4"}) {
        const CliRun r = runCli({"report", capture, "--mm2-version", refused});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QString("driftscope-cli: --mm2-version: MM2 release '%1' ").arg(refused)),
                 qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }
}

void CliSessions::reportFormatsAndTimes()
{
    const CliRun text = runCli({"report", sample("demo.capture"), "--group", "billing"});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.startsWith("driftscope report at "));
    QVERIFY(text.out.contains("\nGROUP    PARTITION"));
    QCOMPARE(text.out.count("\nbilling "), 8);

    const CliRun csv = runCli({"report", sample("demo.capture"), "--csv", "--group", "analytics"});
    QCOMPARE(csv.exitCode, 0);
    const QStringList rows = linesOf(csv.out);
    QCOMPARE(rows.size(), 9);
    QVERIFY(rows.front().startsWith("flow,group,topic,partition,target_topic,committed,"));
    QVERIFY(rows[1].startsWith("A->B,analytics,clicks,0,A.clicks,"));

    // --at as ISO 8601 and as epoch milliseconds mean the same moment.
    const qint64 at =
        json(runCli({"report", sample("demo.capture"), "--json"}).out)["at_ms"].toInteger() - 20'000;
    const QString iso = QDateTime::fromMSecsSinceEpoch(at, Qt::UTC).toString(Qt::ISODateWithMs);
    const CliRun byIso = runCli({"report", sample("demo.capture"), "--json", "--at", iso});
    QCOMPARE(byIso.exitCode, 0);
    QCOMPARE(byIso.out,
             runCli({"report", sample("demo.capture"), "--json", "--at", QString::number(at)}).out);
    QCOMPARE(json(byIso.out)["at_ms"].toInteger(), at);
}

void CliSessions::reportResumeOffsetsAndFailOn()
{
    // Every row says where a failed-over group starts, from what, or why there is no such point.
    const CliRun r = runCli({"report", sample("demo.capture"), "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject report = json(r.out);
    int resumable = 0, without = 0;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        QVERIFY(row.contains("if_checkpointed_now") && !row.contains("translated"));
        if (row["resume_offset"].isNull()) {
            ++without;
            QVERIFY(!row["no_resume_reason"].toString().isEmpty());
            QVERIFY(row["resume_from"].isNull());
            continue;
        }
        ++resumable;
        QVERIFY(row["no_resume_reason"].isNull());
        // The demo's MM2 does not sync group offsets: a failover resumes at the checkpoint.
        QCOMPARE(row["resume_from"].toString(), QString("checkpoint"));
        QCOMPARE(row["resume_offset"].toInteger(), row["checkpoint"].toObject()["downstream"].toInteger());
        const QJsonObject replay = row["replay"].toObject();
        for (const char* part :
             {"replay", "skip", "granularity", "group_sync", "staleness", "cadence", "overshoot", "rewind"})
            QVERIFY2(replay[part].toInteger() >= 0, part);
        QCOMPARE(replay["replay"].toInteger() - replay["skip"].toInteger(),
                 replay["granularity"].toInteger() + replay["group_sync"].toInteger() +
                     replay["staleness"].toInteger() + replay["cadence"].toInteger() -
                     replay["overshoot"].toInteger() - replay["rewind"].toInteger());
    }
    QVERIFY(resumable > 0);
    QCOMPARE(report["group_offset_sync"].toString(), QString("unknown"));

    // --fail-on: exit 3 with a one-line summary when a row has the verdict, 0 otherwise. Under its
    // own release (3.9.0) the sample's groups are all healthy; under 2.4.0 some are not.
    QCOMPARE(runCli({"report", sample("demo.capture"), "--fail-on", "any"}).exitCode, 0);
    const QStringList legacy = {"report", sample("demo.capture"), "--mm2-version", "2.4.0"};
    const CliRun legacyRun = runCli(legacy + QStringList{"--json"});
    QCOMPARE(legacyRun.exitCode, 0);
    QSet<QString> verdicts;
    QMap<QString, QSet<QString>> groupsWith;
    for (const QJsonValue& v : json(legacyRun.out)["rows"].toArray())
        for (const QJsonValue& h : v.toObject()["health"].toArray()) {
            verdicts.insert(h.toString());
            groupsWith[h.toString()].insert(v.toObject()["group"].toString());
        }
    QVERIFY(!verdicts.isEmpty());
    const QString some = *verdicts.begin();
    const CliRun failing = runCli(legacy + QStringList{"--fail-on", some});
    QCOMPARE(failing.exitCode, 3);
    QVERIFY2(failing.err.contains(QString("%1 of ").arg(groupsWith[some].size())) &&
                 failing.err.contains(" groups unhealthy: ") && failing.err.contains("(" + some),
             qPrintable(failing.err));
    QCOMPARE(failing.out, runCli(legacy).out);
    const QStringList all{"no-sync",          "too-old",       "not-ready",        "no-checkpoint",
                          "checkpoint-stale", "skip-possible", "beyond-target-end"};
    QStringList absent;
    for (const QString& v : all)
        if (!verdicts.contains(v))
            absent << v;
    if (!absent.isEmpty())
        QCOMPARE(runCli(legacy + QStringList{"--fail-on", absent.join(',')}).exitCode, 0);
    QCOMPARE(runCli(legacy + QStringList{"--fail-on", "any"}).exitCode, 3);
    const CliRun bad = runCli({"report", sample("demo.capture"), "--fail-on", "stale"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("--fail-on: 'stale' is not a verdict"), qPrintable(bad.err));
}

void CliSessions::failoverPlanOfACapture()
{
    QTemporaryDir dir;
    const QString out = dir.filePath("plan");
    const CliRun plan = runCli({"failover-plan", sample("demo.capture"), "--out-dir", out, "--group",
                                "billing", "--group", "analytics"});
    QCOMPARE(plan.exitCode, 0);
    QCOMPARE(plan.out, readText(out + "/plan.txt"));
    const CliRun report =
        runCli({"report", sample("demo.capture"), "--json", "--group", "billing", "--group", "analytics"});
    QMap<QString, QStringList> expected; // group -> reset lines
    QMap<QString, int> leftOut;
    for (const QJsonValue& v : json(report.out)["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        const QStringList health = [&] {
            QStringList h;
            for (const QJsonValue& x : row["health"].toArray())
                h << x.toString();
            return h;
        }();
        if (row["resume_offset"].isNull() || health.contains("skip-possible") ||
            health.contains("beyond-target-end"))
            ++leftOut[row["group"].toString()];
        else
            expected[row["group"].toString()] << QString("%1,%2,%3")
                                                     .arg(row["target_topic"].toString())
                                                     .arg(row["partition"].toInt())
                                                     .arg(row["resume_offset"].toInteger());
    }
    QCOMPARE(expected.keys(), (QStringList{"analytics", "billing"}));
    for (const QString& g : expected.keys())
        QCOMPARE(fileLines(out + "/" + g + ".csv"), expected[g]);
    const QJsonObject planJson = json(readText(out + "/plan.json"));
    QCOMPARE(planJson["groups"].toArray().size(), 2);
    for (const QJsonValue& v : planJson["groups"].toArray()) {
        const QJsonObject g = v.toObject();
        QCOMPARE(g["file"].toString(), g["group"].toString() + ".csv");
        QCOMPARE(g["resets"].toArray().size(), expected[g["group"].toString()].size());
        QCOMPARE(g["left_out"].toArray().size(), leftOut.value(g["group"].toString()));
        // The command a capture of the demo names: its target bootstrap and the file.
        QVERIFY2(g["command"].toString().contains(" --group '" + g["group"].toString() +
                                                  "' --reset-offsets --from-file '" + out + "/" +
                                                  g["group"].toString() + ".csv' --execute"),
                 qPrintable(g["command"].toString()));
    }
    QVERIFY2(plan.out.contains("kafka-consumer-groups.sh --bootstrap-server "), qPrintable(plan.out));
    QCOMPARE(runCli({"failover-plan", sample("demo.capture")}).exitCode, 2);
}

void CliSessions::emptyAnswersAreErrors()
{
    const CliRun unknown = runCli({"report", sample("demo.capture"), "--group", "no-such-group"});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains("group no-such-group: no committed offset or checkpoint by ") &&
                 unknown.err.contains("; known groups: analytics, audit, billing"),
             qPrintable(unknown.err));
    QCOMPARE(unknown.out, QString());
    const CliRun early = runCli({"report", sample("demo.capture"), "--at", "2000-01-01T00:00:00Z"});
    QCOMPARE(early.exitCode, 1);
    QVERIFY2(early.err.contains("--at 2000-01-01T00:00:00.000Z is outside the session, which covers "),
             qPrintable(early.err));
    const CliRun late = runCli({"failover-plan", sample("demo.capture"), "--out-dir",
                                "/tmp/never-written-plan", "--at", "2100-01-01T00:00:00Z"});
    QCOMPARE(late.exitCode, 1);
    QVERIFY(!QDir("/tmp/never-written-plan").exists());
}

void CliSessions::reportOfACaptureShowsTheReaderProblems()
{
    // The demo's session plus what a troubled reader recorded: an outage of the source, the same
    // failed sample twice, and undecodable records.
    QTemporaryDir dir;
    const QString session = dir.filePath("troubled.jsonl");
    QVERIFY(QFile::copy(sample("demo_session.jsonl"), session));
    QFile file(session);
    QVERIFY(file.open(QIODevice::Append));
    file.write(
        "{\"kind\":\"event\",\"at_ms\":1795959410000,\"side\":\"source\",\"state\":\"unreachable\","
        "\"message\":\"A (source) unreachable: Connection refused\"}\n"
        "{\"kind\":\"event\",\"at_ms\":1795959411000,\"side\":\"target\",\"state\":\"sample-failed\","
        "\"message\":\"group billing: timed out\"}\n"
        "{\"kind\":\"event\",\"at_ms\":1795959412000,\"side\":\"target\",\"state\":\"sample-failed\","
        "\"message\":\"group billing: timed out\"}\n"
        "{\"kind\":\"event\",\"at_ms\":1795959415000,\"side\":\"source\",\"state\":\"connected\","
        "\"message\":\"A (source) connected\"}\n"
        "{\"kind\":\"undecodable\",\"internal_topic\":\"checkpoints\",\"partition\":0,\"topic_offset\":9999,"
        "\"timestamp_ms\":1795959410000,\"read_at_ms\":1795959410000,\"key_hex\":null,\"value_hex\":\"00\","
        "\"reason\":\"null key\"}\n");
    file.close();
    const QString capture = dir.filePath("troubled.capture");
    QCOMPARE(runCli({"import", "--out", capture, session}).exitCode, 0);

    const CliRun report = runCli({"report", capture, "--json"});
    QCOMPARE(report.exitCode, 0); // a report was produced: the problems are in it
    const QJsonObject o = json(report.out);
    QCOMPARE(o["undecodable_records"].toInt(), 1);
    QCOMPARE(
        o["undecodable_by_topic"].toObject(),
        (QJsonObject{{"offset-syncs", 0}, {"checkpoints", 1}, {"heartbeats", 0}, {"connect-offsets", 0}}));
    QCOMPARE(o["clusters"].toObject(), (QJsonObject{{"source", "connected"}, {"target", "connected"}}));
    QStringList problems;
    for (const QJsonValue& v : o["reader_problems"].toArray()) {
        const QJsonObject p = v.toObject();
        problems << QString("%1 %2 x%3 %4-%5: %6")
                        .arg(p["cluster"].toString(), p["state"].toString())
                        .arg(p["count"].toInt())
                        .arg(p["first_at_ms"].toInteger())
                        .arg(p["last_at_ms"].toInteger())
                        .arg(p["message"].toString());
    }
    QCOMPARE(problems,
             (QStringList{"source group-listing-unavailable x1 1795959381583-1795959381583: group "
                          "listing failed: Local: Required feature not supported by broker; groups "
                          "come from the checkpoints topic and --group",
                          "source unreachable x1 1795959410000-1795959410000: A (source) "
                          "unreachable: Connection refused",
                          "target sample-failed x2 1795959411000-1795959412000: group billing: timed "
                          "out"}));
    // During the outage every answer says it is not current, since when and why.
    const CliRun during = runCli({"report", capture, "--json", "--at", "1795959413000"});
    QCOMPARE(during.exitCode, 0);
    QCOMPARE(json(during.out)["current"].toBool(), false);
    QCOMPARE(json(during.out)["as_of_ms"].toInteger(), qint64{1795959410000});
    QCOMPARE(json(during.out)["not_current_because"].toString(),
             QString("source unreachable since 2026-11-29T13:36:50.000Z (A (source) unreachable: Connection "
                     "refused)"));
    const CliRun duringText = runCli({"report", capture, "--at", "1795959413000"});
    QVERIFY2(duringText.out.contains(
                 "\nNOT CURRENT: source unreachable since 2026-11-29T13:36:50.000Z (A (source) "
                 "unreachable: Connection refused); the rows hold as of "
                 "2026-11-29T13:36:50.000Z\n"),
             qPrintable(duringText.out));
    QCOMPARE(json(runCli({"report", capture, "--json"}).out)["current"].toBool(), true);
    // Before the outage, the report shows none of it.
    const CliRun before = runCli({"report", capture, "--json", "--at", "1795959409000"});
    QCOMPARE(json(before.out)["reader_problems"].toArray().size(), 1);
    QCOMPARE(json(before.out)["undecodable_records"].toInt(), 0);

    const CliRun text = runCli({"report", capture});
    QVERIFY2(text.out.contains("1 undecodable records (0 offset syncs, 1 checkpoints, 0 heartbeats)"),
             qPrintable(text.out));
    QVERIFY2(text.out.contains("\nreader: target sample-failed: group billing: timed out (2 times, last at "),
             qPrintable(text.out));
    // CSV stays rows only; the problems go to stderr.
    const CliRun csv = runCli({"report", capture, "--csv"});
    QCOMPARE(csv.exitCode, 0);
    QCOMPARE(csv.out, runCli({"report", sample("demo.capture"), "--csv", "--at",
                              QString::number(o["at_ms"].toInteger())})
                          .out);
    QVERIFY2(
        csv.err.contains("note: reader: source unreachable: A (source) unreachable: Connection refused (at "),
        qPrintable(csv.err));
}

void CliSessions::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString capture = sample("demo.capture");
    QTest::newRow("json and csv") << QStringList{"report", capture, "--json", "--csv"} << 2
                                  << "--json and --csv exclude each other";
    QTest::newRow("nothing to report")
        << QStringList{"report"} << 2 << "report reads one CAPTURE file or live";
    QTest::newRow("file and clusters") << QStringList{"report", capture, "--source-bootstrap", "x:1"} << 2
                                       << "report reads one CAPTURE file or live";
    QTest::newRow("bad time") << QStringList{"report", capture, "--at", "yesterday"} << 2
                              << "--at: 'yesterday' is neither an ISO 8601 time";
    QTest::newRow("task start beyond") << QStringList{"report", capture, "--task-start", "999999"} << 1
                                       << "--task-start 999999 is beyond the ";
    // The store replay options read as translate and syncs read them (cli_support).
    QTest::newRow("task start negative") << QStringList{"report", capture, "--task-start", "-1"} << 2
                                         << "--task-start: '-1' is not a non-negative record count";
    QTest::newRow("checkpoints restored")
        << QStringList{"failover-plan",          capture, "--out-dir", "/tmp/never-written",
                       "--checkpoints-restored", "maybe"}
        << 2 << "--checkpoints-restored: expected yes or no, got 'maybe'";
    QTest::newRow("not a session") << QStringList{"report", QFINDTESTDATA("tst_cli_sessions.cpp")} << 1
                                   << "tst_cli_sessions.cpp:1: not a formatter line";
    QTest::newRow("import needs out") << QStringList{"import", capture} << 2 << "import needs --out FILE";
    QTest::newRow("import a capture") << QStringList{"import", "--out", "/tmp/never-written", capture} << 1
                                      << "is an SQLite database (a driftscope capture?)";
    QTest::newRow("export two") << QStringList{"export", capture, capture} << 2
                                << "export needs exactly one CAPTURE";
    QTest::newRow("record without clusters")
        << QStringList{"record", "--out", "/tmp/never-written"} << 2 << "record needs the clusters";
    QTest::newRow("mm2 config and bootstrap")
        << QStringList{"record", "--out", "/tmp/never-written", "--mm2-config", "x", "--source-bootstrap",
                       "a:1"}
        << 2 << "--mm2-config describes both clusters";
    QTest::newRow("unknown demo scenario")
        << QStringList{"demo-cluster", "--scenario", "chaos"} << 2
        << "--scenario: unknown demo scenario 'chaos' (known: steady, legacy, busy, load)";
}

void CliSessions::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const CliRun r = runCli(args);
    QCOMPARE(r.exitCode, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFile::exists("/tmp/never-written"));
}

// Notes on an MM2 file reach stderr before anything connects (a bad --sample-interval then stops
// the command): the *.blacklist aliases 4.x no longer reads are told, naming the release.
void CliSessions::mm2ConfigNotesNameTheRelease()
{
    QTemporaryDir dir;
    const QString config = dir.filePath("mm2.properties");
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("clusters = A, B\nA.bootstrap.servers = 127.0.0.1:1\nB.bootstrap.servers = 127.0.0.1:2\n"
            "A->B.enabled = true\ngroups.blacklist = old-.*\n");
    f.close();
    const QStringList args = {
        "record", "--out", "/tmp/never-written", "--mm2-config", config, "--sample-interval", "0"};
    const CliRun v4 = runCli(args);
    QCOMPARE(v4.exitCode, 2);
    QVERIFY2(v4.err.contains("note: groups.blacklist is ignored by MM2 4.4.0 (the *.blacklist aliases were "
                             "removed in 4.0.0): set groups.exclude instead\n"),
             qPrintable(v4.err));
    const CliRun v3 = runCli(args + QStringList{"--mm2-version", "3.9.1"});
    QCOMPARE(v3.exitCode, 2);
    QVERIFY2(
        v3.err.contains("note: groups.blacklist is the deprecated name of groups.exclude; used as such\n"),
        qPrintable(v3.err));
    QVERIFY(!QFile::exists("/tmp/never-written"));
}

// A Strimzi resource as --mm2-config: the Secrets it only names must come with -X (exit 1 with
// the -X to give), and then its notes reach stderr before anything connects.
void CliSessions::strimziResourceNeedsItsSecrets()
{
    QTemporaryDir dir;
    const QString config = dir.filePath("mm2.yaml");
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: dr\nspec:\n"
            "  version: 4.3.1\n  target:\n    alias: dr\n    bootstrapServers: dr-kafka-bootstrap:9092\n"
            "    offsetStorageTopic: dr-offsets\n    authentication:\n      type: scram-sha-512\n"
            "      username: reader\n      passwordSecret:\n        secretName: reader\n"
            "        password: password\n  mirrors:\n  - source:\n      alias: main\n"
            "      bootstrapServers: main-kafka-bootstrap:9092\n    checkpointConnector:\n"
            "      config:\n        emit.checkpoints.interval.seconds: 30\n");
    f.close();
    const QStringList args = {"record", "--out", "/tmp/never-written", "--mm2-config", config};
    const CliRun missing = runCli(args);
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(missing.err, "driftscope-cli: " + config +
                              ": dr's sasl.password is Secret reader, key password, which the resource "
                              "only names: give -X target.sasl.password=... (driftscope never reads "
                              "Kubernetes)\n");
    const CliRun given =
        runCli(args + QStringList{"-X", "target.sasl.password=pw", "-X",
                                  "source.bootstrap.servers=127.0.0.1:1", "--sample-interval", "0"});
    QCOMPARE(given.exitCode, 2);
    QVERIFY2(given.err.contains("note: spec.mirrors[0] (line 18): no sourceConnector, so this resource "
                                "replicates nothing and writes no offset syncs for main->dr (another "
                                "deployment may)\n"),
             qPrintable(given.err));
    QVERIFY2(
        given.err.contains("note: the resource runs Kafka 4.3.1 (spec.version) and driftscope applies MM2 "
                           "4.4.0's rules: give --mm2-version 4.3.1 if that release's are wanted\n"),
        qPrintable(given.err));
    QVERIFY(!QFile::exists("/tmp/never-written"));
}

void CliSessions::importNamesTheBadLine()
{
    QTemporaryDir dir;
    const QString input = dir.filePath("mixed.txt");
    QFile f(input);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "OffsetSync{topicPartition=orders-0, upstreamOffset=5, downstreamOffset=5}\n"
        "{\"kind\":\"group-offset\",\"side\":\"sideways\",\"group\":\"g\",\"topic\":\"t\",\"partition\":0,"
        "\"offset\":1,\"sampled_at_ms\":1}\n"
        "Checkpoint{consumerGroupId=g, topicPartition=A.orders-0, upstreamOffset=5, downstreamOffset=x, "
        "metadata=}\n");
    f.close();
    const QString capture = dir.filePath("bad.capture");
    const CliRun r = runCli({"import", "--out", capture, input});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(input + ":2: \"side\" must be \"source\" or \"target\""), qPrintable(r.err));
    QVERIFY2(r.err.contains(input + ":3: "), qPrintable(r.err));
    QVERIFY(!QFile::exists(capture)); // nothing half-imported
}

void CliSessions::importThatFailsLeavesNothing()
{
    // A file size limit stands in for a full disk: the capture is written beside its name and
    // renamed only when complete, so a failed import leaves no half capture (nor -wal, -shm).
    QTemporaryDir dir;
    const QString capture = dir.filePath("imported.capture");
    const CliRun r = runCli({"import", "--out", capture, sample("demo_session.jsonl")}, 60'000, 48 * 1024);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(capture + ": "), qPrintable(r.err));
    QVERIFY2(r.err.contains("(is the disk full, or a file size limit reached?)"), qPrintable(r.err));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList());
}

void CliSessions::neverOverwrites()
{
    QTemporaryDir dir;
    const QString existing = dir.filePath("existing");
    QFile f(existing);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("keep me\n");
    f.close();
    const CliRun imported = runCli({"import", "--out", existing, sample("demo_offset_syncs.txt")});
    QCOMPARE(imported.exitCode, 1);
    QVERIFY(imported.err.contains("already exists; a capture is never overwritten"));
    const CliRun exported = runCli({"export", "--out", existing, sample("demo.capture")});
    QCOMPARE(exported.exitCode, 1);
    QVERIFY(exported.err.contains(existing + ": cannot create: File exists"));
    QCOMPARE(fileLines(existing), QStringList{"keep me"});
}

// resources/samples/real-mm2.capture: 150 s of the real-Kafka rig (Kafka 4.3.1's MM2, checkpoints
// every 2 s, group offsets synced), recorded by tests/real_kafka/record_sample.sh. Its records and
// its report are pinned: a change in how captures are read or reports are made shows here.
void CliSessions::realMm2Sample()
{
    const QString capture = sample("real-mm2.capture");
    const CliRun exported = runCli({"export", capture});
    QCOMPARE(exported.exitCode, 0);
    QMap<QString, int> kinds;
    QSet<QString> groups;
    for (const QString& line : linesOf(exported.out)) {
        const QJsonObject o = json(line);
        ++kinds[o["kind"].toString()];
        if (o["kind"] == "checkpoint")
            groups.insert(o["group"].toString());
    }
    QCOMPARE(kinds["offset-sync"], 1515);
    QCOMPARE(kinds["checkpoint"], 482);
    QCOMPARE(kinds["heartbeat"], 153);
    QCOMPARE(kinds["undecodable"], 0);
    QCOMPARE(kinds["group-offset"], 1008);
    QCOMPARE(kinds["log-offsets"], 397);
    QCOMPARE(groups, (QSet<QString>{"analytics", "audit", "billing", "reports"}));
    // Recorded as the restricted principal: the password is not in the capture.
    QVERIFY(exported.out.contains(
        "{\"kind\":\"config\",\"key\":\"source.sasl.password\",\"value\":\"[redacted]\"}"));

    const CliRun r = runCli({"report", capture, "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject report = json(r.out);
    QCOMPARE(report["mm2_release"].toString(), QString("4.3.1"));
    QCOMPARE(report["at_ms"].toInteger(), 1796187954022);
    QCOMPARE(report["syncs_read"].toInt(), 1515);
    QCOMPARE(report["checkpoints_read"].toInt(), 482);
    QCOMPARE(report["unexplained_checkpoints"].toInt(-1), 0);
    QCOMPARE(report["undecodable_records"].toInt(-1), 0);
    QCOMPARE(report["stale_after_ms"].toInt(), 3000);
    QCOMPARE(report["group_offset_sync"].toString(), QString("enabled"));
    QVERIFY(report["current"].toBool());
    // Per row: group, partition, committed, if checkpointed now, checkpoint, resume offset and where it comes
    // from, outcome, health. The slow analytics shows the 64-slot store thinning old syncs out (MM2
    // now 1 while its checkpoints stay where they were: MM2 emits none that goes back, so they are
    // held, not stale), audit stalled early. A synced group offset is an older checkpoint's
    // D_c: payments-0's 3,086 sits on the sync 3,702 -> 3,085 (read at topic offset 1,458, since
    // thinned out of the store), so it resumes after upstream 3,702 and billing, committed at
    // 3,804, replays 101 (one upstream offset per target offset back from the checkpoint would
    // say 86: payments has gaps).
    const QStringList expected = {
        "analytics customers-0 1050 1 465->1 1 synced-group-offset replay 624 ok",
        "analytics orders-0 1750 1 825->809 809 synced-group-offset replay 941 ok",
        "analytics orders-1 1746 1 73->1 1 synced-group-offset replay 1745 ok",
        "analytics orders-2 1745 1 32->1 1 synced-group-offset replay 1744 ok",
        "audit customers-0 465 1 465->1 1 synced-group-offset replay 39 ok",
        "audit orders-0 360 1 360->1 1 synced-group-offset replay 359 ok",
        "audit orders-1 0 0 0->0 0 synced-group-offset none 0 ok",
        "audit orders-2 0 0 0->0 0 synced-group-offset none 0 ok",
        "billing orders-0 8300 8227 8280->8227 8025 synced-group-offset replay 275 ok",
        "billing orders-1 8300 8227 8275->8227 8025 synced-group-offset replay 275 ok",
        "billing orders-2 8300 8227 8275->8227 8025 synced-group-offset replay 275 ok",
        "billing payments-0 3804 3170 3798->3161 3086 synced-group-offset replay 101 ok",
        "billing payments-1 3804 3170 3798->3161 3086 synced-group-offset replay 101 ok",
        "reports orders-0 8090 7722 8090->8025 7621 synced-group-offset replay 469 ok",
        "reports orders-1 8091 7722 8091->8025 7621 synced-group-offset replay 470 ok",
        "reports orders-2 8090 7722 8090->8025 7621 synced-group-offset replay 469 ok",
        "reports payments-0 3708 3051 3708->3090 2931 synced-group-offset replay 191 ok",
        "reports payments-1 3708 3071 3708->3090 2911 synced-group-offset replay 215 ok",
    };
    QStringList rows;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        const QJsonObject now = row["if_checkpointed_now"].toObject();
        const QJsonObject cp = row["checkpoint"].toObject();
        const QJsonObject replay = row["replay"].toObject();
        QStringList health;
        for (const QJsonValue& h : row["health"].toArray())
            health << h.toString();
        rows << QString("%1 %2-%3 %4 %5 %6->%7 %8 %9 %10 %11 %12")
                    .arg(row["group"].toString(), row["topic"].toString())
                    .arg(row["partition"].toInt())
                    .arg(row["committed"].toInteger())
                    .arg(now["status"] == "translated" ? QString::number(now["result"].toInteger())
                                                       : now["status"].toString())
                    .arg(cp["upstream"].toInteger())
                    .arg(cp["downstream"].toInteger())
                    .arg(row["resume_offset"].toInteger())
                    .arg(row["resume_from"].toString(), replay["outcome"].toString())
                    .arg(replay[replay["outcome"] == "skip" ? "skip" : "replay"].toInteger())
                    .arg(health.isEmpty() ? "ok" : health.join(','));
    }
    QCOMPARE(rows, expected);
}

// The issue's own example: analytics orders-1 replays 1,745 of its 1,746 records, and said "ok".
void CliSessions::replayBudgetOnTheRealSample()
{
    const QString capture = sample("real-mm2.capture");
    const CliRun r =
        runCli({"report", capture, "--max-replay-records", "1000", "--fail-on", "over-replay-budget"});
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.err, QString("1 of 4 groups unhealthy: analytics (over-replay-budget)\n"));
    QVERIFY(
        r.out.contains("\nreplay budget: at most 1,000 offsets of replay per partition: 2 group partitions "
                       "over it\n"));
    QVERIFY(r.out.contains(
        "replays 1,745 (about 2 min 41 s)  [1, 1,746)         72      0             1,673    0          "
        "over-replay-budget (+745 offsets, staleness of a held checkpoint)\n"));
    // In time: at the groups' paces, four partitions of analytics take longer than a minute, and
    // audit's stalled ones cannot be told.
    const CliRun timed = runCli({"report", capture, "--max-replay-seconds", "60", "--json"});
    QCOMPARE(timed.exitCode, 0);
    const QJsonObject report = json(timed.out);
    int over = 0, undecided = 0;
    for (const QJsonValue& v : report["rows"].toArray()) {
        const QJsonObject row = v.toObject();
        over += !row["over_replay_budget"].isNull();
        undecided += !row["budget_undecided_because"].isNull();
    }
    QCOMPARE(over, 4);
    QCOMPARE(undecided, 2);
    // The plan says it for each reset, in plan.txt and plan.json.
    QTemporaryDir dir;
    const CliRun plan = runCli({"failover-plan", capture, "--group", "analytics", "--out-dir",
                                dir.filePath("p"), "--max-replay-records", "1000"});
    QCOMPARE(plan.exitCode, 0);
    QVERIFY2(plan.out.contains(
                 "analytics: 4 of 4 partitions go in the reset file; resetting them replays 5,054 "
                 "offsets in all (the longest, A.orders-1, about 2 min 41 s of processing); 2 replay "
                 "more than the budget\n"),
             qPrintable(plan.out));
    QVERIFY(plan.out.contains(
        "  over the replay budget A.orders-1: replays 1,745 offsets, 745 over the budget of "
        "1,000; staleness of a held checkpoint dominates (1,673)\n"));
    QVERIFY(
        readText(dir.filePath("p/plan.json"))
            .contains("\"over_replay_budget\":\"1,745 offsets, 745 over the budget of 1,000; staleness of a "
                      "held checkpoint dominates (1,673)\""));
}

void CliSessions::tuneOnTheRealSample()
{
    // 5,000 records at p99 over the 18 group partitions: MM2 may checkpoint every 25 s and sync
    // at the offset flushes only; the simulator confirms it on the 10 at the head of their logs.
    const CliRun r = runCli({"tune", sample("real-mm2.capture"), "--max-replay-records", "5000", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject t = json(r.out);
    QCOMPARE(t["reachable"].toBool(), true);
    QCOMPARE(t["group_partitions"].toInt(), 18);
    QCOMPARE(t["current"]["offset_lag_max"].toInt(), 4); // inferred from the syncs' spacing
    QCOMPARE(t["current"]["emit_checkpoints_interval_seconds"].toInt(), 2);
    QCOMPARE(t["recommended"]["offset_lag_max"].toInt(), 2976);
    QCOMPARE(t["offset_lag_max_no_effect_from"].toInt(), 2976);
    QCOMPARE(t["recommended"]["emit_checkpoints_interval_seconds"].toInt(), 25);
    QCOMPARE(t["recommended"]["sync_group_offsets_interval_seconds"].toInt(), 25);
    QCOMPARE(t["predicted"]["recommended"]["p_records"].toInt(), 4812);
    QCOMPARE(t["simulated"]["meets_target"].toBool(), true);
    QCOMPARE(t["simulated"]["p"].toInt(), 3995);
    QCOMPARE(t["simulated"]["model_on_the_same"]["p_records"].toInt(), 4993);
    QVERIFY(t["simulated"]["covers"].toString().startsWith("10 of 18 group partitions"));
    QCOMPARE(t["cost"]["recommended"]["offset_syncs_per_day"].toInt(), 8640);
    QVERIFY(t["unreachable"].toArray().isEmpty());

    // 100 records cannot be met: the far-behind partitions meet the store's spacing.
    const CliRun tight = runCli({"tune", sample("real-mm2.capture"), "--max-replay-records", "100"});
    QCOMPARE(tight.exitCode, 3);
    QVERIFY(tight.out.contains("UNREACHABLE: no MM2 setting"));
    QVERIFY2(
        tight.out.contains("out of MM2's reach: analytics orders-0: granularity alone up to 4,055 with MM2 "
                           "at its tightest: its committed offset is 6,560 records behind; MM2's store "
                           "keeps syncs that far back only about every 4,096 records"),
        qPrintable(tight.out));
}

void CliSessions::tuneRefusals()
{
    const CliRun none = runCli({"tune", "--scenario", "steady"});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.err.contains("give one target: --max-replay-records N or --max-replay-seconds T"));
    const CliRun both =
        runCli({"tune", "--scenario", "steady", "--max-replay-records", "5", "--max-replay-seconds", "1"});
    QCOMPARE(both.exitCode, 2);
    const CliRun group =
        runCli({"tune", "--scenario", "steady", "--max-replay-records", "5", "--group", "nosuch"});
    QCOMPARE(group.exitCode, 1);
    QCOMPARE(group.err, QString("driftscope-cli: --group nosuch: the scenario has no such group\n"));
    const CliRun legacy = runCli({"tune", "--scenario", "legacy-skip", "--max-replay-records", "1000"});
    QCOMPARE(legacy.exitCode, 1);
    QVERIFY(legacy.out.contains("no recommendation: MM2 2.4.0 extrapolates past its syncs (up to 3.4.0)"));
}

QTEST_GUILESS_MAIN(CliSessions)
#include "tst_cli_sessions.moc"
