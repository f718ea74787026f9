// driftscope-cli serve: a read-only watcher of one live flow that serves GET /metrics (the
// Prometheus text format) and GET /report (the report's JSON), each from the latest state the
// watcher computed: a scrape never waits on the clusters.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/connection_options.h"
#include "app/cli/report_input.h"

#include "model/io/kafka/live_reading.h"
#include "model/watch/watcher.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QTimer>

namespace driftscope::cli {
namespace {

constexpr int64_t kDefaultRefreshS = 5;

// --listen HOST:PORT: an IP address, "localhost", or nothing before the colon for every address.
std::optional<Failure> readListen(const QString& text, QHostAddress& address, quint16& port)
{
    const qsizetype colon = text.lastIndexOf(':');
    bool ok = false;
    const uint number = colon < 0 ? 0 : text.mid(colon + 1).toUInt(&ok);
    if (!ok || number > 65535)
        return usage("--listen: expected HOST:PORT (port 0 picks a free one), got '" + toStd(text) + "'");
    port = static_cast<quint16>(number);
    QString host = text.left(colon);
    if (host.startsWith('[') && host.endsWith(']'))
        host = host.mid(1, host.size() - 2);
    if (host.isEmpty())
        address = QHostAddress(QHostAddress::Any);
    else if (host == "localhost")
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(host))
        return usage("--listen: '" + toStd(host) + "' is not an IP address (or localhost)");
    return std::nullopt;
}

std::optional<Failure> readServeOptions(const QCommandLineParser& parser, WatchOptions& out)
{
    if (!hasConnectionOptions(parser))
        return usage("serve needs the clusters: --source-bootstrap and --target-bootstrap, or --mm2-config");
    if (!parser.positionalArguments().isEmpty())
        return usage("unexpected argument '" + toStd(parser.positionalArguments().front()) + "'");
    OptionReader r{parser, std::nullopt};
    out.refreshMs = r.integer("refresh", 1, 3600).value_or(kDefaultRefreshS) * 1000;
    if (r.failure)
        return r.failure;
    const QString partitions = parser.value("partition-metrics");
    if (partitions != "true" && partitions != "false")
        return usage("--partition-metrics: expected true or false, got '" + toStd(partitions) + "'");
    out.metrics.partitionMetrics = partitions == "true";
    if (auto failure = readReportRuleOptions(parser, out.report))
        return failure;
    if (auto failure = readLiveOptions(parser, out.report.state.release, out.reader))
        return failure;
    const ConnectionSettings& c = out.reader.connection;
    out.metrics.flow = c.source.alias + "->" + c.target.alias;
    return std::nullopt;
}

// Which state answered: /metrics and /report of one refresh carry the same stamp.
void stampResponse(QHttpServerResponse& response, const WatchSnapshot& snapshot)
{
    response.setHeader("X-Driftscope-Refresh",
                       QByteArray::number(static_cast<qulonglong>(snapshot.refreshes)));
    response.setHeader("X-Driftscope-Built-At-Ms",
                       QByteArray::number(static_cast<qlonglong>(snapshot.builtAtMs)));
}

QHttpServerResponse metricsResponse(const Watcher& watcher, const MetricsOptions& options)
{
    const auto snapshot = watcher.latest();
    std::vector<prometheus::MetricFamily> families = snapshot->metrics;
    for (auto& f : ageMetrics(options, kafka::wallClockMs(), snapshot->builtAtMs, snapshot->asOfMs))
        families.push_back(std::move(f));
    QHttpServerResponse response("text/plain; version=0.0.4; charset=utf-8",
                                 QByteArray::fromStdString(exposition(families)));
    stampResponse(response, *snapshot);
    return response;
}

QHttpServerResponse reportResponse(const Watcher& watcher)
{
    const auto snapshot = watcher.latest();
    if (!snapshot->ready)
        return QHttpServerResponse(QJsonObject{{"error", QString::fromStdString(snapshot->waitingBecause)}},
                                   QHttpServerResponse::StatusCode::ServiceUnavailable);
    QHttpServerResponse response("application/json", QByteArray::fromStdString(snapshot->reportJson));
    stampResponse(response, *snapshot);
    return response;
}

} // namespace

int runServe(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Watch one MM2 flow without end, strictly read-only, and serve GET /metrics (Prometheus text format: "
        "resume offsets, replay windows and their parts, checkpoint ages, translation status, retained "
        "syncs, "
        "verdicts, the reader's state) and GET /report (the report's JSON, as report --json prints it; 503 "
        "with the reason until the clusters' history is read). Every --refresh seconds the report is "
        "computed "
        "at now; a scrape answers from the latest one and says how old it is "
        "(driftscope_state_age_seconds).\n"
        "Exit codes: 0 stopped (Ctrl-C or SIGTERM), 1 input error (a cluster cannot be read at all, the "
        "address is taken), 2 usage error.");
    parser.addOption({"listen",
                      "Where to serve, e.g. 127.0.0.1:9464 (port 0 picks a free one; the address "
                      "is printed on stderr).",
                      "HOST:PORT"});
    parser.addOption({"refresh", "Seconds between two reports. Default: 5.", "S"});
    parser.addOption(
        {"partition-metrics",
         "false drops the per-partition series (large fleets keep the per-group ones). Default: true.",
         "true|false", "true"});
    addConnectionOptions(parser);
    addStoreReplayOptions(parser, "Default: 4.4.0.");
    addReportRuleOptions(parser);
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.isSet("listen"))
        return report(usage("serve needs --listen HOST:PORT"));
    QHostAddress address;
    quint16 port = 0;
    if (auto failure = readListen(parser.value("listen"), address, port))
        return report(*failure);
    WatchOptions options;
    if (auto failure = readServeOptions(parser, options))
        return report(*failure);

    Watcher watcher(options);
    QHttpServer server;
    server.route("/metrics", QHttpServerRequest::Method::Get,
                 [&] { return metricsResponse(watcher, options.metrics); });
    server.route("/report", QHttpServerRequest::Method::Get, [&] { return reportResponse(watcher); });
    server.route("/", QHttpServerRequest::Method::Get, [] {
        return QHttpServerResponse("text/plain", "driftscope-cli serve: GET /metrics, GET /report\n");
    });
    const quint16 bound = server.listen(address, port);
    if (bound == 0)
        return report({kInputError, "cannot listen on " + toStd(parser.value("listen")) + ": " +
                                        (port ? "the port is taken or not allowed" : "no free port")});
    catchInterrupts();
    watcher.start();
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? "[" + address.toString() + "]"
                                                                             : address.toString();
    printNote("serving http://" + toStd(host) + ":" + std::to_string(bound) + "/metrics and /report for " +
              options.metrics.flow + ", a report every " + std::to_string(options.refreshMs / 1000) +
              " s (Ctrl-C stops)");

    int exitCode = kOk;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (interrupted())
            QCoreApplication::quit();
        else if (const kafka::LiveStatus status = watcher.status(); status.failed()) {
            exitCode = report({kInputError, "the clusters cannot be read" + kafka::notReadyWords(status)});
            QCoreApplication::quit();
        }
    });
    poll.start(200);
    QCoreApplication::exec();
    watcher.stop();
    if (exitCode == kOk)
        printNote("serve stopped after " + std::to_string(watcher.latest()->refreshes) + " reports");
    return exitCode;
}

} // namespace driftscope::cli
