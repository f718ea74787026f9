// Capture files as files: telling them by content, deleting them with what SQLite keeps beside
// them, and writing a whole session to one without ever leaving a half-written capture.
#include "model/io/capture_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace driftscope {
namespace {

// What SQLite keeps beside a database: the WAL and its index while in WAL mode, the rollback
// journal during a transaction otherwise. Each is applied to (or read with) whatever main file
// carries the name, so none may outlive the capture it belonged to.
constexpr const char* kSideFiles[] = {"-wal", "-shm", "-journal"};

std::optional<std::string> removeFile(const std::string& path)
{
    std::error_code ec;
    std::filesystem::remove(path, ec);
    if (ec)
        return path + ": cannot remove: " + ec.message();
    return std::nullopt;
}

std::optional<std::string> removeSideFiles(const std::string& path)
{
    std::optional<std::string> failure;
    for (const char* suffix : kSideFiles)
        if (auto f = removeFile(path + suffix); f && !failure)
            failure = f;
    return failure;
}

// Replaces every mention of the temporary file in a writer's message by the file it stands for.
std::string naming(std::string message, const std::string& temporary, const std::string& path)
{
    for (size_t at = message.find(temporary); at != std::string::npos;
         at = message.find(temporary, at + path.size()))
        message.replace(at, temporary.size(), path);
    return message;
}

// A new name beside `path` (same directory, so that a rename moves it over `path` without
// copying): ".NAME.XXXXXX", reserved by mkstemp and freed again so that SQLite creates the file
// with the permissions it gives every capture.
Result<std::string> temporaryBeside(const std::string& path)
{
    const std::filesystem::path target(path);
    // Appended, not `"." + name`: GCC 12's -Wrestrict false positive at -O3 (util/text_format.h).
    std::string base(1, '.');
    base += target.filename().string();
    base += ".XXXXXX";
    std::string name = (target.parent_path() / base).string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        return Error{path + ": cannot create a temporary file beside it: " + std::strerror(errno)};
    ::close(fd);
    ::unlink(name.c_str());
    return name;
}

// Makes a rename in the directory of `path` durable (the new name survives a power cut).
void syncDirectoryOf(const std::string& path)
{
    const std::string parent = std::filesystem::path(path).parent_path().string();
    const std::string dir = parent.empty() ? std::string(1, '.') : parent;
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

std::string alreadyExists(const std::string& path)
{
    return path + ": already exists; a capture is never overwritten (choose another name)";
}

// Moves the finished capture `temporary` to `path`. Replace: the old file and whatever SQLite kept
// beside it go, the side files first (a stale -wal beside the new file would be replayed into
// it); the rename itself replaces the main file atomically. Keep: fails if `path` exists.
std::optional<std::string> moveInto(const std::string& temporary, const std::string& path,
                                    ExistingFile existing)
{
    if (existing == ExistingFile::Replace) {
        // The replacement keeps the permissions of the file it replaces, as QSaveFile does.
        std::error_code ec;
        const auto old = std::filesystem::status(path, ec);
        if (!ec && std::filesystem::is_regular_file(old))
            std::filesystem::permissions(temporary, old.permissions(), ec);
        if (auto failure = removeSideFiles(path))
            return failure;
        if (std::rename(temporary.c_str(), path.c_str()) != 0)
            return path + ": cannot replace it: " + std::strerror(errno);
        return std::nullopt;
    }
    if (::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0)
        return std::nullopt;
    if (errno == EEXIST)
        return alreadyExists(path);
    if (errno != EINVAL && errno != ENOSYS)
        return path + ": cannot create: " + std::strerror(errno);
    // A file system without RENAME_NOREPLACE: a hard link fails on an existing name as well.
    if (::link(temporary.c_str(), path.c_str()) != 0)
        return errno == EEXIST ? alreadyExists(path) : path + ": cannot create: " + std::strerror(errno);
    removeFile(temporary);
    return std::nullopt;
}

} // namespace

bool isSqliteFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    return in.read(header, sizeof header) &&
           std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16);
}

std::optional<std::string> refuseExisting(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec))
        return alreadyExists(path);
    return std::nullopt;
}

std::optional<std::string> removeCapture(const std::string& path)
{
    std::optional<std::string> failure = removeSideFiles(path);
    if (auto f = removeFile(path); f && !failure)
        failure = f;
    return failure;
}

std::optional<std::string> writeCapture(const std::string& path, const Session& session, int64_t finishedAtMs,
                                        ExistingFile existing, const std::vector<Bookmark>* bookmarks)
{
    if (existing == ExistingFile::Keep)
        if (auto refused = refuseExisting(path))
            return refused;
    const auto temporary = temporaryBeside(path);
    if (!temporary)
        return temporary.error();
    std::optional<std::string> failure;
    {
        auto writer = CaptureWriter::createFile(*temporary, session.info);
        if (!writer)
            failure = writer.error();
        if (!failure)
            failure = (*writer)->append(session);
        if (!failure && bookmarks)
            failure = (*writer)->writeBookmarks(*bookmarks);
        if (!failure)
            failure = (*writer)->finish(finishedAtMs);
    } // closed: a finished capture is one file, with nothing beside it
    if (!failure)
        failure = moveInto(*temporary, path, existing);
    if (failure) {
        removeCapture(*temporary);
        return naming(*failure, *temporary, path);
    }
    syncDirectoryOf(path);
    return std::nullopt;
}

} // namespace driftscope
