// MM2's console-formatter text (§4.6) both ways, JSON Lines records, and files mixing them.
#include "model/io/record_file.h"
#include "model/records/formatter_text.h"
#include "model/records/record_json.h"
#include "model/util/json_writer.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

Q_DECLARE_METATYPE(driftscope::MirrorRecord)

class RecordText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formatsLikeMm2();
    void parsesFormatterLines_data();
    void parsesFormatterLines();
    void rejectsMalformedLines_data();
    void rejectsMalformedLines();
    void formatParseRoundTrip();
    void malformedUtf8IsDecodedLikeJava();
    void jsonRecords_data();
    void jsonRecords();
    void rejectsMalformedJson_data();
    void rejectsMalformedJson();
    void jsonRoundTrip();
    void jsonStringsAndSkippedValues();
    void filesNumberTheirLines();
    void topicPartitionText();
};

void RecordText::formatsLikeMm2()
{
    QCOMPARE(formatOffsetSync({{"orders", 0}, 1234, 1200}),
             std::string("OffsetSync{topicPartition=orders-0, upstreamOffset=1234, downstreamOffset=1200}"));
    const Checkpoint cp{"app1", {"A.orders", 0}, 1234, 1201, "", 0};
    QCOMPARE(formatCheckpoint(cp), std::string("Checkpoint{consumerGroupId=app1, topicPartition=A.orders-0, "
                                               "upstreamOffset=1234, downstreamOffset=1201, metadata=}"));
    QCOMPARE(formatCheckpoint(cp, MetadataLabel::Misspelt),
             std::string("Checkpoint{consumerGroupId=app1, topicPartition=A.orders-0, upstreamOffset=1234, "
                         "downstreamOffset=1201, metatadata=}"));
    QCOMPARE(formatHeartbeat({"A", "B", 1700000000000, 0}),
             std::string("Heartbeat{sourceClusterAlias=A, targetClusterAlias=B, timestamp=1700000000000}"));
    QCOMPARE(formatOffsetSync({{"t", 0}, INT64_MIN, -1}),
             std::string(
                 "OffsetSync{topicPartition=t-0, upstreamOffset=-9223372036854775808, downstreamOffset=-1}"));
}

void RecordText::parsesFormatterLines_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<MirrorRecord>("record");
    QTest::newRow("sync") << "OffsetSync{topicPartition=orders-0, upstreamOffset=1234, downstreamOffset=1200}"
                          << MirrorRecord{OffsetSync{{"orders", 0}, 1234, 1200}};
    QTest::newRow("dashes and dots") << "OffsetSync{topicPartition=my-app.v2-events-17, upstreamOffset=0, "
                                        "downstreamOffset=9223372036854775807}"
                                     << MirrorRecord{OffsetSync{{"my-app.v2-events", 17}, 0, INT64_MAX}};
    QTest::newRow("utf-8 topic")
        << "OffsetSync{topicPartition=zähler-主题-3, upstreamOffset=5, downstreamOffset=6}"
        << MirrorRecord{OffsetSync{{"zähler-主题", 3}, 5, 6}};
    QTest::newRow("topic with separators")
        << "OffsetSync{topicPartition=a, upstreamOffset=1-2, upstreamOffset=7, downstreamOffset=8}"
        << MirrorRecord{OffsetSync{{"a, upstreamOffset=1", 2}, 7, 8}};
    QTest::newRow("crlf") << "OffsetSync{topicPartition=t-1, upstreamOffset=-1, downstreamOffset=-2}\r"
                          << MirrorRecord{OffsetSync{{"t", 1}, -1, -2}};
    QTest::newRow("checkpoint")
        << "Checkpoint{consumerGroupId=app1, topicPartition=A.orders-0, upstreamOffset=1234, "
           "downstreamOffset=1201, metadata=}"
        << MirrorRecord{Checkpoint{"app1", {"A.orders", 0}, 1234, 1201, "", 0}};
    QTest::newRow("checkpoint, old spelling")
        << "Checkpoint{consumerGroupId=app1, topicPartition=A.orders-0, upstreamOffset=1, "
           "downstreamOffset=2, "
           "metatadata=m}"
        << MirrorRecord{Checkpoint{"app1", {"A.orders", 0}, 1, 2, "m", 0}};
    QTest::newRow("checkpoint, free text everywhere")
        << "Checkpoint{consumerGroupId=g, topicPartition=x-1, topicPartition=B.t-2, upstreamOffset=3, "
           "downstreamOffset=4, metadata={\"a\": \"b}\", metadata=c}"
        << MirrorRecord{
               Checkpoint{"g, topicPartition=x-1", {"B.t", 2}, 3, 4, "{\"a\": \"b}\", metadata=c", 0}};
    QTest::newRow("heartbeat")
        << "Heartbeat{sourceClusterAlias=A, targetClusterAlias=B, timestamp=1700000000000}"
        << MirrorRecord{Heartbeat{"A", "B", 1700000000000, 0}};
}

void RecordText::parsesFormatterLines()
{
    QFETCH(QString, line);
    QFETCH(MirrorRecord, record);
    const auto parsed = parseFormatterLine(line.toStdString());
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().c_str());
    QCOMPARE(parsed.value(), record);
}

void RecordText::rejectsMalformedLines_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("error");
    QTest::newRow("log line") << "[2024-01-01 00:00:00,000] WARN something"
                              << "not a formatter line: expected '}' at the end";
    QTest::newRow("other object") << "Foo{a=1}"
                                  << "not an OffsetSync{...}, Checkpoint{...} or Heartbeat{...} line";
    QTest::newRow("no partition") << "OffsetSync{topicPartition=orders, upstreamOffset=1, downstreamOffset=2}"
                                  << "topicPartition 'orders' has no '-<partition>' suffix";
    QTest::newRow("bad partition")
        << "OffsetSync{topicPartition=orders-x, upstreamOffset=1, downstreamOffset=2}"
        << "topicPartition 'orders-x' does not end in '-<partition number>'";
    QTest::newRow("partition too big")
        << "OffsetSync{topicPartition=o-2147483648, upstreamOffset=1, downstreamOffset=2}"
        << "topicPartition partition '2147483648' does not fit in a 32-bit integer";
    QTest::newRow("offset too big")
        << "OffsetSync{topicPartition=o-1, upstreamOffset=9223372036854775808, downstreamOffset=2}"
        << "upstreamOffset '9223372036854775808' does not fit in a 64-bit signed integer";
    QTest::newRow("missing downstream") << "OffsetSync{topicPartition=o-1, upstreamOffset=1}"
                                        << "expected ', downstreamOffset=' at column 48";
    QTest::newRow("extra text") << "OffsetSync{topicPartition=o-1, upstreamOffset=1, downstreamOffset=2x}"
                                << "unexpected text after downstreamOffset: 'x'";
    QTest::newRow("checkpoint without metadata")
        << "Checkpoint{consumerGroupId=g, topicPartition=t-0, upstreamOffset=1, downstreamOffset=2}"
        << "expected ', upstreamOffset=<long>, downstreamOffset=<long>, metadata=' in a checkpoint";
    QTest::newRow("truncated") << "OffsetSync{topicPartition=o-1, upstreamOff"
                               << "not a formatter line: expected '}' at the end";
}

void RecordText::rejectsMalformedLines()
{
    QFETCH(QString, line);
    QFETCH(QString, error);
    const auto parsed = parseFormatterLine(line.toStdString());
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error()), error);
}

void RecordText::formatParseRoundTrip()
{
    const MirrorRecord records[] = {
        OffsetSync{{"a-b-c", 2147483647}, INT64_MIN, INT64_MAX},
        Checkpoint{"group, with=commas", {"A.t-x", 0}, -1, 0, "meta}data=", 0},
        Heartbeat{"a,b", "c", INT64_MIN, 0},
    };
    for (const MirrorRecord& r : records) {
        const auto back = parseFormatterLine(formatRecord(r));
        QVERIFY2(back.ok(), formatRecord(r).c_str());
        QCOMPARE(back.value(), r);
    }
}

// Found by fuzz_session_json: formatter text kept bytes that are not UTF-8 as they were, so the
// same topic read from the syncs topic (decoded like Java) got another name, and a JSON Lines
// export of the session held invalid UTF-8 that imported as a different name.
void RecordText::malformedUtf8IsDecodedLikeJava()
{
    const std::string fffd = "\xEF\xBF\xBD";
    const auto sync = parseFormatterLine("OffsetSync{topicPartition=or\xff\xff"
                                         "ders-0, upstreamOffset=1, "
                                         "downstreamOffset=2}");
    QVERIFY(sync.ok());
    QCOMPARE(*sync, MirrorRecord(OffsetSync{{"or" + fffd + fffd + "ders", 0}, 1, 2}));

    const auto checkpoint =
        parseFormatterLine("Checkpoint{consumerGroupId=g\xc3, topicPartition=t\xe2\x82-1, "
                           "upstreamOffset=3, downstreamOffset=4, metadata=\xed\xa0\x80}");
    QVERIFY(checkpoint.ok());
    QCOMPARE(*checkpoint, MirrorRecord(Checkpoint{"g" + fffd, {"t" + fffd, 1}, 3, 4, fffd, 0}));

    const auto heartbeat =
        parseFormatterLine("Heartbeat{sourceClusterAlias=\xc0\x80, targetClusterAlias=B\x80, timestamp=5}");
    QVERIFY(heartbeat.ok());
    QCOMPARE(*heartbeat, MirrorRecord(Heartbeat{fffd + fffd, "B" + fffd, 5, 0}));
}

void RecordText::jsonRecords_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<MirrorRecord>("record");
    QTest::newRow("sync")
        << R"({"kind":"offset-sync","topic":"orders","partition":3,"upstream":1500,"downstream":1432})"
        << MirrorRecord{OffsetSync{{"orders", 3}, 1500, 1432}};
    QTest::newRow("exact int64")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":9223372036854775807,"downstream":-9223372036854775808})"
        << MirrorRecord{OffsetSync{{"t", 0}, INT64_MAX, INT64_MIN}};
    QTest::newRow("beyond 2^53")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":9007199254740993,"downstream":1})"
        << MirrorRecord{OffsetSync{{"t", 0}, 9007199254740993, 1}};
    QTest::newRow("extra keys, decode output")
        << R"({"kind":"offset-sync","topic":"topic-1","partition":2,"upstream":3,"downstream":4,"ignored_key_bytes":0,"formatted":"OffsetSync{...}"})"
        << MirrorRecord{OffsetSync{{"topic-1", 2}, 3, 4}};
    QTest::newRow("checkpoint")
        << R"({"kind":"checkpoint","group":"g","topic":"A.t","partition":1,"upstream":5,"downstream":6,"metadata":"m"})"
        << MirrorRecord{Checkpoint{"g", {"A.t", 1}, 5, 6, "m", 0}};
    QTest::newRow("checkpoint without metadata")
        << R"({"kind":"checkpoint","group":"g","topic":"A.t","partition":1,"upstream":5,"downstream":6})"
        << MirrorRecord{Checkpoint{"g", {"A.t", 1}, 5, 6, "", 0}};
    QTest::newRow("heartbeat")
        << R"({"kind":"heartbeat","source":"A","target":"B","timestamp":1700000000000})"
        << MirrorRecord{Heartbeat{"A", "B", 1700000000000, 0}};
}

void RecordText::jsonRecords()
{
    QFETCH(QString, line);
    QFETCH(MirrorRecord, record);
    const auto parsed = parseJsonRecord(line.toStdString());
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().c_str());
    QCOMPARE(parsed.value(), record);
}

void RecordText::rejectsMalformedJson_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("error");
    QTest::newRow("syntax") << R"({"kind":)"
                            << "invalid JSON at character 9: unexpected end of the line";
    QTest::newRow("array") << "[1,2]"
                           << "invalid JSON at character 1: expected '{' (a JSON Lines record is an object)";
    QTest::newRow("duplicate key") << R"({"kind":"heartbeat","kind":"checkpoint"})"
                                   << "invalid JSON at character 21: duplicate key \"kind\"";
    QTest::newRow("leading zero") << R"({"kind":"offset-sync","topic":"t","partition":01})"
                                  << "invalid JSON at character 48: expected ',' or '}'";
    QTest::newRow("trailing text") << R"({"kind":"heartbeat"} x)"
                                   << "invalid JSON at character 22: unexpected text after the object";
    QTest::newRow("bad escape") << R"({"kind":"a\q"})"
                                << "invalid JSON at character 12: invalid escape in a string";
    QTest::newRow("too deep") << (QString(R"({"kind":"heartbeat","x":)") + QString(40, '[') +
                                  QString(40, ']') + "}")
                              << "invalid JSON at character 56: nested deeper than 32 levels";
    QTest::newRow("no kind") << R"({"topic":"t"})"
                             << "missing \"kind\" (\"offset-sync\", \"checkpoint\" or \"heartbeat\")";
    QTest::newRow("unknown kind") << R"({"kind":"sync"})"
                                  << "unknown \"kind\" \"sync\" (expected \"offset-sync\", \"checkpoint\" or "
                                     "\"heartbeat\")";
    QTest::newRow("fraction")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":1.5,"downstream":1})"
        << "\"upstream\" must be an integer from -9223372036854775808 to 9223372036854775807";
    QTest::newRow("overflow")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":9223372036854775808,"downstream":1})"
        << "\"upstream\" must be an integer from -9223372036854775808 to 9223372036854775807";
    QTest::newRow("decimal beyond 2^53")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":9007199254740993.0,"downstream":1})"
        << "\"upstream\" must be an integer from -9223372036854775808 to 9223372036854775807";
    QTest::newRow("exponent")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":1e3,"downstream":1})"
        << "\"upstream\" must be an integer from -9223372036854775808 to 9223372036854775807";
    QTest::newRow("string offset")
        << R"({"kind":"offset-sync","topic":"t","partition":0,"upstream":"1","downstream":1})"
        << "\"upstream\" must be an integer from -9223372036854775808 to 9223372036854775807";
    QTest::newRow("partition range")
        << R"({"kind":"offset-sync","topic":"t","partition":2147483648,"upstream":1,"downstream":1})"
        << "\"partition\" must be an integer from -2147483648 to 2147483647";
    QTest::newRow("missing field") << R"({"kind":"heartbeat","source":"A","timestamp":1})"
                                   << "missing \"target\"";
}

void RecordText::rejectsMalformedJson()
{
    QFETCH(QString, line);
    QFETCH(QString, error);
    const auto parsed = parseJsonRecord(line.toStdString());
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error()), error);
}

void RecordText::jsonRoundTrip()
{
    const MirrorRecord records[] = {
        OffsetSync{{"ü\"\\\n", -7}, INT64_MIN, INT64_MAX},
        Checkpoint{"g\t", {"A.t", 0}, 1, 2, std::string("\x01 control", 9), 0},
        Heartbeat{"a", "b", -1, 0},
    };
    for (const MirrorRecord& r : records) {
        JsonWriter json;
        json.beginObject();
        writeRecordFields(json, r);
        json.endObject();
        const auto back = parseJsonRecord(json.str());
        QVERIFY2(back.ok(), json.str().c_str());
        QVERIFY2(back.value() == r, json.str().c_str());
    }
}

void RecordText::jsonStringsAndSkippedValues()
{
    const auto parsed = parseJsonRecord(
        R"({"kind":"checkpoint","group":"caf\u00e9 \ud83d\ude42 \udc00","topic":"A.t\/x","partition":-0,)"
        R"("upstream":-9223372036854775808,"downstream":0,"metadata":"a\"b\\c\n","extra":{"k":[1,2.5e3,true,null]}})");
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().c_str());
    const auto& cp = std::get<Checkpoint>(parsed.value());
    QCOMPARE(cp.group, std::string("café 🙂 \xEF\xBF\xBD"));
    QCOMPARE(cp.tp.topic, std::string("A.t/x"));
    QCOMPARE(cp.tp.partition, 0);
    QCOMPARE(cp.upstream, INT64_MIN);
    QCOMPARE(cp.metadata, std::string("a\"b\\c\n"));
}

void RecordText::filesNumberTheirLines()
{
    const std::string text =
        "OffsetSync{topicPartition=t-0, upstreamOffset=1, downstreamOffset=2}\n"
        "\n"
        "   \r\n"
        "{\"kind\":\"offset-sync\",\"topic\":\"t\",\"partition\":0,\"upstream\":3,\"downstream\":4}\n"
        "garbage\n"
        "{\"kind\":1}\n"
        "Heartbeat{sourceClusterAlias=A, targetClusterAlias=B, timestamp=5}";
    const RecordFile file = parseRecordText(text);
    QCOMPARE(file.records.size(), size_t{3});
    QCOMPARE(file.records[0].line, size_t{1});
    QCOMPARE(file.records[1].line, size_t{4});
    QCOMPARE(file.records[1].record, (MirrorRecord{OffsetSync{{"t", 0}, 3, 4}}));
    QCOMPARE(file.records[2].line, size_t{7});
    QCOMPARE(file.errors.size(), size_t{2});
    QCOMPARE(file.errors[0].line, size_t{5});
    QCOMPARE(file.errors[0].message, std::string("not a formatter line: expected '}' at the end"));
    QCOMPARE(file.errors[1].line, size_t{6});
    QCOMPARE(file.errors[1].message,
             std::string("\"kind\" must be a string (\"offset-sync\", \"checkpoint\" or \"heartbeat\")"));
}

// "topic-N", parsed in one place (parseTopicPartition) for formatter text, the CLI's TP:OFFSET and
// the GUI's --partition: the partition is what follows the last '-'.
void RecordText::topicPartitionText()
{
    QCOMPARE(parseTopicPartition("orders-3").value(), (TopicPartition{"orders", 3}));
    QCOMPARE(parseTopicPartition("A.my-topic-12").value(), (TopicPartition{"A.my-topic", 12}));
    QCOMPARE(parseTopicPartition("a--1").value(), (TopicPartition{"a-", 1}));
    QCOMPARE(parseTopicPartition("t-2147483647").value(), (TopicPartition{"t", 2147483647}));
    QCOMPARE(parseTopicPartition("orders").error(), std::string("'orders' has no '-<partition>' suffix"));
    QCOMPARE(parseTopicPartition("orders-x").error(),
             std::string("'orders-x' does not end in '-<partition number>'"));
    QCOMPARE(parseTopicPartition("orders-").error(),
             std::string("'orders-' does not end in '-<partition number>'"));
    QCOMPARE(parseTopicPartition("o-2147483648").error(),
             std::string("partition '2147483648' does not fit in a 32-bit integer"));
}

QTEST_APPLESS_MAIN(RecordText)
#include "tst_record_text.moc"
