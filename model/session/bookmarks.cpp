#include "model/session/bookmarks.h"

#include "model/util/text_format.h"
#include "model/util/user_time.h"

#include <algorithm>
#include <tuple>

namespace driftscope {
namespace {

size_t codePoints(std::string_view text)
{
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80; // not a UTF-8 continuation byte
    }));
}

bool isControl(char c)
{
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7F;
}

std::string quoted(std::string_view name)
{
    // Appended, not "'" + std::string(...): GCC 12 at -O3 misreads that as an overlapping copy.
    std::string out = "'";
    out += name;
    out += "'";
    return out;
}

// "the bookmark name 'NAME'" and `what` (appended, as quoted() is).
std::string nameProblem(std::string_view name, const std::string& what)
{
    std::string out = "the bookmark name ";
    out += quoted(name);
    out += what;
    return out;
}

std::string namesOf(const std::vector<Bookmark>& bookmarks)
{
    if (bookmarks.empty())
        return "it has no bookmarks";
    std::string names = "its bookmarks: ";
    for (size_t i = 0; i < bookmarks.size(); ++i) {
        names += i == 0 ? "" : ", ";
        names += quoted(bookmarks[i].name);
    }
    return names;
}

} // namespace

std::optional<std::string> bookmarkNameProblem(std::string_view name)
{
    if (name.empty())
        return std::string("a bookmark needs a name");
    if (name.front() == ' ' || name.back() == ' ')
        return nameProblem(name, " starts or ends with a space");
    if (std::any_of(name.begin(), name.end(), isControl))
        return nameProblem(name, " holds a control character");
    if (codePoints(name) > kBookmarkNameMax) {
        std::string tooLong = " is longer than ";
        tooLong += std::to_string(kBookmarkNameMax);
        tooLong += " characters";
        return nameProblem(name, tooLong);
    }
    if (parseUserTime(name))
        return nameProblem(name, " reads as a time: --at would take it as that time");
    return std::nullopt;
}

std::optional<std::string> addBookmark(std::vector<Bookmark>& bookmarks, Bookmark bookmark)
{
    if (auto problem = bookmarkNameProblem(bookmark.name))
        return problem;
    if (const Bookmark* same = findBookmark(bookmarks, bookmark.name)) {
        std::string taken = "a bookmark named ";
        taken += quoted(bookmark.name);
        taken += " is already at ";
        taken += formatUtcMs(same->atMs);
        return taken;
    }
    const auto byTime = [](const Bookmark& a, const Bookmark& b) {
        return std::tie(a.atMs, a.name) < std::tie(b.atMs, b.name);
    };
    bookmarks.insert(std::upper_bound(bookmarks.begin(), bookmarks.end(), bookmark, byTime),
                     std::move(bookmark));
    return std::nullopt;
}

std::optional<std::string> removeBookmark(std::vector<Bookmark>& bookmarks, std::string_view name)
{
    if (std::erase_if(bookmarks, [name](const Bookmark& b) { return b.name == name; }) == 0) {
        std::string none = "no bookmark is named ";
        none += quoted(name);
        return none;
    }
    return std::nullopt;
}

const Bookmark* findBookmark(const std::vector<Bookmark>& bookmarks, std::string_view name)
{
    const auto it = std::find_if(bookmarks.begin(), bookmarks.end(),
                                 [name](const Bookmark& b) { return b.name == name; });
    return it == bookmarks.end() ? nullptr : &*it;
}

std::optional<std::string> checkBookmarks(const std::vector<Bookmark>& bookmarks)
{
    std::vector<Bookmark> seen;
    for (const Bookmark& b : bookmarks)
        if (auto problem = addBookmark(seen, b))
            return problem;
    return std::nullopt;
}

BookmarkRows sortBookmarkRows(const std::vector<Bookmark>& rows, const std::vector<int64_t>& rowIds)
{
    BookmarkRows sorted;
    for (size_t i = 0; i < rows.size(); ++i)
        if (auto problem = addBookmark(sorted.kept, rows[i]))
            sorted.damaged.push_back({rows[i], std::move(*problem), i < rowIds.size() ? rowIds[i] : -1});
    return sorted;
}

std::optional<std::string> addBookmark(BookmarkRows& rows, Bookmark bookmark)
{
    const auto same = [&bookmark](const DamagedBookmark& d) {
        return d.row.name == bookmark.name;
    };
    if (std::any_of(rows.damaged.begin(), rows.damaged.end(), same)) {
        std::string taken = "a damaged bookmark row is named ";
        taken += quoted(bookmark.name);
        taken += ": remove it first (--remove or the Bookmarks menu)";
        return taken;
    }
    return addBookmark(rows.kept, std::move(bookmark));
}

std::optional<std::string> removeBookmark(BookmarkRows& rows, std::string_view name)
{
    const size_t damaged =
        std::erase_if(rows.damaged, [name](const DamagedBookmark& d) { return d.row.name == name; });
    auto none = removeBookmark(rows.kept, name);
    return damaged > 0 ? std::nullopt : none;
}

std::string damagedBookmarkText(const DamagedBookmark& damaged)
{
    std::string text = "a bookmark row named ";
    text += quoted(damaged.row.name);
    text += " (at ";
    text += formatUtcMs(damaged.row.atMs);
    text += ") is not used: ";
    text += damaged.problem;
    text += "; remove it with --remove or the Bookmarks menu";
    return text;
}

Result<int64_t> resolveMoment(std::string_view text, const std::vector<Bookmark>& bookmarks)
{
    auto time = parseUserTime(text);
    if (time)
        return time;
    if (const Bookmark* b = findBookmark(bookmarks, text))
        return b->atMs;
    return Error{time.error() + ", nor a bookmark of the session (" + namesOf(bookmarks) + ")"};
}

} // namespace driftscope
