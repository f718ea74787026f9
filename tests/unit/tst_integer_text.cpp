// The one reader of decimal integers (model/util/integer_text.h): what it takes, what it refuses
// and the reason it gives, at both ends of int64.
#include "model/util/integer_text.h"

#include <QTest>

#include <limits>

using namespace driftscope;

class IntegerText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void accepted_data();
    void accepted();
    void refused_data();
    void refused();
};

void IntegerText::accepted_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("value");
    QTest::newRow("zero") << "0" << qint64(0);
    QTest::newRow("minus zero") << "-0" << qint64(0);
    QTest::newRow("leading zeros") << "007" << qint64(7);
    QTest::newRow("negative") << "-12" << qint64(-12);
    QTest::newRow("max") << "9223372036854775807" << std::numeric_limits<qint64>::max();
    QTest::newRow("min") << "-9223372036854775808" << std::numeric_limits<qint64>::min();
}

void IntegerText::accepted()
{
    QFETCH(QString, text);
    QFETCH(qint64, value);
    const auto parsed = parseInt64(text.toStdString());
    QVERIFY2(parsed, parsed ? "" : parsed.error().c_str());
    QCOMPARE(*parsed, value);
}

void IntegerText::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << ""
                           << "'' is not a decimal integer";
    QTest::newRow("minus only") << "-"
                                << "'-' is not a decimal integer";
    QTest::newRow("plus") << "+5"
                          << "'+5' is not a decimal integer";
    QTest::newRow("blank before") << " 5"
                                  << "' 5' is not a decimal integer";
    QTest::newRow("blank after") << "5 "
                                 << "'5 ' is not a decimal integer";
    QTest::newRow("trailing text") << "12abc"
                                   << "'12abc' is not a decimal integer";
    QTest::newRow("decimal point") << "1.0"
                                   << "'1.0' is not a decimal integer";
    QTest::newRow("hex") << "0x10"
                         << "'0x10' is not a decimal integer";
    QTest::newRow("max + 1") << "9223372036854775808"
                             << "'9223372036854775808' does not fit in a 64-bit signed integer";
    QTest::newRow("too long and trailing text") << "99999999999999999999x"
                                                << "'99999999999999999999x' is not a decimal integer";
    QTest::newRow("min - 1") << "-9223372036854775809"
                             << "'-9223372036854775809' does not fit in a 64-bit signed integer";
}

void IntegerText::refused()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    const auto parsed = parseInt64(text.toStdString());
    QVERIFY(!parsed);
    QCOMPARE(QString::fromStdString(parsed.error()), error);
}

QTEST_GUILESS_MAIN(IntegerText)
#include "tst_integer_text.moc"
