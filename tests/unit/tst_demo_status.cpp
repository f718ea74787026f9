// The demo's status line (demoStatusText), which the CLI's demo-cluster and the GUI's status bar
// both show: the lag of the demo's own MM2, and when it is beyond the scenario's design, that the
// demo cannot keep up.
#include "model/demo/demo_cluster.h"
#include "model/util/named_registry.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;
using namespace driftscope::kafka;

class DemoStatus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepingUp();
    void fallenBehind();
    void limitsFollowTheProduceInterval();
    void scenariosComeFromOneRegistry();
    void runSummaryAndStatusJson();
};

void DemoStatus::keepingUp()
{
    DemoStats s;
    s.mirrorLagRecords = 120;
    s.mirrorLagMs = 800;
    s.mirrorLagMaxMs = 1500;
    s.mirrorLagLimitMs = 7000;
    QVERIFY(s.keepingUp());
    QCOMPARE(demoStatusText(s),
             std::string("demo MM2 lag 120 records, oldest 0.8 s (largest 1.5 s, design up to 7.0 s)"));
    s.mirrorLagMs = 7000; // at the limit still keeps up
    QVERIFY(s.keepingUp());
}

void DemoStatus::fallenBehind()
{
    DemoStats s;
    s.mirrorLagRecords = 61204;
    s.mirrorLagMs = 95'000;
    s.mirrorLagMaxMs = 95'000;
    s.mirrorLagLimitMs = 7000;
    QVERIFY(!s.keepingUp());
    QCOMPARE(
        demoStatusText(s),
        std::string("the demo cannot keep up: its MM2 is 61204 records, oldest 1 min 35 s behind the source "
                    "(the scenario allows 7.0 s); this lag is the demo's own, not MM2 behaviour"));
}

void DemoStatus::limitsFollowTheProduceInterval()
{
    QCOMPARE(demoMirrorLagLimitMs(demoScenario("steady").value()), int64_t{7000});
    QCOMPARE(demoMirrorLagLimitMs(demoScenario("busy").value()), int64_t{7000});
    QCOMPARE(demoMirrorLagLimitMs(demoScenario("load").value()), int64_t{15'000});
    QCOMPARE(demoScenario("legacy").value().produceIntervalMs, int64_t{1000});
}

void DemoStatus::scenariosComeFromOneRegistry()
{
    QCOMPARE(demoScenarioNames(), (std::vector<std::string>{"steady", "legacy", "busy", "load"}));
    for (const std::string& name : demoScenarioNames())
        QCOMPARE(demoScenario(name).value().name, name);
    QCOMPARE(demoScenario("legacy").value().release, (Release{2, 8, 0}));
    QCOMPARE(demoScenario("busy").value().topics[0].recordsPerSecond, 200.0);
    QCOMPARE(demoScenario("chaos").error(),
             std::string("unknown demo scenario 'chaos' (known: steady, legacy, busy, load)"));
    QCOMPARE(joinNames({"a", "b", "c"}), std::string("a, b, c"));
    QCOMPARE(joinNames({}), std::string());
}

// The demo's run summary and status JSON, written once (demo_status.h) for the CLI and the GUI.
void DemoStatus::runSummaryAndStatusJson()
{
    DemoStats s;
    s.produced = 1200;
    s.replicated = 1180;
    s.filtered = 30;
    s.syncsSent = 24;
    s.checkpoints = 16;
    s.heartbeats = 60;
    s.groupCommits = 40;
    s.mirrorLagRecords = 120;
    s.mirrorLagMs = 800;
    s.mirrorLagMaxMs = 1500;
    s.mirrorLagLimitMs = 7000;
    QCOMPARE(
        demoRunSummary(s),
        std::string("1200 records produced, 1180 replicated (30 filtered), 24 offset syncs, 16 checkpoints, "
                    "60 heartbeats, 40 group commits; demo MM2 lag 120 records, oldest 0.8 s (largest 1.5 s, "
                    "design up to 7.0 s)"));
    JsonWriter json;
    writeDemoStatusJson(json, s, 30'000);
    QCOMPARE(
        json.str(),
        std::string(
            R"({"elapsed_ms":30000,"produced":1200,"replicated":1180,"filtered":30,"offset_syncs":24,)"
            R"("checkpoints":16,"group_commits":40,"group_resets_to_log_start":0,"mirror_lag_records":120,)"
            R"("mirror_lag_ms":800,)"
            R"("mirror_lag_max_ms":1500,"mirror_lag_limit_ms":7000,"keeping_up":true,)"
            R"j("status":"demo MM2 lag 120 records, oldest 0.8 s (largest 1.5 s, design up to 7.0 s)"})j"));
    // Positions pruned from the log are counted where they happened.
    s.groupResets = 3;
    QCOMPARE(
        demoRunSummary(s),
        std::string("1200 records produced, 1180 replicated (30 filtered), 24 offset syncs, 16 checkpoints, "
                    "60 heartbeats, 40 group commits (3 positions pruned, reset to the log start); demo MM2 "
                    "lag 120 records, oldest 0.8 s (largest 1.5 s, design up to 7.0 s)"));
}

QTEST_GUILESS_MAIN(DemoStatus)
#include "tst_demo_status.moc"
