// The failover drill: at a chosen moment, where each partition of the selected group would
// resume on the target, how much it would replay and whether anything would be skipped, with
// a summary in words, a CSV export (the same CSV as `driftscope-cli report --csv`) and the
// failover plan's files (the same as `driftscope-cli failover-plan`).
#pragma once

#include "model/analysis/failover_plan.h"

#include <QWidget>

#include <memory>

class QDateTimeEdit;
class QLabel;
class QPushButton;

namespace driftscope::widgets {

class ReportTable;

class FailoverDrill : public QWidget {
    Q_OBJECT

public:
    explicit FailoverDrill(QWidget* parent = nullptr);

    // The report at the drill's moment (rows by group, as buildReport gives them), and the group
    // drilled. The report is shared, not copied.
    void setReport(std::shared_ptr<const Report> report, const std::string& group);
    QString summary() const;
    std::string csv() const;        // the group's rows as the CLI prints them
    FailoverPlan groupPlan() const; // the group's plan, as driftscope-cli failover-plan writes it
    ReportTable* table() const { return m_table; }

Q_SIGNALS:
    void momentChosen(int64_t atMs);
    void exportRequested();
    void planExportRequested();

private:
    QDateTimeEdit* m_when;
    QLabel* m_summary;
    ReportTable* m_table;
    QPushButton* m_export;
    QPushButton* m_exportPlan;
    std::shared_ptr<const Report> m_report;
    size_t m_first = 0, m_count = 0; // the group's rows in it
};

} // namespace driftscope::widgets
