// The tables of a capture file (internal to model/io; docs/capture-format.md describes them).
#pragma once

#include "model/io/sqlite_connection.h"

namespace driftscope {

// capture_meta's `format`, which tells a capture from any other SQLite database.
constexpr const char* kCaptureFormat = "driftscope-capture";
// At most this many rows per block: keeps a block a few hundred kilobytes at most.
constexpr size_t kCaptureBlockRows = 65'536;

// Puts a new, empty database in WAL mode and creates the tables of schema kCaptureSchemaVersion
// with its format and version, in one transaction. False (the error in `sql`) when it failed.
bool createCaptureSchema(sqlite::Sql& sql);

} // namespace driftscope
