#include "app/cli/report_input.h"

#include "app/cli/connection_options.h"

#include "model/analysis/group_series.h"
#include "model/analysis/row_text.h"
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

std::string flowOf(const kafka::LiveReaderOptions& options)
{
    return flowName(options.connection.source.alias, options.connection.target.alias);
}

// Waits for one reader's history until `deadline`, with progress on stderr while a long history
// is read; returns whether it is ready (a reader waited for after the deadline, because another
// took it all, is asked once).
bool awaitHistory(const kafka::LiveReader& reader, std::chrono::steady_clock::time_point deadline,
                  const std::string& prefix)
{
    using namespace std::chrono;
    for (;;) {
        const int64_t leftMs = duration_cast<milliseconds>(deadline - steady_clock::now()).count();
        if (leftMs <= 0)
            return reader.waitUntilReady(0);
        if (reader.waitUntilReady(std::min(kProgressEveryMs, leftMs)))
            return true;
        const kafka::LiveStatus s = reader.status();
        if (s.failed())
            return false;
        if (s.offsetSyncs.endAtStart > 0)
            printNote(prefix + "reading history: " + std::to_string(s.offsetSyncs.read) + " of " +
                      std::to_string(s.offsetSyncs.endAtStart) + " offset syncs, " +
                      std::to_string(s.checkpoints.read) + " of " + std::to_string(s.checkpoints.endAtStart) +
                      " checkpoints");
    }
}

// Why a flow's live session cannot answer, if it cannot: the clusters failed or did not answer
// in time, or they hold no offset syncs (every row would read no-sync with a plausible
// checkpoint beside it: the topic's name is wrong, or MM2 writes them elsewhere).
std::optional<std::string> liveProblem(const kafka::LiveStatus& s, const kafka::LiveReaderOptions& options,
                                       bool ready, int64_t timeoutS)
{
    if (ready)
        return kafka::offsetSyncsProblem(s, options);
    const std::string why = kafka::notReadyWords(s);
    if (s.failed())
        return "the clusters cannot be read" + why;
    return "the clusters could not be read within " + std::to_string(timeoutS) + " s" + why;
}

// Every flow's live session, read at once (each reader on its own threads) until the clusters'
// history is in and both were sampled once, all within --timeout. With the flows' observeMs, the
// readers keep sampling that long once ready (tune's rates need a span). A flow that cannot
// answer fails them all, each such flow on a line of its own, with how to read the others.
std::optional<Failure> readLive(const QCommandLineParser& parser, std::vector<ReportInput>& flows)
{
    OptionReader r{parser, std::nullopt};
    const int64_t timeoutS = r.integer("timeout", 1, 86'400).value_or(kDefaultTimeoutS);
    if (r.failure)
        return r.failure;
    const bool several = flows.size() > 1;
    std::vector<std::unique_ptr<kafka::LiveReader>> readers;
    for (const ReportInput& flow : flows) {
        readers.push_back(std::make_unique<kafka::LiveReader>(flow.liveOptions));
        readers.back()->start();
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutS);
    std::vector<char> ready;
    for (size_t i = 0; i < flows.size(); ++i)
        ready.push_back(awaitHistory(*readers[i], deadline,
                                     several ? "flow " + flowOf(flows[i].liveOptions) + ": " : ""));
    const int64_t observeMs = flows.front().observeMs;
    if (std::all_of(ready.begin(), ready.end(), [](char ok) { return ok != 0; }) && observeMs > 0) {
        printNote("observing the clusters for " + formatDurationMs(observeMs) +
                  " (rates need a span of samples)");
        for (int64_t waitedMs = 0; waitedMs < observeMs && !interrupted(); waitedMs += kProgressEveryMs)
            std::this_thread::sleep_for(
                std::chrono::milliseconds(std::min(kProgressEveryMs, observeMs - waitedMs)));
    }
    std::vector<std::string> problems, readable;
    for (size_t i = 0; i < flows.size(); ++i) {
        const std::string flow = flowOf(flows[i].liveOptions);
        readers[i]->stop();
        flows[i].session = readers[i]->since({});
        printEvents(flows[i].session, 0, several ? "flow " + flow + ": " : "");
        if (auto problem = liveProblem(readers[i]->status(), flows[i].liveOptions, ready[i], timeoutS))
            problems.push_back(several ? "flow " + flow + " cannot be read: " + *problem : *problem);
        else
            readable.push_back(flow);
    }
    if (problems.empty())
        return std::nullopt;
    std::string message;
    for (const std::string& p : problems)
        message += (message.empty() ? "" : "\n") + p;
    for (const std::string& flow : readable)
        message += "\nto read " + flow + " alone: --flow " + flow;
    return Failure{kInputError, message};
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

// The session's time range, and --at within it; a --task-start the session can apply.
std::optional<Failure> checkMoment(ReportInput& input, bool nameFlow)
{
    const ReportOptions& options = input.options;
    const std::string flow = nameFlow ? "flow " + flowOf(input.liveOptions) + ": " : "";
    if (auto failure = checkTaskStart(options.state.taskStart, input.session.syncs.size(), "read"))
        return failure;
    input.firstMs = firstMoment(input.session);
    input.lastMs = input.session.lastActivityMs();
    if (input.at) {
        const auto at = resolveMoment(*input.at, input.session.info.bookmarks);
        if (!at)
            return usage("--at: " + at.error());
        input.options.atMs = *at;
    }
    if (options.atMs && input.session.info.recordTimesUnknown)
        return Failure{kInputError, flow + "--at: the records carry no times (MM2's console formatters print "
                                           "none), so the session has no moment but its end"};
    if (options.atMs && input.firstMs)
        if (auto outside = outsideSession("--at", *options.atMs, *input.firstMs, *input.lastMs))
            return Failure{kInputError, flow + *outside};
    if (options.atMs && !input.firstMs)
        return Failure{kInputError,
                       flow + "--at: the session holds no record or sample, so nothing is known at any time"};
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
         "As of this time (ISO 8601, UTC unless a zone is given, or epoch ms), or of the capture's "
         "bookmark of this name. Default: the end of the capture, or now. A time outside the session is "
         "an error.",
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

std::optional<Failure> readReportInputs(const QCommandLineParser& parser, const ReportInput& common,
                                        bool everyFlow, std::vector<ReportInput>& out)
{
    const QStringList files = parser.positionalArguments();
    ReportInput input;
    input.command = common.command;
    input.observeMs = common.observeMs;
    input.live = hasConnectionOptions(parser);
    if (files.size() > 1 || (files.isEmpty() && !input.live) || (!files.isEmpty() && input.live))
        return usage(
            input.command +
            " reads one CAPTURE file or live clusters (--source-bootstrap and --target-bootstrap, or "
            "--mm2-config)");
    if (auto failure = readReportRuleOptions(parser, input.options))
        return failure;
    if (parser.isSet("at")) { // resolved once the session is read: it may name one of its bookmarks
        input.at = toStd(parser.value("at"));
        // Live clusters have no bookmarks: a mistake is said before connecting.
        if (const auto time = resolveMoment(*input.at, {}); !time && input.live)
            return usage("--at: " + time.error());
    }
    out.clear();
    if (input.live) {
        std::vector<std::optional<std::string>> flows = {std::nullopt};
        if (everyFlow)
            if (auto failure = readFlowsToRead(parser, flows))
                return failure;
        for (const std::optional<std::string>& flow : flows) {
            ReportInput& read = out.emplace_back(); // a Session is not copied: the rest of `input` is
            read.command = input.command;
            read.observeMs = input.observeMs;
            read.live = true;
            read.options = input.options;
            read.at = input.at;
            if (auto failure = readLiveOptions(parser, read.options.state.release, read.liveOptions, flow))
                return failure;
        }
        if (auto failure = readLive(parser, out))
            return failure;
    } else {
        auto file = readSessionFile(toStd(files.front()));
        if (!file)
            return Failure{kInputError, file.error()};
        input.session = std::move(file->session);
        if (!parser.isSet("mm2-version")) {
            const ResolvedRelease recorded =
                resolveRecordedRelease(input.session.info.release, kDefaultRelease);
            input.options.state.release = recorded.rules;
            input.options.state.releaseWarning = recorded.warning;
            printReleaseWarning(recorded.warning);
        }
        out.push_back(std::move(input));
    }
    for (ReportInput& flow : out)
        if (auto failure = checkMoment(flow, out.size() > 1))
            return failure;
    return std::nullopt;
}

std::optional<Failure> checkAnswers(const std::vector<FlowAnswer>& flows)
{
    const bool several = flows.size() > 1;
    std::set<std::string> answered;
    for (const FlowAnswer& flow : flows)
        for (const PartitionReport& row : flow.report.rows)
            answered.insert(row.group);
    std::vector<std::string> unknown;
    for (const std::string& g : flows.front().input.options.groups)
        if (!answered.count(g))
            unknown.push_back(g);
    if (unknown.empty() && !answered.empty())
        return std::nullopt;
    std::set<std::string> known;
    for (const FlowAnswer& flow : flows)
        for (const std::string& g : knownGroups(flow.input.session))
            if (std::find(unknown.begin(), unknown.end(), g) == unknown.end())
                known.insert(g);
    const std::string at = " by " + reportMomentText(flows.front().report);
    const std::string knownText = known.empty() ? std::string(several ? "the sessions know no group at all"
                                                                      : "the session knows no group at all")
                                                : "known groups: " + listed({known.begin(), known.end()});
    // Topics that are missing or unreadable explain most empty answers: aliases that match no
    // topic (MM2 names its internal topics after them), or a principal without Describe.
    std::string topics;
    for (const FlowAnswer& flow : flows)
        for (const ReaderProblem& p : flow.report.reader.problems)
            if (p.state == readerEventName(ReaderEventState::TopicMissing) ||
                p.state == readerEventName(ReaderEventState::TopicUnreadable))
                topics += "; " + (several ? "flow " + flowOf(flow.input.liveOptions) + " " : "") +
                          std::string(p.side ? sideName(*p.side) : "reader") + " " + p.state + ": " +
                          p.message;
    if (!topics.empty())
        topics += " (are the aliases MM2's cluster aliases, and the release the one MM2 runs?)";
    const std::string inFlows = several ? " in any of its " + std::to_string(flows.size()) + " flows" : "";
    if (!unknown.empty())
        return Failure{kInputError, std::string(unknown.size() == 1 ? "group " : "groups ") +
                                        listed(unknown) + ": no committed offset or checkpoint" + inFlows +
                                        at + "; " + knownText + topics};
    return Failure{kInputError, "no consumer group has a committed offset or checkpoint" + inFlows + at +
                                    "; " + knownText + topics};
}

namespace {

std::optional<int> readFlowAnswers(const QCommandLineParser& parser, const ReportInput& common,
                                   bool everyFlow, std::vector<FlowAnswer>& out,
                                   std::optional<std::vector<Verdict>>& failOn)
{
    std::vector<ReportInput> inputs;
    std::optional<Failure> failure = readFailOn(parser, failOn);
    if (!failure)
        failure = readReportInputs(parser, common, everyFlow, inputs);
    if (!failure) {
        out.clear();
        for (ReportInput& input : inputs) {
            Report answer = buildReport(input.session, input.options);
            out.push_back({std::move(input), std::move(answer)});
        }
        failure = checkAnswers(out);
    }
    if (failure)
        return report(*failure);
    // Read alone, such a flow is an error; among others, its section says it is empty.
    for (const FlowAnswer& flow : out)
        if (out.size() > 1 && flow.report.rows.empty())
            printNote("note: flow " + flowOf(flow.input.liveOptions) +
                      ": no consumer group has a committed offset or checkpoint by " +
                      reportMomentText(flow.report));
    return std::nullopt;
}

} // namespace

std::optional<int> readAnswers(const QCommandLineParser& parser, const ReportInput& common,
                               std::vector<FlowAnswer>& out, std::optional<std::vector<Verdict>>& failOn)
{
    return readFlowAnswers(parser, common, true, out, failOn);
}

std::optional<int> readOneFlowAnswer(const QCommandLineParser& parser, ReportInput& input, Report& answer,
                                     std::optional<std::vector<Verdict>>& failOn)
{
    std::vector<FlowAnswer> flows;
    if (auto exit = readFlowAnswers(parser, input, false, flows, failOn))
        return exit;
    input = std::move(flows.front().input);
    answer = std::move(flows.front().report);
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

std::optional<int> failOnExit(const std::vector<FlowAnswer>& flows,
                              const std::optional<std::vector<Verdict>>& failOn)
{
    if (!failOn)
        return std::nullopt;
    // Groups in report order, each once per flow ("group" alone when one flow is read).
    std::vector<std::string> order;
    std::map<std::string, std::set<Verdict>> hits;
    for (const FlowAnswer& flow : flows)
        for (const PartitionReport& row : flow.report.rows) {
            const std::string name =
                flows.size() > 1 ? row.group + " in " + flowOf(flow.input.liveOptions) : row.group;
            if (order.empty() || order.back() != name)
                order.push_back(name);
            for (Verdict v : row.verdicts)
                if (std::find(failOn->begin(), failOn->end(), v) != failOn->end())
                    hits[name].insert(v);
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
              (flows.size() > 1 ? " groups (counted per flow) unhealthy: " : " groups unhealthy: ") +
              listed(unhealthy, 10));
    return kUnhealthy;
}

} // namespace driftscope::cli
