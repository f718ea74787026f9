// Release strings and the behaviour each release maps to (mm2-internals.md §7).
#include "model/core/release.h"

#include <QTest>

using namespace driftscope;

Q_DECLARE_METATYPE(driftscope::StoreKind)
Q_DECLARE_METATYPE(driftscope::TranslationRule)
Q_DECLARE_METATYPE(driftscope::NoSyncRule)
Q_DECLARE_METATYPE(driftscope::InitialLoadRule)

class ReleaseProfiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyKnownReleaseParses();
    void refusesWithTheAcceptedList_data();
    void refusesWithTheAcceptedList();
    void profiles_data();
    void profiles();
};

void ReleaseProfiles::everyKnownReleaseParses()
{
    QCOMPARE(knownReleases().size(), size_t{43});
    QCOMPARE(toString(knownReleases().front()), std::string("2.4.0"));
    QCOMPARE(toString(knownReleases().back()), std::string("3.9.2"));
    for (const Release& r : knownReleases())
        QVERIFY(parseRelease(toString(r)).value() == r);
    QCOMPARE(toString(kDefaultRelease), std::string("3.9.0"));
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
    QTest::newRow("4.0.0") << "4.0.0"
                           << "MM2 release '4.0.0' " + unknown;
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
    QVERIFY2(error.endsWith("3.9.0, 3.9.1, 3.9.2"), qPrintable(error));
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

QTEST_APPLESS_MAIN(ReleaseProfiles)
#include "tst_release.moc"
