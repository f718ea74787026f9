// Release strings and the behaviour each release maps to (docs/mm2-behaviour.md §7).
#include "model/mm2/release.h"
#include "model/mm2/release_notes.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

Q_DECLARE_METATYPE(driftscope::StoreKind)
Q_DECLARE_METATYPE(driftscope::TranslationRule)
Q_DECLARE_METATYPE(driftscope::NoSyncRule)
Q_DECLARE_METATYPE(driftscope::InitialLoadRule)
Q_DECLARE_METATYPE(driftscope::InternalTopicRule)
Q_DECLARE_METATYPE(driftscope::BlacklistAliases)
Q_DECLARE_METATYPE(driftscope::DisabledCheckpoints)
Q_DECLARE_METATYPE(driftscope::GroupListing)

class ReleaseProfiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyKnownReleaseParses();
    void kafka4Releases();
    void knownReleasesResolveToThemselves();
    void newerReleasesResolveWithAWarning_data();
    void newerReleasesResolveWithAWarning();
    void olderOrMalformedReleasesStayErrors_data();
    void olderOrMalformedReleasesStayErrors();
    void recordedReleases();
    void refusesWithTheAcceptedList_data();
    void refusesWithTheAcceptedList();
    void profiles_data();
    void profiles();
    void edgeFlags_data();
    void edgeFlags();
    void releaseNotesFollowTheProfiles();
};

void ReleaseProfiles::everyKnownReleaseParses()
{
    QCOMPARE(knownReleases().size(), size_t{56});
    QCOMPARE(toString(knownReleases().front()), std::string("2.4.0"));
    QCOMPARE(toString(knownReleases().back()), std::string("4.4.0"));
    for (const Release& r : knownReleases())
        QCOMPARE(parseRelease(toString(r)).value(), r);
    QCOMPARE(toString(kDefaultRelease), std::string("4.4.0"));
    QCOMPARE(kDefaultRelease, knownReleases().back()); // the newest
}

// Every 4.x release Maven Central publishes as org.apache.kafka:kafka-clients, in order (4.3.2 and
// 4.4.0 without connect-mirror).
void ReleaseProfiles::kafka4Releases()
{
    const std::vector<std::string> expected = {"4.0.0", "4.0.1", "4.0.2", "4.1.0", "4.1.1", "4.1.2", "4.2.0",
                                               "4.2.1", "4.2.2", "4.3.0", "4.3.1", "4.3.2", "4.4.0"};
    std::vector<std::string> known;
    for (const Release& r : knownReleases())
        if (r.major == 4)
            known.push_back(toString(r));
    QCOMPARE(known, expected);
    for (const std::string& text : expected) {
        const auto parsed = parseRelease(text);
        QVERIFY2(parsed.ok(), text.c_str());
        QCOMPARE(toString(*parsed), text);
    }
    QCOMPARE(parseRelease("4.1.1").value(), (Release{4, 1, 1}));
    QCOMPARE(parseRelease("4.3.2").value(), (Release{4, 3, 2}));
    QVERIFY(!parseRelease("4.4.1").ok()); // exact releases only: resolveRelease takes it, with a warning
    QVERIFY(parseRelease("4.4").error().starts_with("MM2 release '4.4' needs its patch level"));
}

void ReleaseProfiles::refusesWithTheAcceptedList_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("start");
    const QString unknown = "is not a known Apache Kafka release with MirrorMaker 2.";
    const QString malformed = "is not of the form MAJOR.MINOR.PATCH.";
    QTest::newRow("3.7") << "3.7"
                         << "MM2 release '3.7' needs its patch level";
    QTest::newRow("2.4") << "2.4"
                         << "MM2 release '2.4' needs its patch level";
    QTest::newRow("before MM2") << "2.3.1"
                                << "MM2 release '2.3.1' " + unknown;
    QTest::newRow("4.4.1") << "4.4.1"
                           << "MM2 release '4.4.1' " + unknown;
    QTest::newRow("5.0.0") << "5.0.0"
                           << "MM2 release '5.0.0' " + unknown;
    QTest::newRow("3.3.3") << "3.3.3"
                           << "MM2 release '3.3.3' " + unknown;
    QTest::newRow("rc") << "3.9.0-rc1"
                        << "MM2 release '3.9.0-rc1' " + malformed;
    QTest::newRow("v prefix") << "v3.9.0"
                              << "MM2 release 'v3.9.0' " + malformed;
    QTest::newRow("leading zero") << "03.9.0"
                                  << "MM2 release '03.9.0' " + malformed;
    QTest::newRow("four parts") << "3.9.0.1"
                                << "MM2 release '3.9.0.1' " + malformed;
    QTest::newRow("empty") << ""
                           << "MM2 release '' " + malformed;
    QTest::newRow("words") << "latest"
                           << "MM2 release 'latest' " + malformed;
}

void ReleaseProfiles::refusesWithTheAcceptedList()
{
    QFETCH(QString, text);
    QFETCH(QString, start);
    const auto parsed = parseRelease(text.toStdString());
    QVERIFY(!parsed.ok());
    const QString error = QString::fromStdString(parsed.error());
    QVERIFY2(error.startsWith(start), qPrintable(error));
    QVERIFY2(error.contains("Accepted releases:\n  2.4.0, 2.4.1\n"), qPrintable(error));
    QVERIFY2(error.contains("\n  3.9.0, 3.9.1, 3.9.2\n  4.0.0, 4.0.1, 4.0.2\n  4.1.0, 4.1.1, 4.1.2\n"
                            "  4.2.0, 4.2.1, 4.2.2\n  4.3.0, 4.3.1, 4.3.2\n  4.4.0"),
             qPrintable(error));
    QVERIFY2(error.endsWith("4.3.0, 4.3.1, 4.3.2\n  4.4.0"), qPrintable(error));
}

void ReleaseProfiles::knownReleasesResolveToThemselves()
{
    for (const Release& r : knownReleases()) {
        const auto resolved = resolveRelease(toString(r));
        QVERIFY2(resolved.ok(), toString(r).c_str());
        QCOMPARE(resolved->rules, r);
        QCOMPARE(resolved->asked, toString(r));
        QCOMPARE(resolved->warning, std::string());
    }
    QCOMPARE(resolveRelease("4.3.2")->rules, (Release{4, 3, 2}));
}

namespace {
const std::string kWhy =
    ": a newer release can change MM2's offset translation (3.4.1, 3.5.2 and 3.7.1 did), "
    "which a newer driftscope would know";
}

void ReleaseProfiles::newerReleasesResolveWithAWarning_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("rules");
    QTest::addColumn<QString>("warning");
    const auto ofLine = [](const char* asked, const char* rules, const char* line) {
        return QString("MM2 %1 is not a release driftscope knows; it applies the rules of %2, the newest it "
                       "knows of line %3")
                   .arg(asked, rules, line) +
               QString::fromStdString(kWhy);
    };
    const auto newest = [](const char* asked) {
        return QString(
                   "MM2 %1 is not a release driftscope knows; it applies the rules of 4.4.0, the newest it "
                   "knows")
                   .arg(asked) +
               QString::fromStdString(kWhy);
    };
    QTest::newRow("4.4.1") << "4.4.1"
                           << "4.4.0" << ofLine("4.4.1", "4.4.0", "4.4");
    QTest::newRow("4.3.3") << "4.3.3"
                           << "4.3.2" << ofLine("4.3.3", "4.3.2", "4.3");
    QTest::newRow("3.9.3") << "3.9.3"
                           << "3.9.2" << ofLine("3.9.3", "3.9.2", "3.9");
    QTest::newRow("3.5.3") << "3.5.3"
                           << "3.5.2" << ofLine("3.5.3", "3.5.2", "3.5");
    QTest::newRow("2.4.12") << "2.4.12"
                            << "2.4.1" << ofLine("2.4.12", "2.4.1", "2.4");
    QTest::newRow("4.5.0") << "4.5.0"
                           << "4.4.0" << newest("4.5.0");
    QTest::newRow("4.10.0") << "4.10.0"
                            << "4.4.0" << newest("4.10.0");
    QTest::newRow("5.0.0") << "5.0.0"
                           << "4.4.0" << newest("5.0.0");
}

void ReleaseProfiles::newerReleasesResolveWithAWarning()
{
    QFETCH(QString, text);
    QFETCH(QString, rules);
    QFETCH(QString, warning);
    const auto resolved = resolveRelease(text.toStdString());
    QVERIFY2(resolved.ok(), resolved.ok() ? "" : resolved.error().c_str());
    QCOMPARE(QString::fromStdString(toString(resolved->rules)), rules);
    QCOMPARE(QString::fromStdString(resolved->asked), text);
    QCOMPARE(QString::fromStdString(resolved->warning), warning);
    QVERIFY(!parseRelease(text.toStdString()).ok()); // parseRelease takes known releases only
}

void ReleaseProfiles::olderOrMalformedReleasesStayErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("start");
    const QString unknown =
        "is not a known Apache Kafka release with MirrorMaker 2 (a newer patch of a line "
        "below, or a release newer than 4.4.0, is taken with a warning). Accepted releases:\n"
        "  2.4.0, 2.4.1\n";
    QTest::newRow("4.4")
        << "4.4"
        << "MM2 release '4.4' needs its patch level: releases of one line can behave "
           "differently (3.4.0 vs 3.4.1, 3.7.0 vs 3.7.1). Accepted releases:\n  2.4.0, 2.4.1\n";
    QTest::newRow("2.3.0") << "2.3.0"
                           << "MM2 release '2.3.0' " + unknown;
    QTest::newRow("1.1.0") << "1.1.0"
                           << "MM2 release '1.1.0' " + unknown;
    QTest::newRow("0.0.0") << "0.0.0"
                           << "MM2 release '0.0.0' " + unknown;
    // A line between known ones (3.9 was the last of 3.x).
    QTest::newRow("3.10.0") << "3.10.0"
                            << "MM2 release '3.10.0' " + unknown;
    QTest::newRow("rc")
        << "4.5.0-rc1"
        << "MM2 release '4.5.0-rc1' is not of the form MAJOR.MINOR.PATCH. Accepted releases:\n";
    QTest::newRow("v prefix")
        << "v4.4.1"
        << "MM2 release 'v4.4.1' is not of the form MAJOR.MINOR.PATCH. Accepted releases:\n";
    QTest::newRow("empty") << ""
                           << "MM2 release '' is not of the form MAJOR.MINOR.PATCH. Accepted releases:\n";
}

void ReleaseProfiles::olderOrMalformedReleasesStayErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, start);
    const auto resolved = resolveRelease(text.toStdString());
    QVERIFY(!resolved.ok());
    const QString error = QString::fromStdString(resolved.error());
    QVERIFY2(error.startsWith(start), qPrintable(error));
    QVERIFY2(error.endsWith("4.3.0, 4.3.1, 4.3.2\n  4.4.0"), qPrintable(error));
}

void ReleaseProfiles::recordedReleases()
{
    const Release fallback{3, 9, 0};
    const ResolvedRelease none = resolveRecordedRelease("", fallback);
    QCOMPARE(none.rules, fallback);
    QCOMPARE(none.asked, std::string("3.9.0"));
    QCOMPARE(none.warning, std::string());
    const ResolvedRelease known = resolveRecordedRelease("3.4.1", fallback);
    QCOMPARE(known.rules, (Release{3, 4, 1}));
    QCOMPARE(known.warning, std::string());
    const ResolvedRelease newer = resolveRecordedRelease("4.4.1", fallback);
    QCOMPARE(newer.rules, (Release{4, 4, 0}));
    QCOMPARE(newer.asked, std::string("4.4.1"));
    QCOMPARE(newer.warning, resolveRelease("4.4.1")->warning);
    const ResolvedRelease odd = resolveRecordedRelease("2.3.0", fallback);
    QCOMPARE(odd.rules, fallback);
    QCOMPARE(odd.asked, std::string("2.3.0"));
    QCOMPARE(odd.warning, std::string("the session records MM2 release '2.3.0', which is not a release "
                                      "driftscope can apply; it applies the rules of 3.9.0"));
}

void ReleaseProfiles::profiles_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<StoreKind>("store");
    QTest::addColumn<TranslationRule>("translation");
    QTest::addColumn<NoSyncRule>("noSync");
    QTest::addColumn<InitialLoadRule>("initialLoad");
    using S = StoreKind;
    using T = TranslationRule;
    using N = NoSyncRule;
    using I = InitialLoadRule;
    QTest::newRow("2.4.0") << "2.4.0" << S::LatestOnly << T::Extrapolate << N::Identity << I::NotGated;
    QTest::newRow("3.2.3") << "3.2.3" << S::LatestOnly << T::Extrapolate << N::Identity << I::NotGated;
    QTest::newRow("3.3.0") << "3.3.0" << S::LatestOnly << T::Extrapolate << N::None << I::NotGated;
    QTest::newRow("3.4.0") << "3.4.0" << S::LatestOnly << T::Extrapolate << N::None << I::NotGated;
    QTest::newRow("3.4.1") << "3.4.1" << S::SlotsOriginal << T::CappedPlusOne << N::None << I::KeepLastOnly;
    QTest::newRow("3.5.1") << "3.5.1" << S::SlotsOriginal << T::CappedPlusOne << N::None << I::KeepLastOnly;
    QTest::newRow("3.5.2") << "3.5.2" << S::SlotsKafka15202 << T::CappedPlusOne << N::None << I::KeepLastOnly;
    QTest::newRow("3.7.0") << "3.7.0" << S::SlotsKafka15202 << T::CappedPlusOne << N::None << I::KeepLastOnly;
    QTest::newRow("3.7.1") << "3.7.1" << S::SlotsKafka15202 << T::CappedPlusOne << N::None
                           << I::KeepHistoryIfRestored;
    QTest::newRow("3.9.2") << "3.9.2" << S::SlotsKafka15202 << T::CappedPlusOne << N::None
                           << I::KeepHistoryIfRestored;
    // 4.x keeps 3.9's store and translation (docs/mm2-behaviour.md §7).
    QTest::newRow("4.0.0") << "4.0.0" << S::SlotsKafka15202 << T::CappedPlusOne << N::None
                           << I::KeepHistoryIfRestored;
    QTest::newRow("4.3.2") << "4.3.2" << S::SlotsKafka15202 << T::CappedPlusOne << N::None
                           << I::KeepHistoryIfRestored;
    QTest::newRow("4.4.0") << "4.4.0" << S::SlotsKafka15202 << T::CappedPlusOne << N::None
                           << I::KeepHistoryIfRestored;
}

void ReleaseProfiles::profiles()
{
    QFETCH(QString, release);
    QFETCH(StoreKind, store);
    QFETCH(TranslationRule, translation);
    QFETCH(NoSyncRule, noSync);
    QFETCH(InitialLoadRule, initialLoad);
    const ReleaseProfile p = profileFor(parseRelease(release.toStdString()).value());
    QCOMPARE(p.store, store);
    QCOMPARE(p.translation, translation);
    QCOMPARE(p.noSync, noSync);
    QCOMPARE(p.initialLoad, initialLoad);
    QCOMPARE(p.gatesOnReadToEnd(), initialLoad != InitialLoadRule::NotGated);
    // CheckpointFormatter's "metatadata=" typo was fixed in 3.5.1 (3.4.1 still has it).
    const bool misspelt = release == "2.4.0" || release == "3.2.3" || release == "3.3.0" ||
                          release == "3.4.0" || release == "3.4.1";
    QCOMPARE(p.checkpointLabel == MetadataLabel::Misspelt, misspelt);
}

// The 4.x edge changes of docs/mm2-behaviour.md §7, as the real connect-mirror classes have them.
void ReleaseProfiles::edgeFlags_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<InternalTopicRule>("internal");
    QTest::addColumn<BlacklistAliases>("blacklist");
    QTest::addColumn<bool>("heartbeatsToggle");
    QTest::addColumn<DisabledCheckpoints>("disabled");
    QTest::addColumn<GroupListing>("listing");
    using R = InternalTopicRule;
    using B = BlacklistAliases;
    using D = DisabledCheckpoints;
    using G = GroupListing;
    QTest::newRow("2.4.1") << "2.4.1" << R::AnyInternalSuffix << B::TranslatedToExclude << false
                           << D::BusyLoop << G::ConsumerGroups;
    QTest::newRow("2.5.0") << "2.5.0" << R::AnyInternalSuffix << B::TranslatedToExclude << false << D::NoTasks
                           << G::ConsumerGroups;
    QTest::newRow("3.9.2") << "3.9.2" << R::AnyInternalSuffix << B::TranslatedToExclude << false << D::NoTasks
                           << G::ConsumerGroups;
    QTest::newRow("4.0.0") << "4.0.0" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerGroups;
    QTest::newRow("4.0.2") << "4.0.2" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerGroups;
    QTest::newRow("4.1.0") << "4.1.0" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerAndClassicTypes;
    QTest::newRow("4.2.2") << "4.2.2" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerAndClassicTypes;
    QTest::newRow("4.3.2") << "4.3.2" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerAndClassicTypes;
    QTest::newRow("4.4.0") << "4.4.0" << R::Mm2Only << B::Ignored << true << D::NoTasksAtOnce
                           << G::ConsumerAndClassicTypes;
}

void ReleaseProfiles::edgeFlags()
{
    QFETCH(QString, release);
    QFETCH(InternalTopicRule, internal);
    QFETCH(BlacklistAliases, blacklist);
    QFETCH(bool, heartbeatsToggle);
    QFETCH(DisabledCheckpoints, disabled);
    QFETCH(GroupListing, listing);
    const ReleaseProfile p = profileFor(parseRelease(release.toStdString()).value());
    QCOMPARE(p.internalTopicRule, internal);
    QCOMPARE(p.blacklistAliases, blacklist);
    QCOMPARE(p.heartbeatsReplicationToggle, heartbeatsToggle);
    QCOMPARE(p.disabledCheckpoints, disabled);
    QCOMPARE(p.checkpointsWhenEmitDisabled(), disabled == DisabledCheckpoints::BusyLoop);
    QCOMPARE(p.groupListing, listing);
}

// The release notes come from the profiles: the lines the issue names change where the profiles
// do, and a release whose rules equal its predecessor's says so.
void ReleaseProfiles::releaseNotesFollowTheProfiles()
{
    const auto aspects = [](const char* release) {
        std::vector<std::string> out;
        for (const ReleaseChange& c : releaseChanges(parseRelease(release).value()))
            out.push_back(c.aspect);
        return out;
    };
    using Aspects = std::vector<std::string>;
    QCOMPARE(aspects("2.4.0"), Aspects{});
    QCOMPARE(releaseChangeLines(Release{2, 4, 0}),
             std::vector<std::string>{"2.4.0: the first release with MirrorMaker 2"});
    QCOMPARE(releaseChangeLines(Release{3, 4, 0}),
             std::vector<std::string>{"3.4.0: no rule driftscope models changed since 3.3.0"});
    QCOMPARE(releaseChangeLines(Release{4, 4, 1}),
             std::vector<std::string>{"4.4.1: not a release driftscope knows"});
    // Against the release before it in its history, not in version order: a patch release
    // against its line's previous one, the first of a line against the first of the line before.
    QCOMPARE(previousInHistory(Release{3, 5, 2}), std::optional<Release>(Release{3, 5, 1}));
    QCOMPARE(previousInHistory(Release{3, 6, 0}), std::optional<Release>(Release{3, 5, 0}));
    QCOMPARE(previousInHistory(Release{4, 0, 0}), std::optional<Release>(Release{3, 9, 0}));
    QCOMPARE(previousInHistory(Release{2, 4, 1}), std::optional<Release>(Release{2, 4, 0}));
    QCOMPARE(previousInHistory(Release{2, 4, 0}), std::nullopt);
    QCOMPARE(previousInHistory(Release{4, 4, 1}), std::nullopt);
    QCOMPARE(aspects("3.4.1"), (Aspects{"offset syncs", "sync sends", "offset-sync store", "slot update",
                                        "translation", "start-up", "checkpoints", "null committed offsets",
                                        "groups checkpointed", "group-offset sync memory"}));
    QCOMPARE(aspects("3.5.0"), aspects("3.4.1")); // the store came to 3.4.1 and to the 3.5 line
    QCOMPARE(aspects("3.5.2"), (Aspects{"slot update", "null target group offsets", "internal topic names"}));
    // KAFKA-15202 and the formatter label under 3.6.0 too; its null target offsets abort as
    // 3.5.0's did, until 3.6.1.
    QCOMPARE(aspects("3.6.0"),
             (Aspects{"slot update", "checkpoint formatter label", "internal topic names"}));
    QCOMPARE(aspects("3.6.1"), Aspects{"null target group offsets"});
    QCOMPARE(aspects("3.7.0"), (Aspects{"sync sends", "null target group offsets"}));
    QCOMPARE(aspects("3.7.1"), Aspects{"start-up"});
    QCOMPARE(aspects("3.8.0"), Aspects{"start-up"});
    QCOMPARE(aspects("4.0.0"),
             (Aspects{"disabled checkpoints", "internal topics", "*.blacklist settings", "heartbeats"}));
    QCOMPARE(aspects("4.1.0"), Aspects{"group listing"});
    QCOMPARE(
        releaseChangeLines(Release{4, 4, 0}),
        (std::vector<std::string>{
            "4.4.0: cycles: a topic named with a hop from the flow's source alias is a cycle too "
            "(KAFKA-9914) "
            "(4.3.0: only a hop from the flow's target alias marks a cycle)",
            "4.4.0: record versions: a checkpoint or heartbeat of another value version stops MM2 "
            "(KAFKA-20659) (4.3.0: a checkpoint or heartbeat of another value version is read as version "
            "0)"}));
    QCOMPARE(
        releaseChanges(Release{3, 4, 1})[4].now,
        std::string(
            "goes back to the newest retained sync at or before the committed offset (its "
            "downstream offset, +1 when ahead, never further): a translation never lands past the committed "
            "record"));
    QCOMPARE(storeRuleText(StoreKind::LatestOnly),
             std::string("keeps only the newest sync of each partition"));
    // Every release that changes a rule is one of the lines docs/mm2-behaviour.md §7 names.
    // 3.5.0 and 3.8.0 repeat what 3.4.1 and 3.7.1 brought to the line before.
    const std::vector<std::string> lines = {"2.5.0", "2.7.0", "3.0.0", "3.1.0", "3.3.0", "3.4.1",
                                            "3.5.0", "3.5.1", "3.5.2", "3.6.0", "3.6.1", "3.7.0",
                                            "3.7.1", "3.8.0", "4.0.0", "4.1.0", "4.4.0"};
    for (const Release& r : knownReleases())
        QCOMPARE(!releaseChanges(r).empty(),
                 std::find(lines.begin(), lines.end(), toString(r)) != lines.end());
}

QTEST_APPLESS_MAIN(ReleaseProfiles)
#include "tst_release.moc"
