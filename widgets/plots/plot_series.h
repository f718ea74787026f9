// One plotted series: the exact int64 values it shows, and the QCustomPlot object that draws
// them. Drawing needs doubles (offsets beyond 2^53 lose precision on screen); hover texts and
// CSV exports read the int64 values kept here, never the drawn ones.
#pragma once

#include <qcustomplot.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace driftscope::widgets {

enum class AxisKind {
    Offset,     // plain integers
    TimeMs,     // milliseconds since the epoch, drawn as seconds on a date-time axis
    DurationMs, // milliseconds, drawn as seconds
    LogDistance // 1 + a distance, on a log axis
};

class PlotSeries {
public:
    enum class Style { Line, Step, Dots, Bars, Segments };

    PlotSeries(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const QString& name, Style style, AxisKind xKind,
               AxisKind yKind);

    const QString& name() const { return m_name; }
    Style style() const { return m_style; }
    QCPAbstractPlottable* plottable() const { return m_plottable; }
    QCPGraph* graph() const { return qobject_cast<QCPGraph*>(m_plottable); }
    QCPBars* bars() const { return qobject_cast<QCPBars*>(m_plottable); }
    QCPCurve* curve() const { return qobject_cast<QCPCurve*>(m_plottable); }

    // Points in x order (Segments: pairs (x0, y) (x1, y), one pair per segment). A point whose
    // `gaps` entry is set has no value: the line breaks there, hover skips it, CSV leaves it empty.
    void setPoints(std::vector<int64_t> xs, std::vector<int64_t> ys, std::vector<bool> gaps = {});
    void clear() { setPoints({}, {}); }
    const std::vector<int64_t>& xs() const { return m_xs; }
    const std::vector<int64_t>& ys() const { return m_ys; }
    bool isGap(size_t i) const { return i < m_gaps.size() && m_gaps[i]; }
    size_t size() const { return m_xs.size(); }

    // The drawing coordinate of a value on an axis of this kind.
    static double coordinate(int64_t value, AxisKind kind);
    AxisKind xKind() const { return m_xKind; }
    AxisKind yKind() const { return m_yKind; }

    // The point nearest to a pixel, within `radius` pixels, and its distance.
    std::optional<std::pair<size_t, double>> nearest(const QPointF& pixel, double radius) const;

    void setColor(const QColor& color, double width = 1.6);
    void setVisible(bool visible);
    bool visible() const { return m_plottable->visible(); }

private:
    // The drawing coordinates of the points from index `first` on (NaN at gaps and, for
    // segments, between them).
    void coordinatesFrom(size_t first, QVector<double>& keys, QVector<double>& values) const;
    double valueAt(size_t i) const; // NaN at a gap

    QString m_name;
    Style m_style;
    AxisKind m_xKind, m_yKind;
    QCPAbstractPlottable* m_plottable;
    std::vector<int64_t> m_xs, m_ys;
    std::vector<bool> m_gaps;
};

// "12,345" / "2026-11-29 13:37:51.856" / "4.2 s" for hover texts.
QString formatValue(int64_t value, AxisKind kind);

} // namespace driftscope::widgets
