// Reading an MM2 configuration like MirrorMakerConfig does: which flow, the connector settings
// that shape the replication (topic and group filters, heartbeats, checkpoints, internal topics,
// the replication policy) as each release reads them (docs/mm2-behaviour.md §1.4, §3.1).
#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"
#include "support/mm2_config_text.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;
using namespace driftscope::test;

class Mm2ConfigTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void severalEnabledFlowsNeedAChoice();
    void singleEnabledFlowIsPicked();
    void noEnabledFlow();
    void explicitFlowMayBeDisabled();
    void badFlows_data();
    void badFlows();
    void connectorSettingsPrecedence();
    void connectorSettingErrors_data();
    void connectorSettingErrors();
    void deprecatedGroupsBlacklist();
    void blacklistIgnoredFrom4();
    void topicFilterOfTheRelease();
    void heartbeatsReplicationSwitch();
    void noCheckpointsWhenEmitDisabled();
    void internalTopicsWithLocationAndSeparator();
    void identityPolicy();
};

// ---- MM2 configuration: flows --------------------------------------------------------------------

void Mm2ConfigTest::severalEnabledFlowsNeedAChoice()
{
    const std::string text = kTwoClusters + "A->B.enabled = true\nB->A.enabled = true\n";
    QCOMPARE(
        flowError(text, std::nullopt),
        QString("several replication flows are enabled (A->B, B->A); choose one with --flow SOURCE->TARGET"));
    const auto settings = settingsFromMm2Config(props(text), "B->A", profileFor(kDefaultRelease));
    QVERIFY(settings.ok());
    QCOMPARE(settings->source.alias, std::string("B"));
    QCOMPARE(settings->target.alias, std::string("A"));
    QCOMPARE(settings->source.property("bootstrap.servers"), std::optional<std::string>("b1:9092"));
    QCOMPARE(settings->target.property("bootstrap.servers"), std::optional<std::string>("a1:9092,a2:9092"));
    QCOMPARE(settings->policy.identitySourceAlias, std::string("B"));
    QCOMPARE(notesOf(*settings), QString());
    // serve watches them all: in the order of `clusters`, as MM2 reads `.enabled`.
    using Names = std::vector<std::string>;
    QCOMPARE(enabledFlowNames(props(text)).value(), (Names{"A->B", "B->A"}));
    QCOMPARE(enabledFlowNames(props(kTwoClusters + "B->A.enabled = TRUE\nA->B.enabled = true \n")).value(),
             Names{"B->A"});
    QCOMPARE(enabledFlowNames(props(kTwoClusters)).value(), Names{});
    QVERIFY(!enabledFlowNames(props("A->B.enabled = true\n")).ok());
}

void Mm2ConfigTest::singleEnabledFlowIsPicked()
{
    const ConnectionSettings s = flowSettings(
        "B->A.enabled = false\nA->B.enabled = TRUE\nB->A.emit.heartbeats.enabled = true\n", std::nullopt);
    QCOMPARE(s.source.alias, std::string("A"));
    QCOMPARE(s.target.alias, std::string("B"));
    QCOMPARE(notesOf(s), QString());
    QCOMPARE(dump(s.source.clientProperties), QString("bootstrap.servers=a1:9092,a2:9092"));
    QCOMPARE(dump(s.target.clientProperties), QString("bootstrap.servers=b1:9092"));
}

void Mm2ConfigTest::noEnabledFlow()
{
    QCOMPARE(
        flowError(kTwoClusters + "A->B.enabled = false\n", std::nullopt),
        QString(
            "no replication flow is enabled in the MM2 configuration (no SOURCE->TARGET.enabled = true for "
            "the clusters A, B); choose one with --flow A->B"));
    // Boolean.parseBoolean does not trim: "true " is false to MM2.
    QCOMPARE(
        flowError(kTwoClusters + "A->B.enabled = true \n", std::nullopt),
        QString(
            "no replication flow is enabled in the MM2 configuration (no SOURCE->TARGET.enabled = true for "
            "the clusters A, B); choose one with --flow A->B"));
}

void Mm2ConfigTest::explicitFlowMayBeDisabled()
{
    QCOMPARE(notesOf(flowSettings("")),
             QString("flow A->B is not enabled (A->B.enabled is not true), so MM2 emits no offset syncs or "
                     "checkpoints for it"));
    QCOMPARE(
        notesOf(flowSettings("A->B.enabled = true \n")),
        QString("flow A->B is not enabled (A->B.enabled is not true), so MM2 emits no offset syncs or "
                "checkpoints for it; its value has trailing whitespace, which MM2 (Boolean.parseBoolean) "
                "reads as false"));
    QCOMPARE(notesOf(flowSettings("A->B.enabled = true\n")), QString());
}

void Mm2ConfigTest::badFlows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("flow");
    QTest::addColumn<QString>("error");
    const QString two = QString::fromStdString(kTwoClusters);
    QTest::newRow("unknown target") << two << "A->C"
                                    << "flow 'A->C': 'C' is not one of the clusters (A, B)";
    QTest::newRow("unknown source")
        << "clusters = east,west,  north\neast.bootstrap.servers=e:1\n"
        << "south->west"
        << "flow 'south->west': 'south' is not one of the clusters (east, west, north)";
    QTest::newRow("no arrow") << two << "AB"
                              << "flow 'AB' is not of the form SOURCE->TARGET (e.g. A->B)";
    QTest::newRow("three hops") << two << "A->B->A"
                                << "flow 'A->B->A' is not of the form SOURCE->TARGET (e.g. A->B)";
    QTest::newRow("same cluster") << two << "A->A"
                                  << "flow 'A->A' needs two different clusters";
    QTest::newRow("no clusters")
        << "A.bootstrap.servers = a:1\n"
        << "A->B"
        << "the MM2 configuration has no 'clusters' setting (the cluster aliases, e.g. "
           "clusters = A, B)";
    QTest::newRow("one cluster") << "# mm2\nclusters = A, A\n"
                                 << "A->B"
                                 << "line 2: clusters: a replication flow needs two cluster aliases, found 1";
}

void Mm2ConfigTest::badFlows()
{
    QFETCH(QString, text);
    QFETCH(QString, flow);
    QFETCH(QString, error);
    QCOMPARE(flowError(text.toStdString(), flow.toStdString()), error);
}

// ---- MM2 configuration: connector settings -------------------------------------------------------

void Mm2ConfigTest::connectorSettingsPrecedence()
{
    const ConnectionSettings defaults = flowSettings("A->B.enabled = true\n");
    QCOMPARE(defaults.syncsLocation, ClusterSide::Source);
    QCOMPARE(defaults.policy.kind, ReplicationPolicy::Kind::Default);
    QCOMPARE(defaults.policy.separator, std::string("."));
    QCOMPARE(defaults.policy.internalTopicSeparatorEnabled, true);
    QCOMPARE(defaults.emitCheckpointsIntervalMs, int64_t{60000});
    QVERIFY(defaults.emitIntervalConfigured); // MM2's default, for a file that leaves it out
    QCOMPARE(defaults.syncGroupOffsets, std::optional<bool>(false));
    QCOMPARE(defaults.syncGroupOffsetsIntervalMs, int64_t{60000});
    QCOMPARE(defaults.offsetLagMax, int64_t{100});
    QCOMPARE(defaults.groups, (std::vector<std::string>{".*"}));
    QCOMPARE(defaults.groupsExclude, (std::vector<std::string>{"console-consumer-.*", "connect-.*", "__.*"}));
    QVERIFY(!defaults.offsetSyncsTopic && !defaults.checkpointsTopic && !defaults.heartbeatsTopic);

    const std::string extra = "A->B.enabled = true\n"
                              "B->A.enabled = true\n"
                              "offset.lag.max = 500\n"
                              "A->B.offset.lag.max = +50\n"
                              "emit.checkpoints.interval.seconds = 5 \n"
                              "B->A.emit.checkpoints.interval.seconds = 7\n"
                              "groups = app-.*, billing\n"
                              "A->B.groups.exclude = app-test\n"
                              "B->A.groups = \n"
                              "A->B.emit.checkpoints.enabled = False\n"
                              "sync.group.offsets.enabled = true\n"
                              "A->B.sync.group.offsets.interval.seconds = 2\n";
    const ConnectionSettings ab = flowSettings(extra);
    QCOMPARE(ab.syncGroupOffsets, std::optional<bool>(true));
    QCOMPARE(ab.syncGroupOffsetsIntervalMs, int64_t{2000});
    QCOMPARE(ab.offsetLagMax, int64_t{50});
    QCOMPARE(ab.emitCheckpointsIntervalMs, int64_t{5000});
    QCOMPARE(ab.groups, (std::vector<std::string>{"app-.*", "billing"}));
    QCOMPARE(ab.groupsExclude, (std::vector<std::string>{"app-test"}));
    QCOMPARE(notesOf(ab),
             QString("A->B.emit.checkpoints.enabled is false: MM2 emits no checkpoints for flow A->B"));
    const ConnectionSettings ba = flowSettings(extra, "B->A");
    QCOMPARE(ba.offsetLagMax, int64_t{500});
    QCOMPARE(ba.emitCheckpointsIntervalMs, int64_t{7000});
    QCOMPARE(ba.syncGroupOffsets, std::optional<bool>(true));
    QCOMPARE(ba.syncGroupOffsetsIntervalMs, int64_t{60000});
    QCOMPARE(ba.groups, std::vector<std::string>{}); // an empty list matches no group
    QCOMPARE(ba.groupsExclude, defaults.groupsExclude);
    QCOMPARE(notesOf(ba), QString());
}

void Mm2ConfigTest::connectorSettingErrors_data()
{
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("error");
    QTest::newRow("location") << "A->B.offset-syncs.topic.location = both  "
                              << "line 4: A->B.offset-syncs.topic.location: 'both' is not source or target";
    QTest::newRow("lag not a number") << "offset.lag.max = lots"
                                      << "line 4: offset.lag.max: 'lots' is not a whole number";
    QTest::newRow("lag two signs") << "offset.lag.max = +-5"
                                   << "line 4: offset.lag.max: '+-5' is not a whole number";
    QTest::newRow("lag too big") << "offset.lag.max = 9223372036854775808"
                                 << "line 4: offset.lag.max: '9223372036854775808' does not fit in a 64-bit "
                                    "signed integer";
    QTest::newRow("interval overflow")
        << "emit.checkpoints.interval.seconds = 9223372036854776"
        << "line 4: emit.checkpoints.interval.seconds: 9223372036854776 seconds do not fit in "
           "64-bit milliseconds";
    QTest::newRow("policy class")
        << "replication.policy.class = com.acme.CustomPolicy"
        << "line 4: replication.policy.class: replication policy 'com.acme.CustomPolicy' "
           "is not supported; driftscope knows DefaultReplicationPolicy and "
           "IdentityReplicationPolicy (org.apache.kafka.connect.mirror.*)";
    QTest::newRow("empty separator")
        << "A->B.replication.policy.separator =  "
        << "line 4: A->B.replication.policy.separator: the separator must not be empty";
    QTest::newRow("separator toggle")
        << "replication.policy.internal.topic.separator.enabled = yes"
        << "line 4: replication.policy.internal.topic.separator.enabled: 'yes' is not "
           "true or false";
}

void Mm2ConfigTest::connectorSettingErrors()
{
    QFETCH(QString, extra);
    QFETCH(QString, error);
    QCOMPARE(flowError(kTwoClusters + extra.toStdString() + "\n"), error);
}

void Mm2ConfigTest::deprecatedGroupsBlacklist()
{
    // Up to 3.9.x MM2 translates the alias (ConfigUtils.translateDeprecatedConfigs).
    const Release v39{3, 9, 2};
    const ConnectionSettings old =
        flowSettings("A->B.enabled = true\ngroups.blacklist = old-.*, tmp\n", "A->B", v39);
    QCOMPARE(old.groupsExclude, (std::vector<std::string>{"old-.*", "tmp"}));
    QCOMPARE(notesOf(old),
             QString("groups.blacklist is the deprecated name of groups.exclude; used as such"));
    const ConnectionSettings both =
        flowSettings("A->B.enabled = true\ngroups.exclude = new\nA->B.groups.blacklist = old\n", "A->B", v39);
    QCOMPARE(both.groupsExclude, (std::vector<std::string>{"new"}));
    QCOMPARE(notesOf(both), QString("A->B.groups.blacklist is ignored: groups.exclude is set"));
    const ConnectionSettings topics =
        flowSettings("A->B.enabled = true\ntopics.blacklist = tmp-.*\n", "A->B", v39);
    QCOMPARE(topics.topicsExclude, (std::optional<std::vector<std::string>>{{"tmp-.*"}}));
    QCOMPARE(notesOf(topics),
             QString("topics.blacklist is the deprecated name of topics.exclude; used as such"));
}

// From 4.0.0 the *.blacklist aliases are not read; a file using them is told so, naming the release.
void Mm2ConfigTest::blacklistIgnoredFrom4()
{
    const std::string extra = "A->B.enabled = true\n"
                              "groups.blacklist = old-.*\n"
                              "A->B.topics.blacklist = tmp-.*\n"
                              "config.properties.blacklist = segment\\.bytes\n";
    const ConnectionSettings v4 = flowSettings(extra, "A->B", {4, 0, 0});
    QCOMPARE(v4.groupsExclude, (std::vector<std::string>{"console-consumer-.*", "connect-.*", "__.*"}));
    QCOMPARE(v4.topicsExclude, std::optional<std::vector<std::string>>());
    QCOMPARE(notesOf(v4),
             QString("groups.blacklist is ignored by MM2 4.0.0 (the *.blacklist aliases were removed in "
                     "4.0.0): set groups.exclude instead\n"
                     "A->B.topics.blacklist is ignored by MM2 4.0.0 (the *.blacklist aliases were removed in "
                     "4.0.0): set topics.exclude instead\n"
                     "config.properties.blacklist is ignored by MM2 4.0.0 (the *.blacklist aliases were "
                     "removed in 4.0.0): set config.properties.exclude instead"));
    const ConnectionSettings newest =
        flowSettings("A->B.enabled = true\ngroups.exclude = new\ngroups.blacklist = old\n");
    QCOMPARE(newest.groupsExclude, (std::vector<std::string>{"new"}));
    QCOMPARE(notesOf(newest),
             QString("groups.blacklist is ignored by MM2 4.4.0 (the *.blacklist aliases were "
                     "removed in 4.0.0): set groups.exclude instead"));
    // 3.9.x has no note for config.properties.blacklist: it still works there.
    QCOMPARE(
        notesOf(flowSettings("A->B.enabled = true\nconfig.properties.blacklist = x\n", "A->B", {3, 9, 2})),
        QString());
}

// topics / topics.exclude, with the release's default exclude list (KIP-1074).
void Mm2ConfigTest::topicFilterOfTheRelease()
{
    const ConnectionSettings defaults = flowSettings("A->B.enabled = true\n");
    const auto v4 = topicSelectionFor(defaults, profileFor({4, 4, 0}));
    QVERIFY(v4.ok());
    QVERIFY(v4->topicFilter.accepts("orders.internal"));
    QVERIFY(!v4->topicFilter.accepts("mm2-offset-syncs.B.internal"));
    QVERIFY(v4->heartbeatsReplicationEnabled);
    const auto v3 = topicSelectionFor(defaults, profileFor({3, 9, 2}));
    QVERIFY(!v3->topicFilter.accepts("orders.internal"));
    QVERIFY(v3->topicFilter.accepts("orders"));

    const ConnectionSettings own =
        flowSettings("A->B.enabled = true\ntopics = orders.*, pay\ntopics.exclude = orders-tmp\n");
    QCOMPARE(own.topics, (std::vector<std::string>{"orders.*", "pay"}));
    QCOMPARE(own.topicsExclude, (std::optional<std::vector<std::string>>{{"orders-tmp"}}));
    const auto selection = topicSelectionFor(own, profileFor({3, 9, 2}));
    QVERIFY(
        selection->topicFilter.accepts("orders.internal")); // an explicit exclude list replaces the default
    QVERIFY(!selection->topicFilter.accepts("orders-tmp"));
    QVERIFY(!selection->topicFilter.accepts("payments"));
    const ConnectionSettings bad = flowSettings("A->B.enabled = true\ntopics = (\n");
    QVERIFY(topicSelectionFor(bad, profileFor(kDefaultRelease))
                .error()
                .starts_with("the topics / topics.exclude setting: "));
}

void Mm2ConfigTest::heartbeatsReplicationSwitch()
{
    const ConnectionSettings off =
        flowSettings("A->B.enabled = true\nA->B.heartbeats.replication.enabled = FALSE \n");
    QVERIFY(!off.heartbeatsReplicationEnabled);
    QCOMPARE(notesOf(off), QString());
    QVERIFY(!topicSelectionFor(off, profileFor(kDefaultRelease))->heartbeatsReplicationEnabled);
    QVERIFY(flowSettings("A->B.enabled = true\n").heartbeatsReplicationEnabled);
    QCOMPARE(flowError(kTwoClusters + "heartbeats.replication.enabled = no\n"),
             QString("line 4: heartbeats.replication.enabled: 'no' is not true or false"));
    const ConnectionSettings v39 =
        flowSettings("A->B.enabled = true\nheartbeats.replication.enabled = false\n", "A->B", {3, 9, 2});
    QVERIFY(v39.heartbeatsReplicationEnabled);
    QCOMPARE(notesOf(v39),
             QString("heartbeats.replication.enabled is not a setting of MM2 3.9.2 (it arrived in "
                     "4.0.0): heartbeats topics are always mirrored"));
}

// emit.checkpoints.enabled=false: no checkpoint tasks (2.5.0+; KAFKA-18021 made it immediate in 4.0.0).
void Mm2ConfigTest::noCheckpointsWhenEmitDisabled()
{
    const std::string extra = "A->B.enabled = true\nemit.checkpoints.enabled = false\n";
    for (const Release r : {Release{2, 5, 0}, Release{3, 9, 2}, Release{4, 0, 0}, Release{4, 4, 0}}) {
        const ConnectionSettings s = flowSettings(extra, "A->B", r);
        QVERIFY(!s.emitCheckpointsEnabled);
        QVERIFY(!checkpointsExpected(s, profileFor(r)));
        QCOMPARE(notesOf(s),
                 QString("emit.checkpoints.enabled is false: MM2 emits no checkpoints for flow A->B"));
    }
    const ConnectionSettings busy = flowSettings(extra, "A->B", {2, 4, 1});
    QVERIFY(checkpointsExpected(busy, profileFor({2, 4, 1})));
    QCOMPARE(notesOf(busy), QString("emit.checkpoints.enabled is false, but MM2 2.4.1 then emits checkpoints "
                                    "continuously (its interval becomes -1 ms)"));
    const ConnectionSettings on = flowSettings("A->B.enabled = true\n");
    QVERIFY(on.emitCheckpointsEnabled);
    QVERIFY(checkpointsExpected(on, profileFor(kDefaultRelease)));
    QCOMPARE(flowError(kTwoClusters + "emit.checkpoints.enabled = off\n"),
             QString("line 4: emit.checkpoints.enabled: 'off' is not true or false"));
}

// ---- MM2 configuration: replication policy and internal topics -------------------------------------

void Mm2ConfigTest::internalTopicsWithLocationAndSeparator()
{
    const ReleaseProfile p390 = profileFor({3, 9, 0});
    ConnectionSettings s = flowSettings("A->B.enabled = true\n"
                                        "A->B.offset-syncs.topic.location = TARGET\n"
                                        "replication.policy.separator = _ \n");
    QCOMPARE(s.syncsLocation, ClusterSide::Target);
    QCOMPARE(s.policy.separator, std::string("_"));
    InternalTopics t = internalTopicsFor(s, p390);
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs_A_internal"));
    QCOMPARE(t.offsetSyncsSide, ClusterSide::Target);
    QCOMPARE(t.checkpoints, std::string("A_checkpoints_internal"));
    QCOMPARE(t.heartbeats, std::string("heartbeats"));
    // The flow's Connect offsets topic is named with "." whatever the separator.
    QCOMPARE(t.connectOffsets, std::string("mm2-offsets.A.internal"));

    // Before 3.0.0 the location setting did not exist: the syncs topic is on the source.
    t = internalTopicsFor(s, profileFor({2, 8, 2}));
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs.B.internal"));
    QCOMPARE(t.offsetSyncsSide, ClusterSide::Source);

    s = flowSettings("replication.policy.separator = _\n"
                     "A->B.replication.policy.internal.topic.separator.enabled = false\n");
    QCOMPARE(s.policy.internalTopicSeparatorEnabled, false);
    t = internalTopicsFor(s, p390);
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs.B.internal"));
    QCOMPARE(t.checkpoints, std::string("A.checkpoints.internal"));

    // offset.storage.topic of the flow's worker: the target cluster's, then the top-level one.
    s = flowSettings("B.offset.storage.topic = b-offsets\n");
    QCOMPARE(internalTopicsFor(s, p390).connectOffsets, std::string("b-offsets"));
    s = flowSettings("B.offset.storage.topic = b-offsets\noffset.storage.topic = all-offsets\n");
    QCOMPARE(internalTopicsFor(s, p390).connectOffsets, std::string("all-offsets"));
    s = flowSettings("A.offset.storage.topic = a-offsets\n"); // the source's is another flow's worker
    QCOMPARE(internalTopicsFor(s, p390).connectOffsets, std::string("mm2-offsets.A.internal"));
    // offset.flush.interval.ms of the flow's worker: the target cluster's; the top-level one is
    // not the worker's (MM2 4.3.1 logs 60000 for it).
    QCOMPARE(s.offsetFlushIntervalMs, int64_t{60'000});
    s = flowSettings("offset.flush.interval.ms = 1000\n");
    QCOMPARE(s.offsetFlushIntervalMs, int64_t{60'000});
    s = flowSettings("B.offset.flush.interval.ms = 5000\n");
    QCOMPARE(s.offsetFlushIntervalMs, int64_t{5'000});
    QCOMPARE(flowError(kTwoClusters + "B.offset.flush.interval.ms = 0\n"),
             QString("line 4: B.offset.flush.interval.ms: must be positive"));

    s.offsetSyncsTopic = "syncs";
    s.checkpointsTopic = "cps";
    s.heartbeatsTopic = "hb";
    s.connectOffsetsTopic = "connect-offsets";
    t = internalTopicsFor(s, p390);
    QCOMPARE(t.connectOffsets, std::string("connect-offsets"));
    QCOMPARE(t.offsetSyncs, std::string("syncs"));
    QCOMPARE(t.offsetSyncsSide, ClusterSide::Source);
    QCOMPARE(t.checkpoints, std::string("cps"));
    QCOMPARE(t.heartbeats, std::string("hb"));
}

void Mm2ConfigTest::identityPolicy()
{
    for (const std::string name :
         {"IdentityReplicationPolicy", "org.apache.kafka.connect.mirror.IdentityReplicationPolicy"}) {
        const ConnectionSettings s = flowSettings("A->B.replication.policy.class = " + name + "\n");
        QCOMPARE(s.policy.kind, ReplicationPolicy::Kind::Identity);
        QCOMPARE(s.policy.identitySourceAlias, std::string("A"));
        QCOMPARE(s.policy.formatRemoteTopic("A", "orders"), std::string("orders"));
        QCOMPARE(internalTopicsFor(s, profileFor({3, 9, 0})).checkpoints,
                 std::string("A.checkpoints.internal"));
    }
    const ConnectionSettings d =
        flowSettings("replication.policy.class = org.apache.kafka.connect.mirror.DefaultReplicationPolicy\n");
    QCOMPARE(d.policy.kind, ReplicationPolicy::Kind::Default);
    // A flow-level class overrides the top-level one.
    const ConnectionSettings f = flowSettings("replication.policy.class = com.acme.Custom\n"
                                              "A->B.replication.policy.class = DefaultReplicationPolicy\n");
    QCOMPARE(f.policy.kind, ReplicationPolicy::Kind::Default);
}

QTEST_APPLESS_MAIN(Mm2ConfigTest)
#include "tst_mm2_config.moc"
