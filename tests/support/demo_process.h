// The embedded demo clusters as a child process (driftscope-cli demo-cluster --json, DRIFTSCOPE_CLI
// set by CMake): its first line describes them.
#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

#include <csignal>

struct DemoProcess {
    QProcess process;
    QJsonObject info; // the first line: aliases, bootstrap servers, topics, groups
    QString source, target;

    // Started and described within 20 s.
    bool start(const QStringList& extra = {"--checkpoint-interval", "1"})
    {
        process.start(DRIFTSCOPE_CLI, QStringList{"demo-cluster", "--json"} + extra);
        if (!process.waitForStarted() || !process.waitForReadyRead(20'000))
            return false;
        const QByteArray line = process.readLine();
        info = QJsonDocument::fromJson(line).object();
        source = info["source"].toObject()["bootstrap"].toString();
        target = info["target"].toObject()["bootstrap"].toString();
        return line.endsWith('\n') && !source.isEmpty() && !target.isEmpty();
    }
    QStringList connection() const { return {"--source-bootstrap", source, "--target-bootstrap", target}; }
    // An MM2 properties file of these clusters with both directions enabled: A->B is the demo's,
    // B->A has no MM2 behind it. Its path, written into `folder`, or empty when it cannot be.
    QString writeBothFlowsConfig(const QString& folder) const
    {
        QFile config(folder + "/both-flows.properties");
        if (!config.open(QIODevice::WriteOnly))
            return {};
        config.write(QString("clusters = A, B\nA.bootstrap.servers = %1\nB.bootstrap.servers = %2\n"
                             "A->B.enabled = true\nB->A.enabled = true\n")
                         .arg(source, target)
                         .toUtf8());
        return config.fileName();
    }
    // SIGTERM stops it cleanly, with a summary on stderr.
    bool stop()
    {
        ::kill(static_cast<pid_t>(process.processId()), SIGTERM);
        return process.waitForFinished(20'000);
    }
};
