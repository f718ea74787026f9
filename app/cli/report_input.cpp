#include "app/cli/report_input.h"

#include "app/cli/connection_options.h"

#include "model/io/session_file.h"
#include "model/util/text_format.h"
#include "model/util/user_time.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>

namespace driftscope::cli {
namespace {

constexpr int64_t kDefaultTimeoutS = 30;
constexpr int64_t kProgressEveryMs = 2000;

// A live session read until the clusters' history is in and both were sampled once.
// With `observeMs`, the reader keeps sampling that long once ready (tune's rates need a span).
std::optional<Failure> readLive(const QCommandLineParser& parser, const kafka::LiveReaderOptions& options,
                                int64_t observeMs, Session& out)
{
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
    if (ready && !failed && observeMs > 0) {
        printNote("observing the clusters for " + formatDurationMs(observeMs) +
                  " (rates need a span of samples)");
        for (int64_t waitedMs = 0; waitedMs < observeMs && !interrupted(); waitedMs += kProgressEveryMs)
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::min(kProgressEveryMs, observeMs - waitedMs)));
    }
    reader.stop();
    out = reader.since({});
    printEvents(out, 0);
    const kafka::LiveStatus s = reader.status();
    // Without syncs every row would read no-sync with a plausible checkpoint beside it: the
    // topic's name is wrong, or MM2 writes them elsewhere.
    if (ready) {
        if (auto problem = kafka::offsetSyncsProblem(s, options))
            return Failure{kInputError, *problem};
        return std::nullopt;
    }
    const std::string why = kafka::notReadyWords(s);
    if (s.failed())
        return Failure{kInputError, "the clusters cannot be read" + why};
    return Failure{kInputError,
                   "the clusters could not be read within " + std::to_string(timeoutS) + " s" + why};
}

// The earliest moment the session knows anything of: the first record or sample.
std::optional<int64_t> firstMoment(const Session& s)
{
    std::optional<int64_t> first;
    const auto see = [&first](int64_t t) {
        first = first ? std::min(*first, t) : t;
    };
    for (const auto& x : s.syncs)
        see(x.stamp.timestampMs);
    for (const auto& x : s.checkpoints)
        see(x.stamp.timestampMs);
    for (const auto& x : s.groupOffsets)
        see(x.sampledAtMs);
    return first;
}

std::string listed(const std::vector<std::string>& names, size_t limit = 20)
{
    std::string out;
    for (size_t i = 0; i < names.size() && i < limit; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > limit)
        out += ", ... (" + std::to_string(names.size()) + " in all)";
    return out;
}

std::optional<Verdict> parseVerdict(const std::string& name)
{
    for (int v = 0; v <= static_cast<int>(kLastVerdict); ++v)
        if (verdictName(static_cast<Verdict>(v)) == name)
            return static_cast<Verdict>(v);
    return std::nullopt;
}

} // namespace

void addReportRuleOptions(QCommandLineParser& parser)
{
    parser.addOption({"stale-after",
                      "Seconds after which a checkpoint is stale when the group moved on. Default: 1.5 emit "
                      "intervals (of the MM2 configuration, else of the checkpoint cadence observed, else of "
                      "MM2's default 60 s).",
                      "S"});
    parser.addOption({"max-replay-records",
                      "A replay budget: a partition whose failover would replay more than N offsets gets the "
                      "verdict over-replay-budget, with the amount and the part that dominates.",
                      "N"});
    parser.addOption(
        {"max-replay-seconds",
         "A replay budget in time: the replay at the group's pace (how far its committed offset "
         "moved over the last minute of readings) may take at most T seconds (decimals allowed). "
         "Rows whose replay or pace is unknown are counted as undecided, not as within it.",
         "T"});
}

std::optional<Failure> readReportRuleOptions(const QCommandLineParser& parser, ReportOptions& options)
{
    for (const QString& g : parser.values("group"))
        options.groups.push_back(toStd(g));
    // Checked before any cluster or file is read (report takes a capture's own release later).
    if (auto failure = readStoreReplayOptions(parser, kDefaultRelease, options.state))
        return failure;
    OptionReader r{parser, std::nullopt};
    if (auto v = r.integer("stale-after", 1, 86'400 * 365))
        options.staleAfterMs = *v * 1000;
    options.budget.maxRecords = r.integer("max-replay-records", 0, INT64_MAX);
    if (auto v = r.real("max-replay-seconds", 0, 86'400.0 * 365))
        options.budget.maxMs = static_cast<int64_t>(*v * 1000 + 0.5);
    return r.failure;
}

void addReportInputOptions(QCommandLineParser& parser)
{
    addConnectionOptions(parser);
    addStoreReplayOptions(parser, "Default: the capture's, else 4.4.0.");
    parser.addOption(
        {"at",
         "As of this time (ISO 8601, UTC unless a zone is given, or epoch ms). Default: the end of "
         "the capture, or now. A time outside the session is an error.",
         "TIME"});
    parser.addOption({"timeout", "Live: seconds to wait for the clusters' history. Default: 30.", "S"});
    addReportRuleOptions(parser);
    parser.addOption({"fail-on",
                      QString::fromStdString(
                          "Exit 3 when a row has one of these verdicts (comma-separated: " + verdictNames() +
                          "), or any of them ('any'); a one-line summary goes to stderr."),
                      "VERDICTS"});
    parser.addPositionalArgument(
        "CAPTURE", "A capture, or formatter text / JSON Lines (instead of live clusters).", "[CAPTURE]");
}

std::optional<Failure> readReportInput(const QCommandLineParser& parser, ReportInput& out)
{
    const QStringList files = parser.positionalArguments();
    out.live = hasConnectionOptions(parser);
    if (files.size() > 1 || (files.isEmpty() && !out.live) || (!files.isEmpty() && out.live))
        return usage(
            out.command +
            " reads one CAPTURE file or live clusters (--source-bootstrap and --target-bootstrap, or "
            "--mm2-config)");

    ReportOptions& options = out.options;
    if (auto failure = readReportRuleOptions(parser, options))
        return failure;
    if (parser.isSet("at")) {
        int64_t at = 0;
        if (auto failure = parseTime("--at", toStd(parser.value("at")), at))
            return failure;
        options.atMs = at;
    }

    if (out.live) {
        if (auto failure = readLiveOptions(parser, options.state.release, out.liveOptions))
            return failure;
        if (auto failure = readLive(parser, out.liveOptions, out.observeMs, out.session))
            return failure;
    } else {
        auto file = readSessionFile(toStd(files.front()));
        if (!file)
            return Failure{kInputError, file.error()};
        out.session = std::move(file->session);
        if (!parser.isSet("mm2-version")) {
            const ResolvedRelease recorded =
                resolveRecordedRelease(out.session.info.release, kDefaultRelease);
            options.state.release = recorded.rules;
            options.state.releaseWarning = recorded.warning;
            printReleaseWarning(recorded.warning);
        }
    }
    if (auto failure = checkTaskStart(options.state.taskStart, out.session.syncs.size(), "read"))
        return failure;
    out.firstMs = firstMoment(out.session);
    out.lastMs = out.session.lastActivityMs();
    if (options.atMs && out.firstMs)
        if (auto outside = outsideSession("--at", *options.atMs, *out.firstMs, *out.lastMs))
            return Failure{kInputError, *outside};
    if (options.atMs && !out.firstMs)
        return Failure{kInputError,
                       "--at: the session holds no record or sample, so nothing is known at any time"};
    return std::nullopt;
}

std::optional<Failure> checkAnswer(const ReportInput& input, const Report& report)
{
    std::set<std::string> answered;
    for (const PartitionReport& row : report.rows)
        answered.insert(row.group);
    std::vector<std::string> unknown;
    for (const std::string& g : input.options.groups)
        if (!answered.count(g))
            unknown.push_back(g);
    if (unknown.empty() && !report.rows.empty())
        return std::nullopt;
    std::vector<std::string> known;
    for (const std::string& g : knownGroups(input.session))
        if (std::find(unknown.begin(), unknown.end(), g) == unknown.end())
            known.push_back(g);
    const std::string at = " by " + formatUtcMs(report.atMs);
    const std::string knownText =
        known.empty() ? std::string("the session knows no group at all") : "known groups: " + listed(known);
    // Topics that are missing or unreadable explain most empty answers: aliases that match no
    // topic (MM2 names its internal topics after them), or a principal without Describe.
    std::string topics;
    for (const ReaderProblem& p : report.reader.problems)
        if (p.state == "topic-missing" || p.state == "topic-unreadable")
            topics +=
                "; " + std::string(p.side ? sideName(*p.side) : "reader") + " " + p.state + ": " + p.message;
    if (!topics.empty())
        topics += " (are the aliases MM2's cluster aliases, and the release the one MM2 runs?)";
    if (!unknown.empty())
        return Failure{kInputError, std::string(unknown.size() == 1 ? "group " : "groups ") +
                                        listed(unknown) + ": no committed offset or checkpoint" + at + "; " +
                                        knownText + topics};
    return Failure{kInputError,
                   "no consumer group has a committed offset or checkpoint" + at + "; " + knownText + topics};
}

std::optional<int> readAnswer(const QCommandLineParser& parser, ReportInput& input, Report& answer,
                              std::optional<std::vector<Verdict>>& failOn)
{
    std::optional<Failure> failure = readFailOn(parser, failOn);
    if (!failure)
        failure = readReportInput(parser, input);
    if (!failure) {
        answer = buildReport(input.session, input.options);
        failure = checkAnswer(input, answer);
    }
    if (failure)
        return report(*failure);
    return std::nullopt;
}

std::optional<Failure> readFailOn(const QCommandLineParser& parser, std::optional<std::vector<Verdict>>& out)
{
    if (!parser.isSet("fail-on"))
        return std::nullopt;
    std::vector<Verdict> verdicts;
    for (const QString& part : parser.value("fail-on").split(',')) {
        const std::string name = toStd(part.trimmed());
        if (name == "any") {
            for (int v = 0; v <= static_cast<int>(kLastVerdict); ++v)
                verdicts.push_back(static_cast<Verdict>(v));
            continue;
        }
        const auto v = parseVerdict(name);
        if (!v)
            return usage("--fail-on: '" + name + "' is not a verdict (" + verdictNames() + ", or any)");
        verdicts.push_back(*v);
    }
    out = std::move(verdicts);
    return std::nullopt;
}

std::optional<int> failOnExit(const Report& report, const std::optional<std::vector<Verdict>>& failOn)
{
    if (!failOn)
        return std::nullopt;
    std::vector<std::string> order; // groups in report order, each once
    std::map<std::string, std::set<Verdict>> hits;
    for (const PartitionReport& row : report.rows) {
        if (order.empty() || order.back() != row.group)
            order.push_back(row.group);
        for (Verdict v : row.verdicts)
            if (std::find(failOn->begin(), failOn->end(), v) != failOn->end())
                hits[row.group].insert(v);
    }
    if (hits.empty())
        return std::nullopt;
    std::vector<std::string> unhealthy;
    for (const std::string& g : order)
        if (const auto it = hits.find(g); it != hits.end()) {
            std::string names;
            for (Verdict v : it->second)
                names += (names.empty() ? "" : ", ") + std::string(verdictName(v));
            unhealthy.push_back(g + " (" + names + ")");
        }
    printNote(std::to_string(unhealthy.size()) + " of " + std::to_string(order.size()) +
              " groups unhealthy: " + listed(unhealthy, 10));
    return kUnhealthy;
}

} // namespace driftscope::cli
