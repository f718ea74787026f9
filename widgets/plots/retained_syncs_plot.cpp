#include "widgets/plots/retained_syncs_plot.h"

#include "model/mm2/release_notes.h"
#include "model/util/java_long.h"

#include <cmath>

namespace driftscope::widgets {
namespace {

constexpr size_t kMaxExpiredDrawn = 50'000; // the newest ones; older are summarised in the title

} // namespace

RetainedSyncsPlot::RetainedSyncsPlot(QWidget* parent) : ExplorerPlot("Retained sync points", parent)
{
    // The two axis rects side by side under the plot's title.
    m_lifeRect = new QCPAxisRect(this);
    auto* rects = new QCPLayoutGrid;
    QCPAxisRect* slotRect = axisRect();
    plotLayout()->take(slotRect);
    plotLayout()->addElement(1, 0, rects);
    rects->addElement(0, 0, slotRect);
    rects->addElement(0, 1, m_lifeRect);
    rects->setColumnStretchFactor(0, 1);
    rects->setColumnStretchFactor(1, 2);
    m_rule = new QCPTextElement(this, QString());
    QFont caption = m_rule->font();
    caption.setPointSizeF(caption.pointSizeF() * 0.85);
    m_rule->setFont(caption);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, m_rule);
    auto* margins = new QCPMarginGroup(this);
    slotRect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_lifeRect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

    QCPAxis* lifeX = m_lifeRect->axis(QCPAxis::atBottom);
    QCPAxis* lifeY = m_lifeRect->axis(QCPAxis::atLeft);
    for (QCPAxis* axis : {yAxis, lifeY})
        useLogScale(axis);
    const auto S = AxisKind::Offset, D = AxisKind::LogDistance, T = AxisKind::TimeMs;
    m_evenRuns = addSeries(xAxis, yAxis, "slots (one colour per sync)", PlotSeries::Style::Bars, S, D);
    m_oddRuns = addSeries(xAxis, yAxis, "slots, odd runs", PlotSeries::Style::Bars, S, D);
    m_oddRuns->plottable()->removeFromLegend();
    m_bound = addSeries(xAxis, yAxis, "bound 2^slot", PlotSeries::Style::Line, S, D);
    m_expired = addSeries(lifeX, lifeY, "expired syncs", PlotSeries::Style::Segments, T, D);
    m_alive = addSeries(lifeX, lifeY, "retained syncs", PlotSeries::Style::Segments, T, D);
    setAxisTitle(xAxis, "slot (0 = newest sync)", "slot");
    setAxisTitle(yAxis, "1 + offsets behind the newest sync", "1 + behind");
    lifeX->setLabel("time (UTC)");
    addTimeAxis(lifeX);
    m_note = new QCPItemText(this);
    m_note->setClipAxisRect(axisRect());
    m_note->position->setAxisRect(axisRect());
    m_note->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_note->position->setCoords(0.5, 0.45);
    m_note->setTextAlignment(Qt::AlignCenter);
    QFont small = m_note->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_note->setFont(small);
    m_note->setVisible(false);
    // Slots in steps of 32; the lifetimes share the slots' distance axis, labelled once.
    auto slotTicks = QSharedPointer<QCPAxisTickerFixed>::create();
    slotTicks->setTickStep(32);
    slotTicks->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    xAxis->setTicker(slotTicks);
    lifeY->setTickLabels(false);
    m_lifeRect->setRangeDrag(Qt::Horizontal);
    m_lifeRect->setRangeZoom(Qt::Horizontal);
    applyTheme(theme());
}

void RetainedSyncsPlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    m_evenRuns->setColor(t.seriesColor(0));
    m_oddRuns->setColor(t.seriesColor(5).lighter(130));
    m_bound->setColor(t.skip, 1.2);
    if (QCPGraph* g = m_bound->graph())
        g->setPen(QPen(t.skip, 1.2, Qt::DashLine));
    m_expired->setColor(t.faint, 1.0);
    m_note->setColor(t.foreground);
    m_rule->setTextColor(t.foreground);
    m_alive->setColor(t.seriesColor(0), 2.2);
}

void RetainedSyncsPlot::display(const PartitionData& input)
{
    m_series = input.series;
    const StoreKind store = profileFor(input.release).store;
    m_rule->setText(
        QString::fromStdString("MM2 " + toString(input.release) + ": " + storeRuleCaption(store)));
    setToolTip(QString::fromStdString("MM2 " + toString(input.release) + "'s store " + storeRuleText(store)));
    m_retained = input.cursor ? input.cursor->retained : std::vector<RetainedSync>{};
    std::vector<int64_t> ex, ey, ox, oy, bx, by;
    const bool slotted = !m_retained.empty() && (m_retained.size() > 1 || m_retained.front().slotCount > 1);
    const int64_t head = m_retained.empty() ? 0 : m_retained.front().sync.upstream;
    for (size_t run = 0; run < m_retained.size(); ++run) {
        const RetainedSync& r = m_retained[run];
        for (int slot = r.firstSlot; slot < r.firstSlot + r.slotCount; ++slot) {
            (run % 2 ? ox : ex).push_back(slot);
            (run % 2 ? oy : ey).push_back(javalong::sub(head, r.sync.upstream));
        }
    }
    if (slotted)
        for (int slot = 0; slot < kSlotCount; ++slot) {
            bx.push_back(slot);
            by.push_back(slot >= 62 ? INT64_MAX : (int64_t{1} << slot) - 1);
        }
    m_note->setVisible(!slotted);
    setNoteForms(m_note, m_retained.empty() ? QStringList{"no sync\nyet"}
                                            : QStringList{"latest sync\nonly:\nno slots", "no slots"});
    m_evenRuns->setPoints(std::move(ex), std::move(ey));
    m_oddRuns->setPoints(std::move(ox), std::move(oy));
    m_bound->setPoints(std::move(bx), std::move(by));

    std::vector<int64_t> xx, xy, ax, ay;
    m_expiredOf.clear();
    m_aliveOf.clear();
    const int64_t cursor = input.cursor ? input.cursor->atMs : INT64_MAX;
    if (input.series && !m_retained.empty()) {
        const auto& lives = input.series->lifetimes;
        size_t expiredShown = 0;
        for (auto it = lives.rbegin(); it != lives.rend(); ++it) {
            const SyncLifetime& l = *it;
            if (l.writtenAtMs > cursor || l.upstream > head)
                continue;
            const int64_t distance = javalong::sub(head, l.upstream);
            const bool alive = !l.expiredAtMs || *l.expiredAtMs > cursor;
            if (!alive && ++expiredShown > kMaxExpiredDrawn)
                continue;
            auto& x = alive ? ax : xx;
            auto& y = alive ? ay : xy;
            x.push_back(l.writtenAtMs);
            x.push_back(alive ? cursor : *l.expiredAtMs);
            y.push_back(distance);
            y.push_back(distance);
            (alive ? m_aliveOf : m_expiredOf).push_back(&l);
        }
    }
    m_expired->setPoints(std::move(xx), std::move(xy));
    m_alive->setPoints(std::move(ax), std::move(ay));
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    fitView();
    replotInTurn();
}

QString RetainedSyncsPlot::ruleCaption() const
{
    return m_rule->text();
}

void RetainedSyncsPlot::resetView()
{
    ExplorerPlot::resetView();
    xAxis->setRange(-1, kSlotCount);
    double top = 10;
    for (const auto* s : {m_evenRuns, m_oddRuns, m_alive, m_expired})
        for (int64_t v : s->ys())
            top = std::max(top, PlotSeries::coordinate(v, AxisKind::LogDistance) * 4);
    yAxis->setRange(0.5, top);
    m_lifeRect->axis(QCPAxis::atLeft)->setRange(0.5, top);
}

std::vector<int64_t> RetainedSyncsPlot::slotDistances() const
{
    std::vector<int64_t> out(kSlotCount, 0);
    size_t filled = 0;
    for (const auto* s : {m_evenRuns, m_oddRuns})
        for (size_t i = 0; i < s->size(); ++i) {
            out[static_cast<size_t>(s->xs()[i])] = s->ys()[i];
            ++filled;
        }
    if (filled == 0)
        return {};
    out.resize(filled);
    return out;
}

QString RetainedSyncsPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    if (&series == m_evenRuns || &series == m_oddRuns) {
        const int slot = static_cast<int>(series.xs()[index]);
        for (const RetainedSync& r : m_retained)
            if (slot >= r.firstSlot && slot < r.firstSlot + r.slotCount)
                return QString("slot %1 holds sync %2 -> %3, %4 offsets behind the newest; it fills %5 of 64 "
                               "slots")
                    .arg(slot)
                    .arg(formatValue(r.sync.upstream, AxisKind::Offset),
                         formatValue(r.sync.downstream, AxisKind::Offset),
                         formatValue(series.ys()[index], AxisKind::Offset))
                    .arg(r.slotCount);
    }
    if (&series == m_bound)
        return QString("invariant B: slot %1 holds a sync at most 2^%1 - 1 offsets behind the newest")
            .arg(series.xs()[index]);
    const auto& of = &series == m_alive ? m_aliveOf : m_expiredOf;
    if (index / 2 < of.size()) {
        const SyncLifetime& l = *of[index / 2];
        QString text =
            QString("sync %1 -> %2 (record %3 of the syncs topic), written %4")
                .arg(formatValue(l.upstream, AxisKind::Offset), formatValue(l.downstream, AxisKind::Offset))
                .arg(l.index)
                .arg(timeText(l.writtenAtMs));
        if (&series == m_expired && l.expiredAtMs)
            text += ", pushed out of the store " + timeText(*l.expiredAtMs);
        else
            text += ", still retained at the cursor";
        return text;
    }
    return ExplorerPlot::explainPoint(series, index);
}

} // namespace driftscope::widgets
