// Capture files: one SQLite file holding what a session read (docs/capture-format.md).
//
// A recorder appends to it at least once a second, each append one transaction in WAL mode, so a
// recorder killed at any moment leaves a file that opens with everything up to its last append.
// The WAL is checkpointed into the main file every few seconds, so that the main file alone (a
// copy made without its -wal file) still holds the capture up to a few seconds before.
// Captures are opened read-only; a file that is not a capture, or one written with a newer
// schema, is refused with the reason. A whole session saved at once (writeCapture) is written
// beside its path and renamed into place when complete.
//
// The implementation: capture_schema (the tables), capture_writer, capture_reader,
// capture_files (deleting, replacing), sqlite_connection (Qt's SQLite connections).
#pragma once

#include "model/session/session.h"
#include "model/util/result.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace driftscope {

// 2 added the stream replication-positions and connect_offsets_topic, 3 the bookmarks table; older
// files read as before (no bookmarks).
constexpr int kCaptureSchemaVersion = 3;
// How often, at most, a recorder's appends checkpoint the WAL into the main file (PASSIVE: it
// copies what no reader still needs, never waits, and keeps every commit safe).
constexpr int64_t kCaptureCheckpointEveryMs = 3000;

// True when the file starts with SQLite's header (captures are told from text files by content).
bool isSqliteFile(const std::string& path);

// Deletes a capture together with the files SQLite keeps beside it (-wal, -shm, -journal): the
// one way a capture is deleted. Says what could not be removed (a file that is not there is not
// a failure).
std::optional<std::string> removeCapture(const std::string& path);

// A capture is never overwritten unless its writer is told to: "PATH: already exists; ..." when
// `path` exists, for every writer of captures.
std::optional<std::string> refuseExisting(const std::string& path);

// What writeCapture does with a file already at its path.
enum class ExistingFile {
    Keep,    // refuse: a capture is never overwritten
    Replace, // replace it (and what SQLite kept beside it) once the new capture is complete
};

// Writes all of `session` as a finished capture at `path`. The capture is written to a temporary
// file in the same directory and renamed to `path` only once it is complete and closed, so a
// failure (no space, say) leaves `path` exactly as it was and nothing else behind.
// `bookmarks`, when given, are kept in place of session.info's (the window keeps its own).
std::optional<std::string> writeCapture(const std::string& path, const Session& session, int64_t finishedAtMs,
                                        ExistingFile existing,
                                        const std::vector<Bookmark>* bookmarks = nullptr);

// Replaces the bookmarks of the capture at `path` by `bookmarks`, in one transaction: the file
// keeps its old bookmarks or has the new ones, never a mix (its damaged rows stay). A schema 1
// or 2 capture gets the bookmarks table and becomes schema 3. Refuses a file that is not a
// capture, or is of a newer schema.
std::optional<std::string> replaceCaptureBookmarks(const std::string& path,
                                                   const std::vector<Bookmark>& bookmarks);

// Changes the bookmarks the capture at `path` holds now (read in the same transaction, so that a
// change another process made meanwhile stays): `change` edits the rows or says why not (the file
// is then left as it was). Damaged rows it leaves stay in the file as they are. Returns the rows
// as written.
using BookmarkChange = std::function<std::optional<std::string>(BookmarkRows&)>;
Result<BookmarkRows> changeCaptureBookmarks(const std::string& path, const BookmarkChange& change);

class CaptureWriter {
public:
    // Creates a new capture; an existing file is never overwritten. When creating fails (no
    // space, say), nothing of the new file is left behind.
    static Result<std::unique_ptr<CaptureWriter>> create(const std::string& path, const SessionInfo& info);
    ~CaptureWriter();
    CaptureWriter(const CaptureWriter&) = delete;
    CaptureWriter& operator=(const CaptureWriter&) = delete;

    // Writes everything in `session` that earlier appends did not, in one transaction. `session`
    // must be the same growing session each time.
    std::optional<std::string> append(const Session& session);
    // Marks the capture complete and turns it into a single self-contained file (no -wal file
    // left beside it). The writer can do nothing more afterwards.
    std::optional<std::string> finish(int64_t finishedAtMs);
    // Checkpoints after an append at most this often (0: after every append); the file's
    // creation is always checkpointed, so the main file is a capture from the start.
    void setCheckpointEveryMs(int64_t ms) { m_checkpointEveryMs = ms; }

    const std::string& path() const { return m_path; }

private:
    friend std::optional<std::string> writeCapture(const std::string&, const Session&, int64_t, ExistingFile,
                                                   const std::vector<Bookmark>*);
    CaptureWriter(std::string path, std::string connection);
    static Result<std::unique_ptr<CaptureWriter>> createFile(const std::string& path,
                                                             const SessionInfo& info);
    std::optional<std::string> writeInfo(const SessionInfo& info);
    std::optional<std::string> writeBookmarks(const std::vector<Bookmark>& bookmarks);
    void checkpoint();

    std::string m_path;
    std::string m_connection; // Qt's name of the database connection
    Session::Mark m_written;
    bool m_finished = false;
    int64_t m_checkpointEveryMs = kCaptureCheckpointEveryMs;
    int64_t m_checkpointedAtMs = 0; // steady clock
};

struct CaptureContents {
    Session observations;
    int schemaVersion = 0;
    std::optional<int64_t> finishedAtMs; // none: the recorder stopped without finishing
};

// Opens a capture read-only and loads all of it.
Result<CaptureContents> readCapture(const std::string& path);

} // namespace driftscope
