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
    const QString what =
        QString::fromStdString("Bookmark '" + bookmark.name + "' at " + formatUtcMs(bookmark.atMs));
    return change([&bookmark](std::vector<Bookmark>& all) { return addBookmark(all, bookmark); }, what);
}

Result<QString> BookmarkKeeper::remove(const std::string& name)
{
    return change([&name](std::vector<Bookmark>& all) { return removeBookmark(all, name); },
                  QString::fromStdString("Removed the bookmark '" + name + "'"));
}

Result<QString> BookmarkKeeper::change(const BookmarkChange& edit, const QString& what)
{
    if (m_capturePath.isEmpty()) {
        std::vector<Bookmark> next = m_bookmarks;
        if (auto refused = edit(next))
            return Error{*refused};
        m_bookmarks = std::move(next);
        return what + " (kept for this run: File > Save capture as keeps them with the session)";
    }
    // Applied to what the file holds now: bookmarks another process added meanwhile stay.
    auto written = changeCaptureBookmarks(m_capturePath.toStdString(), edit);
    if (!written)
        return Error{written.error()};
    m_bookmarks = std::move(*written);
    return what + ", saved in " + QFileInfo(m_capturePath).fileName();
}

} // namespace driftscope::gui
