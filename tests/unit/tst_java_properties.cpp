// Reading properties text like java.util.Properties does (the syntax of mm2.properties and of
// client properties files): separators, escapes, continuations, comments, Unicode, and which of
// several assignments wins (docs/mm2-behaviour.md §1.4).
#include "model/config/java_properties.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

Properties props(const std::string& text)
{
    auto parsed = Properties::parse(text);
    if (!parsed)
        qFatal("test properties do not parse: %s", parsed.error().c_str());
    return *parsed;
}

} // namespace

class JavaPropertiesTest : public QObject {
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
};

// ---- java.util.Properties ----------------------------------------------------------------------

void JavaPropertiesTest::separators_data()
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

void JavaPropertiesTest::separators()
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

void JavaPropertiesTest::escapes()
{
    const auto entries = parseJavaProperties("k\\tey = \\t\\n\\r\\f\\\\\\q\\=\\:\\#\\!\\ x\\\"");
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), size_t{1});
    QCOMPARE(entries->front().key, std::string("k\tey"));
    QCOMPARE(entries->front().value, std::string("\t\n\r\f\\q=:#! x\""));
}

void JavaPropertiesTest::continuations_data()
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

void JavaPropertiesTest::continuations()
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

void JavaPropertiesTest::commentsAndLineNumbers()
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
    QCOMPARE(*entries, expected);
    QVERIFY(parseJavaProperties("").value().empty());
    QVERIFY(parseJavaProperties("# only \\\n# comments").value().empty());
}

void JavaPropertiesTest::unicode_data()
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

void JavaPropertiesTest::unicode()
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

void JavaPropertiesTest::malformedUnicodeNamesTheLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::newRow("bad digit") << "a=1\n\nb=\\u12G4" << 3;
    QTest::newRow("too short at end") << "b=\\u12" << 1;
    QTest::newRow("in the key") << "\\uxyz=1" << 1;
    QTest::newRow("on a continued line") << "a=1\nk = abc \\\n  \\uZZZZ" << 3;
    QTest::newRow("crlf lines") << "a=1\r\nb=2\r\nc=\\u" << 3;
}

void JavaPropertiesTest::malformedUnicodeNamesTheLine()
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

void JavaPropertiesTest::lastAssignmentWins()
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

QTEST_APPLESS_MAIN(JavaPropertiesTest)
#include "tst_java_properties.moc"
