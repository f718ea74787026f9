#include "widgets/plots/replay_window_plot.h"

#include "model/core/java_long.h"

namespace driftscope::widgets {

ReplayWindowPlot::ReplayWindowPlot(QWidget* parent) : ExplorerPlot("Replay window of a failover", parent)
{
    const auto T = AxisKind::TimeMs, O = AxisKind::Offset;
    m_granularity = addSeries(xAxis, yAxis, "granularity", PlotSeries::Style::Step, T, O);
    m_staleness = addSeries(xAxis, yAxis, "+ checkpoint staleness", PlotSeries::Style::Step, T, O);
    m_cadence = addSeries(xAxis, yAxis, "+ commit cadence (= window)", PlotSeries::Style::Step, T, O);
    m_skips = addSeries(xAxis, yAxis, "skip possible", PlotSeries::Style::Dots, T, O);
    m_truthReplay =
        addSeries(xAxis, yAxis, "records replayed (simulation truth)", PlotSeries::Style::Line, T, O);
    m_truthSkips =
        addSeries(xAxis, yAxis, "records skipped (simulation truth)", PlotSeries::Style::Dots, T, O);
    // Stacked areas: each part fills down to the one below it.
    m_staleness->graph()->setChannelFillGraph(m_granularity->graph());
    m_cadence->graph()->setChannelFillGraph(m_staleness->graph());
    addTimeAxis(xAxis);
    xAxis->setLabel("time (UTC)");
    yAxis->setLabel("upstream offsets replayed");
    applyTheme(theme());
}

void ReplayWindowPlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    const QColor colors[] = {t.seriesColor(0), t.seriesColor(2), t.seriesColor(3)};
    PlotSeries* parts[] = {m_granularity, m_staleness, m_cadence};
    for (int i = 0; i < 3; ++i) {
        parts[i]->setColor(colors[i], 1.2);
        QColor fill = colors[i];
        fill.setAlpha(110);
        parts[i]->graph()->setBrush(fill);
    }
    m_skips->setColor(t.skip);
    m_skips->graph()->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, t.skip, 9));
    m_truthReplay->setColor(t.foreground, 1.0);
    m_truthSkips->setColor(t.skip);
    m_truthSkips->graph()->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, t.skip, t.skip, 9));
}

void ReplayWindowPlot::display(const PartitionData& input)
{
    std::vector<int64_t> t, g, gs, gsc, kt, kv, rt, rv, st, sv;
    m_rows.clear();
    if (const PartitionSeries* p = input.partition()) {
        for (size_t i = 0; i < p->rows.size(); ++i) {
            const PartitionReport& r = p->rows[i];
            const bool skipPossible =
                std::find(r.verdicts.begin(), r.verdicts.end(), Verdict::SkipPossible) != r.verdicts.end();
            if (skipPossible || r.replay.skip) {
                kt.push_back(p->atMs[i]);
                kv.push_back(r.replay.available ? std::min<int64_t>(r.replay.window, 0) : 0);
            }
            if (!r.replay.available)
                continue;
            t.push_back(p->atMs[i]);
            // Stacked: each series holds the running sum (drawing); the parts stay in the rows.
            g.push_back(r.replay.granularity);
            gs.push_back(javalong::add(r.replay.granularity, r.replay.staleness));
            gsc.push_back(r.replay.window);
            m_rows.push_back(&r);
        }
    }
    if (input.truth)
        for (const sim::TruthPoint& p : *input.truth) {
            rt.push_back(p.atMs);
            rv.push_back(p.replayRecords);
            if (p.skippedRecords > 0) {
                st.push_back(p.atMs);
                sv.push_back(-p.skippedRecords);
            }
        }
    m_granularity->setPoints(t, std::move(g));
    m_staleness->setPoints(t, std::move(gs));
    m_cadence->setPoints(std::move(t), std::move(gsc));
    m_skips->setPoints(std::move(kt), std::move(kv));
    m_truthReplay->setPoints(std::move(rt), std::move(rv));
    m_truthSkips->setPoints(std::move(st), std::move(sv));
    for (PlotSeries* s : {m_truthReplay, m_truthSkips}) {
        s->setVisible(input.truth != nullptr);
        if (input.truth)
            s->plottable()->addToLegend();
        else
            s->plottable()->removeFromLegend();
    }
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    resetView();
    // The zero line stays in view: a window is never below it unless a failover skips.
    const QCPRange r = yAxis->range();
    yAxis->setRange(std::min(r.lower, 0.0), std::max(r.upper, 1.0));
    replot(rpQueuedReplot);
}

QString ReplayWindowPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    const QString at = formatValue(series.xs()[index], AxisKind::TimeMs);
    if ((&series == m_granularity || &series == m_staleness || &series == m_cadence) &&
        index < m_rows.size()) {
        const ReplayWindow& r = m_rows[index]->replay;
        return QString("%1: a failover replays %2 offsets = granularity %3 + checkpoint staleness %4 + "
                       "commit cadence %5")
            .arg(at, formatValue(r.window, AxisKind::Offset), formatValue(r.granularity, AxisKind::Offset),
                 formatValue(r.staleness, AxisKind::Offset), formatValue(r.cadence, AxisKind::Offset));
    }
    if (&series == m_skips)
        return at + ": a failover may SKIP records (the checkpoint lies past the committed offset's copy)";
    if (&series == m_truthSkips)
        return at + ": a failover would skip " + formatValue(-series.ys()[index], AxisKind::Offset) +
               " records";
    return ExplorerPlot::explainPoint(series, index);
}

} // namespace driftscope::widgets
