#include "app/gui/bookmark_keeper.h"

#include "model/io/capture_file.h"
#include "model/util/text_format.h"

#include <QFileInfo>

#include <algorithm>

namespace driftscope::gui {

void BookmarkKeeper::reset(std::vector<Bookmark> bookmarks, QString capturePath)
{
    m_bookmarks = std::move(bookmarks);
    m_capturePath = std::move(capturePath);
}

Result<QString> BookmarkKeeper::add(Bookmark bookmark)
{
    std::vector<Bookmark> next = m_bookmarks;
    const QString what =
        QString::fromStdString("Bookmark '" + bookmark.name + "' at " + formatUtcMs(bookmark.atMs));
    if (auto problem = addBookmark(next, std::move(bookmark)))
        return Error{*problem};
    return keep(std::move(next), what);
}

Result<QString> BookmarkKeeper::remove(const std::string& name)
{
    std::vector<Bookmark> next = m_bookmarks;
    const auto gone =
        std::remove_if(next.begin(), next.end(), [&name](const Bookmark& b) { return b.name == name; });
    if (gone == next.end())
        return Error{"no bookmark is named '" + name + "'"};
    next.erase(gone, next.end());
    return keep(std::move(next), QString::fromStdString("Removed the bookmark '" + name + "'"));
}

Result<QString> BookmarkKeeper::keep(std::vector<Bookmark> next, const QString& what)
{
    if (m_capturePath.isEmpty()) {
        m_bookmarks = std::move(next);
        return what + " (kept for this run: File > Save capture as keeps them with the session)";
    }
    if (auto error = replaceCaptureBookmarks(m_capturePath.toStdString(), next))
        return Error{*error};
    m_bookmarks = std::move(next);
    return what + ", saved in " + QFileInfo(m_capturePath).fileName();
}

} // namespace driftscope::gui
