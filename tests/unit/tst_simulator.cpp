// Properties of simulated runs over many seeds and releases (issue 3): no skip from 3.4.1 on, the
// replay window is the sum of its parts, granularity within offset.lag.max + 1 on a gap-free
// partition while syncs flow, translation at least once per interval while the checkpoint task
// runs, legacy skips reported, and byte-identical output for a seed.
#include "model/sim/record_layout.h"
#include "model/sim/simulator.h"
#include "model/sim/target_log.h"
#include "model/sim/timeline_format.h"
#include "model/util/text_format.h"
#include "support/qtest_printers.h"

#include <QTest>

#include <algorithm>
#include <map>

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
    void exactDistribution();
    void everyStepFiguresDoNotDependOnSampling();
    void defaultSampleInterval();
    void replaySecondsFromProcessedOffsets();
    void groupOffsetSyncInterval();
    void printedFieldsAreDocumented();
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
    const RecordLayout layout{0, transactionSizeFor(s.gapRatio), s.compactionGapEvery, s.compactionGapSize};
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
        // The records counted at every step agree with the sample's offsets: the records of the
        // layout between Ueq and P.
        const int64_t records =
            layout.recordsBefore(x.processed) - layout.recordsBefore(w.upstreamEquivalent);
        if (x.replayRecords - x.skippedRecords != records)
            failure = "replay_records - skipped_records " +
                      std::to_string(x.replayRecords - x.skippedRecords) + " but " + std::to_string(records) +
                      " records between Ueq and P at " + std::to_string(x.timeMs);
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
        QVERIFY(legacy.maxSkippedRecordsAnyStep > 1000);
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
    r.sampleIntervalMs = 60'000;
    r.samples = 480;
    r.samplesWithSkip = 2;
    r.steps = 295'200;
    r.stepsWithCheckpoint = 290'000;
    r.stepsWithSkip = 7;
    r.replayRecordsAnyStep = Percentiles{9229, 2459, 7580, 8534};
    r.maxSkippedRecordsAnyStep = 17;
    r.stepsWithReplayTime = 289'000;
    r.replayTenthsAnyStep = Percentiles{1844, 492, 1516, 1707};
    QCOMPARE(
        summaryText(r),
        std::string("2 h 3 min simulated: 7200 offset syncs (3 dropped), 240 checkpoints; at every step a "
                    "failover replays at most 9229 records (p50 2459, p95 7580, p99 8534), at most 184.4 s "
                    "of processing, and skips at 7 of 290000 steps with a checkpoint (at most 17 records)"));
    JsonWriter json;
    writeSummaryJson(json, r);
    // 7 of 290,000 steps is 0.0024 %: rounded up, so that a skip never reads as 0.00.
    QCOMPARE(
        json.str(),
        std::string(
            R"({"simulated_ms":7380000,"records_produced":36900,"records_replicated":0,)"
            R"("records_replicated_again":0,"syncs_triggered":0,"syncs_sent":7200,"syncs_dropped":3,)"
            R"("checkpoints_emitted":240,"checkpoint_polls_failed":0,"group_offset_writes":0,)"
            R"("sample_interval_ms":60000,"samples":480,"samples_with_skip":2,"steps":295200,)"
            R"("steps_with_checkpoint":290000,"steps_with_skip":7,"skip_percent_of_steps_with_checkpoint":0.01,)"
            R"("max_replay_records_any_step":9229,"p50_replay_records_any_step":2459,)"
            R"("p95_replay_records_any_step":7580,"p99_replay_records_any_step":8534,)"
            R"("max_skipped_records_any_step":17,"steps_with_replay_seconds":289000,)"
            R"("max_replay_seconds_any_step":184.4,"p50_replay_seconds_any_step":49.2,)"
            R"("p95_replay_seconds_any_step":151.6,"p99_replay_seconds_any_step":170.7})"));

    // No checkpoint at any step: no figure, and the line says why.
    RunSummary none;
    none.steps = 100;
    QCOMPARE(summaryText(none),
             std::string("0.0 s simulated: 0 offset syncs (0 dropped), 0 checkpoints; at every "
                         "step a failover has no checkpoint to resume from"));
    JsonWriter empty;
    writeSummaryJson(empty, none);
    QVERIFY(empty.str().find(
                R"("skip_percent_of_steps_with_checkpoint":null,"max_replay_records_any_step":null,)") !=
            std::string::npos);
    QVERIFY(empty.str().ends_with(R"("p99_replay_seconds_any_step":null})"));

    QCOMPARE(formatFixed(1844, 1), std::string("184.4"));
    QCOMPARE(formatFixed(5, 1), std::string("0.5"));
    QCOMPARE(formatFixed(-5, 2), std::string("-0.05"));
    QCOMPARE(formatFixed(42, 0), std::string("42"));
    QCOMPARE(formatFixed(INT64_MIN, 1), std::string("-922337203685477580.8"));
}

void SimulatorTest::exactDistribution()
{
    ExactDistribution d;
    for (int64_t v : {5, 1, 3, 3, 100'000, 2, 4, 3, 1, 70'000}) // two values past the dense array
        d.add(v);
    QCOMPARE(d.count(), uint64_t{10});
    QCOMPARE(d.max(), int64_t{100'000});
    // Sorted: 1 1 2 3 3 3 4 5 70000 100000. Nearest rank: p50 is the 5th, p95 and p99 the 10th,
    // p80 the 8th, p90 the 9th.
    QCOMPARE(d.percentile(50), int64_t{3});
    QCOMPARE(d.percentile(80), int64_t{5});
    QCOMPARE(d.percentile(90), int64_t{70'000});
    QCOMPARE(d.percentiles(), (Percentiles{100'000, 3, 100'000, 100'000}));
    QCOMPARE(d.percentile(10), int64_t{1});
    QCOMPARE(d.percentile(100), int64_t{100'000});
}

// The summary's maxima and percentiles come from every simulated step, so they are the same
// whatever the sample interval; the samples of a coarse interval see less. Steady, seed 1: sampled
// every 60 s (the old default, the checkpoint interval) the samples' largest replay is 6224
// records, sampled every second 9183, while a failover at the worst step replays 9229.
void SimulatorTest::everyStepFiguresDoNotDependOnSampling()
{
    const Scenario base = namedScenario("steady").value();
    std::vector<RunSummary> runs;
    for (int64_t interval : {60'000, 1000, 0}) { // 0: the default, 100 ms: every step
        Scenario s = base;
        s.sampleIntervalMs = interval;
        int64_t samplesMax = 0;
        runs.push_back(
            simulate(s, [&](const Sample& x) { samplesMax = std::max(samplesMax, x.replayRecords); }));
        const RunSummary& r = runs.back();
        QCOMPARE(r.steps, uint64_t{36'000 * 12});
        QCOMPARE(r.stepsWithCheckpoint, uint64_t{422'412});
        QCOMPARE(r.stepsWithSkip, uint64_t{0});
        QCOMPARE(r.replayRecordsAnyStep.value(), (Percentiles{9229, 2459, 7580, 8534}));
        QCOMPARE(r.maxSkippedRecordsAnyStep, int64_t{0});
        QCOMPARE(r.stepsWithReplayTime, uint64_t{422'412});
        QCOMPARE(r.replayTenthsAnyStep.value(), (Percentiles{1844, 492, 1516, 1707}));
        QCOMPARE(samplesMax, interval == 60'000 ? int64_t{6224}
                             : interval == 1000 ? int64_t{9183}
                                                : int64_t{9229});
    }
    QCOMPARE(runs[0].sampleIntervalMs, int64_t{60'000});
    QCOMPARE(runs[0].samples, uint64_t{60 * 12});
    QCOMPARE(runs[1].samples, uint64_t{3600 * 12});
    QCOMPARE(runs[2].sampleIntervalMs, int64_t{100});
    QCOMPARE(runs[2].samples, uint64_t{36'000 * 12});
}

void SimulatorTest::defaultSampleInterval()
{
    // A tenth of the shortest of the emit interval, the commit intervals and (when it runs) the
    // group-offset sync interval, in whole ticks. Steady's app-fast commits every second.
    const Scenario steady = namedScenario("steady").value();
    QCOMPARE(steady.sampleIntervalMs, int64_t{0});
    QCOMPARE(sampleIntervalOf(steady), int64_t{100});
    // A 10-s emit interval with groups committing every 30 s: 1 s.
    Scenario tenSeconds = steady;
    tenSeconds.emitCheckpointsIntervalMs = 10'000;
    tenSeconds.groups = {{"app", -1, 30'000}};
    QCOMPARE(sampleIntervalOf(tenSeconds), int64_t{1000});
    // The same emit interval beside steady's groups: app-fast's second still decides.
    Scenario tenWithSteadyGroups = steady;
    tenWithSteadyGroups.emitCheckpointsIntervalMs = 10'000;
    QCOMPARE(sampleIntervalOf(tenWithSteadyGroups), int64_t{100});
    // --groups 1 commits every 5 s.
    Scenario oneGroup = steady;
    oneGroup.groups = defaultGroups(1);
    QCOMPARE(sampleIntervalOf(oneGroup), int64_t{500});
    // The group-offset sync interval counts when the sync runs.
    Scenario synced = steady;
    synced.groups = {{"app", -1, 60'000}};
    synced.syncGroupOffsetsIntervalMs = 20'000;
    QCOMPARE(sampleIntervalOf(synced), int64_t{6000});
    synced.syncGroupOffsets = true;
    QCOMPARE(sampleIntervalOf(synced), int64_t{2000});
    // Never below a tick, always whole ticks.
    Scenario coarseTick = steady;
    coarseTick.tickMs = 250;
    QCOMPARE(sampleIntervalOf(coarseTick), int64_t{250});
    coarseTick.groups = {{"app", -1, 7'000}};
    QCOMPARE(sampleIntervalOf(coarseTick), int64_t{500});
    // A day of steady would print 10,368,000 samples at 100 ms: it samples every 2.1 s, the
    // first whole tick that keeps it within 500,000 (12 group partitions x 41,143 sample times).
    Scenario day = steady;
    day.durationMs = 86'400'000;
    QCOMPARE(sampleIntervalOf(day), int64_t{2100});
    // A scenario's own interval wins.
    Scenario own = steady;
    own.sampleIntervalMs = 30'000;
    QCOMPARE(sampleIntervalOf(own), int64_t{30'000});
    own.sampleIntervalMs = 50;
    QCOMPARE(validate(own), std::string("the sample interval must be at least one tick"));
}

// replay_seconds is the replay at the rate the group processed over the 60 s up to the last whole
// second, or since the start, read off the samples' processed offsets (steady has no markers or gaps: records
// are offsets). A group that processed nothing in that window has no replay time.
void SimulatorTest::replaySecondsFromProcessedOffsets()
{
    Scenario s = namedScenario("steady").value();
    s.partitions = 1;
    s.groups = defaultGroups(1);
    s.durationMs = 180'000;
    s.sampleIntervalMs = 500;
    s.events.push_back(parseEvent("60:consumer-stall:app-1:100").value());
    std::map<int64_t, Sample> at;
    simulate(s, [&](const Sample& x) { at[x.timeMs] = x; });
    QCOMPARE(at.size(), size_t{360});
    // The replay at t over the pace between the whole seconds `from` and `to` (the last whole
    // second at or before t): replay / (advanced / window) seconds, in tenths, rounded half up.
    const auto byHand = [&](int64_t t, int64_t from, int64_t to) -> std::optional<int64_t> {
        const int64_t advanced = at[to].processed - (from == 0 ? 0 : at[from].processed);
        if (advanced == 0)
            return std::nullopt;
        const int64_t numerator = at[t].replayRecords * (to - from) / 100;
        return (2 * numerator + advanced) / (2 * advanced);
    };
    QVERIFY(!at[30'000].replayTenths.has_value()); // no checkpoint yet
    // At 60 s since the start: 374 records at 3001 records in 60 s, 7.5 s.
    QCOMPARE(at[60'000].processed, int64_t{3001});
    QCOMPARE(at[60'000].replayRecords, int64_t{374});
    QCOMPARE(at[60'000].replayTenths, std::optional<int64_t>(75));
    QCOMPARE(at[60'000].replayTenths, byHand(60'000, 0, 60'000));
    // At 90 s (stalled since 60 s) over 30-90 s: 374 at 1496 records a minute, 15.0 s.
    QCOMPARE(at[90'000].replayTenths, std::optional<int64_t>(150));
    QCOMPARE(at[90'000].replayTenths, byHand(90'000, 30'000, 90'000));
    // At 120 and 150 s the group processed nothing for a minute: unknown, not a number.
    QVERIFY(!at[120'000].replayTenths.has_value());
    QVERIFY(!at[150'000].replayTenths.has_value());
    QCOMPARE(byHand(120'000, 60'000, 120'000), std::nullopt);
    // At 180 s, catching up: 1778 records at 2010 a minute, 53.1 s.
    QCOMPARE(at[180'000].replayTenths, std::optional<int64_t>(531));
    QCOMPARE(at[180'000].replayTenths, byHand(180'000, 120'000, 180'000));
    // Between whole seconds, the pace of the last one: at 179.5 s, 2334 records at the 1910
    // processed over 119-179 s, 73.3 s.
    QCOMPARE(at[179'500].replayRecords, int64_t{2334});
    QCOMPARE(at[179'500].replayTenths, byHand(179'500, 119'000, 179'000));
    QCOMPARE(at[179'500].replayTenths, std::optional<int64_t>(733));
    QCOMPARE(csvRow(s, at[180'000]).find(",1778,53.1,0,0,0,") != std::string::npos, true);
    QCOMPARE(csvRow(s, at[120'000]).find(",374,,0,0,0,") != std::string::npos, true);
}

// sync.group.offsets.interval.seconds decides how often MM2 writes the target group offsets a
// failover resumes from: steady, 10 minutes. Syncing more often than checkpoints come (10 s
// against 60 s) writes nothing more; syncing less often writes fewer, staler offsets, and a
// failover replays more.
void SimulatorTest::groupOffsetSyncInterval()
{
    Scenario s = namedScenario("steady").value();
    s.durationMs = 600'000;
    s.sampleIntervalMs = 60'000;
    s.syncGroupOffsets = true;
    const auto run = [&](int64_t intervalS) {
        Scenario x = s;
        x.syncGroupOffsetsIntervalMs = intervalS * 1000;
        return simulate(x, [](const Sample&) {});
    };
    const RunSummary every10 = run(10), every60 = run(60), every120 = run(120), every300 = run(300);
    QCOMPARE(every10.groupOffsetWrites, uint64_t{116});
    QCOMPARE(every60.groupOffsetWrites, uint64_t{116});
    QCOMPARE(every120.groupOffsetWrites, uint64_t{60});
    QCOMPARE(every300.groupOffsetWrites, uint64_t{24});
    QCOMPARE(every60.replayRecordsAnyStep->max, int64_t{9009});
    QCOMPARE(every120.replayRecordsAnyStep->max, int64_t{12'008});
    QCOMPARE(every300.replayRecordsAnyStep->max, int64_t{20'317});
    // Before 2.7.0 MM2 had no group-offset sync: the scenario says so instead of ignoring it.
    s.release = Release{2, 4, 0};
    QCOMPARE(validate(s), std::string("sync.group.offsets.enabled is not in MM2 2.4.0 (it came with 2.7.0)"));
}

// --help names every printed column and summary field from these lists.
void SimulatorTest::printedFieldsAreDocumented()
{
    Scenario s = named("steady", {3, 9, 0}, 1, 120);
    size_t checked = 0;
    simulate(s, [&](const Sample& x) {
        const std::string row = csvRow(s, x);
        QCOMPARE(static_cast<size_t>(std::count(row.begin(), row.end(), ',')) + 1, csvColumns().size());
        ++checked;
    });
    QCOMPARE(checked, size_t{4 * 3 * 4});
    const std::string header = csvHeader();
    QCOMPARE(static_cast<size_t>(std::count(header.begin(), header.end(), ',')) + 1, csvColumns().size());
    // The summary's values are numbers or null: its keys are what stands in quotes.
    JsonWriter json;
    writeSummaryJson(json, RunSummary{});
    std::string keys, written;
    for (const FieldDoc& f : summaryFields())
        keys += std::string(keys.empty() ? "" : ",") + f.name;
    const std::string& text = json.str();
    for (size_t open = text.find('"'); open != std::string::npos;
         open = text.find('"', text.find('"', open + 1) + 1))
        written += std::string(written.empty() ? "" : ",") +
                   text.substr(open + 1, text.find('"', open + 1) - open - 1);
    QCOMPARE(written, keys);
}

QTEST_APPLESS_MAIN(SimulatorTest)
#include "tst_simulator.moc"
