// driftscope-cli simulate: a deterministic run of producers, MM2 and consumer groups, printed as
// a timeline per sample time, group and partition.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/scenario_options.h"

#include "model/records/formatter_text.h"
#include "model/sim/simulator.h"
#include "model/sim/timeline_format.h"
#include "model/util/named_registry.h"
#include "model/util/text_format.h"

#include <cmath>
#include <cstdio>

namespace driftscope::cli {
namespace {

// "  name: meaning" lines, for --help.
QString describeFields(const std::vector<sim::FieldDoc>& fields)
{
    QString text;
    for (const sim::FieldDoc& f : fields)
        text += QString("  %1: %2\n").arg(f.name, f.meaning);
    return text;
}

QString description()
{
    return "Simulate producers, MM2 and consumer groups over time, deterministically for a seed, and print "
           "per sample time, group and partition the offsets, the checkpoint in force, the replay window "
           "P - Ueq with its parts, and the records a failover would replay or skip (from the "
           "simulator's ground truth). Options override the chosen scenario.\n\n"
           "CSV columns (cells are empty where a figure does not exist, e.g. before the first "
           "checkpoint):\n" +
           describeFields(sim::csvColumns()) +
           "\n--json prints the same figures per sample as objects: checkpoint {upstream, downstream, "
           "age_ms}, sync {upstream, downstream} and replay {resume_offset, resume_from, "
           "upstream_equivalent, replay_offsets, skip_offsets, granularity, group_sync, staleness, "
           "cadence, overshoot, rewind, records (replay_records), replay_seconds, skipped_records, skip, "
           "beyond_target_end}, null where the CSV leaves cells empty.\n\n"
           "The summary (on stderr after the CSV as 'summary: {...}', or \"summary\" in --json). Its "
           "maxima and percentiles cover every simulated step, every tick of every group partition, "
           "whatever --sample-interval is; the sample counts only what was printed:\n" +
           describeFields(sim::summaryFields()) + "\nExit codes: 0 ok, 2 usage error.";
}

} // namespace

int runSimulate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description());
    addScenarioOptions(parser, true);
    parser.addOption(
        {"csv", "Print CSV with a header line (the default); the run's summary goes to stderr."});
    parser.addOption({"json", "Print one JSON object {\"scenario\",\"samples\",\"summary\"}."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.positionalArguments().isEmpty())
        return report({kUsageError, "simulate takes no positional arguments\n(see --help)"});
    if (parser.isSet("csv") && parser.isSet("json"))
        return report({kUsageError, "choose one of --csv and --json\n(see --help)"});

    sim::Scenario scenario;
    if (auto failure = buildScenario(parser, scenario))
        return report(*failure);

    if (parser.isSet("json")) {
        JsonWriter head;
        writeScenarioJson(head, scenario);
        std::fputs(("{\"scenario\":" + head.str() + ",\"samples\":[").c_str(), stdout);
        bool first = true;
        const sim::RunSummary summary = sim::simulate(scenario, [&](const sim::Sample& s) {
            JsonWriter row;
            sim::writeSampleJson(row, scenario, s);
            if (!first)
                std::fputc(',', stdout);
            first = false;
            std::fputs(row.str().c_str(), stdout);
        });
        JsonWriter tail;
        sim::writeSummaryJson(tail, summary);
        printOut("],\"summary\":" + tail.str() + "}");
        return kOk;
    }
    printOut(sim::csvHeader());
    const sim::RunSummary summary =
        sim::simulate(scenario, [&](const sim::Sample& s) { printOut(sim::csvRow(scenario, s)); });
    JsonWriter tail;
    sim::writeSummaryJson(tail, summary);
    printNote("summary: " + tail.str());
    return kOk;
}

} // namespace driftscope::cli
