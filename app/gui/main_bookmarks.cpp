// The window's bookmarks: the Bookmarks menu (also behind the time bar's button), adding one at
// the time cursor, jumping to one, removing one (bookmark_keeper.h keeps them).
#include "app/gui/dialogs.h"
#include "app/gui/main_window.h"
#include "model/util/text_format.h"
#include "widgets/time_cursor_bar.h"

#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace driftscope::gui {
namespace {

// A menu entry's text as written: an & in a bookmark's name is no shortcut key.
QString menuText(const std::string& text)
{
    return QString::fromStdString(text).replace("&", "&&");
}

} // namespace

void MainWindow::buildBookmarksMenu()
{
    m_bookmarksMenu = menuBar()->addMenu("&Bookmarks");
    m_bookmarksMenu->addAction("&Add a bookmark at the time cursor…", QKeySequence(Qt::CTRL | Qt::Key_B),
                               this, [this] { addBookmarkAtCursor(); });
    m_bookmarksMenu->addSeparator();
    connect(m_bookmarksMenu, &QMenu::aboutToShow, this, &MainWindow::fillBookmarksMenu);
    m_timeBar->setBookmarksMenu(m_bookmarksMenu);
}

void MainWindow::fillBookmarksMenu()
{
    const QList<QAction*> actions = m_bookmarksMenu->actions();
    for (qsizetype i = 2; i < actions.size(); ++i) { // after "Add" and its separator
        m_bookmarksMenu->removeAction(actions[i]);
        if (QMenu* sub = actions[i]->menu())
            sub->deleteLater(); // the Remove submenu is not its action's child
        actions[i]->deleteLater();
    }
    const std::vector<Bookmark>& all = m_bookmarks.all();
    const std::vector<DamagedBookmark>& damaged = m_bookmarks.damaged();
    if (all.empty() && damaged.empty()) {
        m_bookmarksMenu->addAction("No bookmarks in this session")->setEnabled(false);
        return;
    }
    std::vector<std::string> names;
    for (const Bookmark& b : all) {
        m_bookmarksMenu->addAction(menuText(b.name + "  —  " + formatUtcMs(b.atMs)), this,
                                   [this, at = b.atMs] { moveCursor(at); });
        names.push_back(b.name);
    }
    for (const DamagedBookmark& d : damaged) {
        QAction* row = m_bookmarksMenu->addAction(menuText(d.row.name + "  —  damaged, not used"));
        row->setEnabled(false);
        row->setToolTip(QString::fromStdString(d.problem));
        names.push_back(d.row.name);
    }
    m_bookmarksMenu->setToolTipsVisible(true);
    QMenu* remove = m_bookmarksMenu->addMenu("&Remove");
    for (const std::string& name : names)
        remove->addAction(menuText(name), this, [this, name] {
            if (const QString error = removeBookmark(QString::fromStdString(name)); !error.isEmpty())
                tellLater(this, "Remove bookmark", error);
        });
}

void MainWindow::sayDamagedBookmarks()
{
    QStringList lines;
    for (const DamagedBookmark& d : m_bookmarks.damaged())
        lines << QString::fromStdString(damagedBookmarkText(d));
    if (!lines.isEmpty())
        tellLater(this, "Damaged bookmarks",
                  QString("The capture's bookmarks table has %1 driftscope does not use; the rest of the "
                          "capture is read as usual.\n\n")
                          .arg(lines.size() == 1 ? QString("a row") : QString("%1 rows").arg(lines.size())) +
                      lines.join("\n"));
}

void MainWindow::addBookmarkAtCursor()
{
    // As driftscope-cli bookmarks --add refuses them.
    const QString refused = !m_result ? "There is no session to bookmark yet."
                            : m_result->summary->info.recordTimesUnknown
                                ? "The records carry no times (MM2's console formatters print none), so the "
                                  "session has no moment to bookmark."
                            : !m_result->spanKnown
                                ? "The session holds no record or sample, so it has no moment to bookmark."
                                : QString();
    if (!refused.isEmpty()) {
        tellLater(this, "Add bookmark", refused);
        return;
    }
    const int64_t at = m_result->cursorMs;
    bool ok = false;
    const QString name = QInputDialog::getText(
        this, "Add a bookmark",
        QString::fromStdString("A name for " + formatUtcMs(at) + " (\"incident\", \"failover\"):"),
        QLineEdit::Normal, QString("bookmark %1").arg(m_bookmarks.all().size() + 1), &ok);
    if (!ok)
        return;
    if (const QString error = addBookmark(name, at); !error.isEmpty())
        tellLater(this, "Add bookmark", error);
}

QString MainWindow::addBookmark(const QString& name, int64_t atMs)
{
    return showBookmarkChange(m_bookmarks.add({atMs, name.toStdString()}));
}

QString MainWindow::removeBookmark(const QString& name)
{
    return showBookmarkChange(m_bookmarks.remove(name.toStdString()));
}

QString MainWindow::showBookmarkChange(const Result<QString>& done)
{
    if (!done)
        return QString::fromStdString(done.error());
    statusBar()->showMessage(*done, 10'000);
    if (m_result)
        showResult(m_result); // every time axis draws the bookmarks anew
    return {};
}

} // namespace driftscope::gui
