// driftscope-cli demo-cluster: runs the embedded demo clusters in the foreground and tells how to
// connect to them.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/demo/demo_cluster.h"
#include "model/util/json_writer.h"
#include "model/util/named_registry.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace driftscope::cli {
namespace {

// JsonWriter writes no doubles (json_writer.h): the scenario's rates and shares go as decimal
// strings that read back as the same double.
std::string decimal(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

std::string infoJson(const kafka::DemoInfo& info, const kafka::DemoScenario& scenario)
{
    JsonWriter json;
    json.beginObject();
    json.key("source").beginObject().key("alias").value(info.sourceAlias);
    json.key("bootstrap").value(info.sourceBootstrap).endObject();
    json.key("target").beginObject().key("alias").value(info.targetAlias);
    json.key("bootstrap").value(info.targetBootstrap).endObject();
    json.key("offset_syncs_topic").value(info.topics.offsetSyncs);
    json.key("checkpoints_topic").value(info.topics.checkpoints);
    json.key("heartbeats_topic").value(info.topics.heartbeats);
    json.key("groups").beginArray();
    for (const std::string& g : info.groups)
        json.value(g);
    json.endArray();
    json.key("scenario").value(scenario.name);
    json.key("mm2_release").value(toString(scenario.release));
    // The scenario's design (docs/demo.md), for whoever checks the demo against it.
    json.key("design").beginObject();
    json.key("topics").beginArray();
    for (const kafka::DemoTopic& t : scenario.topics) {
        json.beginObject().key("name").value(t.name).key("partitions").value(t.partitions);
        json.key("records_per_second").value(decimal(t.recordsPerSecond));
        json.key("filtered_share").value(decimal(t.filteredShare));
        json.endObject();
    }
    json.endArray();
    json.key("groups").beginArray();
    for (const kafka::DemoGroup& g : scenario.groups) {
        using Habit = kafka::DemoGroup::Habit;
        json.beginObject().key("name").value(g.name);
        json.key("habit").value(g.habit == Habit::KeepsUp     ? "keeps-up"
                                : g.habit == Habit::FarBehind ? "far-behind"
                                                              : "stalls");
        json.key("commit_interval_ms").value(g.commitIntervalMs).key("speed").value(decimal(g.speed));
        json.key("stall_after_ms").value(g.stallAfterMs).key("topics").beginArray();
        for (const std::string& topic : g.topics)
            json.value(topic);
        json.endArray().endObject();
    }
    json.endArray();
    json.key("offset_lag_max").value(scenario.offsetLagMax);
    json.key("offset_flush_interval_ms").value(scenario.offsetFlushIntervalMs);
    json.key("emit_checkpoints_interval_ms").value(scenario.emitCheckpointsIntervalMs);
    json.key("produce_interval_ms").value(scenario.produceIntervalMs);
    json.key("mirror_lag_limit_ms").value(kafka::demoMirrorLagLimitMs(scenario));
    json.endObject();
    json.endObject();
    return json.str();
}

std::string infoText(const kafka::DemoInfo& info, const kafka::DemoScenario& s)
{
    std::string groups;
    for (const std::string& g : info.groups)
        groups += (groups.empty() ? "" : ", ") + g;
    return "driftscope demo clusters, scenario " + s.name + ": " + s.description + "\n" + "source " +
           info.sourceAlias + ": " + info.sourceBootstrap + "\n" + "target " + info.targetAlias + ": " +
           info.targetBootstrap + "\n" + "offset syncs: " + info.topics.offsetSyncs + " (on " +
           info.sourceAlias + ")\n" + "checkpoints:  " + info.topics.checkpoints + " (on " +
           info.targetAlias + ")\n" + "heartbeats:   " + info.topics.heartbeats + " (on " + info.targetAlias +
           ")\n" + "groups: " + groups + "\n" + "MM2 " + toString(s.release) + ", checkpoints every " +
           std::to_string(s.emitCheckpointsIntervalMs / 1000) + " s, offset.lag.max " +
           std::to_string(s.offsetLagMax) + "\n" + "try: driftscope-cli report --source-bootstrap " +
           info.sourceBootstrap + " --target-bootstrap " + info.targetBootstrap +
           (s.release == kDefaultRelease ? "" : " --mm2-version " + toString(s.release));
}

} // namespace

int runDemoCluster(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Run two embedded Kafka clusters (librdkafka mock clusters), source and target, with producers, "
        "consumer groups and an MM2 engine writing real offset syncs, checkpoints and heartbeats. Prints how "
        "to "
        "connect, then runs until --duration has passed or Ctrl-C, with a status line every "
        "--status-interval "
        "seconds that says how far the demo's own MM2 is behind its source (and when the demo cannot keep "
        "up with its scenario).\n"
        "Exit codes: 0 ok, 1 the clusters could not start, 2 usage error.");
    parser.addOption({"duration", "Seconds to run. Default: until interrupted.", "S"});
    parser.addOption({"scenario",
                      "The workload: " + QString::fromStdString(joinNames(kafka::demoScenarioNames())) +
                          ". Default: steady.",
                      "NAME"});
    parser.addOption(
        {"mm2-version", "Run MM2 with the rules of this release instead of the scenario's.", "V"});
    parser.addOption(
        {"checkpoint-interval", "emit.checkpoints.interval.seconds of the demo's MM2. Default: 10.", "S"});
    parser.addOption({"status-interval", "Seconds between status lines. Default: 10.", "S"});
    parser.addOption({"json",
                      "Print the connection details as one JSON object on one line, and each status as "
                      "one JSON object a line after it."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.positionalArguments().isEmpty())
        return report(usage("unexpected argument '" + toStd(parser.positionalArguments().front()) + "'"));
    auto scenario =
        kafka::demoScenario(parser.isSet("scenario") ? toStd(parser.value("scenario")) : "steady");
    if (!scenario)
        return report(usage("--scenario: " + scenario.error()));
    if (auto failure = readRelease(parser, scenario->release, scenario->release))
        return report(*failure);
    OptionReader r{parser, std::nullopt};
    const std::optional<int64_t> durationS = r.integer("duration", 1, 365LL * 86'400);
    const int64_t statusS = r.integer("status-interval", 1, 86'400).value_or(10);
    if (auto v = r.integer("checkpoint-interval", 1, 86'400))
        scenario->emitCheckpointsIntervalMs = *v * 1000;
    if (r.failure)
        return report(*r.failure);

    catchInterrupts();
    auto demo = kafka::DemoClusters::start(*scenario);
    if (!demo)
        return report({kInputError, demo.error()});
    printOut(parser.isSet("json") ? infoJson((*demo)->info(), *scenario)
                                  : infoText((*demo)->info(), *scenario));
    std::fflush(stdout); // whoever started us waits for this line
    const bool json = parser.isSet("json");
    const auto started = std::chrono::steady_clock::now();
    const auto end = started + std::chrono::seconds(durationS.value_or(0));
    auto nextStatus = started + std::chrono::seconds(statusS);
    while (!interrupted() && (!durationS || std::chrono::steady_clock::now() < end)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const auto now = std::chrono::steady_clock::now();
        if (now < nextStatus)
            continue;
        nextStatus += std::chrono::seconds(statusS);
        const kafka::DemoStats s = (*demo)->stats();
        const int64_t elapsedMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(now - started).count();
        if (json) {
            JsonWriter status;
            kafka::writeDemoStatusJson(status, s, elapsedMs);
            printOut(status.str());
        } else {
            printOut("status: " + kafka::demoStatusText(s));
        }
        std::fflush(stdout);
    }
    printNote("demo stopped: " + kafka::demoRunSummary((*demo)->stats()));
    return kOk;
}

} // namespace driftscope::cli
