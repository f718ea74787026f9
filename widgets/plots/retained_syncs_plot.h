// Plot 2, the store's retained sync points for the selected partition at the time cursor.
// Left: the 64 slots, each at the distance of its sync from the newest one (log axis) next to
// the 2^slot bound of invariant B; runs of one sync alternate colours, so a sync holding several
// slots shows as a wide bar. Right, on the same distance axis over time: every sync ever read
// as a faint line from when it was written to when the store let it go, the retained ones
// strong up to the cursor. Under the title, the release's rule for keeping syncs in words (in
// full as the plot's tooltip).
#pragma once

#include "widgets/plots/explorer_plot.h"
#include "widgets/plots/partition_data.h"

namespace driftscope::widgets {

class RetainedSyncsPlot : public ExplorerPlot {
    Q_OBJECT

public:
    explicit RetainedSyncsPlot(QWidget* parent = nullptr);
    void display(const PartitionData& input);
    void applyTheme(const PlotTheme& theme) override;
    void resetView() override;

    // Distance from the newest sync per slot, slot 0 first (empty without a slotted store).
    std::vector<int64_t> slotDistances() const;
    QString ruleCaption() const; // the release's rule for keeping syncs, under the title

protected:
    QString explainPoint(const PlotSeries& series, size_t index) const override;

private:
    QCPAxisRect* m_lifeRect;
    PlotSeries* m_evenRuns;
    PlotSeries* m_oddRuns;
    PlotSeries* m_bound;
    PlotSeries* m_expired;
    PlotSeries* m_alive;
    QCPItemText* m_note;    // why there are no slots to show
    QCPTextElement* m_rule; // the release's rule for keeping syncs, under the title
    std::vector<RetainedSync> m_retained;
    std::vector<const SyncLifetime*> m_expiredOf, m_aliveOf; // segment -> its sync
    const SelectionSeries* m_series = nullptr;
};

} // namespace driftscope::widgets
