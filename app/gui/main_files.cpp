// What the main window opens: a file from the dialog, the recent files or a drop, and the
// clusters of a connection profile.
#include "app/gui/budget_memory.h"
#include "app/gui/connect_dialog.h"
#include "app/gui/connection_profile.h"
#include "app/gui/dialogs.h"
#include "app/gui/main_window.h"
#include "widgets/qt_text.h"

#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>

namespace driftscope::gui {

using widgets::q;
namespace {

constexpr int kMaxRecentFiles = 8;

} // namespace

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, "Open a capture or MM2 records", m_settings.value("lastDirectory").toString(),
        "Captures and records (*.capture *.sqlite *.db *.txt *.jsonl *.json *.log);;All files (*)");
    if (path.isEmpty())
        return;
    m_settings.setValue("lastDirectory", QFileInfo(path).absolutePath());
    openFile(path);
}

void MainWindow::chooseConnection()
{
    ConnectDialog dialog(m_settings, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    connectProfile(dialog.profile());
}

QString MainWindow::connectProfile(const ConnectionProfile& profile)
{
    auto flows = connectionsOf(profile);
    if (!flows)
        return q(flows.error());
    // Notes on the MM2 file (ignored or translated settings, such as *.blacklist aliases the
    // release no longer reads), as the CLI prints them: each once, though every flow reads it.
    QStringList notes;
    for (const ConnectionSettings& flow : *flows)
        for (const std::string& note : flow.notes)
            if (!notes.contains(q(note)))
                notes << q(note);
    if (!notes.isEmpty())
        tellLater(this, "MM2 configuration", notes.join("\n"));
    const ResolvedRelease release = releaseOf(profile).value(); // connectionsOf resolved it
    std::vector<kafka::LiveReaderOptions> readers;
    for (ConnectionSettings& flow : *flows) {
        kafka::LiveReaderOptions& options = readers.emplace_back();
        options.connection = std::move(flow);
        options.release = release.rules;
        options.releaseName = release.asked;
        for (const QString& g : profile.groups)
            options.groups.push_back(g.toStdString());
    }
    m_budgetKey = budgetKeyOfProfile(profile.name); // before the source starts, which reads it
    m_sources.connectLive(std::move(readers));
    return {};
}

void MainWindow::rememberFile(const QString& path)
{
    QStringList recent = m_settings.value("recentFiles").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    m_settings.setValue("recentFiles", recent);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings.value("recentFiles").toStringList();
    for (const QString& path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })
            ->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile()) {
        openFile(urls.front().toLocalFile());
        event->acceptProposedAction();
    }
}

} // namespace driftscope::gui
