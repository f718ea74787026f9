// The plots of one release for the selected group partition, in a grid with a details pane that
// says in words what the pointer is over (or, by default, what holds at the time cursor). Plots
// over time share one time axis: zooming or panning one moves the others.
#pragma once

#include "widgets/plots/partition_data.h"
#include "widgets/plots/plot_theme.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTextBrowser;

namespace driftscope::widgets {

class CheckpointAgePlot;
class ExplorerPlot;
class OffsetMapPlot;
class OffsetTimePlot;
class ReplayWindowPlot;
class RetainedSyncsPlot;
class VerdictStripPlot;

class PartitionPage : public QWidget {
    Q_OBJECT

public:
    explicit PartitionPage(QWidget* parent = nullptr);

    void display(const PartitionData& input, const QString& heading);
    void applyTheme(const PlotTheme& theme);

    std::vector<ExplorerPlot*> plots() const;
    OffsetMapPlot* offsetMap() const { return m_map; }
    OffsetTimePlot* offsetTime() const { return m_time; }
    RetainedSyncsPlot* retainedSyncs() const { return m_retained; }
    CheckpointAgePlot* checkpointAges() const { return m_ages; }
    ReplayWindowPlot* replayWindow() const { return m_replay; }
    QString details() const;
    // What holds at the time cursor, in words (the details pane without what the pointer is over).
    const QString& cursorText() const { return m_cursorText; }

private:
    void linkTimeAxes();
    void showDetails(const QString& hovered);

    QLabel* m_heading;
    OffsetMapPlot* m_map;
    OffsetTimePlot* m_time;
    RetainedSyncsPlot* m_retained;
    CheckpointAgePlot* m_ages;
    ReplayWindowPlot* m_replay;
    VerdictStripPlot* m_verdicts;
    QTextBrowser* m_details;
    QString m_cursorText;
    // What the plots show (group, partition, release): a new one fits them again.
    QString m_shownSelection;
    bool m_linking = false;
};

} // namespace driftscope::widgets
