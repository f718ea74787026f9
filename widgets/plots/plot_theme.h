// The colours of the plots, light or dark, matching the application palette.
#pragma once

#include "widgets/health_colors.h"

#include <QColor>
#include <QVector>

namespace driftscope::widgets {

struct PlotTheme {
    bool dark = false;
    QColor background, foreground, grid, subGrid, faint, cursor, band;
    QColor skip, warning;   // the health colours of skip possible and checkpoint stale
    QColor event, trouble;  // marks: what MM2 or a scenario did, and what went wrong for the reader
    QColor bookmark;        // the moments a reviewer named
    QVector<QColor> series; // distinct colours for series, in order

    QColor seriesColor(int i) const { return series[i % series.size()]; }

    static PlotTheme light()
    {
        PlotTheme t;
        t.background = Qt::white;
        t.foreground = QColor(40, 40, 40);
        t.grid = QColor(210, 210, 210);
        t.subGrid = QColor(235, 235, 235);
        t.faint = QColor(160, 160, 160, 110);
        t.cursor = QColor(0, 0, 0, 170);
        t.band = QColor(245, 121, 0, 60);
        t.skip = healthColor(Health::SkipPossible, Shade::Light);
        t.warning = healthColor(Health::CheckpointStale, Shade::Light);
        t.event = QColor(186, 0, 150);
        t.trouble = QColor(204, 0, 0);
        t.bookmark = QColor(0, 118, 118);
        t.series = {QColor(32, 74, 135),  QColor(78, 154, 6),   QColor(245, 121, 0), QColor(117, 80, 123),
                    QColor(193, 125, 17), QColor(52, 101, 164), QColor(143, 89, 2),  QColor(92, 53, 102)};
        return t;
    }

    static PlotTheme darkTheme()
    {
        PlotTheme t;
        t.dark = true;
        t.background = QColor(32, 34, 37);
        t.foreground = QColor(220, 220, 220);
        t.grid = QColor(70, 72, 76);
        t.subGrid = QColor(50, 52, 56);
        t.faint = QColor(150, 150, 150, 90);
        t.cursor = QColor(255, 255, 255, 180);
        t.band = QColor(252, 175, 62, 70);
        t.skip = healthColor(Health::SkipPossible, Shade::Dark);
        t.warning = healthColor(Health::CheckpointStale, Shade::Dark);
        t.event = QColor(255, 125, 230);
        t.trouble = QColor(255, 95, 95);
        t.bookmark = QColor(64, 210, 200);
        t.series = {QColor(114, 159, 207), QColor(138, 226, 52), QColor(252, 175, 62), QColor(173, 127, 168),
                    QColor(233, 185, 110), QColor(52, 170, 220), QColor(200, 160, 80), QColor(200, 140, 200)};
        return t;
    }
};

} // namespace driftscope::widgets
