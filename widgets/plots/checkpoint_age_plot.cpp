#include "widgets/plots/checkpoint_age_plot.h"

#include "model/records/records.h"

#include <map>

namespace driftscope::widgets {

CheckpointAgePlot::CheckpointAgePlot(QWidget* parent) : ExplorerPlot("Checkpoint ages", parent)
{
    const auto T = AxisKind::TimeMs, D = AxisKind::DurationMs;
    m_interval = addSeries(xAxis, yAxis, "emit interval", PlotSeries::Style::Line, T, D);
    m_stale = addSeries(xAxis, yAxis, "stale limit", PlotSeries::Style::Line, T, D);
    m_heartbeat = addSeries(xAxis, yAxis, "heartbeat age", PlotSeries::Style::Line, T, D);
    m_fixedSeries = series().size();
    addTimeAxis(xAxis);
    xAxis->setLabel("time (UTC)");
    yAxis->setLabel("age (s)");
    applyTheme(theme());
}

void CheckpointAgePlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    if (m_fixedSeries == 0)
        return;
    m_interval->graph()->setPen(QPen(t.foreground, 1, Qt::DashLine));
    m_stale->graph()->setPen(QPen(t.skip, 1, Qt::DotLine));
    m_heartbeat->graph()->setPen(QPen(t.faint.darker(t.dark ? 70 : 130), 1));
}

void CheckpointAgePlot::removePartitionSeries()
{
    // Series of the previous group's partitions go; the fixed ones stay.
    removeSeriesFrom(m_fixedSeries);
}

namespace {

// The moments a partition's checkpoint has an age (none where the records carry no times).
std::pair<std::vector<int64_t>, std::vector<int64_t>> agesOf(const PartitionSeries& p)
{
    std::vector<int64_t> t, v;
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].checkpoint && p.rows[i].checkpoint->ageMs) {
            t.push_back(p.atMs[i]);
            v.push_back(*p.rows[i].checkpoint->ageMs);
        }
    return {std::move(t), std::move(v)};
}

} // namespace

void CheckpointAgePlot::showPartitionAges(const GroupSeries& g, const std::optional<TopicPartition>& selected)
{
    // A line and a colour of its own per partition while the colours last; beyond, the selected
    // partition and one line for the oldest checkpoint of all the others, which its name says.
    const bool each = g.partitions.size() <= static_cast<size_t>(theme().series.size());
    std::map<int64_t, int64_t> oldest; // of the partitions not selected, by moment
    size_t others = 0;
    int index = 0;
    for (const PartitionSeries& p : g.partitions) {
        auto [t, v] = agesOf(p);
        const bool chosen = selected == p.upstream;
        if (!each && !chosen) {
            ++others;
            for (size_t i = 0; i < t.size(); ++i)
                oldest[t[i]] = std::max(oldest[t[i]], v[i]);
            continue;
        }
        // Thin pens only: ages saw-tooth, and wide pens over dense teeth take seconds to draw.
        // The selected partition stands out by colour, the others are faded.
        QColor color = theme().seriesColor(index++);
        if (!chosen)
            color.setAlpha(90);
        addAgeSeries("age: " + QString::fromStdString(toString(p.upstream)), color)
            ->setPoints(std::move(t), std::move(v));
    }
    if (others == 0)
        return;
    std::vector<int64_t> t, v;
    for (const auto& [at, age] : oldest) {
        t.push_back(at);
        v.push_back(age);
    }
    QColor color = theme().seriesColor(index);
    color.setAlpha(160);
    // Only the partitions the page shows (kMaxSeriesPartitions), and only where they have a
    // checkpoint: the name says which.
    addAgeSeries(
        QString(selected ? "age: oldest of %1 other partitions shown" : "age: oldest of %1 partitions shown")
            .arg(others),
        color)
        ->setPoints(std::move(t), std::move(v));
}

PlotSeries* CheckpointAgePlot::addAgeSeries(const QString& name, const QColor& color)
{
    PlotSeries* s =
        addSeries(xAxis, yAxis, name, PlotSeries::Style::Line, AxisKind::TimeMs, AxisKind::DurationMs);
    s->setColor(color, 1.0);
    return s;
}

void CheckpointAgePlot::display(const PartitionData& input)
{
    removePartitionSeries();
    std::vector<int64_t> ht, hv;
    int64_t from = 0, to = 0;
    if (input.series) {
        const GroupSeries& g = input.series->series;
        if (!g.atMs.empty()) {
            from = g.atMs.front();
            to = g.atMs.back();
        }
        for (size_t i = 0; i < g.atMs.size(); ++i)
            if (g.heartbeatAgeMs[i]) {
                ht.push_back(g.atMs[i]);
                hv.push_back(*g.heartbeatAgeMs[i]);
            }
        showPartitionAges(g, input.series->selection.partition);
    }
    m_heartbeat->setPoints(std::move(ht), std::move(hv));
    m_interval->setPoints({from, to}, {input.emitIntervalMs, input.emitIntervalMs});
    m_stale->setPoints({from, to}, {input.staleAfterMs, input.staleAfterMs});
    if (input.cursor)
        setCursorTime(input.cursor->atMs);
    fitView();
    if (!hasUserView())
        yAxis->setRangeLower(0);
    replotInTurn();
}

} // namespace driftscope::widgets
