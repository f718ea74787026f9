// Plot 4, the replay window of the selected partition over time, stacked by its parts:
// granularity (rounding back to a sync), group-offset sync (the synced target group offset lags
// the checkpoint), checkpoint staleness (progress since the checkpoint) and commit cadence
// (processed but not committed). Skips are marked in red below zero; the tooltip names the parts
// that subtract (overshoot, rewind). Where the outcome is unknown the areas break and a grey
// mark on the zero line says why. In a simulation the records really replayed or skipped are
// drawn too.
#pragma once

#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

#include <optional>

namespace driftscope::widgets {

class ReplayWindowPlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit ReplayWindowPlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);
    void applyTheme(const PlotTheme& theme) override;
    // A dashed line at the replay budget in offsets (none: no line), kept in view.
    void setBudgetLine(std::optional<int64_t> offsets);
    std::optional<int64_t> budgetLine() const { return m_budget; }
    // The note over the unknown marks ("" when there are none).
    QString unknownNote() const { return m_unknownNote->visible() ? m_unknownNote->text() : QString(); }

protected:
    QString explainPoint(const PlotSeries& series, size_t index) const override;

private:
    void showTruth(const std::vector<sim::TruthPoint>* truth);
    void showUnknownNote(size_t unknown, size_t moments);
    void chooseAreaStyle();

    PlotSeries* m_granularity;
    PlotSeries* m_groupSync;
    PlotSeries* m_staleness;
    PlotSeries* m_cadence;
    PlotSeries* m_skips;
    PlotSeries* m_unknown;      // moments whose outcome is not known, on the zero line
    QCPItemText* m_unknownNote; // that they are, over the marks
    PlotSeries* m_truthReplay;
    PlotSeries* m_truthSkips;
    std::vector<const PartitionReport*> m_rows; // the row of each stacked point

    std::vector<const PartitionReport*> m_unknownRows; // the row of each unknown mark
    QCPItemStraightLine* m_budgetMark;
    QCPItemText* m_budgetLabel;
    std::optional<int64_t> m_budget;
    void placeBudgetLine();
};

} // namespace driftscope::widgets
