// The librdkafka client settings of each cluster: from an MM2 configuration (MM2's precedence,
// Java names translated, JAAS credentials, stores, what is ignored) or from command-line pieces,
// and secrets that never show in errors, notes or dumps (docs/mm2-behaviour.md §4).
#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"
#include "support/mm2_config_text.h"

#include <QTest>

using namespace driftscope;
using namespace driftscope::test;

class ClientSettingsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clientSettingsPrecedence();
    void bootstrapRequired();
    void jaasCredentials_data();
    void jaasCredentials();
    void jaasErrorsNeverShowThePassword_data();
    void jaasErrorsNeverShowThePassword();
    void otherLoginModulesAreSkipped();
    void truststoresAndKeystores();
    void ignoredSettingsInOneNote();
    void secretKeys_data();
    void secretKeys();
    void redaction();
    void partsPrecedence();
    void partsErrors_data();
    void partsErrors();
};

// ---- MM2 configuration: clients --------------------------------------------------------------------

void ClientSettingsTest::clientSettingsPrecedence()
{
    const ConnectionSettings s = flowSettings("A->B.enabled = true\n"
                                              "security.protocol = SASL_SSL\n"
                                              "sasl.mechanism = SCRAM-SHA-512\n"
                                              "A.security.protocol = SSL\n"
                                              "A.client.id = plain\n"
                                              "A.admin.client.id = admin\n"
                                              "A.consumer.client.id = consumer\n"
                                              "A.consumer.metadata.max.age.ms = 1000\n"
                                              "B.admin.client.id = b-admin\n"
                                              "B.producer.acks = all\n"
                                              "B.producer.client.id = b-producer\n"
                                              "A->B.consumer.client.id = flow-level\n"
                                              "tasks.max = 4\n");
    QCOMPARE(dump(s.source.clientProperties),
             QString("bootstrap.servers=a1:9092,a2:9092; client.id=consumer; metadata.max.age.ms=1000; "
                     "sasl.mechanism=SCRAM-SHA-512; security.protocol=SSL"));
    QCOMPARE(dump(s.target.clientProperties),
             QString("bootstrap.servers=b1:9092; client.id=b-admin; sasl.mechanism=SCRAM-SHA-512; "
                     "security.protocol=SASL_SSL"));
    QCOMPARE(notesOf(s), QString()); // producer and connector settings are not client settings we ignore
    QCOMPARE(s.cluster(ClusterSide::Source).alias, std::string("A"));
    QCOMPARE(s.cluster(ClusterSide::Target).alias, std::string("B"));
    QCOMPARE(sideName(ClusterSide::Target), std::string_view("target"));
}

void ClientSettingsTest::bootstrapRequired()
{
    QCOMPARE(flowError("clusters = A, B\nA.bootstrap.servers = a:1\n"),
             QString("the MM2 configuration has no bootstrap servers for cluster 'B' (B.bootstrap.servers)"));
    QCOMPARE(flowError("clusters = A, B\nB.bootstrap.servers = b:1\nA.bootstrap.servers = ,\n"),
             QString("the MM2 configuration has no bootstrap servers for cluster 'A' (A.bootstrap.servers)"));
    // As in MM2, a top-level bootstrap.servers reaches every cluster (with the lowest precedence).
    const auto shared =
        settingsFromMm2Config(props("clusters = A, B\nbootstrap.servers = k:1\nB.bootstrap.servers = b:1"),
                              "A->B", profileFor(kDefaultRelease));
    QVERIFY(shared.ok());
    QCOMPARE(shared->source.property("bootstrap.servers"), std::optional<std::string>("k:1"));
    QCOMPARE(shared->target.property("bootstrap.servers"), std::optional<std::string>("b:1"));
}

void ClientSettingsTest::jaasCredentials_data()
{
    QTest::addColumn<QString>("jaas");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("module");
    QTest::newRow("plain")
        << "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\" "
           "password=\"alice-secret\";"
        << "alice"
        << "alice-secret"
        << "PlainLoginModule";
    QTest::newRow("scram escapes") << "org.apache.kafka.common.security.scram.ScramLoginModule required "
                                      "username=\"al\\\"ice\" password=\"p\\\\ss;w=rd x\";"
                                   << "al\"ice"
                                   << "p\\ss;w=rd x"
                                   << "ScramLoginModule";
    QTest::newRow("single quotes, flag case")
        << "org.apache.kafka.common.security.plain.PlainLoginModule REQUIRED "
           "password='it\"s' username='bob' ;"
        << "bob"
        << "it\"s"
        << "PlainLoginModule";
    QTest::newRow("bare words, extra option")
        << "org.apache.kafka.common.security.scram.ScramLoginModule "
           "required tokenauth = false username=carol password=s3cr3t.x;  "
        << "carol"
        << "s3cr3t.x"
        << "ScramLoginModule";
}

void ClientSettingsTest::jaasCredentials()
{
    QFETCH(QString, jaas);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(QString, module);
    // Written as mm2.properties would hold it, with a continuation line.
    std::string value = jaas.toStdString();
    std::string escaped;
    for (char c : value)
        escaped += c == '\\' ? std::string("\\\\") : std::string(1, c);
    const ConnectionSettings s = flowSettings(
        "A.security.protocol = SASL_SSL\nA.sasl.mechanism = PLAIN\nA.sasl.jaas.config = \\\n    " + escaped +
        "\n");
    QCOMPARE(s.source.property("sasl.username"), std::optional<std::string>(user.toStdString()));
    QCOMPARE(s.source.property("sasl.password"), std::optional<std::string>(password.toStdString()));
    QCOMPARE(s.source.property("sasl.jaas.config"), std::optional<std::string>());
    QCOMPARE(s.target.property("sasl.username"), std::optional<std::string>());
    QCOMPARE(notesOf(s),
             "flow A->B is not enabled (A->B.enabled is not true), so MM2 emits no offset syncs or "
             "checkpoints for it\nA.sasl.jaas.config: the " +
                 module + " username and password are used as sasl.username and sasl.password");
    QVERIFY(!notesOf(s).contains(password));

    // Explicit librdkafka credentials win over the JAAS ones.
    const ConnectionSettings e =
        flowSettings("A.sasl.username = u\nA.sasl.password = p\nA.sasl.jaas.config = " + escaped + "\n");
    QCOMPARE(e.source.property("sasl.username"), std::optional<std::string>("u"));
    QCOMPARE(e.source.property("sasl.password"), std::optional<std::string>("p"));
    QVERIFY(notesOf(e).endsWith("A.sasl.jaas.config: not used, sasl.username and sasl.password are set"));
}

void ClientSettingsTest::jaasErrorsNeverShowThePassword_data()
{
    QTest::addColumn<QString>("jaas");
    QTest::addColumn<QString>("problem");
    const QString plain = "org.apache.kafka.common.security.plain.PlainLoginModule";
    QTest::newRow("no semicolon") << plain + " required username=\"u\" password=\"hunter2-secret\""
                                  << "the value is not terminated by ';'";
    QTest::newRow("no flag") << plain + " username=\"u\" password=\"hunter2-secret\";"
                             << "the value has no control flag (required, requisite, sufficient or optional) "
                                "after the login module class";
    QTest::newRow("no password") << plain + " required username=\"hunter2-secret\";"
                                 << "the PlainLoginModule options lack username or password";
    QTest::newRow("unterminated") << plain + " required username=\"u\" password=\"hunter2-secret;"
                                  << "the value has a quoted text without its closing quote";
    QTest::newRow("space in bare value") << plain + " required username=u password=hunter2 -secret;"
                                         << "the value has an option that is not of the form name=\"value\"";
    QTest::newRow("two modules")
        << plain + " required username=u password=\"hunter2-secret\"; " + plain +
               " required username=v password=w;"
        << "the value holds more than one login module (Kafka clients take exactly one)";
    // Found by fuzz_mm2_config: the message's example repeated the value's first word.
    QTest::newRow("password pasted before the class")
        << "hunter2-secret" + plain + " required username=\"u\" password=\"p\""
        << "the value is not terminated by ';' (expected e.g. " + plain + " required";
}

void ClientSettingsTest::jaasErrorsNeverShowThePassword()
{
    QFETCH(QString, jaas);
    QFETCH(QString, problem);
    const QString error = flowError(kTwoClusters + "B.sasl.jaas.config = " + jaas.toStdString() + "\n");
    QVERIFY2(error.startsWith("line 4: B.sasl.jaas.config: " + problem), qPrintable(error));
    QVERIFY2(!error.contains("hunter2"), qPrintable(error));
}

void ClientSettingsTest::otherLoginModulesAreSkipped()
{
    const ConnectionSettings s = flowSettings(
        "A->B.enabled = true\n"
        "sasl.jaas.config = org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
        "clientId=\"id\" clientSecret=\"hunter2-secret\";\n"
        "B.sasl.jaas.config = hunter2-secret\n");
    QCOMPARE(notesOf(s),
             QString("sasl.jaas.config: the login module OAuthBearerLoginModule cannot be translated for "
                     "librdkafka; skipped (set sasl.* librdkafka properties instead)\n"
                     "B.sasl.jaas.config: an unrecognised login module cannot be translated for "
                     "librdkafka; skipped (set sasl.* librdkafka properties instead)"));
    QCOMPARE(s.source.property("sasl.password"), std::optional<std::string>());

    // Found by fuzz_mm2_config: any word with a dot and ending in LoginModule was named, so text
    // pasted into the class name (here a password) was shown.
    const ConnectionSettings pasted = flowSettings("B.sasl.jaas.config = com.acme.hunter2-secret!LoginModule "
                                                   "required username=\"u\" password=\"p\";\n");
    QCOMPARE(notesOf(pasted).split('\n').last(),
             QString("B.sasl.jaas.config: an unrecognised login module cannot be translated for "
                     "librdkafka; skipped (set sasl.* librdkafka properties instead)"));
}

void ClientSettingsTest::truststoresAndKeystores()
{
    const ConnectionSettings s = flowSettings("A->B.enabled = true\n"
                                              "A.ssl.truststore.type = PEM\n"
                                              "A.ssl.truststore.location = /etc/ca.pem\n"
                                              "A.ssl.keystore.type = PKCS12\n"
                                              "A.ssl.keystore.location = /etc/a.p12\n"
                                              "A.ssl.keystore.password = ks-secret\n"
                                              "A.ssl.endpoint.identification.algorithm =\n"
                                              "ssl.truststore.location = /etc/trust.jks\n"
                                              "ssl.truststore.password = ts-secret\n"
                                              "B.ssl.keystore.type = JKS\n"
                                              "B.ssl.keystore.location = /etc/b.jks\n"
                                              "B.ssl.keystore.password = ks-secret\n");
    QCOMPARE(dump(s.source.clientProperties),
             QString("bootstrap.servers=a1:9092,a2:9092; ssl.ca.location=/etc/ca.pem; "
                     "ssl.endpoint.identification.algorithm=none; ssl.keystore.location=/etc/a.p12; "
                     "ssl.keystore.password=ks-secret"));
    QCOMPARE(dump(s.target.clientProperties), QString("bootstrap.servers=b1:9092"));
    QCOMPARE(
        notesOf(s),
        QString("A.ssl.endpoint.identification.algorithm is empty (no host name verification): used as none\n"
                "A.ssl.truststore.location (a PEM file) is used as ssl.ca.location\n"
                "ssl.truststore.location is a JKS truststore, which librdkafka cannot read; skipped (set "
                "ssl.ca.location to a PEM file with the CA certificates instead)\n"
                "B.ssl.keystore.location is a JKS keystore, which librdkafka cannot read (it reads PKCS#12); "
                "skipped (set ssl.certificate.location and ssl.key.location to PEM files instead)"));
    QVERIFY(!notesOf(s).contains("secret"));

    // A PKCS12 truststore is skipped too, but not when ssl.ca.location is given as well.
    const ConnectionSettings p =
        flowSettings("B.ssl.truststore.type = PKCS12\nB.ssl.truststore.location = /t.p12\n"
                     "A.ssl.truststore.location = /t.jks\nA.ssl.ca.location = /ca.pem\n");
    QCOMPARE(p.source.property("ssl.ca.location"), std::optional<std::string>("/ca.pem"));
    QCOMPARE(p.target.property("ssl.ca.location"), std::optional<std::string>());
    QVERIFY(
        notesOf(p).endsWith("B.ssl.truststore.location is a PKCS12 truststore, which librdkafka cannot read; "
                            "skipped (set ssl.ca.location to a PEM file with the CA certificates instead)"));
    QVERIFY(!notesOf(p).contains("A.ssl.truststore"));
}

void ClientSettingsTest::ignoredSettingsInOneNote()
{
    const ConnectionSettings s = flowSettings("A->B.enabled = true\n"
                                              "config.providers = file\n"
                                              "tasks.max = 4\n"
                                              "ssl.enabled.protocols = TLSv1.3\n"
                                              "A.ssl.keymanager.algorithm = PKIX\n"
                                              "A.consumer.max.poll.records = 10\n"
                                              "A.consumer.group.id = mm2\n"
                                              "A.consumer.ssl.keystore.key = hunter2-secret\n"
                                              "B.config.storage.replication.factor = 1\n"
                                              "B.admin.allow.auto.create.topics = true\n");
    QCOMPARE(
        notesOf(s),
        QString("config.providers is set, but driftscope does not resolve ${provider:path:key} references; "
                "such values are used as written\n"
                "client settings that librdkafka does not take or driftscope does not need were ignored: "
                "A.consumer.group.id, A.consumer.max.poll.records, A.consumer.ssl.keystore.key, "
                "A.ssl.keymanager.algorithm, B.admin.allow.auto.create.topics, "
                "B.config.storage.replication.factor, ssl.enabled.protocols"));
    QVERIFY(!notesOf(s).contains("hunter2"));
    QCOMPARE(dump(s.target.clientProperties), QString("bootstrap.servers=b1:9092"));
}

void ClientSettingsTest::secretKeys_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("secret");
    QTest::newRow("sasl.password") << "sasl.password" << true;
    QTest::newRow("ssl.keystore.password") << "ssl.keystore.password" << true;
    QTest::newRow("ssl.key.password") << "ssl.key.password" << true;
    QTest::newRow("prefixed upper case") << "A.SSL.Truststore.PASSWORD" << true;
    QTest::newRow("jaas") << "B.consumer.sasl.jaas.config" << true;
    QTest::newRow("oauth secret") << "sasl.oauthbearer.client.secret" << true;
    QTest::newRow("token") << "sasl.oauthbearer.token.endpoint.url" << true;
    QTest::newRow("credential") << "aws.credentials.file" << true;
    QTest::newRow("basic auth") << "basic.auth.user.info" << true;
    QTest::newRow("ends in .key") << "ssl.keystore.key" << true;
    QTest::newRow("ssl.key.pem") << "ssl.key.pem" << true;
    QTest::newRow("prefixed ssl.key.pem") << "source.ssl.key.pem" << true;
    QTest::newRow("ssl_key") << "ssl_key" << true;
    QTest::newRow("oauthbearer config") << "sasl.oauthbearer.config" << true;
    QTest::newRow("oauthbearer extensions") << "sasl.oauthbearer.extensions" << true;
    QTest::newRow("prefixed oauthbearer extensions") << "A.SASL.OAuthBearer.Extensions" << true;
    QTest::newRow("sasl.username") << "sasl.username" << false;
    QTest::newRow("ssl.key.location") << "ssl.key.location" << false;
    QTest::newRow("ssl.keystore.location") << "ssl.keystore.location" << false;
    QTest::newRow("ssl.certificate.pem") << "ssl.certificate.pem" << false;
    QTest::newRow("bootstrap") << "bootstrap.servers" << false;
    QTest::newRow("keyed") << "key.deserializer" << false;
}

void ClientSettingsTest::secretKeys()
{
    QFETCH(QString, key);
    QFETCH(bool, secret);
    QCOMPARE(isSecretKey(key.toStdString()), secret);
}

void ClientSettingsTest::redaction()
{
    const std::vector<std::pair<std::string, std::string>> in = {{"bootstrap.servers", "k:9092"},
                                                                 {"sasl.username", "alice"},
                                                                 {"sasl.password", "alice-secret"},
                                                                 {"ssl.key.pem", "-----BEGIN"},
                                                                 {"ssl.key.location", "/k.pem"}};
    QCOMPARE(dump(redactedProperties(in)),
             QString("bootstrap.servers=k:9092; sasl.username=alice; sasl.password=[redacted]; "
                     "ssl.key.pem=[redacted]; ssl.key.location=/k.pem"));
}

// ---- Command-line pieces -------------------------------------------------------------------------

void ClientSettingsTest::partsPrecedence()
{
    const Properties sourceFile = props("bootstrap.servers = file:1\n"
                                        "security.protocol = sasl_ssl\n"
                                        "sasl.password = from-file\n"
                                        "enable.auto.commit = false\n");
    const Properties targetFile = props("bootstrap.servers = tfile:1\nclient.id = t\n");
    const auto s = settingsFromParts("east", "west", "flag:1", std::nullopt,
                                     {"source.sasl.password=from-x", "target.bootstrap.servers= tx:1 ",
                                      "source.ssl.ca.location=/ca=1.pem"},
                                     &sourceFile, &targetFile);
    QVERIFY(s.ok());
    QCOMPARE(s->source.alias, std::string("east"));
    QCOMPARE(s->target.alias, std::string("west"));
    QCOMPARE(dump(s->source.clientProperties),
             QString("bootstrap.servers=flag:1; enable.auto.commit=false; sasl.password=from-x; "
                     "security.protocol=sasl_ssl; ssl.ca.location=/ca=1.pem"));
    QCOMPARE(dump(s->target.clientProperties), QString("bootstrap.servers=tx:1; client.id=t"));
    QCOMPARE(s->policy.identitySourceAlias, std::string("east"));
    QCOMPARE(s->syncsLocation, ClusterSide::Source);
    QCOMPARE(s->notes, std::vector<std::string>{});
    QCOMPARE(internalTopicsFor(*s, profileFor({3, 9, 0})).offsetSyncs,
             std::string("mm2-offset-syncs.west.internal"));

    const auto bare = settingsFromParts("A", "B", "a:1", "b:1", {}, nullptr, nullptr);
    QVERIFY(bare.ok());
    QCOMPARE(dump(bare->source.clientProperties), QString("bootstrap.servers=a:1"));
    QCOMPARE(dump(bare->target.clientProperties), QString("bootstrap.servers=b:1"));
}

void ClientSettingsTest::partsErrors_data()
{
    QTest::addColumn<QStringList>("dashX");
    QTest::addColumn<QString>("targetBootstrap");
    QTest::addColumn<QString>("error");
    QTest::newRow("no side prefix") << QStringList{"sasl.password=hunter2"} << "b:1"
                                    << "-X sasl.password=...: expected source.KEY=VALUE or target.KEY=VALUE";
    QTest::newRow("no key") << QStringList{"target.=x"} << "b:1"
                            << "-X target.=...: expected source.KEY=VALUE or target.KEY=VALUE";
    QTest::newRow("no equals")
        << QStringList{"source.client.id"} << "b:1"
        << "-X source.client.id: expected source.KEY=VALUE or target.KEY=VALUE (no '=')";
    QTest::newRow("no equals, secret") << QStringList{"source.sasl.password:hunter2"} << "b:1"
                                       << "-X (an argument naming a secret setting, not shown): expected "
                                          "source.KEY=VALUE or target.KEY=VALUE (no '=')";
    QTest::newRow("no target bootstrap")
        << QStringList{"target.client.id=x"} << ""
        << "no bootstrap servers for the target cluster 'B': give "
           "--target-bootstrap HOST:PORT, -X target.bootstrap.servers=HOST:PORT or "
           "bootstrap.servers in --target-properties";
    QTest::newRow("empty target bootstrap")
        << QStringList{"target.bootstrap.servers= "} << ""
        << "no bootstrap servers for the target cluster 'B': give "
           "--target-bootstrap HOST:PORT, -X target.bootstrap.servers=HOST:PORT "
           "or bootstrap.servers in --target-properties";
}

void ClientSettingsTest::partsErrors()
{
    QFETCH(QStringList, dashX);
    QFETCH(QString, targetBootstrap);
    QFETCH(QString, error);
    std::vector<std::string> x;
    for (const QString& item : dashX)
        x.push_back(item.toStdString());
    const std::optional<std::string> target =
        targetBootstrap.isEmpty() ? std::nullopt : std::optional<std::string>(targetBootstrap.toStdString());
    const auto s = settingsFromParts("A", "B", "a:1", target, x, nullptr, nullptr);
    QVERIFY(!s.ok());
    QCOMPARE(q(s.error()), error);

    QCOMPARE(q(settingsFromParts("A", "A", "a:1", "b:1", {}, nullptr, nullptr).error()),
             QString("the source and target aliases must differ (both are 'A')"));
    QCOMPARE(q(settingsFromParts("", "B", "a:1", "b:1", {}, nullptr, nullptr).error()),
             QString("the cluster aliases must not be empty"));
}

QTEST_APPLESS_MAIN(ClientSettingsTest)
#include "tst_client_settings.moc"
