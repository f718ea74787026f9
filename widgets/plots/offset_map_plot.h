// Plot 1a, source versus target offsets of the selected partition at the time cursor: every
// sync read (upstream on x, downstream on y), the syncs the store retains, the step function
// MM2 translates with, the group's committed offset, its translation and the checkpoint, and
// the replay window shaded between the checkpoint's upstream equivalent and the committed offset.
#pragma once

#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

namespace driftscope::widgets {

class OffsetMapPlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit OffsetMapPlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);
    void applyTheme(const PlotTheme& theme) override;

protected:
    QString explainPoint(const PlotSeries& series, size_t index) const override;

private:
    void showSyncs(const PartitionData& input);
    void showStore(const PartitionData& input);
    void showRow(const PartitionData& input);

    PlotSeries* m_allSyncs;
    PlotSeries* m_retained;
    PlotSeries* m_steps;
    PlotSeries* m_translated;
    PlotSeries* m_checkpoint;
    QCPItemStraightLine* m_committedLine;
    QCPItemRect* m_replayBand;
    QString m_explanation;
    QString m_rule; // the selected release's translation rule in words
};

} // namespace driftscope::widgets
