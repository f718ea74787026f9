// The driftscope main window. It wires sources, the analysis worker and the views together; it
// computes nothing itself.
#pragma once

#include "app/gui/analysis_service.h"
#include "app/gui/connection_profile.h"
#include "app/gui/explorer_state.h"
#include "app/gui/source_controller.h"
#include "app/gui/status_strip.h"
#include "app/gui/theme.h"

#include <QMainWindow>

#include <QSettings>
#include <functional>

#include <memory>
#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QMenu;
class QSplitter;
class QTabWidget;

namespace driftscope::widgets {
class ExplorerPlot;
class FailoverDrill;
class PartitionPage;
class ReportTable;
class SessionPanel;
class SimulatorPanel;
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
    void connectLive(kafka::LiveReaderOptions options, const QString& description);
    // Connects as the connect dialog does; what makes the profile unusable, else empty.
    QString connectProfile(const ConnectionProfile& profile);

    // The selection and the rules applied, as a user sets them.
    void selectRelease(const Release& release);
    void setCompareRelease(std::optional<Release> release);
    void selectGroup(const QString& group);
    void selectPartition(const QString& group, const TopicPartition& partition);
    void moveCursor(std::optional<int64_t> atMs);
    void setTheme(Theme theme);
    // Writes the drilled group's failover plan (reset file, plan.txt, plan.json) into `directory`,
    // as driftscope-cli failover-plan would; `done` gets the error, empty on success.
    void exportDrillPlanTo(const QString& directory, std::function<void(const QString&)> done);

    // What the window shows, for tests and exports.
    AnalysisService& analysis() { return m_analysis; }
    SourceController& sources() { return m_sources; }
    const AnalysisResult* result() const { return m_result.get(); }
    widgets::PartitionPage* page(int release = 0) const { return m_pages[release]; }
    widgets::SessionPanel* panel() const { return m_panel; }
    widgets::ReportTable* groupsTable() const { return m_groupsTable; }
    widgets::FailoverDrill* drill() const { return m_drill; }
    widgets::SimulatorPanel* simulator() const { return m_simulator; }
    widgets::TimeCursorBar* timeCursor() const { return m_timeBar; }
    QTabWidget* tabs() const { return m_tabs; }
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildViews();
    void buildMenus();
    void buildStatusBar();
    void requestAnalysis();
    void showResult(std::shared_ptr<const AnalysisResult> result);
    void showLiveStatus(const kafka::LiveStatus& status);
    void sourceStarted();
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

    QComboBox* m_releaseBox;
    QCheckBox* m_compareBox;
    QComboBox* m_compareRelease;
    widgets::SessionPanel* m_panel;
    QTabWidget* m_tabs;
    QSplitter* m_pageSplit;
    widgets::PartitionPage* m_pages[2];
    widgets::ReportTable* m_groupsTable;
    widgets::FailoverDrill* m_drill;
    widgets::SimulatorPanel* m_simulator;
    QDockWidget* m_simulatorDock;
    widgets::TimeCursorBar* m_timeBar;
    QMenu* m_recentMenu;
    StatusStrip* m_status;
    widgets::ExplorerPlot* m_lastHoveredPlot = nullptr;
};

} // namespace driftscope::gui
