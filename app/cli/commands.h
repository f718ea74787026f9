// The driftscope-cli commands; each takes its own arguments (the command name first) and
// returns the process exit code.
#pragma once

#include <QStringList>

namespace driftscope::cli {

int runTranslate(const QStringList& args);
int runSyncs(const QStringList& args);
int runDecode(const QStringList& args);
int runSimulate(const QStringList& args);

} // namespace driftscope::cli
