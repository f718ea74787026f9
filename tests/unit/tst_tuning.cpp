// Tuning MM2 for a replay budget (docs/tuning.md): the model's closed forms, the search for the
// cheapest settings, what is out of MM2's reach, and the simulator's check on every named
// scenario: the recommendation meets the target, and doubling offset.lag.max or the emit
// interval misses it (the advice sits at the boundary).
#include "model/analysis/tuning.h"
#include "model/sim/tune_format.h"

#include <QTest>

#include <cmath>

using namespace driftscope;
using namespace driftscope::tuning;

class TuningTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneUniformPart();
    void twoEqualParts();
    void partWidthsOfARegularStream();
    void syncSpacingCaps();
    void costOfOnePartition();
    void cheapestSettingsForTheMaximum();
    void commitCadenceOutOfMm2sReach();
    void storeSpacingOutOfReach();
    void releasesBefore341AreRefused();
    void namedScenariosSitAtTheBoundary_data();
    void namedScenariosSitAtTheBoundary();
    void laggingGroupIsUnreachable();
    void gapsMakeOffsetLagMaxIrrelevant();
};

namespace {

PartWidths widths(double a, double b = 0, double c = 0, double d = 0)
{
    return {a, b, c, d};
}

Flow keepUpFlow(double rate, int64_t commitMs)
{
    Flow f;
    f.group = "app";
    f.partition = {"orders", 0};
    f.produceRate = rate;
    f.consumeRate = rate;
    f.commitIntervalMs = commitMs;
    return f;
}

FlowProfile profileOf(std::vector<Flow> flows, Release release = kDefaultRelease)
{
    FlowProfile p;
    p.flows = std::move(flows);
    p.release = release;
    p.sourceAlias = "A";
    return p;
}

} // namespace

void TuningTest::oneUniformPart()
{
    QCOMPARE(sumOfUniformsCdf(widths(100), 25), 0.25);
    QCOMPARE(sumOfUniformsCdf(widths(100), 0), 0.0);
    QCOMPARE(sumOfUniformsCdf(widths(100), 100), 1.0);
    const double p99 = mixtureQuantile({widths(100)}, {1.0}, 99);
    QVERIFY2(std::abs(p99 - 99) < 1e-4, std::to_string(p99).c_str());
}

void TuningTest::twoEqualParts()
{
    // Above a, the sum of two U[0, a] has P(X > x) = (2a - x)^2 / (2 a^2): p99 at 2a - a sqrt(0.02).
    const double p99 = mixtureQuantile({widths(100, 0, 100)}, {1.0}, 99);
    const double expected = 200 - 100 * std::sqrt(0.02);
    QVERIFY2(std::abs(p99 - expected) < 1e-4, std::to_string(p99).c_str());
    // Half of the weight on a flow that never replays: p99 of the mixture is p98 of the other.
    const double mixed = mixtureQuantile({widths(100, 0, 100), widths(0)}, {1.0, 1.0}, 99);
    QVERIFY2(std::abs(mixed - (200 - 100 * std::sqrt(0.04))) < 1e-4, std::to_string(mixed).c_str());
}

void TuningTest::partWidthsOfARegularStream()
{
    // 50 records/s, commits every 5 s, offset.lag.max 99 (a sync every 100 records), a checkpoint
    // every 60 s, group offsets synced every 30 s.
    const FlowProfile p = profileOf({keepUpFlow(50, 5000)});
    const Knobs k{99, 60'000, 30'000};
    const PartWidths records = partWidths(p, p.flows[0], k, Unit::Records);
    QCOMPARE(records, (PartWidths{100, 1500, 3000, 250}));
    const PartWidths seconds = partWidths(p, p.flows[0], k, Unit::Seconds);
    QCOMPARE(seconds, (PartWidths{2, 30, 60, 5}));
}

void TuningTest::syncSpacingCaps()
{
    // 4.4.0 also syncs at every offset flush (60 s): at 1 record/s that is every 60 records.
    const Flow slow = keepUpFlow(1, 5000);
    QCOMPARE(syncSpacing(profileOf({slow}), slow, 100), 60.0);
    // 3.6.2 does not: offset.lag.max + 1.
    QCOMPARE(syncSpacing(profileOf({slow}, Release{3, 6, 2}), slow, 100), 101.0);
    // A transaction marker every 9 records triggers a sync of its own.
    Flow gappy = keepUpFlow(50, 5000);
    gappy.gapEveryRecords = 9;
    QCOMPARE(syncSpacing(profileOf({gappy}), gappy, 100), 9.0);
}

void TuningTest::costOfOnePartition()
{
    const FlowProfile p = profileOf({keepUpFlow(50, 5000)});
    const Cost c = costOf(p, Knobs{99, 60'000, 30'000});
    // A sync every 100 records at 50/s; key: topic "orders" (2 + 6 bytes) and partition (4),
    // value: two longs (16), and 8 bytes of record overhead: 36 bytes.
    QCOMPARE(c.offsetSyncsPerSecond, 0.5);
    QCOMPARE(c.offsetSyncBytesPerSecond, 18.0);
    // A checkpoint a minute; key: group "app" (2 + 3), topic "A.orders" (2 + 8), partition (4);
    // value: version (2), two longs (16), empty metadata (2); and 8: 47 bytes.
    QCOMPARE(c.checkpointsPerSecond, 1.0 / 60);
    QCOMPARE(c.checkpointBytesPerSecond, 47.0 / 60);
    QCOMPARE(c.groupOffsetCommitsPerSecond, 1.0 / 30);
}

void TuningTest::cheapestSettingsForTheMaximum()
{
    // 10 records/s, commits every second, MM2 3.6.2 (no flush syncs), at most 100 records at
    // p100: (G + 1) + 10 E + 10 <= 100. Records per second written: 10 / (G + 1) + 1 / E, least
    // at E = 4 s, G = 49 (0.45) and E = 5 s, G = 39 (0.45): the longer interval wins the tie.
    const FlowProfile p = profileOf({keepUpFlow(10, 1000)}, Release{3, 6, 2});
    const Recommendation r = recommend(p, Target{Unit::Records, 100, 100});
    QVERIFY(r.reachable);
    QCOMPARE(r.knobs, (Knobs{39, 5000, std::nullopt}));
    QVERIFY(r.unreachable.empty());
    QVERIFY(!r.offsetLagMaxNoEffectFrom);
    QCOMPARE(std::llround(r.predicted.pRecords), 100LL);
    QCOMPARE(std::llround(r.predicted.maxRecords), 100LL);
    QCOMPARE(r.commitIntervalMs.at("app"), std::make_pair(int64_t{1000}, int64_t{1000}));
}

void TuningTest::commitCadenceOutOfMm2sReach()
{
    // Commits every 60 s at 50 records/s: 3,000 records of cadence alone. With MM2 at its
    // tightest (a sync per record, a checkpoint a second) the group must commit every 15 s
    // (750 + 50 + 1 at most), not 30 s.
    const FlowProfile p = profileOf({keepUpFlow(50, 60'000)});
    const Recommendation r = recommend(p, Target{Unit::Records, 1000, 99});
    QVERIFY(r.reachable);
    QCOMPARE(r.commitIntervalMs.at("app"), std::make_pair(int64_t{60'000}, int64_t{15'000}));
    QCOMPARE(r.unreachable.size(), size_t{1});
    QCOMPARE(r.unreachable[0].part, Part::Cadence);
    QCOMPARE(r.unreachable[0].change, std::string("commit at least every 15.0 s (now every 1 min 0 s)"));
    QCOMPARE(std::llround(r.unreachable[0].amount), 2970LL);
    QVERIFY(r.predicted.pRecords <= 1000);
}

void TuningTest::storeSpacingOutOfReach()
{
    // A group a million records behind: the store keeps syncs that far back hundreds of thousands
    // of records apart.
    Flow behind = keepUpFlow(50, 1000);
    behind.lagRecords = 1'000'000;
    const Recommendation r = recommend(profileOf({behind}), Target{Unit::Records, 1000, 99});
    QVERIFY(!r.reachable);
    QCOMPARE(r.unreachable.size(), size_t{1});
    QCOMPARE(r.unreachable[0].part, Part::Granularity);
    QVERIFY(r.unreachable[0].amount > 100'000);
    QVERIFY(r.unreachable[0].change.find("1,000,000 records behind") != std::string::npos);
}

void TuningTest::releasesBefore341AreRefused()
{
    const Recommendation r =
        recommend(profileOf({keepUpFlow(50, 1000)}, Release{3, 4, 0}), Target{Unit::Records, 1000, 99});
    QVERIFY(!r.reachable);
    QVERIFY(r.refused.starts_with("MM2 3.4.0 extrapolates past its syncs"));
}

void TuningTest::namedScenariosSitAtTheBoundary_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("groups");
    QTest::addColumn<bool>("inTime");
    QTest::addColumn<double>("amount");
    // What the seeded runs give: the settings and the simulated p99 with them.
    QTest::addColumn<qlonglong>("lagMax");
    QTest::addColumn<qlonglong>("emitSeconds");
    QTest::addColumn<double>("simulated");
    QTest::newRow("steady") << "steady" << QStringList{} << false << 1000.0 << 199LL << 4LL << 966.0;
    QTest::newRow("steady in time") << "steady" << QStringList{"app-fast", "app-default"} << true << 10.0
                                    << 171LL << 3LL << 10.0;
    QTest::newRow("bursty") << "bursty" << QStringList{"app-fast", "app-default", "app-slow-commits"} << false
                            << 1000.0 << 329LL << 3LL << 992.0;
    QTest::newRow("checkpoint-task-restart")
        << "checkpoint-task-restart" << QStringList{"app-fast", "app-default", "app-slow-commits"} << false
        << 2000.0 << 504LL << 8LL << 1999.0;
}

void TuningTest::namedScenariosSitAtTheBoundary()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, groups);
    QFETCH(bool, inTime);
    QFETCH(double, amount);
    QFETCH(qlonglong, lagMax);
    QFETCH(qlonglong, emitSeconds);
    QFETCH(double, simulated);
    const sim::Scenario s = sim::namedScenario(scenario.toStdString()).value();
    std::vector<std::string> chosen;
    for (const QString& g : groups)
        chosen.push_back(g.toStdString());
    const Target target{inTime ? Unit::Seconds : Unit::Records, amount, 99};
    const sim::TuneAnswer a = sim::tuneScenario(s, target, chosen);
    QVERIFY(a.recommendation.reachable);
    QVERIFY(a.checked && a.checked->met);
    QVERIFY(*a.checked->simulated.p <= amount);
    QCOMPARE(a.knobs().offsetLagMax, lagMax);
    QCOMPARE(a.knobs().emitCheckpointsIntervalMs, emitSeconds * 1000);
    QCOMPARE(*a.checked->simulated.p, simulated);

    auto simulatedWith = [&](Knobs k) {
        return *sim::measure(sim::tuned(s, k, a.recommendation.commitIntervalMs, chosen), target).p;
    };
    const Knobs best = a.knobs();
    Knobs lagDoubled = best;
    lagDoubled.offsetLagMax = 2 * best.offsetLagMax + 1; // twice the records between syncs
    Knobs emitDoubled = best;
    emitDoubled.emitCheckpointsIntervalMs = 2 * best.emitCheckpointsIntervalMs;
    const double withLag = simulatedWith(lagDoubled), withEmit = simulatedWith(emitDoubled);
    qInfo("%s: offset.lag.max %lld, emit %lld s: simulated p99 %.1f; lag doubled %.1f; emit doubled %.1f",
          qPrintable(scenario), static_cast<long long>(best.offsetLagMax),
          static_cast<long long>(best.emitCheckpointsIntervalMs / 1000), *a.checked->simulated.p, withLag,
          withEmit);
    QVERIFY(withLag > amount);
    QVERIFY(withEmit > amount);
}

void TuningTest::laggingGroupIsUnreachable()
{
    // checkpoint-task-restart's app-behind consumes 30 of 50 records/s: half way through the hour
    // it is 36,000 records behind, where the store's syncs are far apart.
    const sim::Scenario s = sim::namedScenario("checkpoint-task-restart").value();
    const sim::TuneAnswer a = sim::tuneScenario(s, Target{Unit::Records, 2000, 99}, {});
    QVERIFY(!a.recommendation.reachable);
    QVERIFY(!a.checked);
    bool behind = false;
    for (const Unreachable& u : a.recommendation.unreachable)
        behind = behind || (u.group == "app-behind" && u.part == Part::Granularity &&
                            u.change.starts_with("its committed offset is 36,000 records behind"));
    QVERIFY(behind);
    QVERIFY(sim::tuneText(a).find("UNREACHABLE") != std::string::npos);
}

void TuningTest::gapsMakeOffsetLagMaxIrrelevant()
{
    // gappy-transactions: a marker after every 9 records triggers a sync, so offset.lag.max of 8
    // and more changes nothing; the emit interval still sits at the boundary.
    const sim::Scenario s = sim::namedScenario("gappy-transactions").value();
    const Target target{Unit::Records, 1000, 99};
    const sim::TuneAnswer a = sim::tuneScenario(s, target, {});
    QCOMPARE(a.recommendation.offsetLagMaxNoEffectFrom, std::optional<int64_t>(8));
    QCOMPARE(a.knobs().offsetLagMax, int64_t{100}); // the current value is one of them
    QVERIFY(a.checked && a.checked->met);
    Knobs emitDoubled = a.knobs();
    emitDoubled.emitCheckpointsIntervalMs *= 2;
    QVERIFY(*sim::measure(sim::tuned(s, emitDoubled, a.recommendation.commitIntervalMs, {}), target).p >
            1000);
}

QTEST_GUILESS_MAIN(TuningTest)
#include "tst_tuning.moc"
