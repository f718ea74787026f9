// Wire codecs of MM2's internal topics: the byte examples of docs/mm2-behaviour.md §4 (Kafka's
// OffsetSyncTest/CheckpointTest/HeartbeatTest records), round trips, and malformed input.
#include "model/records/wire_codec.h"
#include "model/util/java_utf8.h"

#include "model/records/connect_offset.h"

#include <QTest>

#include <random>

using namespace driftscope;

namespace {

Bytes hex(const char* text)
{
    return parseHex(text).value();
}

std::string hexOf(const std::string& bytes)
{
    return toHex(ByteView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

} // namespace

class WireCodec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void offsetSyncBytes();
    void checkpointBytes();
    void heartbeatBytes();
    void roundTrips();
    void trailingBytesAreIgnored();
    void anyCheckpointVersionUsesTheV0Layout();
    void everyTruncationIsAnError();
    void negativeAndOversizedStringLengths();
    void oversizedStringsCannotBeEncoded();
    void javaUtf8Replacement_data();
    void javaUtf8Replacement();
    void hexParsing();
    void connectOffsets();
    void connectOffsetErrors();
};

void WireCodec::offsetSyncBytes()
{
    const OffsetSync sync{{"topic-1", 2}, 3, 4};
    const Bytes key = hex("00 07 74 6F 70 69 63 2D 31 00 00 00 02");
    const Bytes value = hex("00 00 00 00 00 00 00 03 00 00 00 00 00 00 00 04");
    QCOMPARE(encodeOffsetSyncKey(sync).value(), key);
    QCOMPARE(encodeOffsetSyncValue(sync), value);
    const auto decoded = decodeOffsetSync(key, value);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->record, sync);
    QCOMPARE(decoded->ignoredKeyBytes, size_t{0});
    QCOMPARE(decoded->ignoredValueBytes, size_t{0});
}

void WireCodec::checkpointBytes()
{
    const Checkpoint cp{"group-1", {"topic-2", 3}, 4, 5, "metadata-6", 0};
    const Bytes key = hex("00 07 67 72 6F 75 70 2D 31 00 07 74 6F 70 69 63 2D 32 00 00 00 03");
    const Bytes value = hex("00 00 | 00 00 00 00 00 00 00 04 | 00 00 00 00 00 00 00 05 |"
                            "00 0A 6D 65 74 61 64 61 74 61 2D 36");
    QCOMPARE(encodeCheckpointKey(cp).value(), key);
    QCOMPARE(encodeCheckpointValue(cp).value(), value);
    QCOMPARE(decodeCheckpoint(key, value)->record, cp);

    Checkpoint empty = cp;
    empty.metadata.clear();
    const Bytes emptyValue = encodeCheckpointValue(empty).value();
    QCOMPARE(toHex(emptyValue), std::string("00 00 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 05 00 00"));
}

void WireCodec::heartbeatBytes()
{
    const Heartbeat hb{"source-1", "target-2", 1234567890, 0};
    const Bytes key = hex("00 08 73 6F 75 72 63 65 2D 31 00 08 74 61 72 67 65 74 2D 32");
    const Bytes value = hex("00 00 00 00 00 00 49 96 02 D2");
    QCOMPARE(encodeHeartbeatKey(hb).value(), key);
    QCOMPARE(encodeHeartbeatValue(hb), value);
    QCOMPARE(decodeHeartbeat(key, value)->record, hb);
}

void WireCodec::roundTrips()
{
    std::mt19937_64 rng(42);
    const std::string names[] = {
        "", "orders", "a.b-c_d", "zäöü-主题-🙂", std::string(300, 'x'), "with space"};
    for (int i = 0; i < 2000; ++i) {
        const auto any = [&] {
            return static_cast<int64_t>(rng());
        };
        const std::string& name = names[rng() % std::size(names)];
        const OffsetSync sync{{name, static_cast<int32_t>(rng())}, any(), any()};
        QCOMPARE(decodeOffsetSync(encodeOffsetSyncKey(sync).value(), encodeOffsetSyncValue(sync))->record,
                 sync);

        const Checkpoint cp{
            names[rng() % std::size(names)], {name, static_cast<int32_t>(rng())}, any(), any(),
            names[rng() % std::size(names)], static_cast<int16_t>(rng() % 3)};
        QCOMPARE(decodeCheckpoint(encodeCheckpointKey(cp).value(), encodeCheckpointValue(cp).value())->record,
                 cp);

        const Heartbeat hb{name, names[rng() % std::size(names)], any(), 0};
        QCOMPARE(decodeHeartbeat(encodeHeartbeatKey(hb).value(), encodeHeartbeatValue(hb))->record, hb);
    }
    // The extremes of every integer field.
    const OffsetSync extremes{{"t", INT32_MIN}, INT64_MIN, INT64_MAX};
    QCOMPARE(decodeOffsetSync(encodeOffsetSyncKey(extremes).value(), encodeOffsetSyncValue(extremes))->record,
             extremes);
}

void WireCodec::trailingBytesAreIgnored()
{
    Bytes key = hex("00 07 74 6F 70 69 63 2D 31 00 00 00 02 FF FF");
    Bytes value = hex("00 00 00 00 00 00 00 03 00 00 00 00 00 00 00 04 01 02 03");
    const auto decoded = decodeOffsetSync(key, value);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->record, (OffsetSync{{"topic-1", 2}, 3, 4}));
    QCOMPARE(decoded->ignoredKeyBytes, size_t{2});
    QCOMPARE(decoded->ignoredValueBytes, size_t{3});
}

void WireCodec::anyCheckpointVersionUsesTheV0Layout()
{
    const Bytes key = hex("00 01 67 00 01 74 00 00 00 00");
    const Bytes value = hex("00 07 00 00 00 00 00 00 00 0A 00 00 00 00 00 00 00 0B 00 00");
    const auto decoded = decodeCheckpoint(key, value);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->record.version, int16_t{7});
    QCOMPARE(decoded->record.upstream, int64_t{10});
    QCOMPARE(decoded->record.downstream, int64_t{11});
}

void WireCodec::everyTruncationIsAnError()
{
    const Checkpoint cp{"group-1", {"topic-2", 3}, 4, 5, "metadata-6", 0};
    const Bytes key = encodeCheckpointKey(cp).value();
    const Bytes value = encodeCheckpointValue(cp).value();
    for (size_t n = 0; n < key.size(); ++n) {
        const auto d = decodeCheckpoint(ByteView(key.data(), n), value);
        QVERIFY2(!d.ok(), std::to_string(n).c_str());
        QVERIFY(d.error().starts_with("checkpoint key field '"));
    }
    for (size_t n = 0; n < value.size(); ++n)
        QVERIFY(!decodeCheckpoint(key, ByteView(value.data(), n)).ok());

    QCOMPARE(decodeOffsetSync(ByteView(), ByteView()).error(),
             std::string("offset-sync key field 'topic' at byte 0 needs 2 bytes (INT16) but only 0 remain"));
    QCOMPARE(
        decodeOffsetSync(hex("00 01 74 00 00 00 01"), hex("00 00 00 00 00 00 00 03 00 00")).error(),
        std::string("offset-sync value field 'offset' at byte 8 needs 8 bytes (INT64) but only 2 remain"));
    QCOMPARE(
        decodeHeartbeat(hex("00 01 41 00 01 42"), hex("00")).error(),
        std::string("heartbeat value field 'version' at byte 0 needs 2 bytes (INT16) but only 1 remain"));
}

void WireCodec::negativeAndOversizedStringLengths()
{
    QCOMPARE(decodeOffsetSync(hex("FF FD 41 42 43"), hex("")).error(),
             std::string("offset-sync key field 'topic' at byte 0 has negative length -3"));
    QCOMPARE(decodeOffsetSync(hex("00 09 41 42 43"), hex("")).error(),
             std::string("offset-sync key field 'topic' at byte 0 has length 9 but only 3 bytes follow"));
    QCOMPARE(decodeCheckpoint(hex("00 01 67 80 00"), hex("")).error(),
             std::string("checkpoint key field 'topic' at byte 3 has negative length -32768"));
}

void WireCodec::oversizedStringsCannotBeEncoded()
{
    const OffsetSync tooLong{{std::string(32768, 't'), 0}, 1, 2};
    QVERIFY(!encodeOffsetSyncKey(tooLong).ok());
    QCOMPARE(encodeOffsetSyncKey(tooLong).error(),
             std::string("offset-sync key field 'topic' is 32768 bytes long; a STRING holds at most 32767"));
    const OffsetSync longest{{std::string(32767, 't'), 0}, 1, 2};
    QCOMPARE(decodeOffsetSync(encodeOffsetSyncKey(longest).value(), encodeOffsetSyncValue(longest))->record,
             longest);
}

void WireCodec::javaUtf8Replacement_data()
{
    // Input bytes and what `new String(bytes, UTF_8)` gives (re-encoded as UTF-8), printed by
    // OpenJDK 17. EF BF BD is U+FFFD.
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("java");
    const char* cases[][2] = {
        {"6162", "6162"},
        {"C3A9", "C3A9"},
        {"C3", "EFBFBD"},
        {"C341", "EFBFBD41"},
        {"E282AC", "E282AC"},
        {"E282", "EFBFBD"},
        {"E28241", "EFBFBD41"},
        {"E08080", "EFBFBDEFBFBDEFBFBD"},
        {"EDA080", "EFBFBD"},
        {"EDA0", "EFBFBD"},
        {"F09F9880", "F09F9880"},
        {"F09F98", "EFBFBD"},
        {"F09F9841", "EFBFBD41"},
        {"F09F", "EFBFBD"},
        {"F4908080", "EFBFBDEFBFBDEFBFBDEFBFBD"},
        {"F5808080", "EFBFBDEFBFBDEFBFBDEFBFBD"},
        {"FF", "EFBFBD"},
        {"80", "EFBFBD"},
        {"C0AF", "EFBFBDEFBFBD"},
        {"E0A0", "EFBFBD"},
        {"F0808080", "EFBFBDEFBFBDEFBFBDEFBFBD"},
        {"F08F", "EFBFBDEFBFBD"},
        {"41F09F984142", "41EFBFBD4142"},
        {"EFBFBD", "EFBFBD"},
        {"E0", "EFBFBD"},
        {"F0", "EFBFBD"},
        {"F09F41", "EFBFBD41"},
        {"ED9FBF", "ED9FBF"},
        {"EE8080", "EE8080"},
    };
    for (const auto& c : cases)
        QTest::newRow(c[0]) << c[0] << c[1];
}

void WireCodec::javaUtf8Replacement()
{
    QFETCH(QString, input);
    QFETCH(QString, java);
    const Bytes in = hex(input.toLatin1().constData());
    const std::string decoded =
        decodeUtf8LikeJava(std::string_view(reinterpret_cast<const char*>(in.data()), in.size()));
    QCOMPARE(QString::fromStdString(hexOf(decoded)).remove(' '), java);
}

void WireCodec::hexParsing()
{
    QCOMPARE(parseHex("0x00 0a:FF").value(), (Bytes{0x00, 0x0A, 0xFF}));
    QCOMPARE(parseHex("").value(), Bytes{});
    QCOMPARE(parseHex("0g").error(), std::string("not a hexadecimal digit at character 2: 'g'"));
    QCOMPARE(parseHex("abc").error(), std::string("odd number of hexadecimal digits"));
    QCOMPARE(toHex(Bytes{0x00, 0xAB}), std::string("00 AB"));
}

QTEST_APPLESS_MAIN(WireCodec)
namespace {

Bytes text(std::string_view t)
{
    return Bytes(t.begin(), t.end());
}

Result<ConnectOffsetRecord> decodeText(std::optional<std::string_view> key,
                                       std::optional<std::string_view> value)
{
    std::optional<Bytes> k, v;
    if (key)
        k = text(*key);
    if (value)
        v = text(*value);
    return decodeConnectOffset(k ? std::optional<ByteView>(*k) : std::nullopt,
                               v ? std::optional<ByteView>(*v) : std::nullopt);
}

} // namespace

// What Connect's JSON converter writes for MirrorSourceTask's offsets, byte for byte, and what
// MM2's other connectors write beside them.
void WireCodec::connectOffsets()
{
    const std::string key = R"(["MirrorSourceConnector",{"cluster":"A","partition":3,"topic":"orders"}])";
    const ConnectPosition expected{"MirrorSourceConnector", "A", {"orders", 3}, 1234};
    auto decoded = decodeText(key, R"({"offset":1234})");
    QVERIFY(decoded.ok());
    QVERIFY(decoded->kind == ConnectOffsetRecord::Kind::Position);
    QCOMPARE(decoded->position, expected);
    QCOMPARE(encodeConnectOffsetKey(expected), text(key));
    QCOMPARE(encodeConnectOffsetValue(expected).value(), text(R"({"offset":1234})"));
    // Field order and spaces are the converter's business; the largest record offset stays exact.
    decoded =
        decodeText(R"( [ "A->B.MirrorSourceConnector" , {"topic":"t","partition":0,"cluster":"east"} ] )",
                   R"({"offset":9223372036854775806})");
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->position,
             (ConnectPosition{"A->B.MirrorSourceConnector", "east", {"t", 0}, INT64_MAX - 1}));
    // A tombstone removes the position.
    decoded = decodeText(key, std::nullopt);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->position.offset, std::optional<int64_t>());
    QVERIFY(!encodeConnectOffsetValue(decoded->position));
    // MirrorCheckpointConnector's and MirrorHeartbeatConnector's offsets are not positions.
    for (const char* other :
         {R"(["MirrorCheckpointConnector",{"group":"g","partition":0,"topic":"orders"}])",
          R"(["MirrorHeartbeatConnector",{"sourceClusterAlias":"A","targetClusterAlias":"B"}])",
          R"(["my-jdbc",{"cluster":"A","partition":0,"topic":"t","table":"x"}])"}) {
        decoded = decodeText(other, R"({"offset":5})");
        QVERIFY2(decoded.ok(), other);
        QVERIFY(decoded->kind == ConnectOffsetRecord::Kind::OtherConnector);
    }
}

void WireCodec::connectOffsetErrors()
{
    const std::string key = R"(["MirrorSourceConnector",{"cluster":"A","partition":0,"topic":"orders"}])";
    const auto error = [](Result<ConnectOffsetRecord> r) {
        return r.ok() ? std::string("ok") : r.error();
    };
    QCOMPARE(error(decodeText(std::nullopt, R"({"offset":1})")),
             std::string("a null key (Connect keys every offset by connector and source partition)"));
    QCOMPARE(
        error(decodeText(R"({"cluster":"A"})", R"({"offset":1})")),
        std::string("the key: invalid JSON at character 1: expected '[' (a name and an object in an array)"));
    QCOMPARE(error(decodeText(R"(["MirrorSourceConnector",{"cluster":"A","partition":0,"topic":"orders"}] x)",
                              R"({"offset":1})")),
             std::string("the key: invalid JSON at character 74: unexpected text after the array"));
    QCOMPARE(error(decodeText(R"(["MirrorSourceConnector",{"cluster":"A","partition":-1,"topic":"orders"}])",
                              R"({"offset":1})")),
             std::string("the key's \"partition\" must be an integer from 0 to 2147483647"));
    QCOMPARE(error(decodeText(R"(["MirrorSourceConnector",{"cluster":1,"partition":0,"topic":"orders"}])",
                              R"({"offset":1})")),
             std::string("the key's \"cluster\" and \"topic\" must be strings"));
    QCOMPARE(error(decodeText(key, R"({"offset":"1"})")), std::string("the value has no integer \"offset\""));
    QCOMPARE(error(decodeText(key, R"({"offset":1.5})")), std::string("the value has no integer \"offset\""));
    // No record has these offsets; -1 is no tombstone either (a tombstone has a null value).
    QCOMPARE(error(decodeText(key, R"({"offset":-1})")),
             std::string("the value's \"offset\" -1 is no record's offset"));
    QCOMPARE(error(decodeText(key, R"({"offset":9223372036854775807})")),
             std::string("the value's \"offset\" 9223372036854775807 is no record's offset"));
    QCOMPARE(error(decodeText(key, R"({"offset":1)")),
             std::string("the value: invalid JSON at character 12: expected ',' or '}'"));
}

#include "tst_wire_codec.moc"
