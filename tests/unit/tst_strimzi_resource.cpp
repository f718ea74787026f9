// A Strimzi KafkaMirrorMaker2 resource read as the MM2 configuration it deploys: both shapes
// (v1beta2's clusters and connectCluster, v1's target and mirrors[].source), the security Strimzi
// derives from tls and authentication, the Kubernetes Secrets that must be given with -X, and the
// Connect worker's offsets topic (docs/strimzi.md). The resources are written after Strimzi's
// documented examples (packaging/examples/mirror-maker and security/).
#include "model/config/mm2_configuration.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

namespace {

// v1 (Strimzi 0.49 on): SCRAM to both clusters over TLS, as the scram-sha-512-auth example, in
// a file that also holds the clusters' Kafka and KafkaUser resources.
const std::string kV1Scram = R"(apiVersion: kafka.strimzi.io/v1
kind: KafkaUser
metadata:
  name: cluster-b-user
spec:
  authentication:
    type: scram-sha-512
---
apiVersion: kafka.strimzi.io/v1
kind: KafkaMirrorMaker2
metadata:
  name: my-mirror-maker-2
spec:
  version: 4.3.1
  replicas: 1
  target:
    alias: cluster-b
    bootstrapServers: cluster-b-kafka-bootstrap:9093
    groupId: my-mirror-maker-2-group
    configStorageTopic: my-mirror-maker-2-config
    offsetStorageTopic: my-mirror-maker-2-offset
    statusStorageTopic: my-mirror-maker-2-status
    tls:
      trustedCertificates:
        - secretName: cluster-b-cluster-ca-cert
          pattern: "*.crt"
    authentication:
      type: scram-sha-512
      username: cluster-b-user
      passwordSecret:
        secretName: cluster-b-user
        password: password
    config:
      config.storage.replication.factor: -1
      offset.flush.interval.ms: 10000
  mirrors:
  - source:
      alias: cluster-a
      bootstrapServers: cluster-a-kafka-bootstrap:9093
      tls:
        trustedCertificates:
          - secretName: cluster-a-cluster-ca-cert
            certificate: ca.crt
      authentication:
        type: scram-sha-512
        username: cluster-a-user
        passwordSecret:
          secretName: cluster-a-user
          password: password
    sourceConnector:
      tasksMax: 1
      config:
        replication.factor: -1
        offset-syncs.topic.location: target
        offset.lag.max: 50
    checkpointConnector:
      tasksMax: 1
      config:
        emit.checkpoints.interval.seconds: 20
        sync.group.offsets.enabled: "true"
        sync.group.offsets.interval.seconds: 30
    topicsPattern: "orders|payments"
    groupsPattern: ".*"
    groupsExcludePattern: "console-.*"
)";

// v1beta2 (Strimzi up to 0.48): two sources into one target, plain TLS, the deprecated
// blacklist names, a paused connector and a worker config without offset.storage.topic.
const std::string kV1beta2 = R"(apiVersion: kafka.strimzi.io/v1beta2
kind: KafkaMirrorMaker2
metadata:
  name: hub
spec:
  version: 3.9.0
  replicas: 1
  connectCluster: "hub"
  clusters:
  - alias: "east"
    bootstrapServers: east-kafka-bootstrap:9092
  - alias: "west"
    bootstrapServers: west-kafka-bootstrap:9092
  - alias: "hub"
    bootstrapServers: hub-kafka-bootstrap:9092
    config:
      config.storage.replication.factor: -1
  mirrors:
  - sourceCluster: "east"
    targetCluster: "hub"
    sourceConnector:
      config:
        replication.policy.separator: "_"
    checkpointConnector:
      state: paused
      config:
        replication.policy.separator: "_"
    topicsBlacklistPattern: "internal-.*"
    groupsBlacklistPattern: "tmp-.*"
    groupsExcludePattern: "test-.*"
  - sourceCluster: "west"
    targetCluster: "hub"
    sourceConnector: {}
)";

Mm2Configuration parsed(const std::string& text)
{
    auto config = parseMm2Configuration(text);
    if (!config)
        qFatal("%s", config.error().c_str());
    return std::move(*config);
}

ConnectionSettings settingsOf(const std::string& text, const std::optional<std::string>& flow,
                              const std::vector<std::string>& dashX, const char* release = "4.3.1")
{
    auto settings =
        settingsFromMm2Configuration(parsed(text), flow, profileFor(parseRelease(release).value()), dashX);
    if (!settings)
        qFatal("%s", settings.error().c_str());
    return std::move(*settings);
}

QStringList properties(const ClusterConnection& c)
{
    QStringList out;
    for (const auto& [key, value] : c.clientProperties)
        out << QString::fromStdString(key + "=" + value);
    return out;
}

std::string errorOf(const std::string& text, const std::vector<std::string>& dashX = {})
{
    auto config = parseMm2Configuration(text);
    if (!config)
        return config.error();
    auto settings =
        settingsFromMm2Configuration(*config, std::nullopt, profileFor(parseRelease("4.3.1").value()), dashX);
    return settings ? std::string("no error") : settings.error();
}

} // namespace

class StrimziResource : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void v1WithScramOverTls();
    void secretsMustBeGiven();
    void v1beta2WithSeveralFlows();
    void mirrorsWithoutAConnector();
    void connectorDetails();
    void propertiesFilesStayProperties();
    void malformedResources_data();
    void malformedResources();
};

void StrimziResource::v1WithScramOverTls()
{
    const Mm2Configuration config = parsed(kV1Scram);
    QCOMPARE(config.form, std::string("Strimzi KafkaMirrorMaker2 my-mirror-maker-2"));
    QCOMPARE(config.kafkaVersion, std::string("4.3.1"));
    QCOMPARE(config.properties.get("clusters"), std::optional<std::string>("cluster-b, cluster-a"));
    QCOMPARE(config.properties.get("cluster-a->cluster-b.enabled"), std::optional<std::string>("true"));
    // Lines point into the YAML, so that errors about a setting name where it is.
    QCOMPARE(config.properties.line("cluster-a->cluster-b.offset.lag.max"), size_t{55});

    const ConnectionSettings s =
        settingsOf(kV1Scram, std::nullopt,
                   {"source.sasl.password=a-secret", "target.sasl.password=b-secret",
                    "source.ssl.ca.location=/tmp/a-ca.pem", "target.ssl.ca.location=/tmp/b-ca.pem",
                    "target.bootstrap.servers=localhost:19093"});
    QCOMPARE(s.source.alias, std::string("cluster-a"));
    QCOMPARE(s.target.alias, std::string("cluster-b"));
    QCOMPARE(properties(s.source),
             QStringList({"bootstrap.servers=cluster-a-kafka-bootstrap:9093", "sasl.mechanism=SCRAM-SHA-512",
                          "sasl.password=a-secret", "sasl.username=cluster-a-user",
                          "security.protocol=SASL_SSL", "ssl.ca.location=/tmp/a-ca.pem"}));
    // -X replaces the resource's cluster-internal address.
    QCOMPARE(properties(s.target),
             QStringList({"bootstrap.servers=localhost:19093", "sasl.mechanism=SCRAM-SHA-512",
                          "sasl.password=b-secret", "sasl.username=cluster-b-user",
                          "security.protocol=SASL_SSL", "ssl.ca.location=/tmp/b-ca.pem"}));
    // The connectors' settings are the flow's; the worker's offsets topic and flush interval are
    // where MM2's replication position is.
    QCOMPARE(s.syncsLocation, ClusterSide::Target);
    QCOMPARE(s.offsetLagMax, int64_t{50});
    QCOMPARE(s.emitCheckpointsIntervalMs, int64_t{20'000});
    QVERIFY(s.emitIntervalConfigured);
    QCOMPARE(s.syncGroupOffsets, std::optional<bool>(true));
    QCOMPARE(s.syncGroupOffsetsIntervalMs, int64_t{30'000});
    QCOMPARE(s.topics, std::vector<std::string>({"orders|payments"}));
    QCOMPARE(s.groups, std::vector<std::string>({".*"}));
    QCOMPARE(s.groupsExclude, std::vector<std::string>({"console-.*"}));
    QCOMPARE(s.connectOffsetsTopic, std::optional<std::string>("my-mirror-maker-2-offset"));
    QCOMPARE(s.offsetFlushIntervalMs, int64_t{10'000});
    const InternalTopics topics = internalTopicsFor(s, profileFor(parseRelease("4.3.1").value()));
    // On the target, MM2 names the topic after the source alias.
    QCOMPARE(QString::fromStdString(topics.offsetSyncs), QString("mm2-offset-syncs.cluster-a.internal"));
    QCOMPARE(topics.offsetSyncsSide, ClusterSide::Target);
    QCOMPARE(topics.checkpoints, std::string("cluster-a.checkpoints.internal"));
    QCOMPARE(topics.connectOffsets, std::string("my-mirror-maker-2-offset"));
    // spec.version against the release applied.
    const ConnectionSettings older = settingsOf(kV1Scram, std::nullopt,
                                                {"source.sasl.password=a", "target.sasl.password=b",
                                                 "source.ssl.ca.location=/a", "target.ssl.ca.location=/b"},
                                                "3.9.0");
    QVERIFY(std::find(
                older.notes.begin(), older.notes.end(),
                "the resource runs Kafka 4.3.1 (spec.version) and driftscope applies MM2 3.9.0's rules: give "
                "--mm2-version 4.3.1 if that release's are wanted") != older.notes.end());
}

// The resource names Secrets; driftscope never reads Kubernetes, so each must come with -X,
// and the error says which, and where the value is.
void StrimziResource::secretsMustBeGiven()
{
    QCOMPARE(
        QString::fromStdString(errorOf(
            kV1Scram, {"source.ssl.ca.location=/a", "target.ssl.ca.location=/b", "source.sasl.password=a"})),
        QString("cluster-b's sasl.password is Secret cluster-b-user, key password, which the resource only "
                "names: give -X target.sasl.password=... (driftscope never reads Kubernetes)"));
    QCOMPARE(
        QString::fromStdString(errorOf(kV1Scram, {"source.sasl.password=a", "target.sasl.password=b"})),
        QString("cluster-b's ssl.ca.location is a PEM file of the CA certificates in Secret "
                "cluster-b-cluster-ca-cert, files matching *.crt, which the resource only names: give -X "
                "target.ssl.ca.location=...; cluster-a's ssl.ca.location is a PEM file of the CA "
                "certificates in Secret cluster-a-cluster-ca-cert, key ca.crt, which the resource only "
                "names: give -X source.ssl.ca.location=... (driftscope never reads Kubernetes)"));
    const Mm2Configuration config = parsed(kV1Scram);
    auto settings = settingsFromMm2Config(config.properties, std::nullopt, profileFor(kDefaultRelease));
    QVERIFY(settings);
    QCOMPARE(secretSettingsNeeded(config, *settings),
             std::vector<std::string>({"target.ssl.ca.location", "target.sasl.password",
                                       "source.ssl.ca.location", "source.sasl.password"}));
}

void StrimziResource::v1beta2WithSeveralFlows()
{
    const Mm2Configuration config = parsed(kV1beta2);
    QCOMPARE(config.properties.get("clusters"), std::optional<std::string>("east, west, hub"));
    auto flows = enabledFlowNames(config.properties);
    QVERIFY(flows);
    QCOMPARE(*flows, std::vector<std::string>({"east->hub", "west->hub"}));
    // Two enabled flows: one must be chosen, as with mm2.properties.
    QVERIFY(errorOf(kV1beta2).find("east->hub, west->hub") != std::string::npos);

    const ConnectionSettings east = settingsOf(kV1beta2, "east->hub", {}, "3.9.0");
    QCOMPARE(properties(east.source),
             QStringList({"bootstrap.servers=east-kafka-bootstrap:9092", "security.protocol=PLAINTEXT"}));
    QCOMPARE(east.policy.separator, std::string("_"));
    // The exclude names win over the deprecated blacklist ones.
    QCOMPARE(east.topicsExclude, std::optional<std::vector<std::string>>({{"internal-.*"}}));
    QCOMPARE(east.groupsExclude, std::vector<std::string>({"test-.*"}));
    // Strimzi's default worker offsets topic when the connect cluster's config names none.
    QCOMPARE(east.connectOffsetsTopic, std::optional<std::string>("mirrormaker2-cluster-offsets"));
    QCOMPARE(east.offsetFlushIntervalMs, int64_t{60'000});
    QVERIFY(std::find(east.notes.begin(), east.notes.end(),
                      "spec.mirrors[0].checkpointConnector (line 25): the connector is paused, so it writes "
                      "nothing until it runs again") != east.notes.end());
    QCOMPARE(settingsOf(kV1beta2, "west->hub", {}, "3.9.0").policy.separator, std::string("."));
}

// Strimzi deploys only the connectors a mirror names (and, from 1.0, never a heartbeat one).
void StrimziResource::mirrorsWithoutAConnector()
{
    const ConnectionSettings west = settingsOf(kV1beta2, "west->hub", {}, "3.9.0");
    QVERIFY(!west.emitCheckpointsEnabled);
    QVERIFY(!checkpointsExpected(west, profileFor(parseRelease("3.9.0").value())));
    QVERIFY(std::find(west.notes.begin(), west.notes.end(),
                      "spec.mirrors[1] (line 31): no checkpointConnector, so west->hub emits no checkpoints "
                      "(emit.checkpoints.enabled=false)") != west.notes.end());

    std::string noSource = kV1Scram;
    const size_t from = noSource.find("    sourceConnector:");
    noSource.erase(from, noSource.find("    checkpointConnector:") - from);
    const ConnectionSettings s = settingsOf(noSource, std::nullopt,
                                            {"source.sasl.password=a", "target.sasl.password=b",
                                             "source.ssl.ca.location=/a", "target.ssl.ca.location=/b"});
    QVERIFY(s.emitCheckpointsEnabled);
    QCOMPARE(s.syncsLocation, ClusterSide::Source);
    QVERIFY(std::find(
                s.notes.begin(), s.notes.end(),
                "spec.mirrors[0] (line 37): no sourceConnector, so this resource replicates nothing and "
                "writes no offset syncs for cluster-a->cluster-b (another deployment may)") != s.notes.end());
}

// A properties file that mentions the kind in a comment's text is still a properties file; one
// whose YAML is malformed around the kind says where.
// Kubernetes reads YAML 1.1 booleans; a connector setting that differs between the two connectors
// is noted without a secret's values; a source connector's emit.checkpoints.enabled does not
// undo a missing checkpoint connector.
void StrimziResource::connectorDetails()
{
    const std::string head =
        "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: m\n"
        "spec:\n  target:\n    alias: b\n    bootstrapServers: b:9092\n"
        "    offsetStorageTopic: o\n  mirrors:\n  - source:\n      alias: a\n"
        "      bootstrapServers: a:9092\n";
    const ConnectionSettings custom = settingsOf(
        head.substr(0, head.find("  mirrors")) + "    authentication: {type: custom, sasl: True}\n" +
            head.substr(head.find("  mirrors")) + "    sourceConnector: {}\n    checkpointConnector: {}\n",
        std::nullopt, {});
    QCOMPARE(custom.target.property("security.protocol"), std::optional<std::string>("SASL_PLAINTEXT"));
    const std::string secretKey = "producer.override.sasl.jaas.config";
    const Mm2Configuration differing =
        parsed(head + "    sourceConnector:\n      config: {" + secretKey +
               ": 's3cr3t-one', emit.checkpoints.enabled: "
               "'true'}\n    checkpointConnector:\n      pause: yes\n      config: {" +
               secretKey + ": 's3cr3t-two'}\n");
    QStringList notes;
    for (const std::string& n : differing.notes)
        notes << QString::fromStdString(n);
    QCOMPARE(notes,
             QStringList({"spec.mirrors[0].checkpointConnector.config.producer.override.sasl.jaas.config "
                          "differs from sourceConnector's; checkpointConnector's is used",
                          "spec.mirrors[0].checkpointConnector (line 17): the connector is paused, so it "
                          "writes nothing until it runs again"}));
    // v1 has no *BlacklistPattern fields: Strimzi 1.x ignores them, and so does the reading.
    const ConnectionSettings v1 = settingsOf(head + "    sourceConnector: {}\n    checkpointConnector: {}\n"
                                                    "    topicsBlacklistPattern: 'important.*'\n",
                                             std::nullopt, {});
    QCOMPARE(v1.topicsExclude, std::nullopt);
    const ConnectionSettings noCheckpoints = settingsOf(
        head + "    sourceConnector:\n      config: {emit.checkpoints.enabled: 'true'}\n", std::nullopt, {});
    QVERIFY(!noCheckpoints.emitCheckpointsEnabled);
}

void StrimziResource::propertiesFilesStayProperties()
{
    const Mm2Configuration config = parsed("# mirrors what kind: KafkaMirrorMaker2 did\nclusters = A, B\n"
                                           "A.bootstrap.servers = a:9092\nB.bootstrap.servers = b:9092\n");
    QCOMPARE(config.form, std::string("mm2.properties"));
    QCOMPARE(config.properties.get("clusters"), std::optional<std::string>("A, B"));
}

void StrimziResource::malformedResources_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("error");
    const QString head = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: m\n";
    const QString target = "spec:\n  target:\n    alias: b\n    bootstrapServers: b:9092\n"
                           "    offsetStorageTopic: o\n";
    QTest::newRow("not YAML") << head + "spec: [\n"
                              << "line 6, column 1: not valid YAML: end of sequence flow not found";
    // yaml-cpp 0.7 runs out of memory on such a line (found by fuzzing): refused first.
    QTest::newRow("line starting with a comma")
        << "kind: KafkaMirrorMaker2\n---\n, x\n"
        << "line 3: starts with ',', which driftscope does not read (join it to the line before)";
    QTest::newRow("none") << "kind: KafkaMirrorMaker2x\n"
                          << "no KafkaMirrorMaker2 resource in the file";
    QTest::newRow("two") << head + target + "---\n" + head + target
                         << "2 KafkaMirrorMaker2 resources in the file: give one per file";
    QTest::newRow("no mirrors") << head + target << "spec (line 6): mirrors is missing or empty";
    // Documents before it without a kind (fuzz_strimzi_resource found yaml-cpp throwing there).
    QTest::newRow("after a document without kind")
        << "metadata: {}\n---\n- 1\n---\n" + head + target << "spec (line 10): mirrors is missing or empty";
    QTest::newRow("no source alias") << head + target +
                                            "  mirrors:\n  - source:\n      bootstrapServers: a:9092\n"
                                     << "spec.mirrors[0].source (line 12): alias is missing";
    QTest::newRow("same alias")
        << head + target + "  mirrors:\n  - source:\n      alias: b\n"
        << "spec.mirrors[0].source.alias (line 12): the alias 'b' is used twice (Strimzi "
           "wants the target and source aliases unique)";
    QTest::newRow("unknown auth")
        << head + target +
               "    authentication:\n      type: kerberos\n  mirrors:\n  - source:\n      alias: a\n"
               "      bootstrapServers: a:9092\n"
        << "spec.target.authentication.type (line 11): unknown authentication type 'kerberos' (expected tls, "
           "scram-sha-256, scram-sha-512, plain, oauth or custom)";
    QTest::newRow("config not a map")
        << head + target +
               "  mirrors:\n  - source:\n      alias: a\n      bootstrapServers: a:9092\n"
               "    sourceConnector:\n      config: [1, 2]\n"
        << "spec.mirrors[0].sourceConnector.config (line 15): expected a map of settings";
    QTest::newRow("v1beta2 unknown cluster")
        << head + "spec:\n  connectCluster: b\n  clusters:\n  - alias: b\n    bootstrapServers: b:9092\n"
                  "  mirrors:\n  - sourceCluster: a\n    targetCluster: b\n"
        << "spec.mirrors[0] (line 11): 'a' is not the alias of one of spec.clusters";
}

void StrimziResource::malformedResources()
{
    QFETCH(QString, yaml);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(errorOf(yaml.toStdString())), error);
}

QTEST_APPLESS_MAIN(StrimziResource)
#include "tst_strimzi_resource.moc"
