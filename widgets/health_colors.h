// The colours of health on light and dark backgrounds: the one place the badges, the report
// table, the drill, the plots (PlotTheme) and the status bar take them from. Tango's darker
// shades on light backgrounds, its lighter ones on dark.
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace driftscope::widgets {

// Worst last. Over the replay budget is the mildest: MM2 works, the replay is only longer than
// the consumers were made idempotent for. Syncs at risk come next: nothing is wrong until MM2
// restarts. Records lost are the worst: a log that went back, or records the source deleted
// before MM2 replicated them.
enum class Health {
    Ok,
    OverReplayBudget,
    SyncsAtRisk,
    CheckpointStale,
    GroupSyncBlocked,
    NotTranslatable,
    NoSyncs,
    SkipPossible,
    RecordsLost
};

enum class Shade { Light, Dark };

inline QColor healthColor(Health h, Shade shade)
{
    const bool dark = shade == Shade::Dark;
    switch (h) {
    case Health::Ok:
        return dark ? QColor(138, 226, 52) : QColor(78, 154, 6);
    case Health::OverReplayBudget:
        return dark ? QColor(114, 159, 207) : QColor(32, 74, 135);
    case Health::SyncsAtRisk: // outside Tango: a teal between the budget's blue and OK's green
        return dark ? QColor(52, 226, 226) : QColor(6, 128, 130);
    case Health::CheckpointStale:
        return dark ? QColor(237, 212, 0) : QColor(196, 160, 0);
    case Health::GroupSyncBlocked: // Tango's chocolate
        return dark ? QColor(233, 185, 110) : QColor(143, 89, 2);
    case Health::NotTranslatable:
        return dark ? QColor(252, 175, 62) : QColor(206, 92, 0);
    case Health::NoSyncs:
        return dark ? QColor(173, 127, 168) : QColor(117, 80, 123);
    case Health::SkipPossible:
        return dark ? QColor(255, 85, 85) : QColor(204, 0, 0);
    case Health::RecordsLost: // outside Tango: a magenta that no other health comes near
        return dark ? QColor(255, 121, 198) : QColor(166, 0, 114);
    }
    return {};
}

// The colour of an error message: the theme's red (that of a possible skip).
inline QColor errorColor(Shade shade)
{
    return healthColor(Health::SkipPossible, shade);
}

// The shade of the application's palette, which the window's theme sets (app/gui/theme.cpp): views
// that draw health colours follow a change of theme without being told.
inline Shade paletteShade()
{
    return QGuiApplication::palette().color(QPalette::Window).lightness() < 128 ? Shade::Dark : Shade::Light;
}

inline QColor healthColor(Health h)
{
    return healthColor(h, paletteShade());
}

// What a badge of a report that is not current shows instead of its health colour.
inline QColor notCurrentColor()
{
    return QColor(128, 128, 128);
}

} // namespace driftscope::widgets
