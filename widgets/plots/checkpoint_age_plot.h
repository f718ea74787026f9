// Plot 3, checkpoint ages over time for every partition of the selected group (time since the
// checkpoint in force was emitted), against emit.checkpoints.interval.seconds and the stale
// limit, with the age of the last heartbeat. A group of more partitions than there are colours
// shows the selected one and the oldest checkpoint of the others as one line.
#pragma once

#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

namespace driftscope::widgets {

class CheckpointAgePlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit CheckpointAgePlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);
    void applyTheme(const PlotTheme& theme) override;

private:
    void removePartitionSeries();
    void showPartitionAges(const GroupSeries& group, const std::optional<TopicPartition>& selected);
    PlotSeries* addAgeSeries(const QString& name, const QColor& color);

    PlotSeries* m_heartbeat;
    PlotSeries* m_interval;
    PlotSeries* m_stale;
    size_t m_fixedSeries = 0;
};

} // namespace driftscope::widgets
