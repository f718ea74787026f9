// Report rows as a table, one row per group partition: what `driftscope-cli report` prints, with
// exact integers, health badges and the verdicts as tool tips. A view over the rows (the model
// makes cells only for what is on screen), so a report of 200 groups x 2,000 partitions shows
// at once. Activating a row selects it.
#pragma once

#include "model/analysis/health_report.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <memory>

namespace driftscope::widgets {

class ReportTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    // What a column sorts by: numbers as numbers (an absent or unknown one first), partitions by
    // topic then number, the rest as their text.
    static constexpr int kSortRole = Qt::UserRole + 1;

    using Rows = std::shared_ptr<const std::vector<PartitionReport>>;

    // `first`/`count` select a contiguous range of the rows (a group's; rows come by group);
    // `staleAfterMs` is the report's stale limit, past which a checkpoint kept in force is marked.
    void setRows(Rows rows, size_t first = 0, size_t count = SIZE_MAX, int64_t staleAfterMs = INT64_MAX);
    const PartitionReport* row(int index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Rows m_rows;
    size_t m_first = 0, m_count = 0;
    int64_t m_staleAfterMs = INT64_MAX;
};

class ReportTable : public QTableView {
    Q_OBJECT

public:
    explicit ReportTable(QWidget* parent = nullptr);

    void setRows(ReportTableModel::Rows rows, size_t first = 0, size_t count = SIZE_MAX,
                 int64_t staleAfterMs = INT64_MAX);
    // Rows shown (those the group filter lets through), in the order shown.
    int rowCount() const { return m_view.rowCount(); }
    // The rows shown, in the order shown (Copy as CSV copies these).
    std::vector<const PartitionReport*> shownRows() const;
    // The cell text of a shown row and column ("" when out of range).
    QString cell(int row, int column) const;
    // Shows only the rows of groups whose name contains `text` (any case); empty: all.
    void setGroupFilter(const QString& text);

Q_SIGNALS:
    void rowChosen(const QString& group, const QString& topic, int partition);

private:
    const PartitionReport* shownRow(const QModelIndex& index) const;

    ReportTableModel m_model;
    QSortFilterProxyModel m_view; // sorted by a clicked header, filtered by group
};

} // namespace driftscope::widgets
