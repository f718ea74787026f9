// Kafka's own OffsetSyncStoreTest numbers (docs/mm2-behaviour.md §6, plus the worked example of
// §2.4.7, the distinguishing input of §2.4.4b and the store states of §6.2's restart test), run
// against every release they apply to.
#include "model/mm2/sync_store.h"
#include "tests/support/java_random.h"
#include "tests/support/store_checks.h"
#include "tests/support/store_script.h"

#include <QTest>

#include <functional>
#include <vector>

using namespace driftscope;
using namespace driftscope::test;

namespace {

std::vector<Release> releasesWhere(const std::function<bool(const ReleaseProfile&)>& predicate)
{
    std::vector<Release> out;
    for (const Release& r : knownReleases())
        if (predicate(profileFor(r)))
            out.push_back(r);
    return out;
}

bool capped(const ReleaseProfile& p)
{
    return p.translation == TranslationRule::CappedPlusOne;
}
bool legacy(const ReleaseProfile& p)
{
    return p.translation == TranslationRule::Extrapolate;
}
bool original(const ReleaseProfile& p)
{
    return p.store == StoreKind::SlotsOriginal;
}
bool kafka15202(const ReleaseProfile& p)
{
    return p.store == StoreKind::SlotsKafka15202;
}
bool keepsHistory(const ReleaseProfile& p)
{
    return p.initialLoad == InitialLoadRule::KeepHistoryIfRestored;
}
bool keepsLastOnly(const ReleaseProfile& p)
{
    return p.initialLoad == InitialLoadRule::KeepLastOnly;
}

void addRows(const char* vector, const std::function<bool(const ReleaseProfile&)>& applies, bool restored,
             const char* script)
{
    for (const Release& r : releasesWhere(applies)) {
        const std::string name = std::string(vector) + "/" + toString(r) + (restored ? "/restored" : "");
        QTest::newRow(name.c_str()) << QString::fromStdString(toString(r)) << restored << QString(script);
    }
}

// Sparse-sync assertions of testPastOffsetTranslation after 10,000.
constexpr const char* kPastSparseSyncs =
    "SS 1000 -1; SS 4840 1000; SS 6760 4840; SS 8680 6760; SS 9160 8680; SS 9640 9160; SS 9880 9640;"
    "SS 9940 9880; SS 9970 9940; SS 9990 9970; SS 10000 9990;";

const std::string kPastOffsetTranslation =
    std::string(
        "syncs 0..1000/10; start; state [0..63]=1000; SS 1000 -1; syncs 1010..10000/10;"
        "state [0..4]=10000 [5]=9990 [6]=9970 [7]=9940 [8]=9880 [9]=9640 [10]=9160 [11]=8680 [12]=6760"
        " [13]=4840 [14..63]=1000;") +
    kPastSparseSyncs + "sync 1500 11000; T 1499=-1; T 1500=11000; T 2000=11001";

// The §2.4.7 example: syncs every 10 offsets with d = u + 500, the store already started.
constexpr const char* kWorkedExample =
    "start;"
    "sync 0 500;   statefull [0..63]=0:500;"
    "sync 10 510;  statefull [0..4]=10:510 [5..63]=0:500;"
    "sync 20 520;  statefull [0..4]=20:520 [5]=10:510 [6..63]=0:500;"
    "sync 30 530;  statefull [0..4]=30:530 [5]=20:520 [6..63]=0:500;"
    "sync 40 540;  statefull [0..4]=40:540 [5]=30:530 [6..63]=0:500;"
    "sync 50 550;  statefull [0..4]=50:550 [5]=40:540 [6]=30:530 [7..63]=0:500;"
    "sync 60 560;  statefull [0..4]=60:560 [5]=50:550 [6]=30:530 [7..63]=0:500;"
    "sync 70 570;  statefull [0..4]=70:570 [5]=60:560 [6]=30:530 [7..63]=0:500;"
    "sync 80 580;  statefull [0..4]=80:580 [5]=70:570 [6]=60:560 [7..63]=0:500;"
    "sync 90 590;  statefull [0..4]=90:590 [5]=80:580 [6]=60:560 [7..63]=0:500;"
    "sync 100 600; statefull [0..4]=100:600 [5]=90:590 [6]=60:560 [7..63]=0:500;"
    "T 0=500; T 5=501; T 41=501; T 79=561; T 80=561; T 95=591; T 100=600; T 150=601";

} // namespace

class SyncStoreKafkaVectors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scripts_data();
    void scripts();

    void consistentlySpacedSyncs_data() { releaseRows(kafka15202); }
    void consistentlySpacedSyncs();
    void randomlySpacedSyncs_data() { releaseRows(kafka15202); }
    void randomlySpacedSyncs();
    void droppedSyncsSpacing_data() { releaseRows(kafka15202); }
    void droppedSyncsSpacing();
    void keepMostDistinctSyncs_data() { releaseRows(original); }
    void keepMostDistinctSyncs();
    void originalUpdateBreaksTheRandomBound();
    void javaRandomMatchesJava();

private:
    static void releaseRows(bool (*applies)(const ReleaseProfile&));
    // Kafka's assertSyncSpacingHasBoundedExpirations; returns the first violation or "".
    static std::string boundedExpirations(const Release& release, int64_t first,
                                          const std::function<int64_t()>& nextGap, int64_t gaps,
                                          int maxExpirations);
};

void SyncStoreKafkaVectors::scripts_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<bool>("checkpointsRestored");
    QTest::addColumn<QString>("script");

    addRows("testOffsetTranslation", capped, false,
            "start; sync 100 200; T 150=201; sync 150 251; T 150=251; T 5=-1; sync 200 10; T 200=10;"
            "sync 20 20; T 20=20");
    addRows("testNoTranslationIfStoreNotStarted", capped, false,
            "T 0=E; T 100=E; T 200=E; sync 100 200; T 0=E; T 100=E; T 200=E; start; T 0=-1; T 100=200;"
            "T 200=201");
    addRows("testNoTranslationIfNoOffsetSync", capped, false, "start; T 0=E");
    addRows("testPastOffsetTranslation", capped, false, kPastOffsetTranslation.c_str());
    // Before 3.7.1 nothing is restored, so a successful restore cannot change the initial load.
    addRows("testPastOffsetTranslation", keepsLastOnly, true, kPastOffsetTranslation.c_str());
    addRows("testPastOffsetTranslationWithoutInitializationReadToEnd", keepsHistory, true,
            (std::string("syncs 0..1000/10; start;"
                         "state [0..4]=1000 [5]=990 [6]=960 [7]=900 [8]=840 [9]=720 [10]=480 [11..63]=0;"
                         "SS 480 0; SS 720 480; SS 1000 990; syncs 1000..10000/10;"
                         "state [0..4]=10000 [5]=9990 [6]=9960 [7]=9900 [8]=9840 [9]=9600 [10]=9120 [11]=8640"
                         " [12]=7680 [13]=3840 [14..63]=0;"
                         "SS 3840 0; SS 7680 3840; SS 8640 7680; SS 9120 8640; SS 9600 9120; SS 9840 9600;"
                         "SS 9900 9840; SS 9960 9900; SS 9990 9960; SS 10000 9990;"
                         "sync 1500 11000; T 1499=-1; T 1500=11000; T 2000=11001"))
                .c_str());
    addRows("legacyTestOffsetTranslation", legacy, false,
            "sync 100 200; T 150=250; sync 150 251; T 150=251; T 5=-1; sync 200 10; T 200=10; sync 20 20;"
            "T 20=20");
    addRows(
        "legacyIdentityWithoutSync", [](const ReleaseProfile& p) { return p.noSync == NoSyncRule::Identity; },
        false, "T 7=7; T -1=-1; T -2=-1; sync 100 200; T 7=-1; T 107=207");
    addRows(
        "legacyNoSyncNoTranslation",
        [](const ReleaseProfile& p) { return legacy(p) && p.noSync == NoSyncRule::None; }, false,
        "T 7=E; sync 100 200; T 107=207");
    addRows("legacyKeepsLatestWhateverItsOffsets", legacy, false,
            "sync 100 200; sync 50 60; T 55=65; T 49=-1");

    addRows("workedExample2.4.7", kafka15202, false, kWorkedExample);
    addRows("workedExampleLegacy", legacy, false,
            "sync 0 500; sync 10 510; sync 20 520; sync 30 530; sync 40 540; sync 50 550; sync 60 560;"
            "sync 70 570; sync 80 580; sync 90 590; sync 100 600; T 95=-1; T 150=650");
    addRows("distinguishingInput2.4.4b", kafka15202, false,
            "start; sync 0; sync 1; sync 3;"
            "state [0..1]=3 [2]=1 [3..63]=0; T 2=2");
    addRows("distinguishingInput2.4.4b", original, false,
            "start; sync 0; sync 1; sync 3;"
            "state [0..2]=3 [3..63]=0; T 2=1");

    // MirrorCheckpointTaskTest.testCheckpointsTaskRestartUsesExistingCheckpoints, store side.
    addRows("restartStore1", keepsHistory, true,
            "sync 100; sync 200; sync 300; start; state [0..7]=300 [8]=200 [9..63]=100; T 250=201");
    addRows("restartStore2", keepsHistory, true,
            "sync 175; sync 275; sync 375; sync 475; start; state [0..7]=475 [8]=375 [9..63]=175;"
            "T 250=176; T 370=176; T 400=376");
    addRows("restartStore2MustReadToEnd", capped, false,
            "sync 175; sync 275; sync 375; sync 475; start; state [0..63]=475;"
            "T 250=-1; T 370=-1; T 400=-1; T 475=475; T 500=476");
}

void SyncStoreKafkaVectors::scripts()
{
    QFETCH(QString, release);
    QFETCH(bool, checkpointsRestored);
    QFETCH(QString, script);
    const std::string failure = runStoreScript(parseRelease(release.toStdString()).value(),
                                               checkpointsRestored, script.toStdString());
    QVERIFY2(failure.empty(), failure.c_str());
}

void SyncStoreKafkaVectors::releaseRows(bool (*applies)(const ReleaseProfile&))
{
    QTest::addColumn<QString>("release");
    for (const Release& r : releasesWhere(applies))
        QTest::newRow(toString(r).c_str()) << QString::fromStdString(toString(r));
}

std::string SyncStoreKafkaVectors::boundedExpirations(const Release& release, int64_t first,
                                                      const std::function<int64_t()>& nextGap, int64_t gaps,
                                                      int maxExpirations)
{
    SyncStore store(profileFor(release));
    store.finishInitialLoad();
    store.apply(OffsetSync{kTp, first, first});
    int64_t offset = first;
    int lastCount = 1;
    for (int64_t n = 0; n < gaps; ++n) {
        offset += nextGap();
        if (offset < 0)
            return "test invalid: offset overflowed";
        store.apply(OffsetSync{kTp, offset, offset});
        const SyncSlots& s = *store.slotsOf(kTp);
        if (s[0].upstream != offset)
            return "invariant A: S[0] = " + std::to_string(s[0].upstream) + ", expected " +
                   std::to_string(offset);
        if (s[kSlotCount - 1].upstream != first)
            return "invariant D: S[63] = " + std::to_string(s[63].upstream) + ", expected " +
                   std::to_string(first);
        const int count = distinctSyncs(s);
        if (expiredSyncs(lastCount, count) > maxExpirations)
            return std::to_string(expiredSyncs(lastCount, count)) + " syncs expired (> " +
                   std::to_string(maxExpirations) + ") after offset " + std::to_string(offset);
        lastCount = count;
    }
    return {};
}

void SyncStoreKafkaVectors::consistentlySpacedSyncs()
{
    QFETCH(QString, release);
    const Release r = parseRelease(release.toStdString()).value();
    const int64_t iterations = 100;
    const int64_t maxStep = INT64_MAX / iterations;
    int runs = 0;
    for (int64_t step = 1; step < maxStep; step = step * 2 + 1) {
        for (int64_t first = 0; first < 30; ++first, ++runs) {
            const std::string failure = boundedExpirations(
                r, first, [&] { return step; }, iterations, 1);
            QVERIFY2(failure.empty(), ("step " + std::to_string(step) + ": " + failure).c_str());
        }
    }
    QCOMPARE(runs, 56 * 30); // steps 2^k - 1 for k = 1..56
}

void SyncStoreKafkaVectors::randomlySpacedSyncs()
{
    QFETCH(QString, release);
    const Release r = parseRelease(release.toStdString()).value();
    JavaRandom random(0);
    const int iterationBits = 10;
    const int64_t iterations = int64_t{1} << iterationBits;
    for (int n = 1; n < 64 - iterationBits; ++n) {
        const int64_t maxDifference = int64_t{1} << n;
        const int64_t lagMax = int64_t{1} << 16;
        std::string failure = boundedExpirations(
            r, 0, [&] { return random.nextLong(0, maxDifference); }, iterations, n + 2);
        QVERIFY2(failure.empty(), ("n=" + std::to_string(n) + ": " + failure).c_str());
        failure = boundedExpirations(
            r, 0, [&] { return random.nextLong(lagMax, lagMax + maxDifference); }, iterations, n + 2);
        QVERIFY2(failure.empty(), ("n=" + std::to_string(n) + " with lag: " + failure).c_str());
    }
}

void SyncStoreKafkaVectors::droppedSyncsSpacing()
{
    QFETCH(QString, release);
    JavaRandom random(0);
    const std::string failure = boundedExpirations(
        parseRelease(release.toStdString()).value(), 0, [&] { return random.nextDouble() < 0.5 ? 200 : 100; },
        10000, 2);
    QVERIFY2(failure.empty(), failure.c_str());
}

void SyncStoreKafkaVectors::keepMostDistinctSyncs()
{
    // 3.4.1-3.5.1 testKeepMostDistinctSyncs: regular steps 2^k - 1 never reduce the number of
    // distinct syncs held, and invariants A and D hold throughout.
    QFETCH(QString, release);
    const Release r = parseRelease(release.toStdString()).value();
    for (int64_t step = 1; step < INT64_MAX / 1000000; step = step * 2 + 1) {
        for (int64_t first = 0; first < 30; ++first) {
            SyncStore store(profileFor(r));
            store.finishInitialLoad();
            int lastCount = 1;
            for (int64_t offset = first; offset <= 10000; offset += step) {
                store.apply(OffsetSync{kTp, offset, offset});
                const SyncSlots& s = *store.slotsOf(kTp);
                QCOMPARE(s[0].upstream, offset);
                QCOMPARE(s[63].upstream, first);
                const int count = distinctSyncs(s);
                if (count < lastCount)
                    QFAIL(("step " + std::to_string(step) + " first " + std::to_string(first) +
                           ": distinct syncs fell to " + std::to_string(count) + " at " +
                           std::to_string(offset) + ": " + describeSlots(s))
                              .c_str());
                lastCount = count;
            }
        }
    }
}

void SyncStoreKafkaVectors::originalUpdateBreaksTheRandomBound()
{
    // §2.4.8: the KAFKA-14666 update expires 6 distinct syncs at once on the dropped-sync
    // pattern, which is why KAFKA-15202 rewrote it. Same stream as droppedSyncsSpacing.
    JavaRandom random(0);
    SyncStore store(profileFor(Release{3, 5, 1}));
    store.finishInitialLoad();
    store.apply(OffsetSync{kTp, 0, 0});
    int64_t offset = 0;
    int lastCount = 1, worst = 0;
    for (int n = 0; n < 10000; ++n) {
        offset += random.nextDouble() < 0.5 ? 200 : 100;
        store.apply(OffsetSync{kTp, offset, offset});
        const int count = distinctSyncs(*store.slotsOf(kTp));
        worst = std::max(worst, expiredSyncs(lastCount, count));
        lastCount = count;
    }
    QCOMPARE(worst, 6);
}

void SyncStoreKafkaVectors::javaRandomMatchesJava()
{
    // Values printed by OpenJDK 17 for new Random(0L).
    QCOMPARE(JavaRandom(0).nextLong(), INT64_C(-4962768465676381896));
    JavaRandom r(0);
    for (int64_t want : {0, 0, 0})
        QCOMPARE(r.nextLong(0, 2), want);
    for (int64_t want : {65537, 65537, 65537})
        QCOMPARE(r.nextLong(65536, 65538), want);
    for (int64_t want : {270, 964, 739})
        QCOMPARE(r.nextLong(0, 1000), want);
    JavaRandom d(0);
    QCOMPARE(d.nextDouble(), 0.730967787376657);
    QCOMPARE(d.nextDouble(), 0.24053641567148587);
    QCOMPARE(d.nextDouble(), 0.6374174253501083);
}

QTEST_APPLESS_MAIN(SyncStoreKafkaVectors)
#include "tst_sync_store_kafka.moc"
