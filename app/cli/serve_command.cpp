// driftscope-cli serve: a read-only watcher of one live flow that serves GET /metrics (the
// Prometheus text format) and GET /report (the report's JSON), each from the latest state the
// watcher computed: a scrape never waits on the clusters.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/connection_options.h"
#include "app/cli/report_input.h"

#include "model/io/kafka/live_reading.h"
#include "model/util/text_format.h"
#include "model/watch/watcher.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

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

// One WatchOptions per flow: the flow named, or every flow an --mm2-config enables.
std::optional<Failure> readServeOptions(const QCommandLineParser& parser, std::vector<WatchOptions>& out)
{
    if (!hasConnectionOptions(parser))
        return usage("serve needs the clusters: --source-bootstrap and --target-bootstrap, or --mm2-config");
    if (!parser.positionalArguments().isEmpty())
        return usage("unexpected argument '" + toStd(parser.positionalArguments().front()) + "'");
    WatchOptions common;
    OptionReader r{parser, std::nullopt};
    common.refreshMs = r.integer("refresh", 1, 3600).value_or(kDefaultRefreshS) * 1000;
    if (const auto minutes = r.integer("sync-history", 15, 7 * 24 * 60))
        common.keepSyncsMs = *minutes * 60'000;
    if (r.failure)
        return r.failure;
    const QString partitions = parser.value("partition-metrics");
    if (partitions != "true" && partitions != "false")
        return usage("--partition-metrics: expected true or false, got '" + toStd(partitions) + "'");
    common.metrics.partitionMetrics = partitions == "true";
    if (auto failure = readReportRuleOptions(parser, common.report))
        return failure;
    std::vector<std::optional<std::string>> flows;
    if (auto failure = readFlowsToRead(parser, flows))
        return failure;
    for (const std::optional<std::string>& flow : flows) {
        WatchOptions options = common;
        if (auto failure = readLiveOptions(parser, options.report.state.release, options.reader, flow))
            return failure;
        const ConnectionSettings& c = options.reader.connection;
        options.metrics.flow = flowName(c.source.alias, c.target.alias);
        out.push_back(std::move(options));
    }
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

using Watchers = std::vector<std::unique_ptr<Watcher>>;

// Every flow's families, each family once; the stamp only when one flow answers.
QHttpServerResponse metricsResponse(const Watchers& watchers)
{
    std::vector<std::shared_ptr<const WatchSnapshot>> snapshots;
    std::vector<std::vector<RenderedFamily>> ages;
    const int64_t now = kafka::wallClockMs();
    for (const auto& watcher : watchers) {
        snapshots.push_back(watcher->latest());
        const WatchSnapshot& s = *snapshots.back();
        ages.push_back(render(ageMetrics(watcher->options().metrics, now, s.builtAtMs, s.asOfMs)));
        for (RenderedFamily& f : render(
                 watcherMetrics(watcher->options().metrics, {s.recordsHeld, s.bytesHeld, s.refreshSeconds})))
            ages.back().push_back(std::move(f));
    }
    std::vector<const std::vector<RenderedFamily>*> lists;
    for (const auto& snapshot : snapshots)
        lists.push_back(&snapshot->metrics);
    for (const auto& age : ages)
        lists.push_back(&age);
    QHttpServerResponse response("text/plain; version=0.0.4; charset=utf-8",
                                 QByteArray::fromStdString(joinRendered(lists)));
    if (watchers.size() == 1)
        stampResponse(response, *snapshots.front());
    return response;
}

QHttpServerResponse errorResponse(const std::string& error, QHttpServerResponse::StatusCode status)
{
    return QHttpServerResponse(QJsonObject{{"error", QString::fromStdString(error)}}, status);
}

// GET /report?flow=A->B; the flow may be left out when serve watches one.
QHttpServerResponse reportResponse(const Watchers& watchers, const QHttpServerRequest& request)
{
    const QString asked = QUrlQuery(request.url()).queryItemValue("flow", QUrl::FullyDecoded);
    std::string flows;
    for (const auto& watcher : watchers) {
        const std::string& flow = watcher->options().metrics.flow;
        flows += (flows.empty() ? "" : ", ") + flow;
        if (asked.isEmpty() ? watchers.size() > 1 : toStd(asked) != flow)
            continue;
        const auto snapshot = watcher->latest();
        if (!snapshot->ready)
            return errorResponse(snapshot->waitingBecause,
                                 QHttpServerResponse::StatusCode::ServiceUnavailable);
        QHttpServerResponse response("application/json", QByteArray::fromStdString(snapshot->reportJson));
        stampResponse(response, *snapshot);
        return response;
    }
    const std::string why = asked.isEmpty() ? "several flows are watched: name one, GET /report?flow=" +
                                                  watchers.front()->options().metrics.flow
                                            : "no flow '" + toStd(asked) + "' is watched";
    return errorResponse(why + " (flows: " + flows + ")", asked.isEmpty()
                                                              ? QHttpServerResponse::StatusCode::BadRequest
                                                              : QHttpServerResponse::StatusCode::NotFound);
}

void addServeOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        "Watch an MM2 flow (with --mm2-config and no --flow: every flow it enables) without end, strictly "
        "read-only, and serve GET /metrics (Prometheus text format: "
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
    parser.addOption({"sync-history",
                      "Minutes of offset syncs kept beyond those MM2's store holds, which explain the "
                      "checkpoints of a checkpoint task that restarted (older ones count as unexplained, "
                      "their replay unknown). Memory grows with it until it is full. Default: 360.",
                      "MINUTES"});
    parser.addOption(
        {"partition-metrics",
         "false drops the per-partition series (large fleets keep the per-group ones). Default: true.",
         "true|false", "true"});
    addConnectionOptions(parser);
    addStoreReplayOptions(parser, "Default: 4.4.0.");
    addReportRuleOptions(parser);
}

// GET /metrics, /report[?flow=A->B] and / (what there is).
void addRoutes(QHttpServer& server, const Watchers& watchers)
{
    server.route("/metrics", QHttpServerRequest::Method::Get, [&] { return metricsResponse(watchers); });
    server.route("/report", QHttpServerRequest::Method::Get,
                 [&](const QHttpServerRequest& request) { return reportResponse(watchers, request); });
    server.route("/", QHttpServerRequest::Method::Get, [] {
        return QHttpServerResponse("text/plain",
                                   "driftscope-cli serve: GET /metrics, GET /report[?flow=A->B]\n");
    });
}

// Until Ctrl-C, SIGTERM or a flow whose clusters cannot be read: then the watchers stop.
int serveUntilStopped(const Watchers& watchers)
{
    int exitCode = kOk;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (interrupted())
            QCoreApplication::quit();
        for (const auto& watcher : watchers)
            if (const kafka::LiveStatus status = watcher->status(); status.failed() && exitCode == kOk) {
                exitCode = report({kInputError, "the clusters of " + watcher->options().metrics.flow +
                                                    " cannot be read" + kafka::notReadyWords(status)});
                QCoreApplication::quit();
            }
    });
    poll.start(200);
    QCoreApplication::exec();
    size_t reports = 0;
    for (const auto& watcher : watchers) {
        watcher->stop();
        reports += watcher->latest()->refreshes;
    }
    if (exitCode == kOk)
        printNote("serve stopped after " + std::to_string(reports) + " reports");
    return exitCode;
}

} // namespace

int runServe(const QStringList& args)
{
    QCommandLineParser parser;
    addServeOptions(parser);
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.isSet("listen"))
        return report(usage("serve needs --listen HOST:PORT"));
    QHostAddress address;
    quint16 port = 0;
    if (auto failure = readListen(parser.value("listen"), address, port))
        return report(*failure);
    std::vector<WatchOptions> flows;
    if (auto failure = readServeOptions(parser, flows))
        return report(*failure);

    Watchers watchers;
    std::string flowNames;
    for (WatchOptions& options : flows) {
        flowNames += (flowNames.empty() ? "" : ", ") + options.metrics.flow;
        watchers.push_back(std::make_unique<Watcher>(std::move(options)));
    }
    QHttpServer server;
    addRoutes(server, watchers);
    const quint16 bound = server.listen(address, port);
    if (bound == 0)
        return report({kInputError, "cannot listen on " + toStd(parser.value("listen")) + ": " +
                                        (port ? "the port is taken or not allowed" : "no free port")});
    catchInterrupts();
    for (const auto& watcher : watchers)
        watcher->start();
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol ? "[" + address.toString() + "]"
                                                                             : address.toString();
    printNote("serving http://" + toStd(host) + ":" + std::to_string(bound) + "/metrics and /report for " +
              flowNames + ", a report every " + std::to_string(watchers.front()->options().refreshMs / 1000) +
              " s (Ctrl-C stops)");
    return serveUntilStopped(watchers);
}

} // namespace driftscope::cli
