// Runs the built driftscope-cli (DRIFTSCOPE_CLI, set by CMake) and collects what it printed.
#pragma once

#include <QProcess>
#include <QStringList>

struct CliRun {
    int exitCode = -1; // -1: did not finish in time; -2: crashed
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 60'000)
{
    QProcess p;
    p.start(DRIFTSCOPE_CLI, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}
