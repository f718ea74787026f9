// failover-plan's reset files, applied by Kafka's own tool: driftscope-cli writes the plan of the
// rig's live clusters through MM2's configuration (SASL_SSL, the restricted principal), and
// kafka-consumer-groups (ConsumerGroupCommand of the rig's release) applies every group's file
// with --reset-offsets --from-file --execute to a check group of its own on the target, whose
// committed offsets read back with --describe --offsets are exactly the file's. The check groups
// are not MM2's, so MM2's group-offset sync cannot move them in between.
//
// Environment: RIG_WORK (the rig's work folder, with rig/rig.env and cp-RELEASE.txt) and
// DRIFTSCOPE_CLI. Without RIG_WORK the test fails: the rig fixture provides it.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {

QMap<QString, QString> readEnv(const QString& path)
{
    QMap<QString, QString> env;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return env;
    for (const QByteArray& line : f.readAll().split('\n')) {
        const int eq = line.indexOf('=');
        if (eq > 0)
            env[QString::fromUtf8(line.left(eq))] = QString::fromUtf8(line.mid(eq + 1));
    }
    return env;
}

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run run(const QString& program, const QStringList& args, int timeoutMs = 120'000)
{
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = program + " did not finish within " + QString::number(timeoutMs / 1000) + " s";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class FailoverPlanApplied : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resetFilesApplyWithKafkasTool();
};

void FailoverPlanApplied::resetFilesApplyWithKafkasTool()
{
    const QString work = qEnvironmentVariable("RIG_WORK");
    QVERIFY2(!work.isEmpty(), "RIG_WORK is not set: run through CTest, whose rig fixture sets it");
    const QMap<QString, QString> env = readEnv(work + "/rig/rig.env");
    QVERIFY2(!env.value("RIG_TARGET").isEmpty(), qPrintable(work + "/rig/rig.env has no RIG_TARGET"));
    QFile cp(work + "/cp-" + env.value("RIG_RELEASE") + ".txt");
    QVERIFY2(cp.open(QIODevice::ReadOnly), qPrintable(cp.fileName() + " is missing"));
    const QString classpath = QString::fromUtf8(cp.readAll()).trimmed();
    const QStringList tool{"-cp", classpath, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                           "--bootstrap-server", env.value("RIG_TARGET")};

    const QString dir = work + "/plan-applied";
    QDir(dir).removeRecursively();
    const Run plan = run(qEnvironmentVariable("DRIFTSCOPE_CLI"),
                         {"failover-plan", "--mm2-config", work + "/rig/driftscope.properties", "--out-dir",
                          dir, "--timeout", "60", "--json"});
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
    const QJsonObject planJson = QJsonDocument::fromJson(plan.out.toUtf8()).object();
    const QJsonArray groups = planJson["groups"].toArray();
    QVERIFY2(!groups.isEmpty(), qPrintable(plan.out));

    int applied = 0, partitions = 0;
    for (const QJsonValue& v : groups) {
        const QJsonObject g = v.toObject();
        // Live, every group's state on the target is named (a reset needs an empty group).
        QVERIFY2(!g["target_state"].toString().isEmpty(), qPrintable(g["group"].toString()));
        if (g["file"].isNull())
            continue;
        QFile file(dir + "/" + g["file"].toString());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QMap<QString, qint64> want; // "topic:partition" -> offset
        for (const QByteArray& line : file.readAll().split('\n')) {
            if (line.isEmpty())
                continue;
            const QList<QByteArray> f = line.split(',');
            QCOMPARE(f.size(), 3);
            want[QString::fromUtf8(f[0] + ":" + f[1])] = f[2].toLongLong();
        }
        QCOMPARE(want.size(), g["resets"].toArray().size());
        const QString check = "driftscope-plan-check-" + QString::number(applied);
        const Run reset = run("java", tool + QStringList{"--group", check, "--reset-offsets", "--from-file",
                                                         file.fileName(), "--execute"});
        QVERIFY2(reset.exitCode == 0, qPrintable(reset.out + reset.err));
        const Run described = run("java", tool + QStringList{"--describe", "--offsets", "--group", check});
        QVERIFY2(described.exitCode == 0, qPrintable(described.out + described.err));
        QMap<QString, qint64> got;
        for (const QString& line : described.out.split('\n')) {
            const QStringList c = line.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts);
            if (c.size() >= 4 && c[0] == check)
                got[c[1] + ":" + c[2]] = c[3].toLongLong();
        }
        QCOMPARE(got, want);
        ++applied;
        partitions += static_cast<int>(want.size());
    }
    QVERIFY2(applied > 0, "no group had a reset file");
    qInfo("applied %d reset files (%d partitions) with kafka-consumer-groups; every offset read back",
          applied, partitions);
}

QTEST_GUILESS_MAIN(FailoverPlanApplied)
#include "tst_failover_plan_applied.moc"
