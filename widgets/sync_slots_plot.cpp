#include "widgets/sync_slots_plot.h"

#include "model/core/java_long.h"

#include <cmath>

namespace driftscope::widgets {

SyncSlotsPlot::SyncSlotsPlot(QWidget* parent)
    : QCustomPlot(parent), m_evenRuns(new QCPBars(xAxis, yAxis)), m_oddRuns(new QCPBars(xAxis, yAxis)),
      m_bound(addGraph())
{
    for (QCPBars* bars : {m_evenRuns, m_oddRuns}) {
        bars->setWidth(0.8);
        bars->setPen(Qt::NoPen);
    }
    m_evenRuns->setBrush(QColor(52, 101, 164));
    m_oddRuns->setBrush(QColor(114, 159, 207));
    m_evenRuns->setName("retained sync (runs alternate colour)");
    m_oddRuns->removeFromLegend();
    m_bound->setPen(QPen(QColor(204, 0, 0), 1.5, Qt::DashLine));
    m_bound->setName("invariant B bound: 2^slot");

    xAxis->setLabel("slot (0 = newest sync)");
    xAxis->setRange(-1, kSlotCount);
    yAxis->setLabel("1 + upstream offsets behind the newest sync");
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    yAxis->setNumberFormat("eb");
    yAxis->setNumberPrecision(0);
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void SyncSlotsPlot::setRetained(const std::vector<RetainedSync>& retained)
{
    m_distances.clear();
    QVector<double> evenX, evenY, oddX, oddY, boundX, boundY;
    if (!retained.empty()) {
        const int64_t head = retained.front().sync.upstream;
        for (size_t run = 0; run < retained.size(); ++run) {
            const RetainedSync& r = retained[run];
            const int64_t distance = javalong::sub(head, r.sync.upstream);
            for (int slot = r.firstSlot; slot < r.firstSlot + r.slotCount; ++slot) {
                m_distances.push_back(distance);
                // Doubles only for drawing; the exact value stays in m_distances.
                (run % 2 ? oddX : evenX).push_back(slot);
                (run % 2 ? oddY : evenY).push_back(static_cast<double>(distance) + 1.0);
            }
        }
        for (int slot = 0; slot < kSlotCount; ++slot) {
            boundX.push_back(slot);
            boundY.push_back(std::ldexp(1.0, slot));
        }
    }
    m_evenRuns->setData(evenX, evenY, true);
    m_oddRuns->setData(oddX, oddY, true);
    m_bound->setData(boundX, boundY, true);
    const double top = m_distances.empty() ? 10.0 : static_cast<double>(m_distances.back()) * 4.0 + 10.0;
    yAxis->setRange(0.5, std::max(top, 10.0));
    replot();
}

} // namespace driftscope::widgets
