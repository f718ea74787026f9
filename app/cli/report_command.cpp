// driftscope-cli report: per group and partition, where a failover would resume and how much it
// would replay, with health verdicts, from a capture (or any session file) or live clusters.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/connection_options.h"

#include "model/analysis/report_format.h"
#include "model/io/session_file.h"

#include <algorithm>

namespace driftscope::cli {
namespace {

constexpr int64_t kDefaultTimeoutS = 30;
constexpr int64_t kProgressEveryMs = 2000;

// Why an internal topic's history is not read yet, for the timeout message.
std::string topicWhy(const kafka::TopicProgress& t)
{
    const std::string side(sideName(t.side));
    if (t.state == "unknown")
        return t.topic + ": not found (the " + side + " cluster has not listed its topics)";
    if (t.state == "unreadable")
        return t.topic + ": not readable on the " + side + " cluster: " + t.detail;
    return t.topic + ": " + std::to_string(t.read) + " of " + std::to_string(t.endAtStart) + " records read";
}

// A live session read until the clusters' history is in and both were sampled once.
std::optional<Failure> readLive(const QCommandLineParser& parser, const Release& release, Observations& out)
{
    kafka::LiveReaderOptions options;
    if (auto failure = readLiveOptions(parser, release, options))
        return failure;
    OptionReader r{parser, std::nullopt};
    const int64_t timeoutS = r.integer("timeout", 1, 86'400).value_or(kDefaultTimeoutS);
    if (r.failure)
        return r.failure;
    kafka::LiveReader reader(options);
    reader.start();
    // Progress on stderr while a long history is read.
    bool ready = false, failed = false;
    for (int64_t waitedMs = 0; !ready && !failed && waitedMs < timeoutS * 1000;
         waitedMs += kProgressEveryMs) {
        ready = reader.waitUntilReady(std::min(kProgressEveryMs, timeoutS * 1000 - waitedMs));
        const kafka::LiveStatus s = reader.status();
        failed = s.failed();
        if (!ready && !failed && s.offsetSyncs.endAtStart > 0)
            printNote("reading history: " + std::to_string(s.offsetSyncs.read) + " of " +
                      std::to_string(s.offsetSyncs.endAtStart) + " offset syncs, " +
                      std::to_string(s.checkpoints.read) + " of " + std::to_string(s.checkpoints.endAtStart) +
                      " checkpoints");
    }
    reader.stop();
    out = reader.since({});
    printEvents(out, 0);
    if (ready)
        return std::nullopt;
    const kafka::LiveStatus s = reader.status();
    std::string why;
    for (const kafka::TopicProgress* t : {&s.offsetSyncs, &s.checkpoints})
        if (!t->caughtUp)
            why += "; " + topicWhy(*t);
    for (const auto& [name, c] : {std::pair{"source", &s.source}, std::pair{"target", &s.target}})
        if (c->state != "connected")
            why += std::string("; ") + name + " cluster " + c->state +
                   (c->detail.empty() ? "" : ": " + c->detail);
    if (s.failed())
        return Failure{kInputError, "the clusters cannot be read" + why};
    return Failure{kInputError,
                   "the clusters could not be read within " + std::to_string(timeoutS) + " s" + why};
}

} // namespace

int runReport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Report, per consumer group and partition, the committed offset, what MM2 would translate it to, the "
        "checkpoint in force and its age, the replay window of a failover (granularity + staleness + commit "
        "cadence) and health verdicts: no-sync, too-old, not-ready, no-checkpoint, checkpoint-stale, "
        "skip-possible, beyond-target-end.\n"
        "Reads a capture (or formatter text / JSON Lines), or live clusters given by the connection "
        "options.\n"
        "Exit codes: 0 ok, 1 input error (also: clusters unreadable), 2 usage error.");
    addConnectionOptions(parser);
    parser.addOption(
        {"mm2-version", "Apply the rules of this MM2 release. Default: the capture's, else 4.4.0.", "V"});
    parser.addOption(
        {"task-start",
         "The checkpoint task started when the syncs topic held its first N records (its initial "
         "load). Default 0.",
         "N"});
    parser.addOption({"checkpoints-restored",
                      "Whether the task could restore its checkpoints (3.7.1+). Default: yes.", "yes|no"});
    parser.addOption({"at",
                      "Report as of this time (ISO 8601, UTC unless a zone is given, or epoch ms). Default: "
                      "the end of the capture, or now.",
                      "TIME"});
    parser.addOption(
        {"stale-after",
         "Seconds after which a checkpoint is stale when the group moved on. Default: 1.5 emit intervals.",
         "S"});
    parser.addOption({"timeout", "Live: seconds to wait for the clusters' history. Default: 30.", "S"});
    parser.addOption({"json", "Print one JSON object."});
    parser.addOption({"csv", "Print CSV, one line per group and partition."});
    parser.addPositionalArgument(
        "CAPTURE", "A capture, or formatter text / JSON Lines (instead of live clusters).", "[CAPTURE]");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (parser.isSet("json") && parser.isSet("csv"))
        return report(usage("--json and --csv exclude each other"));
    const QStringList files = parser.positionalArguments();
    const bool live = hasConnectionOptions(parser);
    if (files.size() > 1 || (files.isEmpty() && !live) || (!files.isEmpty() && live))
        return report(usage("report reads one CAPTURE file or live clusters (--source-bootstrap and "
                            "--target-bootstrap, or --mm2-config)"));

    ReportOptions options;
    for (const QString& g : parser.values("group"))
        options.groups.push_back(toStd(g));
    OptionReader r{parser, std::nullopt};
    if (auto v = r.integer("task-start", 0, INT64_MAX))
        options.state.taskStart = static_cast<size_t>(*v);
    if (auto v = r.integer("stale-after", 1, 86'400 * 365))
        options.staleAfterMs = *v * 1000;
    if (r.failure)
        return report(*r.failure);
    if (parser.isSet("checkpoints-restored")) {
        const QString v = parser.value("checkpoints-restored");
        if (v != "yes" && v != "no")
            return report(usage("--checkpoints-restored: expected yes or no, got '" + toStd(v) + "'"));
        options.state.checkpointsRestored = v == "yes";
    }
    if (parser.isSet("at")) {
        int64_t at = 0;
        if (auto failure = parseTime("--at", toStd(parser.value("at")), at))
            return report(*failure);
        options.atMs = at;
    }

    Observations session;
    if (live) {
        if (auto failure = readRelease(parser, kDefaultRelease, options.state.release))
            return report(*failure);
        if (auto failure = readLive(parser, options.state.release, session))
            return report(*failure);
    } else {
        auto file = readSessionFile(toStd(files.front()));
        if (!file)
            return report({kInputError, file.error()});
        session = std::move(file->session);
        const auto recorded = parseRelease(session.info.release);
        if (auto failure = readRelease(parser, recorded ? *recorded : kDefaultRelease, options.state.release))
            return report(*failure);
    }
    if (options.state.taskStart > session.syncs.size())
        return report({kInputError, "--task-start " + std::to_string(options.state.taskStart) +
                                        " is beyond the " + std::to_string(session.syncs.size()) +
                                        " offset-sync records read"});

    const Report result = buildReport(session, options);
    if (parser.isSet("json"))
        printOut(reportJson(result));
    else if (parser.isSet("csv")) {
        std::fputs(reportCsv(result).c_str(), stdout);
        // CSV lines are all rows: the reader's problems go to stderr (a live read printed its
        // events there already).
        if (!live)
            for (const std::string& line : readerProblemLines(result))
                printNote("note: " + line);
    } else
        std::fputs(reportText(result).c_str(), stdout);
    return kOk;
}

} // namespace driftscope::cli
