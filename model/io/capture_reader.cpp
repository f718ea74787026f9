// readCapture: opens a capture read-only and loads all of it, refusing with the reason a file
// that is not a capture, is damaged or was written with a newer schema (capture_file.h).
#include "model/io/capture_file.h"
#include "model/session/session_info_fields.h"

#include "model/capture/capture_blocks.h"
#include "model/io/capture_schema.h"
#include "model/io/sqlite_connection.h"
#include "model/util/integer_text.h"
#include "model/util/side_thread.h"

#include <QSqlError>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <new>
#include <thread>

namespace driftscope {

using sqlite::bytesOrNull;
using sqlite::connectionName;
using sqlite::q;
using sqlite::s;
using sqlite::Sql;

namespace {

// Bytes 18 and 19 of SQLite's header (file format write and read versions) are 2 for a
// database in WAL mode.
bool inWalMode(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[20] = {};
    return in.read(header, sizeof header) && header[18] == 2 && header[19] == 2;
}

// The parts of readCapture, each refusing with the reason.
class CaptureReader {
public:
    CaptureReader(std::string path, const std::string& connection)
        : m_path(std::move(path)), m_sql(connection)
    {
    }

    std::optional<std::string> checkCaptureFormat(CaptureContents& out)
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
        auto schema = captureSchemaOf(m_meta);
        if (!schema)
            return schema.error();
        out.schemaVersion = *schema;
        return std::nullopt;
    }

    std::optional<std::string> readBookmarks(CaptureContents& out)
    {
        BookmarkRows rows = readBookmarkRows(m_sql, out.schemaVersion);
        if (!m_sql.error().empty())
            return "cannot read the bookmarks: " + m_sql.error();
        // A damaged row costs its bookmark, not the capture: it is said where bookmarks are shown.
        out.observations.info.bookmarks = std::move(rows.kept);
        out.observations.info.damagedBookmarks = std::move(rows.damaged);
        return std::nullopt;
    }

    std::optional<std::string> readInfo(CaptureContents& out)
    {
        SessionInfo& info = out.observations.info;
        const auto failure = readSessionInfo(
            [this](const InfoField& field) -> std::optional<std::string> {
                const auto it = m_meta.find(field.key);
                return it == m_meta.end() ? std::nullopt : std::optional<std::string>(it->second);
            },
            info);
        if (failure)
            return "capture_meta: " + *failure;
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

    std::optional<std::string> readDictionaries(Session& o)
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

    std::optional<std::string> readBlocks(Session& o)
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
        // Blocks decode on two threads: this one and one that lives as long as the read.
        SideThread helper("capture-decode");
        const auto flush = [&]() -> std::optional<std::string> {
            helper.start([&] {
                for (size_t i = 1; i < filled; i += 2)
                    decode(batch[i]);
            });
            for (size_t i = 0; i < filled; i += 2)
                decode(batch[i]);
            helper.wait();
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

    std::optional<std::string> readRows(Session& o)
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
            if (!events.value(1).isNull()) {
                e.side = parseSide(s(events.value(1)));
                if (!e.side)
                    return "reader event at " + s(events.value(0)) + ": cluster '" + s(events.value(1)) +
                           "' is neither source nor target";
            }
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

    static size_t countOf(const Session& o, CaptureStream stream)
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
            return o.logOffsets.size();
        case CaptureStream::ReplicationPositions:
            break;
        }
        return o.positions.size();
    }

    bool integer(const char* key, int64_t& out)
    {
        const std::string& text = m_meta[key];
        const auto value = parseInt64(text);
        if (!value) {
            m_error = std::string("capture_meta: ") + key + " is not an integer: '" + text + "'";
            return false;
        }
        out = *value;
        return true;
    }

    std::string m_path;
    Sql m_sql;
    std::map<std::string, std::string> m_meta;
    std::string m_error;
};

} // namespace

Result<CaptureContents> readCapture(const std::string& path)
{
    if (auto refused = notACaptureFile(path))
        return Error{*refused};
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
            std::optional<std::string> failure = reader.checkCaptureFormat(contents);
            if (!failure)
                failure = reader.readInfo(contents);
            if (!failure)
                failure = reader.readBookmarks(contents);
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
