// driftscope-cli tune: the cheapest MM2 settings under which a failover replays at most a target
// per partition at a percentile, what they cost, and the simulator's check (docs/tuning.md).
#include "app/cli/commands.h"
#include "app/cli/report_input.h"
#include "app/cli/scenario_options.h"

#include "model/analysis/tuning_flows.h"
#include "model/sim/tune_format.h"
#include "model/util/text_format.h"

#include <algorithm>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace driftscope::cli {
namespace {

constexpr int kOutOfReach = 3;           // the answer says what would have to change
constexpr int64_t kDefaultObserveS = 60; // live: a span of samples for the rates

QString description()
{
    return "Recommend MM2 settings for a replay budget: for offset.lag.max, "
           "emit.checkpoints.interval.seconds, sync.group.offsets.interval.seconds (when the flow syncs "
           "group offsets) and the consumers' commit interval, the current and the recommended value, the "
           "cheapest (fewest records per second written to MM2's internal topics and target groups) under "
           "which the model puts the chosen percentile of the replay (over group partitions and the moment "
           "of a failover) within the target; the replay expected (p50 and the percentile, each part alone, "
           "in records and in time), the cost as rates, and the simulator's check of the recommendation "
           "(tightened until the simulation meets the target). Where no MM2 setting can reach the target "
           "(a group so far behind that the store's spacing dominates, a group's own commit cadence), it "
           "says which group and partition, which part, and what would have to change.\n"
           "Input: a built-in scenario (--scenario, with the simulate command's overrides), a capture, or "
           "live clusters (the connection options). From a session the rates are the session's (source log "
           "end offsets and committed offsets over its samples), the emit interval and group-offset sync "
           "as the report finds them, offset.lag.max inferred from the syncs' spacing; --offset-lag-max, "
           "--offset-flush-interval and --commit-interval say what the session does not show.\n"
           "Exit codes: 0 a recommendation, 1 input error (also: a release before 3.4.1, which may skip and "
           "has no budget to tune for), 2 usage error, 3 the target is out of reach, or the simulation "
           "misses it even with the settings tightened (the answer says why, printed all the same).";
}

std::optional<Failure> readTarget(const QCommandLineParser& parser, tuning::Target& target)
{
    OptionReader r{parser, std::nullopt};
    const auto records = r.integer("max-replay-records", 1, INT64_MAX / 4);
    const auto seconds = r.real("max-replay-seconds", 0.1, 86'400 * 365.0);
    const auto percentile = r.real("percentile", 1, 100);
    if (r.failure)
        return r.failure;
    if (records.has_value() == seconds.has_value())
        return usage("give one target: --max-replay-records N or --max-replay-seconds T");
    target.unit = records ? tuning::Unit::Records : tuning::Unit::Seconds;
    target.amount = records ? static_cast<double>(*records) : *seconds;
    target.percentile = percentile.value_or(99);
    // Outputs name it to a tenth (p99.9): a finer one would be printed as another.
    if (std::abs(target.percentile * 10 - std::round(target.percentile * 10)) > 1e-9)
        return usage("--percentile takes at most one decimal (99.9), not " +
                     toStd(parser.value("percentile")));
    return std::nullopt;
}

std::optional<Failure> overridesOf(const QCommandLineParser& parser, tuning::FlowOverrides& out)
{
    OptionReader r{parser, std::nullopt};
    out.offsetLagMax = r.integer("offset-lag-max", 0, INT64_MAX);
    out.offsetFlushIntervalMs = r.integer("offset-flush-interval", 1, 86'400'000);
    out.commitIntervalMs = r.integer("commit-interval", 1, 86'400'000);
    return r.failure;
}

// A scenario option given without --scenario, which a session would silently ignore; empty if none.
QString scenarioOnlyOption(const QCommandLineParser& parser)
{
    for (const char* name :
         {"partitions", "groups", "produce-rate", "consume-rate", "gap-ratio", "emit-checkpoints-interval",
          "sync-group-offsets", "sync-group-offsets-interval", "duration", "tick", "seed", "event"})
        if (parser.isSet(name))
            return name;
    return {};
}

bool scenarioMode(const QCommandLineParser& parser)
{
    return parser.isSet("scenario");
}

std::optional<int> tuneSession(const QCommandLineParser& parser, const tuning::Target& target,
                               sim::TuneAnswer& answer)
{
    tuning::FlowOverrides overrides;
    if (auto failure = overridesOf(parser, overrides))
        return report(*failure);
    std::optional<std::vector<Verdict>> failOn;
    ReportInput input;
    input.command = "tune";
    OptionReader r{parser, std::nullopt};
    input.observeMs = r.integer("observe", 1, 86'400).value_or(kDefaultObserveS) * 1000;
    if (r.failure)
        return report(*r.failure);
    Report result;
    if (auto exit = readOneFlowAnswer(parser, input, result, failOn))
        return *exit;
    tuning::ObservedFlows flows = tuning::flowsOfReport(input.session, result, overrides);
    if (flows.profile.flows.empty())
        return report({kInputError,
                       "nothing to tune: no group partition with traffic in the session (source log "
                       "end offsets that moved, and a group's committed offset on them)"});
    answer = sim::tuneFlows(flows.profile, target);
    answer.input = (input.live ? std::string("live clusters")
                               : "capture " + toStd(parser.positionalArguments().value(0))) +
                   " as of " + formatUtcMs(result.atMs) + " (MM2 " + toString(result.release) + ")";
    answer.notes = std::move(flows.notes);
    return std::nullopt;
}

} // namespace

int runTune(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description());
    addReportInputOptions(parser);
    addScenarioOptions(parser, false);
    parser.addOption(
        {"percentile", "The percentile the target holds at (1 to 100, decimals allowed). Default: 99.", "P"});
    parser.addOption({"observe",
                      "Live: seconds to keep sampling the clusters once their history is in, for the rates "
                      "(every --sample-interval). Default: 60.",
                      "S"});
    parser.addOption({"json", "Print one JSON object."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    tuning::Target target;
    if (auto failure = readTarget(parser, target))
        return report(*failure);

    const auto started = std::chrono::steady_clock::now();
    sim::TuneAnswer answer;
    if (scenarioMode(parser)) {
        if (!parser.positionalArguments().isEmpty())
            return report(usage("--scenario takes no capture"));
        sim::Scenario scenario;
        if (auto failure = buildScenario(parser, scenario))
            return report(*failure);
        std::vector<std::string> groups;
        for (const QString& g : parser.values("group"))
            groups.push_back(toStd(g));
        for (const std::string& g : groups)
            if (std::none_of(scenario.groups.begin(), scenario.groups.end(),
                             [&](const sim::GroupSpec& s) { return s.name == g; }))
                return report({kInputError, "--group " + g + ": the scenario has no such group"});
        answer = sim::tuneScenario(scenario, target, groups);
    } else if (const QString only = scenarioOnlyOption(parser); !only.isEmpty()) {
        return report(usage("--" + toStd(only) +
                            " describes a scenario: give --scenario, or leave it out for a session "
                            "(where --offset-lag-max, --offset-flush-interval and --commit-interval "
                            "say what the session does not show)"));
    } else if (auto exit = tuneSession(parser, target, answer)) {
        return *exit;
    }
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    if (parser.isSet("json"))
        printOut(sim::tuneJson(answer));
    else
        std::fputs(sim::tuneText(answer).c_str(), stdout);
    std::fflush(stdout);
    printNote("tune took " + formatDurationMs(took.count()));
    if (!answer.recommendation.refused.empty())
        return kInputError;
    // A recommendation the simulation measured and found short is no answer either.
    const bool missed = answer.checked && answer.checked->simulated.p && !answer.checked->met;
    return answer.recommendation.reachable && !missed ? kOk : kOutOfReach;
}

} // namespace driftscope::cli
