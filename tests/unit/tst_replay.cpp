// The replay window of docs/architecture.md §2 and its three parts, per translation rule.
#include "model/analysis/replay.h"

#include <QTest>

using namespace driftscope;

class ReplayTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cappedExactHit();
    void cappedAhead();
    void noCheckpoint();
    void extrapolatedWithGroundTruthSkips();
    void extrapolatedWithoutGroundTruthIsAnAssumption();
};

namespace {

ReplayInput input(int64_t committed, int64_t processed, ResumePoint resume)
{
    ReplayInput in;
    in.nowMs = 90'000;
    in.committed = committed;
    in.processed = processed;
    in.resume = resume;
    return in;
}

void checkSum(const ReplayWindow& w)
{
    QCOMPARE(w.window, w.granularity + w.staleness + w.cadence);
}

} // namespace

void ReplayTest::cappedExactHit()
{
    const ReplayWindow w = analyzeReplay(input(170, 175, {150, 251, 60'000, StoredSync{150, 251, 7}}));
    QVERIFY(w.available && w.exact && !w.skip);
    QCOMPARE(w.upstreamEquivalent, int64_t{150});
    QCOMPARE(w.granularity, int64_t{0});
    QCOMPARE(w.staleness, int64_t{20});
    QCOMPARE(w.cadence, int64_t{5});
    QCOMPARE(w.window, int64_t{25});
    QCOMPARE(w.checkpointAgeMs, int64_t{30'000});
    checkSum(w);
}

void ReplayTest::cappedAhead()
{
    const ReplayWindow w = analyzeReplay(input(170, 170, {160, 252, 0, StoredSync{150, 251, 7}}));
    QCOMPARE(w.upstreamEquivalent, int64_t{151});
    QCOMPARE(w.granularity, int64_t{9});
    QCOMPARE(w.window, int64_t{19});
    QVERIFY(!w.skip);
    checkSum(w);
}

void ReplayTest::noCheckpoint()
{
    ReplayInput in;
    in.committed = 5;
    QVERIFY(!analyzeReplay(in).available);
}

void ReplayTest::extrapolatedWithGroundTruthSkips()
{
    // §2.2: sync 100 -> 200, 101..149 hold 20 records; the group at 150 gets 250, where the
    // target holds the record of upstream 179: 9 offsets past what the group processed.
    ReplayInput in = input(150, 170, {150, 250, 0, StoredSync{100, 200, 1}});
    in.rule = TranslationRule::Extrapolate;
    in.upstreamAt = [](int64_t d) {
        return d == 250 ? std::optional<int64_t>(179) : std::nullopt;
    };
    const ReplayWindow w = analyzeReplay(in);
    QVERIFY(w.exact);
    QVERIFY(w.skip);
    QCOMPARE(w.upstreamEquivalent, int64_t{179});
    QCOMPARE(w.granularity, int64_t{-29});
    QCOMPARE(w.window, int64_t{-9});
    checkSum(w);
}

void ReplayTest::extrapolatedWithoutGroundTruthIsAnAssumption()
{
    ReplayInput in = input(150, 150, {150, 250, 0, StoredSync{100, 200, 1}});
    in.rule = TranslationRule::Extrapolate;
    const ReplayWindow w = analyzeReplay(in);
    QVERIFY(!w.exact);
    QCOMPARE(w.upstreamEquivalent, int64_t{150});
    QCOMPARE(w.window, int64_t{0});
}

QTEST_APPLESS_MAIN(ReplayTest)
#include "tst_replay.moc"
