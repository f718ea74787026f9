#include "widgets/plots/verdict_strip_plot.h"

#include "model/analysis/verdict_spans.h"
#include "widgets/health_badge.h"

namespace driftscope::widgets {

VerdictStripPlot::VerdictStripPlot(QWidget* parent) : ExplorerPlot("Verdicts over time", parent)
{
    addTimeAxis(xAxis);
    xAxis->setLabel("time (UTC)");
    // The rows name themselves on the value axis: no legend. Taken out of the layout, not only
    // hidden: an empty legend's size hint held the whole plot to 150 px of its width.
    legend->setVisible(false);
    plotLayout()->take(legend);
    plotLayout()->simplify();
    yAxis->setSubTicks(false);
    yAxis->grid()->setVisible(false);
    setMinimumHeight(110);
}

void VerdictStripPlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    colourRows();
}

void VerdictStripPlot::colourRows()
{
    const Shade shade = theme().dark ? Shade::Dark : Shade::Light;
    for (size_t k = 0; k < m_rows.size() && k < series().size(); ++k)
        series()[k]->setColor(healthColor(healthOf({m_rows[k]}), shade), 7);
}

void VerdictStripPlot::display(const PartitionData& input)
{
    removeSeriesFrom(0);
    m_rows.clear();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    if (const PartitionSeries* p = input.partition()) {
        for (const VerdictSpans& held : verdictSpans(*p)) {
            const auto k = static_cast<int64_t>(m_rows.size());
            m_rows.push_back(held.verdict);
            const QString name = QString::fromUtf8(verdictName(held.verdict).data(),
                                                   static_cast<qsizetype>(verdictName(held.verdict).size()));
            ticker->addTick(static_cast<double>(k), name);
            std::vector<int64_t> xs, ys;
            for (const VerdictSpan& s : held.spans) {
                xs.insert(xs.end(), {s.fromMs, s.toMs});
                ys.insert(ys.end(), {k, k});
            }
            PlotSeries* row = addSeries(xAxis, yAxis, name, PlotSeries::Style::Segments, AxisKind::TimeMs,
                                        AxisKind::Offset);
            row->setPoints(std::move(xs), std::move(ys));
        }
    }
    if (m_rows.empty())
        ticker->addTick(0, "none held");
    yAxis->setTicker(ticker);
    colourRows();
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    const PartitionSeries* p = input.partition();
    m_fromMs = p && !p->atMs.empty() ? p->atMs.front() : 0;
    m_toMs = p && !p->atMs.empty() ? p->atMs.back() : 0;
    fitView();
    replotInTurn();
}

void VerdictStripPlot::resetView()
{
    ExplorerPlot::resetView();
    if (m_toMs > m_fromMs)
        xAxis->setRange(PlotSeries::coordinate(m_fromMs, AxisKind::TimeMs),
                        PlotSeries::coordinate(m_toMs, AxisKind::TimeMs));
    yAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(m_rows.size())) - 0.4);
}

QString VerdictStripPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    const size_t from = index - index % 2;
    if (from + 1 >= series.size())
        return {};
    const auto row = static_cast<size_t>(series.ys()[from]);
    const QString meaning =
        row < m_rows.size() ? QString::fromUtf8(verdictMeaning(m_rows[row]).data()) : QString();
    return series.name() + " held from " + timeText(series.xs()[from]) + " to " +
           timeText(series.xs()[from + 1]) + ": " + meaning;
}

} // namespace driftscope::widgets
