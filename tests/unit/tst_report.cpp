// The health report from observations: which checkpoint is in force, which sync it came from,
// the replay window, the verdicts, and the report's text, JSON and CSV forms.
#include "model/analysis/checkpoint_cadence.h"
#include "model/analysis/explorer_view.h"
#include "model/analysis/failover_plan.h"
#include "model/analysis/health_report.h"
#include "model/analysis/report_format.h"
#include "model/analysis/row_text.h"
#include "model/util/text_format.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

namespace {

// orders-0 replicated A -> B with drift growing over gaps: syncs (10,10) (100,96) (200,190).
struct Fixture {
    Session session;
    uint32_t orders0, orders1, remote0, app1, app2, app3;

    explicit Fixture(int64_t checkpointDownstream = 97)
    {
        Session& o = session;
        o.info.emitCheckpointsIntervalMs = 60'000;
        orders0 = o.partitionId({"orders", 0});
        orders1 = o.partitionId({"orders", 1});
        remote0 = o.partitionId({"A.orders", 0});
        app1 = o.groupId("app-1");
        app2 = o.groupId("app-2");
        app3 = o.groupId("app-3");
        o.syncs = {{{0, 1000, 1000}, orders0, 10, 10},
                   {{1, 2000, 2000}, orders0, 100, 96},
                   {{2, 3000, 3000}, orders0, 200, 190}};
        o.checkpoints = {{{0, 2500, 2500}, app1, remote0, 150, checkpointDownstream, 0, ""}};
        o.groupOffsets = {{2000, ClusterSide::Source, app1, orders0, 120},
                          {4000, ClusterSide::Source, app1, orders0, 180},
                          {4000, ClusterSide::Target, app1, remote0, 97},
                          {4000, ClusterSide::Source, app2, orders0, 50},
                          {4000, ClusterSide::Source, app3, orders1, 7},
                          {4000, ClusterSide::Source, app3, orders0, GroupOffsetSample::kNoOffset}};
        o.logOffsets = {{4000, ClusterSide::Source, orders0, 0, 250},
                        {4000, ClusterSide::Target, remote0, 0, 240}};
    }
};

ReportOptions at(int64_t ms, const char* release = "3.9.0")
{
    ReportOptions options;
    options.atMs = ms;
    options.state.release = parseRelease(release).value();
    return options;
}

const PartitionReport* rowOf(const Report& report, const std::string& group, int partition)
{
    for (const PartitionReport& row : report.rows)
        if (row.group == group && row.upstream.partition == partition)
            return &row;
    return nullptr;
}

std::vector<Verdict> verdicts(std::initializer_list<Verdict> list)
{
    return list;
}

} // namespace

class Reports : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void healthyGroupWithReplayWindow();
    void verdictsPerGroup();
    void staleCheckpoint();
    void reportAtAnEarlierMoment();
    void extrapolatingReleaseMaySkip();
    void checkpointsThatTheStoreDoesNotExplain();
    void notReadyAndBeyondTargetEnd();
    void identityPolicyNamesPartitionsAlike();
    void resumeAtTheCheckpointWithoutGroupOffsetSync();
    void syncedGroupOffsetLagsTheCheckpoint();
    void staleLimitSaysWhereItComesFrom();
    void checkpointCadenceIsInferred();
    void checkpointCadenceOfAShortRead();
    void replayInTimeAtTheGroupsPace();
    void paceOfTwoKindsOfReadings();
    void replayBudget();
    void everyVerdictIsExplained();
    void formats();
    void readerProblemsReachEveryForm();
    void recordsOfAnotherVersion();
    void clusterStatesKeepTheirNames();
    void textHelpers();
};

void Reports::healthyGroupWithReplayWindow()
{
    Fixture f;
    const Report report = buildReport(f.session, at(4000));
    QCOMPARE(report.atMs, int64_t{4000});
    QCOMPARE(report.syncsApplied, size_t{3});
    QCOMPARE(report.checkpointsApplied, size_t{1});
    QCOMPARE(report.unexplainedCheckpoints, size_t{0});
    QCOMPARE(report.staleAfterMs, int64_t{90'000});
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QVERIFY(row);
    QCOMPARE(row->downstream, (TopicPartition{"A.orders", 0}));
    QCOMPARE(row->committed, std::optional<int64_t>(180));
    QCOMPARE(row->committedAtMs, std::optional<int64_t>(4000));
    // 180: the newest sync at or before it is (100, 96), the group is ahead: 97.
    QCOMPARE(row->translated->status, TranslationStatus::Translated);
    QCOMPARE(row->translated->downstream, std::optional<int64_t>(97));
    QCOMPARE(row->translated->sync->upstream, int64_t{100});
    QVERIFY(row->checkpoint);
    QCOMPARE(row->checkpoint->upstream, int64_t{150});
    QCOMPARE(row->checkpoint->downstream, int64_t{97});
    QCOMPARE(row->checkpoint->emittedAtMs, int64_t{2500});
    QCOMPARE(row->checkpoint->ageMs, std::optional<int64_t>(1500));
    QVERIFY(row->checkpoint->explained);
    QCOMPARE(row->checkpoint->sync->upstream, int64_t{100});
    QCOMPARE(row->checkpoint->sync->downstream, int64_t{96});
    QCOMPARE(row->checkpoint->sync->id, uint64_t{1}); // the second sync of the topic
    // D_c = d_s + 1, so Ueq = 101: granularity 150 - 101, staleness 180 - 150.
    QVERIFY(row->replay.available);
    QVERIFY(row->replay.known);
    QCOMPARE(row->replay.upstreamEquivalent, int64_t{101});
    QCOMPARE(row->replay.granularity, int64_t{49});
    QCOMPARE(row->replay.staleness, int64_t{30});
    QCOMPARE(row->replay.cadence, int64_t{0});
    QCOMPARE(row->replay.replay, int64_t{79});
    QVERIFY(!row->replay.skips());
    // The target group has an offset and no configuration says whether MM2 syncs them: a consumer
    // resumes at its target offset, here the checkpoint's own.
    QCOMPARE(report.groupOffsetSync, GroupOffsetSyncMode::Observed);
    QVERIFY(row->resume);
    QCOMPARE(row->resume->offset, int64_t{97});
    QCOMPARE(row->resume->source, ResumeSource::SyncedGroupOffset);
    QCOMPARE(row->replay.groupSync, int64_t{0});
    QCOMPARE(row->targetCommitted, std::optional<int64_t>(97));
    QCOMPARE(row->sourceEnd, std::optional<int64_t>(250));
    QCOMPARE(row->targetEnd, std::optional<int64_t>(240));
    QVERIFY(row->verdicts.empty());
}

void Reports::verdictsPerGroup()
{
    Fixture f;
    const Report report = buildReport(f.session, at(4000));
    QCOMPARE(report.rows.size(), size_t{4});
    // app-2: translatable but no checkpoint yet.
    const PartitionReport* app2 = rowOf(report, "app-2", 0);
    QCOMPARE(app2->translated->downstream, std::optional<int64_t>(11));
    QCOMPARE(app2->verdicts, verdicts({Verdict::NoCheckpoint}));
    QVERIFY(!app2->replay.available);
    // app-3: a partition without syncs, and one without a committed offset (no translation).
    const PartitionReport* noSync = rowOf(report, "app-3", 1);
    QCOMPARE(noSync->translated->status, TranslationStatus::NoSync);
    QCOMPARE(noSync->verdicts, verdicts({Verdict::NoSync}));
    const PartitionReport* noOffset = rowOf(report, "app-3", 0);
    QVERIFY(!noOffset->committed);
    QVERIFY(!noOffset->translated);
    QVERIFY(noOffset->verdicts.empty());

    // Only the groups asked for, in name order; unknown names give no rows.
    ReportOptions some = at(4000);
    some.groups = {"app-3", "nobody", "app-2"};
    const Report chosen = buildReport(f.session, some);
    QCOMPARE(chosen.rows.size(), size_t{3});
    QCOMPARE(chosen.rows[0].group, std::string("app-2"));
    QCOMPARE(chosen.rows[1].group, std::string("app-3"));

    // Committed below the oldest sync: MM2 answers -1 and writes no checkpoint.
    Fixture old;
    old.session.groupOffsets.push_back({4000, ClusterSide::Source, old.app2, old.orders0, 5});
    const Report oldReport = buildReport(old.session, at(4000));
    const PartitionReport* tooOld = rowOf(oldReport, "app-2", 0);
    QCOMPARE(tooOld->translated->status, TranslationStatus::TooOld);
    QCOMPARE(tooOld->verdicts, verdicts({Verdict::TooOld}));
}

void Reports::staleCheckpoint()
{
    Fixture f;
    ReportOptions options = at(4000);
    options.staleAfterMs = 1000;
    // Committed 210 since the checkpoint 150 -> 97 at 2.5 s: MM2 translates it to 191 now, a
    // checkpoint it would emit, and the one in force is 1.5 s old.
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, f.app1, f.orders0, 210});
    const Report staleReport = buildReport(f.session, options);
    const PartitionReport* row = rowOf(staleReport, "app-1", 0);
    QCOMPARE(row->verdicts, verdicts({Verdict::CheckpointStale}));
    QCOMPARE(row->checkpointKept, CheckpointKept::No);
    // Committed 180: MM2 translates it to 97, no more than the checkpoint's 97, and emits none
    // (checkpoints only move forward from 3.4.1): held, not stale. 3.4.0 has no such filter.
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, f.app1, f.orders0, 180});
    const Report heldReport = buildReport(f.session, options);
    row = rowOf(heldReport, "app-1", 0);
    QCOMPARE(row->checkpointKept, CheckpointKept::MonotonicFilter);
    QVERIFY(row->verdicts.empty());
    QCOMPARE(row->replay.staleness, int64_t{30});
    QCOMPARE(
        explainRow(*row, TranslationRule::CappedPlusOne),
        std::string(
            "committed 180 -> newest retained sync at or before it is 100 -> 96; the group is ahead of "
            "it, so 97; checkpoint 150 -> 97 emitted 1.5 s ago and still in force: MM2 emits a "
            "checkpoint only when its downstream offset moves forward, and 180 translates to no more "
            "than 97; a failover now resumes at 97 on A.orders-0 (the target group offset MM2 synced) "
            "and replays 79 offsets (source offsets [101, 180)), about 2.6 s of app-1's processing at 30.0 "
            "offsets/s over the last "
            "2.0 s of readings (granularity 49 + group-offset sync 0 + staleness 30 + commit cadence 0)"));
    ReportOptions legacy = options;
    legacy.state.release = parseRelease("3.4.0").value();
    // 3.4.0 has no such filter, but keeps only the newest sync (200 -> 190): 180 is behind it, too
    // old to translate, so MM2 emits nothing newer either.
    QCOMPARE(rowOf(buildReport(f.session, legacy), "app-1", 0)->checkpointKept, CheckpointKept::TooOld);
    QVERIFY(rowOf(buildReport(f.session, legacy), "app-1", 0)->verdicts == verdicts({Verdict::TooOld}));
    // A group that has not moved since its checkpoint is not stale, however old the checkpoint.
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, f.app1, f.orders0, 150});
    const Report stillReport = buildReport(f.session, options);
    row = rowOf(stillReport, "app-1", 0);
    QVERIFY(row->verdicts.empty());
    QCOMPARE(row->replay.staleness, int64_t{0});
}

void Reports::reportAtAnEarlierMoment()
{
    Fixture f;
    const Report report = buildReport(f.session, at(2400));
    QCOMPARE(report.syncsApplied, size_t{2});
    QCOMPARE(report.checkpointsApplied, size_t{0});
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QCOMPARE(row->committed, std::optional<int64_t>(120));
    QCOMPARE(row->translated->downstream, std::optional<int64_t>(97));
    QVERIFY(!row->checkpoint);
    QCOMPARE(row->verdicts, verdicts({Verdict::NoCheckpoint}));
    QVERIFY(!row->targetEnd);
    QCOMPARE(report.rows.size(), size_t{1}); // the other samples come later

    // Between the checkpoint (2500, U=150) and the next sample, the checkpoint is the newest word
    // on the committed offset.
    const Report between = buildReport(f.session, at(2600));
    const PartitionReport* fromCheckpoint = rowOf(between, "app-1", 0);
    QCOMPARE(fromCheckpoint->committed, std::optional<int64_t>(150));
    QCOMPARE(fromCheckpoint->committedAtMs, std::optional<int64_t>(2500));
    QVERIFY(fromCheckpoint->committedFromCheckpoint);
    QCOMPARE(fromCheckpoint->replay.staleness, int64_t{0});
    QVERIFY(fromCheckpoint->verdicts.empty());
    QVERIFY(reportText(between).find("\napp-1  orders-0   150*") != std::string::npos);
    QVERIFY(reportCsv(between).find("app-1,orders,0,A.orders,150,checkpoint,") != std::string::npos);

    // Without a moment: the session's last activity.
    ReportOptions latest;
    QCOMPARE(buildReport(f.session, latest).atMs, int64_t{4000});
}

void Reports::extrapolatingReleaseMaySkip()
{
    // 2.8.0 keeps the latest sync (100, 96) at 2500 and extrapolates 150 to 146. The drift grew
    // from 0 to 4 over the syncs so far: gaps, so 146 may hold a record later than 150.
    Fixture f(146);
    f.session.info.syncGroupOffsets = false; // the failover resumes at the checkpoint
    const Report report = buildReport(f.session, at(4000, "2.8.0"));
    QCOMPARE(report.unexplainedCheckpoints, size_t{0});
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QVERIFY(row->checkpoint->explained);
    QCOMPARE(row->checkpoint->sync->upstream, int64_t{100});
    // Now the latest sync is (200, 190): 180 is behind it, so MM2 answers -1.
    QCOMPARE(row->translated->status, TranslationStatus::TooOld);
    QVERIFY(!row->replay.known);
    QCOMPARE(row->replayUnknown, UnknownReplay::Extrapolated);
    QCOMPARE(row->replayUnknownBecause,
             std::string("MM2 2.8.0 extrapolated checkpoint 150 -> 146 from its sync 100 -> 96: gaps "
                         "(transaction markers, compaction, filtered records) put the record the target "
                         "holds at 146 later than 150 by an amount the syncs do not show"));
    QCOMPARE(row->verdicts, verdicts({Verdict::TooOld, Verdict::SkipPossible}));
    // Too old now, so MM2 emits nothing newer: the checkpoint stays, and is not stale.
    QCOMPARE(row->checkpointKept, CheckpointKept::TooOld);
    QCOMPARE(outcomeText(*row), std::string("may SKIP"));

    // Without gaps (constant drift) extrapolation is exact: no warning.
    Fixture even(146);
    even.session.syncs = {{{0, 1000, 1000}, even.orders0, 10, 6}, {{1, 2000, 2000}, even.orders0, 100, 96}};
    const Report flatReport = buildReport(even.session, at(4000, "2.8.0"));
    const PartitionReport* flat = rowOf(flatReport, "app-1", 0);
    QVERIFY(flat->verdicts.empty());
    QCOMPARE(flat->translated->downstream, std::optional<int64_t>(176));
    // No gap seen is no proof of none: the outcome is still unknown, but no skip is suspected.
    QCOMPARE(outcomeText(*flat), std::string("replay unknown"));
}

void Reports::checkpointsThatTheStoreDoesNotExplain()
{
    // A checkpoint 2.8.0 would write, read with 3.9.0 rules: no retained sync gives 146.
    Fixture f(146);
    const Report report = buildReport(f.session, at(4000));
    QCOMPARE(report.unexplainedCheckpoints, size_t{1});
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QVERIFY(!row->checkpoint->explained);
    QVERIFY(!row->checkpoint->sync);
    QVERIFY(!row->replay.known);
    QCOMPARE(row->replayUnknown, UnknownReplay::CheckpointUnexplained);
    QCOMPARE(
        row->replayUnknownBecause,
        std::string("no sync read by then explains checkpoint 150 -> 146 under MM2 3.9.0 rules (is 3.9.0 "
                    "the release MM2 runs?)"));
    const std::string text = reportText(report);
    QVERIFY(text.find("note: 1 checkpoints do not follow from the syncs under MM2 3.9.0 rules") !=
            std::string::npos);
    QVERIFY(
        text.find("\nreplay unknown for 1 group partition: no sync read by then explains their checkpoint "
                  "under MM2 3.9.0 rules (is 3.9.0 the release MM2 runs?)\n") != std::string::npos);
    // No number anywhere: the outcome says unknown, the parts are empty, JSON has nulls and why.
    QVERIFY(text.find(
                "\napp-1  orders-0   180        97                   150 -> 146         1.5 s  97 (synced)  "
                "      replay unknown  unknown            -       -             -        -          ok\n") !=
            std::string::npos);
    const std::string csv = reportCsv(report);
    QVERIFY(csv.find(",97,synced-group-offset,,unknown,,,,,,,,,,no sync read by then explains checkpoint "
                     "150 -> 146 under MM2 3.9.0 rules (is 3.9.0 the release MM2 runs?),,30.0,,97,") !=
            std::string::npos);
    const std::string json = reportJson(report);
    QVERIFY(json.find(
                "\"replay\":{\"outcome\":\"unknown\",\"replay\":null,\"skip\":null,\"granularity\":null,"
                "\"group_sync\":null,\"staleness\":null,\"cadence\":null,\"overshoot\":null,\"rewind\":null,"
                "\"upstream_equivalent\":null,\"source_from\":null,\"source_to\":null,\"unknown_because\":"
                "\"no sync "
                "read by then explains checkpoint "
                "150 -> 146") != std::string::npos);
    // The failover plan counts it apart from what it knows.
    const FailoverPlan plan = planFailover(report);
    QCOMPARE(plan.groups.front().replayUnknown, size_t{1});
    QCOMPARE(groupPlanSummary(plan.groups.front()),
             std::string("app-1: 1 of 1 partitions go in the reset file; resetting them replays an unknown "
                         "amount (replay unknown)"));

    // A sync read a moment after the checkpoint's timestamp: MM2 had not seen it yet, and the
    // store explains the checkpoint with the sync it still retains.
    Fixture late;
    late.session.syncs.insert(late.session.syncs.begin() + 2, {{2, 2400, 2400}, late.orders0, 140, 135});
    late.session.syncs[3].stamp.topicOffset = 3;
    const Report lateReport = buildReport(late.session, at(4000));
    QCOMPARE(lateReport.unexplainedCheckpoints, size_t{0});
    QCOMPARE(rowOf(lateReport, "app-1", 0)->checkpoint->sync->upstream, int64_t{100});

    // MM2 stamps a checkpoint before it lists the group's offsets and translates them: a sync
    // stamped after the checkpoint, while the listing took its time, explains it.
    Fixture listedSlowly(136);
    listedSlowly.session.syncs.insert(listedSlowly.session.syncs.begin() + 2,
                                      {{2, 2600, 2600}, listedSlowly.orders0, 140, 135});
    listedSlowly.session.syncs[3].stamp.topicOffset = 3;
    const Report slowReport = buildReport(listedSlowly.session, at(4000));
    QCOMPARE(slowReport.unexplainedCheckpoints, size_t{0});
    const PartitionReport* slowRow = rowOf(slowReport, "app-1", 0);
    QVERIFY(slowRow->checkpoint->explained);
    QCOMPARE(slowRow->checkpoint->sync->upstream, int64_t{140});
    QCOMPARE(slowRow->checkpoint->sync->id, uint64_t{2});
    // Before that sync is stamped, nothing explains the checkpoint yet.
    QCOMPARE(buildReport(listedSlowly.session, at(2550)).unexplainedCheckpoints, size_t{1});
    // Past default.api.timeout.ms (60 s) the listing would have failed: no checkpoint from it.
    Fixture tooLate(136);
    tooLate.session.syncs.insert(tooLate.session.syncs.begin() + 3,
                                 {{3, 62'501, 62'501}, tooLate.orders0, 140, 135});
    QCOMPARE(buildReport(tooLate.session, at(70'000)).unexplainedCheckpoints, size_t{1});
    tooLate.session.syncs[3].stamp.timestampMs = 62'500;
    QCOMPARE(buildReport(tooLate.session, at(70'000)).unexplainedCheckpoints, size_t{0});
}

void Reports::notReadyAndBeyondTargetEnd()
{
    Fixture f;
    // The task started when the topic held 3 syncs; at 2500 it has read 2 of them: still loading.
    // (From the third on it is ready, as MM2's store is once it has read to the end offsets.)
    ReportOptions options = at(2500);
    options.state.taskStart = 3;
    const Report loadingReport = buildReport(f.session, options);
    const PartitionReport* row = rowOf(loadingReport, "app-1", 0);
    QCOMPARE(row->translated->status, TranslationStatus::NotReady);
    QCOMPARE(row->verdicts, verdicts({Verdict::NotReady}));
    // With the third read, the load is done: no need to wait for a fourth sync (a restarted MM2
    // that meets a quiet syncs topic checkpoints at once, which the real-Kafka rig showed).
    options.atMs = 4000;
    QCOMPARE(rowOf(buildReport(f.session, options), "app-1", 0)->translated->status,
             TranslationStatus::Translated);

    // A target end of 90 is below the sync 200 -> 190 read before it: the target lost records,
    // which is why the resume offset lies beyond its end.
    f.session.logOffsets.push_back({4000, ClusterSide::Target, f.remote0, 0, 90});
    const Report beyondReport = buildReport(f.session, at(4000));
    row = rowOf(beyondReport, "app-1", 0);
    QCOMPARE(row->targetEnd, std::optional<int64_t>(90));
    QCOMPARE(row->verdicts, verdicts({Verdict::BeyondTargetEnd, Verdict::TargetTruncated}));
}

void Reports::identityPolicyNamesPartitionsAlike()
{
    Session o;
    o.info.policy = ReplicationPolicy{ReplicationPolicy::Kind::Identity, ".", true, o.info.sourceAlias};
    const uint32_t p = o.partitionId({"orders", 0});
    const uint32_t g = o.groupId("g");
    o.syncs = {{{0, 10, 10}, p, 5, 5}};
    o.checkpoints = {{{0, 20, 20}, g, p, 5, 5, 0, ""}};
    o.groupOffsets = {{30, ClusterSide::Source, g, p, 5}};
    const Report report = buildReport(o, at(30));
    QCOMPARE(report.rows.size(), size_t{1});
    QCOMPARE(report.rows[0].downstream, (TopicPartition{"orders", 0}));
    QVERIFY(report.rows[0].checkpoint->explained);
    QCOMPARE(report.rows[0].replay.replay, int64_t{0});
    QCOMPARE(report.rows[0].replay.skip, int64_t{0});
}

void Reports::resumeAtTheCheckpointWithoutGroupOffsetSync()
{
    Fixture f;
    f.session.info.syncGroupOffsets = false;
    const Report report = buildReport(f.session, at(4000));
    QCOMPARE(report.groupOffsetSync, GroupOffsetSyncMode::Disabled);
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QCOMPARE(row->resume->source, ResumeSource::Checkpoint);
    QCOMPARE(row->resume->offset, int64_t{97});
    QVERIFY(!row->replay.fromSyncedGroupOffset);
    // app-2 committed 50 but has no checkpoint: no resume point, and why.
    const PartitionReport* app2 = rowOf(report, "app-2", 0);
    QVERIFY(!app2->resume);
    QCOMPARE(app2->noResumeReason, std::string("no checkpoint"));
    const PartitionReport* app3 = rowOf(report, "app-3", 1);
    QVERIFY(!app3->resume);
    QCOMPARE(app3->noResumeReason, std::string("no sync"));
}

void Reports::syncedGroupOffsetLagsTheCheckpoint()
{
    // MM2 syncs every 2 s; the target group still holds 10, synced from an earlier checkpoint
    // (sync 10 -> 10): the fourth part is 101 - 10.
    Fixture f;
    f.session.info.syncGroupOffsets = true;
    f.session.info.syncGroupOffsetsIntervalMs = 2000;
    f.session.groupOffsets[2].offset = 10;
    const Report report = buildReport(f.session, at(4000));
    QCOMPARE(report.groupOffsetSync, GroupOffsetSyncMode::Enabled);
    QCOMPARE(report.groupOffsetSyncIntervalMs, int64_t{2000});
    const PartitionReport* row = rowOf(report, "app-1", 0);
    QCOMPARE(row->resume->offset, int64_t{10});
    QCOMPARE(row->resume->source, ResumeSource::SyncedGroupOffset);
    QVERIFY(row->replay.known);
    QCOMPARE(row->replay.upstreamEquivalent, int64_t{10});
    QCOMPARE(row->replay.granularity, int64_t{49});
    QCOMPARE(row->replay.groupSync, int64_t{91});
    QCOMPARE(row->replay.staleness, int64_t{30});
    QCOMPARE(row->replay.replay, int64_t{170});
}

void Reports::staleLimitSaysWhereItComesFrom()
{
    Fixture f;
    QCOMPARE(
        buildReport(f.session, at(4000)).staleAfterFrom,
        std::string(
            "1.5 x MM2's default emit interval, 1 min 0 s, as no MM2 configuration was given and too few "
            "checkpoints show a cadence"));
    f.session.info.emitIntervalConfigured = true;
    f.session.info.emitCheckpointsIntervalMs = 10'000;
    Report r = buildReport(f.session, at(4000));
    QCOMPARE(r.staleAfterMs, int64_t{15'000});
    QCOMPARE(r.staleAfterFrom,
             std::string("1.5 x emit.checkpoints.interval.seconds of the MM2 configuration, 10.0 s"));
    ReportOptions given = at(4000);
    given.staleAfterMs = 7000;
    r = buildReport(f.session, given);
    QCOMPARE(r.staleAfterMs, int64_t{7000});
    QCOMPARE(r.staleAfterFrom, std::string("given with --stale-after"));
}

void Reports::checkpointCadenceIsInferred()
{
    // Rounds every 20 s (one 3 s gap after a task restart, which does not recur; a 40 s gap where
    // the group did not move): the interval is 20 s, the stale limit 30 s.
    Fixture f;
    Session& o = f.session;
    const int64_t stamps[] = {10'000, 30'050, 50'020, 53'000, 73'010, 113'000, 133'040};
    o.checkpoints.clear();
    for (size_t i = 0; i < std::size(stamps); ++i)
        o.checkpoints.push_back(
            {{static_cast<int64_t>(i), stamps[i], stamps[i]}, f.app1, f.remote0, 150, 97, 0, ""});
    QCOMPARE(observedCheckpointCadence(o, 133'040)->intervalMs, int64_t{20'000});
    QCOMPARE(observedCheckpointCadence(o, 133'040)->rounds, size_t{7});
    const Report r = buildReport(o, at(133'040));
    QCOMPARE(r.staleAfterMs, int64_t{30'000});
    QCOMPARE(r.staleAfterFrom, std::string("1.5 x the checkpoint cadence observed, 20.0 s (7 emission rounds "
                                           "by then), as no MM2 configuration was given"));
    // As of a moment, only the checkpoints written by then count: one round says nothing, two say
    // their gap, and after the 3 s gap (20 and 3 s, each once) nothing recurs yet.
    QCOMPARE(observedCheckpointCadence(o, 29'999), std::nullopt);
    QCOMPARE(observedCheckpointCadence(o, 30'050)->intervalMs, int64_t{20'000});
    QCOMPARE(observedCheckpointCadence(o, 50'020)->intervalMs, int64_t{20'000});
    o.checkpoints = {o.checkpoints[0], o.checkpoints[1], o.checkpoints[3]}; // gaps of 20 s and 23 s
    QCOMPARE(observedCheckpointCadence(o, 133'040), std::nullopt);
    QCOMPARE(buildReport(o, at(133'040)).emitIntervalAssumed, true);
}

void Reports::checkpointCadenceOfAShortRead()
{
    // A read of 25 s: 300 group partitions checkpointed in three rounds 10 s apart, each round's
    // records stamped over 120 ms. No group partition has two gaps, but the rounds show 10 s.
    Session o;
    const uint32_t remote = o.partitionId({"A.orders", 0});
    std::vector<uint32_t> groups;
    for (int g = 0; g < 300; ++g)
        groups.push_back(o.groupId("g" + std::to_string(g)));
    int64_t offset = 0;
    for (const int64_t round : {1'000, 11'004, 21'010})
        for (int g = 0; g < 300; ++g) {
            const int64_t t = round + g * 120 / 300;
            o.checkpoints.push_back({{offset++, t, t}, groups[static_cast<size_t>(g)], remote, 5, 5, 0, ""});
        }
    QCOMPARE(observedCheckpointCadence(o, 25'000)->intervalMs, int64_t{10'000});
    QCOMPARE(observedCheckpointCadence(o, 25'000)->rounds, size_t{3});
    // Two checkpoint tasks 4 s out of phase, each with its own groups, every 10 s: the rounds
    // alternate 4 s and 6 s apart, and the interval is still 10 s.
    Session two;
    const uint32_t remote2 = two.partitionId({"A.orders", 0});
    const uint32_t a = two.groupId("a"), b = two.groupId("b");
    offset = 0;
    for (int64_t t = 1'000; t < 60'000; t += 10'000) {
        two.checkpoints.push_back({{offset++, t, t}, a, remote2, 5, 5, 0, ""});
        two.checkpoints.push_back({{offset++, t + 4'000, t + 4'000}, b, remote2, 5, 5, 0, ""});
    }
    QCOMPARE(observedCheckpointCadence(two, 60'000)->intervalMs, int64_t{10'000});
}

void Reports::replayInTimeAtTheGroupsPace()
{
    // app-1 committed 100 at 0 s, 120 at 2 s ... the pace is measured from the last sample at or
    // before a minute before its last one: 70 s -> 180 at 130 s, from 40 at 60 s (not 0 at -10 s).
    Fixture f;
    Session& o = f.session;
    o.groupOffsets = {{-10'000, ClusterSide::Source, f.app1, f.orders0, 0},
                      {60'000, ClusterSide::Source, f.app1, f.orders0, 40},
                      {100'000, ClusterSide::Source, f.app1, f.orders0, 150},
                      {130'000, ClusterSide::Source, f.app1, f.orders0, 180}};
    o.info.syncGroupOffsets = false;
    Report r = buildReport(o, at(130'000));
    const PartitionReport* row = rowOf(r, "app-1", 0);
    QCOMPARE(row->pace->advanced, int64_t{140});
    QCOMPARE(row->pace->spanMs, int64_t{70'000});
    QCOMPARE(paceTenthsPerSecond(*row->pace), int64_t{20}); // 2.0 offsets/s
    // Replays 79 (from 101 to 180): 79 / 2 per second = 39.5 s.
    QCOMPARE(row->replay.replay, int64_t{79});
    QCOMPARE(row->outcomeTimeMs, std::optional<int64_t>(39'500));
    QCOMPARE(outcomeText(*row), std::string("replays 79 (about 39.5 s)"));
    QCOMPARE(paceText(*row), std::string("2.0 offsets/s over the last 1 min 10 s of readings"));
    QVERIFY(reportJson(r).find("\"time_ms\":39500},\"pace\":{\"advanced\":140,\"span_ms\":70000,"
                               "\"per_second\":2.0},\"pace_unknown_because\":null") != std::string::npos);

    // A stalled group: no progress, so no time, and the reason instead.
    o.groupOffsets.push_back({200'000, ClusterSide::Source, f.app1, f.orders0, 180});
    o.groupOffsets.push_back({230'000, ClusterSide::Source, f.app1, f.orders0, 180});
    r = buildReport(o, at(230'000));
    row = rowOf(r, "app-1", 0);
    QVERIFY(!row->pace && !row->outcomeTimeMs);
    QCOMPARE(row->paceUnknownBecause,
             std::string("the group committed no progress in the last 1 min 40 s of readings"));
    QCOMPARE(outcomeText(*row), std::string("replays 79"));
    // One sample: the checkpoint (150 at 2.5 s) is a reading too, as MM2 read the committed offset
    // then, which a one-shot live read or imported text needs.
    o.groupOffsets = {{130'000, ClusterSide::Source, f.app1, f.orders0, 180}};
    r = buildReport(o, at(130'000));
    row = rowOf(r, "app-1", 0);
    QCOMPARE(paceText(*row), std::string("0.2 offsets/s over the last 2 min 7 s of readings"));
    // Without it, nothing shows a pace.
    o.checkpoints.clear();
    r = buildReport(o, at(130'000));
    row = rowOf(r, "app-1", 0);
    QCOMPARE(
        paceText(*row),
        std::string(
            "unknown (fewer than two readings of the group's committed offset (samples or checkpoints))"));
}

void Reports::paceOfTwoKindsOfReadings()
{
    // Samples and checkpoints, read in place: to the newest of all (80 s), from the newest at or
    // before a minute before it (the checkpoint at 5 s, later than the sample at 0 s).
    const RecentOffsets samples = {{0, 10}, {70'000, 80}};
    const RecentOffsets checkpoints = {{5'000, 20}, {80'000, 90}};
    QCOMPARE(paceOf(samples, checkpoints)->advanced, int64_t{70});
    QCOMPARE(paceOf(samples, checkpoints)->spanMs, int64_t{75'000});
    // Nothing a minute old: from the oldest reading; one reading alone is no pace.
    QCOMPARE(paceOf({{30'000, 40}}, checkpoints)->advanced, int64_t{70});
    QCOMPARE(paceOf({{30'000, 40}}, checkpoints)->spanMs, int64_t{75'000});
    QCOMPARE(paceOf({{30'000, 40}}, {{50'000, 41}})->spanMs, int64_t{20'000});
    QVERIFY(!paceOf({{30'000, 40}}, {}));
}

void Reports::replayBudget()
{
    // The fixture's app-1 replays 79 (granularity 49 + staleness 30) in about 2.6 s.
    Fixture f;
    ReportOptions options = at(4000);
    options.budget.maxRecords = 50;
    Report r = buildReport(f.session, options);
    const PartitionReport* row = rowOf(r, "app-1", 0);
    QCOMPARE(row->verdicts, verdicts({Verdict::OverReplayBudget}));
    QCOMPARE(budgetExcessText(*row->overBudget),
             std::string("79 offsets, 29 over the budget of 50; granularity dominates (49)"));
    QVERIFY(reportText(r).find("over-replay-budget (+29 offsets, granularity)") != std::string::npos);
    QVERIFY(
        reportText(r).find("\nreplay budget: at most 50 offsets of replay per partition: 1 group partition "
                           "over it\n") != std::string::npos);
    QVERIFY(reportJson(r).find("\"over_replay_budget\":{\"unit\":\"offsets\",\"replay\":79,\"budget\":50,"
                               "\"over_by\":29,\"dominant_part\":\"granularity\",\"dominant_offsets\":49}") !=
            std::string::npos);
    // At the budget exactly: within it.
    options.budget.maxRecords = 79;
    QVERIFY(rowOf(buildReport(f.session, options), "app-1", 0)->verdicts.empty());
    // In time: 2,633 ms against 2 s.
    options.budget = {std::nullopt, 2000};
    r = buildReport(f.session, options);
    row = rowOf(r, "app-1", 0);
    QCOMPARE(budgetExcessText(*row->overBudget),
             std::string("about 2.6 s, 0.6 s over the budget of 2.0 s; granularity dominates (49 offsets)"));
    // A replay nobody knows is not within the budget either: undecided, and said so.
    Fixture unexplained(146);
    r = buildReport(unexplained.session, options);
    row = rowOf(r, "app-1", 0);
    QVERIFY(!row->overBudget);
    QCOMPARE(row->budgetUndecidedBecause, std::string("the replay is unknown"));
    QVERIFY(
        reportText(r).find("\nreplay budget: at most 2.0 s of replay per partition: 0 group partitions over "
                           "it, 1 undecided (the replay is unknown)\n") != std::string::npos);
    QVERIFY(reportText(r).find("  ok (budget undecided)\n") != std::string::npos);
    // Without a budget, no row is judged and no note is printed.
    QVERIFY(reportText(buildReport(f.session, at(4000))).find("replay budget") == std::string::npos);
}

void Reports::everyVerdictIsExplained()
{
    for (int v = 0; v <= static_cast<int>(kLastVerdict); ++v)
        QVERIFY(verdictMeaning(static_cast<Verdict>(v)).size() > 40);
}

void Reports::formats()
{
    Fixture f;
    ReportOptions options = at(4000);
    options.groups = {"app-1"};
    const Report report = buildReport(f.session, options);
    QCOMPARE(
        reportJson(report),
        std::string(
            "{\"at_ms\":4000,\"at\":\"1970-01-01T00:00:04.000Z\",\"mm2_release\":\"3.9.0\",\"flow\":\"A->B\","
            "\"source\":\"A\","
            "\"target\":\"B\",\"current\":true,\"as_of_ms\":4000,\"not_current_because\":null,"
            "\"release_warning\":null,\"notes\":[\"checkpoints are stale after 1 min 30 s (1.5 x MM2's "
            "default emit interval, 1 min 0 s, as no MM2 configuration was given and too few checkpoints "
            "show a cadence)\",\"group offsets: the target groups have committed offsets (MM2's "
            "sync.group.offsets is not known here): a failed-over consumer resumes there\"],"
            "\"stale_after_ms\":90000,\"stale_after_from\":\"1.5 x MM2's default emit interval, 1 min 0 s, "
            "as no "
            "MM2 configuration was given and too few checkpoints show a cadence\",\"group_offset_sync\":"
            "\"observed\",\"group_offset_sync_interval_ms\":null,\"syncs_read\":3,\"checkpoints_read\":1,"
            "\"unexplained_checkpoints\":0,\"undecodable_records\":0,\"records_of_other_version\":null,"
            "\"undecodable_by_topic\":{\"offset-syncs\":0,\"checkpoints\":0,\"heartbeats\":0,"
            "\"connect-offsets\":0},"
            "\"clusters\":{\"source\":null,\"target\":null},\"reader_problems\":[],\"offset_syncs_topic\":"
            "null,"
            "\"rows\":[{\"flow\":\"A->B\",\"group\":"
            "\"app-1\",\"topic\":\"orders\",\"partition\":0,\"target_topic\":\"A.orders\",\"committed\":180,"
            "\"committed_at_ms\":4000,\"committed_from\":\"sample\",\"if_checkpointed_now\":{\"result\":97,"
            "\"status\":"
            "\"translated\",\"sync\":{\"upstream\":100,\"downstream\":96}},\"checkpoint\":{\"upstream\":150,"
            "\"downstream\":97,\"emitted_at_ms\":2500,\"age_ms\":1500,\"sync\":{\"upstream\":100,"
            "\"downstream\":96},\"explained\":true,\"held\":true,\"held_because\":\"monotonic-filter\"},"
            "\"resume_offset\":97,\"resume_from\":"
            "\"synced-group-"
            "offset\","
            "\"no_resume_reason\":null,\"replay\":{\"outcome\":\"replay\",\"replay\":79,\"skip\":0,"
            "\"granularity\":49,\"group_sync\":0,\"staleness\":30,\"cadence\":0,\"overshoot\":0,\"rewind\":0,"
            "\"upstream_equivalent\":101,\"source_from\":101,\"source_to\":180,\"unknown_because\":null,"
            "\"time_ms\":2633},\"pace\":{\"advanced\":"
            "60,"
            "\"span_ms\":2000,\"per_second\":30.0},\"pace_unknown_because\":null,\"target_committed\":97,"
            "\"source_start\":0,\"source_end\":250,\"replication\":null,\"replication_unknown_because\":"
            "\"the session holds no replication positions: it was recorded before driftscope read MM2's "
            "Connect offsets topic, or imported from text\","
            "\"target_end\":240,\"health\":[],\"evidence\":{},\"over_replay_budget\":null,\"budget_undecided_"
            "because\":null}]"
            "}"));
    QCOMPARE(reportCsv(report),
             std::string(
                 "flow,group,topic,partition,target_topic,committed,committed_from,if_checkpointed_now,"
                 "if_checkpointed_now_status,checkpoint_upstream,checkpoint_downstream,"
                 "checkpoint_emitted_at_ms,checkpoint_age_ms,checkpoint_held_because,resume_offset,"
                 "resume_from,no_resume_reason,outcome,replay,skip,granularity,group_sync,staleness,"
                 "cadence,overshoot,rewind,upstream_equivalent,replay_unknown_because,outcome_time_ms,"
                 "pace_per_second,pace_unknown_because,target_committed,source_end,target_end,health,"
                 "over_replay_budget,budget_undecided_because,source_from,source_to\n"
                 "A->B,app-1,orders,0,A.orders,180,sample,97,translated,150,97,2500,1500,monotonic-filter,97,"
                 "synced-group-offset,,replay,79,0,49,0,30,0,0,0,101,,2633,30.0,,97,250,240,ok,,,101,180\n"));
    QCOMPARE(
        reportText(report),
        std::string(
            "driftscope report at 1970-01-01T00:00:04.000Z: MM2 3.9.0 rules, A -> B\n"
            "3 offset syncs and 1 checkpoints by then, 0 undecodable records\n"
            "checkpoints are stale after 1 min 30 s (1.5 x MM2's default emit interval, 1 min 0 s, as no "
            "MM2 configuration was given and too few checkpoints show a cadence)\n"
            "group offsets: the target groups have committed offsets (MM2's sync.group.offsets is not "
            "known here): a failed-over consumer resumes there\n"
            "GROUP  PARTITION  COMMITTED  IF CHECKPOINTED NOW  CHECKPOINT U -> D  AGE    RESUME OFFSET  "
            "OUTCOME                   SOURCE [FROM, TO)  = GRAN  + GROUP SYNC  + STALE  + CADENCE  HEALTH\n"
            "app-1  orders-0   180        97                   150 -> 97          1.5 s  97 (synced)    "
            "replays 79 (about 2.6 s)  [101, 180)         49      0             30       0          ok\n"
            "(about T) the time the replay or skip represents at the group's pace: how far its committed "
            "offset moved over the last 1 min 0 s of readings (samples and checkpoints; JSON pace)\n"));
    // On a terminal the resume offset is the one number in bold.
    QVERIFY(reportText(report, TextStyle::Terminal).find("1.5 s  \x1b[1m97 (synced)\x1b[0m    replays 79") !=
            std::string::npos);

    // Verdicts are listed with ';' in CSV and as an array in JSON.
    Fixture g;
    ReportOptions two = at(4000);
    two.groups = {"app-3"};
    const Report r3 = buildReport(g.session, two);
    QVERIFY(reportCsv(r3).find(",no-sync,,,,\n") != std::string::npos);
    QVERIFY(reportJson(r3).find("\"health\":[\"no-sync\"]") != std::string::npos);
}

// KAFKA-20659 (4.4.0): a checkpoint or heartbeat of a value version other than 0 makes MM2 4.4
// throw; earlier releases read it as version 0, as driftscope decodes it.
void Reports::recordsOfAnotherVersion()
{
    Fixture f;
    const ObservedCheckpoint version3{{1, 2600, 2600}, f.app2, f.remote0, 100, 96, 3, ""};
    f.session.checkpoints.push_back(version3);
    f.session.heartbeats = {{{0, 1500, 1500}, {"A", "B", 1500, 0}},
                            {{1, 2200, 2200}, {"A", "B", 2200, 1}},
                            {{2, 5000, 5000}, {"A", "B", 5000, 1}}}; // after the report's time
    const auto hasNote = [](const Report& report, const std::string& note) {
        const std::vector<std::string> notes = reportNotes(report);
        return std::find(notes.begin(), notes.end(), note) != notes.end();
    };
    const std::string counted =
        "note: 1 checkpoint and 1 heartbeat records carry a value version other than 0 "
        "(the first: version 1, stamped 1970-01-01T00:00:02.200Z): ";
    const Report before = buildReport(f.session, at(4000, "4.3.2"));
    QCOMPARE(before.otherVersion.checkpoints, size_t(1));
    QCOMPARE(before.otherVersion.heartbeats, size_t(1));
    QVERIFY(hasNote(before, counted +
                                "MM2 4.3.2 reads them as version 0, as driftscope shows them; from 4.4.0 "
                                "MM2 refuses them (KAFKA-20659)"));
    // The checkpoint of version 3 is read as version 0: app-2 resumes from it.
    QCOMPARE(rowOf(before, "app-2", 0)->checkpoint->downstream, int64_t(96));

    const Report from44 = buildReport(f.session, at(4000, "4.4.0"));
    const std::string json = reportJson(from44);
    QVERIFY2(json.find("\"records_of_other_version\":{\"checkpoints\":1,\"heartbeats\":1,\"first_version\":1,"
                       "\"first_stamped_at\":\"1970-01-01T00:00:02.200Z\",\"mm2_fails_on_them\":true}") !=
                 std::string::npos,
             json.c_str());
    const std::string refused = "MM2 4.4.0 refuses them (KAFKA-20659: UnsupportedVersionException), where "
                                "earlier releases read them as version 0, as driftscope shows them";
    const std::string checkpointTask =
        "; a checkpoint task that starts fails to load its stored checkpoints and starts as 3.7.0 did, "
        "without "
        "them and with its sync store rebuilt without history (driftscope assumes restored checkpoints "
        "unless "
        "told --checkpoints-restored no), and MirrorClient.remoteConsumerOffsets "
        "(RemoteClusterUtils.translateOffsets) throws";
    const std::string heartbeats =
        "; MM2 copies heartbeats as bytes, so only readers that decode them (its HeartbeatFormatter) fail";
    const std::string text = reportText(from44, TextStyle::Plain);
    QVERIFY2(text.find(counted + refused + checkpointTask + heartbeats + "\n") != std::string::npos,
             text.c_str());
    // Heartbeats alone: nothing about the checkpoint task.
    f.session.checkpoints.pop_back();
    QVERIFY(
        hasNote(buildReport(f.session, at(4000, "4.4.0")),
                "note: 0 checkpoint and 1 heartbeat records carry a value version other than 0 (the first: "
                "version 1, stamped 1970-01-01T00:00:02.200Z): " +
                    refused + heartbeats));
    // Records imported without times say so, not 1970.
    f.session.checkpoints.push_back({{2, 0, 0}, f.app3, f.remote0, 5, 5, 7, ""});
    const Report untimed = buildReport(f.session, at(4000, "4.3.2"));
    QVERIFY(hasNote(untimed,
                    "note: 1 checkpoint and 1 heartbeat records carry a value version other than 0 (the "
                    "first: version 7, its record time unknown): MM2 4.3.2 reads them as version 0, as "
                    "driftscope shows them; from 4.4.0 MM2 refuses them (KAFKA-20659)"));
    QVERIFY(reportJson(untimed).find("\"first_version\":7,\"first_stamped_at\":null") != std::string::npos);
    f.session.checkpoints.pop_back();
    // Before the checkpoint of version 3 was read, only the heartbeat counts.
    f.session.checkpoints.push_back(version3);
    QCOMPARE(buildReport(f.session, at(2550, "4.4.0")).otherVersion.checkpoints, size_t(0));
    QCOMPARE(buildReport(f.session, at(2550, "4.4.0")).otherVersion.heartbeats, size_t(1));
}

// Reader events carry a cluster's state by name into captures and exports: the names of the
// enum are that text, and read back to the same state.
void Reports::clusterStatesKeepTheirNames()
{
    const std::vector<std::pair<ClusterState, std::string>> names = {
        {ClusterState::Connecting, "connecting"},
        {ClusterState::Connected, "connected"},
        {ClusterState::Unreachable, "unreachable"},
        {ClusterState::Failed, "failed"},
        {ClusterState::Stopped, "stopped"}};
    for (const auto& [state, name] : names) {
        QCOMPARE(std::string(clusterStateName(state)), name);
        QCOMPARE(parseClusterState(name), std::optional<ClusterState>(state));
    }
    QCOMPARE(parseClusterState("topic-missing"), std::optional<ClusterState>());
}

void Reports::readerProblemsReachEveryForm()
{
    Fixture f;
    Session& o = f.session;
    const auto bad = [](InternalTopic topic, int64_t offset, int64_t timestamp) {
        return UndecodableRecord{topic,        0,        {offset, timestamp, timestamp},
                                 std::nullopt, Bytes{0}, "null key"};
    };
    o.undecodable = {bad(InternalTopic::OffsetSyncs, 3, 1000), bad(InternalTopic::OffsetSyncs, 7, 2000),
                     bad(InternalTopic::Checkpoints, 1, 3500), bad(InternalTopic::Heartbeats, 9, 4500)};
    const std::string refused = "log offsets request failed: Broker: Topic authorization failed";
    o.events = {
        {100, std::nullopt, "started", "reading A -> B"},
        {500, ClusterSide::Source, "connected", "A (source) connected"},
        {600, ClusterSide::Target, "connected", "B (target) connected"},
        {1500, ClusterSide::Source, "unreachable", "A (source) unreachable: down"},
        {1600, ClusterSide::Target, "sample-failed", refused},
        {1700, ClusterSide::Target, "sample-failed", refused}, // a reader that repeated itself
        {2500, ClusterSide::Source, "connected", "A (source) connected"},
        {3000, ClusterSide::Target, "topic-unreadable", "A.checkpoints.internal cannot be read: " + refused},
        {3100, ClusterSide::Target, "topic-found", "A.checkpoints.internal: reading 1 records of history"},
        {3200, ClusterSide::Target, "unreachable", "B (target) unreachable: down"},
        {5000, ClusterSide::Target, "fetch-error", "after the moment reported"}};
    ReportOptions options = at(4000);
    options.groups = {"app-1"};
    const Report report = buildReport(o, options);
    QCOMPARE(report.undecodableRecords, size_t{3}); // the heartbeat's came later
    QCOMPARE(report.reader.undecodable, (std::array<size_t, 4>{2, 1, 0, 0}));
    QCOMPARE(report.reader.sourceState, std::optional<ClusterState>(ClusterState::Connected));
    QCOMPARE(report.reader.targetState, std::optional<ClusterState>(ClusterState::Unreachable));
    QCOMPARE(report.reader.problems.size(), size_t{4});
    const ReaderProblem& samples = report.reader.problems[1];
    QCOMPARE(samples.state, std::string("sample-failed"));
    QCOMPARE(samples.count, size_t{2});
    QCOMPARE(samples.firstAtMs, int64_t{1600});
    QCOMPARE(samples.lastAtMs, int64_t{1700});

    const std::string json = reportJson(report);
    const std::string reader =
        "\"undecodable_records\":3,\"records_of_other_version\":null,\"undecodable_by_topic\":{\"offset-"
        "syncs\":2,\"checkpoints\":1,"
        "\"heartbeats\":0,\"connect-offsets\":0},\"clusters\":{\"source\":\"connected\",\"target\":"
        "\"unreachable\"},"
        "\"reader_problems\":["
        "{\"cluster\":\"source\",\"state\":\"unreachable\",\"message\":\"A (source) unreachable: down\","
        "\"count\":1,\"first_at_ms\":1500,\"last_at_ms\":1500},"
        "{\"cluster\":\"target\",\"state\":\"sample-failed\",\"message\":\"" +
        refused +
        "\",\"count\":2,\"first_at_ms\":1600,\"last_at_ms\":1700},"
        "{\"cluster\":\"target\",\"state\":\"topic-unreadable\",\"message\":\"A.checkpoints.internal cannot "
        "be read: " +
        refused +
        "\",\"count\":1,\"first_at_ms\":3000,\"last_at_ms\":3000},"
        "{\"cluster\":\"target\",\"state\":\"unreachable\",\"message\":\"B (target) unreachable: down\","
        "\"count\":1,\"first_at_ms\":3200,\"last_at_ms\":3200}],\"offset_syncs_topic\":null,\"rows\":[";
    QVERIFY2(json.find(reader) != std::string::npos, json.c_str());

    QCOMPARE(report.staleBecause,
             std::string("target unreachable since 1970-01-01T00:00:03.200Z (B (target) unreachable: down)"));
    QCOMPARE(report.asOfMs, int64_t{3200});
    const std::vector<std::string> lines = {
        "NOT CURRENT: target unreachable since 1970-01-01T00:00:03.200Z (B (target) unreachable: down); the "
        "rows "
        "hold as of 1970-01-01T00:00:03.200Z",
        "reader: the target cluster was unreachable at the time",
        "reader: source unreachable: A (source) unreachable: down (at 1970-01-01T00:00:01.500Z)",
        "reader: target sample-failed: " + refused + " (2 times, last at 1970-01-01T00:00:01.700Z)",
        "reader: target topic-unreadable: A.checkpoints.internal cannot be read: " + refused +
            " (at 1970-01-01T00:00:03.000Z)",
        "reader: target unreachable: B (target) unreachable: down (at 1970-01-01T00:00:03.200Z)"};
    QCOMPARE(readerProblemLines(report), lines);
    std::string expectedHead =
        "driftscope report at 1970-01-01T00:00:04.000Z: MM2 3.9.0 rules, A -> B\n"
        "3 offset syncs and 1 checkpoints by then, 3 undecodable records (2 offset "
        "syncs, 1 checkpoints, 0 heartbeats)\n"
        "checkpoints are stale after 1 min 30 s (1.5 x MM2's default emit interval, 1 min 0 s, as no MM2 "
        "configuration was given and too few checkpoints show a cadence)\n"
        "group offsets: the target groups have committed offsets (MM2's sync.group.offsets is not known "
        "here): "
        "a failed-over consumer resumes there\n";
    for (const std::string& line : lines)
        expectedHead += line + "\n";
    QVERIFY2(reportText(report).starts_with(expectedHead), reportText(report).c_str());
    // CSV keeps one line per row: the CLI puts the lines above on stderr.
    QCOMPARE(reportCsv(report), reportCsv(buildReport(Fixture().session, options)));
}

void Reports::textHelpers()
{
    QCOMPARE(formatUtcMs(0), std::string("1970-01-01T00:00:00.000Z"));
    QCOMPARE(formatUtcMs(1'764'400'000'123), std::string("2025-11-29T07:06:40.123Z"));
    QCOMPARE(formatUtcMs(-1), std::string("1969-12-31T23:59:59.999Z"));
    QCOMPARE(formatUtcMs(951'782'400'000), std::string("2000-02-29T00:00:00.000Z"));
    QCOMPARE(formatDurationMs(4200), std::string("4.2 s"));
    QCOMPARE(formatDurationMs(125'000), std::string("2 min 5 s"));
    QCOMPARE(formatDurationMs(7'380'000), std::string("2 h 3 min"));
    QCOMPARE(formatDurationMs(-1500), std::string("-1.5 s"));
    QCOMPARE(formatDurationMs(90'061'000), std::string("1 d 1 h"));
    QCOMPARE(csvField("plain"), std::string("plain"));
    QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
    QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
    QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
    TextTable table;
    table.addRow({"A", "BB", ""});
    table.addRow({"ünï", "c", "d"});
    QCOMPARE(table.str(), std::string("A    BB\nünï  c   d"));
}

QTEST_APPLESS_MAIN(Reports)
#include "tst_report.moc"
