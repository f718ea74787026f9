// Small dialogs of the main window: the undecodable records read, the keyboard shortcuts, the
// guide and the release notes.
#pragma once

#include "model/analysis/guide.h"
#include "model/analysis/replay_budget.h"
#include "model/session/session.h"

#include <QList>

class QAction;
class QTextBrowser;
class QWidget;

namespace driftscope::gui {

// A warning that does not block: the window (or a test driving it) goes on while it is open.
void tellLater(QWidget* parent, const QString& title, const QString& message);
void showUndecodableRecords(QWidget* parent, const std::vector<UndecodableRecord>& records);
void showShortcuts(QWidget* parent, const QList<QAction*>& actions);
// The guide's dialog (not modal, deleted on close); the window fills it (guideHtml) with each answer.
QTextBrowser* openGuide(QWidget* parent);
QString guideHtml(const std::vector<GuideStep>& steps);
// Every rule each MM2 release changed from the one before (`driftscope-cli releases`).
void showReleaseChanges(QWidget* parent);
// Asks for a replay budget (offsets and/or seconds per partition, each optional); none when the
// user cancels.
std::optional<ReplayBudget> askReplayBudget(QWidget* parent, const ReplayBudget& current);

} // namespace driftscope::gui
