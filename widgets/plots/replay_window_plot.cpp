#include "widgets/plots/replay_window_plot.h"

#include "model/analysis/explorer_view.h"
#include "model/util/java_long.h"

#include <QPainter>
#include <QPixmap>

namespace driftscope::widgets {

namespace {

// A ring 6 px across, drawn once: QCustomPlot still draws a mark for most unknown moments when
// they are dense, and a million of them as pixmaps took 145 ms where ellipses took 600.
QPixmap circleMark(const QColor& color)
{
    QPixmap mark(9, 9);
    mark.fill(Qt::transparent);
    QPainter painter(&mark);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(color, 1));
    painter.drawEllipse(QPointF(4.5, 4.5), 3, 3);
    return mark;
}

} // namespace

ReplayWindowPlot::ReplayWindowPlot(QWidget* parent) : ExplorerPlot("Replay window of a failover", parent)
{
    const auto T = AxisKind::TimeMs, O = AxisKind::Offset;
    // Stacked areas, each filled down to zero and drawn over the one above it (the window first,
    // granularity last): simple polygons, which stay fast with a million points.
    m_cadence = addSeries(xAxis, yAxis, "+ cadence", PlotSeries::Style::Step, T, O);
    m_staleness = addSeries(xAxis, yAxis, "+ staleness", PlotSeries::Style::Step, T, O);
    m_groupSync = addSeries(xAxis, yAxis, "+ group-offset sync", PlotSeries::Style::Step, T, O);
    m_granularity = addSeries(xAxis, yAxis, "granularity", PlotSeries::Style::Step, T, O);
    m_skips = addSeries(xAxis, yAxis, "skip possible", PlotSeries::Style::Dots, T, O);
    m_unknown = addSeries(xAxis, yAxis, "replay unknown", PlotSeries::Style::Dots, T, O);
    m_truthReplay = addSeries(xAxis, yAxis, "replayed (truth)", PlotSeries::Style::Line, T, O);
    m_truthSkips = addSeries(xAxis, yAxis, "skipped (truth)", PlotSeries::Style::Dots, T, O);
    // Says, over the marks, that they are not zeros.
    m_unknownNote = new QCPItemText(this);
    m_unknownNote->setClipAxisRect(axisRect());
    m_unknownNote->position->setAxisRect(axisRect());
    m_unknownNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_unknownNote->position->setCoords(0.5, 0.25);
    m_unknownNote->setTextAlignment(Qt::AlignCenter);
    m_unknownNote->setVisible(false);
    m_budgetMark = new QCPItemStraightLine(this);
    m_budgetMark->setClipAxisRect(axisRect());
    m_budgetMark->setVisible(false);
    m_budgetLabel = new QCPItemText(this);
    m_budgetLabel->setClipAxisRect(axisRect());
    m_budgetLabel->position->setAxes(xAxis, yAxis);
    m_budgetLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_budgetLabel->setVisible(false);
    addTimeAxis(xAxis);
    xAxis->setLabel("time (UTC)");
    setAxisTitle(yAxis, "upstream offsets replayed", "replayed");
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &ReplayWindowPlot::chooseAreaStyle);
    applyTheme(theme());
}

void ReplayWindowPlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    const QColor colors[] = {t.seriesColor(0), t.seriesColor(4), t.seriesColor(2), t.seriesColor(3)};
    PlotSeries* parts[] = {m_granularity, m_groupSync, m_staleness, m_cadence};
    for (int i = 0; i < 4; ++i) {
        parts[i]->setColor(colors[i], 1.0);
    }
    chooseAreaStyle();
    m_unknown->setColor(t.faint);
    m_unknownNote->setColor(t.foreground);
    m_budgetMark->setPen(QPen(t.skip, 1.5, Qt::DashLine));
    m_budgetLabel->setColor(t.skip);
    m_budgetLabel->setBrush(QBrush(t.background)); // readable over the areas
    m_budgetLabel->setPadding(QMargins(3, 1, 3, 1));
    m_unknown->graph()->setScatterStyle(QCPScatterStyle(circleMark(t.foreground)));
    m_skips->setColor(t.skip);
    m_skips->graph()->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, t.skip, 9));
    m_truthReplay->setColor(t.foreground, 1.0);
    m_truthSkips->setColor(t.skip);
    m_truthSkips->graph()->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, t.skip, t.skip, 9));
}

// What the simulator's truth says a failover would replay and skip (no truth: hidden).
void ReplayWindowPlot::showTruth(const std::vector<sim::TruthPoint>* truth)
{
    std::vector<int64_t> rt, rv, st, sv;
    if (truth)
        for (const sim::TruthPoint& p : *truth) {
            rt.push_back(p.atMs);
            rv.push_back(p.replayRecords);
            if (p.skippedRecords > 0) {
                st.push_back(p.atMs);
                sv.push_back(-p.skippedRecords);
            }
        }
    m_truthReplay->setPoints(std::move(rt), std::move(rv));
    m_truthSkips->setPoints(std::move(st), std::move(sv));
    for (PlotSeries* s : {m_truthReplay, m_truthSkips}) {
        s->setVisible(truth != nullptr);
        if (truth)
            s->plottable()->addToLegend();
        else
            s->plottable()->removeFromLegend();
    }
}

// How many of the moments with a failover position have no known replay.
void ReplayWindowPlot::showUnknownNote(size_t unknown, size_t moments)
{
    m_unknownNote->setVisible(unknown != 0);
    if (unknown == moments)
        setNoteForms(m_unknownNote, {"replay unknown at every moment (hover a mark for why): not zero",
                                     "replay unknown at every moment: not zero", "replay unknown"});
    else
        setNoteForms(
            m_unknownNote,
            {QString("replay unknown at %1 of %2 moments (hover a mark for why)").arg(unknown).arg(moments),
             QString("replay unknown at %1 of %2 moments").arg(unknown).arg(moments), "replay unknown"});
}

void ReplayWindowPlot::display(const PartitionData& input)
{
    std::vector<int64_t> t, g, gy, gys, gysc, kt, kv, ut;
    std::vector<bool> gap;
    size_t moments = 0; // with a failover position
    m_rows.clear();
    m_unknownRows.clear();
    if (const PartitionSeries* p = input.partition()) {
        for (size_t i = 0; i < p->rows.size(); ++i) {
            const PartitionReport& r = p->rows[i];
            const bool skipPossible =
                std::find(r.verdicts.begin(), r.verdicts.end(), Verdict::SkipPossible) != r.verdicts.end();
            if (skipPossible || r.replay.skips()) {
                kt.push_back(p->atMs[i]);
                kv.push_back(r.replay.available ? -r.replay.skip : 0);
            }
            if (!r.replay.available)
                continue;
            ++moments;
            // Where the outcome is not known the areas break, and a mark on the axis says why.
            if (!r.replay.known) {
                ut.push_back(p->atMs[i]);
                m_unknownRows.push_back(&r);
                // One gap breaks the areas: the rest of a run of unknown moments adds nothing
                // to them (a million of them took 600 ms to draw).
                if (!gap.empty() && gap.back())
                    continue;
            }
            t.push_back(p->atMs[i]);
            gap.push_back(!r.replay.known);
            // Stacked: each series holds the running sum (drawing); the parts stay in the rows.
            // Overshoot and rewind, which subtract, show in the tooltip and the skip marks.
            g.push_back(r.replay.granularity);
            gy.push_back(javalong::add(g.back(), r.replay.groupSync));
            gys.push_back(javalong::add(gy.back(), r.replay.staleness));
            gysc.push_back(javalong::add(gys.back(), r.replay.cadence));
            m_rows.push_back(&r);
        }
    }
    m_granularity->setPoints(t, std::move(g), gap);
    m_groupSync->setPoints(t, std::move(gy), gap);
    m_staleness->setPoints(t, std::move(gys), gap);
    m_cadence->setPoints(std::move(t), std::move(gysc), std::move(gap));
    m_skips->setPoints(std::move(kt), std::move(kv));
    showUnknownNote(ut.size(), moments);
    std::vector<int64_t> zeros(ut.size(), 0);
    m_unknown->setPoints(std::move(ut), std::move(zeros));
    showTruth(input.truth);
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    fitView();
    // The zero line stays in view (a window is never below it unless a failover skips), unless
    // the user chose the view.
    if (!hasUserView()) {
        const QCPRange r = yAxis->range();
        yAxis->setRange(std::min(r.lower, 0.0), std::max(r.upper, 1.0));
    }
    placeBudgetLine();
    chooseAreaStyle();
    replotInTurn();
}

void ReplayWindowPlot::setBudgetLine(std::optional<int64_t> offsets)
{
    m_budget = offsets;
    placeBudgetLine();
    replotInTurn();
}

void ReplayWindowPlot::placeBudgetLine()
{
    m_budgetMark->setVisible(m_budget.has_value());
    m_budgetLabel->setVisible(m_budget.has_value());
    if (!m_budget)
        return;
    const auto y = static_cast<double>(*m_budget);
    m_budgetMark->point1->setCoords(xAxis->range().lower, y);
    m_budgetMark->point2->setCoords(xAxis->range().upper, y);
    m_budgetLabel->position->setCoords(xAxis->range().upper, y);
    m_budgetLabel->setText("replay budget " + formatValue(*m_budget, AxisKind::Offset) + " ");
    // The line stays in view: what is under it is what the budget allows.
    const QCPRange r = yAxis->range();
    if (r.upper < y * 1.1)
        yAxis->setRange(r.lower, y * 1.1);
}

void ReplayWindowPlot::chooseAreaStyle()
{
    // Filling a polygon through hundreds of thousands of saw teeth takes Qt seconds. Where there
    // are more points than pixels the areas are drawn as one vertical line per point instead
    // (QCustomPlot samples them down to a few per pixel column), which looks the same; zoomed
    // in, they are steps with a fill.
    const PlotTheme& t = theme();
    const QCPRange range = xAxis->range();
    const auto& xs = m_cadence->xs();
    const auto lo = std::lower_bound(xs.begin(), xs.end(), range.lower, [](int64_t v, double k) {
        return PlotSeries::coordinate(v, AxisKind::TimeMs) < k;
    });
    const auto hi = std::upper_bound(lo, xs.end(), range.upper, [](double k, int64_t v) {
        return k < PlotSeries::coordinate(v, AxisKind::TimeMs);
    });
    const bool dense = hi - lo > 3 * std::max(200, axisRect()->width());
    const QColor colors[] = {t.seriesColor(0), t.seriesColor(4), t.seriesColor(2), t.seriesColor(3)};
    PlotSeries* parts[] = {m_granularity, m_groupSync, m_staleness, m_cadence};
    for (int i = 0; i < 4; ++i) {
        // Opaque: the areas overlap, and each must hide the one beneath.
        const QColor area = t.dark ? colors[i].darker(160) : colors[i].lighter(150);
        QCPGraph* g = parts[i]->graph();
        g->setLineStyle(dense ? QCPGraph::lsImpulse : QCPGraph::lsStepLeft);
        g->setPen(QPen(dense ? area : colors[i], 1.0));
        g->setBrush(dense ? Qt::NoBrush : QBrush(area));
    }
}

QString ReplayWindowPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    const QString at = timeText(series.xs()[index]);
    if ((&series == m_granularity || &series == m_groupSync || &series == m_staleness ||
         &series == m_cadence) &&
        index < m_rows.size())
        return at + ": " + QString::fromStdString(explainOutcome(*m_rows[index]));
    if (&series == m_unknown && index < m_unknownRows.size())
        return at + ": " + QString::fromStdString(explainOutcome(*m_unknownRows[index]));
    if (&series == m_skips)
        return at + ": a failover may SKIP records (the checkpoint lies past the committed offset's copy)";
    if (&series == m_truthSkips)
        return at + ": a failover would skip " + formatValue(-series.ys()[index], AxisKind::Offset) +
               " records";
    return ExplorerPlot::explainPoint(series, index);
}

} // namespace driftscope::widgets
