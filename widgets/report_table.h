// Report rows as a table, one row per group partition: what `driftscope-cli report` prints, with
// exact integers, health badges and the verdicts as tool tips. Activating a row selects it.
#pragma once

#include "model/core/health_report.h"

#include <QTableWidget>

namespace driftscope::widgets {

class ReportTable : public QTableWidget {
    Q_OBJECT

public:
    explicit ReportTable(QWidget* parent = nullptr);

    void setRows(const std::vector<PartitionReport>& rows);
    // The cell text of a row and column, for tests ("" when out of range).
    QString cell(int row, int column) const;

Q_SIGNALS:
    void rowChosen(const QString& group, const QString& topic, int partition);
};

} // namespace driftscope::widgets
