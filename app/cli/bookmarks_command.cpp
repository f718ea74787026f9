// driftscope-cli bookmarks: the moments a capture's reviewers named (model/session/bookmarks.h),
// listed, added or removed; the window's Bookmarks menu keeps the same table.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/report_input.h"

#include "model/analysis/group_series.h"
#include "model/io/capture_file.h"
#include "model/io/session_file.h"
#include "model/util/json_writer.h"
#include "model/util/text_format.h"
#include "model/util/user_time.h"

#include <filesystem>

namespace driftscope::cli {
namespace {

void printBookmarks(const std::vector<Bookmark>& bookmarks, bool json)
{
    for (const Bookmark& b : bookmarks) {
        if (!json) {
            printOut(formatUtcMs(b.atMs) + "  " + b.name);
            continue;
        }
        JsonWriter j;
        j.beginObject();
        j.key("name").value(b.name).key("at").value(formatUtcMs(b.atMs)).key("at_ms").value(b.atMs);
        j.endObject();
        printOut(j.str());
    }
}

// Makes the change `parser` asks for in `all` (what the file holds now): --add NAME at --at, a
// moment of `session`, or --remove NAME. Says why not, or none.
std::optional<std::string> change(const QCommandLineParser& parser, const Session& session,
                                  BookmarkRows& rows)
{
    if (parser.isSet("remove")) {
        if (auto none = removeBookmark(rows, toStd(parser.value("remove"))))
            return "--remove: " + *none;
        return std::nullopt;
    }
    if (session.info.recordTimesUnknown)
        return std::string("--add: the records carry no times (MM2's console formatters print none), so the "
                           "session has no moment to bookmark");
    const auto at = resolveMoment(toStd(parser.value("at")), rows.kept);
    if (!at)
        return "--at: " + at.error();
    const auto first = firstMoment(session);
    if (!first)
        return std::string("--add: the session holds no record or sample, so it has no moment to bookmark");
    if (auto outside = outsideSession("--at", *at, *first, session.lastActivityMs()))
        return outside;
    if (auto problem = addBookmark(rows, {*at, toStd(parser.value("add"))}))
        return "--add: " + *problem;
    return std::nullopt;
}

} // namespace

int runBookmarks(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "List the bookmarks of a capture (moments its reviewers named), or add or remove one. Each takes "
        "effect in the file at once, in one transaction; --at of every command takes a bookmark's name.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    parser.addOption({"add", "Add a bookmark of this name (needs --at).", "NAME"});
    parser.addOption(
        {"at", "Where --add puts it: a time (ISO 8601 or epoch ms) or another bookmark's name.", "TIME"});
    parser.addOption({"remove", "Remove the bookmark of this name.", "NAME"});
    parser.addOption({"json", "One JSON object per bookmark: name, at (ISO 8601), at_ms."});
    parser.addPositionalArgument("CAPTURE", "The capture file.", "CAPTURE");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return report(usage("bookmarks needs exactly one CAPTURE"));
    if (parser.isSet("add") && parser.isSet("remove"))
        return report(usage("--add and --remove do not go together: one change at a time"));
    if (parser.isSet("add") != parser.isSet("at"))
        return report(usage("--add NAME and --at TIME go together"));
    const std::string path = toStd(parser.positionalArguments().front());
    // A file that is not there is said by the reader below.
    if (std::filesystem::is_regular_file(path) && !isSqliteFile(path) &&
        (parser.isSet("add") || parser.isSet("remove")))
        return report({kInputError, path +
                                        ": is not a driftscope capture (not an SQLite database): bookmarks "
                                        "are kept in captures (import the records into one first)"});
    auto file = readSessionFile(path);
    if (!file)
        return report({kInputError, file.error()});
    BookmarkRows rows{file->session.info.bookmarks, file->session.info.damagedBookmarks};
    if (parser.isSet("add") || parser.isSet("remove")) {
        // Applied to what the file holds now: another process may have changed it since it was read.
        auto written = changeCaptureBookmarks(
            path, [&](BookmarkRows& now) { return change(parser, file->session, now); });
        if (!written)
            return report({kInputError, written.error()});
        rows = std::move(*written);
    }
    for (const DamagedBookmark& d : rows.damaged) {
        std::string warning = "driftscope-cli: warning: "; // appended: see bookmarks.cpp's quoted()
        warning += damagedBookmarkText(d);
        printNote(warning);
    }
    printBookmarks(rows.kept, parser.isSet("json"));
    return kOk;
}

} // namespace driftscope::cli
