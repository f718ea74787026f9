// The main window's exports: CSV to the clipboard, the report as JSON, the incident report, the
// failover drill and its plan, and the session as a capture.
#include "app/gui/dialogs.h"
#include "app/gui/exports.h"
#include "app/gui/incident_report.h"
#include "app/gui/main_window.h"
#include "model/analysis/report_format.h"
#include "model/io/plan_files.h"
#include "model/util/text_format.h"
#include "widgets/failover_drill.h"
#include "widgets/partition_page.h"
#include "widgets/plots/explorer_plot.h"
#include "widgets/qt_text.h"
#include "widgets/report_table.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QFileDialog>
#include <QStatusBar>
#include <QTabWidget>

namespace driftscope::gui {

using widgets::q;

widgets::ExplorerPlot* MainWindow::currentPlot() const
{
    for (QWidget* w = QApplication::focusWidget(); w; w = w->parentWidget())
        if (auto* plot = qobject_cast<widgets::ExplorerPlot*>(w))
            return plot;
    return m_lastHoveredPlot ? m_lastHoveredPlot : m_pages[0]->plots().front();
}

void MainWindow::copyAsCsv()
{
    QString text;
    if (m_tabs->currentWidget() == m_groupsTable && m_result) // as filtered and sorted
        text = q(reportCsv(m_result->releases.front().cursor.report, m_groupsTable->shownRows()));
    else if (m_tabs->currentWidget() == m_drill)
        text = q(m_drill->csv());
    else if (widgets::ExplorerPlot* plot = currentPlot())
        text = plot->csv();
    QApplication::clipboard()->setText(text);
    statusBar()->showMessage(QString("Copied %1 lines of CSV").arg(text.count('\n')), 4000);
}

QString MainWindow::exportIncidentReport(const QString& path) const
{
    if (!m_result)
        return "nothing to report: the window has no answer yet";
    return writeIncidentReport(path, *m_result, *m_pages[0], m_sources.description(), m_bookmarks.rows());
}

void MainWindow::exportReportJson()
{
    if (!m_result)
        return;
    exportText(this, "Export the report as JSON", "JSON (*.json)", "driftscope-report.json",
               QByteArray::fromStdString(reportJson(m_result->releases.front().cursor.report) + "\n"));
}

void MainWindow::exportDrillCsv()
{
    exportText(this, "Export the failover drill as CSV", "CSV (*.csv)", "failover-drill.csv",
               QByteArray::fromStdString(m_drill->csv()));
}

void MainWindow::exportDrillPlan()
{
    const QString dir = QFileDialog::getExistingDirectory(this, "Write the failover plan into a folder");
    if (dir.isEmpty())
        return;
    exportDrillPlanTo(dir, [this, dir](const QString& error) {
        if (error.isEmpty())
            statusBar()->showMessage("Wrote the failover plan into " + dir, 5000);
        else
            tellLater(this, "Export failover plan", error);
    });
}

void MainWindow::exportDrillPlanTo(const QString& directory, std::function<void(const QString&)> done)
{
    FailoverPlan plan = m_drill->groupPlan();
    m_analysis.withSession(
        [plan = std::move(plan), dir = directory.toStdString()](const Session& session) {
            // Just after another flow was chosen, the drill still shows the previous flow's answer.
            if (plan.sourceAlias != session.info.sourceAlias || plan.targetAlias != session.info.targetAlias)
                return QString::fromStdString("the drill still shows " +
                                              flowName(plan.sourceAlias, plan.targetAlias) + ", not " +
                                              flowName(session.info.sourceAlias, session.info.targetAlias) +
                                              ": export once its first answer is shown");
            PlanCommand command;
            command.directory = dir;
            command.targetBootstrap = planTargetBootstrap(session.info); // as driftscope-cli failover-plan
            const auto error = writeFailoverPlan(dir, plan, command);
            return error ? QString::fromStdString(*error) : QString();
        },
        std::move(done));
}

void MainWindow::saveCaptureAs()
{
    const QString path = QFileDialog::getSaveFileName(this, "Save the session as a capture",
                                                      "session.capture", "Captures (*.capture)");
    if (path.isEmpty())
        return;
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    m_analysis.withSession([path, now, marks = m_bookmarks.all()](
                               const Session& session) { return saveCapture(session, path, now, marks); },
                           [this, path](const QString& error) {
                               if (error.isEmpty())
                                   statusBar()->showMessage("Saved " + path, 5000);
                               else
                                   tellLater(this, "Save capture", error);
                           });
}

} // namespace driftscope::gui
