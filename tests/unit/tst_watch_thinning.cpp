// A watcher thins what it read (model/watch/session_thinning.h) so that it runs for days in
// bounded memory: its answers must stay exactly those of a watcher that keeps everything. Two
// watchers are fed the same simulated flow, slice by slice, faster than real time through the
// watcher's own code path; one thins every minute, keeping 4 minutes (offset syncs: 15).
#include "model/sim/sim_session.h"
#include "model/watch/session_thinning.h"
#include "model/watch/watcher.h"
#include "support/fed_source.h"
#include "support/session_feeder.h"

#include <QTest>

using namespace driftscope;

namespace {

constexpr int64_t kEpochMs = 1'700'000'000'000;

sim::Scenario flow(int minutes)
{
    sim::Scenario s = sim::namedScenario("steady").value();
    s.partitions = 4;
    s.produceRate = 50;
    s.emitCheckpointsIntervalMs = 10'000;
    s.sampleIntervalMs = 5'000;
    s.syncGroupOffsets = true;
    s.syncGroupOffsetsIntervalMs = 10'000;
    s.durationMs = int64_t(minutes) * 60'000;
    // One group far behind (its offsets age out of the store's finer slots).
    s.groups = {{"billing", -1, 1000}, {"analytics", -1, 5000}, {"audit", -1, 60'000}, {"fraud", 30, 5000}};
    // A stalled group (its checkpoint held while the store thins past it), both tasks restarting,
    // and a target partition recreated.
    const auto event = [](int64_t atMs, sim::EventKind kind, int64_t durationMs) {
        sim::Event e;
        e.atMs = atMs;
        e.kind = kind;
        e.durationMs = durationMs;
        return e;
    };
    sim::Event stall = event(5 * 60'000, sim::EventKind::ConsumerStall, 30 * 60'000);
    stall.group = "billing";
    sim::Event truncate = event(33 * 60'000, sim::EventKind::TruncateTarget, 0);
    truncate.partition = 1;
    s.events = {stall, event(12 * 60'000, sim::EventKind::SourceTaskRestart, 20'000),
                event(20 * 60'000, sim::EventKind::CheckpointTaskRestart, 15'000), truncate};
    return s;
}

} // namespace

class WatchThinning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void thinnedAnswersEqualFullOnes_data();
    void thinnedAnswersEqualFullOnes();
    void thinningKeepsTheOutrun();
};

void WatchThinning::thinnedAnswersEqualFullOnes_data()
{
    // Slotted stores (3.4.1+), one that restarts its history during the initial load (3.6.x),
    // and a latest-only one that extrapolates (2.8.x).
    // Without an MM2 configuration the emit interval is read off the checkpoints' cadence.
    QTest::addColumn<QString>("release");
    QTest::addColumn<bool>("intervalConfigured");
    for (const char* release : {"4.4.0", "3.6.2", "2.8.2"})
        QTest::newRow(release) << QString(release) << true;
    QTest::newRow("4.4.0, interval observed") << QString("4.4.0") << false;
}

void WatchThinning::thinnedAnswersEqualFullOnes()
{
    QFETCH(QString, release);
    const int minutes = 45;
    sim::Scenario scenario = flow(minutes);
    scenario.release = parseRelease(release.toStdString()).value();
    QFETCH(bool, intervalConfigured);
    sim::SimulatedSession simulated = sim::simulateSession(scenario, kEpochMs);
    simulated.session.info.emitIntervalConfigured = intervalConfigured;
    test::Feeder feeder(simulated.session);
    int64_t now = kEpochMs;
    WatchOptions full;
    full.metrics.flow = "A->B";
    full.thinEveryMs = 0;
    full.report.state.release = scenario.release;
    WatchOptions thinned = full;
    thinned.thinEveryMs = 60'000;
    thinned.keepMs = 4 * 60'000;
    thinned.keepSyncsMs = 15 * 60'000; // longer than the checkpoint task's restart ago
    Watcher keepsAll(full, std::make_unique<test::FedSource>(feeder.live(), now));
    Watcher thins(thinned, std::make_unique<test::FedSource>(feeder.live(), now));

    size_t compared = 0, heldMax = 0;
    for (now = kEpochMs + 5'000; now <= kEpochMs + minutes * 60'000; now += 5'000) {
        feeder.readUntil(now);
        keepsAll.refreshNow();
        thins.refreshNow();
        const auto a = keepsAll.latest(), b = thins.latest();
        QCOMPARE(a->ready, b->ready);
        if (!a->ready)
            continue;
        QCOMPARE(b->reportJson, a->reportJson);
        ++compared;
        if (now >= kEpochMs + 10 * 60'000)
            heldMax = std::max(heldMax, b->recordsHeld);
    }
    QVERIFY(compared > 500);
    const size_t read = keepsAll.latest()->recordsHeld;
    qInfo("%zu answers equal; the thinned watcher held at most %zu records after minute 10, the other %zu "
          "at the end",
          compared, heldMax, read);
    // Bounded: every checkpoint (the cadence reads the first 100,000), and about 5 minutes' worth
    // (4 kept + 1 between thinnings) of the rest of a 45-minute read.
    QVERIFY(heldMax < read / 3);
}

// A watcher thins what it read: the outrun, its position and sample stay, and the report after
// thinning is the report before.
void WatchThinning::thinningKeepsTheOutrun()
{
    Session s;
    const uint32_t orders0 = s.partitionId({"orders", 0});
    const auto position = [&](int64_t atMs, int64_t offset) {
        s.positions.push_back({{static_cast<int64_t>(s.positions.size()), atMs, atMs}, orders0, offset});
    };
    position(1000, 99);
    for (int64_t t = 5000; t <= 3'600'000; t += 5000)
        s.logOffsets.push_back({t, ClusterSide::Source, orders0, t == 5000 ? 0 : 120 + t / 1000, 5000});
    for (int64_t t = 105'000; t <= 3'600'000; t += 10'000)
        position(t, 200 + t / 1000);
    const int64_t at = 3'600'000;
    Mm2StateOptions options;
    options.release = parseRelease("3.9.0").value();
    Mm2State state(s, options);
    state.advanceTo(at);
    SampleState samples(s);
    samples.advanceTo(at);
    const ThinnedSession thinned = thinSession(s, state, samples, {15 * 60'000, 15 * 60'000});
    QVERIFY(thinned.session.positions.size() < s.positions.size() / 3);
    QVERIFY(thinned.session.logOffsets.size() < s.logOffsets.size() / 3);
    SampleState again(thinned.session);
    again.advanceTo(at);
    const auto before = samples.lastOutrun(orders0), after = again.lastOutrun(orders0);
    QVERIFY(before && after);
    QCOMPARE(after->sample, before->sample);
    QCOMPARE(after->position, before->position);
    QCOMPARE(before->sample.sampledAtMs, int64_t{10'000});
    QCOMPARE(again.position(orders0), samples.position(orders0));
}

QTEST_GUILESS_MAIN(WatchThinning)
#include "tst_watch_thinning.moc"
