#include "app/gui/bookmark_keeper.h"

#include "model/io/capture_file.h"
#include "model/util/text_format.h"

#include <QFileInfo>

#include <algorithm>

namespace driftscope::gui {

void BookmarkKeeper::reset(BookmarkRows rows, QString capturePath)
{
    m_rows = std::move(rows);
    m_capturePath = std::move(capturePath);
}

Result<QString> BookmarkKeeper::add(Bookmark bookmark)
{
    const QString what =
        QString::fromStdString("Bookmark '" + bookmark.name + "' at " + formatUtcMs(bookmark.atMs));
    return change([&bookmark](BookmarkRows& rows) { return addBookmark(rows, bookmark); }, what);
}

Result<QString> BookmarkKeeper::remove(const std::string& name)
{
    return change([&name](BookmarkRows& rows) { return removeBookmark(rows, name); },
                  QString::fromStdString("Removed the bookmark '" + name + "'"));
}

Result<QString> BookmarkKeeper::change(const BookmarkChange& edit, const QString& what)
{
    if (m_capturePath.isEmpty()) {
        BookmarkRows next = m_rows;
        if (auto refused = edit(next))
            return Error{*refused};
        m_rows = std::move(next);
        return what + " (kept for this run: File > Save capture as keeps them with the session)";
    }
    // Applied to what the file holds now: bookmarks another process added meanwhile stay.
    auto written = changeCaptureBookmarks(m_capturePath.toStdString(), edit);
    if (!written)
        return Error{written.error()};
    m_rows = std::move(*written);
    return what + ", saved in " + QFileInfo(m_capturePath).fileName();
}

} // namespace driftscope::gui
