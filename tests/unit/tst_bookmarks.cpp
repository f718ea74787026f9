// Bookmarks (model/session/bookmarks.h): which names are refused and why, the order kept, and
// --at resolving a time or a bookmark's name with the message both the CLI and the window give.
#include "model/session/bookmarks.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

class Bookmarks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesRefused_data();
    void namesRefused();
    void keptSortedByTimeThenName();
    void namesAreUnique();
    void damagedRowsAreSetAside();
    void atTakesATimeOrABookmark();
};

void Bookmarks::namesRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("problem");
    QTest::newRow("empty") << ""
                           << "a bookmark needs a name";
    QTest::newRow("leading space") << " incident"
                                   << "the bookmark name ' incident' starts or ends with a space";
    QTest::newRow("trailing space") << "incident "
                                    << "the bookmark name 'incident ' starts or ends with a space";
    QTest::newRow("tab") << "in\tcident"
                         << "the bookmark name 'in\tcident' holds a control character";
    QTest::newRow("newline") << "a\nb"
                             << "the bookmark name 'a\nb' holds a control character";
    QTest::newRow("61 characters") << QString(61, 'x')
                                   << "the bookmark name '" + QString(61, 'x') +
                                          "' is longer than 60 characters";
    QTest::newRow("a date")
        << "2026-11-29"
        << "the bookmark name '2026-11-29' reads as a time: --at would take it as that time";
    QTest::newRow("epoch ms") << "-12"
                              << "the bookmark name '-12' reads as a time: --at would take it as that time";
    QTest::newRow("60 characters") << QString(60, 'x') << "";
    QTest::newRow("60 non-ASCII characters") << QString(60, QChar(0xE9)) << ""; // 120 bytes
    QTest::newRow("inner spaces") << "failover of eu-west"
                                  << "";
    QTest::newRow("a number that is no time") << "12a"
                                              << "";
}

void Bookmarks::namesRefused()
{
    QFETCH(QString, name);
    QFETCH(QString, problem);
    QCOMPARE(QString::fromStdString(bookmarkNameProblem(name.toStdString()).value_or("")), problem);
}

void Bookmarks::keptSortedByTimeThenName()
{
    std::vector<Bookmark> all;
    QCOMPARE(addBookmark(all, {300, "late"}), std::nullopt);
    QCOMPARE(addBookmark(all, {100, "early"}), std::nullopt);
    QCOMPARE(addBookmark(all, {300, "also late"}), std::nullopt);
    QCOMPARE(addBookmark(all, {INT64_MIN, "first"}), std::nullopt);
    const std::vector<Bookmark> want = {
        {INT64_MIN, "first"}, {100, "early"}, {300, "also late"}, {300, "late"}};
    QCOMPARE(all, want);
    QCOMPARE(checkBookmarks(all), std::nullopt);
}

void Bookmarks::namesAreUnique()
{
    std::vector<Bookmark> all = {{1'795'921'920'000, "incident"}};
    QCOMPARE(
        addBookmark(all, {5, "incident"}),
        std::optional<std::string>("a bookmark named 'incident' is already at 2026-11-29T03:12:00.000Z"));
    QCOMPARE(addBookmark(all, {5, "Incident"}), std::nullopt); // names are compared as written
    QCOMPARE(all.size(), size_t(2));
    QCOMPARE(checkBookmarks({{1, "a"}, {2, "a"}}),
             std::optional<std::string>("a bookmark named 'a' is already at 1970-01-01T00:00:00.001Z"));
    QCOMPARE(findBookmark(all, "incident")->atMs, int64_t(1'795'921'920'000));
    QCOMPARE(findBookmark(all, "none"), nullptr);
}

// A file's rows: those that break a rule are set aside with the reason, the rest kept in order.
void Bookmarks::damagedRowsAreSetAside()
{
    BookmarkRows rows = sortBookmarkRows({{300, "late"}, {100, "2026-11-29"}, {200, "late"}, {50, "early"}});
    QCOMPARE(rows.kept, (std::vector<Bookmark>{{50, "early"}, {300, "late"}}));
    const std::vector<DamagedBookmark> damaged = {
        {{100, "2026-11-29"},
         "the bookmark name '2026-11-29' reads as a time: --at would take it as that time"},
        {{200, "late"}, "a bookmark named 'late' is already at 1970-01-01T00:00:00.300Z"}};
    QCOMPARE(rows.damaged, damaged);
    // Removing a name removes the damaged rows of that name too ("late" both).
    QCOMPARE(removeBookmark(rows, "late"), std::nullopt);
    QCOMPARE(rows.kept, (std::vector<Bookmark>{{50, "early"}}));
    QCOMPARE(rows.damaged, std::vector<DamagedBookmark>{damaged[0]});
    QCOMPARE(removeBookmark(rows, "2026-11-29"), std::nullopt);
    QVERIFY(rows.damaged.empty());
    QCOMPARE(removeBookmark(rows, "late"), std::optional<std::string>("no bookmark is named 'late'"));
}

void Bookmarks::atTakesATimeOrABookmark()
{
    const std::vector<Bookmark> all = {{1000, "incident"}, {2000, "failover"}};
    QCOMPARE(*resolveMoment("incident", all), int64_t(1000));
    QCOMPARE(*resolveMoment("2026-11-29T03:12:00Z", all), int64_t(1'795'921'920'000));
    QCOMPARE(*resolveMoment("42", all), int64_t(42));
    QCOMPARE(resolveMoment("Incident", all).error(),
             std::string(
                 "'Incident' is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor milliseconds since the "
                 "epoch, nor a bookmark of the session (its bookmarks: 'incident', 'failover')"));
    QCOMPARE(resolveMoment("incident", {}).error(),
             std::string(
                 "'incident' is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor milliseconds since the "
                 "epoch, nor a bookmark of the session (it has no bookmarks)"));
}

QTEST_APPLESS_MAIN(Bookmarks)
#include "tst_bookmarks.moc"
