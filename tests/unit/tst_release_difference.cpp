// Compare's difference: two step series compared at every moment of either, and its words.
#include "model/analysis/release_difference.h"

#include <QTest>

using namespace driftscope;

class ReleaseDifferenceTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stepsAreComparedAtEveryMomentOfEither();
    void equalSeriesNeverDiffer();
    void rowsDifferByTranslationCheckpointAndOutcome();
};

void ReleaseDifferenceTest::stepsAreComparedAtEveryMomentOfEither()
{
    // a: x from 0, y from 10, z from 20; b: x from 5, y from 10, q from 25. At 0 only a says
    // something; at 5 and 10 they agree; at 20 (z, y) and 25 (z, q) they differ.
    const AspectDifference d =
        compareTimedWords({{0, "x"}, {10, "y"}, {20, "z"}}, {{5, "x"}, {10, "y"}, {25, "q"}});
    QCOMPARE(d.firstMs, std::optional<int64_t>(0));
    QCOMPARE(d.moments, size_t{3});
    QCOMPARE(d.first[0], std::string("x"));
    QCOMPARE(d.first[1], std::string("nothing yet"));
    // Two entries at one moment: the later one holds from then.
    const AspectDifference same = compareTimedWords({{0, "x"}, {0, "y"}}, {{0, "y"}});
    QVERIFY(!same.firstMs);
    QCOMPARE(same.moments, size_t{0});
}

void ReleaseDifferenceTest::equalSeriesNeverDiffer()
{
    PartitionSeries a;
    a.upstream = {"orders", 0};
    a.atMs = {1000, 2000};
    PartitionReport row;
    row.upstream = a.upstream;
    a.rows.push_back(row);
    a.rows.push_back(row);
    const Release releases[2] = {Release{3, 4, 0}, Release{3, 4, 1}};
    const ReleaseDifference d = compareReleases(releases, a, a);
    QVERIFY(!d.firstMs());
    QCOMPARE(d.moments, size_t{2});
    QCOMPARE(
        differenceLines(d),
        std::vector<std::string>{"3.4.0 and 3.4.1 agree on orders-0 at every one of the 2 moments compared"});
}

void ReleaseDifferenceTest::rowsDifferByTranslationCheckpointAndOutcome()
{
    PartitionReport base;
    base.upstream = {"orders", 0};
    base.committed = 1200;
    base.translated = Translation{TranslationStatus::Translated, 1101, StoredSync{1100, 1100, 0}};
    base.checkpoint = CheckpointView{1200, 1101, 0, 0, StoredSync{1100, 1100, 0}, true};
    base.resume = ResumeOffset{1101, ResumeSource::Checkpoint};
    base.replay.available = base.replay.known = true;
    base.replay.resumeAt = 1101;
    base.replay.upstreamEquivalent = 1100;
    base.replay.replay = base.replay.granularity = 100;

    PartitionReport extrapolated = base; // 3.4.0: U - U_s + D_s, past records it never processed
    extrapolated.translated->downstream = 1200;
    extrapolated.checkpoint->downstream = 1200;
    extrapolated.resume->offset = 1200;
    extrapolated.replay.resumeAt = 1200;
    extrapolated.replay.upstreamEquivalent = 1300;
    extrapolated.replay.replay = extrapolated.replay.granularity = 0;
    extrapolated.replay.skip = extrapolated.replay.overshoot = 100;

    PartitionSeries a, b;
    a.upstream = b.upstream = base.upstream;
    a.atMs = b.atMs = {60'000, 120'000};
    PartitionReport none;
    none.upstream = base.upstream;
    none.noResumeReason = "no checkpoint";
    a.rows.push_back(none);
    a.rows.push_back(extrapolated);
    b.rows.push_back(none);
    b.rows.push_back(base);
    const Release releases[2] = {Release{3, 4, 0}, Release{3, 4, 1}};
    const ReleaseDifference d = compareReleases(releases, a, b);
    QCOMPARE(d.firstMs(), std::optional<int64_t>(120'000));
    QCOMPARE(d.outcomes[0].skipping, size_t{1});
    QCOMPARE(d.outcomes[0].maxSkip, int64_t{100});
    QCOMPARE(d.outcomes[1].replaying, size_t{1});
    const std::vector<std::string> expected = {
        "3.4.0 and 3.4.1 first differ on orders-0 at 1970-01-01T00:02:00.000Z, of the moments compared",
        "translation of the committed offset: differs at 1 of 2 moments, first at 1970-01-01T00:02:00.000Z "
        "(3.4.0: committed 1,200 translates to 1,200; 3.4.1: committed 1,200 translates to 1,101)",
        "checkpoint in force: differs at 1 of 2 moments, first at 1970-01-01T00:02:00.000Z (3.4.0: "
        "checkpoint "
        "1,200 -> 1,200; 3.4.1: checkpoint 1,200 -> 1,101)",
        "failover outcome: differs at 1 of 2 moments, first at 1970-01-01T00:02:00.000Z (3.4.0: resumes at "
        "1,200, SKIPS 100 offsets; 3.4.1: resumes at 1,101, replays 100 offsets)",
        "3.4.0: of 1 moments with a resume position, a failover skips at 1 (up to 100 offsets), may skip at "
        "0, "
        "replays an unknown number of offsets at 0 and a known number at 0",
        "3.4.1: of 1 moments with a resume position, a failover skips at 0, may skip at 0, replays an "
        "unknown "
        "number of offsets at 0 and a known number at 1 (up to 100 offsets)"};
    QCOMPARE(differenceLines(d), expected);
    // Records without times (MM2's console formatters): the moments are named, never as 1970.
    ReleaseDifference timeless = d;
    timeless.timesUnknown = true;
    const std::vector<std::string> lines = differenceLines(timeless);
    QCOMPARE(lines[0],
             std::string("3.4.0 and 3.4.1 first differ on orders-0 at the end of the records (their "
                         "times are unknown), of the moments compared"));
    QVERIFY2(lines[1].starts_with("translation of the committed offset: differs at 1 of 2 moments, first at "
                                  "the end of the records (their times are unknown) (3.4.0: "),
             lines[1].c_str());
    for (const std::string& line : lines)
        QVERIFY2(line.find("1970") == std::string::npos, line.c_str());
}

QTEST_APPLESS_MAIN(ReleaseDifferenceTest)
#include "tst_release_difference.moc"
