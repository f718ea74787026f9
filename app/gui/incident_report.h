// One incident report of what the window shows at the time cursor, for a post-incident review:
// the session's facts, the notes and warnings of the report, what happened on the time axis, the
// details in words, every plot of the page (each naming what it shows) and the selected group's
// rows with their verdicts, as one self-contained HTML file (images embedded) or one PDF.
#pragma once

#include "app/gui/analysis_service.h"

#include <QString>

namespace driftscope::widgets {
class PartitionPage;
}

namespace driftscope::gui {

// Writes the report of `result` as `page` shows it to `path`, HTML or PDF by its suffix, whole or
// not at all (an existing file stays as it was on failure). `source` names where the session
// came from; `bookmarks` are listed, the one at the cursor named so, and damaged rows said.
// Returns what went wrong, or an empty string.
QString writeIncidentReport(const QString& path, const AnalysisResult& result,
                            const widgets::PartitionPage& page, const QString& source,
                            const BookmarkRows& bookmarks);

} // namespace driftscope::gui
