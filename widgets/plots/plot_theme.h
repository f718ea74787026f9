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
        // Tableau 10 without its red and pink (the trouble and event marks'): blue, orange, green,
        // purple, brown, grey, olive, cyan, each at least 20 CIE76 units from every other.
        t.series = {QColor(31, 119, 180), QColor(255, 127, 14),  QColor(44, 160, 44),  QColor(148, 103, 189),
                    QColor(140, 86, 75),  QColor(127, 127, 127), QColor(188, 189, 34), QColor(23, 190, 207)};
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
        // The light theme's hues, lightened for a dark background.
        t.series = {QColor(95, 162, 221),  QColor(255, 166, 77),  QColor(92, 214, 92),  QColor(185, 154, 224),
                    QColor(196, 154, 132), QColor(176, 176, 176), QColor(222, 222, 90), QColor(79, 216, 230)};
        return t;
    }
};

} // namespace driftscope::widgets
