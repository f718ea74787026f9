#include "app/gui/main_window.h"

#include "driftscope_version.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace driftscope::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle("driftscope");
    resize(1280, 800);
    auto* placeholder = new QLabel(
        "<h2>driftscope</h2><p>Kafka MirrorMaker 2 offset translation, release by release.</p>"
        "<p>No data source is connected yet. Live clusters, captures and the embedded demo clusters "
        "arrive with the next milestones; until then use <code>driftscope-cli translate</code> and "
        "<code>driftscope-cli syncs</code> on an offset-syncs dump.</p>",
        this);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    placeholder->setMargin(48);
    setCentralWidget(placeholder);
    createMenus();
    statusBar()->showMessage("Not connected");
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu("&File");
    file->addAction("&Quit", QKeySequence::Quit, qApp, &QApplication::quit);
    QMenu* help = menuBar()->addMenu("&Help");
    help->addAction("&About driftscope", this, [this] {
        QMessageBox::about(this, "About driftscope",
                           QString("driftscope %1\nExplorer of Kafka MirrorMaker 2 offset translation.\n"
                                   "Licensed under the GNU GPL, version 3 or later.")
                               .arg(DRIFTSCOPE_VERSION));
    });
}

} // namespace driftscope::gui
