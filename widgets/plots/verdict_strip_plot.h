// The strip of verdicts over time for the selected partition: one row per verdict that held at
// some moment of the sweep, a bar where it held, in its health colour. Reviewers read from it
// when a partition became untranslatable, its log went back or MM2 stopped syncing its group.
#pragma once

#include "model/analysis/health_report.h"
#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

namespace driftscope::widgets {

class VerdictStripPlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit VerdictStripPlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);
    void applyTheme(const PlotTheme& theme) override;
    // The sweep's whole span, and every row.
    void resetView() override;

protected:
    QString explainPoint(const PlotSeries& series, size_t index) const override;

private:
    void colourRows();

    std::vector<Verdict> m_rows; // the verdict of each row, bottom up
    int64_t m_fromMs = 0, m_toMs = 0;
};

} // namespace driftscope::widgets
