// Reading mm2.properties like Java and MirrorMakerConfig do, and turning an MM2 flow or
// command-line pieces into librdkafka connection settings (mm2-internals.md §1.4, §3.1, §3.9, §4.2).
#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"

#include <QTest>

using namespace driftscope;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString dump(const std::vector<std::pair<std::string, std::string>>& properties)
{
    QStringList out;
    for (const auto& [key, value] : properties)
        out << q(key + "=" + value);
    return out.join("; ");
}

QString notesOf(const ConnectionSettings& settings)
{
    QStringList out;
    for (const std::string& note : settings.notes)
        out << q(note);
    return out.join("\n");
}

Properties props(const std::string& text)
{
    auto parsed = Properties::parse(text);
    if (!parsed)
        qFatal("test properties do not parse: %s", parsed.error().c_str());
    return *parsed;
}

const std::string kTwoClusters = "clusters = A, B\n"
                                 "A.bootstrap.servers = a1:9092, a2:9092\n"
                                 "B.bootstrap.servers = b1:9092\n";

// Settings of A->B (or `flow`) from kTwoClusters plus `extra`, as `release` reads them.
ConnectionSettings flowSettings(const std::string& extra, const std::optional<std::string>& flow = "A->B",
                                const Release& release = kDefaultRelease)
{
    auto settings = settingsFromMm2Config(props(kTwoClusters + extra), flow, profileFor(release));
    if (!settings)
        qFatal("settings fail: %s", settings.error().c_str());
    return *settings;
}

QString flowError(const std::string& text, const std::optional<std::string>& flow = "A->B")
{
    auto settings = settingsFromMm2Config(props(text), flow, profileFor(kDefaultRelease));
    return settings ? QString("(no error)") : q(settings.error());
}

} // namespace

class ConnectionSettingsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void separators_data();
    void separators();
    void escapes();
    void continuations_data();
    void continuations();
    void commentsAndLineNumbers();
    void unicode_data();
    void unicode();
    void malformedUnicodeNamesTheLine_data();
    void malformedUnicodeNamesTheLine();
    void lastAssignmentWins();

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
    void clientSettingsPrecedence();
    void bootstrapRequired();
    void internalTopicsWithLocationAndSeparator();
    void identityPolicy();
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

// ---- java.util.Properties ----------------------------------------------------------------------

void ConnectionSettingsTest::separators_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("equals") << "a=b"
                            << "a"
                            << "b";
    QTest::newRow("colon") << "a:b"
                           << "a"
                           << "b";
    QTest::newRow("space") << "a b"
                           << "a"
                           << "b";
    QTest::newRow("spaced equals") << "a = b"
                                   << "a"
                                   << "b";
    QTest::newRow("tab colon tab") << "a\t:\tb"
                                   << "a"
                                   << "b";
    QTest::newRow("formfeed") << "a\fb"
                              << "a"
                              << "b";
    QTest::newRow("only one separator") << "a  =  = b"
                                        << "a"
                                        << "= b";
    QTest::newRow("colon then equals") << "a := b"
                                       << "a"
                                       << "= b";
    QTest::newRow("double equals") << "a==b"
                                   << "a"
                                   << "=b";
    QTest::newRow("later equals in value") << "a=b=c"
                                           << "a"
                                           << "b=c";
    QTest::newRow("key only") << "a"
                              << "a"
                              << "";
    QTest::newRow("empty value") << "a="
                                 << "a"
                                 << "";
    QTest::newRow("trailing blanks kept") << "  a = b  "
                                          << "a"
                                          << "b  ";
    QTest::newRow("escaped space in key") << "a\\ b = c"
                                          << "a b"
                                          << "c";
    QTest::newRow("escaped equals in key") << "a\\=b=c"
                                           << "a=b"
                                           << "c";
    QTest::newRow("escaped colon in key") << "a\\:b:c"
                                          << "a:b"
                                          << "c";
    QTest::newRow("escaped backslash ends key") << "a\\\\=b"
                                                << "a\\"
                                                << "b";
    QTest::newRow("empty key") << "=b"
                               << ""
                               << "b";
    QTest::newRow("hash in value") << "a=#b !c"
                                   << "a"
                                   << "#b !c";
}

void ConnectionSettingsTest::separators()
{
    QFETCH(QString, text);
    QFETCH(QString, key);
    QFETCH(QString, value);
    const auto entries = parseJavaProperties(text.toStdString());
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), size_t{1});
    QCOMPARE(q(entries->front().key), key);
    QCOMPARE(q(entries->front().value), value);
    QCOMPARE(entries->front().line, size_t{1});
}

void ConnectionSettingsTest::escapes()
{
    const auto entries = parseJavaProperties("k\\tey = \\t\\n\\r\\f\\\\\\q\\=\\:\\#\\!\\ x\\\"");
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), size_t{1});
    QCOMPARE(entries->front().key, std::string("k\tey"));
    QCOMPARE(entries->front().value, std::string("\t\n\r\f\\q=:#! x\""));
}

void ConnectionSettingsTest::continuations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected"); // "key=value" per entry, then its line
    QTest::newRow("leading blanks dropped") << "k = one \\\n    two" << QStringList{"k=one two@1"};
    QTest::newRow("three lines") << "k = a,\\\n  b,\\\n\t c\nj = d" << QStringList{"k=a,b,c@1", "j=d@4"};
    QTest::newRow("even backslashes do not continue")
        << "k = one\\\\\ntwo" << QStringList{"k=one\\@1", "two=@2"};
    QTest::newRow("odd backslashes continue") << "k = a\\\\\\\n  b" << QStringList{"k=a\\b@1"};
    QTest::newRow("crlf") << "k = a\\\r\n  b\r\nj=c\r\n" << QStringList{"k=ab@1", "j=c@3"};
    QTest::newRow("cr only") << "k = a\\\r  b\rj=c" << QStringList{"k=ab@1", "j=c@3"};
    QTest::newRow("empty continuation line ends it") << "k=a\\\n\nj=c" << QStringList{"k=a@1", "j=c@3"};
    QTest::newRow("blank continuation line ends it") << "k=a\\\n   \nj=c" << QStringList{"k=a@1", "j=c@3"};
    QTest::newRow("backslash at end of file dropped") << "k=a\\" << QStringList{"k=a@1"};
    QTest::newRow("continued into end of file") << "k=a\\\n" << QStringList{"k=a@1"};
    QTest::newRow("comment never continues") << "# c \\\nk=v" << QStringList{"k=v@2"};
    QTest::newRow("continued line starting with hash") << "k=a\\\n  #b" << QStringList{"k=a#b@1"};
    QTest::newRow("key continued") << "lo\\\n  ng = v" << QStringList{"long=v@1"};
}

void ConnectionSettingsTest::continuations()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    const auto entries = parseJavaProperties(text.toStdString());
    QVERIFY(entries.ok());
    QStringList actual;
    for (const PropertyEntry& e : *entries)
        actual << q(e.key + "=" + e.value + "@" + std::to_string(e.line));
    QCOMPARE(actual, expected);
}

void ConnectionSettingsTest::commentsAndLineNumbers()
{
    const auto entries = parseJavaProperties("# comment\n"
                                             "  ! another = comment\n"
                                             "\n"
                                             "   \n"
                                             "\tk = v\n"
                                             "#k = w\n"
                                             "x = 1 \\\n"
                                             "    2\n"
                                             "y:3");
    QVERIFY(entries.ok());
    const std::vector<PropertyEntry> expected = {{"k", "v", 5}, {"x", "1 2", 7}, {"y", "3", 9}};
    QVERIFY(*entries == expected);
    QVERIFY(parseJavaProperties("").value().empty());
    QVERIFY(parseJavaProperties("# only \\\n# comments").value().empty());
}

void ConnectionSettingsTest::unicode_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<QByteArray>("value");
    QTest::newRow("latin") << "k=\\u00e9t\\u00E9" << QByteArray("k") << QByteArray("\xC3\xA9t\xC3\xA9");
    QTest::newRow("escaped key") << "\\u0041\\u003d=B" << QByteArray("A=") << QByteArray("B");
    // Lines are joined before escapes are read, so an escape may straddle a continuation.
    QTest::newRow("escape over a continuation") << "k = \\u00\\\n  41" << QByteArray("k") << QByteArray("A");
    QTest::newRow("nul") << "k=a\\u0000b" << QByteArray("k") << QByteArray("a\0b", 3);
    QTest::newRow("surrogate pair") << "k=\\ud83d\\ude00" << QByteArray("k")
                                    << QByteArray("\xF0\x9F\x98\x80");
    QTest::newRow("high then text") << "k=\\ud83dx" << QByteArray("k") << QByteArray("\xEF\xBF\xBDx");
    QTest::newRow("high at end") << "k=\\uD83D" << QByteArray("k") << QByteArray("\xEF\xBF\xBD");
    QTest::newRow("lone low") << "k=\\ude00!" << QByteArray("k") << QByteArray("\xEF\xBF\xBD!");
    QTest::newRow("two highs then low")
        << "k=\\ud83d\\ud83d\\ude00" << QByteArray("k") << QByteArray("\xEF\xBF\xBD\xF0\x9F\x98\x80");
    QTest::newRow("high then other escape")
        << "k=\\ud83d\\t" << QByteArray("k") << QByteArray("\xEF\xBF\xBD\t");
    QTest::newRow("raw UTF-8 passes") << QString::fromUtf8("cl\xC3\xA9 = \xE2\x9C\x93")
                                      << QByteArray("cl\xC3\xA9") << QByteArray("\xE2\x9C\x93");
}

void ConnectionSettingsTest::unicode()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, value);
    const QByteArray utf8 = text.toUtf8();
    const auto entries = parseJavaProperties(std::string_view(utf8.constData(), size_t(utf8.size())));
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), size_t{1});
    QCOMPARE(QByteArray::fromStdString(entries->front().key), key);
    QCOMPARE(QByteArray::fromStdString(entries->front().value), value);
}

void ConnectionSettingsTest::malformedUnicodeNamesTheLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::newRow("bad digit") << "a=1\n\nb=\\u12G4" << 3;
    QTest::newRow("too short at end") << "b=\\u12" << 1;
    QTest::newRow("in the key") << "\\uxyz=1" << 1;
    QTest::newRow("on a continued line") << "a=1\nk = abc \\\n  \\uZZZZ" << 3;
    QTest::newRow("crlf lines") << "a=1\r\nb=2\r\nc=\\u" << 3;
}

void ConnectionSettingsTest::malformedUnicodeNamesTheLine()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    const auto entries = parseJavaProperties(text.toStdString());
    QVERIFY(!entries.ok());
    QCOMPARE(q(entries.error()),
             QString("line %1: Malformed \\uxxxx encoding (\\u must be followed by exactly "
                     "four hex digits)")
                 .arg(line));
    QVERIFY(!Properties::parse(text.toStdString()).ok());
}

void ConnectionSettingsTest::lastAssignmentWins()
{
    const std::string text = "b = 1\na = 2\nb = 3\nc\n";
    const auto entries = parseJavaProperties(text);
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), size_t{4}); // duplicates kept, in file order
    QCOMPARE(entries->at(2).value, std::string("3"));
    const Properties p = props(text);
    QCOMPARE(p.size(), size_t{3});
    QCOMPARE(p.get("b"), std::optional<std::string>("3"));
    QCOMPARE(p.line("b"), size_t{3});
    QCOMPARE(p.get("c"), std::optional<std::string>(""));
    QCOMPARE(p.get("d"), std::optional<std::string>());
    QCOMPARE(p.line("d"), size_t{0});
    QVERIFY(p.contains("a") && !p.contains("B"));
    QCOMPARE(p.keys(), (std::vector<std::string>{"a", "b", "c"}));
}

// ---- MM2 configuration: flows --------------------------------------------------------------------

void ConnectionSettingsTest::severalEnabledFlowsNeedAChoice()
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
}

void ConnectionSettingsTest::singleEnabledFlowIsPicked()
{
    const ConnectionSettings s = flowSettings(
        "B->A.enabled = false\nA->B.enabled = TRUE\nB->A.emit.heartbeats.enabled = true\n", std::nullopt);
    QCOMPARE(s.source.alias, std::string("A"));
    QCOMPARE(s.target.alias, std::string("B"));
    QCOMPARE(notesOf(s), QString());
    QCOMPARE(dump(s.source.clientProperties), QString("bootstrap.servers=a1:9092,a2:9092"));
    QCOMPARE(dump(s.target.clientProperties), QString("bootstrap.servers=b1:9092"));
}

void ConnectionSettingsTest::noEnabledFlow()
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

void ConnectionSettingsTest::explicitFlowMayBeDisabled()
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

void ConnectionSettingsTest::badFlows_data()
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

void ConnectionSettingsTest::badFlows()
{
    QFETCH(QString, text);
    QFETCH(QString, flow);
    QFETCH(QString, error);
    QCOMPARE(flowError(text.toStdString(), flow.toStdString()), error);
}

// ---- MM2 configuration: connector settings -------------------------------------------------------

void ConnectionSettingsTest::connectorSettingsPrecedence()
{
    const ConnectionSettings defaults = flowSettings("A->B.enabled = true\n");
    QCOMPARE(defaults.syncsLocation, OffsetSyncsLocation::Source);
    QVERIFY(defaults.policy.kind == ReplicationPolicy::Kind::Default);
    QCOMPARE(defaults.policy.separator, std::string("."));
    QCOMPARE(defaults.policy.internalTopicSeparatorEnabled, true);
    QCOMPARE(defaults.emitCheckpointsIntervalMs, int64_t{60000});
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
                              "A->B.emit.checkpoints.enabled = False\n";
    const ConnectionSettings ab = flowSettings(extra);
    QCOMPARE(ab.offsetLagMax, int64_t{50});
    QCOMPARE(ab.emitCheckpointsIntervalMs, int64_t{5000});
    QCOMPARE(ab.groups, (std::vector<std::string>{"app-.*", "billing"}));
    QCOMPARE(ab.groupsExclude, (std::vector<std::string>{"app-test"}));
    QCOMPARE(notesOf(ab),
             QString("A->B.emit.checkpoints.enabled is false: MM2 emits no checkpoints for flow A->B"));
    const ConnectionSettings ba = flowSettings(extra, "B->A");
    QCOMPARE(ba.offsetLagMax, int64_t{500});
    QCOMPARE(ba.emitCheckpointsIntervalMs, int64_t{7000});
    QCOMPARE(ba.groups, std::vector<std::string>{}); // an empty list matches no group
    QCOMPARE(ba.groupsExclude, defaults.groupsExclude);
    QCOMPARE(notesOf(ba), QString());
}

void ConnectionSettingsTest::connectorSettingErrors_data()
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

void ConnectionSettingsTest::connectorSettingErrors()
{
    QFETCH(QString, extra);
    QFETCH(QString, error);
    QCOMPARE(flowError(kTwoClusters + extra.toStdString() + "\n"), error);
}

void ConnectionSettingsTest::deprecatedGroupsBlacklist()
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
void ConnectionSettingsTest::blacklistIgnoredFrom4()
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
void ConnectionSettingsTest::topicFilterOfTheRelease()
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

void ConnectionSettingsTest::heartbeatsReplicationSwitch()
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
void ConnectionSettingsTest::noCheckpointsWhenEmitDisabled()
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

// ---- MM2 configuration: clients --------------------------------------------------------------------

void ConnectionSettingsTest::clientSettingsPrecedence()
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

void ConnectionSettingsTest::bootstrapRequired()
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

void ConnectionSettingsTest::internalTopicsWithLocationAndSeparator()
{
    const ReleaseProfile p390 = profileFor({3, 9, 0});
    ConnectionSettings s = flowSettings("A->B.enabled = true\n"
                                        "A->B.offset-syncs.topic.location = TARGET\n"
                                        "replication.policy.separator = _ \n");
    QCOMPARE(s.syncsLocation, OffsetSyncsLocation::Target);
    QCOMPARE(s.policy.separator, std::string("_"));
    InternalTopics t = internalTopicsFor(s, p390);
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs_A_internal"));
    QCOMPARE(t.offsetSyncsOnSource, false);
    QCOMPARE(t.checkpoints, std::string("A_checkpoints_internal"));
    QCOMPARE(t.heartbeats, std::string("heartbeats"));

    // Before 3.0.0 the location setting did not exist: the syncs topic is on the source.
    t = internalTopicsFor(s, profileFor({2, 8, 2}));
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs.B.internal"));
    QCOMPARE(t.offsetSyncsOnSource, true);

    s = flowSettings("replication.policy.separator = _\n"
                     "A->B.replication.policy.internal.topic.separator.enabled = false\n");
    QCOMPARE(s.policy.internalTopicSeparatorEnabled, false);
    t = internalTopicsFor(s, p390);
    QCOMPARE(t.offsetSyncs, std::string("mm2-offset-syncs.B.internal"));
    QCOMPARE(t.checkpoints, std::string("A.checkpoints.internal"));

    s.offsetSyncsTopic = "syncs";
    s.checkpointsTopic = "cps";
    s.heartbeatsTopic = "hb";
    t = internalTopicsFor(s, p390);
    QCOMPARE(t.offsetSyncs, std::string("syncs"));
    QCOMPARE(t.offsetSyncsOnSource, true);
    QCOMPARE(t.checkpoints, std::string("cps"));
    QCOMPARE(t.heartbeats, std::string("hb"));
}

void ConnectionSettingsTest::identityPolicy()
{
    for (const std::string name :
         {"IdentityReplicationPolicy", "org.apache.kafka.connect.mirror.IdentityReplicationPolicy"}) {
        const ConnectionSettings s = flowSettings("A->B.replication.policy.class = " + name + "\n");
        QVERIFY(s.policy.kind == ReplicationPolicy::Kind::Identity);
        QCOMPARE(s.policy.identitySourceAlias, std::string("A"));
        QCOMPARE(s.policy.formatRemoteTopic("A", "orders"), std::string("orders"));
        QCOMPARE(internalTopicsFor(s, profileFor({3, 9, 0})).checkpoints,
                 std::string("A.checkpoints.internal"));
    }
    const ConnectionSettings d =
        flowSettings("replication.policy.class = org.apache.kafka.connect.mirror.DefaultReplicationPolicy\n");
    QVERIFY(d.policy.kind == ReplicationPolicy::Kind::Default);
    // A flow-level class overrides the top-level one.
    const ConnectionSettings f = flowSettings("replication.policy.class = com.acme.Custom\n"
                                              "A->B.replication.policy.class = DefaultReplicationPolicy\n");
    QVERIFY(f.policy.kind == ReplicationPolicy::Kind::Default);
}

void ConnectionSettingsTest::jaasCredentials_data()
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

void ConnectionSettingsTest::jaasCredentials()
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

void ConnectionSettingsTest::jaasErrorsNeverShowThePassword_data()
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

void ConnectionSettingsTest::jaasErrorsNeverShowThePassword()
{
    QFETCH(QString, jaas);
    QFETCH(QString, problem);
    const QString error = flowError(kTwoClusters + "B.sasl.jaas.config = " + jaas.toStdString() + "\n");
    QVERIFY2(error.startsWith("line 4: B.sasl.jaas.config: " + problem), qPrintable(error));
    QVERIFY2(!error.contains("hunter2"), qPrintable(error));
}

void ConnectionSettingsTest::otherLoginModulesAreSkipped()
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

void ConnectionSettingsTest::truststoresAndKeystores()
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

void ConnectionSettingsTest::ignoredSettingsInOneNote()
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

void ConnectionSettingsTest::secretKeys_data()
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

void ConnectionSettingsTest::secretKeys()
{
    QFETCH(QString, key);
    QFETCH(bool, secret);
    QCOMPARE(isSecretKey(key.toStdString()), secret);
}

void ConnectionSettingsTest::redaction()
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

void ConnectionSettingsTest::partsPrecedence()
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
    QCOMPARE(s->syncsLocation, OffsetSyncsLocation::Source);
    QCOMPARE(s->notes, std::vector<std::string>{});
    QCOMPARE(internalTopicsFor(*s, profileFor({3, 9, 0})).offsetSyncs,
             std::string("mm2-offset-syncs.west.internal"));

    const auto bare = settingsFromParts("A", "B", "a:1", "b:1", {}, nullptr, nullptr);
    QVERIFY(bare.ok());
    QCOMPARE(dump(bare->source.clientProperties), QString("bootstrap.servers=a:1"));
    QCOMPARE(dump(bare->target.clientProperties), QString("bootstrap.servers=b:1"));
}

void ConnectionSettingsTest::partsErrors_data()
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

void ConnectionSettingsTest::partsErrors()
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

QTEST_APPLESS_MAIN(ConnectionSettingsTest)
#include "tst_connection_settings.moc"
