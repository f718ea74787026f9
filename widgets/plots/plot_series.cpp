#include "widgets/plots/plot_series.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <cmath>

namespace driftscope::widgets {

PlotSeries::PlotSeries(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const QString& name, Style style,
                       AxisKind xKind, AxisKind yKind)
    : m_name(name), m_style(style), m_xKind(xKind), m_yKind(yKind)
{
    if (style == Style::Bars) {
        auto* bars = new QCPBars(x, y);
        bars->setWidth(0.8);
        m_plottable = bars;
    } else if (style == Style::Segments) {
        // Segments overlap in x, so they are a parametric curve (drawn in data order) with NaN
        // points between them, not a graph (which sorts by x).
        m_plottable = new QCPCurve(x, y);
    } else {
        QCPGraph* graph = plot->addGraph(x, y);
        // Keep QCustomPlot's adaptive sampling on: a million points draw in milliseconds.
        graph->setAdaptiveSampling(true);
        if (style == Style::Step)
            graph->setLineStyle(QCPGraph::lsStepLeft);
        if (style == Style::Dots) {
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
        }
        m_plottable = graph;
    }
    m_plottable->setName(name);
}

double PlotSeries::coordinate(int64_t value, AxisKind kind)
{
    switch (kind) {
    case AxisKind::TimeMs:
    case AxisKind::DurationMs:
        return static_cast<double>(value) / 1000.0;
    case AxisKind::LogDistance:
        return static_cast<double>(value) + 1.0;
    case AxisKind::Offset:
        break;
    }
    return static_cast<double>(value);
}

void PlotSeries::setPoints(std::vector<int64_t> xs, std::vector<int64_t> ys, std::vector<bool> gaps)
{
    // A live session's answers come every second and mostly repeat what the series holds, or add
    // to its end: then QCustomPlot gets nothing, or the new points alone.
    if (xs == m_xs && ys == m_ys && gaps == m_gaps)
        return;
    const size_t kept = m_xs.size();
    const bool appends = m_style != Style::Segments && !bars() && kept > 0 && xs.size() > kept &&
                         ys.size() == xs.size() && m_ys.size() == kept && gaps.size() >= m_gaps.size() &&
                         xs[kept] > m_xs.back() && // equal keys would be ordered otherwise than by setData
                         std::equal(m_xs.begin(), m_xs.end(), xs.begin()) &&
                         std::equal(m_ys.begin(), m_ys.end(), ys.begin()) &&
                         std::equal(m_gaps.begin(), m_gaps.end(), gaps.begin());
    m_xs = std::move(xs);
    m_ys = std::move(ys);
    m_gaps = std::move(gaps);
    QVector<double> keys, values;
    coordinatesFrom(appends ? kept : 0, keys, values);
    if (appends)
        graph()->addData(keys, values, m_style != Style::Dots);
    else if (QCPBars* b = bars())
        b->setData(keys, values, true);
    else if (QCPCurve* c = curve())
        c->setData(keys, values);
    else
        graph()->setData(keys, values, m_style != Style::Dots);
}

void PlotSeries::coordinatesFrom(size_t first, QVector<double>& keys, QVector<double>& values) const
{
    const size_t count = std::min(m_xs.size(), m_ys.size());
    keys.reserve(static_cast<qsizetype>(
        (count - std::min(first, count)) * (m_style == Style::Segments ? 3 : 1) / 2 + 1));
    values.reserve(keys.capacity());
    for (size_t i = first; i < count; ++i) {
        keys.push_back(coordinate(m_xs[i], m_xKind));
        // A NaN value has no pixel: QCustomPlot breaks the line there, and nearest() never
        // finds it (its distance is NaN).
        values.push_back(isGap(i) ? std::nan("") : coordinate(m_ys[i], m_yKind));
        if (m_style == Style::Segments && i % 2 == 1) {
            // A NaN value breaks the line between two segments.
            keys.push_back(keys.back());
            values.push_back(std::nan(""));
        }
    }
}

double PlotSeries::valueAt(size_t i) const
{
    return isGap(i) ? std::nan("") : coordinate(m_ys[i], m_yKind);
}

std::optional<std::pair<size_t, double>> PlotSeries::nearest(const QPointF& pixel, double radius) const
{
    if (!m_plottable->visible() || m_xs.empty())
        return std::nullopt;
    QCPAxis* x = m_plottable->keyAxis();
    QCPAxis* y = m_plottable->valueAxis();
    if (!x->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    std::optional<std::pair<size_t, double>> best;
    const auto consider = [&](size_t i, double px, double py) {
        const double d = std::hypot(px - pixel.x(), py - pixel.y());
        if (d <= radius && (!best || d < best->second))
            best = std::pair{i, d};
    };
    // Look only near the pixel's key: binary search in the x values (sorted except Dots and
    // Segments, which are scanned).
    if (m_style == Style::Segments) {
        for (size_t i = 0; i + 1 < m_xs.size(); i += 2) {
            const double p0 = x->coordToPixel(coordinate(m_xs[i], m_xKind));
            const double p1 = x->coordToPixel(coordinate(m_xs[i + 1], m_xKind));
            const double lo = std::min(p0, p1), hi = std::max(p0, p1);
            if (pixel.x() < lo - radius || pixel.x() > hi + radius)
                continue;
            consider(i, std::clamp(pixel.x(), lo, hi), y->coordToPixel(valueAt(i)));
        }
        return best;
    }
    if (m_style == Style::Dots) {
        for (size_t i = 0; i < m_xs.size(); ++i)
            consider(i, x->coordToPixel(coordinate(m_xs[i], m_xKind)), y->coordToPixel(valueAt(i)));
        return best;
    }
    const double key = x->pixelToCoord(pixel.x());
    auto it = std::lower_bound(m_xs.begin(), m_xs.end(), key,
                               [&](int64_t v, double k) { return coordinate(v, m_xKind) < k; });
    const auto center = static_cast<size_t>(it - m_xs.begin());
    const size_t from = center > 64 ? center - 64 : 0;
    for (size_t i = from; i < std::min(m_xs.size(), center + 64); ++i)
        consider(i, x->coordToPixel(coordinate(m_xs[i], m_xKind)), y->coordToPixel(valueAt(i)));
    if (m_style == Style::Step && !best && center > 0) {
        // A step holds its value until the next point: hovering over the flat part counts.
        const size_t i = center - 1;
        consider(i, pixel.x(), y->coordToPixel(valueAt(i)));
    }
    return best;
}

void PlotSeries::setColor(const QColor& color, double width)
{
    if (QCPBars* b = bars()) {
        b->setPen(Qt::NoPen);
        b->setBrush(color);
        return;
    }
    m_plottable->setPen(QPen(color, width));
    if (m_style == Style::Dots)
        graph()->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 5));
}

void PlotSeries::setVisible(bool visible)
{
    m_plottable->setVisible(visible);
}

QString formatValue(int64_t value, AxisKind kind)
{
    switch (kind) {
    case AxisKind::TimeMs:
        return QString::fromStdString(formatUtcMs(value));
    case AxisKind::DurationMs:
        return QString::fromStdString(formatDurationMs(value));
    case AxisKind::LogDistance:
    case AxisKind::Offset:
        break;
    }
    return QString::fromStdString(withThousands(value));
}

} // namespace driftscope::widgets
