// Runs the built driftscope-cli on small files and checks its exact output and exit codes
// (the docs/architecture.md §4 contract scripts rely on). The offsets of tests/data/worked_example.* are
// the §2.4.7 example: syncs every 10 upstream offsets of orders-3, downstream = upstream + 500.
#include "support/cli_runner.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <librdkafka/rdkafka.h>

namespace {

using Run = CliRun;

QString data(const char* name)
{
    return QFINDTESTDATA(QString("../data/") + name);
}

Run cli(const QStringList& args)
{
    return runCli(args);
}

QStringList translateArgs(const char* file, const QStringList& extra)
{
    return QStringList{"translate", "--offset-syncs", data(file)} + extra;
}

} // namespace

class Cli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void translate_data();
    void translate();
    void translateJson();
    void syncs_data();
    void syncs();
    void releases();
    void bookmarks();
    void decode_data();
    void decode();
    void errors_data();
    void errors();
    void help();
    void outputThatCannotBeWrittenFails();
    void simulate();
};

void Cli::translate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out");
    const QStringList queries{"orders-3:0",  "orders-3:5",  "orders-3:41",  "orders-3:79",
                              "orders-3:80", "orders-3:95", "orders-3:100", "orders-3:150"};
    const QString workedExample =
        "orders-3:0 -> 500\norders-3:5 -> 501\norders-3:41 -> 501\norders-3:79 -> 561\n"
        "orders-3:80 -> 561\norders-3:95 -> 591\norders-3:100 -> 600\n"
        "orders-3:150 -> 601\n";
    QTest::newRow("default release") << translateArgs("worked_example.txt", queries) << workedExample;
    QTest::newRow("3.5.2") << translateArgs("worked_example.txt",
                                            QStringList{"--mm2-version", "3.5.2"} + queries)
                           << workedExample;
    QTest::newRow("json lines") << translateArgs("worked_example.jsonl", queries) << workedExample;
    QTest::newRow("legacy extrapolates")
        << translateArgs("worked_example.txt", {"--mm2-version", "2.4.0", "orders-3:95", "orders-3:150"})
        << "orders-3:95 -> -1\norders-3:150 -> 650\n";
    QTest::newRow("legacy behind the first sync")
        << translateArgs("worked_example.txt", {"--mm2-version", "3.2.3", "orders-3:-3"})
        << "orders-3:-3 -> -1\n";
    // A release driftscope does not know yet applies its line's newest known rules (a note says so).
    QTest::newRow("4.4.1 as 4.4.0") << translateArgs("worked_example.txt",
                                                     QStringList{"--mm2-version", "4.4.1"} + queries)
                                    << workedExample;
    QTest::newRow("4.3.2") << translateArgs("worked_example.txt",
                                            QStringList{"--mm2-version", "4.3.2"} + queries)
                           << workedExample;
    QTest::newRow("topic with dots and dashes")
        << translateArgs("worked_example.txt",
                         {"my.app-events-0:7", "my.app-events-0:6", "my.app-events-0:9"})
        << "my.app-events-0:7 -> 3\nmy.app-events-0:6 -> -1\nmy.app-events-0:9 -> 4\n";
    // Task restarted with everything already in the topic: before 3.7.1 only the last sync of
    // each partition survives the initial load.
    QTest::newRow("task start, 3.6.0")
        << translateArgs("worked_example.txt", {"--mm2-version", "3.6.0", "--task-start", "12", "orders-3:95",
                                                "orders-3:100", "orders-3:150"})
        << "orders-3:95 -> -1\norders-3:100 -> 600\norders-3:150 -> 601\n";
    QTest::newRow("task start, 3.9.0 restored")
        << translateArgs("worked_example.txt", {"--task-start", "12", "orders-3:95", "orders-3:41"})
        << "orders-3:95 -> 591\norders-3:41 -> 501\n";
    QTest::newRow("task start, 3.9.0 not restored")
        << translateArgs("worked_example.txt", {"--task-start", "12", "--checkpoints-restored", "no",
                                                "orders-3:95", "orders-3:100"})
        << "orders-3:95 -> -1\norders-3:100 -> 600\n";
    QTest::newRow("task start mid-topic, 3.6.0")
        << translateArgs("worked_example.txt",
                         {"--mm2-version", "3.6.0", "--task-start", "5", "orders-3:39", "orders-3:40"})
        << "orders-3:39 -> -1\norders-3:40 -> 540\n";
    QTest::newRow("task start ignored by 2.4.0")
        << translateArgs("worked_example.txt",
                         {"--mm2-version", "2.4.0", "--task-start", "12", "orders-3:150"})
        << "orders-3:150 -> 650\n";
}

void Cli::translate()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    const Run r = cli(args);
    QCOMPARE(r.out, out);
    QCOMPARE(r.exitCode, 0);
    const QString note = "note: " + data("worked_example.txt") +
                         " also holds 2 checkpoint or heartbeat records; only its 12 offset syncs are used\n";
    // The release's note comes first, once: --mm2-version is read before the file.
    const QString releaseNote =
        args.contains("4.4.1")
            ? "driftscope-cli: note: MM2 4.4.1 is not a release driftscope knows; it applies "
              "the rules of 4.4.0, the newest it knows of line 4.4: a newer release can change "
              "MM2's offset translation (3.4.1, 3.5.2 and 3.7.1 did), which a newer driftscope "
              "would know\n"
            : QString();
    if (args.contains(data("worked_example.txt")))
        QCOMPARE(r.err, releaseNote + note);
}

void Cli::translateJson()
{
    const Run r = cli(translateArgs("worked_example.txt", {"--json", "orders-3:95", "orders-3:-1"}));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(
        r.out,
        QString(R"([{"topic":"orders","partition":3,"offset":95,"result":591,"status":"translated",)"
                R"("sync":{"upstream":90,"downstream":590}},{"topic":"orders","partition":3,"offset":-1,)"
                R"("result":-1,"status":"too-old","sync":{"upstream":0,"downstream":500}}])"
                "\n"));
    QCOMPARE(
        r.err,
        QString("note: %1 also holds 2 checkpoint or heartbeat records; only its 12 offset syncs are used\n")
            .arg(data("worked_example.txt")));

    const Run legacy =
        cli(translateArgs("worked_example.txt", {"--json", "--mm2-version", "2.7.0", "orders-3:150"}));
    QCOMPARE(legacy.out,
             QString(R"([{"topic":"orders","partition":3,"offset":150,"result":650,"status":"translated",)"
                     R"("sync":{"upstream":100,"downstream":600}}])"
                     "\n"));
}

void Cli::syncs_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out");
    const QString file = data("worked_example.txt");
    QTest::newRow("3.9.0")
        << QStringList{"syncs", "--offset-syncs", file, "orders-3"}
        << "100 -> 600 (5 slots)\n90 -> 590 (1 slot)\n60 -> 560 (1 slot)\n0 -> 500 (57 slots)\n";
    QTest::newRow("json")
        << QStringList{"syncs", "--json", "--offset-syncs", file, "orders-3"}
        << R"([{"upstream":100,"downstream":600,"slots":5},{"upstream":90,"downstream":590,"slots":1},)"
           R"({"upstream":60,"downstream":560,"slots":1},{"upstream":0,"downstream":500,"slots":57}])"
           "\n";
    QTest::newRow("legacy keeps one")
        << QStringList{"syncs", "--offset-syncs", file, "--mm2-version", "3.4.0", "orders-3"}
        << "100 -> 600 (1 slot)\n";
    QTest::newRow("initial load keeps the last")
        << QStringList{"syncs", "--offset-syncs", file, "--mm2-version",
                       "3.7.0", "--task-start",   "12", "orders-3"}
        << "100 -> 600 (64 slots)\n";
}

void Cli::syncs()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    const Run r = cli(args);
    QCOMPARE(r.out, out);
    QCOMPARE(r.exitCode, 0);
}

void Cli::decode_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out");
    QTest::newRow("offset sync") << QStringList{"decode",
                                                "--kind",
                                                "offset-sync",
                                                "--key",
                                                "00 07 74 6F 70 69 63 2D 31 00 00 00 02",
                                                "--value",
                                                "00 00 00 00 00 00 00 03 00 00 00 00 00 00 00 04"}
                                 << "kind: offset-sync\ntopic: topic-1\npartition: 2\nupstreamOffset: 3\n"
                                    "downstreamOffset: 4\n"
                                    "formatted: OffsetSync{topicPartition=topic-1-2, upstreamOffset=3, "
                                    "downstreamOffset=4}\n";
    QTest::newRow("checkpoint json")
        << QStringList{"decode",
                       "--json",
                       "--kind",
                       "checkpoint",
                       "--key",
                       "000767726F75702D310007746F7069632D3200000003",
                       "--value",
                       "0000"
                       "0000000000000004"
                       "0000000000000005"
                       "000A6D657461646174612D36"}
        << R"({"kind":"checkpoint","group":"group-1","topic":"topic-2","partition":3,"upstream":4,"downstream":5,)"
           R"("metadata":"metadata-6","version":0,"ignored_key_bytes":0,"ignored_value_bytes":0,)"
           R"("formatted":"Checkpoint{consumerGroupId=group-1, topicPartition=topic-2-3, upstreamOffset=4, )"
           R"(downstreamOffset=5, metadata=metadata-6}"})"
           "\n";
    QTest::newRow("checkpoint as 3.4.1 prints it")
        << QStringList{"decode",
                       "--kind",
                       "checkpoint",
                       "--mm2-version",
                       "3.4.1",
                       "--key",
                       "000767726F75702D310007746F7069632D3200000003",
                       "--value",
                       "0000"
                       "0000000000000004"
                       "0000000000000005"
                       "0000"}
        << "kind: checkpoint\nversion: 0\nconsumerGroupId: group-1\ntopic: topic-2\npartition: 3\n"
           "upstreamOffset: 4\ndownstreamOffset: 5\nmetadata: \n"
           "formatted: Checkpoint{consumerGroupId=group-1, topicPartition=topic-2-3, upstreamOffset=4, "
           "downstreamOffset=5, metatadata=}\n";
    QTest::newRow("heartbeat with trailing bytes")
        << QStringList{"decode",
                       "--kind",
                       "heartbeat",
                       "--key",
                       "00 08 73 6F 75 72 63 65 2D 31 00 08 74 61 72 67 65 74 2D 32",
                       "--value",
                       "00 00 00 00 00 00 49 96 02 D2 FF"}
        << "kind: heartbeat\nversion: 0\nsourceClusterAlias: source-1\ntargetClusterAlias: target-2\n"
           "timestamp: 1234567890\nignored trailing bytes: key 0, value 1 (MM2 ignores them too)\n"
           "formatted: Heartbeat{sourceClusterAlias=source-1, targetClusterAlias=target-2, "
           "timestamp=1234567890}\n";
}

void Cli::decode()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    const Run r = cli(args);
    QCOMPARE(r.out, out);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
}

// The release notes the window's selector shows, for scripts and trainers.
void Cli::releases()
{
    const Run all = cli({"releases"});
    QCOMPARE(all.exitCode, 0);
    QCOMPARE(all.err, QString());
    QVERIFY(
        all.out.startsWith("2.4.0: the first release with MirrorMaker 2\n2.4.1: no rule driftscope models "
                           "changed since 2.4.0\n2.5.0: disabled checkpoints: "));
    QCOMPARE(all.out.count("\n3.4.1: "), 10);
    QCOMPARE(all.out.count("\n3.5.0: "), 10); // the same ten, brought to the 3.5 line
    QVERIFY(
        all.out.contains("\n3.6.0: slot update: the slots' update rewritten (KAFKA-15202): it walks the old "
                         "slots and keeps more history when syncs come unevenly (3.5.0: the slots' first "
                         "update (KAFKA-14666): only the last sync pushed out is reconsidered)\n"));
    const Run one = cli({"releases", "--mm2-version", "3.7.1", "--json"});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(
        one.out,
        QString("{\"release\":\"3.7.1\",\"store\":\"keeps up to 64 syncs per partition, newest in slot 0, s"
                "lot j at most 2^j - 1 offsets behind the newest and apart from its neighbours, so old and "
                "recent offsets both translate; the slots' update rewritten (KAFKA-15202): it walks the old"
                " slots and keeps more history when syncs come unevenly\",\"since\":\"3.7.0\",\"changes\":["
                "{\"aspect\":\"start-up\",\"now\":\"restores its checkpoints at start and keeps the history"
                " of the syncs read during the first read (KAFKA-15905), unless the checkpoints topic faile"
                "d to load\",\"before\":\"translates nothing until the offset-syncs topic was read to its e"
                "nd once, and keeps only the last sync per partition read during that read (start-up gate)"
                "\"}]}"
                "\n"));
    const Run bad = cli({"releases", "--mm2-version", "3.10.0"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.startsWith("driftscope-cli: MM2 release '3.10.0'"));
}

// A capture's bookmarks: listed, added and removed in the file, and every --at takes their names.
void Cli::bookmarks()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath("reviewed.capture");
    QVERIFY(QFile::copy(DRIFTSCOPE_SAMPLES "/demo.capture", capture));
    QCOMPARE(cli({"bookmarks", capture}).out, QString());
    const Run added = cli({"bookmarks", capture, "--add", "incident", "--at", "2026-11-29T14:37:30+01:00"});
    QCOMPARE(added.exitCode, 0);
    QCOMPARE(added.out, QString("2026-11-29T13:37:30.000Z  incident\n"));
    // --at of --add takes another bookmark's name too.
    QCOMPARE(cli({"bookmarks", capture, "--add", "same moment", "--at", "incident"}).exitCode, 0);
    const Run json = cli({"bookmarks", capture, "--json"});
    QCOMPARE(
        json.out,
        QString("{\"name\":\"incident\",\"at\":\"2026-11-29T13:37:30.000Z\",\"at_ms\":1795959450000}\n"
                "{\"name\":\"same moment\",\"at\":\"2026-11-29T13:37:30.000Z\",\"at_ms\":1795959450000}\n"));
    const Run report = cli({"report", capture, "--at", "incident", "--group", "analytics", "--json"});
    QCOMPARE(report.exitCode, 0);
    QVERIFY(report.out.contains("\"at\":\"2026-11-29T13:37:30.000Z\""));
    const Run taken = cli({"bookmarks", capture, "--add", "incident", "--at", "2026-11-29T13:37:00Z"});
    QCOMPARE(taken.exitCode, 1);
    QCOMPARE(
        taken.err,
        QString(
            "driftscope-cli: --add: a bookmark named 'incident' is already at 2026-11-29T13:37:30.000Z\n"));
    const Run outside = cli({"bookmarks", capture, "--add", "later", "--at", "2026-11-29T13:40:00Z"});
    QCOMPARE(outside.exitCode, 1);
    QCOMPARE(outside.err,
             QString("driftscope-cli: --at 2026-11-29T13:40:00.000Z is outside the session, which "
                     "covers 2026-11-29T13:36:20.381Z to 2026-11-29T13:37:51.856Z\n"));
    // The session starts where the window's time bar starts: at its first log-end sample.
    QCOMPARE(cli({"bookmarks", capture, "--add", "start", "--at", "2026-11-29T13:36:20.381Z"}).exitCode, 0);
    QCOMPARE(cli({"report", capture, "--at", "start"}).err,
             QString("driftscope-cli: no consumer group has a committed offset or checkpoint by "
                     "2026-11-29T13:36:20.381Z; known groups: analytics, audit, billing, fraud\n"));
    QCOMPARE(cli({"bookmarks", capture, "--remove", "start"}).exitCode, 0);
    const Run unknown = cli({"report", capture, "--at", "nosuch"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(
        unknown.err.startsWith("driftscope-cli: --at: 'nosuch' is neither an ISO 8601 time "
                               "(2026-11-29T03:12:00Z) nor milliseconds since the epoch, nor a bookmark of "
                               "the session (its bookmarks: 'incident', 'same moment')"),
        qPrintable(unknown.err));
    QCOMPARE(cli({"bookmarks", capture, "--remove", "same moment"}).out,
             QString("2026-11-29T13:37:30.000Z  incident\n"));
    QCOMPARE(cli({"bookmarks", capture, "--remove", "same moment"}).err,
             QString("driftscope-cli: --remove: no bookmark is named 'same moment'\n"));
    QCOMPARE(cli({"bookmarks", capture, "--add", "x"}).exitCode, 2); // --at missing
    // A row written from outside that breaks the rules is said, kept, and can be removed.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "outside");
        db.setDatabaseName(capture);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec("INSERT INTO bookmarks(at_ms, name) VALUES(5, 'bad\tname')"));
        db.close();
    }
    QSqlDatabase::removeDatabase("outside");
    const QString damaged = "driftscope-cli: warning: a bookmark row named 'bad\tname' (at "
                            "1970-01-01T00:00:00.005Z) is not used: the bookmark name 'bad\tname' holds a "
                            "control character; remove it with --remove or the Bookmarks menu\n";
    const Run listed = cli({"bookmarks", capture});
    QCOMPARE(listed.exitCode, 0);
    QCOMPARE(listed.err, damaged);
    QCOMPARE(listed.out, QString("2026-11-29T13:37:30.000Z  incident\n"));
    QCOMPARE(cli({"bookmarks", capture, "--add", "kept", "--at", "incident"}).err, damaged);
    const Run removed = cli({"bookmarks", capture, "--remove", "bad\tname"});
    QCOMPARE(removed.err, QString());
    QCOMPARE(removed.out, QString("2026-11-29T13:37:30.000Z  incident\n2026-11-29T13:37:30.000Z  kept\n"));
    const Run text = cli({"bookmarks", data("worked_example.txt"), "--add", "x", "--at", "1"});
    QCOMPARE(text.exitCode, 1);
    QVERIFY2(text.err.contains("bookmarks are kept in captures"), qPrintable(text.err));
}

void Cli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("err");
    const QString bad = data("bad_lines.txt");
    QTest::newRow("no command") << QStringList{} << 2 << "driftscope-cli: a command is required\nUsage:";
    QTest::newRow("unknown command") << QStringList{"transalte"} << 2
                                     << "driftscope-cli: unknown command 'transalte'\nUsage:";
    QTest::newRow("unknown option") << translateArgs("worked_example.txt", {"--bogus", "orders-3:1"}) << 2
                                    << "driftscope-cli: Unknown option 'bogus'.\n(see --help)\n";
    QTest::newRow("missing file option") << QStringList{"translate", "orders-3:1"} << 2
                                         << "driftscope-cli: --offset-syncs FILE is required\n(see --help)\n";
    QTest::newRow("no query")
        << translateArgs("worked_example.txt", {}) << 2
        << "driftscope-cli: translate needs at least one TP:OFFSET query\n(see --help)\n";
    QTest::newRow("bad query")
        << translateArgs("worked_example.txt", {"orders3:5"}) << 2
        << "driftscope-cli: query 'orders3:5': 'orders3' has no '-<partition>' suffix\n"
           "(see --help)\n";
    QTest::newRow("bad offset") << translateArgs("worked_example.txt", {"orders-3:x"}) << 2
                                << "driftscope-cli: query 'orders-3:x': offset 'x' is not a decimal integer\n"
                                   "(see --help)\n";
    QTest::newRow("version without patch")
        << translateArgs("worked_example.txt", {"--mm2-version", "3.7", "o-1:1"}) << 2
        << "driftscope-cli: --mm2-version: MM2 release '3.7' needs its patch";
    QTest::newRow("bad task start")
        << translateArgs("worked_example.txt", {"--task-start", "-1", "o-1:1"}) << 2
        << "driftscope-cli: --task-start: '-1' is not a non-negative record count\n";
    QTest::newRow("bad restored flag")
        << translateArgs("worked_example.txt", {"--checkpoints-restored", "maybe", "o-1:1"}) << 2
        << "driftscope-cli: --checkpoints-restored: expected yes or no, got 'maybe'\n";
    QTest::newRow("task start beyond records")
        << translateArgs("worked_example.txt", {"--task-start", "13", "o-1:1"}) << 1
        << QString(
               "note: %1 also holds 2 checkpoint or heartbeat records; only its 12 offset syncs are used\n"
               "driftscope-cli: --task-start 13 is beyond the 12 offset-sync records of %1\n")
               .arg(data("worked_example.txt"));
    QTest::newRow("missing file")
        << QStringList{"translate", "--offset-syncs", "/nonexistent/syncs.txt", "o-1:1"} << 1
        << "driftscope-cli: /nonexistent/syncs.txt: cannot open: No such file or directory\n";
    QTest::newRow("directory") << QStringList{"translate", "--offset-syncs", "/tmp", "o-1:1"} << 1
                               << "driftscope-cli: /tmp: is not a regular file\n";
    QTest::newRow("bad lines")
        << QStringList{"syncs", "--offset-syncs", bad, "orders-3"} << 1
        << QString("driftscope-cli: %1:3: expected a number after ', upstreamOffset=' at column 52\n"
                   "%1:4: missing \"downstream\"\n")
               .arg(bad);
    // An empty list would read as "MM2 keeps nothing here"; the partition is likely mistyped.
    QTest::newRow("syncs of a partition without syncs")
        << QStringList{"syncs", "--offset-syncs", data("worked_example.txt"), "orders-4"} << 1
        << QString(
               "note: %1 also holds 2 checkpoint or heartbeat records; only its 12 offset syncs are used\n"
               "driftscope-cli: no offset syncs of orders-4 in %1; partitions with syncs: my.app-events-0, "
               "orders-3\n")
               .arg(data("worked_example.txt"));
    // The same for translate, before any answer, whatever the release (up to 3.2.3 MM2 would take the
    // offset as it is there, a plausible answer to a typo).
    for (const char* release : {"4.4.0", "3.2.3"})
        QTest::newRow(qPrintable(QString("translate of a partition without syncs, ") + release))
            << translateArgs("worked_example.txt", {"--mm2-version", release, "orders-3:95", "nosuch-0:5",
                                                    "orders-4:1", "nosuch-0:6"})
            << 1
            << QString("note: %1 also holds 2 checkpoint or heartbeat records; only its 12 offset syncs are "
                       "used\n"
                       "driftscope-cli: no offset syncs of nosuch-0, orders-4 in %1; partitions with syncs: "
                       "my.app-events-0, orders-3\n")
                   .arg(data("worked_example.txt"));
    QTest::newRow("translate, a file without syncs")
        << translateArgs("heartbeats_only.txt", {"orders-3:1"}) << 1
        << QString("note: %1 also holds 1 checkpoint or heartbeat records; only its 0 offset syncs are used\n"
                   "driftscope-cli: no offset syncs of orders-3 in %1: it holds none at all\n")
               .arg(data("heartbeats_only.txt"));
    QTest::newRow("release older than MM2")
        << translateArgs("worked_example.txt", {"--mm2-version", "2.3.0", "orders-3:1"}) << 2
        << "driftscope-cli: --mm2-version: MM2 release '2.3.0' is not a known Apache Kafka release with "
           "MirrorMaker 2 (a newer patch of a line below, or a release newer than 4.4.0, is taken with a "
           "warning). Accepted releases:\n  2.4.0, 2.4.1\n";
    QTest::newRow("syncs without tp")
        << QStringList{"syncs", "--offset-syncs", bad} << 2
        << "driftscope-cli: syncs needs exactly one TP (e.g. orders-3)\n(see --help)\n";
    QTest::newRow("undecodable")
        << QStringList{"decode", "--kind", "offset-sync", "--key", "00 09 41", "--value", ""} << 1
        << "driftscope-cli: cannot decode as offset-sync: offset-sync key field 'topic' at "
           "byte 0 has length 9 but only 1 bytes follow\n";
    QTest::newRow("not hex") << QStringList{"decode", "--kind", "heartbeat", "--key", "zz", "--value", "00"}
                             << 1 << "driftscope-cli: --key: not a hexadecimal digit at character 1: 'z'\n";
    QTest::newRow("bad kind")
        << QStringList{"decode", "--kind", "sync", "--key", "00", "--value", "00"} << 2
        << "driftscope-cli: --kind must be offset-sync, checkpoint or heartbeat, not 'sync'\n";
}

void Cli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, err);
    const Run r = cli(args);
    QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    QCOMPARE(r.out, QString());
    QCOMPARE(r.exitCode, exitCode);
}

void Cli::help()
{
    const Run top = cli({"--help"});
    QCOMPARE(top.exitCode, 0);
    QVERIFY(top.out.startsWith("Usage: driftscope-cli <command> [options]\n"));
    const Run translate = cli({"translate", "--help"});
    QCOMPARE(translate.exitCode, 0);
    QVERIFY2(translate.out.startsWith("Usage: driftscope-cli translate [options] TP:OFFSET...\n"),
             qPrintable(translate.out));
    for (const char* option : {"--offset-syncs <FILE>", "--mm2-version <V>", "--task-start <N>",
                               "--checkpoints-restored <yes|no>", "--json"})
        QVERIFY2(translate.out.contains(option), option);
    // The second line names the librdkafka linked and its origin. The one .ci/librdkafka builds
    // is 2.6.1 or newer, so it carries no SCRAM warning.
    const Run version = cli({"--version"});
    QString librdkafka = QString("librdkafka ") + rd_kafka_version_str() + " (" DRIFTSCOPE_RDKAFKA_LINKED ")";
    if (rd_kafka_version() < 0x020601ff)
        librdkafka += "; Kafka 4.x refuses its SCRAM authentication (fixed in 2.6.1), SASL PLAIN works";
    QCOMPARE(version.out, QString("driftscope-cli " DRIFTSCOPE_VERSION "\n") + librdkafka + "\n");
    if (QString(DRIFTSCOPE_RDKAFKA_CHOICE) == "local")
        QVERIFY2(rd_kafka_version() >= 0x020601ff, rd_kafka_version_str());
}

void Cli::outputThatCannotBeWrittenFails()
{
    QProcess p;
    p.setStandardOutputFile("/dev/full");
    p.start(DRIFTSCOPE_CLI, translateArgs("worked_example.txt", {"orders-3:95"}));
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(QString::fromUtf8(p.readAllStandardError())
                .contains("driftscope-cli: cannot write the output: No space left"));
}

// The summary's figures over every simulated step: from "steps" to the end.
QString everyStepFigures(const Run& run)
{
    const qsizetype from = run.err.indexOf("\"steps\":");
    return from < 0 ? QString("(no steps in: %1)").arg(run.err) : run.err.mid(from).trimmed();
}

void Cli::simulate()
{
    const QStringList args{"simulate",     "--scenario", "steady", "--duration", "180",
                           "--partitions", "2",          "--seed", "5"};
    const Run first = cli(args);
    QCOMPARE(first.exitCode, 0);
    const QStringList lines = first.out.split('\n', Qt::SkipEmptyParts);
    // Sampled by default every tenth of steady's shortest interval (app-fast commits every
    // second): 100 ms, every tick. Header + 1800 sample times x 3 groups x 2 partitions.
    QCOMPARE(lines.size(), 1 + 1800 * 3 * 2);
    QVERIFY(
        lines[0].startsWith("time_ms,group,topic,partition,source_end_offset,target_end_offset,committed,"));
    QVERIFY(lines[0].contains(",replay_records,replay_seconds,skipped_records,skip,"));
    QVERIFY(lines[1].startsWith("100,app-fast,orders,0,"));
    QVERIFY(first.err.startsWith("summary: {\"simulated_ms\":180000,"));
    QVERIFY(first.err.contains("\"sample_interval_ms\":100,\"samples\":10800,"));
    QCOMPARE(cli(args).out, first.out); // the same seed gives the same bytes

    // The maxima and percentiles cover every step, whatever the sample interval: sampled every
    // 60 s, every second or every half second the figures are the same; only the samples differ.
    const QString expected =
        "\"steps\":10800,\"steps_with_checkpoint\":6006,\"steps_with_skip\":0,"
        "\"skip_percent_of_steps_with_checkpoint\":0.00,\"max_replay_records_any_step\":9006,"
        "\"p50_replay_records_any_step\":2095,\"p95_replay_records_any_step\":8251,"
        "\"p99_replay_records_any_step\":8855,\"max_skipped_records_any_step\":0,"
        "\"steps_with_replay_seconds\":6006,\"max_replay_seconds_any_step\":180.0,"
        "\"p50_replay_seconds_any_step\":41.9,\"p95_replay_seconds_any_step\":165.0,"
        "\"p99_replay_seconds_any_step\":177.0}";
    QCOMPARE(everyStepFigures(first), expected);
    for (const char* interval : {"60", "1", "0.5"}) {
        const Run sampled = cli(args + QStringList{"--sample-interval", interval});
        QCOMPARE(sampled.exitCode, 0);
        QCOMPARE(everyStepFigures(sampled), expected);
    }
    const Run minute = cli(args + QStringList{"--sample-interval", "60"});
    QVERIFY(minute.err.contains("\"sample_interval_ms\":60000,\"samples\":18,"));
    const Run half = cli(args + QStringList{"--sample-interval", "0.5"});
    QVERIFY(half.err.contains("\"sample_interval_ms\":500,\"samples\":2160,"));
    const Run belowTick = cli({"simulate", "--sample-interval", "0.05"});
    QCOMPARE(belowTick.exitCode, 2);
    QVERIFY(
        belowTick.err.startsWith("driftscope-cli: scenario: the sample interval must be at least one tick"));

    const Run json = cli({"simulate", "--json", "--duration", "60", "--partitions", "1", "--groups", "1",
                          "--event", "30:checkpoint-task-restart:5"});
    QCOMPARE(json.exitCode, 0);
    QVERIFY(json.out.startsWith("{\"scenario\":{\"name\":\"steady\",\"mm2_version\":\"4.4.0\","));
    QVERIFY(json.out.contains("\"sample_interval_ms\":500,")); // app-1 commits every 5 s
    QVERIFY(json.out.contains("\"events\":[\"30:checkpoint-task-restart:5\"]"));
    QVERIFY(json.out.contains("\"samples\":[{\"time_ms\":500,\"group\":\"app-1\""));
    QVERIFY(json.out.trimmed().endsWith("}}"));

    // --sync-group-offsets-interval sets the interval and turns the sync on.
    const QStringList synced{"simulate", "--json", "--duration", "300", "--partitions", "1"};
    const Run every120 = cli(synced + QStringList{"--sync-group-offsets-interval", "120"});
    QCOMPARE(every120.exitCode, 0);
    QVERIFY(every120.out.contains("\"sync_group_offsets\":true,\"sync_group_offsets_interval_ms\":120000,"));
    QVERIFY(every120.out.contains("\"group_offset_writes\":6,"));
    QVERIFY(every120.out.contains("\"resume_from\":\"synced-group-offset\""));
    const Run every60 = cli(synced + QStringList{"--sync-group-offsets"});
    QVERIFY(every60.out.contains("\"sync_group_offsets\":true,\"sync_group_offsets_interval_ms\":60000,"));
    QVERIFY(every60.out.contains("\"group_offset_writes\":14,"));
    const Run legacy = cli({"simulate", "--mm2-version", "2.4.0", "--sync-group-offsets-interval", "30"});
    QCOMPARE(legacy.exitCode, 2);
    QVERIFY(legacy.err.startsWith(
        "driftscope-cli: scenario: sync.group.offsets.enabled is not in MM2 2.4.0 (it came with 2.7.0)"));

    const Run badEvent = cli({"simulate", "--event", "10:meteor"});
    QCOMPARE(badEvent.exitCode, 2);
    QVERIFY(badEvent.err.startsWith("driftscope-cli: --event: event '10:meteor': unknown kind 'meteor'"));
    const Run badScenario = cli({"simulate", "--scenario", "calm"});
    QCOMPARE(badScenario.exitCode, 2);
    QVERIFY(badScenario.err.contains(
        "unknown scenario 'calm' (built-in scenarios: steady, bursty, gappy-transactions, "
        "checkpoint-task-restart, legacy-skip)"));
    const Run badRate = cli({"simulate", "--produce-rate", "-3"});
    QCOMPARE(badRate.exitCode, 2);
    const Run help = cli({"simulate", "--help"});
    for (const char* option : {"--scenario <NAME>",
                               "--partitions <N>",
                               "--produce-rate <R>",
                               "--consume-rate <R>",
                               "--gap-ratio <F>",
                               "--offset-lag-max <L>",
                               "--emit-checkpoints-interval <S>",
                               "--offset-flush-interval <MS>",
                               "--commit-interval <MS>",
                               "--duration <S>",
                               "--seed <N>",
                               "--mm2-version <V>",
                               "--event <SPEC>",
                               "--sample-interval <S>",
                               "--sync-group-offsets",
                               "--sync-group-offsets-interval <S>",
                               "--csv",
                               "--json",
                               "Implies --sync-group-offsets",
                               "(steady: 0.100 s)"})
        QVERIFY2(help.out.contains(option), option);
    // Every column the CSV prints and every field of the summary, with what it holds.
    const QStringList columns = lines[0].split(',');
    QCOMPARE(columns.size(), 31);
    for (const QString& column : columns)
        QVERIFY2(help.out.contains("\n  " + column + ": "), qPrintable(column));
    for (const QString& field : first.err.mid(first.err.indexOf('{')).split(',')) {
        const QString name = field.section('"', 1, 1);
        QVERIFY2(help.out.contains("\n  " + name + ": "), qPrintable(name));
    }
}

QTEST_GUILESS_MAIN(Cli)
#include "tst_cli.moc"
