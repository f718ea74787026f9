// The window's headings as rich text: what the side panel and each page say they show.
#pragma once

#include "model/analysis/explorer_view.h"
#include "model/analysis/health_report.h"
#include "model/session/session.h"

#include <QString>

namespace driftscope::gui {

// The side panel's first lines: the flow, where it is read from, the release's rules and where
// MM2 keeps its offset syncs.
QString flowHeadingHtml(const SessionInfo& info, const Release& release, const QString& sourceDescription);

// A page's heading: the group and partition, the release and the moment of its report.
QString pageHeadingHtml(const Selection& selection, const Release& release, const Report& report);

// What every export of a page's plots says it shows, in plain text.
QString plotExportContext(const SessionInfo& info, const Selection& selection, const Release& release,
                          const Report& report, const QString& sourceDescription);

} // namespace driftscope::gui
