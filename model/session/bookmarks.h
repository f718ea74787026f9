// Bookmarks: moments of a session a reviewer named ("incident", "failover"). They are kept with
// the capture (its bookmarks table), listed and jumped to in the window, drawn on every time axis
// and written into the incident report; --at takes a bookmark's name wherever it takes a time.
#pragma once

#include "model/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope {

struct Bookmark {
    int64_t atMs = 0;
    std::string name;
    friend bool operator==(const Bookmark&, const Bookmark&) = default;
};

// A name is at most this many characters long, so that it fits a menu and a time axis.
constexpr size_t kBookmarkNameMax = 60;

// Why `name` cannot name a bookmark (empty, blank at either end, a control character, too long),
// or none. A name that reads as a time would shadow that time in --at, so it is refused too.
std::optional<std::string> bookmarkNameProblem(std::string_view name);

// Adds `bookmark` to `bookmarks` (kept sorted by time, then name), or says why not: a bad name,
// or a name another bookmark has. Names are unique, so that --at NAME means one moment.
std::optional<std::string> addBookmark(std::vector<Bookmark>& bookmarks, Bookmark bookmark);

// Removes the bookmark named `name`, or says there is none.
std::optional<std::string> removeBookmark(std::vector<Bookmark>& bookmarks, std::string_view name);

// The bookmark named `name`, or none.
const Bookmark* findBookmark(const std::vector<Bookmark>& bookmarks, std::string_view name);

// Checks a list read from a file: every name valid and unique. The first problem, or none.
std::optional<std::string> checkBookmarks(const std::vector<Bookmark>& bookmarks);

// A row of a file's bookmarks table that breaks the rules (only something other than driftscope
// writes one): not used as a bookmark, but kept in the file and named, so that it can be removed.
struct DamagedBookmark {
    Bookmark row;
    std::string problem; // bookmarkNameProblem's, or why its time is not one
    int64_t rowId = -1;  // its row in the file's table (-1: not from a file)
    friend bool operator==(const DamagedBookmark&, const DamagedBookmark&) = default;
};

// A file's bookmark rows: those used, and the damaged ones beside them.
struct BookmarkRows {
    std::vector<Bookmark> kept;
    std::vector<DamagedBookmark> damaged;
};

// Sorts rows as read into those kept (by addBookmark's rules, in the order given: of two rows of
// one name the first is kept) and the damaged ones, which get their `rowIds` when given.
BookmarkRows sortBookmarkRows(const std::vector<Bookmark>& rows, const std::vector<int64_t>& rowIds = {});

// addBookmark on the rows kept, refusing also a name a damaged row holds (the file's table keeps
// names unique: it must be removed first).
std::optional<std::string> addBookmark(BookmarkRows& rows, Bookmark bookmark);

// Removes the bookmark named `name`, or the damaged rows of that name; says when there is none.
std::optional<std::string> removeBookmark(BookmarkRows& rows, std::string_view name);

// "a bookmark row named 'x' (at TIME) is not used: PROBLEM; remove it with --remove or the
// Bookmarks menu", the warning the CLI and the window give.
std::string damagedBookmarkText(const DamagedBookmark& damaged);

// A moment as --at takes it: a time (parseUserTime) or the name of one of `bookmarks`. The error
// names both forms and the bookmarks there are.
Result<int64_t> resolveMoment(std::string_view text, const std::vector<Bookmark>& bookmarks);

} // namespace driftscope
