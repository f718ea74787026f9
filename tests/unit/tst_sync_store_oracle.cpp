// Replays tests/data/store_oracle_cases.txt: seeded random store scripts (many near the int64
// limits) with the answers Kafka's own OffsetSyncStore gave, release by release (the real
// connect-mirror classes run by tests/reference; the file says how to regenerate it). The file is
// in the reference script language and goes through the one interpreter the differential tests
// use, so this test needs no JVM and pins Java's long wrap-around of invariants B and C and of the
// translation arithmetic, which properties alone cannot see.
#include "tests/support/reference_script.h"

#include <QFile>
#include <QTest>

#include <sstream>

using namespace driftscope;

class SyncStoreOracle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesKafkasClasses();
};

void SyncStoreOracle::matchesKafkasClasses()
{
    QFile file(QFINDTESTDATA("../data/store_oracle_cases.txt"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    std::istringstream in(file.readAll().toStdString());

    // Each "release V" line starts a script run under that release.
    int expectations = 0, scripts = 0;
    std::string release, script, line;
    auto check = [&] {
        if (release.empty())
            return;
        const auto parsed = parseRelease(release);
        QVERIFY2(bool(parsed), release.c_str());
        const std::string failures = test::checkAnsweredScript(*parsed, script);
        QVERIFY2(failures.empty(),
                 ("release " + release + ", script " + std::to_string(scripts) + ":\n" + failures).c_str());
        ++scripts;
    };
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        if (line.rfind("release ", 0) == 0) {
            check();
            release = line.substr(8);
            script.clear();
            continue;
        }
        expectations += line.find(" = ") != std::string::npos;
        script += line + "\n";
    }
    check();
    QCOMPARE(scripts, 120); // 24 scripts for each of five releases
    QCOMPARE(expectations, 12345);
}

QTEST_APPLESS_MAIN(SyncStoreOracle)
#include "tst_sync_store_oracle.moc"
