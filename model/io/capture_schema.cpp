#include "model/io/capture_schema.h"

#include "model/io/capture_file.h"
#include "model/util/integer_text.h"

#include <filesystem>
#include <set>

namespace driftscope {
namespace {

// Names are unique: --at NAME means one moment (bookmarks.h).
const char* const kBookmarksTable =
    "CREATE TABLE IF NOT EXISTS bookmarks(id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, name TEXT NOT NULL "
    "UNIQUE)";

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
    kBookmarksTable,
};

} // namespace

bool createCaptureSchema(sqlite::Sql& sql)
{
    // WAL with a commit per append: a killed recorder loses at most the append in progress.
    // application_id marks the file as a capture for tools like `file`.
    sql.exec("PRAGMA journal_mode=WAL");
    sql.exec("PRAGMA synchronous=NORMAL");
    sql.exec("PRAGMA application_id=1146307408"); // "DSCP"
    sql.db().transaction();
    for (const char* statement : kSchema)
        sql.exec(statement);
    sql.run("INSERT INTO capture_meta(key, value) VALUES('format', ?)", {QString(kCaptureFormat)});
    sql.run("INSERT INTO capture_meta(key, value) VALUES('schema_version', ?)",
            {QString::number(kCaptureSchemaVersion)});
    return sql.error().empty() && sql.db().commit();
}

Result<int> captureSchemaOf(const std::map<std::string, std::string>& meta)
{
    const auto field = [&meta](const char* key) {
        const auto it = meta.find(key);
        return it == meta.end() ? std::string() : it->second;
    };
    if (field("format") != kCaptureFormat)
        return Error{"is an SQLite database but not a driftscope capture (capture_meta has no format '" +
                     std::string(kCaptureFormat) + "')"};
    const std::string version = field("schema_version");
    const auto parsed = parseInt64(version);
    const int64_t schema = parsed ? *parsed : 0;
    if (schema <= 0)
        return Error{"has an invalid schema_version '" + version + "'"};
    if (schema > kCaptureSchemaVersion)
        return Error{"was written with capture schema " + version + " (by driftscope " +
                     field("tool_version") + "); this driftscope reads schema " +
                     std::to_string(kCaptureSchemaVersion) + " and older: open it with a newer driftscope"};
    return static_cast<int>(schema); // 1 to kCaptureSchemaVersion
}

bool addBookmarksTable(sqlite::Sql& sql)
{
    return sql.exec(kBookmarksTable);
}

BookmarkRows readBookmarkRows(sqlite::Sql& sql, int schema)
{
    if (schema < 3)
        return {};
    std::vector<Bookmark> rows;
    std::vector<int64_t> ids;
    std::vector<DamagedBookmark> untimed;
    QSqlQuery query =
        sql.select("SELECT at_ms, name, typeof(at_ms), id FROM bookmarks ORDER BY at_ms, name, id");
    while (query.next()) {
        Bookmark row{query.value(0).toLongLong(), sqlite::s(query.value(1))};
        const int64_t id = query.value(3).toLongLong();
        if (query.value(2).toString() == "integer") {
            rows.push_back(std::move(row));
            ids.push_back(id);
        } else {
            untimed.push_back({std::move(row), "its time is not a whole number of milliseconds", id});
        }
    }
    BookmarkRows sorted = sortBookmarkRows(rows, ids);
    sorted.damaged.insert(sorted.damaged.end(), untimed.begin(), untimed.end());
    return sorted;
}

void replaceBookmarkRows(sqlite::Sql& sql, const BookmarkRows& rows)
{
    // Damaged rows stay as they are, byte for byte (their time may not even be a number); every
    // other row is replaced by the list kept.
    std::set<int64_t> damaged;
    for (const DamagedBookmark& d : rows.damaged)
        damaged.insert(d.rowId);
    std::vector<int64_t> replaced;
    QSqlQuery ids = sql.select("SELECT id FROM bookmarks");
    while (ids.next())
        if (const int64_t id = ids.value(0).toLongLong(); !damaged.count(id))
            replaced.push_back(id);
    for (const int64_t id : replaced)
        sql.run("DELETE FROM bookmarks WHERE id = ?", {static_cast<qlonglong>(id)});
    for (const Bookmark& b : rows.kept)
        sql.run("INSERT INTO bookmarks(at_ms, name) VALUES(?, ?)",
                {static_cast<qlonglong>(b.atMs), sqlite::q(b.name)});
}

std::optional<std::string> notACaptureFile(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return path + ": " + (std::filesystem::exists(path, ec) ? "is not a regular file" : "does not exist");
    if (!isSqliteFile(path))
        return path + ": is not a driftscope capture (not an SQLite database)";
    return std::nullopt;
}

} // namespace driftscope
