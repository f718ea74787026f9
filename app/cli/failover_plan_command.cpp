// driftscope-cli failover-plan: per group, the reset file kafka-consumer-groups applies
// (--reset-offsets --from-file), plan.txt with the exact commands and what to do with the
// partitions left out, and plan.json.
#include "app/cli/commands.h"
#include "app/cli/report_input.h"

#include "model/analysis/failover_plan.h"
#include "model/io/kafka/group_states.h"
#include "model/io/plan_files.h"

namespace driftscope::cli {
namespace {

// One flow's plan into `directory`, and on stdout (after a blank line unless `first`).
std::optional<int> writePlan(const QCommandLineParser& parser, const FlowAnswer& flow,
                             const std::string& directory, bool first)
{
    FailoverPlan plan = planFailover(flow.report);
    PlanCommand command;
    command.directory = directory;
    if (parser.isSet("command-config"))
        command.commandConfig = toStd(parser.value("command-config"));
    const ReportInput& input = flow.input;
    command.targetBootstrap = planTargetBootstrap(
        input.session.info,
        input.live ? input.liveOptions.connection.target.property("bootstrap.servers").value_or("") : "");
    if (input.live) {
        const auto states = kafka::groupStates(input.liveOptions.connection.target, 10'000);
        for (GroupPlan& g : plan.groups) {
            if (!states)
                g.targetState = "unknown (" + states.error() + ")";
            else if (const auto it = states->find(g.group); it != states->end())
                g.targetState = it->second;
            else
                g.targetState = "absent (no such group on the target yet: the reset creates it)";
        }
    }
    if (auto failure = writeFailoverPlan(command.directory, plan, command))
        return report({kInputError, *failure});
    if (parser.isSet("json"))
        printOut(planJson(plan, command)); // JSON Lines: one plan per flow
    else {
        std::fputs(first ? "" : "\n", stdout); // apart: GCC 12 -O3 warns falsely on "\n" + text
        std::fputs(planText(plan, command).c_str(), stdout);
    }
    return std::nullopt;
}

} // namespace

int runFailoverPlan(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a failover plan into --out-dir: per group a reset file <group>.csv (topic,partition,offset of "
        "the target topics, no header: what kafka-consumer-groups --reset-offsets --from-file reads; a group "
        "name that cannot be a file name is escaped, plan.json maps names to files), plan.txt with the exact "
        "kafka-consumer-groups command per group and the partitions left out with the reason (no checkpoint, "
        "too old, no sync, not ready, skip possible, beyond target end: never written with an empty offset), "
        "and plan.json. The offsets are the report's resume offsets. Live, the target groups' states are "
        "read (a group must be empty before a reset). With an --mm2-config of several enabled flows and no "
        "--flow, one plan per flow, each in a folder of --out-dir named SOURCE-to-TARGET.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error, 3 a row has a --fail-on verdict (the files are "
        "written all the same).");
    addReportInputOptions(parser);
    parser.addOption({"out-dir", "The folder for the plan's files (created when missing).", "DIR"});
    parser.addOption({"command-config",
                      "A client properties file for the target cluster, named in the kafka-consumer-groups "
                      "commands (--command-config).",
                      "FILE"});
    parser.addOption({"json", "Print plan.json on stdout instead of plan.txt (per flow, one per line)."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.isSet("out-dir"))
        return report(usage("--out-dir DIR is required"));
    std::optional<std::vector<Verdict>> failOn;
    ReportInput common;
    common.command = "failover-plan";
    std::vector<FlowAnswer> flows;
    if (auto exit = readAnswers(parser, common, flows, failOn))
        return *exit;
    for (size_t i = 0; i < flows.size(); ++i) {
        std::string directory = toStd(parser.value("out-dir"));
        if (flows.size() > 1)
            directory += "/" + flows[i].report.sourceAlias + "-to-" + flows[i].report.targetAlias;
        if (auto exit = writePlan(parser, flows[i], directory, i == 0))
            return *exit;
    }
    return failOnExit(flows, failOn).value_or(kOk);
}

} // namespace driftscope::cli
