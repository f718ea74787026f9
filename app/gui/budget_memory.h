// The replay budget a user set for a source, kept in QSettings so that the next time the same
// capture is opened or the same connection profile connects it applies again: each flow has its
// own consumers and so its own budget. Simulations and the demo keep none.
#pragma once

#include "model/analysis/replay_budget.h"

#include <QSettings>
#include <QString>

#include <optional>

namespace driftscope::gui {

// "file/<hash of the absolute path>" for a capture or records file, "profile/<name>" for a
// connection profile; empty for sources that keep no budget.
QString budgetKeyOfFile(const QString& path);
QString budgetKeyOfProfile(const QString& profileName);

// The budget kept under `key`; none when nothing was kept there (or the key is empty).
std::optional<ReplayBudget> loadBudget(QSettings& settings, const QString& key);
// Keeps `budget` under `key` (a budget of nothing forgets it). No effect for an empty key.
void saveBudget(QSettings& settings, const QString& key, const ReplayBudget& budget);

} // namespace driftscope::gui
