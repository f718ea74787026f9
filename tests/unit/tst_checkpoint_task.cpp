// The checkpoint side against Kafka's MirrorCheckpointTaskTest numbers (docs/mm2-behaviour.md §6)
// per release, plus topic naming (§3.5, §4.2), filters (§3.1) and the group-offset sync (§3.8).
#include "model/mm2/checkpoint_task.h"
#include "model/mm2/group_offset_sync.h"

#include <QTest>

using namespace driftscope;

namespace {

CheckpointTaskSettings kafkaTestSettings()
{
    CheckpointTaskSettings s;
    s.sourceAlias = "source1";
    s.targetAlias = "target2";
    return s;
}

GroupOffsets offsets(const TopicPartition& tp, int64_t offset, std::string metadata = "")
{
    return {{tp, CommittedOffset{offset, std::move(metadata)}}};
}

// One group's emitted checkpoints as "group tp U->D", or "failed".
QString pollOne(CheckpointTask& task, const std::string& group, const GroupOffsets& groupOffsets,
                int64_t timestamp = 123)
{
    const auto result = task.poll({{group, groupOffsets}}, timestamp);
    if (result.failed)
        return "failed";
    QStringList out;
    for (const EmittedCheckpoint& e : result.checkpoints)
        out << QString::fromStdString(e.checkpoint.group + " " + toString(e.checkpoint.tp) + " " +
                                      std::to_string(e.checkpoint.upstream) + "->" +
                                      std::to_string(e.checkpoint.downstream));
    return out.join("; ");
}

std::vector<Release> releasesFrom(Release first)
{
    std::vector<Release> out;
    for (const Release& r : knownReleases())
        if (r >= first)
            out.push_back(r);
    return out;
}

} // namespace

class CheckpointTaskTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void downstreamTopicRenaming();
    void internalTopicNames();
    void filters();
    void kafka4TopicFilter();
    void kafka4InternalTopics();
    void heartbeatsReplication();
    void cycles();
    void checkpoint();
    void noCheckpointWithoutSyncsOrWithNullOffset();
    void monotonicIfStoreRewinds();
    void restartUsesExistingCheckpoints();
    void downstreamZeroBefore270();
    void memoryMergedOrReplaced();
    void syncOffset();
    void twoPartitionsRenamedAlike();
};

void CheckpointTaskTest::downstreamTopicRenaming()
{
    ReplicationPolicy policy;
    auto rename = [&](const std::string& topic, int partition) {
        return toString(checkpointPartition(policy, "source1", "target2", {topic, partition}));
    };
    QCOMPARE(rename("topic3", 4), std::string("source1.topic3-4"));
    QCOMPARE(rename("target2.topic3", 5), std::string("topic3-5"));
    QCOMPARE(rename("source6.topic7", 8), std::string("source1.source6.topic7-8"));
    QCOMPARE(rename("target2.source1.topic3", 0), std::string("topic3-0")); // all hops stripped

    policy.separator = "__";
    QCOMPARE(rename("topic3", 4), std::string("source1__topic3-4"));
    QCOMPARE(rename("target2__topic3", 5), std::string("topic3-5"));

    ReplicationPolicy identity;
    identity.kind = ReplicationPolicy::Kind::Identity;
    identity.identitySourceAlias = "source1";
    QCOMPARE(toString(checkpointPartition(identity, "source1", "target2", {"topic3", 4})),
             std::string("topic3-4"));
    QCOMPARE(toString(checkpointPartition(identity, "source1", "target2", {"heartbeats", 0})),
             std::string("source1.heartbeats-0"));

    // Java's split: a leading empty piece counts, trailing ones do not.
    ReplicationPolicy plain;
    QCOMPARE(plain.topicSource(".topic").value_or("<none>"), std::string(""));
    QVERIFY(!plain.topicSource("topic.").has_value());
    QVERIFY(!plain.topicSource("topic").has_value());
    QCOMPARE(plain.originalTopic("a.b.c"), std::string("c"));
}

void CheckpointTaskTest::internalTopicNames()
{
    ReplicationPolicy underscore;
    underscore.separator = "_";
    auto names = [&](Release r, const ReplicationPolicy& p, ClusterSide at) {
        const InternalTopics t = internalTopics(profileFor(r), p, "A", "B", at);
        return t.offsetSyncs + (t.offsetSyncsSide == ClusterSide::Source ? " (source) " : " (target) ") +
               t.checkpoints + " " + t.heartbeats;
    };
    const auto src = ClusterSide::Source;
    const auto tgt = ClusterSide::Target;
    QCOMPARE(names({2, 4, 0}, ReplicationPolicy{}, src),
             std::string("mm2-offset-syncs.B.internal (source) A.checkpoints.internal heartbeats"));
    QCOMPARE(names({2, 8, 2}, ReplicationPolicy{}, tgt), // no offset-syncs.topic.location before 3.0.0
             std::string("mm2-offset-syncs.B.internal (source) A.checkpoints.internal heartbeats"));
    QCOMPARE(names({3, 0, 2}, underscore, tgt),
             std::string("mm2-offset-syncs.A.internal (target) A.checkpoints.internal heartbeats"));
    QCOMPARE(names({3, 1, 0}, underscore, src),
             std::string("mm2-offset-syncs_B_internal (source) A_checkpoints_internal heartbeats"));
    ReplicationPolicy toggledOff = underscore;
    toggledOff.internalTopicSeparatorEnabled = false;
    QCOMPARE(names({3, 5, 1}, toggledOff, src), // the switch arrived in 3.5.2
             std::string("mm2-offset-syncs_B_internal (source) A_checkpoints_internal heartbeats"));
    QCOMPARE(names({3, 5, 2}, toggledOff, src),
             std::string("mm2-offset-syncs.B.internal (source) A.checkpoints.internal heartbeats"));
}

void CheckpointTaskTest::filters()
{
    const NameFilter groups = NameFilter::defaultGroupFilter();
    QVERIFY(groups.accepts("app1"));
    QVERIFY(!groups.accepts("console-consumer-42"));
    QVERIFY(!groups.accepts("connect-mm2"));
    QVERIFY(!groups.accepts("__internal"));
    const NameFilter topics = NameFilter::defaultTopicFilter(profileFor({3, 9, 0}));
    QVERIFY(topics.accepts("orders"));
    QVERIFY(topics.accepts("B.orders"));
    QVERIFY(!topics.accepts("mm2-offset-syncs.B.internal"));
    QVERIFY(!topics.accepts("A.checkpoints-internal"));
    QVERIFY(!topics.accepts("orders.replica"));
    QVERIFY(!topics.accepts("__consumer_offsets"));
    QVERIFY(!NameFilter::make({}, {}).value().accepts("anything"));          // an empty list matches nothing
    QVERIFY(!NameFilter::make({"orders"}, {}).value().accepts("orders-eu")); // the whole name must match
    QCOMPARE(splitList(" a, b ,,c "), (std::vector<std::string>{"a", "b", "c"}));
    QVERIFY(!NameFilter::make({"("}, {}).ok());
}

// KIP-1074 (4.0.0): the default topics.exclude became `mm2.*\.internal, .*\.replica, __.*`.
void CheckpointTaskTest::kafka4TopicFilter()
{
    QCOMPARE(defaultTopicsExclude(profileFor({3, 9, 2})),
             (std::vector<std::string>{".*[\\-\\.]internal", ".*\\.replica", "__.*"}));
    for (const Release& r : releasesFrom({4, 0, 0})) {
        QCOMPARE(defaultTopicsExclude(profileFor(r)),
                 (std::vector<std::string>{"mm2.*\\.internal", ".*\\.replica", "__.*"}));
        const NameFilter topics = NameFilter::defaultTopicFilter(profileFor(r));
        QVERIFY(topics.accepts("orders.internal"));
        QVERIFY(topics.accepts("orders-internal"));
        QVERIFY(topics.accepts("A.checkpoints-internal"));
        QVERIFY(!topics.accepts("mm2-offset-syncs.B.internal"));
        QVERIFY(!topics.accepts("mm2-configs.B.internal"));
        QVERIFY(!topics.accepts("orders.replica"));
        QVERIFY(!topics.accepts("__consumer_offsets"));
    }
    const NameFilter old = NameFilter::defaultTopicFilter(profileFor({3, 9, 2}));
    QVERIFY(!old.accepts("orders.internal"));
    QVERIFY(!old.accepts("orders-internal"));
    QVERIFY(!old.accepts("mm2-offset-syncs.B.internal"));

    // A task with the default filter checkpoints a group on orders.internal from 4.0.0 only.
    for (const char* release : {"3.9.2", "4.0.0", "4.4.0"}) {
        CheckpointTask task(profileFor(parseRelease(release).value()), kafkaTestSettings());
        task.store().finishInitialLoad();
        task.store().apply({{"orders.internal", 0}, 10, 20});
        QCOMPARE(pollOne(task, "app", offsets({"orders.internal", 0}, 10)),
                 QString(std::string(release) == "3.9.2" ? "" : "app source1.orders.internal-0 10->20"));
    }
    // An explicit filter is used as given.
    CheckpointTaskSettings settings = kafkaTestSettings();
    settings.topicFilter = NameFilter::make({"orders.*"}, {}).value();
    CheckpointTask task(profileFor({3, 9, 2}), settings);
    task.store().finishInitialLoad();
    task.store().apply({{"orders.internal", 0}, 10, 20});
    QCOMPARE(pollOne(task, "app", offsets({"orders.internal", 0}, 10)),
             QString("app source1.orders.internal-0 10->20"));
}

// ReplicationPolicy.isInternalTopic and MirrorSourceConnector.shouldReplicateTopic (§7.1).
void CheckpointTaskTest::kafka4InternalTopics()
{
    const ReleaseProfile v3 = profileFor({3, 9, 2});
    const ReleaseProfile v4 = profileFor({4, 4, 0});
    ReplicationPolicy dot;
    ReplicationPolicy underscore;
    underscore.separator = "_";
    struct Case {
        const ReplicationPolicy& policy;
        const char* topic;
        bool internal3, internal4;
    };
    const Case cases[] = {
        {dot, "orders", false, false},
        {dot, "orders.internal", true, false},
        {dot, "orders-internal", true, false},
        {dot, "mm2-offset-syncs.B.internal", true, true},
        {dot, "mm2-status.A.internal", true, true},
        {dot, "A.checkpoints.internal", true, true},
        {dot, "__consumer_offsets", true, true},
        {dot, ".hidden", true, true},
        {underscore, "mm2-offset-syncs_B_internal", true, true},
        {underscore, "A_checkpoints_internal", true, true},
        {underscore, "orders_internal", true, false},
        {underscore, "mm2-offset-syncs.B.internal", true, false}, // not with the policy's separator
    };
    for (const Case& c : cases) {
        QVERIFY2(isInternalTopic(v3, c.policy, c.topic) == c.internal3, c.topic);
        QVERIFY2(isInternalTopic(v4, c.policy, c.topic) == c.internal4, c.topic);
    }
    // replication.policy.internal.topic.separator.enabled=false: internal names use '.'.
    ReplicationPolicy dotInternal = underscore;
    dotInternal.internalTopicSeparatorEnabled = false;
    QVERIFY(isInternalTopic(v4, dotInternal, "mm2-offset-syncs.B.internal"));
    QVERIFY(!isInternalTopic(v4, dotInternal, "mm2-offset-syncs_B_internal"));

    // A user topic orders.internal is mirrored (so gets syncs and checkpoints) from 4.0.0 on.
    const TopicSelection all{NameFilter::make({".*"}, {}).value(), true};
    QVERIFY(!replicatesTopic(v3, dot, all, {"A", "B"}, "orders.internal"));
    QVERIFY(replicatesTopic(v4, dot, all, {"A", "B"}, "orders.internal"));
    QVERIFY(!replicatesTopic(v4, dot, all, {"A", "B"}, "mm2-offset-syncs.B.internal"));
    QVERIFY(!replicatesTopic(v4, dot, all, {"A", "B"}, "B.orders"));   // a cycle: it came from the target
    QVERIFY(!replicatesTopic(v4, dot, all, {"A", "B"}, "C.B.orders")); // a cycle two hops up
    QVERIFY(replicatesTopic(v4, dot, all, {"A", "B"}, "C.orders"));
    const TopicSelection defaults{NameFilter::defaultTopicFilter(v4), true};
    QVERIFY(replicatesTopic(v4, dot, defaults, {"A", "B"}, "orders.internal"));
    QVERIFY(!replicatesTopic(v4, dot, defaults, {"A", "B"}, "orders.replica"));
}

// KIP-1089 (4.0.0): heartbeats.replication.enabled=false mirrors heartbeats topics only when the
// topic filter accepts them; before 4.0.0 (and by default) they are always mirrored.
void CheckpointTaskTest::heartbeatsReplication()
{
    ReplicationPolicy policy;
    const NameFilter onlyOrders = NameFilter::make({"orders"}, {}).value();
    const TopicSelection on{onlyOrders, true};
    const TopicSelection off{onlyOrders, false};
    for (const char* topic : {"heartbeats", "C.heartbeats"}) {
        QVERIFY2(replicatesTopic(profileFor({3, 9, 2}), policy, off, {"A", "B"}, topic),
                 topic); // no switch yet
        QVERIFY2(replicatesTopic(profileFor({4, 0, 0}), policy, on, {"A", "B"}, topic), topic);
        QVERIFY2(!replicatesTopic(profileFor({4, 0, 0}), policy, off, {"A", "B"}, topic), topic);
        QVERIFY2(!replicatesTopic(profileFor({4, 4, 0}), policy, off, {"A", "B"}, topic), topic);
    }
    QVERIFY(!replicatesTopic(profileFor({4, 4, 0}), policy, on, {"A", "B"}, "B.heartbeats")); // a cycle
    QVERIFY(!isHeartbeatsTopic(policy, "heartbeats-eu"));
    const TopicSelection heartbeatsToo{NameFilter::make({"orders", "heartbeats"}, {}).value(), false};
    QVERIFY(replicatesTopic(profileFor({4, 4, 0}), policy, heartbeatsToo, {"A", "B"}, "heartbeats"));
}

// Kafka's MirrorSourceConnectorTest.testNoCycles (flow source -> target), as of 4.4.0 and before
// it: KAFKA-9914 (4.4.0) makes a hop from the flow's own source a cycle too, except under
// IdentityReplicationPolicy.
void CheckpointTaskTest::cycles()
{
    const TopicSelection all{NameFilter::make({".*"}, {}).value(), true};
    const FlowAliases flow{"source", "target"};
    const ReleaseProfile v43 = profileFor({4, 3, 2});
    const ReleaseProfile v44 = profileFor({4, 4, 0});
    const ReplicationPolicy defaultPolicy;
    struct Case {
        const char* topic;
        bool before44, from44;
    };
    const Case cases[] = {
        {"source.topic1", true, false},
        {"target.topic1", false, false},
        {"target.source.topic1", false, false},
        {"source.target.topic1", false, false},
        {"target.source.target.topic1", false, false},
        {"source.target.source.topic1", false, false},
        {"topic1", true, true},
        {"othersource.topic1", true, true},
        {"othertarget.topic1", true, true},
        {"other.another.topic1", true, true},
    };
    for (const Case& c : cases) {
        QVERIFY2(replicatesTopic(v43, defaultPolicy, all, flow, c.topic) == c.before44, c.topic);
        QVERIFY2(replicatesTopic(v44, defaultPolicy, all, flow, c.topic) == c.from44, c.topic);
    }
    QCOMPARE(
        cycleReason(v44, defaultPolicy, flow, "source.topic1"),
        std::optional<std::string>("its name says it came from source, the flow's own source cluster: from "
                                   "4.4.0 MirrorSourceConnector refuses it as a replication cycle "
                                   "(KAFKA-9914; 4.3.x and earlier mirror it)"));
    QCOMPARE(cycleReason(v43, defaultPolicy, flow, "source.target.topic1"),
             std::optional<std::string>("its name says it came from target, the flow's target cluster: "
                                        "MirrorSourceConnector refuses it as a replication cycle"));
    QCOMPARE(cycleReason(v44, defaultPolicy, flow, "othersource.topic1"), std::nullopt);

    // IdentityReplicationPolicy with source.cluster.alias=source: no cycle in either release.
    ReplicationPolicy identity;
    identity.kind = ReplicationPolicy::Kind::Identity;
    identity.identitySourceAlias = "source";
    for (const char* topic :
         {"source.topic1", "target.topic1", "target.source.topic1", "source.target.topic1", "topic1",
          "othersource.topic1", "othertarget.topic1", "other.another.topic1"}) {
        QVERIFY2(replicatesTopic(v43, identity, all, flow, topic), topic);
        QVERIFY2(replicatesTopic(v44, identity, all, flow, topic), topic);
    }
    // The separator is the policy's: with "_" a dotted name has no hop.
    ReplicationPolicy underscore;
    underscore.separator = "_";
    QVERIFY(replicatesTopic(v44, underscore, all, flow, "source.topic1"));
    QVERIFY(!replicatesTopic(v44, underscore, all, flow, "source_topic1"));
}

void CheckpointTaskTest::checkpoint()
{
    for (const Release& r : releasesFrom({2, 7, 0})) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().finishInitialLoad();
        task.store().apply({{"topic1", 2}, 3, 4});
        task.store().apply({{"target2.topic5", 6}, 7, 8});
        const auto result = task.poll({{"group9", offsets({"topic1", 2}, 10, "m")}}, 123);
        QCOMPARE(result.checkpoints.size(), size_t{1});
        const EmittedCheckpoint& e = result.checkpoints[0];
        QCOMPARE(e.checkpoint,
                 (Checkpoint{"group9", {"source1.topic1", 2}, 10, r >= Release{3, 4, 1} ? 5 : 11, "m", 0}));
        QCOMPARE(e.timestampMs, int64_t{123});
        if (r >= Release{3, 4, 1}) {
            QCOMPARE(pollOne(task, "group11", offsets({"target2.topic5", 6}, 12)),
                     QString("group11 topic5-6 12->9"));
            QCOMPARE(pollOne(task, "group13", offsets({"target2.topic5", 6}, 7)),
                     QString("group13 topic5-6 7->8"));
        }
    }
}

void CheckpointTaskTest::noCheckpointWithoutSyncsOrWithNullOffset()
{
    for (const Release& r : knownReleases()) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().finishInitialLoad();
        task.store().apply({{"topic1", 0}, 3, 4});
        const QString withoutSync = pollOne(task, "group9", offsets({"topic1", 1}, 10));
        // Up to 3.2.x a partition without syncs is translated to itself.
        QCOMPARE(withoutSync, (r < Release{3, 3, 0} ? QString("group9 source1.topic1-1 10->10") : QString()));
        QCOMPARE(pollOne(task, "group9", offsets({"topic1", 0}, 10)),
                 QString("group9 source1.topic1-0 10->") + (r >= Release{3, 4, 1} ? "5" : "11"));
        const GroupOffsets withNull{{{"topic1", 0}, std::nullopt}};
        QCOMPARE(pollOne(task, "group9", withNull), (r >= Release{3, 4, 1} ? QString() : QString("failed")));
    }
}

void CheckpointTaskTest::monotonicIfStoreRewinds()
{
    for (const Release& r : releasesFrom({3, 4, 1})) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().finishInitialLoad();
        const TopicPartition tp{"topic1", 0};
        task.store().apply({tp, 11, 4});
        task.store().apply({tp, 12, 5});
        QCOMPARE(pollOne(task, "g", offsets(tp, 13)), QString("g source1.topic1-0 13->6"));
        for (int64_t u = 13; u <= 17; ++u)
            task.store().apply({tp, u, u - 7});
        QCOMPARE(describeSlots(*task.store().slotsOf(tp)), std::string("[0]=17 [1]=16 [2]=15 [3..63]=11"));
        QCOMPARE(*task.store().translate(tp, 13).downstream, int64_t{5});
        QCOMPARE(pollOne(task, "g", offsets(tp, 13)), QString()); // 5 < 6: suppressed
        QCOMPARE(pollOne(task, "g", offsets(tp, 12)), QString("g source1.topic1-0 12->5")); // group rewound
    }
}

void CheckpointTaskTest::restartUsesExistingCheckpoints()
{
    const TopicPartition tp{"t1", 0};
    for (const Release& r : releasesFrom({3, 4, 1})) {
        const bool restores = r >= Release{3, 7, 1};
        CheckpointTask first(profileFor(r), kafkaTestSettings());
        for (int64_t u : {100, 200, 300})
            first.store().apply({tp, u, u});
        first.store().finishInitialLoad();
        if (restores)
            QCOMPARE(describeSlots(*first.store().slotsOf(tp)),
                     std::string("[0..7]=300 [8]=200 [9..63]=100"));
        const auto emitted = first.poll({{"group1", offsets(tp, 250)}}, 1);
        std::vector<Checkpoint> topic;
        for (const EmittedCheckpoint& e : emitted.checkpoints)
            topic.push_back(e.checkpoint);

        CheckpointTask second(profileFor(r), kafkaTestSettings(), topic);
        for (int64_t u : {175, 275, 375, 475})
            second.store().apply({tp, u, u});
        second.store().finishInitialLoad();
        if (restores) {
            QCOMPARE(topic.size(), size_t{1});
            QCOMPARE(topic[0], (Checkpoint{"group1", {"source1.t1", 0}, 250, 201, "", 0}));
            QCOMPARE(describeSlots(*second.store().slotsOf(tp)),
                     std::string("[0..7]=475 [8]=375 [9..63]=175"));
            QCOMPARE(pollOne(second, "group1", offsets(tp, 250)), QString()); // 176 < 201
            QCOMPARE(pollOne(second, "group1", offsets(tp, 370)), QString()); // 176 < 201
            QCOMPARE(pollOne(second, "group1", offsets(tp, 400)), QString("group1 source1.t1-0 400->376"));
        } else {
            QCOMPARE(describeSlots(*second.store().slotsOf(tp)), std::string("[0..63]=475"));
            QCOMPARE(pollOne(second, "group1", offsets(tp, 400)), QString()); // -1: too old
            QCOMPARE(pollOne(second, "group1", offsets(tp, 500)), QString("group1 source1.t1-0 500->476"));
        }
    }
    // A failed restore (3.7.1+): nothing remembered, and the initial load keeps only the last sync.
    CheckpointTask failed(profileFor(Release{3, 9, 0}), kafkaTestSettings(), std::nullopt);
    for (int64_t u : {175, 275, 375, 475})
        failed.store().apply({tp, u, u});
    failed.store().finishInitialLoad();
    QCOMPARE(describeSlots(*failed.store().slotsOf(tp)), std::string("[0..63]=475"));
    QVERIFY(failed.memory().empty());
}

void CheckpointTaskTest::downstreamZeroBefore270()
{
    for (const Release& r : {Release{2, 6, 3}, Release{2, 7, 0}}) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().apply({{"topic1", 0}, 0, 0});
        QCOMPARE(pollOne(task, "g", offsets({"topic1", 0}, 0)),
                 (r < Release{2, 7, 0} ? QString() : QString("g source1.topic1-0 0->0")));
    }
}

void CheckpointTaskTest::memoryMergedOrReplaced()
{
    for (const Release& r : {Release{3, 4, 0}, Release{3, 4, 1}}) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().finishInitialLoad();
        task.store().apply({{"t", 0}, 0, 0});
        task.store().apply({{"t", 1}, 0, 0});
        task.poll({{"g", {{{"t", 0}, CommittedOffset{5, ""}}, {{"t", 1}, CommittedOffset{5, ""}}}}}, 1);
        task.poll({{"g", offsets({"t", 0}, 6)}}, 2);
        QCOMPARE(task.memory().at("g").size(), (r >= Release{3, 4, 1} ? size_t{2} : size_t{1}));
    }
}

void CheckpointTaskTest::syncOffset()
{
    const TopicPartition t10{"topic1", 0}, t20{"topic2", 0};
    CheckpointMemory memory;
    memory["consumer1"][t10] = Checkpoint{"consumer1", t10, 200, 101, "metadata", 0};
    memory["consumer2"][t20] = Checkpoint{"consumer2", t20, 100, 51, "", 0};
    GroupOffsetSync sync(profileFor(Release{3, 9, 0}));
    sync.refresh({{"consumer1", TargetGroup::State::Empty, {{t10, 100}}},
                  {"consumer2", TargetGroup::State::Empty, {{t20, 50}}}});
    auto result = sync.sync(memory);
    QCOMPARE(result.writes.size(), size_t{2});
    QCOMPARE(result.writes[0].group, std::string("consumer1"));
    QCOMPARE(result.writes[0].offsets.at(0).second.offset, int64_t{101});
    QCOMPARE(result.writes[0].offsets.at(0).second.metadata, std::string("metadata"));
    QCOMPARE(result.writes[1].offsets.at(0).second.offset, int64_t{51});

    // Forward only: a target already at or past the checkpoint is left alone.
    sync.refresh({{"consumer1", TargetGroup::State::Empty, {{t10, 101}}},
                  {"consumer2", TargetGroup::State::Empty, {{t20, 60}}}});
    QCOMPARE(sync.sync(memory).writes.size(), size_t{0});
    // Not refreshed since (or not EMPTY): written as a new group.
    QCOMPARE(sync.sync(memory).writes.size(), size_t{2});
    sync.refresh({{"consumer1", TargetGroup::State::Stable, {{t10, 500}}}});
    QCOMPARE(sync.sync(memory).writes.size(), size_t{2});

    // testSyncOffsetForTargetGroupWithNullOffsetAndMetadata: written from 3.5.2/3.6.1/3.7.0 on.
    CheckpointMemory one;
    one["g"][{"topic", 0}] = Checkpoint{"g", {"topic", 0}, 200, 101, "", 0};
    for (const Release& r :
         {Release{3, 5, 1}, Release{3, 5, 2}, Release{3, 6, 0}, Release{3, 6, 1}, Release{3, 9, 0}}) {
        GroupOffsetSync s(profileFor(r));
        s.refresh({{"g", TargetGroup::State::Empty, {{{"topic", 0}, std::nullopt}}}});
        const auto res = s.sync(one);
        const bool handled = r >= Release{3, 5, 2} && r != Release{3, 6, 0};
        QCOMPARE(res.aborted, !handled);
        QCOMPARE(res.writes.size(), handled ? size_t{1} : size_t{0});
    }
}

void CheckpointTaskTest::twoPartitionsRenamedAlike()
{
    // target2.x and target2.target2.x both become x on the target.
    const GroupOffsets both{{{"target2.x", 0}, CommittedOffset{5, ""}},
                            {{"target2.target2.x", 0}, CommittedOffset{5, ""}}};
    for (const Release& r : {Release{3, 4, 0}, Release{3, 4, 1}, Release{3, 9, 0}}) {
        CheckpointTask task(profileFor(r), kafkaTestSettings());
        task.store().finishInitialLoad();
        task.store().apply({{"target2.x", 0}, 0, 0});
        task.store().apply({{"target2.target2.x", 0}, 0, 0});
        QCOMPARE(pollOne(task, "g", both),
                 (r >= Release{3, 4, 1} ? QString("failed") : QString("g x-0 5->5; g x-0 5->5")));
    }
}

QTEST_APPLESS_MAIN(CheckpointTaskTest)
#include "tst_checkpoint_task.moc"
