// The driftscope-cli commands; each takes its own arguments (the command name first) and
// returns the process exit code.
#pragma once

#include <QStringList>

namespace driftscope::cli {

int runTranslate(const QStringList& args);
int runSyncs(const QStringList& args);
int runDecode(const QStringList& args);
int runSimulate(const QStringList& args);
int runTune(const QStringList& args);
int runReport(const QStringList& args);
int runFailoverPlan(const QStringList& args);
int runRecord(const QStringList& args);
int runServe(const QStringList& args);
int runDemoCluster(const QStringList& args);
int runImport(const QStringList& args);
int runExport(const QStringList& args);
int runReleases(const QStringList& args);
int runBookmarks(const QStringList& args);

} // namespace driftscope::cli
