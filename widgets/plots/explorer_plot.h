// The common ground of driftscope's plots: a titled QCustomPlot whose series are PlotSeries
// (exact values), with hover texts, keyboard zoom and pan, a time cursor, themes, and exports
// (PNG, PDF, SVG, and CSV of the plotted values).
#pragma once

#include "widgets/plots/plot_series.h"
#include "widgets/plots/plot_theme.h"

#include "model/analysis/timeline_marks.h"

#include <map>
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

    // What the plot shows values of, in one line ("A->B · group analytics · clicks-0 · MM2 3.9.0
    // rules · at 2026-11-29T13:37:51.856Z · demo.capture"): exports carry it.
    void setExportContext(const QString& context) { m_exportContext = context; }
    const QString& exportContext() const { return m_exportContext; }
    // By the file's suffix: .png, .pdf or .svg, with the export context under the plot; a PDF
    // (for print) in the light theme. Returns what went wrong, or an empty string.
    QString exportImage(const QString& path, int width = 1400, int height = 800);
    // Every point of every series: a "# " line with the title and export context, then
    // "series,x,x_unit,y,y_unit" with exact values (times in ISO 8601 UTC, durations in ms).
    QString csv() const;

    // The session's records carry no times (MM2's console formatters print none): time axes show
    // no times and say so, and the CSV and hover texts give none (never 1970).
    void setTimesUnknown(bool unknown);

    // The time cursor on the plot's time axes (no effect on plots without one).
    virtual void setCursorTime(int64_t atMs);
    // Marks what happened (timeline_marks.h) on every time axis: a line for a moment, a band for
    // a span, their text on hover. Nothing is redrawn when they did not change.
    void setMarks(const std::vector<TimelineMark>& marks);
    const std::vector<TimelineMark>& marks() const { return m_marks; }
    // Fits every axis to the data.
    virtual void resetView();
    // Fits the axes after new data unless the user zoomed or panned since the last fit: a live
    // session's answers come every second and must not take the user's view away.
    void fitView();
    // The next fitView fits again (a new selection, Home, View > Fit all plots).
    void forgetUserView() { m_userView = false; }
    bool hasUserView() const { return m_userView; }
    // Marks the view as the user's (the page marks every plot whose time axis follows).
    void keepUserView() { m_userView = true; }
    // Redraws after new data, in a turn of the event loop of its own: the plots of a page
    // updated together would otherwise hold input and timers up for the sum of their replots.
    void replotInTurn();

    // Axes that show time (the explorer keeps them in step across plots).
    const std::vector<QCPAxis*>& timeAxes() const { return m_timeAxes; }

    // What the pointer is over, in words (also shown as a tool tip); empty over nothing.
    QString describeAt(const QPointF& pixel) const;

Q_SIGNALS:
    void hovered(const QString& description);
    // The user zoomed or panned this plot (wheel, drag or keys), or fitted it again (Home).
    void userMovedView();
    void userFittedView();

protected:
    PlotSeries* addSeries(QCPAxis* x, QCPAxis* y, const QString& name, PlotSeries::Style style,
                          AxisKind xKind, AxisKind yKind);
    // Removes the series added after the first `count` (plots whose series follow the data).
    void removeSeriesFrom(size_t count);
    // Text drawn over the data, in its forms from the longest to the shortest: before each
    // replot the longest that fits inside its axis rect is shown, none when none does (the
    // legend and hover texts still say it). An empty list removes the note's forms.
    void setNoteForms(QCPItemText* note, QStringList forms);
    // A time as hover texts give it: ISO 8601 UTC, or "an unknown time" (setTimesUnknown).
    QString timeText(int64_t ms) const;
    // Called for the series point under the pointer: plots add what it means.
    virtual QString explainPoint(const PlotSeries& series, size_t index) const;
    // Axes that show time: they get the date-time ticker and the cursor line.
    void addTimeAxis(QCPAxis* axis);
    static void useLogScale(QCPAxis* axis);
    // An axis title, and the shorter one shown when the plot is too small for it.
    void setAxisTitle(QCPAxis* axis, const QString& title, const QString& shortTitle);

    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void styleAxis(QCPAxis* axis);
    // Before each replot: as many ticks as fit each axis, titles in their short form where the
    // long one would be cut, and as many legend columns as the width holds.
    void fitTextToSize();
    void fitAxisText(QCPAxis* axis);
    bool tickLabelsApart(QCPAxis* axis) const; // with the ticker's present tick count
    void fitAxisTitle(QCPAxis* axis, bool horizontal);
    void fitLegend();
    void fitBookmarkLabels();
    void fitNotes();
    std::vector<QRect> layoutGeometry() const; // the plot's and its axis rects' rectangles
    void drawMarks();
    void drawBookmark(QCPAxis* timeAxis, const TimelineMark& mark); // a dashed line and its name
    void keepMarkItem(QCPAbstractItem* item, QCPAxis* timeAxis);
    // The texts of the marks under `pixel` on a time axis, one per line.
    QString marksAt(const QPointF& pixel) const;

    bool renderTo(const QString& path, const QString& suffix, int width, int height);

    QString m_titleText;
    QString m_exportContext;
    QCPTextElement* m_title;
    PlotTheme m_theme = PlotTheme::light();
    std::vector<std::unique_ptr<PlotSeries>> m_series;
    std::vector<QCPAxis*> m_timeAxes;
    std::vector<QCPItemStraightLine*> m_cursorLines;
    std::vector<TimelineMark> m_marks;
    std::map<QCPAxis*, std::pair<QString, QString>> m_axisTitles; // long and short
    std::vector<QCPAbstractItem*> m_markItems;
    std::vector<std::pair<QCPItemText*, QCPAxis*>> m_bookmarkLabels; // of m_markItems
    std::map<QCPItemText*, QStringList> m_noteForms;
    int64_t m_cursorMs = 0;
    bool m_timesUnknown = false;
    QString m_lastHover;
    bool m_userView = false;
    int m_refits = 0;                    // replots asked for in a row by fitting
    std::vector<QRect> m_fittedGeometry; // what the last fit saw
    int m_legendShortfall = 0;           // height the legend lacked beyond what fitLegend asked
};

} // namespace driftscope::widgets
