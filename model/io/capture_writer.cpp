// CaptureWriter: creates a capture file and appends a growing session to it (capture_file.h).
#include "model/io/capture_file.h"
#include "model/session/session_info_fields.h"

#include "model/capture/capture_blocks.h"
#include "model/io/capture_schema.h"
#include "model/io/sqlite_connection.h"

#include <QSqlError>

#include <algorithm>
#include <chrono>
#include <span>

namespace driftscope {

using sqlite::blobOrNull;
using sqlite::connectionName;
using sqlite::q;
using sqlite::Sql;

namespace {

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
int64_t blockTime(const ObservedPosition& x)
{
    return x.stamp.timestampMs;
}

template <class T>
bool writeBlocks(Sql& sql, CaptureStream stream, const std::vector<T>& items, size_t written)
{
    const std::span<const T> rest = std::span<const T>(items).subspan(std::min(written, items.size()));
    for (size_t from = 0; from < rest.size(); from += kCaptureBlockRows) {
        const auto chunk = rest.subspan(from, std::min(kCaptureBlockRows, rest.size() - from));
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

} // namespace

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

} // namespace

Result<std::unique_ptr<CaptureWriter>> CaptureWriter::create(const std::string& path, const SessionInfo& info)
{
    if (auto refused = refuseExisting(path))
        return Error{*refused};
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
    if (!createCaptureSchema(sql))
        return Error{writeFailure(path + ": cannot write the capture schema", sql.error())};
    // One transaction: one commit in the WAL instead of one per row.
    if (!sql.db().transaction())
        return Error{path + ": cannot start a transaction: " + sql.db().lastError().text().toStdString()};
    auto failure = writer->writeInfo(info);
    if (!failure)
        failure = writer->writeBookmarks(info.bookmarks);
    if (!failure && !sql.db().commit())
        failure = "cannot commit the session information: " + sql.db().lastError().text().toStdString();
    if (failure) {
        sql.db().rollback();
        return Error{writeFailure(path, *failure)};
    }
    writer->checkpoint(); // the main file is a capture (with no records yet) from now on
    return writer;
}

std::optional<std::string> CaptureWriter::writeInfo(const SessionInfo& info)
{
    Sql sql(m_connection);
    for (const InfoField& field : sessionInfoFields()) {
        if (const auto value = sessionInfoValue(info, field))
            sql.run("INSERT OR REPLACE INTO capture_meta(key, value) VALUES(?, ?)",
                    {QString(field.key), q(*value)});
        else
            sql.run("DELETE FROM capture_meta WHERE key = ?", {QString(field.key)});
    }
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

std::optional<std::string> CaptureWriter::writeBookmarks(const std::vector<Bookmark>& bookmarks)
{
    Sql sql(m_connection);
    replaceBookmarkRows(sql, {bookmarks, {}});
    if (!sql.error().empty())
        return "cannot write the bookmarks: " + sql.error();
    return std::nullopt;
}

std::optional<std::string> CaptureWriter::append(const Session& session)
{
    if (m_finished)
        return m_path + ": the capture is already finished";
    Sql sql(m_connection);
    if (!sql.db().transaction())
        return m_path + ": cannot start a transaction: " + sql.db().lastError().text().toStdString();
    const Session::Mark now = session.mark();
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
        writeBlocks(sql, CaptureStream::LogOffsets, session.logOffsets, m_written.logOffsets) &&
        writeBlocks(sql, CaptureStream::ReplicationPositions, session.positions, m_written.positions);
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

} // namespace driftscope
