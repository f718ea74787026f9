// The alerting rules and the Grafana dashboard under resources/, checked by the real tools: a
// real Prometheus (Debian's prometheus package) scrapes `driftscope-cli serve` on the demo
// clusters, fires DriftscopeGroupStalled for the demo's stalled group (audit stops committing 20 s
// after the demo starts) and not for a group that keeps up, and answers every dashboard query;
// promtool accepts the rules; rules and dashboard use only names serve exports.
#include "support/cli_runner.h"
#include "support/demo_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <set>

namespace {

QByteArray get(const QUrl& url)
{
    QNetworkAccessManager manager;
    QNetworkReply* reply = manager.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

QString resource(const QString& path)
{
    QFile f(QStringLiteral(DRIFTSCOPE_SOURCE_DIR) + "/resources/" + path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// driftscope_* names an expression or file mentions.
std::set<QString> namesIn(const QString& text)
{
    std::set<QString> names;
    static const QRegularExpression name("\\bdriftscope_[a-z_]+\\b");
    for (auto it = name.globalMatch(text); it.hasNext();)
        names.insert(it.next().captured());
    return names;
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    return probe.serverPort();
}

// The shipped rules with durations a test can wait for: every `for:` 3 s, every range and
// offset 40 s (the demo's slowest committer, fraud, commits every 30 s).
QString quickRules(QString rules)
{
    rules.replace(QRegularExpression("for: \\d+[smh]"), "for: 3s");
    rules.replace(QRegularExpression("\\[\\d+[smh]\\]"), "[40s]");
    rules.replace(QRegularExpression("offset \\d+[smh]"), "offset 40s");
    return rules;
}

QJsonArray firingAlerts(const QString& prometheus)
{
    const QJsonObject o = QJsonDocument::fromJson(get(QUrl(prometheus + "/api/v1/alerts"))).object();
    QJsonArray firing;
    for (const QJsonValue& a : o["data"].toObject()["alerts"].toArray())
        if (a["state"].toString() == "firing")
            firing.append(a);
    return firing;
}

bool firingFor(const QJsonArray& alerts, const QString& alert, const QString& group)
{
    for (const QJsonValue& a : alerts) {
        const QJsonObject labels = a["labels"].toObject();
        if (labels["alertname"].toString() == alert && labels["group"].toString() == group)
            return true;
    }
    return false;
}

} // namespace

class PrometheusChecks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void promtoolAcceptsTheRulesAndTheConfiguration();
    void rulesAndDashboardUseOnlyExportedNames();
    void prometheusFiresForTheStalledGroupAndAnswersTheDashboard();

private:
    DemoProcess m_demo;
    QProcess m_serve;
    QString m_serveBase;
    QByteArray m_metrics; // a scrape once the watcher answers
};

void PrometheusChecks::initTestCase()
{
    QVERIFY(m_demo.start());
    m_serve.start(DRIFTSCOPE_CLI,
                  QStringList{"serve", "--listen", "127.0.0.1:0", "--refresh", "1"} + m_demo.connection());
    QVERIFY(m_serve.waitForStarted());
    static const QRegularExpression address("serving (http://127\\.0\\.0\\.1:\\d+)/metrics");
    QString err;
    QVERIFY(QTest::qWaitFor(
        [&] {
            err += QString::fromUtf8(m_serve.readAllStandardError());
            const auto m = address.match(err);
            m_serveBase = m.captured(1);
            return m.hasMatch();
        },
        10'000));
    QVERIFY(QTest::qWaitFor(
        [&] {
            m_metrics = get(QUrl(m_serveBase + "/metrics"));
            return m_metrics.contains("driftscope_ready{flow=\"A->B\"} 1") &&
                   m_metrics.contains("driftscope_group_partitions{flow=\"A->B\",group=\"audit\"}");
        },
        30'000));
}

void PrometheusChecks::cleanupTestCase()
{
    m_serve.terminate();
    QVERIFY(m_serve.waitForFinished(20'000));
    QVERIFY(m_demo.stop());
}

void PrometheusChecks::promtoolAcceptsTheRulesAndTheConfiguration()
{
    for (const char* file : {"prometheus/driftscope-alerts.yml", "prometheus/prometheus.yml"}) {
        QProcess promtool;
        promtool.setWorkingDirectory(QStringLiteral(DRIFTSCOPE_SOURCE_DIR) + "/resources/prometheus");
        const bool rules = QString(file).endsWith("alerts.yml");
        promtool.start("promtool", {"check", rules ? "rules" : "config",
                                    QStringLiteral(DRIFTSCOPE_SOURCE_DIR) + "/resources/" + file});
        QVERIFY2(promtool.waitForStarted(),
                 "promtool is not installed (.ci/bootstrap test installs Debian's prometheus)");
        QVERIFY(promtool.waitForFinished(30'000));
        const QString out =
            QString::fromUtf8(promtool.readAllStandardOutput() + promtool.readAllStandardError());
        QVERIFY2(promtool.exitCode() == 0, qPrintable(out));
        if (rules)
            QVERIFY2(out.contains("SUCCESS: 16 rules found"), qPrintable(out));
    }
}

void PrometheusChecks::rulesAndDashboardUseOnlyExportedNames()
{
    // What serve declares: a HELP line per family, whether or not it has series now.
    std::set<QString> exported;
    for (const QByteArray& line : m_metrics.split('\n'))
        if (line.startsWith("# HELP "))
            exported.insert(QString::fromUtf8(line.mid(7, line.indexOf(' ', 7) - 7)));
    QCOMPARE(exported.size(), size_t{43}); // docs/watch.md lists them
    const QString rules = resource("prometheus/driftscope-alerts.yml");
    const QString dashboard = resource("grafana/driftscope.json");
    QVERIFY(!rules.isEmpty() && !dashboard.isEmpty());
    for (const auto& [text, names] : {std::pair{rules, size_t{10}}, std::pair{dashboard, size_t{15}}}) {
        const std::set<QString> used = namesIn(text);
        QCOMPARE(used.size(), names);
        for (const QString& name : used)
            QVERIFY2(exported.count(name), qPrintable(name + " is not a name serve exports"));
    }
}

void PrometheusChecks::prometheusFiresForTheStalledGroupAndAnswersTheDashboard()
{
    QTemporaryDir dir;
    QFile rules(dir.filePath("driftscope-alerts.yml"));
    QVERIFY(rules.open(QIODevice::WriteOnly));
    rules.write(quickRules(resource("prometheus/driftscope-alerts.yml")).toUtf8());
    rules.close();
    QFile config(dir.filePath("prometheus.yml"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(
        QString("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                "rule_files:\n  - %1\n"
                "scrape_configs:\n  - job_name: driftscope\n    static_configs:\n      - targets: [\"%2\"]\n")
            .arg(rules.fileName(), QUrl(m_serveBase).authority())
            .toUtf8());
    config.close();
    const QString prometheus = "http://127.0.0.1:" + QString::number(freePort());
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start("prometheus",
                 {"--config.file=" + config.fileName(), "--storage.tsdb.path=" + dir.filePath("data"),
                  "--web.listen-address=" + QUrl(prometheus).authority()});
    QVERIFY2(server.waitForStarted(), "prometheus is not installed (.ci/bootstrap test installs it)");
    const auto stopServer = qScopeGuard([&] {
        server.terminate();
        server.waitForFinished(20'000);
    });

    // The demo's audit group stopped committing; billing keeps up. Prometheus needs the 40 s
    // window of samples, then 3 s more.
    QJsonArray firing;
    QElapsedTimer waited;
    waited.start();
    const bool fired = QTest::qWaitFor(
        [&] {
            firing = firingAlerts(prometheus);
            return firingFor(firing, "DriftscopeGroupStalled", "audit");
        },
        150'000);
    QVERIFY2(fired, qPrintable(QJsonDocument(firing).toJson() + server.readAll().right(2000)));
    qInfo("DriftscopeGroupStalled fired for audit after %.1f s of Prometheus", waited.elapsed() / 1000.0);
    QVERIFY(!firingFor(firing, "DriftscopeGroupStalled", "billing"));
    QVERIFY(!firingFor(firing, "DriftscopeReaderDown", ""));

    // Every dashboard query is valid PromQL with an answer: the selections all ($flow, $group).
    const QJsonObject dashboard =
        QJsonDocument::fromJson(resource("grafana/driftscope.json").toUtf8()).object();
    int queries = 0;
    for (const QJsonValue& panel : dashboard["panels"].toArray())
        for (const QJsonValue& target : panel["targets"].toArray()) {
            QString expr = target["expr"].toString();
            expr.replace("$flow", ".*").replace("$group", ".*");
            QUrl url(prometheus + "/api/v1/query");
            url.setQuery(QUrlQuery{{"query", expr}});
            const QJsonObject answer = QJsonDocument::fromJson(get(url)).object();
            QVERIFY2(answer["status"].toString() == "success",
                     qPrintable(expr + ": " + answer["error"].toString()));
            // A filter (" > 0": the partitions with a verdict) may select nothing on the demo.
            const bool filter = expr.contains(" > 0");
            QVERIFY2(filter || !answer["data"].toObject()["result"].toArray().isEmpty(), qPrintable(expr));
            ++queries;
        }
    QCOMPARE(queries, 13);
}

QTEST_GUILESS_MAIN(PrometheusChecks)
#include "tst_prometheus.moc"
