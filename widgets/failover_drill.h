// The failover drill: at a chosen moment, where each partition of the selected group would
// resume on the target, how much it would replay and whether anything would be skipped, with
// a summary in words and a CSV export (the same CSV as `driftscope-cli report --csv`).
#pragma once

#include "model/core/health_report.h"

#include <QWidget>

class QDateTimeEdit;
class QLabel;
class QPushButton;

namespace driftscope::widgets {

class ReportTable;

class FailoverDrill : public QWidget {
    Q_OBJECT

public:
    explicit FailoverDrill(QWidget* parent = nullptr);

    // The report at the drill's moment, and the group drilled.
    void setReport(const Report& report, const std::string& group);
    QString summary() const;
    std::string csv() const; // the group's rows as the CLI prints them
    ReportTable* table() const { return m_table; }

Q_SIGNALS:
    void momentChosen(int64_t atMs);
    void exportRequested();

private:
    QDateTimeEdit* m_when;
    QLabel* m_summary;
    ReportTable* m_table;
    QPushButton* m_export;
    Report m_report; // the group's rows only
};

} // namespace driftscope::widgets
