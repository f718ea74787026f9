// The integrity verdicts: a source or target log that went back, a group-offset sync that does
// not happen, a group the flow's filter excludes, an offset-syncs topic that deletes syncs. Each holds
// exactly while the samples prove it, with its evidence in words, and reaches the text, the JSON and the
// failover plan.
#include "model/analysis/failover_plan.h"
#include "model/analysis/health_report.h"
#include "model/analysis/report_format.h"
#include "model/analysis/verdict_spans.h"
#include "model/mm2/name_filter.h"
#include "model/session/reader_problems.h"
#include "model/session/sample_state.h"
#include "model/session/session_info_fields.h"
#include "model/session/topic_configs.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

namespace {

// orders-0 replicated A -> B: syncs (10,10) (100,96) (200,190); app-1's checkpoint 150 -> 97 of
// 2.5 s. Log samples are each test's own.
struct Flow {
    Session session;
    uint32_t orders0, remote0, app1;

    Flow()
    {
        Session& o = session;
        orders0 = o.partitionId({"orders", 0});
        remote0 = o.partitionId({"A.orders", 0});
        app1 = o.groupId("app-1");
        o.syncs = {{{0, 1000, 1000}, orders0, 10, 10},
                   {{1, 2000, 2000}, orders0, 100, 96},
                   {{2, 3000, 3000}, orders0, 200, 190}};
        o.checkpoints = {{{0, 2500, 2500}, app1, remote0, 150, 97, 0, ""}};
        o.groupOffsets = {{2000, ClusterSide::Source, app1, orders0, 120},
                          {4000, ClusterSide::Source, app1, orders0, 150}};
    }

    void log(int64_t atMs, ClusterSide side, int64_t end)
    {
        session.logOffsets.push_back({atMs, side, side == ClusterSide::Source ? orders0 : remote0, 0, end});
    }

    PartitionReport row(int64_t atMs, const std::string& group = "app-1") const
    {
        ReportOptions options;
        options.atMs = atMs;
        options.state.release = parseRelease("3.9.0").value();
        const Report report = buildReport(session, options);
        for (const PartitionReport& r : report.rows)
            if (r.group == group)
                return r;
        return {};
    }

    Report report(int64_t atMs) const
    {
        ReportOptions options;
        options.atMs = atMs;
        options.state.release = parseRelease("3.9.0").value();
        return buildReport(session, options);
    }
};

// MM2's source connector committed `offset` as orders-0's position at `atMs`.
void position(Flow& f, int64_t atMs, int64_t offset)
{
    const auto topicOffset = static_cast<int64_t>(f.session.positions.size());
    f.session.positions.push_back({{topicOffset, atMs, atMs + 100}, f.orders0, offset});
}

void sourceLog(Flow& f, int64_t atMs, int64_t start, int64_t end)
{
    f.session.logOffsets.push_back({atMs, ClusterSide::Source, f.orders0, start, end});
}

std::vector<Verdict> verdicts(std::initializer_list<Verdict> list)
{
    return list;
}

} // namespace

class Integrity : public QObject {
    Q_OBJECT
private slots:
    void sourceLogThatWentBack();
    void checkpointPastTheSourceEnd();
    void targetLogThatWentBack();
    void groupOffsetSyncThatDoesNotHappen();
    void groupTheFilterExcludes();
    void groupTheListingLeavesOut();
    void groupFilterRoundTrips();
    void topicMm2TreatsAsACycle();
    void evidenceReachesEveryForm();
    void onlyTheLogEndCounts();
    void spansOfVerdictsOverTime();
    void offsetSyncsTopicThatDeletesSyncs();
    void topicConfigsRoundTrip();
    void sourceRecordsLostBeforeReplication();
    void positionsThatCoverTheLogStart();
    void whyTheReplicationPositionIsUnknown();
};

void Integrity::sourceLogThatWentBack()
{
    Flow f;
    f.log(2000, ClusterSide::Source, 250);
    f.log(4000, ClusterSide::Source, 30);
    f.log(4000, ClusterSide::Target, 240);
    PartitionReport row = f.row(4000);
    QCOMPARE(row.verdicts, verdicts({Verdict::SourceTopicRecreated}));
    QCOMPARE(evidenceOf(row, Verdict::SourceTopicRecreated),
             std::string("the source log end went back from 250 (sampled 1970-01-01T00:00:02.000Z) to 30 "
                         "(sampled 1970-01-01T00:00:04.000Z), and the checkpoint in force is from before"));
    // Before the sample that went back, nothing is proven.
    QCOMPARE(f.row(3500).verdicts, verdicts({}));

    // MM2 checkpoints again after the rewind: the rewind no longer speaks for it, but the source
    // still lacks record 200, which MM2 had replicated.
    f.session.checkpoints.push_back({{1, 5000, 5000}, f.app1, f.remote0, 150, 97, 0, ""});
    row = f.row(5000);
    QCOMPARE(row.verdicts, verdicts({Verdict::SourceTopicRecreated}));
    QCOMPARE(
        evidenceOf(row, Verdict::SourceTopicRecreated),
        std::string("the source log end is 30 (sampled 1970-01-01T00:00:04.000Z), but MM2 replicated the "
                    "record at 200 before (offset sync 200 -> 190)"));
    // The new topic grows past every offset MM2 knew: nothing is proven any more.
    f.log(6000, ClusterSide::Source, 260);
    QCOMPARE(f.row(6000).verdicts, verdicts({}));
}

void Integrity::checkpointPastTheSourceEnd()
{
    Flow f;
    f.session.syncs.pop_back(); // the newest sync is 100 -> 96: below the end
    f.log(4000, ClusterSide::Source, 120);
    const PartitionReport row = f.row(4000);
    QCOMPARE(row.verdicts, verdicts({Verdict::SourceTopicRecreated}));
    QCOMPARE(
        evidenceOf(row, Verdict::SourceTopicRecreated),
        std::string("the source log end is 120 (sampled 1970-01-01T00:00:04.000Z), below the offset 150 the "
                    "group had committed when MM2 emitted the checkpoint in force"));
    // A sample taken before MM2 emitted the checkpoint proves nothing about it.
    Flow early;
    early.session.syncs.pop_back();
    early.log(2400, ClusterSide::Source, 120);
    QCOMPARE(early.row(4000).verdicts, verdicts({}));
}

void Integrity::targetLogThatWentBack()
{
    Flow f;
    f.log(4000, ClusterSide::Source, 250);
    f.log(2000, ClusterSide::Target, 240);
    f.log(4000, ClusterSide::Target, 5);
    const Report report = f.report(4000);
    const PartitionReport& row = report.rows.at(0);
    QCOMPARE(row.verdicts, verdicts({Verdict::BeyondTargetEnd, Verdict::TargetTruncated}));
    const std::string evidence = "the target log end went back from 240 (sampled 1970-01-01T00:00:02.000Z) "
                                 "to 5 (sampled 1970-01-01T00:00:04.000Z), and the checkpoint in force is "
                                 "from before";
    QCOMPARE(evidenceOf(row, Verdict::TargetTruncated), evidence);
    // The plan resets no group there: 97 was translated on records the target no longer holds.
    const FailoverPlan plan = planFailover(report);
    QCOMPARE(plan.groups.at(0).resets.size(), size_t{0});
    const LeftOut& out = plan.groups.at(0).leftOut.at(0);
    QCOMPARE(out.reason, std::string("target truncated"));
    QCOMPARE(out.advice.substr(0, evidence.size() + 2), evidence + "; ");

    // Without a rewind between samples: a target end at or below a sync's downstream offset.
    Flow g;
    g.log(4000, ClusterSide::Target, 190);
    const PartitionReport lacking = g.row(4000);
    QCOMPARE(
        evidenceOf(lacking, Verdict::TargetTruncated),
        std::string("the target log end is 190 (sampled 1970-01-01T00:00:04.000Z), but MM2 wrote the record "
                    "at 190 there before (offset sync 200 -> 190)"));
    Flow h;
    h.log(4000, ClusterSide::Target, 191);
    QCOMPARE(h.row(4000).verdicts, verdicts({}));
}

void Integrity::groupOffsetSyncThatDoesNotHappen()
{
    Flow f;
    f.session.info.syncGroupOffsets = true;
    f.session.info.syncGroupOffsetsIntervalMs = 1000;
    // Two intervals after the checkpoint (2.5 s + 2 s), the target group still holds 10.
    f.session.groupOffsets.push_back({4000, ClusterSide::Target, f.app1, f.remote0, 10});
    QCOMPARE(f.row(4000).verdicts, verdicts({}));
    f.session.groupOffsets.push_back({4500, ClusterSide::Target, f.app1, f.remote0, 10});
    const PartitionReport row = f.row(4500);
    QCOMPARE(row.verdicts, verdicts({Verdict::GroupOffsetSyncBlocked}));
    QCOMPARE(evidenceOf(row, Verdict::GroupOffsetSyncBlocked),
             std::string(
                 "the target group's committed offset was 10 at 1970-01-01T00:00:04.500Z, below 97, the "
                 "downstream offset of the checkpoint MM2 emitted at 1970-01-01T00:00:02.500Z, more than "
                 "two sync.group.offsets intervals (1.0 s each) before: MM2 commits to a target group only "
                 "while it has no active members (and only forward), so members on the target, or an MM2 "
                 "that may not write the group, hold it there"));
    // A busy group: MM2 checkpoints again (150 -> 97 at 4.4 s), but what it emitted at 2.5 s is
    // due by 4.5 s whatever came since.
    Flow busy;
    busy.session.info.syncGroupOffsets = true;
    busy.session.info.syncGroupOffsetsIntervalMs = 1000;
    busy.session.checkpoints.push_back({{1, 4400, 4400}, busy.app1, busy.remote0, 150, 97, 0, ""});
    busy.session.groupOffsets.push_back({4500, ClusterSide::Target, busy.app1, busy.remote0, 10});
    QCOMPARE(busy.row(4500).verdicts, verdicts({Verdict::GroupOffsetSyncBlocked}));
    // MM2 committed it: healthy again. A target group with no offset at all is blocked too.
    f.session.groupOffsets.push_back({5000, ClusterSide::Target, f.app1, f.remote0, 97});
    QCOMPARE(f.row(5000).verdicts, verdicts({}));
    f.session.groupOffsets.push_back(
        {5500, ClusterSide::Target, f.app1, f.remote0, GroupOffsetSample::kNoOffset});
    QCOMPARE(evidenceOf(f.row(5500), Verdict::GroupOffsetSyncBlocked).substr(0, 50),
             std::string("the target group's committed offset was none at 19"));
    // A flow that does not sync group offsets (or one not known to) is never blocked.
    f.session.info.syncGroupOffsets = false;
    QCOMPARE(f.row(4500).verdicts, verdicts({}));
    f.session.info.syncGroupOffsets.reset();
    QCOMPARE(f.row(4500).verdicts, verdicts({}));
}

void Integrity::groupTheFilterExcludes()
{
    Flow f;
    const uint32_t connect = f.session.groupId("connect-orders");
    const uint32_t billing = f.session.groupId("billing");
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, connect, f.orders0, 150});
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, billing, f.orders0, 150});
    // Without the flow's filter (bootstrap servers alone), nothing says MM2 excludes a group.
    QCOMPARE(f.row(4000, "connect-orders").verdicts, verdicts({Verdict::NoCheckpoint}));

    f.session.info.groupsInclude = std::vector<std::string>{".*"};
    f.session.info.groupsExclude = defaultGroupsExclude();
    PartitionReport row = f.row(4000, "connect-orders");
    QCOMPARE(row.verdicts, verdicts({Verdict::NeverCheckpointed}));
    QCOMPARE(
        evidenceOf(row, Verdict::NeverCheckpointed),
        std::string("the flow's groups.exclude = 'console-consumer-.*, connect-.*, __.*' excludes it: MM2 "
                    "lists none of its offsets and never emits a checkpoint for it"));
    QCOMPARE(row.noResumeReason, std::string("no checkpoint"));
    QCOMPARE(f.row(4000, "billing").verdicts, verdicts({Verdict::NoCheckpoint}));

    f.session.info.groupsInclude = std::vector<std::string>{"app-.*", "audit"};
    QCOMPARE(
        evidenceOf(f.row(4000, "billing"), Verdict::NeverCheckpointed),
        std::string("the flow's groups = 'app-.*, audit' does not include it: MM2 lists none of its offsets "
                    "and never emits a checkpoint for it"));
    // A group with a checkpoint is one MM2 translates (the filter may have changed since).
    QCOMPARE(f.row(4000, "app-1").verdicts, verdicts({}));
}

// A topic MM2 refuses as a replication cycle gets no syncs, so its groups are never checkpointed
// on it: a hop from the target under every release, and from 4.4.0 (KAFKA-9914) a hop from the
// flow's own source alias A, unless the policy is IdentityReplicationPolicy.
void Integrity::topicMm2TreatsAsACycle()
{
    Flow f;
    const uint32_t billing = f.session.groupId("billing");
    const uint32_t ownSource = f.session.partitionId({"A.payments", 0});
    const uint32_t fromTarget = f.session.partitionId({"B.payments", 0});
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, billing, ownSource, 150});
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, billing, fromTarget, 150});
    f.session.info.emitIntervalConfigured = true; // the flow's configuration is known
    const auto rowsAt = [&](const char* release) {
        ReportOptions options;
        options.atMs = 4000;
        options.state.release = parseRelease(release).value();
        std::map<std::string, PartitionReport> rows;
        for (const PartitionReport& r : buildReport(f.session, options).rows)
            if (r.group == "billing")
                rows[r.upstream.topic] = r;
        return rows;
    };
    auto rows = rowsAt("4.3.2");
    QCOMPARE(rows["A.payments"].verdicts, verdicts({Verdict::NoSync}));
    QCOMPARE(rows["B.payments"].verdicts, verdicts({Verdict::NeverCheckpointed}));
    QCOMPARE(
        evidenceOf(rows["B.payments"], Verdict::NeverCheckpointed),
        std::string("MM2 4.3.2 does not mirror topic B.payments: its name says it came from B, the flow's "
                    "target cluster: MirrorSourceConnector refuses it as a replication cycle; it writes no "
                    "offset syncs for it and never emits a checkpoint for it"));
    rows = rowsAt("4.4.0");
    QCOMPARE(rows["A.payments"].verdicts, verdicts({Verdict::NeverCheckpointed}));
    QCOMPARE(
        evidenceOf(rows["A.payments"], Verdict::NeverCheckpointed),
        std::string("MM2 4.4.0 does not mirror topic A.payments: its name says it came from A, the flow's "
                    "own source cluster: from 4.4.0 MirrorSourceConnector refuses it as a replication cycle "
                    "(KAFKA-9914; 4.3.x and earlier mirror it); it writes no offset syncs for it and never "
                    "emits a checkpoint for it"));
    QCOMPARE(rows["B.payments"].verdicts, verdicts({Verdict::NeverCheckpointed}));
    // Without the flow's configuration the policy is a guess: nothing is judged.
    f.session.info.emitIntervalConfigured = false;
    rows = rowsAt("4.4.0");
    QCOMPARE(rows["A.payments"].verdicts, verdicts({Verdict::NoSync}));
    QCOMPARE(rows["B.payments"].verdicts, verdicts({Verdict::NoSync}));
    f.session.info.emitIntervalConfigured = true;
    f.session.info.policy.kind = ReplicationPolicy::Kind::Identity;
    f.session.info.policy.identitySourceAlias = "A";
    rows = rowsAt("4.4.0");
    QCOMPARE(rows["A.payments"].verdicts, verdicts({Verdict::NoSync}));
    QCOMPARE(rows["B.payments"].verdicts, verdicts({Verdict::NoSync}));
}

// A group whose committed offsets the source's listing leaves out (a streams group: librdkafka,
// as MM2, lists classic and consumer groups alone) is never checkpointed, from the reader's event
// on; a checkpoint, had MM2 written one, would stand instead.
void Integrity::groupTheListingLeavesOut()
{
    Flow f;
    const uint32_t app = f.session.groupId("wordcount");
    f.session.groupOffsets.push_back({3000, ClusterSide::Source, app, f.orders0, 150});
    f.session.events.push_back({3500, ClusterSide::Source,
                                std::string(readerEventName(ReaderEventState::GroupNotListed)),
                                groupNotListedMessage("wordcount")});
    const auto rowAt = [&](int64_t atMs) {
        ReportOptions options;
        options.atMs = atMs;
        options.state.release = parseRelease("4.3.1").value();
        for (const PartitionReport& r : buildReport(f.session, options).rows)
            if (r.group == "wordcount")
                return r;
        return PartitionReport{};
    };
    QCOMPARE(rowAt(3400).verdicts, verdicts({Verdict::NoCheckpoint}));
    const PartitionReport row = rowAt(4000);
    QCOMPARE(row.verdicts, verdicts({Verdict::NeverCheckpointed}));
    QCOMPARE(evidenceOf(row, Verdict::NeverCheckpointed),
             std::string("wordcount: has committed offsets on the source, but the source's group listing "
                         "leaves it out. MM2 lists the same groups (classic and consumer groups) and "
                         "checkpoints only those, so it never checkpoints this one: a streams group "
                         "(KIP-1071), say, which commits offsets but is listed as another type"));
    // Another group's event says nothing of this one.
    f.session.events.back().message = groupNotListedMessage("wordcount-2");
    QCOMPARE(rowAt(4000).verdicts, verdicts({Verdict::NoCheckpoint}));
}

void Integrity::groupFilterRoundTrips()
{
    SessionInfo info;
    info.groupsInclude = std::vector<std::string>{"app-.*", "audit"};
    info.groupsExclude = std::vector<std::string>{};
    std::map<std::string, std::string> stored;
    for (const InfoField& field : sessionInfoFields())
        if (const auto value = sessionInfoValue(info, field))
            stored[field.key] = *value;
    QCOMPARE(stored.at("groups"), std::string("app-.*, audit"));
    QCOMPARE(stored.at("groups_exclude"), std::string(""));
    SessionInfo back;
    QVERIFY(!readSessionInfo(
        [&](const InfoField& field) -> std::optional<std::string> {
            const auto it = stored.find(field.key);
            return it == stored.end() ? std::nullopt : std::optional<std::string>(it->second);
        },
        back));
    QCOMPARE(back.groupsInclude, info.groupsInclude);
    QCOMPARE(back.groupsExclude, info.groupsExclude);
    // Files written before the fields existed: the filter is not known.
    stored.erase("groups");
    stored.erase("groups_exclude");
    SessionInfo old;
    QVERIFY(!readSessionInfo(
        [&](const InfoField& field) -> std::optional<std::string> {
            const auto it = stored.find(field.key);
            return it == stored.end() ? std::nullopt : std::optional<std::string>(it->second);
        },
        old));
    QVERIFY(!old.groupsInclude && !old.groupsExclude);
}

void Integrity::evidenceReachesEveryForm()
{
    Flow f;
    f.log(2000, ClusterSide::Source, 250);
    f.log(4000, ClusterSide::Source, 30);
    const Report report = f.report(4000);
    const std::string json = reportJson(report);
    QVERIFY(json.find("\"health\":[\"source-topic-recreated\"],\"evidence\":{\"source-topic-recreated\":"
                      "\"the source log end went back from 250") != std::string::npos);
    const std::string text = reportText(report);
    QVERIFY(text.find("\nsource-topic-recreated (app-1, orders-0): the source log end went back from 250") !=
            std::string::npos);
    QVERIFY(text.find("source-topic-recreated: the source partition lost records") != std::string::npos);
    // A healthy row carries an empty evidence object.
    Flow healthy;
    QVERIFY(reportJson(healthy.report(4000)).find("\"health\":[],\"evidence\":{}") != std::string::npos);
}

void Integrity::onlyTheLogEndCounts()
{
    // A leader change can move the log start back (replicas delete segments on their own): no
    // verdict.
    Flow f;
    f.session.logOffsets.push_back({2000, ClusterSide::Source, f.orders0, 40, 250});
    f.session.logOffsets.push_back({4000, ClusterSide::Source, f.orders0, 20, 260});
    QCOMPARE(f.row(4000).verdicts, verdicts({}));
    SampleState samples(f.session);
    samples.advanceTo(4000);
    QVERIFY(!samples.lastRewind(ClusterSide::Source, f.orders0));
    // Samples are taken in time order, whatever order they were read in: one that arrived late
    // between the two still shows the end going back.
    f.session.logOffsets.push_back({3000, ClusterSide::Source, f.orders0, 0, 230});
    SampleState again(f.session);
    again.advanceTo(4000);
    const auto rewind = again.lastRewind(ClusterSide::Source, f.orders0);
    QVERIFY(rewind);
    QCOMPARE(rewind->before.sampledAtMs, int64_t{2000});
    QCOMPARE(rewind->after.end, int64_t{230});
}

void Integrity::spansOfVerdictsOverTime()
{
    // The source end went back at 4 s; MM2 checkpointed again at 5 s, and the source lacks record
    // 200 until it grew past it at 6 s. No sample before 2 s: MM2's first checkpoint is stamped at 2.5 s.
    Flow f;
    f.log(2000, ClusterSide::Source, 250);
    f.log(4000, ClusterSide::Source, 30);
    f.log(6000, ClusterSide::Source, 260);
    f.session.checkpoints.push_back({{1, 5000, 5000}, f.app1, f.remote0, 150, 97, 0, ""});
    ReportOptions options;
    options.state.release = parseRelease("3.9.0").value();
    const GroupSeries series =
        buildGroupSeries(f.session, options, "app-1", {2000, 3000, 4000, 4500, 5000, 6000, 7000});
    const auto spans = verdictSpans(series.partitions.at(0));
    // Before MM2's first checkpoint (2.5 s) the group had none, in the enumeration's order.
    QCOMPARE(spans.size(), size_t{2});
    QCOMPARE(spans[0].verdict, Verdict::NoCheckpoint);
    QCOMPARE(spans[0].spans.size(), size_t{1});
    QCOMPARE(spans[0].spans[0].fromMs, int64_t{2000});
    QCOMPARE(spans[0].spans[0].toMs, int64_t{3000});
    QCOMPARE(spans[1].verdict, Verdict::SourceTopicRecreated);
    QCOMPARE(spans[1].spans.size(), size_t{1});
    QCOMPARE(spans[1].spans[0].fromMs, int64_t{4000});
    QCOMPARE(spans[1].spans[0].toMs, int64_t{6000});

    // One that holds at the last moment ends there; one that comes back gets a span of its own.
    PartitionSeries p;
    p.atMs = {10, 20, 30, 40};
    PartitionReport stale, ok;
    stale.verdicts = {Verdict::CheckpointStale};
    for (const PartitionReport* row : {&stale, &ok, &stale, &stale})
        p.rows.push_back(*row);
    const auto again = verdictSpans(p);
    QCOMPARE(again.size(), size_t{1});
    QCOMPARE(again[0].spans.size(), size_t{2});
    QCOMPARE(again[0].spans[0].fromMs, int64_t{10});
    QCOMPARE(again[0].spans[0].toMs, int64_t{20});
    QCOMPARE(again[0].spans[1].fromMs, int64_t{30});
    QCOMPARE(again[0].spans[1].toMs, int64_t{40});
}

QTEST_APPLESS_MAIN(Integrity)
namespace {

const std::string kSyncsTopic = "mm2-offset-syncs.B.internal";

void describe(Session& session, int64_t atMs, std::string policy, int64_t retentionMs, int64_t retentionBytes)
{
    session.events.push_back(
        {atMs, ClusterSide::Source, std::string(readerEventName(ReaderEventState::TopicConfigs)),
         formatTopicConfigs({kSyncsTopic, std::move(policy), retentionMs, retentionBytes})});
}

} // namespace

void Integrity::offsetSyncsTopicThatDeletesSyncs()
{
    Flow f;
    f.session.info.offsetSyncsTopic = kSyncsTopic;
    // Never described (captures of older releases, imports): nothing known, nothing judged.
    QVERIFY(!f.report(4000).offsetSyncsConfigs);
    QVERIFY(reportJson(f.report(4000)).find("\"offset_syncs_topic\":null,") != std::string::npos);

    // As MM2 creates it: compacted.
    describe(f.session, 3500, "compact", 604'800'000, -1);
    Report report = f.report(4000);
    QCOMPARE(report.rows.at(0).verdicts, verdicts({}));
    QVERIFY(!report.offsetSyncsRisk);
    QVERIFY(
        reportJson(report).find("\"offset_syncs_topic\":{\"described_at_ms\":3500,\"cleanup_policy\":"
                                "\"compact\",\"retention_ms\":604800000,\"retention_bytes\":-1,\"at_risk\":"
                                "false,\"unknown_because\":null},") != std::string::npos);

    // Deleted after a minute: every row of the flow is at risk.
    describe(f.session, 3600, "delete", 60'000, -1);
    const std::string risk =
        "the offset-syncs topic mm2-offset-syncs.B.internal has cleanup.policy=delete with "
        "retention.ms=60000 (1 "
        "min 0 s) (described at 1970-01-01T00:00:03.600Z): the broker deletes its segments past that, while "
        "a "
        "checkpoint task that starts (a restart, a rebalance) reads its syncs back from this topic alone, so "
        "a "
        "partition whose syncs are gone then translates coarser, or not at all; MM2 creates the topic with "
        "cleanup.policy=compact";
    PartitionReport row = f.row(4000);
    QCOMPARE(row.verdicts, verdicts({Verdict::OffsetSyncsTopicAtRisk}));
    QCOMPARE(evidenceOf(row, Verdict::OffsetSyncsTopicAtRisk), risk);
    // Before it was described so, the compacted reading holds.
    QCOMPARE(f.row(3550).verdicts, verdicts({}));
    // Up to 3.2.x a partition without a sync is translated to its own offset: said so.
    ReportOptions old;
    old.atMs = 4000;
    old.state.release = parseRelease("3.2.3").value();
    QCOMPARE(evidenceOf(buildReport(f.session, old).rows.at(0), Verdict::OffsetSyncsTopicAtRisk),
             risk.substr(0, risk.find("coarser, or not at all")) +
                 "coarser, or passes its offsets through unchanged (up to 3.2.x); MM2 creates the topic with "
                 "cleanup.policy=compact");
    // A group MM2 never checkpoints has nothing a restart could take.
    const uint32_t connect = f.session.groupId("connect-orders");
    f.session.groupOffsets.push_back({4000, ClusterSide::Source, connect, f.orders0, 150});
    f.session.info.groupsInclude = std::vector<std::string>{".*"};
    f.session.info.groupsExclude = defaultGroupsExclude();
    QCOMPARE(f.row(4000, "connect-orders").verdicts, verdicts({Verdict::NeverCheckpointed}));

    // Deleting by size says so; deleting with neither retention deletes nothing.
    describe(f.session, 3800, "compact,delete", -1, 1'048'576);
    QCOMPARE(
        evidenceOf(f.row(4000), Verdict::OffsetSyncsTopicAtRisk).substr(0, 113),
        std::string("the offset-syncs topic mm2-offset-syncs.B.internal has cleanup.policy=compact,delete "
                    "with retention.bytes=1048576"));
    describe(f.session, 3900, "delete", -1, -1);
    QCOMPARE(f.row(4000).verdicts, verdicts({}));

    // Configs that cannot be described: unknown, with why, and nothing judged.
    f.session.events.push_back(
        {3950, ClusterSide::Source, std::string(readerEventName(ReaderEventState::TopicConfigsUnknown)),
         topicConfigsUnknownMessage(kSyncsTopic, "Broker: Topic authorization failed")});
    // Another topic's configs do not count.
    f.session.events.push_back({3960, ClusterSide::Source,
                                std::string(readerEventName(ReaderEventState::TopicConfigs)),
                                formatTopicConfigs({"other", "delete", 1, -1})});
    report = f.report(4000);
    QCOMPARE(report.rows.at(0).verdicts, verdicts({}));
    QCOMPARE(report.offsetSyncsConfigs->unknownBecause, std::string("Broker: Topic authorization failed"));
    QVERIFY(reportJson(report).find("\"offset_syncs_topic\":{\"described_at_ms\":3950,\"at_risk\":null,"
                                    "\"unknown_because\":\"Broker: Topic authorization failed\"},") !=
            std::string::npos);
}

void Integrity::topicConfigsRoundTrip()
{
    const TopicConfigs configs{"a b:c", "compact,delete", 86'400'000, 5};
    QCOMPARE(formatTopicConfigs(configs),
             std::string("a b:c: cleanup.policy=compact,delete retention.ms=86400000 retention.bytes=5"));
    QVERIFY(parseTopicConfigs(formatTopicConfigs(configs)) == configs);
    QVERIFY(!parseTopicConfigs("t: cleanup.policy=delete retention.ms=x retention.bytes=1"));
    QVERIFY(!parseTopicConfigs("t: cleanup.policy=delete retention.ms=5"));
    QVERIFY(!parseTopicConfigs("connected"));
    // A DescribeConfigs answer names every config in force; one without them, or with a retention
    // that is not a number, is an error: no default is guessed. Spaces in the policy list go.
    const std::map<std::string, std::string> answer = {{"cleanup.policy", "compact, delete"},
                                                       {"retention.ms", "-1"},
                                                       {"retention.bytes", "1024"},
                                                       {"segment.ms", "1"}};
    const auto described = topicConfigsFrom("t", answer);
    QVERIFY(described && *described == (TopicConfigs{"t", "compact,delete", -1, 1024}));
    auto broken = answer;
    broken.erase("retention.bytes");
    QCOMPARE(topicConfigsFrom("t", broken).error(),
             std::string("the broker's answer has no retention.bytes"));
    broken = answer;
    broken.erase("cleanup.policy");
    QCOMPARE(topicConfigsFrom("t", broken).error(), std::string("the broker's answer has no cleanup.policy"));
    broken = answer;
    broken["retention.ms"] = "soon";
    QCOMPARE(topicConfigsFrom("t", broken).error(), std::string("retention.ms 'soon' is not a number"));
}

// MM2 committed 99 (resumes at 100), then nothing for 104 s while retention moved the source's
// log start to 120: records 100..119 were deleted before MM2 replicated them.
void Integrity::sourceRecordsLostBeforeReplication()
{
    Flow f;
    const int64_t margin = positionMarginMs(f.session.info);
    QCOMPARE(margin, int64_t{90'000}); // Connect's default offset.flush.interval.ms and 30 s
    position(f, 1000, 99);
    sourceLog(f, 5000, 0, 250);
    sourceLog(f, 10'000, 120, 250);
    position(f, 105'000, 149); // MM2 back, its consumer reset to the log start
    const int64_t judged = 10'000 + margin + kPositionReadSlackMs;
    QCOMPARE(f.row(judged - 1).verdicts, verdicts({}));
    PartitionReport row = f.row(judged);
    QCOMPARE(row.verdicts, verdicts({Verdict::SourceRecordsLost}));
    QCOMPARE(
        evidenceOf(row, Verdict::SourceRecordsLost),
        std::string("the source log start was 120 at 1970-01-01T00:00:10.000Z, past 100, the next offset "
                    "MM2 would replicate (the last position its source connector committed up to 1 min 30 "
                    "s later, one offset.flush.interval.ms and 30.0 s, was 99, at "
                    "1970-01-01T00:00:01.000Z): the 20 records [100, 120) were deleted before MM2 "
                    "replicated them, except any it had read and not yet flushed (and any transaction "
                    "markers among them); a task that starts resumes at 100 and its consumer jumps to the "
                    "log start"));
    QCOMPARE(row.sourceStart, std::optional<int64_t>(120));
    QVERIFY(row.replication);
    QCOMPARE(row.replication->nextOffset, int64_t{150});
    QCOMPARE(row.replication->committedAtMs, int64_t{105'000});
    // It holds for good: the records stay lost after MM2 moved on.
    sourceLog(f, 160'000, 130, 300);
    QCOMPARE(f.row(400'000).verdicts, verdicts({Verdict::SourceRecordsLost}));
    // The JSON says where MM2 stands.
    const std::string json = reportJson(f.report(judged));
    QVERIFY(json.find("\"replication\":{\"next_offset\":150,\"committed_at_ms\":105000}") !=
            std::string::npos);
    QVERIFY(json.find("\"source_start\":120") != std::string::npos);
    // A longer flush interval widens the margin: the position of 105 s then covers the sample.
    f.session.info.offsetFlushIntervalMs = 120'000;
    QCOMPARE(f.row(400'000).verdicts, verdicts({}));
}

// A position committed within the margin after the sample covers it (MM2 had read those records
// and flushed them); a tombstone proves nothing; nor does a gap of one offset (a transaction
// marker), nor a sample whose margin the target reader was in trouble; a session without
// positions judges nothing.
void Integrity::positionsThatCoverTheLogStart()
{
    Flow f;
    const int64_t margin = positionMarginMs(f.session.info);
    position(f, 1000, 99);
    sourceLog(f, 10'000, 120, 250);
    position(f, 99'000, 125);
    QCOMPARE(f.row(400'000).verdicts, verdicts({}));

    Flow removed;
    position(removed, 1000, 99);
    position(removed, 2000, ObservedPosition::kNone);
    sourceLog(removed, 10'000, 120, 250);
    QCOMPARE(removed.row(400'000).verdicts, verdicts({}));
    QVERIFY(!removed.row(400'000).replication);

    Flow none;
    sourceLog(none, 10'000, 120, 250);
    QCOMPARE(none.row(400'000).verdicts, verdicts({}));
    QVERIFY(!none.row(400'000).replication);

    // Exactly at the margin still covers it; one millisecond later does not.
    Flow edge;
    position(edge, 1000, 99);
    sourceLog(edge, 10'000, 120, 250);
    position(edge, 10'000 + margin + 1, 125);
    QCOMPARE(edge.row(400'000).verdicts, verdicts({Verdict::SourceRecordsLost}));
    edge.session.positions.back().stamp.timestampMs = 10'000 + margin;
    QCOMPARE(edge.row(400'000).verdicts, verdicts({}));

    // MM2 resumes at 100; a log start of 101 leaves one offset, which a commit marker fills.
    Flow marker;
    position(marker, 1000, 99);
    sourceLog(marker, 10'000, 101, 250);
    QCOMPARE(marker.row(400'000).verdicts, verdicts({}));
    marker.session.logOffsets.back().start = 102;
    QCOMPARE(marker.row(400'000).verdicts, verdicts({Verdict::SourceRecordsLost}));

    // The target reader unreachable within the sample's margin: positions may be missing, so the
    // sample is not judged. Trouble that ended before it does not matter.
    Flow trouble;
    position(trouble, 1000, 99);
    sourceLog(trouble, 10'000, 120, 250);
    trouble.session.events = {{5000, ClusterSide::Target, "unreachable", "B down"},
                              {8000, ClusterSide::Target, "connected", "B back"}};
    QCOMPARE(trouble.row(400'000).verdicts, verdicts({Verdict::SourceRecordsLost}));
    trouble.session.events.push_back(
        {50'000, ClusterSide::Target, "fetch-error", "mm2-offsets.A.internal-0: x"});
    QCOMPARE(trouble.row(400'000).verdicts, verdicts({}));
    trouble.session.events.push_back(
        {60'000, ClusterSide::Target, "fetching", "mm2-offsets.A.internal-0: again"});
    QCOMPARE(trouble.row(400'000).verdicts, verdicts({}));
    sourceLog(trouble, 70'000, 130, 250); // after the trouble: judged
    QCOMPARE(trouble.row(400'000).verdicts, verdicts({Verdict::SourceRecordsLost}));
}

// A row without MM2's replication position says why: a session that never read Connect's offsets
// topic, a reader that could not read it (until it read it again), a position removed, or none
// committed yet.
void Integrity::whyTheReplicationPositionIsUnknown()
{
    Flow f;
    QCOMPARE(QString::fromStdString(f.row(400'000).replicationUnknownBecause),
             QString("the session holds no replication positions: it was recorded before driftscope read "
                     "MM2's Connect offsets topic, or imported from text"));

    const std::string topic = "mm2-offsets.A.internal";
    f.session.info.connectOffsetsTopic = topic;
    const auto noneAsOf = [](const QString& at) {
        return "no position for the partition in mm2-offsets.A.internal as of " + at +
               ": MM2's source connector commits one at each offset flush (offset.flush.interval.ms, 1 min 0 "
               "s) once it has replicated a record of the partition under the source alias A, and never for "
               "a "
               "partition the flow does not mirror";
    };
    const QString none = noneAsOf("1970-01-01T00:06:40.000Z");
    QCOMPARE(QString::fromStdString(f.row(400'000).replicationUnknownBecause), none);

    // Trouble of that topic on the target, until the reader reads it again; a partition's fetch
    // error until that partition fetches again. Other topics' and the source's events do not count.
    f.session.events = {{10'000, ClusterSide::Target, "topic-missing", topic + " does not exist; unknown"},
                        {10'500, ClusterSide::Target, "topic-missing", topic + "x does not exist"},
                        {10'600, ClusterSide::Source, "topic-missing", topic + " does not exist"}};
    QCOMPARE(QString::fromStdString(f.row(400'000).replicationUnknownBecause),
             QString("the reader could not read mm2-offsets.A.internal (topic-missing at "
                     "1970-01-01T00:00:10.000Z): mm2-offsets.A.internal does not exist; unknown"));
    QCOMPARE(QString::fromStdString(f.row(9000).replicationUnknownBecause),
             noneAsOf("1970-01-01T00:00:09.000Z"));
    f.session.events.push_back({20'000, ClusterSide::Target, "topic-found", topic + ": reading 0 records"});
    f.session.events.push_back(
        {30'000, ClusterSide::Target, "fetch-error", topic + "-3: Broker: Not leader"});
    f.session.events.push_back(
        {35'000, ClusterSide::Target, "fetch-error", topic + "-12: Broker: Timed out"});
    f.session.events.push_back({40'000, ClusterSide::Target, "fetching", topic + "-12: fetching again"});
    QCOMPARE(QString::fromStdString(f.row(400'000).replicationUnknownBecause),
             QString("the reader could not read mm2-offsets.A.internal (fetch-error at "
                     "1970-01-01T00:00:30.000Z): mm2-offsets.A.internal-3: Broker: Not leader"));
    f.session.events.push_back({50'000, ClusterSide::Target, "fetching", topic + "-3: fetching again"});
    QCOMPARE(QString::fromStdString(f.row(400'000).replicationUnknownBecause), none);

    // A tombstone removed the position; a position makes it known, and the JSON says so.
    position(f, 60'000, ObservedPosition::kNone);
    QCOMPARE(
        QString::fromStdString(f.row(400'000).replicationUnknownBecause),
        QString("the partition's last record in mm2-offsets.A.internal, at 1970-01-01T00:01:00.000Z, is a "
                "tombstone: MM2's position for it was removed (its source connector's offsets were reset "
                "or deleted)"));
    QVERIFY(reportJson(f.report(400'000))
                .find("\"replication\":null,\"replication_unknown_because\":\"the "
                      "partition's last record") != std::string::npos);
    position(f, 70'000, 149);
    QVERIFY(f.row(400'000).replication);
    QVERIFY(reportJson(f.report(400'000))
                .find("\"committed_at_ms\":70000},\"replication_unknown_because\":null") !=
            std::string::npos);
}

#include "tst_integrity.moc"
