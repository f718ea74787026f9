// The window's bookmarks (model/session/bookmarks.h) of the session shown. A capture's come with
// it and every change is written back into that capture at once (replaceCaptureBookmarks); other
// sessions (live, the demo, a simulation, records in text) keep them for the run, and File > Save
// capture as writes them into the new capture.
#pragma once

#include "model/session/bookmarks.h"
#include "model/util/result.h"

#include <QString>

#include <vector>

namespace driftscope::gui {

class BookmarkKeeper {
public:
    // Another session: its bookmarks, and the capture they are kept in (empty: none).
    void reset(std::vector<Bookmark> bookmarks, QString capturePath);
    const std::vector<Bookmark>& all() const { return m_bookmarks; }

    // Adds or removes one, and says what happened for the status bar ("Bookmark 'incident' at
    // TIME, saved in demo.capture"); the error when it could not (the list is then unchanged).
    Result<QString> add(Bookmark bookmark);
    Result<QString> remove(const std::string& name);

private:
    // Writes `next` into the capture, if any, and keeps it; the error leaves the list as it was.
    Result<QString> keep(std::vector<Bookmark> next, const QString& what);

    std::vector<Bookmark> m_bookmarks;
    QString m_capturePath;
};

} // namespace driftscope::gui
