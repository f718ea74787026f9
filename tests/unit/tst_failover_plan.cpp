// The failover plan built from a report: which partitions get a line in the reset file (their
// resume offsets), which are left out and why, the file names of odd group names, and the
// files' exact text.
#include "model/analysis/failover_plan.h"
#include "model/analysis/report_format.h"

#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

class FailoverPlans : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resetsAndLeftOut();
    void fileNames();
    void planFiles();
    void targetBootstrapOfThePlan();
    void unknownReplayIsCountedApart();
};

namespace {

PartitionReport row(const std::string& group, int partition, std::optional<int64_t> resume,
                    std::vector<Verdict> verdicts = {})
{
    PartitionReport r;
    r.group = group;
    r.upstream = {"orders", partition};
    r.downstream = {"A.orders", partition};
    if (resume) {
        r.resume = ResumeOffset{*resume, ResumeSource::Checkpoint};
        r.checkpoint = CheckpointView{100, *resume, 0, 0, StoredSync{90, *resume - 3, 1}, true};
        r.replay.available = true;
        r.replay.known = true;
        r.replay.replay = 7;
        r.replay.granularity = 7;
    } else {
        r.noResumeReason = "no checkpoint";
    }
    r.verdicts = std::move(verdicts);
    return r;
}

Report sample()
{
    Report report;
    report.atMs = 1'764'400'000'000;
    report.release = parseRelease("3.9.1").value();
    report.rows = {row("app", 0, 1000), row("app", 1, std::nullopt, {Verdict::NoCheckpoint}),
                   row("app", 2, 2000, {Verdict::SkipPossible}),
                   row("app", 3, 3000, {Verdict::CheckpointStale}), row("odd group/1", 0, 10)};
    return report;
}

} // namespace

void FailoverPlans::resetsAndLeftOut()
{
    const FailoverPlan plan = planFailover(sample());
    QCOMPARE(plan.groups.size(), size_t{2});
    const GroupPlan& app = plan.groups[0];
    QCOMPARE(app.group, std::string("app"));
    // A stale checkpoint is still a resume point (it replays more); a skip is never written.
    QCOMPARE(app.resets.size(), size_t{2});
    QCOMPARE(app.resets[0].offset, int64_t{1000});
    QCOMPARE(app.resets[1].offset, int64_t{3000});
    QCOMPARE(app.replayTotal, int64_t{14});
    QCOMPARE(app.leftOut.size(), size_t{2});
    QCOMPARE(app.leftOut[0].reason, std::string("no checkpoint"));
    QCOMPARE(app.leftOut[1].reason, std::string("skip possible"));
    QCOMPARE(
        app.leftOut[1].advice,
        std::string("resuming at 2,000 may skip records; the checkpoint's sync 90 -> 1,997 is a safe earlier "
                    "position: 1,997 replays from upstream 90"));
    QCOMPARE(groupPlanSummary(app), std::string("app: 2 of 4 partitions go in the reset file; resetting them "
                                                "replays 14 offsets in all; 1 may SKIP records (left out); 1 "
                                                "have no resume point (left out)"));
    // With the replays' times at the group's pace, the longest is the group's (partitions are read
    // side by side), and plan.json has each.
    Report timed = sample();
    timed.rows[0].outcomeTimeMs = 2'600;
    timed.rows[3].outcomeTimeMs = 9'000;
    const FailoverPlan timedPlan = planFailover(timed);
    QCOMPARE(
        groupPlanSummary(timedPlan.groups[0]),
        std::string("app: 2 of 4 partitions go in the reset file; resetting them replays 14 offsets in all "
                    "(the longest, A.orders-3, about 9.0 s of processing); 1 may SKIP records (left out); 1 "
                    "have no resume point (left out)"));
    QVERIFY(planJson(timedPlan, {"b:9092", std::nullopt, "plan"})
                .find("\"replay\":7,\"replay_unknown_because\":null,\"replay_time_ms\":9000,") !=
            std::string::npos);
}

void FailoverPlans::fileNames()
{
    QCOMPARE(planFileName("orders-app_1.v2"), std::string("orders-app_1.v2.csv"));
    QCOMPARE(planFileName("odd group/1"), std::string("odd%20group%2F1.csv"));
    QCOMPARE(planFileName(".hidden"), std::string("%2Ehidden.csv"));
    QCOMPARE(planFileName("50%"), std::string("50%25.csv"));
    QCOMPARE(planFileName(""), std::string("%.csv"));
    QCOMPARE(planFileName("\xc3\xa9t\xc3\xa9"), std::string("%C3%A9t%C3%A9.csv"));
    // Escaping is one-to-one: a name that looks escaped is escaped again.
    QVERIFY(planFileName("a b") != planFileName("a%20b"));
}

void FailoverPlans::planFiles()
{
    const FailoverPlan plan = planFailover(sample());
    QCOMPARE(resetFileCsv(plan.groups[0]), std::string("A.orders,0,1000\nA.orders,3,3000\n"));
    PlanCommand command{"b1:9092,b2:9092", std::string("/etc/kafka/target.properties"), "/tmp/plan"};
    const std::string text = planText(plan, command);
    QVERIFY2(text.find("  kafka-consumer-groups.sh --bootstrap-server 'b1:9092,b2:9092' --command-config "
                       "'/etc/kafka/target.properties' --group 'odd group/1' --reset-offsets --from-file "
                       "'/tmp/plan/odd%20group%2F1.csv' --execute\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("  left out A.orders-1 (no checkpoint): the consumer starts there from its "
                       "auto.offset.reset") != std::string::npos,
             text.c_str());
    const std::string json = planJson(plan, command);
    QVERIFY2(json.find("{\"group\":\"odd group/1\",\"file\":\"odd%20group%2F1.csv\",") != std::string::npos,
             json.c_str());
    QVERIFY2(json.find("\"left_out\":[{\"topic\":\"orders\",\"partition\":1,\"target_topic\":\"A.orders\","
                       "\"reason\":\"no checkpoint\",") != std::string::npos,
             json.c_str());
}

void FailoverPlans::unknownReplayIsCountedApart()
{
    // Two partitions whose checkpoint no sync explains: they keep their line in the reset file
    // (it is where MM2 resumes them), but no replay is counted for them, and the report's notes
    // come along in the same words.
    Report report = sample();
    for (const int p : {4, 5}) {
        PartitionReport unknown = row("app", p, 5000 + p);
        unknown.replay = ReplayWindow{};
        unknown.replay.available = true;
        unknown.replay.resumeAt = 5000 + p;
        unknown.checkpoint->sync.reset();
        unknown.checkpoint->explained = false;
        unknown.replayUnknown = UnknownReplay::CheckpointUnexplained;
        unknown.replayUnknownBecause =
            "no sync read by then explains checkpoint 100 -> 500" + std::to_string(p);
        report.rows.insert(report.rows.begin() + 4, unknown);
    }
    report.unexplainedCheckpoints = 2;
    const FailoverPlan plan = planFailover(report);
    const GroupPlan& app = plan.groups[0];
    QCOMPARE(app.resets.size(), size_t{4});
    QCOMPARE(app.replayTotal, int64_t{14});
    QCOMPARE(app.replayUnknown, size_t{2});
    QCOMPARE(app.resets[3].replay, std::optional<int64_t>());
    QCOMPARE(
        groupPlanSummary(app),
        std::string("app: 4 of 6 partitions go in the reset file; resetting them replays 14 offsets on the 2 "
                    "where it is known, and an unknown amount on 2 (replay unknown); 1 may SKIP records "
                    "(left out); 1 have no resume point (left out)"));
    const PlanCommand command{"b:9092", std::nullopt, "plan"};
    const std::string text = planText(plan, command);
    for (const std::string& note : reportNotes(report))
        QVERIFY2(text.find("\n" + note + "\n") != std::string::npos, note.c_str());
    QVERIFY(
        text.find("\nreplay unknown for 2 group partitions: no sync read by then explains their checkpoint "
                  "under MM2 3.9.1 rules (is 3.9.1 the release MM2 runs?)\n") != std::string::npos);
    QVERIFY(text.find("\nnote: 2 checkpoints do not follow from the syncs under MM2 3.9.1 rules: is "
                      "--mm2-version the release MM2 runs?\n") != std::string::npos);
    const std::string json = planJson(plan, command);
    QVERIFY2(json.find("\"replay_total\":14,\"replay_unknown_partitions\":2,") != std::string::npos,
             json.c_str());
    QVERIFY(
        json.find("\"resume_offset\":5005,\"resume_from\":\"checkpoint\",\"replay\":null,"
                  "\"replay_unknown_because\":\"no sync read by then explains checkpoint 100 -> 5005\"") !=
        std::string::npos);
    QVERIFY(json.find("\"notes\":[\"checkpoints are stale after") != std::string::npos);
    // Where no replay is known at all, there is no total: 0 would read as nothing replayed.
    Report none = report;
    none.rows.assign(report.rows.begin() + 4, report.rows.begin() + 6);
    QVERIFY(planJson(planFailover(none), command).find("\"replay_total\":null,") != std::string::npos);
}

// The CLI and the window name the same target in the plan's commands.
void FailoverPlans::targetBootstrapOfThePlan()
{
    SessionInfo info;
    QCOMPARE(planTargetBootstrap(info), std::string("TARGET-BOOTSTRAP"));
    info.configuration = {{"source.bootstrap.servers", "a:9092"}, {"target.bootstrap.servers", "b:9092"}};
    QCOMPARE(planTargetBootstrap(info), std::string("b:9092"));
    QCOMPARE(planTargetBootstrap(info, "b1:9093,b2:9093"), std::string("b1:9093,b2:9093"));
    info.configuration = {{"target.bootstrap.servers", ""}};
    QCOMPARE(planTargetBootstrap(info), std::string("TARGET-BOOTSTRAP"));
}

QTEST_APPLESS_MAIN(FailoverPlans)
#include "tst_failover_plan.moc"
