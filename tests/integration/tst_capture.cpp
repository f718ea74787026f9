// Capture files and the observations they hold: block encoding, round trips through real SQLite
// files, appends, and the refusal of files that are not captures.
#include "model/capture/capture_blocks.h"
#include "model/capture/column_block.h"
#include "model/io/capture_file.h"
#include "support/qtest_printers.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <random>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sys/resource.h>

using namespace driftscope;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Bytes bytesOf(std::string_view text)
{
    return Bytes(text.begin(), text.end());
}

// A session with a bit of everything, including values at the int64 limits.
Session sampleSession()
{
    Session o;
    o.info.sourceAlias = "eu-west";
    o.info.targetAlias = "eu-central";
    o.info.release = "3.5.1";
    o.info.offsetSyncsTopic = "mm2-offset-syncs.eu-central.internal";
    o.info.offsetSyncsSide = ClusterSide::Target;
    o.info.checkpointsTopic = "eu-west.checkpoints.internal";
    o.info.heartbeatsTopic = "heartbeats";
    o.info.policy.kind = ReplicationPolicy::Kind::Identity;
    o.info.policy.separator = "_";
    o.info.policy.internalTopicSeparatorEnabled = false;
    o.info.policy.identitySourceAlias = "eu-west";
    o.info.emitCheckpointsIntervalMs = 30'000;
    o.info.emitIntervalConfigured = true;
    o.info.syncGroupOffsets = true;
    o.info.syncGroupOffsetsIntervalMs = 2000;
    o.info.groups = {"billing", "ünïcode group"};
    o.info.configuration = {{"source.bootstrap.servers", "a:9092"}, {"source.sasl.password", "[redacted]"}};
    o.info.origin = "live";
    o.info.toolVersion = "0.1.0";
    o.info.startedAtMs = 1'764'000'000'000;

    const uint32_t orders0 = o.partitionId({"orders", 0});
    const uint32_t orders1 = o.partitionId({"orders", 1});
    const uint32_t remote = o.partitionId({"eu-west.orders", 0});
    const uint32_t billing = o.groupId("billing");
    const uint32_t other = o.groupId("ünïcode group");
    o.syncs = {{{0, 1000, 1005}, orders0, 0, 0},
               {{1, 1001, 1006}, orders1, kMax, kMin},
               {{2, 999, 1007}, orders0, 100, 96},
               {{kMax, kMin, kMax}, orders1, -1, kMax}};
    o.checkpoints = {{{0, 2000, 2001}, billing, remote, 100, 97, 0, ""},
                     {{1, 2060, 2061}, other, remote, kMax, kMin, -32768, "meta\ndata"}};
    o.heartbeats = {{{7, 3000, 3001}, {"eu-west", "eu-central", 3000, 0}},
                    {{8, 4000, 4001}, {"", "ë", kMin, 32767}}};
    o.undecodable = {
        {InternalTopic::Checkpoints, 0, {5, 6, 7}, bytesOf("\x01"), std::nullopt, "null value"},
        {InternalTopic::OffsetSyncs, 0, {9, 9, 9}, std::nullopt, Bytes{}, "null key"},
        {InternalTopic::Heartbeats, 3, {1, 2, 3}, Bytes{}, bytesOf(std::string("\0\xff", 2)), "short"}};
    o.groupOffsets = {{5000, ClusterSide::Source, billing, orders0, 100},
                      {5000, ClusterSide::Target, billing, remote, GroupOffsetSample::kNoOffset},
                      {5005, ClusterSide::Source, other, orders1, kMax}};
    o.logOffsets = {{5000, ClusterSide::Source, orders0, 0, 120},
                    {5000, ClusterSide::Target, remote, kMin, kMax}};
    o.events = {{4500, ClusterSide::Source, "connected", "source cluster reachable"},
                {4600, std::nullopt, "started", "session started"}};
    o.positions = {{{0, 4000, 4002}, orders0, 119},
                   {{1, 4001, 4003}, orders1, kMax},
                   {{2, 4002, 4004}, orders0, ObservedPosition::kNone}};
    o.info.connectOffsetsTopic = "mm2-offsets.eu-west.internal";
    o.info.offsetFlushIntervalMs = 5000;
    o.info.bookmarks = {{kMin, "before everything"}, {4000, "failover"}, {4000, "ünïcode incident"}};
    return o;
}

void compareSessions(const Session& got, const Session& want)
{
    QCOMPARE(got.info.sourceAlias, want.info.sourceAlias);
    QCOMPARE(got.info.targetAlias, want.info.targetAlias);
    QCOMPARE(got.info.release, want.info.release);
    QCOMPARE(got.info.offsetSyncsTopic, want.info.offsetSyncsTopic);
    QCOMPARE(got.info.offsetSyncsSide, want.info.offsetSyncsSide);
    QCOMPARE(got.info.checkpointsTopic, want.info.checkpointsTopic);
    QCOMPARE(got.info.heartbeatsTopic, want.info.heartbeatsTopic);
    QCOMPARE(got.info.connectOffsetsTopic, want.info.connectOffsetsTopic);
    QCOMPARE(got.info.bookmarks, want.info.bookmarks);
    QCOMPARE(got.info.offsetFlushIntervalMs, want.info.offsetFlushIntervalMs);
    QCOMPARE(got.info.policy.kind, want.info.policy.kind);
    QCOMPARE(got.info.policy.separator, want.info.policy.separator);
    QCOMPARE(got.info.policy.internalTopicSeparatorEnabled, want.info.policy.internalTopicSeparatorEnabled);
    QCOMPARE(got.info.policy.identitySourceAlias, want.info.policy.identitySourceAlias);
    QCOMPARE(got.info.emitCheckpointsIntervalMs, want.info.emitCheckpointsIntervalMs);
    QCOMPARE(got.info.emitIntervalConfigured, want.info.emitIntervalConfigured);
    QCOMPARE(got.info.syncGroupOffsets, want.info.syncGroupOffsets);
    QCOMPARE(got.info.syncGroupOffsetsIntervalMs, want.info.syncGroupOffsetsIntervalMs);
    QCOMPARE(got.info.groups, want.info.groups);
    QCOMPARE(got.info.configuration, want.info.configuration);
    QCOMPARE(got.info.origin, want.info.origin);
    QCOMPARE(got.info.toolVersion, want.info.toolVersion);
    QCOMPARE(got.info.startedAtMs, want.info.startedAtMs);
    QCOMPARE(got.partitionCount(), want.partitionCount());
    for (uint32_t i = 0; i < want.partitionCount(); ++i)
        QCOMPARE(got.partition(i), want.partition(i));
    QCOMPARE(got.groupCount(), want.groupCount());
    for (uint32_t i = 0; i < want.groupCount(); ++i)
        QCOMPARE(got.group(i), want.group(i));
    QCOMPARE(got.syncs, want.syncs);
    QCOMPARE(got.checkpoints, want.checkpoints);
    QCOMPARE(got.heartbeats, want.heartbeats);
    QCOMPARE(got.undecodable, want.undecodable);
    QCOMPARE(got.groupOffsets, want.groupOffsets);
    QCOMPARE(got.logOffsets, want.logOffsets);
    QCOMPARE(got.events, want.events);
    QCOMPARE(got.positions, want.positions);
}

// Runs one statement on a capture file from outside driftscope (to damage it on purpose).
void tamper(const QString& path, const QString& statement)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "tamper");
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY2(query.exec(statement), qPrintable(statement));
        db.close();
    }
    QSqlDatabase::removeDatabase("tamper");
}

// The first column of the first row `query` gives, as text, read from outside driftscope.
QString sqliteText(const std::string& path, const QString& query)
{
    QString text;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "look");
        db.setDatabaseName(QString::fromStdString(path));
        QSqlQuery q(db);
        if (db.open() && q.exec(query) && q.next())
            text = q.value(0).toString();
        db.close();
    }
    QSqlDatabase::removeDatabase("look");
    return text;
}

std::string writeCapture(const QTemporaryDir& dir, const char* name, const Session& session)
{
    const std::string path = dir.filePath(name).toStdString();
    auto writer = CaptureWriter::create(path, session.info);
    if (!writer)
        qFatal("%s", writer.error().c_str());
    if (auto failure = (*writer)->append(session))
        qFatal("%s", failure->c_str());
    if (auto failure = (*writer)->finish(9999))
        qFatal("%s", failure->c_str());
    return path;
}

// A session whose capture takes megabytes: the sample's with 200,000 more syncs of random offsets.
Session largeSession()
{
    Session o = sampleSession();
    std::mt19937_64 random(7);
    const uint32_t tp = o.partitionId({"orders", 2});
    for (int64_t i = 0; i < 200'000; ++i)
        o.syncs.push_back({{i + 10, 10'000 + i, 10'001 + i},
                           tp,
                           static_cast<int64_t>(random() >> 1),
                           static_cast<int64_t>(random() >> 1)});
    return o;
}

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::set<std::string> filesIn(const QTemporaryDir& dir)
{
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path().toStdString()))
        names.insert(entry.path().filename().string());
    return names;
}

// Limits the size of any file this process writes (RLIMIT_FSIZE, SIGXFSZ ignored so that a write
// past the limit fails as on a full disk) while it lives.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_before);
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{bytes, m_before.rlim_max};
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_before);
        std::signal(SIGXFSZ, m_handler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit m_before{};
    void (*m_handler)(int) = SIG_DFL;
};

} // namespace

class Captures : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void columnBlockRoundTrip();
    void columnBlockRefusesMalformedBytes_data();
    void columnBlockRefusesMalformedBytes();
    void columnBlockWithoutColumnsAllocatesNothing();
    void blocksCheckIds();
    void blockStringsAreDecodedLikeJava();
    void observationsDecodeRecords();
    void repeatedSyncKeysDecodeAsTheFirstTime();
    void slicesReproduceTheSession();
    void roundTripThroughAFile();
    void appendsAddOnlyWhatIsNew();
    void finishedCaptureIsOneFileAndOpensInReadOnlyDirectory();
    void neverOverwrites();
    void savingOverACaptureThatFailsHalfWayKeepsTheOldOne();
    void savingOverACaptureRemovesWhatSqliteKeptBesideIt();
    void importingNeverOverwrites();
    void refusesFilesThatAreNotCaptures();
    void refusesNewerSchemaAndDamage();
    void mainFileAloneHoldsTheCaptureUpToItsLastCheckpoint();
    void walShellWithoutItsWalSaysWhereTheDataIs();
    void truncatedAtRandomPointsIsRefusedWithAReason();
    void bookmarksAreReplacedInPlaceAndUpgradeOlderSchemas();
    void bookmarksThatCannotBeWrittenLeaveTheFileAsItWas();
    void savedSessionKeepsTheBookmarksGiven();
    void damagedBookmarkRowsAreSaidKeptAndRemovable();
    void bookmarkChangesApplyToWhatTheFileHoldsNow();
};

void Captures::columnBlockRoundTrip()
{
    ColumnBlock block;
    block.rows = 6;
    block.ints = {{0, 1, kMax, kMin, -1, 0}, {kMin, kMax, kMin, 5, 5, 4}};
    block.strings = {{"", "a", std::string("\0\xff", 2), "ünï", std::string(300, 'x'), ""}};
    const Bytes bytes = encodeColumnBlock(block);
    auto back = decodeColumnBlock(bytes, 2, 1);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().c_str());
    QCOMPARE(back->rows, size_t{6});
    QCOMPARE(back->ints, block.ints);
    QCOMPARE(back->strings, block.strings);

    // Small steps take one byte each: 3 header bytes, 100 deltas of +1.
    ColumnBlock counting;
    counting.rows = 100;
    counting.ints.emplace_back();
    for (int64_t i = 0; i < 100; ++i)
        counting.ints[0].push_back(i);
    QCOMPARE(encodeColumnBlock(counting).size(), size_t{103});
}

void Captures::columnBlockRefusesMalformedBytes_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("ints");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << QByteArray() << 1 << "block header: truncated at byte 0";
    QTest::newRow("columns") << QByteArray("\x01\x02\x00\x02\x02", 5) << 1
                             << "block has 2 integer and 0 string columns, expected 1 and 0";
    QTest::newRow("rows beyond bytes")
        << QByteArray("\xff\xff\x03\x01\x00\x02", 6) << 1 << "block claims 65535 rows but holds 1 bytes";
    QTest::newRow("truncated value") << QByteArray("\x02\x01\x00\x02\x82", 5) << 1
                                     << "integer column 0, row 1: truncated at byte 5";
    QTest::newRow("overlong varint") << QByteArray("\x01\x01\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02", 13)
                                     << 1 << "integer column 0, row 0: varint too long at byte 12";
    QTest::newRow("trailing") << QByteArray("\x01\x01\x00\x02\x00", 5) << 1
                              << "1 unexpected bytes after the last column at byte 4";
    QTest::newRow("string length") << QByteArray("\x01\x00\x01\x05"
                                                 "ab",
                                                 6)
                                   << 0 << "string column 0, row 0: truncated at byte 4";
}

void Captures::columnBlockRefusesMalformedBytes()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, ints);
    QFETCH(QString, error);
    const ByteView view(reinterpret_cast<const uint8_t*>(bytes.constData()),
                        static_cast<size_t>(bytes.size()));
    auto decoded = decodeColumnBlock(view, static_cast<size_t>(ints), ints == 0 ? 1 : 0);
    QVERIFY(!decoded.ok());
    QCOMPARE(QString::fromStdString(decoded.error()), error);
}

// Found by fuzz_capture_blocks: with no columns nothing bounds the row count, and decoding a
// claimed 2^40 - 1 rows used to allocate an 8 TB temporary column (std::bad_alloc).
void Captures::columnBlockWithoutColumnsAllocatesNothing()
{
    const uint8_t bytes[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0x1f, 0x00, 0x00};
    auto decoded = decodeColumnBlock(ByteView(bytes), 0, 0);
    QVERIFY2(decoded.ok(), decoded.ok() ? "" : decoded.error().c_str());
    QCOMPARE(decoded->rows, size_t{0xffffffffff});
    QVERIFY(decoded->ints.empty());
    QVERIFY(decoded->strings.empty());
    QCOMPARE(encodeColumnBlock(*decoded), Bytes(std::begin(bytes), std::end(bytes)));
}

void Captures::blocksCheckIds()
{
    Session o;
    o.partitionId({"orders", 0});
    const ObservedSync bad[] = {{{0, 0, 0}, 1, 5, 5}};
    const Bytes bytes = encodeBlock(std::span<const ObservedSync>(bad));
    auto failure = decodeBlock(CaptureStream::OffsetSyncs, bytes, o);
    QVERIFY(failure);
    QCOMPARE(*failure, std::string("row 0: partition id 1 is not in the capture's list of 1"));
    QVERIFY(o.syncs.empty());
    // The same block is fine once the partition exists.
    o.partitionId({"orders", 1});
    QVERIFY(!decodeBlock(CaptureStream::OffsetSyncs, bytes, o));
    QCOMPARE(o.syncs.size(), size_t{1});
    QVERIFY(!parseStreamName("syncs"));
    QCOMPARE(parseStreamName("log-offsets"), std::optional<CaptureStream>(CaptureStream::LogOffsets));
}

// Found by fuzz_capture_blocks: the strings of a damaged or foreign capture's blocks were kept
// as they were, so a session could hold text that is not UTF-8 (its JSON Lines export then
// imported as other names).
void Captures::blockStringsAreDecodedLikeJava()
{
    const std::string fffd = "\xEF\xBF\xBD";
    Session o;
    o.partitionId({"A.orders", 0});
    o.groupId("app1");
    const ObservedHeartbeat heartbeats[] = {{{0, 0, 0}, {"\xff", "B\xc3", 7, 0}}};
    QVERIFY(!decodeBlock(CaptureStream::Heartbeats,
                         encodeBlock(std::span<const ObservedHeartbeat>(heartbeats)), o));
    QCOMPARE(o.heartbeats.at(0).heartbeat, (Heartbeat{fffd, "B" + fffd, 7, 0}));
    const ObservedCheckpoint checkpoints[] = {{{0, 0, 0}, 0, 0, 1, 2, 0, "m\xe2\x82"}};
    QVERIFY(!decodeBlock(CaptureStream::Checkpoints,
                         encodeBlock(std::span<const ObservedCheckpoint>(checkpoints)), o));
    QCOMPARE(o.checkpoints.at(0).metadata, "m" + fffd);
}

void Captures::observationsDecodeRecords()
{
    Session o;
    const OffsetSync sync{{"topic-1", 2}, 3, 4};
    const Bytes key = encodeOffsetSyncKey(sync).value();
    const Bytes value = encodeOffsetSyncValue(sync);
    QVERIFY(o.addRecord(InternalTopic::OffsetSyncs, 0, {10, 20, 30}, ByteView(key), ByteView(value)));
    QCOMPARE(o.syncs.size(), size_t{1});
    QCOMPARE(o.partition(o.syncs[0].partition), (TopicPartition{"topic-1", 2}));
    QCOMPARE(o.syncs[0].upstream, int64_t{3});
    QCOMPARE(o.syncs[0].downstream, int64_t{4});

    // A checkpoint value on the offset-syncs topic, a tombstone, a null key: kept with reasons.
    const Bytes shortValue(value.begin(), value.begin() + 9);
    QVERIFY(!o.addRecord(InternalTopic::OffsetSyncs, 0, {11, 21, 31}, ByteView(key), ByteView(shortValue)));
    QVERIFY(!o.addRecord(InternalTopic::Checkpoints, 0, {12, 22, 32}, ByteView(key), std::nullopt));
    QVERIFY(!o.addRecord(InternalTopic::Heartbeats, 0, {13, 23, 33}, std::nullopt, ByteView(value)));
    QCOMPARE(o.undecodable.size(), size_t{3});
    QCOMPARE(o.undecodable[0].stamp.topicOffset, int64_t{11});
    QCOMPARE(o.undecodable[0].key, key);
    QCOMPARE(o.undecodable[0].value, shortValue);
    QVERIFY(!o.undecodable[0].reason.empty());
    QCOMPARE(o.undecodable[1].reason, std::string("null value (tombstone)"));
    QVERIFY(!o.undecodable[1].value);
    QCOMPARE(o.undecodable[2].reason, std::string("null key"));
    QCOMPARE(o.undecodable[2].topic, InternalTopic::Heartbeats);
}

void Captures::repeatedSyncKeysDecodeAsTheFirstTime()
{
    // Keys seen before are answered from a cache of 1,024 slots: 3,000 partitions share them (so
    // slots are overwritten), topic names of 53 and 54 bytes are the longest cached and the
    // first too long to be, and a 200-byte name is never cached. Each key comes three times,
    // interleaved, and every record must name its own partition with its own offsets.
    const std::vector<std::string> topics = {"orders", std::string(53, 'n'), std::string(54, 'n'),
                                             std::string(200, 'x')};
    std::vector<TopicPartition> partitions;
    for (const std::string& topic : topics)
        for (int32_t p = 0; p < 750; ++p)
            partitions.push_back({topic, p});
    Session o;
    int64_t offset = 0;
    for (int pass = 0; pass < 3; ++pass)
        for (const TopicPartition& tp : partitions) {
            const OffsetSync sync{tp, offset * 3, offset * 3 + 1};
            const Bytes key = encodeOffsetSyncKey(sync).value();
            const Bytes value = encodeOffsetSyncValue(sync);
            QVERIFY(
                o.addRecord(InternalTopic::OffsetSyncs, 0, {offset, 0, 0}, ByteView(key), ByteView(value)));
            ++offset;
        }
    QCOMPARE(o.syncs.size(), 3 * partitions.size());
    for (size_t i = 0; i < o.syncs.size(); ++i) {
        const ObservedSync& s = o.syncs[i];
        QCOMPARE(o.partition(s.partition), partitions[i % partitions.size()]);
        QCOMPARE(s.upstream, static_cast<int64_t>(i) * 3);
        QCOMPARE(s.downstream, static_cast<int64_t>(i) * 3 + 1);
    }
}

void Captures::slicesReproduceTheSession()
{
    const Session whole = sampleSession();
    // A mirror that saw nothing takes everything in two slices.
    Session growing;
    growing.info = whole.info;
    const Session::Mark start = growing.mark();
    Session mirror;
    QVERIFY(mirror.append(whole.since(start)));
    compareSessions(mirror, whole);
    // A slice that does not start where the mirror ends is refused.
    QVERIFY(!mirror.append(whole.since(start)));

    Session partial;
    partial.info = whole.info;
    partial.partitionId(whole.partition(0));
    partial.syncs.push_back(whole.syncs[0]);
    Session::Mark at;
    at.partitions = 1;
    at.syncs = 1;
    QVERIFY(partial.append(whole.since(at)));
    compareSessions(partial, whole);

    // A reader whose consumer took its records forgets them: since() from there is unchanged,
    // and a consumer that thinned its copy appends what follows (appendContinuing).
    Session reader = whole.since({});
    Session::Mark taken;
    taken.partitions = whole.partitionCount();
    taken.groups = whole.groupCount();
    taken.syncs = 2;
    taken.checkpoints = 1;
    const Session::Mark dropped = reader.forgetBefore(taken);
    QCOMPARE(dropped.syncs, size_t{2});
    QCOMPARE(dropped.checkpoints, size_t{1});
    QCOMPARE(dropped.groupOffsets, size_t{0});
    QCOMPARE(reader.syncs.size(), whole.syncs.size() - 2);
    QCOMPARE(reader.mark(), whole.mark());
    QCOMPARE(reader.since(taken).syncs, whole.since(taken).syncs);
    QCOMPARE(reader.since({}).syncs, whole.since(taken).syncs); // what is forgotten is gone
    Session consumer = whole.since({});
    consumer.syncs.clear(); // thinned
    QVERIFY(!consumer.append(reader.since(taken)));
    QVERIFY(consumer.appendContinuing(reader.since(taken)));
    QCOMPARE(consumer.syncs.size(), whole.syncs.size() - 2);
}

void Captures::roundTripThroughAFile()
{
    QTemporaryDir dir;
    const Session session = sampleSession();
    const std::string path = writeCapture(dir, "round.capture", session);
    QVERIFY(isSqliteFile(path));
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->schemaVersion, 3);
    QCOMPARE(read->finishedAtMs, std::optional<int64_t>(9999));
    compareSessions(read->observations, session);
}

void Captures::appendsAddOnlyWhatIsNew()
{
    QTemporaryDir dir;
    const Session whole = sampleSession();
    const std::string path = dir.filePath("appends.capture").toStdString();
    Session session;
    session.info = whole.info;
    auto writer = CaptureWriter::create(path, session.info);
    QVERIFY(writer.ok());
    // Grow the session in steps, appending after each one; an empty append is harmless.
    QVERIFY(!(*writer)->append(session));
    Session::Mark from;
    for (const auto& step : {std::pair<size_t, size_t>{2, 1}, {4, 2}}) {
        Session slice = whole.since(from);
        slice.syncs.resize(step.first - from.syncs);
        slice.checkpoints.resize(step.second - from.checkpoints);
        if (from.syncs > 0) { // only the first step carries the other lists
            slice.heartbeats.clear();
            slice.undecodable.clear();
            slice.groupOffsets.clear();
            slice.logOffsets.clear();
            slice.events.clear();
            slice.positions.clear();
        }
        QVERIFY(session.append(slice));
        QVERIFY(!(*writer)->append(session));
        from = session.mark();
    }
    // Without finish(): what a killed recorder leaves (WAL file beside it).
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QVERIFY(!read->finishedAtMs);
    compareSessions(read->observations, whole);
    writer->reset();
}

void Captures::finishedCaptureIsOneFileAndOpensInReadOnlyDirectory()
{
    QTemporaryDir dir;
    const std::string path = writeCapture(dir, "done.capture", sampleSession());
    namespace fs = std::filesystem;
    QVERIFY(!fs::exists(path + "-wal"));
    QVERIFY(!fs::exists(path + "-journal"));
    const auto before = fs::last_write_time(path);
    const auto size = fs::file_size(path);
    // (Root ignores these permissions; the unchanged time and size below are what prove it.)
    fs::permissions(dir.path().toStdString(), fs::perms::owner_read | fs::perms::owner_exec);
    fs::permissions(path, fs::perms::owner_read);
    auto read = readCapture(path);
    fs::permissions(dir.path().toStdString(), fs::perms::owner_all);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->observations.syncs.size(), size_t{4});
    QCOMPARE(fs::last_write_time(path), before);
    QCOMPARE(fs::file_size(path), size);
    QVERIFY(!fs::exists(path + "-wal"));
}

void Captures::neverOverwrites()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("existing.txt").toStdString();
    std::ofstream(path) << "precious\n";
    auto writer = CaptureWriter::create(path, SessionInfo{});
    QVERIFY(!writer.ok());
    QCOMPARE(writer.error(), path + ": already exists; a capture is never overwritten (choose another name)");
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    QCOMPARE(line, std::string("precious"));
}

void Captures::savingOverACaptureThatFailsHalfWayKeepsTheOldOne()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("session.capture").toStdString();
    QCOMPARE(writeCapture(path, sampleSession(), 1, ExistingFile::Keep), std::nullopt);
    const std::string before = fileBytes(path);
    QVERIFY(before.size() > 0);
    QVERIFY(before.size() < 256 * 1024);

    const Session large = largeSession();
    std::optional<std::string> failure;
    {
        // The new capture's schema fits; its append of megabytes does not.
        FileSizeLimit limit(256 * 1024);
        failure = writeCapture(path, large, 2, ExistingFile::Replace);
    }
    QVERIFY(failure);
    QVERIFY2(failure->starts_with(path + ": cannot append"), failure->c_str()); // half-way, not at once
    QVERIFY2(failure->find("file size limit") != std::string::npos, failure->c_str());
    QCOMPARE(fileBytes(path), before);                                // byte for byte
    QCOMPARE(filesIn(dir), std::set<std::string>{"session.capture"}); // no -wal, -shm or temporary
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    compareSessions(read->observations, sampleSession());
    QCOMPARE(read->finishedAtMs, std::optional<int64_t>(1));

    // Without the limit the same save replaces it.
    QCOMPARE(writeCapture(path, large, 2, ExistingFile::Replace), std::nullopt);
    QCOMPARE(filesIn(dir), std::set<std::string>{"session.capture"});
    read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->observations.syncs.size(), large.syncs.size());
    QCOMPARE(read->finishedAtMs, std::optional<int64_t>(2));
}

void Captures::savingOverACaptureRemovesWhatSqliteKeptBesideIt()
{
    // An unfinished recording (its WAL beside it) saved over: a -wal or -shm left beside the new
    // file would be taken for its own by SQLite.
    QTemporaryDir dir;
    const std::string path = dir.filePath("recording.capture").toStdString();
    auto writer = CaptureWriter::create(path, sampleSession().info);
    QVERIFY(writer.ok());
    QCOMPARE((*writer)->append(sampleSession()), std::nullopt);
    // As a killed recorder leaves it: closing checkpoints and deletes the WAL, so it is put back.
    const std::string wal = fileBytes(path + "-wal");
    QVERIFY(!wal.empty());
    writer = Error{"closed"};
    std::ofstream(path + "-wal", std::ios::binary) << wal;
    std::ofstream(path + "-shm") << "stale";
    std::ofstream(path + "-journal") << "stale";

    Session replacement = sampleSession();
    replacement.syncs.resize(1);
    QCOMPARE(writeCapture(path, replacement, 3, ExistingFile::Replace), std::nullopt);
    QCOMPARE(filesIn(dir), std::set<std::string>{"recording.capture"});
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->observations.syncs.size(), size_t{1});
    QCOMPARE(read->finishedAtMs, std::optional<int64_t>(3));

    QCOMPARE(removeCapture(path), std::nullopt);
    QVERIFY(filesIn(dir).empty());
}

void Captures::importingNeverOverwrites()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("existing.capture").toStdString();
    std::ofstream(path) << "precious\n";
    QCOMPARE(writeCapture(path, sampleSession(), 1, ExistingFile::Keep),
             std::optional<std::string>(
                 path + ": already exists; a capture is never overwritten (choose another name)"));
    QCOMPARE(fileBytes(path), std::string("precious\n"));
    QCOMPARE(filesIn(dir), std::set<std::string>{"existing.capture"});
}

void Captures::refusesFilesThatAreNotCaptures()
{
    QTemporaryDir dir;
    const std::string text = dir.filePath("syncs.txt").toStdString();
    std::ofstream(text) << "OffsetSync{topicPartition=a-0, upstreamOffset=1, downstreamOffset=1}\n";
    auto read = readCapture(text);
    QVERIFY(!read.ok());
    QCOMPARE(read.error(), text + ": is not a driftscope capture (not an SQLite database)");

    const std::string missing = dir.filePath("missing.capture").toStdString();
    QCOMPARE(readCapture(missing).error(), missing + ": does not exist");
    QCOMPARE(readCapture(dir.path().toStdString()).error(),
             dir.path().toStdString() + ": is not a regular file");

    const QString foreign = dir.filePath("foreign.db");
    tamper(foreign, "CREATE TABLE t(x)");
    read = readCapture(foreign.toStdString());
    QVERIFY(!read.ok());
    QCOMPARE(read.error(),
             foreign.toStdString() +
                 ": is an SQLite database but not a driftscope capture (it has no capture_meta table)");

    tamper(foreign, "CREATE TABLE capture_meta(key TEXT PRIMARY KEY, value TEXT)");
    tamper(foreign, "INSERT INTO capture_meta VALUES('format', 'something-else')");
    QCOMPARE(readCapture(foreign.toStdString()).error(),
             foreign.toStdString() +
                 ": is an SQLite database but not a driftscope capture (capture_meta has no format "
                 "'driftscope-capture')");

    // A truncated SQLite file: its header is intact, its pages are gone.
    const std::string whole = writeCapture(dir, "whole.capture", sampleSession());
    const std::string cut = dir.filePath("cut.capture").toStdString();
    std::filesystem::copy_file(whole, cut);
    std::filesystem::resize_file(cut, 1024);
    read = readCapture(cut);
    QVERIFY(!read.ok());
    QVERIFY2(read.error().starts_with(cut + ": "), read.error().c_str());
}

void Captures::refusesNewerSchemaAndDamage()
{
    QTemporaryDir dir;
    const std::string newer = writeCapture(dir, "newer.capture", sampleSession());
    tamper(QString::fromStdString(newer), "UPDATE capture_meta SET value='4' WHERE key='schema_version'");
    tamper(QString::fromStdString(newer), "UPDATE capture_meta SET value='9.9.9' WHERE key='tool_version'");
    QCOMPARE(
        readCapture(newer).error(),
        newer +
            ": was written with capture schema 4 (by driftscope 9.9.9); this driftscope reads schema 3 and "
            "older: open it with a newer driftscope");

    const std::string damaged = writeCapture(dir, "damaged.capture", sampleSession());
    tamper(QString::fromStdString(damaged),
           "UPDATE blocks SET data=substr(data, 1, 7) WHERE stream='checkpoints'");
    auto read = readCapture(damaged);
    QVERIFY(!read.ok());
    QCOMPARE(read.error(), damaged + ": block 2 (checkpoints): block claims 2 rows but holds 4 bytes");

    const std::string miscounted = writeCapture(dir, "miscounted.capture", sampleSession());
    tamper(QString::fromStdString(miscounted), "UPDATE blocks SET row_count=5 WHERE stream='offset-syncs'");
    QCOMPARE(readCapture(miscounted).error(),
             miscounted + ": block 1 (offset-syncs): holds 4 rows, row_count says 5");
}

void Captures::bookmarksAreReplacedInPlaceAndUpgradeOlderSchemas()
{
    QTemporaryDir dir;
    Session session = sampleSession();
    const std::string path = writeCapture(dir, "older.capture", session);
    // What a schema 2 capture is: no bookmarks table.
    tamper(QString::fromStdString(path), "DROP TABLE bookmarks");
    tamper(QString::fromStdString(path), "UPDATE capture_meta SET value='2' WHERE key='schema_version'");
    auto old = readCapture(path);
    QVERIFY2(old.ok(), old.ok() ? "" : old.error().c_str());
    QCOMPARE(old->schemaVersion, 2);
    QVERIFY(old->observations.info.bookmarks.empty());

    const std::vector<Bookmark> marks = {{4500, "incident"}, {4600, "failover"}};
    QCOMPARE(replaceCaptureBookmarks(path, marks), std::nullopt);
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->schemaVersion, 3);
    QCOMPARE(read->finishedAtMs, std::optional<int64_t>(9999));
    session.info.bookmarks = marks;
    compareSessions(read->observations, session); // the records as they were, the bookmarks new
    // Replaced again: the list is the one given, nothing appended; no file beside it stays.
    QCOMPARE(replaceCaptureBookmarks(path, {}), std::nullopt);
    QVERIFY(readCapture(path)->observations.info.bookmarks.empty());
    QVERIFY(!std::filesystem::exists(path + "-journal"));
    QVERIFY(!std::filesystem::exists(path + "-wal"));
}

void Captures::bookmarksThatCannotBeWrittenLeaveTheFileAsItWas()
{
    QTemporaryDir dir;
    const Session session = sampleSession();
    const std::string path = writeCapture(dir, "kept.capture", session);
    QCOMPARE(
        replaceCaptureBookmarks(path, {{1, "incident"}, {2, "incident"}}),
        std::optional<std::string>("a bookmark named 'incident' is already at 1970-01-01T00:00:00.001Z"));
    QCOMPARE(replaceCaptureBookmarks(path, {{1, ""}}), std::optional<std::string>("a bookmark needs a name"));
    QCOMPARE(replaceCaptureBookmarks(path, {{1, "2026-11-29"}}),
             std::optional<std::string>(
                 "the bookmark name '2026-11-29' reads as a time: --at would take it as that time"));
    compareSessions(readCapture(path)->observations, session);

    const std::string text = dir.filePath("records.txt").toStdString();
    std::ofstream(text) << "OffsetSync{topicPartition=a-0, upstreamOffset=1, downstreamOffset=1}\n";
    QCOMPARE(replaceCaptureBookmarks(text, {{1, "incident"}}),
             std::optional<std::string>(text + ": is not a driftscope capture (not an SQLite database)"));
    QCOMPARE(replaceCaptureBookmarks(dir.filePath("none.capture").toStdString(), {}),
             std::optional<std::string>(dir.filePath("none.capture").toStdString() + ": does not exist"));
    QVERIFY(!std::filesystem::exists(dir.filePath("none.capture").toStdString()));

    const std::string newer = writeCapture(dir, "newer.capture", session);
    tamper(QString::fromStdString(newer), "UPDATE capture_meta SET value='4' WHERE key='schema_version'");
    QVERIFY(replaceCaptureBookmarks(newer, {})->find(": was written with capture schema 4") !=
            std::string::npos);
    tamper(QString::fromStdString(newer), "UPDATE capture_meta SET value='3' WHERE key='schema_version'");
    QCOMPARE(readCapture(newer)->observations.info.bookmarks, session.info.bookmarks); // untouched
}

// Rows written from outside driftscope that break the bookmark rules cost their bookmark, not the
// capture: they are named, kept in the file through other changes, and can be removed.
void Captures::damagedBookmarkRowsAreSaidKeptAndRemovable()
{
    QTemporaryDir dir;
    Session session = sampleSession();
    session.info.bookmarks = {{4000, "failover"}};
    const std::string path = writeCapture(dir, "damaged.capture", session);
    tamper(QString::fromStdString(path), "INSERT INTO bookmarks(at_ms, name) VALUES(5, ' padded')");
    tamper(QString::fromStdString(path), "INSERT INTO bookmarks(at_ms, name) VALUES('soon', 'untimed')");
    const std::vector<DamagedBookmark> damaged = {
        {{5, " padded"}, "the bookmark name ' padded' starts or ends with a space", 2},
        {{0, "untimed"}, "its time is not a whole number of milliseconds", 3}};
    auto read = readCapture(path);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    compareSessions(read->observations, session); // every record, and the bookmark that is one
    QCOMPARE(read->observations.info.damagedBookmarks, damaged);
    QCOMPARE(
        damagedBookmarkText(damaged[1]),
        std::string("a bookmark row named 'untimed' (at 1970-01-01T00:00:00.000Z) is not used: its time "
                    "is not a whole number of milliseconds; remove it with --remove or the Bookmarks menu"));

    // Another change leaves them byte for byte ('soon' stays text); removing one by name works.
    auto added = changeCaptureBookmarks(path, [](BookmarkRows& rows) {
        return addBookmark(rows.kept, {4500, "incident"});
    });
    QVERIFY(added);
    QCOMPARE(added->damaged, damaged);
    QCOMPARE(sqliteText(path, "SELECT at_ms FROM bookmarks WHERE name = 'untimed'"), QString("soon"));
    // A damaged row's name is taken: adding it is refused, and the file stays as it was.
    auto again = changeCaptureBookmarks(path, [](BookmarkRows& rows) {
        return addBookmark(rows, {7, "untimed"});
    });
    QCOMPARE(
        again.error(),
        std::string(
            "a damaged bookmark row is named 'untimed': remove it first (--remove or the Bookmarks menu)"));
    QCOMPARE(sqliteText(path, "SELECT count(*) FROM bookmarks"), QString("4"));
    auto removed =
        changeCaptureBookmarks(path, [](BookmarkRows& rows) { return removeBookmark(rows, "untimed"); });
    QVERIFY(removed);
    QCOMPARE(removed->damaged, std::vector<DamagedBookmark>{damaged[0]});
    read = readCapture(path);
    QCOMPARE(read->observations.info.bookmarks,
             (std::vector<Bookmark>{{4000, "failover"}, {4500, "incident"}}));
    QCOMPARE(read->observations.info.damagedBookmarks, std::vector<DamagedBookmark>{damaged[0]});
}

// Two writers (the window and the CLI) each change the file as it is, never an older list of it.
void Captures::bookmarkChangesApplyToWhatTheFileHoldsNow()
{
    QTemporaryDir dir;
    Session session = sampleSession();
    session.info.bookmarks = {{100, "opened"}};
    const std::string path = writeCapture(dir, "shared.capture", session);
    const auto add = [&](Bookmark b) {
        return changeCaptureBookmarks(path, [b](BookmarkRows& rows) { return addBookmark(rows.kept, b); });
    };
    QVERIFY(add({200, "from the CLI"}));
    auto fromWindow = add({300, "from the window"}); // the window read "opened" alone
    QVERIFY(fromWindow);
    const std::vector<Bookmark> all = {{100, "opened"}, {200, "from the CLI"}, {300, "from the window"}};
    QCOMPARE(fromWindow->kept, all);
    QCOMPARE(readCapture(path)->observations.info.bookmarks, all);
    // A change refused leaves the file as it was.
    QCOMPARE(add({400, "opened"}).error(),
             std::string("a bookmark named 'opened' is already at 1970-01-01T00:00:00.100Z"));
    auto removed =
        changeCaptureBookmarks(path, [](BookmarkRows& rows) { return removeBookmark(rows, "nosuch"); });
    QCOMPARE(removed.error(), std::string("no bookmark is named 'nosuch'"));
    QCOMPARE(readCapture(path)->observations.info.bookmarks, all);
}

void Captures::savedSessionKeepsTheBookmarksGiven()
{
    QTemporaryDir dir;
    Session session = sampleSession();
    const std::string path = dir.filePath("saved.capture").toStdString();
    const std::vector<Bookmark> window = {{4100, "the window's"}};
    QCOMPARE(writeCapture(path, session, 9999, ExistingFile::Keep, &window), std::nullopt);
    QCOMPARE(readCapture(path)->observations.info.bookmarks, window);
    // Without bookmarks given, the session's own are kept.
    const std::string own = dir.filePath("own.capture").toStdString();
    QCOMPARE(writeCapture(own, session, 9999, ExistingFile::Keep), std::nullopt);
    QCOMPARE(readCapture(own)->observations.info.bookmarks, session.info.bookmarks);
}

void Captures::truncatedAtRandomPointsIsRefusedWithAReason()
{
    // A capture cut short anywhere (a copy that stopped, a full disk) is refused with the
    // file's name and a reason, never read as a smaller session or a crash.
    QTemporaryDir dir;
    const std::string whole = writeCapture(dir, "whole.capture", sampleSession());
    const auto size = static_cast<qint64>(std::filesystem::file_size(whole));
    QVERIFY(size > 8192);
    std::mt19937_64 random(20261201);
    for (int i = 0; i < 24; ++i) {
        const qint64 at = static_cast<qint64>(random() % static_cast<uint64_t>(size - 1));
        const std::string cut = dir.filePath(QString("cut-%1.capture").arg(at)).toStdString();
        std::filesystem::copy_file(whole, cut);
        std::filesystem::resize_file(cut, static_cast<uintmax_t>(at));
        const auto read = readCapture(cut);
        QVERIFY2(!read.ok(), cut.c_str());
        QVERIFY2(read.error().starts_with(cut + ": ") && read.error().size() > cut.size() + 10,
                 read.error().c_str());
    }
    QVERIFY(readCapture(whole).ok()); // the original is untouched
}

void Captures::mainFileAloneHoldsTheCaptureUpToItsLastCheckpoint()
{
    // Someone copies the main file of a capture being recorded, without its -wal file.
    namespace fs = std::filesystem;
    QTemporaryDir dir;
    const std::string path = dir.filePath("recording.capture").toStdString();
    const Session whole = sampleSession();
    auto writer = CaptureWriter::create(path, whole.info);
    QVERIFY(writer.ok());
    // Created: the main file is a capture at once, with nothing in it yet.
    const std::string early = dir.filePath("early.capture").toStdString();
    fs::copy_file(path, early);
    auto read = readCapture(early);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QCOMPARE(read->observations.info.sourceAlias, std::string("eu-west"));
    QVERIFY(read->observations.syncs.empty());
    // An append that checkpoints: the main file alone holds it all.
    (*writer)->setCheckpointEveryMs(0);
    QVERIFY(!(*writer)->append(whole));
    QVERIFY(fs::exists(path + "-wal")); // still recording in WAL mode
    const std::string later = dir.filePath("later.capture").toStdString();
    fs::copy_file(path, later);
    read = readCapture(later);
    QVERIFY2(read.ok(), read.ok() ? "" : read.error().c_str());
    QVERIFY(!read->finishedAtMs);
    compareSessions(read->observations, whole);
    writer->reset();
}

void Captures::walShellWithoutItsWalSaysWhereTheDataIs()
{
    // A main file whose pages are all still in its WAL (what recorders left before they
    // checkpointed), copied without the -wal file.
    namespace fs = std::filesystem;
    QTemporaryDir dir;
    const QString original = dir.filePath("original.capture");
    const std::string shell = dir.filePath("shell.capture").toStdString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "shell");
        db.setDatabaseName(original);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec("PRAGMA journal_mode=WAL"));
        QVERIFY(query.exec("PRAGMA wal_autocheckpoint=0"));
        QVERIFY(query.exec("CREATE TABLE capture_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)"));
        fs::copy_file(original.toStdString(), shell);
        fs::copy_file(original.toStdString() + "-wal", dir.filePath("paired.capture-wal").toStdString());
        fs::copy_file(original.toStdString(), dir.filePath("paired.capture").toStdString());
        db.close();
    }
    QSqlDatabase::removeDatabase("shell");
    auto read = readCapture(shell);
    QVERIFY(!read.ok());
    QCOMPARE(read.error(), shell +
                               ": holds no data: it is the main file of a database in WAL mode (a capture "
                               "being recorded, or whose recorder was killed), and its data is in the "
                               "file shell.capture-wal that was beside it, which is not here: copy or "
                               "move the two files together");
    // With its -wal file beside it, the same main file has its table back.
    const std::string paired = dir.filePath("paired.capture").toStdString();
    QCOMPARE(readCapture(paired).error(),
             paired + ": is an SQLite database but not a driftscope capture (capture_meta has no format "
                      "'driftscope-capture')");
}

QTEST_GUILESS_MAIN(Captures)
#include "tst_capture.moc"
