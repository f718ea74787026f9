#include "app/gui/main_window.h"

#include "app/gui/budget_memory.h"
#include "app/gui/connect_dialog.h"
#include "app/gui/dialogs.h"
#include "app/gui/exports.h"
#include "app/gui/incident_report.h"
#include "app/gui/page_text.h"
#include "model/analysis/report_format.h"
#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/demo/demo_cluster.h"
#include "model/io/plan_files.h"
#include "model/mm2/release_notes.h"
#include "model/sim/timeline_format.h"
#include "model/util/text_format.h"
#include "model/util/user_time.h"
#include "widgets/difference_view.h"
#include "widgets/failover_drill.h"
#include "widgets/partition_page.h"
#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/replay_window_plot.h"
#include "widgets/qt_text.h"
#include "widgets/report_table.h"
#include "widgets/session_panel.h"
#include "widgets/simulator_panel.h"
#include "widgets/store_stepper.h"
#include "widgets/time_cursor_bar.h"
#include "widgets/tune_panel.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolBar>
#include <QVBoxLayout>

namespace driftscope::gui {
namespace {

// Screens narrower than this put the simulator dock in a tab beside the flow and groups, and
// keep that dock narrow: Compare's two pages need the room.
constexpr int kBothDocksMinWidth = 1500;

bool narrowScreen()
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen && screen->availableGeometry().width() < kBothDocksMinWidth;
}

using widgets::q;
using widgets::qHtml;

// The what-if panel's account of a run: what a failover would do at any step of it, then how
// the plots are sampled.
QString simulationStatus(const std::optional<sim::RunSummary>& run)
{
    if (!run)
        return {};
    return qHtml(sim::summaryText(*run)) +
           ".<br>These figures cover every step of every group partition. The plots show what a reader of "
           "MM2's topics sees every " +
           q(formatDurationMs(run->sampleIntervalMs)) +
           ", with the simulator's truth (processed, replayed, skipped).";
}

void fillReleases(QComboBox* box)
{
    // Each release with what it changed from the one before, as `driftscope-cli releases` says.
    for (const Release& r : knownReleases()) {
        box->addItem(q(toString(r)));
        QStringList changes;
        for (const std::string& line : releaseChangeLines(r))
            changes << q(line);
        box->setItemData(box->count() - 1, changes.join("\n"), Qt::ToolTipRole);
    }
    box->setCurrentText(q(toString(kDefaultRelease)));
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle("driftscope");
    setAcceptDrops(true);
    // Never larger than the screen it opens on (a saved geometry is restored over this below).
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        resize(QSize(1600, 1000).boundedTo(screen->availableGeometry().size()));
    else
        resize(1600, 1000);
    buildViews();
    buildMenus();
    buildStatusBar();
    setTheme(themeFromName(m_settings.value("theme", "light").toString()));
    restoreGeometry(m_settings.value("window/geometry").toByteArray());
    restoreState(m_settings.value("window/state").toByteArray());

    connect(&m_sources, &SourceController::sessionReplaced, this,
            [this](std::shared_ptr<Session> session, std::shared_ptr<const SimulationSource> simulation) {
                if (simulation)
                    focusOn(simulation->scenario);
                m_bookmarks.reset({session->info.bookmarks, session->info.damagedBookmarks},
                                  m_sources.capturePath());
                sayDamagedBookmarks();
                m_analysis.setSession(std::move(session), std::move(simulation));
                sourceStarted();
                requestAnalysis();
            });
    connect(&m_sources, &SourceController::liveStarted, this,
            [this](std::shared_ptr<const kafka::LiveReader> reader) {
                m_bookmarks.reset({}, {});
                m_analysis.follow(std::move(reader));
                sourceStarted();
                requestAnalysis();
            });
    connect(&m_sources, &SourceController::liveStatus, this, &MainWindow::showLiveStatus);
    connect(&m_sources, &SourceController::loadingChanged, this, [this](bool loading, const QString& what) {
        m_status->setLoading(loading, m_sources.live() != nullptr);
        if (!what.isEmpty())
            statusBar()->showMessage(what, loading ? 0 : 5000);
        else if (!loading)
            statusBar()->clearMessage();
    });
    connect(&m_sources, &SourceController::failed, this, &MainWindow::fail);
    connect(&m_sources, &SourceController::opened, this, &MainWindow::rememberFile);
    connect(&m_sources, &SourceController::releaseSuggested, this, [this](const ResolvedRelease& release) {
        if (!m_releasePinned)
            applyRelease(release);
    });
    connect(&m_analysis, &AnalysisService::resultReady, this, &MainWindow::showResult);
}

MainWindow::~MainWindow()
{
    // Sources and the analysis worker outlive nothing of this window: they must not call back
    // into it while its members are being destroyed (a live feed reports once more as it stops).
    m_sources.disconnect(this);
    m_analysis.disconnect(this);
    m_sources.stop();
}

void MainWindow::buildSimulatorDock()
{
    m_simulator = new widgets::SimulatorPanel;
    m_tune = new widgets::TunePanel;
    m_tuneRunner = new TuneRunner(this);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_simulator);
    layout->addWidget(m_tune);
    layout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    m_simulatorDock = new QDockWidget("What-if simulator");
    m_simulatorDock->setObjectName("simulatorDock");
    m_simulatorDock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, m_simulatorDock);
    m_simulatorDock->hide();
    // A rerun from the panel leaves the panel as it is: it keeps the scenario it was loaded with
    // as the base its fields change (the groups' own paces, their commit cadences).
    connect(m_simulator, &widgets::SimulatorPanel::runRequested, this, [this](const sim::Scenario& scenario) {
        m_simulator->setStatus("Simulating " + QString::number(scenario.durationMs / 60'000) + " min…");
        m_sources.runSimulation(scenario);
    });
    connect(m_tune, &widgets::TunePanel::recommendRequested, this, &MainWindow::recommendSettings);
    connect(m_tuneRunner, &TuneRunner::answered, m_tune,
            [this](const sim::TuneAnswer& a) { m_tune->setAnswer(a); });
    connect(m_tune, &widgets::TunePanel::applyRequested, this, &MainWindow::applyRecommendation);
}

void MainWindow::recommendSettings(const tuning::Target& target)
{
    QString error;
    const sim::Scenario scenario = m_simulator->scenario(&error);
    if (!error.isEmpty()) {
        fail("Replay target", "The simulator's scenario is not valid: " + error);
        return;
    }
    m_tune->setWorking();
    m_tuneRunner->run(scenario, target);
}

// The recommended settings into the simulation, and the target as the replay budget: the replay
// plot draws it, and the table flags the moments over it.
void MainWindow::applyRecommendation(const sim::TuneAnswer& answer)
{
    const sim::Scenario scenario =
        sim::tuned(m_simulator->scenario(), answer.knobs(), answer.recommendation.commitIntervalMs, {});
    ReplayBudget budget;
    if (answer.target.unit == tuning::Unit::Records)
        budget.maxRecords = std::llround(answer.target.amount);
    else
        budget.maxMs = std::llround(answer.target.amount * 1000);
    setReplayBudget(budget);
    runSimulation(scenario);
}

void MainWindow::buildViews()
{
    buildRulesToolbar();
    QDockWidget* panelDock = buildPanelDock();
    buildSimulatorDock();
    // On a screen too narrow for both docks beside the pages, the simulator shares the left one.
    if (narrowScreen())
        tabifyDockWidget(panelDock, m_simulatorDock);
    buildPages();
    buildTabs();
    m_timeBar = new widgets::TimeCursorBar;
    connect(m_timeBar, &widgets::TimeCursorBar::cursorMoved, this, &MainWindow::moveCursor);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_timeBar);
    setCentralWidget(central);
}

// The MM2 release, the compared one and the flow shown.
void MainWindow::buildRulesToolbar()
{
    auto* tools = addToolBar("Rules");
    tools->setObjectName("rulesToolbar");
    m_releaseBox = new QComboBox;
    m_releaseBox->setObjectName("releaseSelector");
    fillReleases(m_releaseBox);
    m_releaseBox->setToolTip(
        "The MM2 release whose rules rebuild the store and translate (the patch matters)");
    m_compareBox = new QCheckBox("Compare with");
    m_compareRelease = new QComboBox;
    fillReleases(m_compareRelease);
    m_compareRelease->setCurrentText("3.4.0");
    m_compareRelease->setEnabled(false);
    tools->addWidget(new QLabel(" MM2 release: "));
    tools->addWidget(m_releaseBox);
    tools->addSeparator();
    tools->addWidget(m_compareBox);
    tools->addWidget(m_compareRelease);
    m_flowBox = new QComboBox;
    m_flowBox->setToolTip("The flow shown: every flow the MM2 configuration enables is read at once");
    m_flowActions = {tools->addSeparator(), tools->addWidget(new QLabel(" Flow: ")),
                     tools->addWidget(m_flowBox)};
    for (QAction* action : m_flowActions)
        action->setVisible(false);
    connect(m_flowBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_sources.chooseFlow(static_cast<size_t>(std::max(index, 0))); });
    connect(m_releaseBox, &QComboBox::currentTextChanged, this,
            [this](const QString& text) { selectRelease(parseRelease(text.toStdString()).value()); });
    const auto compareChanged = [this] {
        m_compareRelease->setEnabled(m_compareBox->isChecked());
        setCompareRelease(
            m_compareBox->isChecked()
                ? std::optional<Release>(parseRelease(m_compareRelease->currentText().toStdString()).value())
                : std::nullopt);
    };
    connect(m_compareBox, &QCheckBox::toggled, this, compareChanged);
    connect(m_compareRelease, &QComboBox::currentTextChanged, this, compareChanged);
}

// The flow and groups of the session, on the left.
QDockWidget* MainWindow::buildPanelDock()
{
    m_panel = new widgets::SessionPanel;
    auto* panelDock = new QDockWidget("Flow and groups");
    panelDock->setObjectName("panelDock");
    panelDock->setWidget(m_panel);
    panelDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, panelDock);
    resizeDocks({panelDock}, {narrowScreen() ? 230 : 320}, Qt::Horizontal);
    connect(m_panel, &widgets::SessionPanel::groupChosen, this, &MainWindow::selectGroup);
    connect(m_panel, &widgets::SessionPanel::partitionChosen, this,
            [this](const QString& group, const QString& topic, int partition) {
                selectPartition(group.isEmpty() ? q(m_state.selection.group) : group,
                                {topic.toStdString(), partition});
            });
    return panelDock;
}

// The partition pages (two when comparing), the All groups table and the failover drill.
void MainWindow::buildPages()
{
    m_pageSplit = new QSplitter(Qt::Horizontal);
    for (auto*& page : m_pages) {
        page = new widgets::PartitionPage;
        m_pageSplit->addWidget(page);
        for (widgets::ExplorerPlot* plot : page->plots())
            connect(plot, &widgets::ExplorerPlot::hovered, this, [this, plot] { m_lastHoveredPlot = plot; });
    }
    m_pages[1]->hide();
    m_groupsTable = new widgets::ReportTable;
    // The side panel's group filter (Ctrl+F) filters the All groups tab too.
    connect(m_panel, &widgets::SessionPanel::filterChanged, m_groupsTable,
            &widgets::ReportTable::setGroupFilter);
    connect(m_groupsTable, &widgets::ReportTable::rowChosen, this,
            [this](const QString& group, const QString& topic, int partition) {
                selectPartition(group, {topic.toStdString(), partition});
                m_tabs->setCurrentIndex(0);
            });
    m_drill = new widgets::FailoverDrill;
    connect(m_drill, &widgets::FailoverDrill::momentChosen, this,
            [this](int64_t at) { m_timeBar->moveTo(at); });
    connect(m_drill, &widgets::FailoverDrill::exportRequested, this, &MainWindow::exportDrillCsv);
    connect(m_drill, &widgets::FailoverDrill::planExportRequested, this, &MainWindow::exportDrillPlan);
    connect(m_drill->table(), &widgets::ReportTable::rowChosen, this,
            [this](const QString& group, const QString& topic, int partition) {
                selectPartition(group, {topic.toStdString(), partition});
            });
}

// The Partition tab (its pages scroll, the difference under them), All groups, Failover drill
// and Store steps.
void MainWindow::buildTabs()
{
    m_tabs = new QTabWidget;
    m_difference = new widgets::DifferenceView;
    m_difference->hide();
    connect(m_difference, &widgets::DifferenceView::momentChosen, this,
            [this](int64_t at) { m_timeBar->moveTo(at); });
    // The pages scroll rather than grow the window past a small screen (Compare doubles them);
    // the difference stays in view under them.
    auto* pagesScroll = new QScrollArea;
    pagesScroll->setObjectName("partitionScroll");
    pagesScroll->setWidgetResizable(true);
    pagesScroll->setFrameShape(QFrame::NoFrame);
    pagesScroll->setWidget(m_pageSplit);
    auto* partitionTab = new QWidget;
    auto* partitionLayout = new QVBoxLayout(partitionTab);
    partitionLayout->setContentsMargins(0, 0, 0, 0);
    partitionLayout->addWidget(pagesScroll, 1);
    partitionLayout->addWidget(m_difference);
    m_tabs->addTab(partitionTab, "Partition");
    m_tabs->addTab(m_groupsTable, "All groups");
    m_tabs->addTab(m_drill, "Failover drill");
    m_stepper = new widgets::StoreStepper;
    // A step to the moment shown (syncs of one millisecond) shows the sync named at once.
    connect(m_stepper, &widgets::StoreStepper::momentChosen, this, [this](int64_t at) {
        if (m_result && m_result->cursorMs == at && m_state.cursorMs == at)
            updateStepper();
        else
            m_timeBar->moveTo(at);
    });
    m_tabs->addTab(m_stepper, "Store steps");
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateStepper(); });
}

void MainWindow::buildStatusBar()
{
    m_status = new StatusStrip(statusBar());
    connect(m_status, &StatusStrip::stopRequested, this, [this] { m_sources.stop(); });
    connect(m_status, &StatusStrip::undecodableRequested, this, [this] {
        if (m_result)
            showUndecodableRecords(this, m_result->summary->undecodable);
    });
}

// --- sources ------------------------------------------------------------------------------

void MainWindow::startDemo(const QString& scenario)
{
    m_budgetKey.clear();
    m_sources.startDemo(scenario);
}

void MainWindow::openFile(const QString& path)
{
    m_budgetKey = budgetKeyOfFile(path);
    m_sources.openFile(path);
}

void MainWindow::runSimulation(const sim::Scenario& scenario)
{
    m_budgetKey.clear();
    m_simulatorDock->show();
    m_simulatorDock->raise(); // its tab, where it shares a dock area
    m_simulator->setScenario(scenario);
    m_simulator->setStatus("Simulating " + QString::number(scenario.durationMs / 60'000) + " min…");
    m_sources.runSimulation(scenario);
}

void MainWindow::showGuide()
{
    if (!m_guide)
        m_guide = openGuide(this);
    updateGuide();
}

void MainWindow::updateGuide()
{
    if (!m_guide || !m_result)
        return;
    const ReleaseAnswer& shown = m_result->releases.front();
    // Only when the words changed: a live answer each second must not scroll the reader back up.
    const QString html = guideHtml(guideSteps(shown.cursor, shown.series->lifetimes, shown.release));
    if (m_guide->property("html").toString() != html) {
        m_guide->setProperty("html", html);
        m_guide->setHtml(html);
    }
}

// The stepper shows the answer's selection at its cursor; computed on the worker, and only while
// its tab is shown (it replays the partition's syncs). A Step key pressed elsewhere opens the tab
// and steps once the view is there.
void MainWindow::updateStepper()
{
    if (!m_result || m_tabs->currentWidget() != m_stepper)
        return;
    const uint64_t serial = ++m_stepSerial;
    const std::shared_ptr<const AnalysisResult> result = m_result;
    m_analysis.stepView(*result, m_stepper->ordinalAt(result->cursorMs),
                        [this, serial, result](std::shared_ptr<const StepView> view) {
                            if (serial != m_stepSerial)
                                return; // a newer answer asked again
                            const QString heading =
                                result->selection.partition
                                    ? QString("<b>%1</b> on <b>%2</b> · MM2 <b>%3</b> rules · time cursor %4")
                                          .arg(qHtml(result->selection.group),
                                               qHtml(toString(*result->selection.partition)),
                                               q(toString(result->releases.front().release)),
                                               q(reportMomentText(result->releases.front().cursor.report)))
                                    : QString("No group partition selected");
                            m_stepper->setTimesUnknown(result->summary->info.recordTimesUnknown);
                            m_stepper->display(std::move(view), result->cursorMs, heading);
                            if (const auto pending = std::exchange(m_pendingStep, std::nullopt))
                                m_stepper->go(*pending);
                        });
}

void MainWindow::step(widgets::StoreStepper::Target target)
{
    if (m_tabs->currentWidget() == m_stepper && m_stepper->view()) {
        m_stepper->go(target);
        return;
    }
    m_pendingStep = target;
    m_tabs->setCurrentWidget(m_stepper);
}

// A simulation opens on the group its scenario tells the story of, unless the group selected is
// one of its groups (chosen on the command line, or kept over a rerun from the panel).
void MainWindow::focusOn(const sim::Scenario& scenario)
{
    const std::string& group = m_state.selection.group;
    const bool ofScenario = std::any_of(scenario.groups.begin(), scenario.groups.end(),
                                        [&](const sim::GroupSpec& g) { return g.name == group; });
    if (!ofScenario)
        m_state.selection = {scenario.focusGroup, std::nullopt};
}

void MainWindow::connectLive(std::vector<kafka::LiveReaderOptions> flows)
{
    m_budgetKey.clear(); // not a saved profile: nowhere to keep a budget
    m_sources.connectLive(std::move(flows));
}

// The flow selector: shown while a live session reads several flows, on the flow shown.
void MainWindow::showFlows()
{
    const LiveFeed* live = m_sources.live();
    const QStringList flows = live ? live->flows() : QStringList();
    const QSignalBlocker block(m_flowBox);
    m_flowBox->clear();
    m_flowBox->addItems(flows);
    if (flows.size() > 1)
        m_flowBox->setCurrentIndex(static_cast<int>(live->chosenFlow()));
    for (QAction* action : m_flowActions)
        action->setVisible(flows.size() > 1);
}

void MainWindow::sourceStarted()
{
    const SourceKind kind = m_sources.kind();
    for (widgets::PartitionPage* page : m_pages) // another session: its own view
        for (widgets::ExplorerPlot* plot : page->plots())
            plot->forgetUserView();
    m_state.cursorMs.reset();
    m_speedForSpan = true;
    m_timeBar->setLiveAvailable(kind == SourceKind::Demo || kind == SourceKind::Live);
    m_status->sourceStarted(m_sources.live() != nullptr);
    showFlows();
    setWindowTitle(m_sources.description() + " — driftscope");
    if (kind != SourceKind::Simulation)
        m_simulatorDock->hide();
    // A capture or profile brings the budget kept for it, or none; simulations and the demo keep
    // whatever was set (the target panel sets one for the rerun it asks for).
    if (!m_budgetKey.isEmpty() && !m_budgetPinned)
        setReplayBudget(loadBudget(m_settings, m_budgetKey).value_or(ReplayBudget{}));
}

// --- selection and rules ------------------------------------------------------------------

void MainWindow::chooseReplayBudget(const ReplayBudget& budget)
{
    saveBudget(m_settings, m_budgetKey, budget);
    setReplayBudget(budget);
}

void MainWindow::pinReplayBudget(const ReplayBudget& budget)
{
    m_budgetPinned = true;
    setReplayBudget(budget);
}

void MainWindow::setReplayBudget(const ReplayBudget& budget)
{
    m_state.budget = budget;
    for (widgets::PartitionPage* page : m_pages)
        page->replayWindow()->setBudgetLine(budget.maxRecords);
    requestAnalysis();
}

void MainWindow::selectRelease(const Release& release)
{
    applyRelease({release, toString(release), ""});
}

void MainWindow::applyRelease(const ResolvedRelease& release)
{
    m_releaseWarning = q(release.warning);
    showReleaseNotes();
    m_state.release = release.rules;
    m_state.releaseWarning = release.warning; // reports and plan exports say it too
    if (m_releaseBox->currentText() != q(toString(release.rules))) {
        const QSignalBlocker block(m_releaseBox);
        m_releaseBox->setCurrentText(q(toString(release.rules)));
    }
    requestAnalysis();
}

void MainWindow::pinRelease(const ResolvedRelease& release)
{
    m_releasePinned = true;
    applyRelease(release);
}

void MainWindow::applyCompareRelease(const ResolvedRelease& release)
{
    setCompareRelease(release.rules);
    m_compareWarning = q(release.warning);
    showReleaseNotes();
}

void MainWindow::showReleaseNotes()
{
    QStringList notes;
    for (const QString& warning : {m_releaseWarning, m_compareWarning})
        if (!warning.isEmpty())
            notes << warning;
    m_status->setReleaseNote(notes.join("; "));
}

void MainWindow::setCompareRelease(std::optional<Release> release)
{
    m_compareWarning.clear();
    showReleaseNotes();
    m_state.compare = release;
    {
        const QSignalBlocker a(m_compareBox), b(m_compareRelease);
        m_compareBox->setChecked(release.has_value());
        m_compareRelease->setEnabled(release.has_value());
        if (release)
            m_compareRelease->setCurrentText(q(toString(*release)));
    }
    requestAnalysis();
}

void MainWindow::selectGroup(const QString& group)
{
    m_state.selection = {group.toStdString(), std::nullopt};
    requestAnalysis();
}

void MainWindow::selectPartition(const QString& group, const TopicPartition& partition)
{
    m_state.selection = {group.toStdString(), partition};
    requestAnalysis();
}

void MainWindow::moveCursor(std::optional<int64_t> atMs)
{
    m_state.cursorMs = atMs;
    requestAnalysis();
}

void MainWindow::moveCursorOnceLoaded(const QString& moment)
{
    m_cursorOnceLoaded = moment;
    if (m_result)
        showResult(m_result);
}

// A cursor asked for before the session was there (the command line's --at): checked against
// the span the time bar shows, as the CLI checks --at against its session. A file's session is
// whole in its first answer; a live one is waited for until it spans some time.
void MainWindow::moveCursorAsAsked(const AnalysisResult& r)
{
    if (!m_cursorOnceLoaded || r.sessionSerial == 0 || r.sessionSerial != m_analysis.sessionSerial())
        return;
    const bool growing = m_sources.live() != nullptr;
    if (growing && r.toMs == r.fromMs)
        return;
    const QString moment = *std::exchange(m_cursorOnceLoaded, std::nullopt);
    // In the CLI's order (report_input.cpp's checkMoment): the text, then the session's times.
    const auto at = resolveMoment(moment.toStdString(), m_bookmarks.all());
    if (!at)
        return fail("Time cursor", "--at: " + q(at.error()));
    if (r.summary->info.recordTimesUnknown)
        return fail("Time cursor", "--at: the records carry no times (MM2's console formatters print none), "
                                   "so the session has no moment but its end");
    if (!r.spanKnown)
        return fail("Time cursor",
                    "--at: the session holds no record or sample, so nothing is known at any time");
    if (const auto outside = outsideSession("--at", *at, r.fromMs, r.toMs))
        return fail("Time cursor", q(*outside));
    m_cursorAsked = *at;
    moveCursor(*at);
}

bool MainWindow::cursorPending() const
{
    return m_cursorOnceLoaded || (m_cursorAsked && (!m_result || m_result->cursorMs != *m_cursorAsked));
}

void MainWindow::fail(const QString& title, const QString& message)
{
    statusBar()->showMessage(title + ": " + message);
    tellLater(this, title, message);
    Q_EMIT failed(title, message);
}

void MainWindow::chooseTheme(Theme theme)
{
    setTheme(theme);
    m_settings.setValue("theme", themeName(theme));
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    m_plotTheme = applyTheme(theme);
    for (widgets::PartitionPage* page : m_pages)
        page->applyTheme(m_plotTheme);
    if (m_result)
        showResult(m_result); // plots whose colours follow the data (ages per partition) redraw
}

void MainWindow::requestAnalysis()
{
    m_analysis.request(m_state.request());
    m_status->setComputing("computing…");
}

// --- results ------------------------------------------------------------------------------

void MainWindow::showResult(std::shared_ptr<const AnalysisResult> result)
{
    std::shared_ptr<const AnalysisResult> previous = std::exchange(m_result, std::move(result));
    const AnalysisResult& r = *m_result;
    m_state.adoptResolved(r);
    moveCursorAsAsked(r);
    m_status->setComputing(!r.complete         ? "computing the other partitions and groups…"
                           : m_analysis.busy() ? "computing…"
                                               : QString());
    showSpan(r);
    // The report stays with the result it belongs to: views share it, nothing copies its rows.
    const ReleaseAnswer& first = r.releases.front();
    const std::shared_ptr<const Report> report(m_result, &first.cursor.report);
    showPanel(r, report);
    m_shownMarks =
        mergeMarks(r.marks ? *r.marks : std::vector<TimelineMark>{}, bookmarkMarks(m_bookmarks.all()));
    for (size_t i = 0; i < 2; ++i)
        showPage(r, i);
    const bool comparing = r.request.compare && *r.request.compare != r.request.state.release;
    m_difference->setVisible(comparing);
    if (comparing)
        m_difference->display(r.differenceLines, r.difference ? r.difference->firstMs() : std::nullopt,
                              r.compareProblem);
    m_groupsTable->setRows(widgets::ReportTableModel::Rows(m_result, &first.cursor.report.rows), 0, SIZE_MAX,
                           first.cursor.report.staleAfterMs);
    m_drill->setReport(report, r.selection.group);
    updateGuide();
    updateStepper();

    m_status->showSession(*r.summary);
    if (m_sources.kind() == SourceKind::Simulation)
        m_simulator->setStatus(simulationStatus(m_sources.simulationSummary()));
    // Every view holds the new result now: the old one is freed on the worker.
    m_analysis.dispose(std::move(previous));
}

void MainWindow::showSpan(const AnalysisResult& r)
{
    m_timeBar->setTimesUnknown(r.summary->info.recordTimesUnknown);
    m_timeBar->setSpan(r.fromMs, r.toMs);
    if (m_speedForSpan && r.toMs > r.fromMs) {
        m_speedForSpan = false;
        m_timeBar->chooseSpeedFor(r.toMs - r.fromMs);
    }
    m_timeBar->setCursor(r.cursorMs);
}

void MainWindow::showPanel(const AnalysisResult& r, const std::shared_ptr<const Report>& report)
{
    const SessionSummary& s = *r.summary;
    widgets::PanelContent panel;
    panel.flow = flowHeadingHtml(s.info, r.releases.front().release, m_sources.description());
    panel.upstreamPartitions = s.upstreamPartitions;
    panel.groups = s.groups;
    panel.report = report;
    m_status->setRecordsNote(q(otherVersionNote(*report).value_or("")));
    panel.reportComplete = r.complete;
    panel.selectedGroup = r.selection.group;
    panel.selectedPartition = r.selection.partition;
    m_panel->setContent(panel);
}

// Page `i` shows the answer of the result's release `i`, and is hidden without one.
void MainWindow::showPage(const AnalysisResult& r, size_t i)
{
    if (i >= r.releases.size()) {
        m_pages[i]->hide();
        return;
    }
    const ReleaseAnswer& rel = r.releases[i];
    const SessionInfo& info = r.summary->info;
    widgets::PartitionData input;
    input.series = rel.series.get();
    input.cursor = &rel.cursor;
    input.truth = i < r.truths.size() ? &r.truths[i] : nullptr;
    input.marks = &m_shownMarks;
    input.release = rel.release;
    input.emitIntervalMs = rel.cursor.report.emitIntervalMs;
    input.staleAfterMs = rel.cursor.report.staleAfterMs;
    input.timesUnknown = info.recordTimesUnknown;
    m_pages[i]->display(input, pageHeadingHtml(r.selection, rel.release, rel.cursor.report));
    const QString context =
        plotExportContext(info, r.selection, rel.release, rel.cursor.report, m_sources.description());
    for (widgets::ExplorerPlot* plot : m_pages[i]->plots())
        plot->setExportContext(context);
    m_pages[i]->show();
}

void MainWindow::showLiveStatus(const kafka::LiveStatus& status)
{
    const LiveFeed* live = m_sources.live();
    // A live session without offset syncs says why, as the CLI does, instead of empty plots.
    const std::optional<std::string> syncsProblem =
        live ? kafka::offsetSyncsProblem(status, live->options()) : std::nullopt;
    // The aliases of the flow read, not of the last answer: just after another flow was chosen
    // they differ, and a cluster down must not be named as the other.
    SessionInfo aliases = m_result ? m_result->summary->info : SessionInfo{};
    if (live) {
        aliases.sourceAlias = live->options().connection.source.alias;
        aliases.targetAlias = live->options().connection.target.alias;
    }
    m_status->showLiveStatus(status, live || m_result ? &aliases : nullptr, live ? live->demo() : nullptr,
                             live && live->running(), syncsProblem);
    showFlowProblems();
}

// Each flow of the selector with a warning sign and its reason when it cannot answer, so that
// a problem of a flow not shown is seen too.
void MainWindow::showFlowProblems()
{
    const LiveFeed* live = m_sources.live();
    if (!live || m_flowBox->count() < 2)
        return;
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (int i = 0; i < m_flowBox->count(); ++i) {
        const auto problem = live->flowProblem(static_cast<size_t>(i));
        m_flowBox->setItemIcon(i, problem ? warning : QIcon());
        m_flowBox->setItemData(i, problem ? q(*problem) : QString(), Qt::ToolTipRole);
    }
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

// --- window -------------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_settings.setValue("window/geometry", saveGeometry());
    m_settings.setValue("window/state", saveState());
    m_sources.stop();
    QMainWindow::closeEvent(event);
}

} // namespace driftscope::gui
