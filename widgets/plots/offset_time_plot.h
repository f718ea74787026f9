// Plot 1b, offsets of the selected partition over time: source and target log end offsets,
// the group's committed offset, the downstream offset of the checkpoint in force (where a
// failover resumes), and on the right axis the offset drift u - d of the syncs.
#pragma once

#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

namespace driftscope::widgets {

class OffsetTimePlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit OffsetTimePlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);

private:
    PlotSeries* m_sourceEnd;
    PlotSeries* m_targetEnd;
    PlotSeries* m_committed;
    PlotSeries* m_processed;
    PlotSeries* m_checkpoint;
    PlotSeries* m_drift;
};

} // namespace driftscope::widgets
