// Plot of one partition's retained syncs: for each of the 64 slots, how far behind the newest
// sync the slot's sync lies (log axis), next to the 2^i bound that invariant B allows.
#pragma once

#include "model/core/sync_store.h"

#include <qcustomplot.h>

#include <vector>

namespace driftscope::widgets {

class SyncSlotsPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit SyncSlotsPlot(QWidget* parent = nullptr);

    // `retained` as SyncStore::retained() returns it (newest first); empty clears the plot.
    void setRetained(const std::vector<RetainedSync>& retained);

    // The plotted values, for tests and exports: distance from the newest sync per slot.
    const std::vector<int64_t>& slotDistances() const { return m_distances; }

private:
    QCPBars* m_evenRuns;
    QCPBars* m_oddRuns; // alternate colours make runs of one sync visible
    QCPGraph* m_bound;
    std::vector<int64_t> m_distances;
};

} // namespace driftscope::widgets
