// Capture files as files: telling them by content, deleting them with what SQLite keeps beside
// them.
#include "model/io/capture_file.h"

#include <filesystem>
#include <fstream>

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

} // namespace

bool isSqliteFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    return in.read(header, sizeof header) &&
           std::string_view(header, 16) == std::string_view("SQLite format 3\0", 16);
}

std::optional<std::string> removeCapture(const std::string& path)
{
    std::optional<std::string> failure = removeSideFiles(path);
    if (auto f = removeFile(path); f && !failure)
        failure = f;
    return failure;
}

} // namespace driftscope
