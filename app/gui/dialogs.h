// Small dialogs of the main window: the undecodable records read, and the keyboard shortcuts.
#pragma once

#include "model/session/session.h"

#include <QList>

class QAction;
class QWidget;

namespace driftscope::gui {

void showUndecodableRecords(QWidget* parent, const std::vector<UndecodableRecord>& records);
void showShortcuts(QWidget* parent, const QList<QAction*>& actions);

} // namespace driftscope::gui
