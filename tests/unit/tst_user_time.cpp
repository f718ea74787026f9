// The times users name (model/util/user_time.h), read as the CLI read them with Qt's ISO 8601
// parser before both the CLI and the window took this one.
#include "model/util/user_time.h"

#include <QDateTime>
#include <QTest>

using namespace driftscope;

class UserTime : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void acceptedAsQtDid_data();
    void acceptedAsQtDid();
    void refused_data();
    void refused();
    void outsideTheSession();
};

void UserTime::acceptedAsQtDid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms");
    const qint64 at = 1795921920000; // 2026-11-29T03:12:00Z
    QTest::newRow("zone Z") << "2026-11-29T03:12:00Z" << at;
    QTest::newRow("lower z") << "2026-11-29T03:12:00z" << at;
    QTest::newRow("no zone is UTC") << "2026-11-29T03:12:00" << at;
    QTest::newRow("no seconds") << "2026-11-29T03:12" << at;
    QTest::newRow("space") << "2026-11-29 03:12:00Z" << at;
    QTest::newRow("date only") << "2026-11-29" << at - (3 * 60 + 12) * 60'000;
    QTest::newRow("offset") << "2026-11-29T03:12:00.250+01:00" << at - 3'600'000 + 250;
    QTest::newRow("offset without colon") << "2026-11-29T03:12:00+0100" << at - 3'600'000;
    QTest::newRow("offset hours") << "2026-11-29T03:12:00+01" << at - 3'600'000;
    QTest::newRow("negative offset") << "2026-11-29T03:12:00-00:30" << at + 1'800'000;
    QTest::newRow("+14:00") << "2026-11-29T03:12:00+14:00" << at - 14 * 3'600'000;
    QTest::newRow("one digit") << "2026-11-29T03:12:00.5Z" << at + 500;
    QTest::newRow("comma") << "2026-11-29T03:12:00,5Z" << at + 500;
    QTest::newRow("microseconds") << "2026-11-29T03:12:00.123456Z" << at + 123;
    QTest::newRow("rounded up") << "2026-11-29T03:12:00.9999Z" << at + 1000;
    QTest::newRow("end of day") << "2026-11-29T24:00:00Z" << at - (3 * 60 + 12) * 60'000 + 86'400'000;
    QTest::newRow("leap day") << "2024-02-29T00:00:00Z" << qint64{1709164800000};
    QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64{0};
    QTest::newRow("before the epoch") << "1969-12-31T23:59:59.999Z" << qint64{-1};
    QTest::newRow("year 1") << "0001-01-01T00:00:00Z" << qint64{-62135596800000};
    QTest::newRow("year 9999") << "9999-12-31T23:59:59.999Z" << qint64{253402300799999};
}

void UserTime::acceptedAsQtDid()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto parsed = parseUserTime(text.toStdString());
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().c_str());
    QCOMPARE(*parsed, ms);
    // What the CLI's Qt parser made of the same text (no zone: UTC).
    QDateTime qt = QDateTime::fromString(text, Qt::ISODateWithMs);
    QVERIFY(qt.isValid());
    if (qt.timeSpec() == Qt::LocalTime)
        qt.setTimeSpec(Qt::UTC);
    QCOMPARE(qt.toMSecsSinceEpoch(), ms);
}

void UserTime::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("qtTookIt"); // what the CLI accepts no more, and why it is fine
    QTest::newRow("word") << "yesterday" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("30 February") << "2026-02-30T00:00:00Z" << false;
    QTest::newRow("29 February 2026") << "2026-02-29" << false;
    QTest::newRow("second 60") << "2026-11-29T03:12:60Z" << false;
    QTest::newRow("24:01") << "2026-11-29T24:01:00Z" << false;
    QTest::newRow("one-digit hour") << "2026-11-29T3:12:00Z" << false;
    QTest::newRow("signed year") << "+2026-11-29T03:12:00Z" << false;
    QTest::newRow("empty fraction") << "2026-11-29T03:12:00.Z" << false;
    QTest::newRow("space before zone") << "2026-11-29T03:12:00 Z" << false;
    QTest::newRow("leading space") << " 2026-11-29T03:12:00Z" << false;
    QTest::newRow("trailing space") << "2026-11-29T03:12:00Z " << false;
    QTest::newRow("basic format") << "20261129T031200Z" << false;
    QTest::newRow("offset 25 h") << "2026-11-29T03:12:00+25:00" << false;
    QTest::newRow("offset with seconds") << "2026-11-29T03:12:00+01:00:00" << false;
    QTest::newRow("year 0") << "0000-01-01T00:00:00Z" << false;
    QTest::newRow("date then zone") << "2026-11-29Z" << false;
    // Qt took an hour without minutes; nobody writes a moment so, and 'T03' next to a date reads
    // as easily as a typo.
    QTest::newRow("hour only") << "2026-11-29T03Z" << true;
    QTest::newRow("number too large") << "9223372036854775808" << false;
    QTest::newRow("two signs") << "+-5" << false;
}

void UserTime::refused()
{
    QFETCH(QString, text);
    QFETCH(bool, qtTookIt);
    const auto parsed = parseUserTime(text.toStdString());
    QVERIFY2(!parsed.ok(), qPrintable(text));
    QCOMPARE(QString::fromStdString(parsed.error()),
             "'" + text +
                 "' is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor milliseconds since the epoch");
    QCOMPARE(QDateTime::fromString(text, Qt::ISODateWithMs).isValid(), qtTookIt);
}

void UserTime::outsideTheSession()
{
    // Milliseconds since the epoch, as Java's Long reads them.
    QCOMPARE(*parseUserTime("1795921920000"), qint64{1795921920000});
    QCOMPARE(*parseUserTime("+5"), qint64{5});
    QCOMPARE(*parseUserTime("-5"), qint64{-5});
    QCOMPARE(*parseUserTime("9223372036854775807"), INT64_MAX);
    QCOMPARE(outsideSession("--at", 10, 10, 20), std::nullopt);
    QCOMPARE(outsideSession("--at", 20, 10, 20), std::nullopt);
    QCOMPARE(outsideSession("--at", 9, 10, 20),
             std::optional<std::string>("--at 1970-01-01T00:00:00.009Z is outside the session, which covers "
                                        "1970-01-01T00:00:00.010Z to 1970-01-01T00:00:00.020Z"));
    QCOMPARE(outsideSession("--at", 21, 10, 20).has_value(), true);
}

QTEST_APPLESS_MAIN(UserTime)
#include "tst_user_time.moc"
