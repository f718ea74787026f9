// Properties of simulated runs over many seeds and releases (issue 3): no skip from 3.4.1 on, the
// replay window is the sum of its parts, granularity within offset.lag.max + 1 on a gap-free
// partition while syncs flow, translation at least once per interval while the checkpoint task
// runs, legacy skips reported, and byte-identical output for a seed.
#include "model/sim/record_layout.h"
#include "model/sim/simulator.h"
#include "model/sim/target_log.h"
#include "model/sim/timeline_format.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;
using namespace driftscope::sim;

namespace {

Scenario named(const std::string& name, Release release, uint64_t seed, int64_t durationS = 1200)
{
    Scenario s = namedScenario(name).value();
    s.release = release;
    s.seed = seed;
    s.durationMs = durationS * 1000;
    s.sampleIntervalMs = 30'000;
    return s;
}

std::string csvOf(const Scenario& s)
{
    std::string out = csvHeader() + "\n";
    simulate(s, [&](const Sample& sample) { out += csvRow(s, sample) + "\n"; });
    return out;
}

const Release kReleases[] = {{2, 4, 0}, {3, 2, 3}, {3, 4, 0}, {3, 4, 1}, {3, 5, 1},
                             {3, 6, 0}, {3, 7, 0}, {3, 7, 1}, {3, 9, 0}};

} // namespace

class SimulatorTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void recordLayout();
    void targetLog();
    void scenariosValidateAndEventsParse();
    void noSkipFrom341AndWindowIsTheSumOfItsParts_data();
    void noSkipFrom341AndWindowIsTheSumOfItsParts();
    void granularityWithinLagMaxPlusOne_data();
    void granularityWithinLagMaxPlusOne();
    void checkpointAgeWithinAnIntervalWhileTheTaskRuns();
    void legacySkipScenarioSkips();
    void restartsReplicateAgainAndClearHistory();
    void sameSeedSameBytes();
    void excludedGroupsGetNoCheckpoints();
    void truncatedTargetLosesRecords();
    void runSummary();
};

void SimulatorTest::recordLayout()
{
    RecordLayout l{100, 4, 10, 50}; // markers after every 4 records, 50 empty offsets after every 10
    QCOMPARE(l.offsetOf(0), int64_t{100});
    QCOMPARE(l.offsetOf(3), int64_t{103});
    QCOMPARE(l.offsetOf(4), int64_t{105}); // a marker at 104
    QCOMPARE(l.offsetOf(10), int64_t{100 + 10 + 2 + 50});
    QCOMPARE(l.endOffset(4), int64_t{105}); // past the trailing marker
    for (int64_t k = 0; k < 200; ++k) {
        QCOMPARE(l.recordsBefore(l.offsetOf(k)), k);
        QCOMPARE(l.recordsBefore(l.offsetOf(k) + 1), k + 1);
        QCOMPARE(l.contiguousAfter(k), l.offsetOf(k + 1) == l.offsetOf(k) + 1);
        const int64_t run = l.runFrom(k, 1000);
        for (int64_t i = 0; i + 1 < run; ++i)
            QVERIFY(l.contiguousAfter(k + i));
        QVERIFY(!l.contiguousAfter(k + run - 1));
    }
}

void SimulatorTest::targetLog()
{
    TargetLog t;
    QCOMPARE(t.append(0, 10), int64_t{0});
    QCOMPARE(t.append(10, 5), int64_t{10}); // merges
    QCOMPARE(t.append(12, 3), int64_t{15}); // records 12..14 again (a restart)
    QCOMPARE(t.recordAtOrAfter(3).value(), int64_t{3});
    QCOMPARE(t.recordAtOrAfter(15).value(), int64_t{12});
    QVERIFY(!t.recordAtOrAfter(18).has_value());
    t.recreate();
    QCOMPARE(t.append(20, 1), int64_t{0});
    QCOMPARE(t.recordAtOrAfter(0).value(), int64_t{20});
}

void SimulatorTest::scenariosValidateAndEventsParse()
{
    for (const std::string& name : scenarioNames())
        QCOMPARE(validate(namedScenario(name).value()), std::string());
    // One registry (model/util/named_registry.h) lists, finds and refuses names.
    QCOMPARE(scenarioNames(), (std::vector<std::string>{"steady", "bursty", "gappy-transactions",
                                                        "checkpoint-task-restart", "legacy-skip"}));
    for (const std::string& name : scenarioNames())
        QCOMPARE(namedScenario(name).value().name, name);
    QCOMPARE(namedScenario("legacy-skip").value().release, (Release{2, 4, 0}));
    QCOMPARE(namedScenario("nope").error(),
             std::string("unknown scenario 'nope' (built-in scenarios: steady, bursty, gappy-transactions, "
                         "checkpoint-task-restart, legacy-skip)"));
    QCOMPARE(describeEvent(parseEvent("600:source-task-restart").value()),
             std::string("600:source-task-restart:5"));
    QCOMPARE(describeEvent(parseEvent("60:checkpoint-task-restart:10:restore-fails").value()),
             std::string("60:checkpoint-task-restart:10:restore-fails"));
    QCOMPARE(describeEvent(parseEvent("5:consumer-stall:app-1:30").value()),
             std::string("5:consumer-stall:app-1:30"));
    QCOMPARE(describeEvent(parseEvent("9:truncate-target:2").value()), std::string("9:truncate-target:2"));
    QCOMPARE(parseEvent("x:source-task-restart").error(),
             std::string("event 'x:source-task-restart': time 'x' is not a number of seconds"));
    QCOMPARE(parseEvent("5:explode").error(),
             std::string(
                 "event '5:explode': unknown kind 'explode' (source-task-restart, checkpoint-task-restart, "
                 "consumer-stall, truncate-target)"));
    Scenario s = namedScenario("steady").value();
    s.events.push_back(parseEvent("5:consumer-stall:ghost:30").value());
    QCOMPARE(validate(s), std::string("event 5:consumer-stall:ghost:30 names an unknown group"));
}

void SimulatorTest::noSkipFrom341AndWindowIsTheSumOfItsParts_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("seed");
    for (const std::string& name : scenarioNames())
        for (const Release& r : kReleases)
            for (int seed : {1, 2, 3})
                QTest::newRow((name + "/" + toString(r) + "/" + std::to_string(seed)).c_str())
                    << QString::fromStdString(name) << QString::fromStdString(toString(r)) << seed;
}

void SimulatorTest::noSkipFrom341AndWindowIsTheSumOfItsParts()
{
    QFETCH(QString, scenario);
    QFETCH(QString, release);
    QFETCH(int, seed);
    const Release r = parseRelease(release.toStdString()).value();
    Scenario s = named(scenario.toStdString(), r, static_cast<uint64_t>(seed));
    s.events.push_back(parseEvent("400:source-task-restart:3").value());
    s.events.push_back(parseEvent("700:checkpoint-task-restart:3").value());
    std::string failure;
    int withCheckpoint = 0;
    const RunSummary summary = simulate(s, [&](const Sample& x) {
        if (!failure.empty() || !x.replay.available)
            return;
        ++withCheckpoint;
        const ReplayWindow& w = x.replay;
        if (w.replay - w.skip !=
            w.granularity + w.groupSync + w.staleness + w.cadence - w.overshoot - w.rewind)
            failure = "the outcome is not the sum of its parts at " + std::to_string(x.timeMs);
        for (int64_t part : {w.granularity, w.groupSync, w.staleness, w.cadence, w.overshoot, w.rewind})
            if (part < 0)
                failure = "a negative part at " + std::to_string(x.timeMs);
        if (r >= Release{3, 4, 1} && x.skips())
            failure = "skip at " + std::to_string(x.timeMs) + " ms, partition " + std::to_string(x.partition);
        if (x.skippedRecords > 0 && !w.skips())
            failure = "skipped records where Ueq <= P";
    });
    QVERIFY2(failure.empty(), failure.c_str());
    if (r >= Release{3, 4, 1}) {
        // Capped translation always has a sync at or before the committed offset. (Extrapolating
        // releases keep only the newest sync: on transactional topics it is usually ahead of the
        // groups, which then get no checkpoint at all.)
        QVERIFY(withCheckpoint > 0);
        QCOMPARE(summary.samplesWithSkip, uint64_t{0});
    }
}

void SimulatorTest::granularityWithinLagMaxPlusOne_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<qint64>("lagMax");
    for (const char* r : {"3.4.1", "3.5.2", "3.6.2", "3.7.0", "3.9.0"})
        for (qint64 lag : {qint64(10), qint64(100), qint64(1000)})
            QTest::newRow((std::string(r) + "/L=" + std::to_string(lag)).c_str()) << QString(r) << lag;
}

void SimulatorTest::granularityWithinLagMaxPlusOne()
{
    // E1 emits a sync at least every offset.lag.max + 1 records of a gap-free partition. When the
    // store reads them without delay and a group near the head commits every step, its
    // checkpoint lies at most offset.lag.max + 1 past its sync (granularity = U_c - (u_s + 1)).
    // Not for L = 0: syncs on every record are denser than the 64-slot store keeps them (about
    // one per 2^i offsets at distance 2^i from the newest), and not for groups far behind the
    // head, whose offsets fall where the store has thinned the syncs out.
    QFETCH(QString, release);
    QFETCH(qint64, lagMax);
    for (uint64_t seed : {1, 7, 42}) {
        Scenario s = named("steady", parseRelease(release.toStdString()).value(), seed, 900);
        s.offsetLagMax = lagMax;
        s.replicationLagMs = 0;
        s.syncAckLatencyMs = 0;
        s.syncReadLagMs = 0;
        s.groups = {{"app", -1, s.tickMs}};
        int64_t worst = -1;
        simulate(s, [&](const Sample& x) {
            if (x.replay.available)
                worst = std::max(worst, x.replay.granularity);
        });
        QVERIFY(worst >= 0);
        QVERIFY2(worst <= lagMax + 1, ("granularity " + std::to_string(worst)).c_str());
    }
}

void SimulatorTest::checkpointAgeWithinAnIntervalWhileTheTaskRuns()
{
    // Groups that keep up and commit more often than the task polls get a newer checkpoint at
    // every poll, so while the checkpoint task runs their checkpoint is never older than one
    // emit interval plus one step. (A group committing once a minute can miss a poll: from
    // 3.4.1 an unchanged checkpoint is not emitted again.) A restart pauses emission for its
    // downtime and the first interval after it.
    for (const Release& r : kReleases) {
        for (uint64_t seed : {1, 2}) {
            Scenario s = named("checkpoint-task-restart", r, seed, 3000);
            s.sampleIntervalMs = s.tickMs; // every step: a checkpoint overstaying by one step shows
            std::erase_if(s.groups, [&](const GroupSpec& g) {
                return g.consumeRate >= 0 || g.commitIntervalMs >= s.emitCheckpointsIntervalMs;
            });
            QCOMPARE(s.groups.size(), size_t{2});
            const int64_t restartAt = s.events.front().atMs;
            const int64_t pausedUntil = restartAt + s.events.front().durationMs + s.emitCheckpointsIntervalMs;
            std::string failure;
            int checked = 0;
            simulate(s, [&](const Sample& x) {
                const bool paused = x.timeMs >= restartAt && x.timeMs <= pausedUntil + s.tickMs;
                if (!failure.empty() || !x.replay.available || paused)
                    return;
                ++checked;
                if (x.replay.checkpointAgeMs > s.emitCheckpointsIntervalMs + s.tickMs)
                    failure = toString(r) + ": checkpoint " + std::to_string(x.replay.checkpointAgeMs) +
                              " ms old at " + std::to_string(x.timeMs);
            });
            QVERIFY2(failure.empty(), failure.c_str());
            QVERIFY(checked > 100);
        }
    }
}

void SimulatorTest::legacySkipScenarioSkips()
{
    for (uint64_t seed : {1, 2, 3, 4, 5}) {
        const RunSummary legacy = simulate(named("legacy-skip", {2, 4, 0}, seed, 2400), [](const Sample&) {});
        QVERIFY2(legacy.samplesWithSkip > 0, ("seed " + std::to_string(seed)).c_str());
        QVERIFY(legacy.maxSkippedRecords > 1000);
        const RunSummary fixed = simulate(named("legacy-skip", {3, 4, 1}, seed, 2400), [](const Sample&) {});
        QCOMPARE(fixed.samplesWithSkip, uint64_t{0});
    }
    // The stopped application: from the stall on, its checkpoint skips on every partition.
    int stoppedSkips = 0;
    const Scenario s = named("legacy-skip", {2, 4, 0}, 1, 2400);
    simulate(s, [&](const Sample& x) {
        if (s.groups[static_cast<size_t>(x.groupIndex)].name == "app-stops" && x.timeMs > 1'900'000 &&
            x.skippedRecords > 0)
            ++stoppedSkips;
    });
    QVERIFY(stoppedSkips > 0);
}

void SimulatorTest::restartsReplicateAgainAndClearHistory()
{
    Scenario s = named("steady", {3, 9, 0}, 1, 600);
    s.events.push_back(parseEvent("300:source-task-restart:2").value());
    const RunSummary r = simulate(s, [](const Sample&) {});
    // Replicated again: what was replicated since the last offset flush (at 240 s), about 60 s
    // of 4 partitions x 50 records/s.
    QVERIFY2(r.recordsReplicatedAgain > 10'000 && r.recordsReplicatedAgain < 14'000,
             std::to_string(r.recordsReplicatedAgain).c_str());
    // A clean stop commits its source offsets first: nothing is replicated twice.
    Scenario graceful = named("steady", {3, 9, 0}, 1, 600);
    graceful.events.push_back(parseEvent("300:source-task-restart:2:graceful").value());
    QCOMPARE(simulate(graceful, [](const Sample&) {}).recordsReplicatedAgain, uint64_t{0});
    // Every produced record was replicated once, but for the last replication lag's worth.
    const uint64_t once = r.recordsReplicated - r.recordsReplicatedAgain;
    QVERIFY(once <= r.recordsProduced);
    QVERIFY2(r.recordsProduced - once < 4 * 50 * 0.3 * 1.2, std::to_string(r.recordsProduced - once).c_str());
}

void SimulatorTest::sameSeedSameBytes()
{
    for (const std::string& name : scenarioNames()) {
        const Scenario a = named(name, {3, 9, 0}, 11, 600);
        QCOMPARE(csvOf(a), csvOf(a));
        Scenario b = a;
        b.seed = 12;
        QVERIFY(csvOf(a) != csvOf(b));
    }
}

void SimulatorTest::excludedGroupsGetNoCheckpoints()
{
    // MM2's default groups.exclude: console-consumer-.*, connect-.*, __.*
    Scenario s = named("steady", {3, 9, 0}, 1, 300);
    s.groups = {{"console-consumer-4711", -1, 1000}, {"app", -1, 1000}};
    int excluded = 0, included = 0;
    simulate(s, [&](const Sample& x) { (x.groupIndex == 0 ? excluded : included) += x.checkpoint ? 1 : 0; });
    QCOMPARE(excluded, 0);
    QVERIFY(included > 0);
}

void SimulatorTest::truncatedTargetLosesRecords()
{
    // Recreating a target partition deletes what it held: checkpoints taken before point past
    // its new end (a failover resets to the end), and a group behind the truncation point would
    // skip the deleted records, whatever the release. MM2 re-syncs at once (d < previous d).
    Scenario s = named("steady", {3, 9, 0}, 1, 900);
    s.groups = {{"app", -1, 1000}, {"app-behind", 30, 1000}};
    s.events.push_back(parseEvent("600:truncate-target:0").value());
    bool beyondEnd = false, behindSkips = false, otherPartitionsClean = true;
    simulate(s, [&](const Sample& x) {
        if (x.timeMs <= 600'000)
            return;
        if (x.partition == 0 && x.checkpointBeyondTargetEnd)
            beyondEnd = true;
        if (x.partition == 0 && x.groupIndex == 1 && x.skips())
            behindSkips = true;
        if (x.partition != 0 && x.skips())
            otherPartitionsClean = false;
    });
    QVERIFY(beyondEnd);
    QVERIFY(behindSkips);
    QVERIFY(otherPartitionsClean);
}

// The run's summary, written once (timeline_format.h) for the CLI's JSON and one-line status texts.
void SimulatorTest::runSummary()
{
    RunSummary r;
    r.simulatedMs = 7'380'000;
    r.recordsProduced = 36'900;
    r.syncsSent = 7200;
    r.syncsDropped = 3;
    r.checkpointsEmitted = 240;
    r.samples = 480;
    r.samplesWithSkip = 2;
    r.maxSkippedRecords = 17;
    QCOMPARE(
        summaryText(r),
        std::string("2 h 3 min simulated: 7200 offset syncs (3 dropped), 240 checkpoints, 2 of 480 samples "
                    "skip records"));
    JsonWriter json;
    writeSummaryJson(json, r);
    QCOMPARE(json.str(),
             std::string(
                 R"({"simulated_ms":7380000,"records_produced":36900,"records_replicated":0,)"
                 R"("records_replicated_again":0,"syncs_triggered":0,"syncs_sent":7200,"syncs_dropped":3,)"
                 R"("checkpoints_emitted":240,"checkpoint_polls_failed":0,"group_offset_writes":0,)"
                 R"("samples":480,"samples_with_skip":2,"max_replay_records":0,"max_skipped_records":17})"));
}

QTEST_APPLESS_MAIN(SimulatorTest)
#include "tst_simulator.moc"
