// The replay window of docs/architecture.md §2 and its parts, per translation rule: never
// negative, and the outcome (replay or skip, never both) is what they add up to.
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
    void extrapolatedWithoutGroundTruthIsUnknown();
    void checkpointWithoutSyncIsUnknown();
    void extrapolatedOvershootSmallerThanStalenessReplays();
    void syncedGroupOffsetLagsTheCheckpoint();
    void syncedGroupOffsetAheadOfTheCheckpointOvershoots();
    void syncedGroupOffsetWithoutSyncIsUnknown();
    void rewindSinceTheCheckpointSkips();
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
    for (int64_t part :
         {w.granularity, w.groupSync, w.staleness, w.cadence, w.overshoot, w.rewind, w.replay, w.skip})
        QVERIFY(part >= 0);
    QVERIFY(w.replay == 0 || w.skip == 0);
    QCOMPARE(w.replay - w.skip,
             w.granularity + w.groupSync + w.staleness + w.cadence - w.overshoot - w.rewind);
}

} // namespace

void ReplayTest::cappedExactHit()
{
    const ReplayWindow w = analyzeReplay(input(170, 175, {150, 251, 60'000, StoredSync{150, 251, 7}}));
    QVERIFY(w.available && w.known && !w.skips());
    QCOMPARE(w.resumeAt, int64_t{251});
    QVERIFY(!w.fromSyncedGroupOffset);
    QCOMPARE(w.upstreamEquivalent, int64_t{150});
    QCOMPARE(w.granularity, int64_t{0});
    QCOMPARE(w.staleness, int64_t{20});
    QCOMPARE(w.cadence, int64_t{5});
    QCOMPARE(w.replay, int64_t{25});
    QCOMPARE(w.checkpointAgeMs, int64_t{30'000});
    // The records read again: source offsets 150 to 174, what the group had processed.
    QCOMPARE(w.sourceRange(), std::optional<SourceRange>(SourceRange{150, 175}));
    checkSum(w);
}

void ReplayTest::cappedAhead()
{
    const ReplayWindow w = analyzeReplay(input(170, 170, {160, 252, 0, StoredSync{150, 251, 7}}));
    QCOMPARE(w.upstreamEquivalent, int64_t{151});
    QCOMPARE(w.granularity, int64_t{9});
    QCOMPARE(w.replay, int64_t{19});
    QVERIFY(!w.skips());
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
    QVERIFY(w.known);
    QVERIFY(w.skips());
    QCOMPARE(w.upstreamEquivalent, int64_t{179});
    // Never a negative part: MM2 resumes 29 past the committed position's copy (overshoot),
    // the group had processed 20 past it (cadence), so 9 offsets are never read.
    QCOMPARE(w.granularity, int64_t{0});
    QCOMPARE(w.overshoot, int64_t{29});
    QCOMPARE(w.cadence, int64_t{20});
    QCOMPARE(w.skip, int64_t{9});
    QCOMPARE(w.replay, int64_t{0});
    // The records never read: from what the group processed (170) up to the resume record (179).
    QCOMPARE(w.sourceRange(), std::optional<SourceRange>(SourceRange{170, 179}));
    checkSum(w);
}

void ReplayTest::extrapolatedWithoutGroundTruthIsUnknown()
{
    // D_c = 250 lies 50 past the sync 100 -> 200: the target holds the record of upstream 150 there
    // only if 101..149 has no gap. Nothing says so: no number, not even zero.
    ReplayInput in = input(170, 170, {150, 250, 0, StoredSync{100, 200, 1}});
    in.rule = TranslationRule::Extrapolate;
    const ReplayWindow w = analyzeReplay(in);
    QVERIFY(w.available && !w.known);
    QCOMPARE(w.resumeAt, int64_t{250});
    QCOMPARE(w.checkpointAgeMs, int64_t{90'000});
    for (int64_t v : {w.upstreamEquivalent, w.replay, w.skip, w.granularity, w.groupSync, w.staleness,
                      w.cadence, w.overshoot, w.rewind})
        QCOMPARE(v, int64_t{0});
    QVERIFY(!w.sourceRange()); // no range either
    // On its sync's own position the extrapolating rule is exact.
    in.resume = ResumePoint{100, 200, 0, StoredSync{100, 200, 1}};
    const ReplayWindow hit = analyzeReplay(in);
    QVERIFY(hit.known);
    QCOMPARE(hit.upstreamEquivalent, int64_t{100});
    QCOMPARE(hit.staleness, int64_t{70});
    QCOMPARE(hit.replay, int64_t{70});
    checkSum(hit);
}

void ReplayTest::checkpointWithoutSyncIsUnknown()
{
    // No sync explains the checkpoint (another release, another syncs topic): D_c's upstream
    // equivalent is not U_c just because MM2 said so.
    const ReplayWindow w = analyzeReplay(input(170, 170, {150, 251, 0, std::nullopt}));
    QVERIFY(w.available && !w.known);
    QCOMPARE(w.resumeAt, int64_t{251});
    QCOMPARE(w.replay, int64_t{0});
    QCOMPARE(w.skip, int64_t{0});
}

void ReplayTest::extrapolatedOvershootSmallerThanStalenessReplays()
{
    // The target holds upstream 155 at D_c = 250 (U_c = 150): 5 past; the group committed 170.
    ReplayInput in = input(170, 170, {150, 250, 0, StoredSync{100, 200, 1}});
    in.rule = TranslationRule::Extrapolate;
    in.upstreamAt = [](int64_t d) {
        return d == 250 ? std::optional<int64_t>(155) : std::nullopt;
    };
    const ReplayWindow w = analyzeReplay(in);
    QCOMPARE(w.overshoot, int64_t{5});
    QCOMPARE(w.staleness, int64_t{20});
    QCOMPARE(w.replay, int64_t{15});
    QVERIFY(!w.skips());
    checkSum(w);
}

void ReplayTest::syncedGroupOffsetLagsTheCheckpoint()
{
    // Checkpoint 170 -> 252 (sync 150 -> 251, ahead: Ueq 151); MM2 synced the target group to
    // 240 from an earlier checkpoint whose sync 130 -> 240 says Ueq 130.
    ReplayInput in = input(180, 180, {170, 252, 60'000, StoredSync{150, 251, 7}});
    in.synced = SyncedGroupOffset{240, 130};
    const ReplayWindow w = analyzeReplay(in);
    QVERIFY(w.fromSyncedGroupOffset && w.known);
    QCOMPARE(w.resumeAt, int64_t{240});
    QCOMPARE(w.upstreamEquivalent, int64_t{130});
    QCOMPARE(w.granularity, int64_t{19});
    QCOMPARE(w.groupSync, int64_t{21});
    QCOMPARE(w.staleness, int64_t{10});
    QCOMPARE(w.replay, int64_t{50});
    checkSum(w);
}

void ReplayTest::syncedGroupOffsetAheadOfTheCheckpointOvershoots()
{
    // Someone committed on the target past the checkpoint: the resume position is past what the
    // checkpoint supports.
    ReplayInput in = input(160, 160, {160, 261, 0, StoredSync{160, 261, 7}});
    in.synced = SyncedGroupOffset{270, std::nullopt};
    in.upstreamAt = [](int64_t d) {
        return d == 270 ? std::optional<int64_t>(169) : std::nullopt;
    };
    const ReplayWindow w = analyzeReplay(in);
    QCOMPARE(w.upstreamEquivalent, int64_t{169});
    QCOMPARE(w.overshoot, int64_t{9});
    QCOMPARE(w.skip, int64_t{9});
    checkSum(w);
}

void ReplayTest::syncedGroupOffsetWithoutSyncIsUnknown()
{
    // No sync explains T = 245: one upstream offset per downstream offset from D_c back to it
    // would be an assumption, so the outcome is unknown though the checkpoint's is not.
    ReplayInput in = input(160, 160, {160, 251, 0, StoredSync{160, 251, 7}});
    in.synced = SyncedGroupOffset{245, std::nullopt};
    const ReplayWindow w = analyzeReplay(in);
    QVERIFY(w.fromSyncedGroupOffset && !w.known);
    QCOMPARE(w.resumeAt, int64_t{245});
    QCOMPARE(w.replay, int64_t{0});
    QCOMPARE(w.groupSync, int64_t{0});
}

void ReplayTest::rewindSinceTheCheckpointSkips()
{
    // The group was reset back to 140 after MM2 checkpointed 160: a failover resumes at 160's copy
    // and never re-reads 140..159.
    const ReplayWindow w = analyzeReplay(input(140, 140, {160, 261, 0, StoredSync{160, 261, 7}}));
    QCOMPARE(w.rewind, int64_t{20});
    QCOMPARE(w.staleness, int64_t{0});
    QCOMPARE(w.skip, int64_t{20});
    checkSum(w);
}

QTEST_APPLESS_MAIN(ReplayTest)
#include "tst_replay.moc"
