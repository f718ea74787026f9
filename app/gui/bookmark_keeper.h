// The window's bookmarks (model/session/bookmarks.h) of the session shown. A capture's come with
// it and every change is written back into that capture at once (replaceCaptureBookmarks); other
// sessions (live, the demo, a simulation, records in text) keep them for the run, and File > Save
// capture as writes them into the new capture.
#pragma once

#include "model/io/capture_file.h"
#include "model/session/bookmarks.h"
#include "model/util/result.h"

#include <QString>

#include <vector>

namespace driftscope::gui {

class BookmarkKeeper {
public:
    // Another session: its bookmarks (and a capture's damaged rows), and the capture they are
    // kept in (empty: none).
    void reset(BookmarkRows rows, QString capturePath);
    const std::vector<Bookmark>& all() const { return m_rows.kept; }
    const std::vector<DamagedBookmark>& damaged() const { return m_rows.damaged; }
    const BookmarkRows& rows() const { return m_rows; }

    // Adds or removes one (a damaged row too), and says what happened for the status bar ("Bookmark
    // 'incident' at TIME, saved in demo.capture"); the error when it could not (the list is then unchanged).
    Result<QString> add(Bookmark bookmark);
    Result<QString> remove(const std::string& name);

private:
    // Applies `edit` to the capture's bookmarks as it holds them now (or, without a capture, to
    // the list kept) and keeps the result; the error leaves both as they were.
    Result<QString> change(const BookmarkChange& edit, const QString& what);

    BookmarkRows m_rows;
    QString m_capturePath;
};

} // namespace driftscope::gui
