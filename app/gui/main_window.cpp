#include "app/gui/main_window.h"

#include "driftscope_version.h"
#include "model/io/record_file.h"
#include "widgets/store_explorer.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

namespace driftscope::gui {
namespace {

constexpr int kMaxListedBadLines = 10;

QString welcomeText()
{
    return "<h2>driftscope</h2>"
           "<p>Kafka MirrorMaker 2 offset translation, exactly as a chosen MM2 release performs it.</p>"
           "<p><b>File &gt; Open offset syncs…</b> reads what <code>kafka-console-consumer</code> prints "
           "with "
           "MM2's <code>OffsetSyncFormatter</code> (or JSON Lines), rebuilds the checkpoint task's sync "
           "store "
           "and shows which syncs it keeps and how it translates an offset.</p>"
           "<p>Live clusters, captures and the embedded demo clusters come with the next milestones.</p>";
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_pages(new QStackedWidget), m_explorer(new widgets::StoreExplorer)
{
    setWindowTitle("driftscope");
    resize(1280, 800);
    auto* welcome = new QLabel(welcomeText());
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setWordWrap(true);
    welcome->setMargin(48);
    m_pages->addWidget(welcome);
    m_pages->addWidget(m_explorer);
    setCentralWidget(m_pages);
    createMenus();
    statusBar()->showMessage("No data source");
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu("&File");
    file->addAction("&Open offset syncs…", QKeySequence::Open, this, &MainWindow::chooseFile);
    file->addSeparator();
    file->addAction("&Quit", QKeySequence::Quit, qApp, &QApplication::quit);
    QMenu* help = menuBar()->addMenu("&Help");
    help->addAction("&About driftscope", this, [this] {
        QMessageBox::about(this, "About driftscope",
                           QString("driftscope %1\nExplorer of Kafka MirrorMaker 2 offset translation.\n"
                                   "Licensed under the GNU GPL, version 3 or later.")
                               .arg(DRIFTSCOPE_VERSION));
    });
}

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, "Open offset syncs", QString(), "Offset syncs (*.txt *.jsonl *.json *.log);;All files (*)");
    if (!path.isEmpty())
        openOffsetSyncs(path);
}

bool MainWindow::openOffsetSyncs(const QString& path)
{
    const auto file = readRecordFile(path.toStdString());
    if (!file) {
        QMessageBox::warning(this, "Cannot open offset syncs", QString::fromStdString(file.error()));
        return false;
    }
    std::vector<OffsetSync> syncs;
    size_t otherKinds = 0;
    for (const NumberedRecord& r : file->records) {
        if (const auto* sync = std::get_if<OffsetSync>(&r.record))
            syncs.push_back(*sync);
        else
            ++otherKinds;
    }
    m_explorer->setSyncs(std::move(syncs));
    m_pages->setCurrentWidget(m_explorer);
    const QString name = QFileInfo(path).fileName();
    setWindowTitle(name + " — driftscope");
    QString status = QString("%1 offset syncs from %2").arg(file->records.size() - otherKinds).arg(name);
    if (otherKinds > 0)
        status += QString(", %1 checkpoint or heartbeat records ignored").arg(otherKinds);
    if (!file->errors.empty()) {
        status += QString(", %1 unreadable lines skipped").arg(file->errors.size());
        QStringList lines;
        for (size_t i = 0; i < file->errors.size() && i < kMaxListedBadLines; ++i)
            lines << QString("line %1: %2")
                         .arg(file->errors[i].line)
                         .arg(QString::fromStdString(file->errors[i].message));
        if (file->errors.size() > kMaxListedBadLines)
            lines << QString("… and %1 more").arg(file->errors.size() - kMaxListedBadLines);
        QMessageBox::warning(this, "Some lines were skipped",
                             QString("%1 lines of %2 are not offset-sync records and were skipped:\n\n%3")
                                 .arg(file->errors.size())
                                 .arg(name, lines.join('\n')));
    }
    statusBar()->showMessage(status);
    return true;
}

} // namespace driftscope::gui
