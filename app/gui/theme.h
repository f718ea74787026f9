// Light and dark looks for the whole application, plots included.
#pragma once

#include "widgets/plots/plot_theme.h"

#include <QString>

namespace driftscope::gui {

enum class Theme { Light, Dark };

// Sets the application palette (Fusion style) and returns the plots' colours for it.
widgets::PlotTheme applyTheme(Theme theme);
QString themeName(Theme theme); // "light" / "dark"
Theme themeFromName(const QString& name);

} // namespace driftscope::gui
