// The tables of a capture file (internal to model/io; docs/capture-format.md describes them).
#pragma once

#include "model/io/sqlite_connection.h"
#include "model/session/bookmarks.h"
#include "model/util/result.h"

#include <map>
#include <string>

namespace driftscope {

// capture_meta's `format`, which tells a capture from any other SQLite database.
constexpr const char* kCaptureFormat = "driftscope-capture";
// At most this many rows per block: keeps a block a few hundred kilobytes at most.
constexpr size_t kCaptureBlockRows = 65'536;

// Puts a new, empty database in WAL mode and creates the tables of schema kCaptureSchemaVersion
// with its format and version, in one transaction. False (the error in `sql`) when it failed.
bool createCaptureSchema(sqlite::Sql& sql);

// The schema version of a capture from its capture_meta rows, or why it is not one this
// driftscope reads (not a capture, an invalid version, a newer schema).
Result<int> captureSchemaOf(const std::map<std::string, std::string>& meta);

// Adds the bookmarks table (schema 3) to a capture of an older schema; nothing when it is there.
bool addBookmarksTable(sqlite::Sql& sql);
// The rows of the bookmarks table, by time then name, sorted into those kept and the damaged
// ones (none before schema 3: no table).
BookmarkRows readBookmarkRows(sqlite::Sql& sql, int schema);
// Replaces the rows of the bookmarks table by `rows.kept`, leaving the rows of `rows.damaged` as
// they are (in the caller's transaction, if any).
void replaceBookmarkRows(sqlite::Sql& sql, const BookmarkRows& rows);

// "PATH: does not exist" (or is not a regular file, or not an SQLite database): why `path`
// cannot be a capture before it is opened; none when it may be one.
std::optional<std::string> notACaptureFile(const std::string& path);

} // namespace driftscope
