#include "app/cli/scenario_options.h"

#include "model/records/formatter_text.h"
#include "model/util/named_registry.h"
#include "model/util/text_format.h"

#include <cmath>

namespace driftscope::cli {

void addScenarioOptions(QCommandLineParser& parser, bool standalone)
{
    parser.addOption(
        {"scenario",
         "Start from a built-in scenario: " + QString::fromStdString(joinNames(sim::scenarioNames())) +
             ". Default: steady (4 partitions, 50 records/s each, three groups committing every "
             "1 s, 5 s and 60 s, one hour).",
         "NAME"});
    if (standalone)
        parser.addOption({"mm2-version",
                          "The MM2 release whose rules run (MAJOR.MINOR.PATCH). Default: the scenario's "
                          "(4.4.0; legacy-skip uses 2.4.0).",
                          "V"});
    parser.addOption({"partitions", "Source partitions of the mirrored topic.", "N"});
    parser.addOption({"groups",
                      "Replace the scenario's groups by N groups app-1..app-N committing every 5 s, 30 s, "
                      "60 s in turn.",
                      "N"});
    parser.addOption({"produce-rate", "Records per second written to each source partition.", "R"});
    parser.addOption(
        {"consume-rate", "Records per second each group reads per partition (default: keeps up).", "R"});
    parser.addOption({"commit-interval", "Every group commits every MS milliseconds.", "MS"});
    parser.addOption({"gap-ratio", "Share of source offsets that hold transaction markers (0 to 0.5).", "F"});
    parser.addOption({"offset-lag-max", "MM2's offset.lag.max (default 100).", "L"});
    parser.addOption({"emit-checkpoints-interval", "emit.checkpoints.interval.seconds (default 60).", "S"});
    parser.addOption({"offset-flush-interval", "offset.flush.interval.ms (default 60000).", "MS"});
    parser.addOption({"sync-group-offsets",
                      "Enable sync.group.offsets.enabled (MM2 2.7.0+), every 60 s unless "
                      "--sync-group-offsets-interval says otherwise."});
    parser.addOption({"sync-group-offsets-interval",
                      "sync.group.offsets.interval.seconds (default 60). Implies --sync-group-offsets.",
                      "S"});
    parser.addOption({"duration", "Simulated seconds.", "S"});
    if (standalone) {
        const int64_t steadyInterval = sim::defaultSampleIntervalMs(sim::namedScenario("steady").value());
        parser.addOption(
            {"sample-interval",
             "Seconds between printed samples, decimals allowed (e.g. 0.5). Default: a tenth of the "
             "shortest of the emit interval, the commit intervals and the group-offset sync "
             "interval, in whole ticks, at least one tick (steady: " +
                 QString::fromStdString(formatFixed(steadyInterval, 3)) +
                 " s), and sparser when the run would print more than " +
                 QString::number(sim::kMaxDefaultSamples) + " samples (sample times x group partitions).",
             "S"});
    }
    parser.addOption({"tick", "Simulation step in milliseconds (default 100).", "MS"});
    parser.addOption({"seed", "Seed of the run; the same seed gives the same output (default 1).", "N"});
    parser.addOption({"event",
                      "An event, repeatable: TIME_S:source-task-restart[:DOWNTIME_S[:graceful]], "
                      "TIME_S:checkpoint-task-restart[:DOWNTIME_S[:restore-fails]], "
                      "TIME_S:consumer-stall:GROUP:SECONDS, TIME_S:truncate-target[:PARTITION].",
                      "SPEC"});
}

std::optional<Failure> buildScenario(const QCommandLineParser& parser, sim::Scenario& s)
{
    auto named = sim::namedScenario(parser.isSet("scenario") ? toStd(parser.value("scenario")) : "steady");
    if (!named)
        return Failure{kUsageError, "--scenario: " + named.error() + "\n(see --help)"};
    s = *named;
    if (auto failure = readRelease(parser, s.release, s.release))
        return failure;
    OptionReader r{parser, std::nullopt};
    if (auto v = r.integer("partitions", 1, 100'000))
        s.partitions = static_cast<int>(*v);
    if (auto v = r.integer("groups", 1, 1000))
        s.groups = sim::defaultGroups(static_cast<int>(*v));
    if (auto v = r.real("produce-rate", 0, 1e7))
        s.produceRate = *v;
    if (auto v = r.real("consume-rate", 0, 1e7))
        for (sim::GroupSpec& g : s.groups)
            g.consumeRate = *v;
    if (auto v = r.integer("commit-interval", 1, 86'400'000))
        for (sim::GroupSpec& g : s.groups)
            g.commitIntervalMs = *v;
    if (auto v = r.real("gap-ratio", 0, 0.5))
        s.gapRatio = *v;
    if (auto v = r.integer("offset-lag-max", INT64_MIN, INT64_MAX))
        s.offsetLagMax = *v;
    if (auto v = r.integer("emit-checkpoints-interval", 1, 86'400))
        s.emitCheckpointsIntervalMs = *v * 1000;
    if (auto v = r.integer("offset-flush-interval", 1, 86'400'000))
        s.offsetFlushIntervalMs = *v;
    if (auto v = r.integer("duration", 0, 31LL * 86'400))
        s.durationMs = *v * 1000;
    if (auto v = r.real("sample-interval", 0.001, 86'400))
        s.sampleIntervalMs = std::llround(*v * 1000);
    if (auto v = r.integer("tick", 1, 60'000))
        s.tickMs = *v;
    if (auto v = r.integer("seed", 0, INT64_MAX))
        s.seed = static_cast<uint64_t>(*v);
    if (r.failure)
        return r.failure;
    if (auto v = r.integer("sync-group-offsets-interval", 1, 86'400)) {
        s.syncGroupOffsetsIntervalMs = *v * 1000;
        s.syncGroupOffsets = true; // an interval only means something with the sync on
    }
    if (r.failure)
        return r.failure;
    if (parser.isSet("sync-group-offsets"))
        s.syncGroupOffsets = true;
    for (const QString& spec : parser.values("event")) {
        auto event = sim::parseEvent(toStd(spec));
        if (!event)
            return Failure{kUsageError, "--event: " + event.error() + "\n(see --help)"};
        s.events.push_back(*event);
    }
    if (const std::string problem = sim::validate(s); !problem.empty())
        return Failure{kUsageError, "scenario: " + problem + "\n(see --help)"};
    return std::nullopt;
}

} // namespace driftscope::cli
