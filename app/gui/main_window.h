// The driftscope main window. It wires sources, the analysis worker and the views together; it
// computes nothing itself.
#pragma once

#include "app/gui/analysis_service.h"
#include "app/gui/bookmark_keeper.h"
#include "app/gui/connection_profile.h"
#include "app/gui/explorer_state.h"
#include "app/gui/source_controller.h"
#include "app/gui/status_strip.h"
#include "app/gui/theme.h"
#include "app/gui/tune_runner.h"
#include "widgets/store_stepper.h"

#include <QMainWindow>
#include <QPointer>

#include <QSettings>
#include <functional>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QMenu;
class QSplitter;
class QTabWidget;
class QTextBrowser;

namespace driftscope::widgets {
class ExplorerPlot;
class DifferenceView;
class FailoverDrill;
class PartitionPage;
class ReportTable;
class SessionPanel;
class SimulatorPanel;
class TunePanel;
class TimeCursorBar;
} // namespace driftscope::widgets

namespace driftscope::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Sources (also what the command line, drag and drop and the menus call).
    void startDemo(const QString& scenario = "steady");
    void openFile(const QString& path);
    void runSimulation(const sim::Scenario& scenario);
    // Reads one flow or several at once (the flow selector shows the others).
    void connectLive(std::vector<kafka::LiveReaderOptions> flows);
    // Connects as the connect dialog does; what makes the profile unusable, else empty.
    QString connectProfile(const ConnectionProfile& profile);

    // The selection and the rules applied, as a user sets them.
    void selectRelease(const Release& release);
    void setCompareRelease(std::optional<Release> release);
    // A release as named (resolveRelease): its rules apply, and a warning when it is not the
    // release named shows in the status bar until another release is chosen.
    void applyRelease(const ResolvedRelease& release);
    void applyCompareRelease(const ResolvedRelease& release);
    // The command line's release: as applyRelease, and it stays for this run, whatever release a
    // source suggests (a capture's recorded one, the demo's).
    void pinRelease(const ResolvedRelease& release);
    void selectGroup(const QString& group);
    void selectPartition(const QString& group, const TopicPartition& partition);
    void moveCursor(std::optional<int64_t> atMs);
    // Moves the cursor to `atMs` once the session spans some time; a moment outside it is refused
    // with the CLI's message (failed(), and a dialog).
    // `moment` is a time or a bookmark's name, as --at takes it (resolveMoment).
    void moveCursorOnceLoaded(const QString& moment);
    // Whether a cursor asked for with moveCursorOnceLoaded is not shown yet.
    bool cursorPending() const;

    // Bookmarks (Bookmarks menu): adds one named `name` at `atMs`, or removes one; the error, or
    // empty. A capture's are written into it at once (bookmark_keeper.h).
    QString addBookmark(const QString& name, int64_t atMs);
    QString removeBookmark(const QString& name);
    const std::vector<Bookmark>& bookmarks() const { return m_bookmarks.all(); }
    // For this run only; the View menu's choice is also remembered (QSettings).
    void setTheme(Theme theme);
    // The replay budget rows are judged against (over-replay-budget), as report's
    // --max-replay-records and --max-replay-seconds; for this run.
    void setReplayBudget(const ReplayBudget& budget);
    const ReplayBudget& replayBudget() const { return m_state.budget; }
    // As View > Replay budget: the budget, kept for the capture or connection profile shown, so
    // that it applies again when they are opened next time.
    void chooseReplayBudget(const ReplayBudget& budget);
    // The command line's budget: for this run, whatever a source kept.
    void pinReplayBudget(const ReplayBudget& budget);
    // The target panel's Recommend for the simulated scenario (off the GUI thread).
    void recommendSettings(const tuning::Target& target);
    // Writes the drilled group's failover plan (reset file, plan.txt, plan.json) into `directory`,
    // as driftscope-cli failover-plan would; `done` gets the error, empty on success.
    void exportDrillPlanTo(const QString& directory, std::function<void(const QString&)> done);

    // What the window shows, for tests and exports.
    AnalysisService& analysis() { return m_analysis; }
    SourceController& sources() { return m_sources; }
    const AnalysisResult* result() const { return m_result.get(); }
    widgets::DifferenceView* differenceView() const { return m_difference; }
    widgets::StoreStepper* stepper() const { return m_stepper; }
    widgets::PartitionPage* page(int release = 0) const { return m_pages[release]; }
    widgets::SessionPanel* panel() const { return m_panel; }
    widgets::ReportTable* groupsTable() const { return m_groupsTable; }
    widgets::FailoverDrill* drill() const { return m_drill; }
    widgets::SimulatorPanel* simulator() const { return m_simulator; }
    widgets::TunePanel* tunePanel() const { return m_tune; }
    widgets::TimeCursorBar* timeCursor() const { return m_timeBar; }
    QComboBox* flowSelector() const { return m_flowBox; }
    QTabWidget* tabs() const { return m_tabs; }
    QString statusText() const;

    // The incident report of the first page at the time cursor (incident_report.h), HTML or PDF
    // by the suffix; what went wrong, or empty. Also File > Export > Incident report.
    QString exportIncidentReport(const QString& path) const;
    // Help > Guide: how MM2 translates offsets, on this session; follows the cursor.
    void showGuide();

Q_SIGNALS:
    // Something the window was asked to do cannot be done (a file that does not open, a demo that
    // does not start, a cursor outside the session); the window also tells the user in a dialog.
    void failed(const QString& title, const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void focusOn(const sim::Scenario& scenario);
    void updateStepper();
    void step(widgets::StoreStepper::Target target); // the Step menu
    void updateGuide();                              // with the answer shown, while the guide is open
    void buildViews();
    void buildRulesToolbar();
    QDockWidget* buildPanelDock();
    void buildPages();
    void buildTabs();
    void buildMenus();
    void buildFileMenu();
    void fillExportMenu(QMenu* menu);
    void buildEditMenu();
    void buildViewMenu();
    void buildStepMenu();
    void buildHelpMenu();
    void buildStatusBar();
    void buildSimulatorDock();
    void buildBookmarksMenu();
    void fillBookmarksMenu();
    void addBookmarkAtCursor();
    QString showBookmarkChange(const Result<QString>& done);
    void applyRecommendation(const sim::TuneAnswer& answer);
    void requestAnalysis();
    void showResult(std::shared_ptr<const AnalysisResult> result);
    void showSpan(const AnalysisResult& r);
    void showPanel(const AnalysisResult& r, const std::shared_ptr<const Report>& report);
    void showPage(const AnalysisResult& r, size_t i);
    void moveCursorAsAsked(const AnalysisResult& result);
    // Tells of the rows of a capture's bookmarks table that are not used (bookmarks.h).
    void sayDamagedBookmarks();
    void showLiveStatus(const kafka::LiveStatus& status);
    void fail(const QString& title, const QString& message);
    void showReleaseNotes();
    void chooseTheme(Theme theme);
    void sourceStarted();
    void showFlows();
    void showFlowProblems();
    void rememberFile(const QString& path);
    void fillRecentMenu();
    void chooseFile();
    void chooseConnection();
    void saveCaptureAs();
    widgets::ExplorerPlot* currentPlot() const;
    void copyAsCsv();
    void exportReportJson();
    void exportDrillCsv();
    void exportDrillPlan();

    QSettings m_settings;
    SourceController m_sources;
    AnalysisService m_analysis;
    std::shared_ptr<const AnalysisResult> m_result;
    widgets::PlotTheme m_plotTheme;
    Theme m_theme = Theme::Light;

    ExplorerState m_state;
    QPointer<QTextBrowser> m_guide; // Help > Guide, while open
    bool m_speedForSpan = false;    // the next answer's span chooses the playback speed (a new source)
    QString m_releaseWarning, m_compareWarning; // resolveRelease's, for the rules applied
    bool m_releasePinned = false;
    bool m_budgetPinned = false;
    QString m_budgetKey; // where the shown source's budget is kept (budget_memory.h); empty: nowhere
    std::optional<QString> m_cursorOnceLoaded; // a time or a bookmark's name
    std::optional<int64_t> m_cursorAsked;      // where it put the cursor, until shown
    BookmarkKeeper m_bookmarks;
    QMenu* m_bookmarksMenu;
    std::vector<TimelineMark> m_shownMarks; // the answer's marks and the bookmarks

    QComboBox* m_releaseBox;
    QCheckBox* m_compareBox;
    QComboBox* m_compareRelease;
    QComboBox* m_flowBox; // the flow shown, when a live session reads several
    QList<QAction*> m_flowActions;
    widgets::SessionPanel* m_panel;
    QTabWidget* m_tabs;
    QSplitter* m_pageSplit;
    widgets::PartitionPage* m_pages[2];
    widgets::ReportTable* m_groupsTable;
    widgets::FailoverDrill* m_drill;
    widgets::StoreStepper* m_stepper;
    uint64_t m_stepSerial = 0; // the stepper shows the answer to its newest request only
    std::optional<widgets::StoreStepper::Target> m_pendingStep;
    widgets::DifferenceView* m_difference; // Compare's: where the two releases part
    widgets::SimulatorPanel* m_simulator;
    widgets::TunePanel* m_tune;
    TuneRunner* m_tuneRunner;
    QDockWidget* m_simulatorDock;
    widgets::TimeCursorBar* m_timeBar;
    QMenu* m_recentMenu;
    StatusStrip* m_status;
    widgets::ExplorerPlot* m_lastHoveredPlot = nullptr;
};

} // namespace driftscope::gui
