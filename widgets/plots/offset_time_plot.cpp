#include "widgets/plots/offset_time_plot.h"

#include "model/util/java_long.h"

namespace driftscope::widgets {

OffsetTimePlot::OffsetTimePlot(QWidget* parent) : ExplorerPlot("Offsets over time", parent)
{
    const auto T = AxisKind::TimeMs, O = AxisKind::Offset;
    m_sourceEnd = addSeries(xAxis, yAxis, "source end", PlotSeries::Style::Line, T, O);
    m_targetEnd = addSeries(xAxis, yAxis, "target end", PlotSeries::Style::Line, T, O);
    m_committed = addSeries(xAxis, yAxis, "committed (source)", PlotSeries::Style::Step, T, O);
    m_checkpoint = addSeries(xAxis, yAxis, "checkpoint downstream", PlotSeries::Style::Step, T, O);
    m_processed = addSeries(xAxis, yAxis, "processed (truth)", PlotSeries::Style::Line, T, O);
    yAxis2->setVisible(true);
    m_drift = addSeries(xAxis, yAxis2, "drift u - d (right axis)", PlotSeries::Style::Step, T, O);
    addTimeAxis(xAxis);
    xAxis->setLabel("time (UTC)");
    yAxis->setLabel("offset");
    yAxis2->setLabel("drift u - d");
    applyTheme(theme());
}

void OffsetTimePlot::display(const PartitionData& input)
{
    std::vector<int64_t> st, sv, tt, tv, ct, cv, kt, kv, pt, pv, dt, dv;
    if (const PartitionSeries* p = input.partition()) {
        for (size_t i = 0; i < p->rows.size(); ++i) {
            const int64_t t = p->atMs[i];
            const PartitionReport& r = p->rows[i];
            if (r.sourceEnd) {
                st.push_back(t);
                sv.push_back(*r.sourceEnd);
            }
            if (r.targetEnd) {
                tt.push_back(t);
                tv.push_back(*r.targetEnd);
            }
            if (r.committed) {
                ct.push_back(t);
                cv.push_back(*r.committed);
            }
            if (r.checkpoint) {
                kt.push_back(t);
                kv.push_back(r.checkpoint->downstream);
            }
        }
    }
    if (input.truth)
        for (const sim::TruthPoint& t : *input.truth) {
            pt.push_back(t.atMs);
            pv.push_back(t.processed);
        }
    if (input.series)
        for (const SyncLifetime& l : input.series->lifetimes) {
            dt.push_back(l.writtenAtMs);
            dv.push_back(javalong::sub(l.upstream, l.downstream));
        }
    m_sourceEnd->setPoints(std::move(st), std::move(sv));
    m_targetEnd->setPoints(std::move(tt), std::move(tv));
    m_committed->setPoints(std::move(ct), std::move(cv));
    m_checkpoint->setPoints(std::move(kt), std::move(kv));
    m_processed->setPoints(std::move(pt), std::move(pv));
    m_processed->plottable()->setVisible(input.truth != nullptr);
    if (!input.truth)
        m_processed->plottable()->removeFromLegend();
    else
        m_processed->plottable()->addToLegend();
    m_drift->setPoints(std::move(dt), std::move(dv));
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    fitView();
    replotInTurn();
}

} // namespace driftscope::widgets
