#include "model/io/capture_schema.h"

#include "model/io/capture_file.h"

namespace driftscope {
namespace {

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

} // namespace driftscope
