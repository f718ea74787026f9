#include "model/io/capture_file.h"

#include "model/capture/capture_blocks.h"

#include <QAtomicInteger>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <new>
#include <span>
#include <thread>

namespace driftscope {
namespace {

constexpr const char* kFormat = "driftscope-capture";
// At most this many rows per block: keeps a block a few hundred kilobytes at most.
constexpr size_t kBlockRows = 65'536;

const char* const kSchema[] = {
    "CREATE TABLE capture_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE session_config(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE session_groups(position INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE topic_partitions(id INTEGER PRIMARY KEY, topic TEXT NOT NULL, partition INTEGER NOT NULL)",
    "CREATE TABLE consumer_groups(id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE blocks(id INTEGER PRIMARY KEY, stream TEXT NOT NULL, row_count INTEGER NOT NULL, "
    "first_time_ms INTEGER NOT NULL, last_time_ms INTEGER NOT NULL, data BLOB NOT NULL)",
    "CREATE TABLE undecodable_records(id INTEGER PRIMARY KEY, topic TEXT NOT NULL, partition INTEGER NOT "
    "NULL, "
    "topic_offset INTEGER NOT NULL, timestamp_ms INTEGER NOT NULL, read_at_ms INTEGER NOT NULL, "
    "record_key BLOB, record_value BLOB, reason TEXT NOT NULL)",
    "CREATE TABLE reader_events(id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, cluster TEXT, "
    "state TEXT NOT NULL, message TEXT NOT NULL)",
};

std::string connectionName()
{
    static QAtomicInteger<int> next = 0;
    return "driftscope-capture-" + std::to_string(next.fetchAndAddRelaxed(1));
}

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

std::string s(const QVariant& value)
{
    return value.toString().toStdString();
}

// A SQL NULL (for null record keys and values) or the bytes, even when there are none.
QVariant blobOrNull(const std::optional<Bytes>& bytes)
{
    if (!bytes)
        return QVariant(QMetaType::fromType<QByteArray>());
    static const char kEmpty = 0;
    const char* data = bytes->empty() ? &kEmpty : reinterpret_cast<const char*>(bytes->data());
    return QByteArray(data, static_cast<qsizetype>(bytes->size()));
}

std::optional<Bytes> bytesOrNull(const QVariant& value)
{
    if (value.isNull())
        return std::nullopt;
    const QByteArray b = value.toByteArray();
    return Bytes(b.begin(), b.end());
}

// Runs statements on one connection and keeps the first error.
class Sql {
public:
    explicit Sql(const std::string& connection) : m_db(QSqlDatabase::database(q(connection), false)) {}

    bool exec(const char* statement)
    {
        QSqlQuery query(m_db);
        if (!query.exec(QString::fromUtf8(statement)))
            return fail(query);
        return true;
    }
    // Prepares `statement`, binds `values` in order and runs it.
    bool run(const char* statement, std::initializer_list<QVariant> values)
    {
        QSqlQuery query(m_db);
        if (!query.prepare(QString::fromUtf8(statement)))
            return fail(query);
        int i = 0;
        for (const QVariant& v : values)
            query.bindValue(i++, v);
        if (!query.exec())
            return fail(query);
        return true;
    }
    QSqlQuery select(const char* statement)
    {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        if (!query.exec(QString::fromUtf8(statement)))
            fail(query);
        return query;
    }
    bool fail(const QSqlQuery& query)
    {
        if (m_error.empty())
            m_error = query.lastError().text().toStdString();
        return false;
    }
    QSqlDatabase& db() { return m_db; }
    const std::string& error() const { return m_error; }

private:
    QSqlDatabase m_db;
    std::string m_error;
};

// The time range a block covers: record timestamps for records, sample times for samples.
int64_t blockTime(const ObservedSync& x)
{
    return x.stamp.timestampMs;
}
int64_t blockTime(const ObservedCheckpoint& x)
{
    return x.stamp.timestampMs;
}
int64_t blockTime(const ObservedHeartbeat& x)
{
    return x.stamp.timestampMs;
}
int64_t blockTime(const GroupOffsetSample& x)
{
    return x.sampledAtMs;
}
int64_t blockTime(const LogOffsetSample& x)
{
    return x.sampledAtMs;
}

template <class T>
bool writeBlocks(Sql& sql, CaptureStream stream, const std::vector<T>& items, size_t written)
{
    const std::span<const T> rest = std::span<const T>(items).subspan(std::min(written, items.size()));
    for (size_t from = 0; from < rest.size(); from += kBlockRows) {
        const auto chunk = rest.subspan(from, std::min(kBlockRows, rest.size() - from));
        const Bytes data = encodeBlock(chunk);
        if (!sql.run(
                "INSERT INTO blocks(stream, row_count, first_time_ms, last_time_ms, data) VALUES(?,?,?,?,?)",
                {q(std::string(streamName(stream))), static_cast<qlonglong>(chunk.size()),
                 static_cast<qlonglong>(blockTime(chunk.front())),
                 static_cast<qlonglong>(blockTime(chunk.back())),
                 QByteArray(reinterpret_cast<const char*>(data.data()),
                            static_cast<qsizetype>(data.size()))}))
            return false;
    }
    return true;
}

template <class T>
std::span<const T> unwritten(const std::vector<T>& items, size_t written)
{
    return std::span<const T>(items).subspan(std::min(written, items.size()));
}

int64_t steadyMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// Bytes 18 and 19 of SQLite's header (file format write and read versions) are 2 for a
// database in WAL mode.
bool inWalMode(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[20] = {};
    return in.read(header, sizeof header) && header[18] == 2 && header[19] == 2;
}

} // namespace

bool isSqliteFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    return in.read(header, sizeof header) &&
           std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16);
}

CaptureWriter::CaptureWriter(std::string path, std::string connection)
    : m_path(std::move(path)), m_connection(std::move(connection))
{
}

CaptureWriter::~CaptureWriter()
{
    {
        QSqlDatabase db = QSqlDatabase::database(q(m_connection), false);
        db.close();
    }
    QSqlDatabase::removeDatabase(q(m_connection));
}

namespace {

// SQLite says "disk I/O error" (or nothing) when a write fails for want of space or because of
// a file size limit: say what that usually means.
std::string writeFailure(const std::string& what, const std::string& reason)
{
    std::string text = what + ": " + (reason.empty() ? std::string("the write failed") : reason);
    if (reason.empty() || reason.find("I/O error") != std::string::npos ||
        reason.find("disk is full") != std::string::npos)
        text += " (is the disk full, or a file size limit reached?)";
    return text;
}

// A capture whose creation failed holds nothing recorded: it and its WAL files go.
void removeCapture(const std::string& path)
{
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(path + suffix, ec);
}

} // namespace

Result<std::unique_ptr<CaptureWriter>> CaptureWriter::create(const std::string& path, const SessionInfo& info)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec))
        return Error{path + ": already exists; a capture is never overwritten (choose another name)"};
    auto created = createFile(path, info);
    if (!created)
        removeCapture(path); // this call created it, and nothing was recorded in it
    return created;
}

Result<std::unique_ptr<CaptureWriter>> CaptureWriter::createFile(const std::string& path,
                                                                 const SessionInfo& info)
{
    std::unique_ptr<CaptureWriter> writer(new CaptureWriter(path, connectionName()));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", q(writer->m_connection));
        if (!db.isValid())
            return Error{"the Qt SQLite driver (package libqt6sql6-sqlite) is not available"};
        db.setDatabaseName(q(path));
        if (!db.open())
            return Error{path + ": cannot create: " + db.lastError().text().toStdString()};
    }
    Sql sql(writer->m_connection);
    // WAL with a commit per append: a killed recorder loses at most the append in progress.
    // application_id marks the file as a capture for tools like `file`.
    sql.exec("PRAGMA journal_mode=WAL");
    sql.exec("PRAGMA synchronous=NORMAL");
    sql.exec("PRAGMA application_id=1146307408"); // "DSCP"
    sql.db().transaction();
    for (const char* statement : kSchema)
        sql.exec(statement);
    sql.run("INSERT INTO capture_meta(key, value) VALUES('format', ?)", {QString(kFormat)});
    sql.run("INSERT INTO capture_meta(key, value) VALUES('schema_version', ?)",
            {QString::number(kCaptureSchemaVersion)});
    if (!sql.error().empty() || !sql.db().commit())
        return Error{writeFailure(path + ": cannot write the capture schema", sql.error())};
    if (auto failure = writer->writeInfo(info))
        return Error{writeFailure(path, *failure)};
    writer->checkpoint(); // the main file is a capture (with no records yet) from now on
    return writer;
}

std::optional<std::string> CaptureWriter::writeInfo(const SessionInfo& info)
{
    Sql sql(m_connection);
    const std::pair<const char*, std::string> meta[] = {
        {"source_alias", info.sourceAlias},
        {"target_alias", info.targetAlias},
        {"mm2_release", info.release},
        {"offset_syncs_topic", info.offsetSyncsTopic},
        {"offset_syncs_cluster", std::string(sideName(info.offsetSyncsSide))},
        {"checkpoints_topic", info.checkpointsTopic},
        {"heartbeats_topic", info.heartbeatsTopic},
        {"replication_policy",
         info.policy.kind == ReplicationPolicy::Kind::Identity ? "identity" : "default"},
        {"replication_policy_separator", info.policy.separator},
        {"internal_topic_separator_enabled", info.policy.internalTopicSeparatorEnabled ? "true" : "false"},
        {"emit_checkpoints_interval_ms", std::to_string(info.emitCheckpointsIntervalMs)},
        {"origin", info.origin},
        {"tool_version", info.toolVersion},
        {"started_at_ms", std::to_string(info.startedAtMs)},
    };
    for (const auto& [key, value] : meta)
        sql.run("INSERT OR REPLACE INTO capture_meta(key, value) VALUES(?, ?)", {QString(key), q(value)});
    sql.exec("DELETE FROM session_config");
    for (const auto& [key, value] : info.configuration)
        sql.run("INSERT OR REPLACE INTO session_config(key, value) VALUES(?, ?)", {q(key), q(value)});
    sql.exec("DELETE FROM session_groups");
    for (size_t i = 0; i < info.groups.size(); ++i)
        sql.run("INSERT INTO session_groups(position, name) VALUES(?, ?)",
                {static_cast<qlonglong>(i), q(info.groups[i])});
    if (!sql.error().empty())
        return "cannot write the session information: " + sql.error();
    return std::nullopt;
}

std::optional<std::string> CaptureWriter::append(const Observations& session)
{
    if (m_finished)
        return m_path + ": the capture is already finished";
    Sql sql(m_connection);
    if (!sql.db().transaction())
        return m_path + ": cannot start a transaction: " + sql.db().lastError().text().toStdString();
    const Observations::Cursor now = session.cursor();
    if (auto failure = writeInfo(session.info)) {
        sql.db().rollback();
        return m_path + ": " + *failure;
    }
    for (size_t id = m_written.partitions; id < now.partitions; ++id) {
        const TopicPartition& tp = session.partition(static_cast<uint32_t>(id));
        sql.run("INSERT INTO topic_partitions(id, topic, partition) VALUES(?,?,?)",
                {static_cast<qlonglong>(id), q(tp.topic), tp.partition});
    }
    for (size_t id = m_written.groups; id < now.groups; ++id)
        sql.run("INSERT INTO consumer_groups(id, name) VALUES(?,?)",
                {static_cast<qlonglong>(id), q(session.group(static_cast<uint32_t>(id)))});
    writeBlocks(sql, CaptureStream::OffsetSyncs, session.syncs, m_written.syncs) &&
        writeBlocks(sql, CaptureStream::Checkpoints, session.checkpoints, m_written.checkpoints) &&
        writeBlocks(sql, CaptureStream::Heartbeats, session.heartbeats, m_written.heartbeats) &&
        writeBlocks(sql, CaptureStream::GroupOffsetSamples, session.groupOffsets, m_written.groupOffsets) &&
        writeBlocks(sql, CaptureStream::LogOffsets, session.logOffsets, m_written.logOffsets);
    for (const UndecodableRecord& r : unwritten(session.undecodable, m_written.undecodable))
        sql.run("INSERT INTO undecodable_records(topic, partition, topic_offset, timestamp_ms, read_at_ms, "
                "record_key, record_value, reason) VALUES(?,?,?,?,?,?,?,?)",
                {q(std::string(internalTopicName(r.topic))), r.partition,
                 static_cast<qlonglong>(r.stamp.topicOffset), static_cast<qlonglong>(r.stamp.timestampMs),
                 static_cast<qlonglong>(r.stamp.readAtMs), blobOrNull(r.key), blobOrNull(r.value),
                 q(r.reason)});
    for (const ReaderEvent& e : unwritten(session.events, m_written.events))
        sql.run(
            "INSERT INTO reader_events(at_ms, cluster, state, message) VALUES(?,?,?,?)",
            {static_cast<qlonglong>(e.atMs),
             e.side ? QVariant(q(std::string(sideName(*e.side)))) : QVariant(QMetaType::fromType<QString>()),
             q(e.state), q(e.message)});
    // What earlier appends committed stays in the file (with its -wal beside it until finished).
    const std::string kept = " (the capture keeps everything recorded before this append)";
    if (!sql.error().empty()) {
        sql.db().rollback();
        return writeFailure(m_path + ": cannot append", sql.error()) + kept;
    }
    if (!sql.db().commit())
        return writeFailure(m_path + ": cannot commit", sql.db().lastError().text().toStdString()) + kept;
    m_written = now;
    if (steadyMs() - m_checkpointedAtMs >= m_checkpointEveryMs)
        checkpoint();
    return std::nullopt;
}

void CaptureWriter::checkpoint()
{
    // Without checkpoints the WAL only reaches the main file at 1,000 pages (4 MB), so a short
    // recording's main file stays a 4 KB shell. PASSIVE copies committed pages without waiting
    // for readers; what it cannot copy yet stays in the WAL, as safe as before. A failure here
    // loses nothing (the commits are in the WAL), so it is not an error of the append.
    Sql sql(m_connection);
    sql.exec("PRAGMA wal_checkpoint(PASSIVE)");
    m_checkpointedAtMs = steadyMs();
}

std::optional<std::string> CaptureWriter::finish(int64_t finishedAtMs)
{
    if (m_finished)
        return std::nullopt;
    Sql sql(m_connection);
    sql.run("INSERT OR REPLACE INTO capture_meta(key, value) VALUES('finished_at_ms', ?)",
            {QString::number(finishedAtMs)});
    // Back to a rollback journal: the finished capture is one file that opens read-only
    // anywhere, even in a read-only directory.
    sql.exec("PRAGMA journal_mode=DELETE");
    m_finished = true;
    if (!sql.error().empty())
        return m_path + ": cannot finish: " + sql.error();
    return std::nullopt;
}

namespace {

// The parts of readCapture, each refusing with the reason.
class CaptureReader {
public:
    CaptureReader(std::string path, const std::string& connection)
        : m_path(std::move(path)), m_sql(connection)
    {
    }

    std::optional<std::string> checkFormat(CaptureContents& out)
    {
        QSqlQuery tables =
            m_sql.select("SELECT name FROM sqlite_master WHERE type='table' AND name='capture_meta'");
        if (!m_sql.error().empty())
            return "cannot read it as SQLite: " + m_sql.error();
        if (!tables.next()) {
            if (emptyWalShell())
                return "holds no data: it is the main file of a database in WAL mode (a capture being "
                       "recorded, or whose recorder was killed), and its data is in the file " +
                       walName() +
                       " that was beside it, which is not here: copy or move the two files together";
            return std::string(
                "is an SQLite database but not a driftscope capture (it has no capture_meta table)");
        }
        QSqlQuery meta = m_sql.select("SELECT key, value FROM capture_meta");
        while (meta.next())
            m_meta[s(meta.value(0))] = s(meta.value(1));
        if (!m_sql.error().empty())
            return "cannot read capture_meta: " + m_sql.error();
        if (m_meta["format"] != kFormat)
            return "is an SQLite database but not a driftscope capture (capture_meta has no format '" +
                   std::string(kFormat) + "')";
        const std::string& version = m_meta["schema_version"];
        int schema = 0;
        try {
            size_t used = 0;
            schema = std::stoi(version, &used);
            if (used != version.size())
                schema = 0;
        } catch (...) {
            schema = 0;
        }
        if (schema <= 0)
            return "has an invalid schema_version '" + version + "'";
        if (schema > kCaptureSchemaVersion)
            return "was written with capture schema " + version + " (by driftscope " +
                   m_meta["tool_version"] + "); this driftscope reads schema " +
                   std::to_string(kCaptureSchemaVersion) + " and older: open it with a newer driftscope";
        out.schemaVersion = schema;
        return std::nullopt;
    }

    std::optional<std::string> readInfo(CaptureContents& out)
    {
        SessionInfo& info = out.observations.info;
        info.sourceAlias = m_meta["source_alias"];
        info.targetAlias = m_meta["target_alias"];
        info.release = m_meta["mm2_release"];
        info.offsetSyncsTopic = m_meta["offset_syncs_topic"];
        info.offsetSyncsSide =
            m_meta["offset_syncs_cluster"] == "target" ? ClusterSide::Target : ClusterSide::Source;
        info.checkpointsTopic = m_meta["checkpoints_topic"];
        info.heartbeatsTopic = m_meta["heartbeats_topic"];
        info.policy.kind = m_meta["replication_policy"] == "identity" ? ReplicationPolicy::Kind::Identity
                                                                      : ReplicationPolicy::Kind::Default;
        if (m_meta.count("replication_policy_separator") && !m_meta["replication_policy_separator"].empty())
            info.policy.separator = m_meta["replication_policy_separator"];
        info.policy.internalTopicSeparatorEnabled = m_meta["internal_topic_separator_enabled"] != "false";
        info.policy.identitySourceAlias = info.sourceAlias;
        info.origin = m_meta["origin"];
        info.toolVersion = m_meta["tool_version"];
        if (!integer("emit_checkpoints_interval_ms", info.emitCheckpointsIntervalMs) ||
            !integer("started_at_ms", info.startedAtMs))
            return m_error;
        if (m_meta.count("finished_at_ms")) {
            int64_t finished = 0;
            if (!integer("finished_at_ms", finished))
                return m_error;
            out.finishedAtMs = finished;
        }
        QSqlQuery config = m_sql.select("SELECT key, value FROM session_config ORDER BY key");
        while (config.next())
            info.configuration.emplace_back(s(config.value(0)), s(config.value(1)));
        QSqlQuery groups = m_sql.select("SELECT name FROM session_groups ORDER BY position");
        while (groups.next())
            info.groups.push_back(s(groups.value(0)));
        if (!m_sql.error().empty())
            return "cannot read the session information: " + m_sql.error();
        return std::nullopt;
    }

    std::optional<std::string> readDictionaries(Observations& o)
    {
        QSqlQuery partitions = m_sql.select("SELECT id, topic, partition FROM topic_partitions ORDER BY id");
        while (partitions.next()) {
            const qlonglong id = partitions.value(0).toLongLong();
            const uint32_t got = o.partitionId({s(partitions.value(1)), partitions.value(2).toInt()});
            if (id != static_cast<qlonglong>(got))
                return "topic_partitions: id " + std::to_string(id) + " is a duplicate or out of sequence";
        }
        QSqlQuery groups = m_sql.select("SELECT id, name FROM consumer_groups ORDER BY id");
        while (groups.next()) {
            const qlonglong id = groups.value(0).toLongLong();
            if (static_cast<size_t>(id) != o.groupCount() ||
                o.groupId(s(groups.value(1))) != static_cast<uint32_t>(id))
                return "consumer_groups: id " + std::to_string(id) + " is a duplicate or out of sequence";
        }
        if (!m_sql.error().empty())
            return "cannot read the dictionaries: " + m_sql.error();
        return std::nullopt;
    }

    std::optional<std::string> readBlocks(Observations& o)
    {
        // One allocation per list: the totals first (growing a list of millions block by block
        // would copy it over and over).
        // A row takes at least a byte per column, which bounds what a damaged row_count can ask for.
        QSqlQuery totals =
            m_sql.select("SELECT stream, SUM(row_count), SUM(length(data)) FROM blocks GROUP BY stream");
        try {
            while (totals.next()) {
                const auto stream = parseStreamName(s(totals.value(0)));
                const auto rows =
                    std::clamp<qlonglong>(totals.value(1).toLongLong(), 0, totals.value(2).toLongLong());
                if (stream == CaptureStream::OffsetSyncs) {
                    o.reserveSyncs(static_cast<size_t>(rows));
                } else if (stream == CaptureStream::Checkpoints)
                    o.checkpoints.reserve(static_cast<size_t>(rows));
                else if (stream == CaptureStream::GroupOffsetSamples)
                    o.groupOffsets.reserve(static_cast<size_t>(rows));
            }
        } catch (const std::bad_alloc&) {
            return std::string("is too large to open in this much memory");
        }
        // Decoding is the costly part: blocks are decoded in batches, half of each on a second
        // thread, then appended in order (a 10M-sync capture opens in about half the time).
        struct Raw {
            std::string id, name;
            CaptureStream stream = CaptureStream::OffsetSyncs;
            qulonglong rows = 0;
            QByteArray data;
            ColumnBlock columns; // reused from batch to batch
            std::optional<std::string> error;
        };
        constexpr size_t kBatch = 16;
        std::vector<Raw> batch(kBatch);
        size_t filled = 0;
        const auto decode = [](Raw& raw) {
            raw.error = decodeBlockColumns(raw.stream,
                                           ByteView(reinterpret_cast<const uint8_t*>(raw.data.constData()),
                                                    static_cast<size_t>(raw.data.size())),
                                           raw.columns);
        };
        const auto flush = [&]() -> std::optional<std::string> {
            std::thread helper([&] {
                for (size_t i = 1; i < filled; i += 2)
                    decode(batch[i]);
            });
            for (size_t i = 0; i < filled; i += 2)
                decode(batch[i]);
            helper.join();
            for (size_t i = 0; i < filled; ++i) {
                Raw& raw = batch[i];
                const size_t before = countOf(o, raw.stream);
                if (raw.error)
                    return "block " + raw.id + " (" + raw.name + "): " + *raw.error;
                if (auto failure = appendBlock(raw.stream, raw.columns, o))
                    return "block " + raw.id + " (" + raw.name + "): " + *failure;
                if (countOf(o, raw.stream) - before != raw.rows)
                    return "block " + raw.id + " (" + raw.name + "): holds " +
                           std::to_string(countOf(o, raw.stream) - before) + " rows, row_count says " +
                           std::to_string(raw.rows);
            }
            filled = 0;
            return std::nullopt;
        };
        QSqlQuery blocks = m_sql.select("SELECT id, stream, row_count, data FROM blocks ORDER BY id");
        while (blocks.next()) {
            Raw& raw = batch[filled++];
            raw.id = s(blocks.value(0));
            raw.name = s(blocks.value(1));
            const auto stream = parseStreamName(raw.name);
            if (!stream)
                return "block " + raw.id + ": unknown stream '" + raw.name + "'";
            raw.stream = *stream;
            raw.rows = blocks.value(2).toULongLong();
            raw.data = blocks.value(3).toByteArray();
            if (filled == kBatch)
                if (auto failure = flush())
                    return failure;
        }
        if (auto failure = flush())
            return failure;
        if (!m_sql.error().empty())
            return "cannot read the blocks: " + m_sql.error();
        return std::nullopt;
    }

    std::optional<std::string> readRows(Observations& o)
    {
        QSqlQuery bad = m_sql.select("SELECT id, topic, partition, topic_offset, timestamp_ms, read_at_ms, "
                                     "record_key, record_value, reason FROM undecodable_records ORDER BY id");
        while (bad.next()) {
            const auto topic = parseInternalTopic(s(bad.value(1)));
            if (!topic)
                return "undecodable record " + s(bad.value(0)) + ": unknown topic '" + s(bad.value(1)) + "'";
            o.undecodable.push_back(
                {*topic, bad.value(2).toInt(),
                 RecordStamp{bad.value(3).toLongLong(), bad.value(4).toLongLong(), bad.value(5).toLongLong()},
                 bytesOrNull(bad.value(6)), bytesOrNull(bad.value(7)), s(bad.value(8))});
        }
        QSqlQuery events =
            m_sql.select("SELECT at_ms, cluster, state, message FROM reader_events ORDER BY id");
        while (events.next()) {
            ReaderEvent e{events.value(0).toLongLong(), std::nullopt, s(events.value(2)), s(events.value(3))};
            if (!events.value(1).isNull())
                e.side = s(events.value(1)) == "target" ? ClusterSide::Target : ClusterSide::Source;
            o.events.push_back(std::move(e));
        }
        if (!m_sql.error().empty())
            return "cannot read the records: " + m_sql.error();
        return std::nullopt;
    }

private:
    std::string walName() const { return std::filesystem::path(m_path + "-wal").filename().string(); }

    // A database in WAL mode with no tables at all and no -wal file beside it: its pages are
    // still in a -wal file that was left behind (a copy of the main file alone, mid-recording).
    // Opening it read-only has SQLite create an empty -wal file, which holds nothing either.
    bool emptyWalShell()
    {
        std::error_code ec;
        const auto walSize = std::filesystem::file_size(m_path + "-wal", ec);
        if (!inWalMode(m_path) || (!ec && walSize > 0))
            return false;
        QSqlQuery count = m_sql.select("SELECT count(*) FROM sqlite_master");
        return count.next() && count.value(0).toLongLong() == 0;
    }

    static size_t countOf(const Observations& o, CaptureStream stream)
    {
        switch (stream) {
        case CaptureStream::OffsetSyncs:
            return o.syncs.size();
        case CaptureStream::Checkpoints:
            return o.checkpoints.size();
        case CaptureStream::Heartbeats:
            return o.heartbeats.size();
        case CaptureStream::GroupOffsetSamples:
            return o.groupOffsets.size();
        case CaptureStream::LogOffsets:
            break;
        }
        return o.logOffsets.size();
    }

    bool integer(const char* key, int64_t& out)
    {
        const std::string& text = m_meta[key];
        bool ok = false;
        out = QString::fromStdString(text).toLongLong(&ok);
        if (!ok)
            m_error = std::string("capture_meta: ") + key + " is not an integer: '" + text + "'";
        return ok;
    }

    std::string m_path;
    Sql m_sql;
    std::map<std::string, std::string> m_meta;
    std::string m_error;
};

} // namespace

Result<CaptureContents> readCapture(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Error{path + ": " +
                     (std::filesystem::exists(path, ec) ? "is not a regular file" : "does not exist")};
    if (!isSqliteFile(path))
        return Error{path + ": is not a driftscope capture (not an SQLite database)"};
    const std::string connection = connectionName();
    Result<CaptureContents> result = Error{""};
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", q(connection));
        db.setDatabaseName(q(path));
        db.setConnectOptions("QSQLITE_OPEN_READONLY");
        if (!db.isValid()) {
            result = Error{"the Qt SQLite driver (package libqt6sql6-sqlite) is not available"};
        } else if (!db.open()) {
            result = Error{path + ": cannot open: " + db.lastError().text().toStdString()};
        } else {
            CaptureContents contents;
            CaptureReader reader(path, connection);
            std::optional<std::string> failure = reader.checkFormat(contents);
            if (!failure)
                failure = reader.readInfo(contents);
            if (!failure)
                failure = reader.readDictionaries(contents.observations);
            if (!failure)
                failure = reader.readBlocks(contents.observations);
            if (!failure)
                failure = reader.readRows(contents.observations);
            if (failure)
                result = Error{path + ": " + *failure};
            else
                result = std::move(contents);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(q(connection));
    return result;
}

} // namespace driftscope
