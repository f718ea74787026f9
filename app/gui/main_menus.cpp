// The window's menus, as a table: each entry names what the user sees (text, shortcut) and what
// it does; submenus that depend on the session (recent files, demo scenarios, plots) fill
// themselves.
#include "app/gui/dialogs.h"
#include "app/gui/exports.h"
#include "app/gui/main_window.h"
#include "driftscope_version.h"
#include "model/demo/demo_scenario.h"
#include "widgets/partition_page.h"
#include "widgets/plots/explorer_plot.h"
#include "widgets/session_panel.h"
#include "widgets/simulator_panel.h"
#include "widgets/time_cursor_bar.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>

#include <functional>
#include <vector>

namespace driftscope::gui {
namespace {

// One entry of a menu: an action (text, shortcut, what it does), a submenu that `fill` fills, an
// action that exists already (a dock's), or a separator (none of these).
struct MenuEntry {
    QString text;
    QKeySequence key = {};
    std::function<void()> run = {};
    std::function<void(QMenu*)> fill = {};
    QAction* existing = nullptr;
};

void addMenu(QMenuBar* bar, QObject* context, const QString& title, const std::vector<MenuEntry>& entries)
{
    QMenu* menu = bar->addMenu(title);
    for (const MenuEntry& e : entries) {
        if (e.existing)
            menu->addAction(e.existing);
        else if (e.text.isEmpty())
            menu->addSeparator();
        else if (e.fill)
            e.fill(menu->addMenu(e.text));
        else
            menu->addAction(e.text, e.key, context, e.run);
    }
}

} // namespace

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildBookmarksMenu();
    buildStepMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu()
{
    addMenu(menuBar(), this, "&File",
            {
                {"&Open capture or records…", QKeySequence::Open,
                 [this] {
                     chooseFile();
                 }},
                {"Open &recent",
                 {},
                 {},
                 [this](QMenu* m) {
                     m_recentMenu = m;
                     fillRecentMenu();
                 }},
                {"&Connect to clusters…", QKeySequence(Qt::CTRL | Qt::Key_K),
                 [this] {
                     chooseConnection();
                 }},
                {"Start &demo clusters",
                 {},
                 {},
                 [this](QMenu* m) {
                     for (const std::string& name : kafka::demoScenarioNames())
                         m->addAction(QString::fromStdString(name),
                                      name == "steady" ? QKeySequence(Qt::CTRL | Qt::Key_D) : QKeySequence(),
                                      this, [this, name] { startDemo(QString::fromStdString(name)); });
                 }},
                {"New &simulation", QKeySequence::New,
                 [this] {
                     m_simulatorDock->show();
                     runSimulation(m_simulator->scenario());
                 }},
                {},
                {"&Save session as capture…", QKeySequence::Save,
                 [this] {
                     saveCaptureAs();
                 }},
                {"&Export",
                 {},
                 {},
                 [this](QMenu* m) {
                     fillExportMenu(m);
                 }},
                {},
                {"&Stop reading",
                 {},
                 [this] {
                     m_sources.stop();
                 }},
                {"&Quit", QKeySequence::Quit,
                 [this] {
                     close();
                 }},
            });
}

// Plots (the current one, or each by name), the report, the incident report, the drill and its
// plan.
void MainWindow::fillExportMenu(QMenu* m)
{
    const auto withPlot = [this](QString (*run)(QWidget*, widgets::ExplorerPlot*)) {
        return [this, run] {
            if (widgets::ExplorerPlot* plot = currentPlot())
                run(this, plot);
        };
    };
    m->addAction("Current plot as PNG, PDF or SVG…", QKeySequence(Qt::CTRL | Qt::Key_E), this,
                 withPlot(&exportPlotImage));
    m->addAction("Current plot's values as CSV…", QKeySequence(), this, withPlot(&exportPlotCsv));
    QMenu* each = m->addMenu("Plot");
    for (widgets::ExplorerPlot* plot : m_pages[0]->plots())
        each->addAction(plot->title() + "…", this, [this, plot] { exportPlotImage(this, plot); });
    m->addSeparator();
    m->addAction("Report as JSON…", this, &MainWindow::exportReportJson);
    m->addAction("Incident report (HTML or PDF)…", this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, "Export the incident report", "driftscope-incident.html",
                                         "HTML page (*.html);;PDF document (*.pdf)");
        if (const QString error = path.isEmpty() ? QString() : exportIncidentReport(path); !error.isEmpty())
            QMessageBox::warning(this, "Incident report", error);
    });
    m->addAction("Failover drill as CSV…", this, &MainWindow::exportDrillCsv);
    m->addAction("Failover plan of the drilled group…", this, &MainWindow::exportDrillPlan);
}

void MainWindow::buildEditMenu()
{
    addMenu(menuBar(), this, "&Edit",
            {
                {"&Copy as CSV", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                 [this] {
                     copyAsCsv();
                 }},
                {"&Find group", QKeySequence::Find,
                 [this] {
                     m_panel->focusFilter();
                 }},
            });
}

void MainWindow::buildViewMenu()
{
    addMenu(menuBar(), this, "&View",
            {
                {{}, {}, {}, {}, m_simulatorDock->toggleViewAction()},
                {"Compare two releases", QKeySequence(Qt::CTRL | Qt::Key_R),
                 [this] {
                     m_compareBox->toggle();
                 }},
                {},
                {"Play / pause", QKeySequence(Qt::Key_Space),
                 [this] {
                     m_timeBar->togglePlay();
                 }},
                {"Cursor forward", QKeySequence(Qt::CTRL | Qt::Key_Right),
                 [this] {
                     m_timeBar->stepForward();
                 }},
                {"Cursor back", QKeySequence(Qt::CTRL | Qt::Key_Left),
                 [this] {
                     m_timeBar->stepBack();
                 }},
                {"Follow the end (now)", QKeySequence(Qt::CTRL | Qt::Key_End),
                 [this] {
                     moveCursor(std::nullopt);
                 }},
                {"Replay &budget…",
                 {},
                 [this] {
                     if (const auto budget = askReplayBudget(this, replayBudget()))
                         chooseReplayBudget(*budget);
                 }},
                {"Fit all plots", QKeySequence(Qt::CTRL | Qt::Key_0),
                 [this] {
                     for (widgets::PartitionPage* page : m_pages)
                         for (widgets::ExplorerPlot* plot : page->plots()) {
                             plot->forgetUserView();
                             plot->resetView();
                             plot->replot();
                         }
                 }},
                {},
                {"&Light theme",
                 {},
                 [this] {
                     chooseTheme(Theme::Light);
                 }},
                {"&Dark theme",
                 {},
                 [this] {
                     chooseTheme(Theme::Dark);
                 }},
            });
}

void MainWindow::buildStepMenu()
{
    using Target = widgets::StoreStepper::Target;
    addMenu(menuBar(), this, "&Step",
            {
                {"Previous &sync of the partition", QKeySequence(Qt::ALT | Qt::Key_Left),
                 [this] {
                     step(Target::PreviousSync);
                 }},
                {"&Next sync of the partition", QKeySequence(Qt::ALT | Qt::Key_Right),
                 [this] {
                     step(Target::NextSync);
                 }},
                {"Previous store &update", QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Left),
                 [this] {
                     step(Target::PreviousUpdate);
                 }},
                {"Next store u&pdate", QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Right),
                 [this] {
                     step(Target::NextUpdate);
                 }},
                {"Next &checkpoint", QKeySequence(Qt::ALT | Qt::Key_Down),
                 [this] {
                     step(Target::NextCheckpoint);
                 }},
            });
}

void MainWindow::buildHelpMenu()
{
    addMenu(
        menuBar(), this, "&Help",
        {
            {"&Keyboard shortcuts", QKeySequence::HelpContents,
             [this] {
                 QList<QAction*> all;
                 for (QAction* top : menuBar()->actions())
                     if (top->menu())
                         for (QAction* a : top->menu()->actions())
                             all << a;
                 showShortcuts(this, all);
             }},
            {"&Guide: how MM2 translates offsets",
             {},
             [this] {
                 showGuide();
             }},
            {"What changed between MM2 &releases",
             {},
             [this] {
                 showReleaseChanges(this);
             }},
            {"&About driftscope",
             {},
             [this] {
                 QMessageBox::about(
                     this, "About driftscope",
                     QString(
                         "<b>driftscope %1</b><p>Explorer of Kafka MirrorMaker 2 offset translation: where "
                         "a consumer group resumes after a failover, how much it replays, and why.</p>"
                         "<p>Licensed under the GNU GPL, version 3 or later.</p>")
                         .arg(DRIFTSCOPE_VERSION));
             }},
        });
}

} // namespace driftscope::gui
