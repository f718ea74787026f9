// The common ground of driftscope's plots: a titled QCustomPlot whose series are PlotSeries
// (exact values), with hover texts, keyboard zoom and pan, a time cursor, themes, and exports
// (PNG, PDF, SVG, and CSV of the plotted values).
#pragma once

#include "widgets/plots/plot_series.h"
#include "widgets/plots/plot_theme.h"

#include "model/analysis/timeline_marks.h"

#include <memory>
#include <vector>

namespace driftscope::widgets {

class ExplorerPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit ExplorerPlot(const QString& title, QWidget* parent = nullptr);
    ~ExplorerPlot() override;

    const QString& title() const { return m_titleText; }
    const std::vector<std::unique_ptr<PlotSeries>>& series() const { return m_series; }
    const PlotSeries* seriesNamed(const QString& name) const;

    virtual void applyTheme(const PlotTheme& theme);
    const PlotTheme& theme() const { return m_theme; }

    // By the file's suffix: .png, .pdf or .svg. Returns what went wrong, or an empty string.
    QString exportImage(const QString& path, int width = 1400, int height = 800);
    // Every point of every series: "series,x,y" with exact integers (times in epoch ms).
    QString csv() const;

    // The time cursor on the plot's time axes (no effect on plots without one).
    virtual void setCursorTime(int64_t atMs);
    // Marks what happened (timeline_marks.h) on every time axis: a line for a moment, a band for
    // a span, their text on hover. Nothing is redrawn when they did not change.
    void setMarks(const std::vector<TimelineMark>& marks);
    const std::vector<TimelineMark>& marks() const { return m_marks; }
    // Fits every axis to the data.
    virtual void resetView();
    // Redraws after new data, in a turn of the event loop of its own: the plots of a page
    // updated together would otherwise hold input and timers up for the sum of their replots.
    void replotInTurn();

    // Axes that show time (the explorer keeps them in step across plots).
    const std::vector<QCPAxis*>& timeAxes() const { return m_timeAxes; }

    // What the pointer is over, in words (also shown as a tool tip); empty over nothing.
    QString describeAt(const QPointF& pixel) const;

Q_SIGNALS:
    void hovered(const QString& description);

protected:
    PlotSeries* addSeries(QCPAxis* x, QCPAxis* y, const QString& name, PlotSeries::Style style,
                          AxisKind xKind, AxisKind yKind);
    // Removes the series added after the first `count` (plots whose series follow the data).
    void removeSeriesFrom(size_t count);
    // Called for the series point under the pointer: plots add what it means.
    virtual QString explainPoint(const PlotSeries& series, size_t index) const;
    // Axes that show time: they get the date-time ticker and the cursor line.
    void addTimeAxis(QCPAxis* axis);
    static void useLogScale(QCPAxis* axis);

    void keyPressEvent(QKeyEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void styleAxis(QCPAxis* axis);
    void drawMarks();
    // The texts of the marks under `pixel` on a time axis, one per line.
    QString marksAt(const QPointF& pixel) const;

    QString m_titleText;
    QCPTextElement* m_title;
    PlotTheme m_theme = PlotTheme::light();
    std::vector<std::unique_ptr<PlotSeries>> m_series;
    std::vector<QCPAxis*> m_timeAxes;
    std::vector<QCPItemStraightLine*> m_cursorLines;
    std::vector<TimelineMark> m_marks;
    std::vector<QCPAbstractItem*> m_markItems;
    int64_t m_cursorMs = 0;
    QString m_lastHover;
};

} // namespace driftscope::widgets
