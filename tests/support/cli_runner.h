// Runs the built driftscope-cli (DRIFTSCOPE_CLI, set by CMake) and collects what it printed.
#pragma once

#include <QProcess>
#include <QStringList>

#include <csignal>
#include <sys/resource.h>

struct CliRun {
    int exitCode = -1; // -1: did not finish in time; -2: crashed
    QString out;
    QString err;
};

// `maxFileBytes`: the child's file size limit (RLIMIT_FSIZE, with SIGXFSZ ignored so that a
// write past it fails as on a full disk); 0: none.
inline CliRun runCli(const QStringList& args, int timeoutMs = 60'000, rlim_t maxFileBytes = 0)
{
    QProcess p;
    if (maxFileBytes > 0)
        p.setChildProcessModifier([maxFileBytes] {
            std::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{maxFileBytes, maxFileBytes};
            setrlimit(RLIMIT_FSIZE, &limit);
        });
    p.start(DRIFTSCOPE_CLI, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}
