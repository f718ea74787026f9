// Capture files from elsewhere (capture_file.h readCapture): the input is written to a file and
// opened as a capture, so mutations hit SQLite's pages, the capture's tables and its blocks.
//
// Checks: an opened capture keeps the invariants of model_checks.h; written again with
// CaptureWriter and reopened, it holds the same session (compared as its JSON Lines export), the
// same dictionaries and the same finish time.
#include "model_checks.h"

#include "model/io/capture_file.h"
#include "model/session/session_json.h"

#include <QCoreApplication>

#include <filesystem>
#include <fstream>

using namespace driftscope;
using fuzz::check;

namespace {

// One scratch directory per fuzzing process, removed at exit.
struct Scratch {
    std::filesystem::path dir;
    Scratch()
    {
        std::string name =
            (std::filesystem::temp_directory_path() / "driftscope-fuzz-capture-XXXXXX").string();
        if (!mkdtemp(name.data()))
            fuzz::fail("cannot create a scratch directory");
        dir = name;
    }
    ~Scratch()
    {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    // The file and the -wal/-journal/-shm files SQLite may leave beside it, so that no run sees
    // what an earlier one left.
    std::string fresh(const char* name) const
    {
        const std::filesystem::path path = dir / name;
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            std::filesystem::remove(path.string() + suffix);
        return path.string();
    }
};

Scratch* scratch = nullptr;

std::vector<std::string> exported(const Session& session)
{
    std::vector<std::string> lines;
    exportSession(session, [&](const std::string& line) { lines.push_back(line); });
    return lines;
}

void checkRewrite(const CaptureContents& contents)
{
    const Session& o = contents.observations;
    const std::string path = scratch->fresh("rewritten.capture");
    {
        auto writer = CaptureWriter::create(path, o.info);
        check(writer.ok(), "an opened capture can be written again", writer ? "" : writer.error());
        const auto appended = (*writer)->append(o);
        check(!appended, "an opened capture can be written again", appended.value_or(""));
        if (contents.finishedAtMs) {
            const auto finished = (*writer)->finish(*contents.finishedAtMs);
            check(!finished, "an opened capture can be finished again", finished.value_or(""));
        }
    }
    const auto again = readCapture(path);
    check(again.ok(), "a rewritten capture opens", again ? "" : again.error());
    const Session& a = again->observations;
    check(again->finishedAtMs == contents.finishedAtMs, "a rewritten capture keeps its finish time");
    check(a.partitionCount() == o.partitionCount() && a.groupCount() == o.groupCount(),
          "a rewritten capture keeps its dictionaries");
    for (uint32_t id = 0; id < o.partitionCount(); ++id)
        check(a.partition(id) == o.partition(id), "a rewritten capture keeps partition ids",
              o.partition(id).topic);
    for (uint32_t id = 0; id < o.groupCount(); ++id)
        check(a.group(id) == o.group(id), "a rewritten capture keeps group ids", o.group(id));
    check(exported(a) == exported(o), "a rewritten capture holds the same session");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    // Qt loads the SQLite driver plugin only with an application object.
    static QCoreApplication app(*argc, *argv);
    static Scratch dir;
    scratch = &dir;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = scratch->fresh("input.capture");
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    const auto contents = readCapture(path);
    if (!contents)
        return 0;
    fuzz::checkSession(contents->observations);
    checkRewrite(*contents);
    return 0;
}
