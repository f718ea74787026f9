// driftscope-cli report: per group and partition, where a failover would resume and how much it
// would replay or skip, with health verdicts, from a capture (or any session file) or live
// clusters.
#include "app/cli/commands.h"
#include "app/cli/report_input.h"

#include "model/analysis/report_format.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace driftscope::cli {
namespace {

// Bold for the resume offset on a terminal, unless NO_COLOR asks for none (no-color.org).
TextStyle terminalStyle()
{
    const char* noColor = std::getenv("NO_COLOR");
    const bool plain = (noColor && *noColor) || !isatty(fileno(stdout));
    return plain ? TextStyle::Plain : TextStyle::Terminal;
}

} // namespace

int runReport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromStdString(
        "Report, per consumer group and partition, the committed offset, what MM2 would translate it to if "
        "it checkpointed now (IF CHECKPOINTED NOW: not the resume offset), the checkpoint in force and its "
        "age "
        "('(held)' when MM2 would emit nothing newer, so it is not stale), the resume offset (where a "
        "failed-over group starts on the target: the checkpoint's downstream offset, or the target group "
        "offset "
        "MM2 synced; in bold on a terminal), what a failover does (replays N = granularity + group-offset "
        "sync "
        "+ staleness + commit cadence, minus overshoot and rewind; or SKIPS N; 'replay unknown' or 'may "
        "SKIP' "
        "where nothing says which source record the target holds at the resume offset, with the reason among "
        "the notes) and health verdicts: " +
        verdictNames() +
        " (over-replay-budget with --max-replay-records or --max-replay-seconds; the integrity verdicts "
        "with their evidence among the notes).\n"
        "Reads a capture (or formatter text / JSON Lines), or live clusters given by the connection "
        "options; with an --mm2-config of several enabled flows and no --flow, every flow at once: one "
        "report per flow (JSON: one object per line), each row naming its flow.\n"
        "Exit codes: 0 ok, 1 input error (also: clusters unreadable, an unknown --group, --at outside the "
        "session, no group at all), 2 usage error, 3 a row has a --fail-on verdict."));
    addReportInputOptions(parser);
    parser.addOption({"json", "Print one JSON object (per flow, one per line)."});
    parser.addOption({"csv", "Print CSV, one line per group and partition."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (parser.isSet("json") && parser.isSet("csv"))
        return report(usage("--json and --csv exclude each other"));
    std::optional<std::vector<Verdict>> failOn;
    ReportInput common;
    common.command = "report";
    std::vector<FlowAnswer> flows;
    if (auto exit = readAnswers(parser, common, flows, failOn))
        return *exit;
    const bool several = flows.size() > 1;
    for (size_t i = 0; i < flows.size(); ++i) {
        const Report& result = flows[i].report;
        if (parser.isSet("json"))
            printOut(reportJson(result)); // JSON Lines: one object per flow
        else if (parser.isSet("csv")) {
            std::fputs(reportCsv(result, i == 0 ? CsvHeader::With : CsvHeader::Without).c_str(), stdout);
            // CSV lines are all rows: the report's notes go to stderr, in the text report's words.
            const std::string flow = several ? "flow " + flowName(result) + ": " : "";
            for (const std::string& line : reportNotes(result))
                printNote("note: " + flow + (line.starts_with("note: ") ? line.substr(6) : line));
        } else {
            // Two statements, not "\n" + text: GCC 12 at -O3 warns falsely about that (-Wrestrict).
            std::fputs(i ? "\n" : "", stdout);
            std::fputs(reportText(result, terminalStyle()).c_str(), stdout);
        }
    }
    return failOnExit(flows, failOn).value_or(kOk);
}

} // namespace driftscope::cli
