// Writing what the explorer shows to files: plots as images, plotted values as CSV, reports as
// JSON, a session as a capture. Each returns what went wrong, or an empty string.
#pragma once

#include "model/session/session.h"

#include <QString>

class QWidget;

namespace driftscope::widgets {
class ExplorerPlot;
}

namespace driftscope::gui {

QString writeTextFile(const QString& path, const QByteArray& bytes);
// A capture of the session. A file at `path` (the save dialog asked) is replaced only once the
// new capture is complete; when saving fails it stays as it was.
// `bookmarks`: the window's, kept in the capture in place of the session's.
QString saveCapture(const Session& session, const QString& path, int64_t finishedAtMs,
                    const std::vector<Bookmark>& bookmarks);

// Asks where to save, then writes; returns the path written, or empty (cancelled or failed, the
// failure told to the user).
QString exportPlotImage(QWidget* parent, widgets::ExplorerPlot* plot);
QString exportPlotCsv(QWidget* parent, widgets::ExplorerPlot* plot);
QString exportText(QWidget* parent, const QString& title, const QString& filter, const QString& suggested,
                   const QByteArray& bytes);

} // namespace driftscope::gui
