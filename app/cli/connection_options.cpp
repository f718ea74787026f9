#include "app/cli/connection_options.h"

#include "model/config/mm2_configuration.h"
#include "model/config/property_lookup.h"
#include "model/io/kafka/settings_check.h"
#include "model/io/record_file.h"

#include "driftscope_version.h"

#include <set>

namespace driftscope::cli {
namespace {

std::optional<Failure> readProperties(const QCommandLineParser& parser, const char* option,
                                      std::optional<Properties>& out)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const std::string path = toStd(parser.value(option));
    auto text = readTextFile(path);
    if (!text)
        return Failure{kInputError, text.error()};
    auto properties = Properties::parse(*text);
    if (!properties)
        return Failure{kInputError, path + ": " + properties.error()};
    out = std::move(*properties);
    return std::nullopt;
}

// --mm2-config's file: mm2.properties or a Strimzi KafkaMirrorMaker2 resource.
std::optional<Failure> readMm2Configuration(const QCommandLineParser& parser, Mm2Configuration& out)
{
    const std::string path = toStd(parser.value("mm2-config"));
    auto text = readTextFile(path);
    if (!text)
        return Failure{kInputError, text.error()};
    auto config = parseMm2Configuration(*text);
    if (!config)
        return Failure{kInputError, path + ": " + config.error()};
    out = std::move(*config);
    return std::nullopt;
}

std::vector<std::string> dashXValues(const QCommandLineParser& parser)
{
    std::vector<std::string> out;
    for (const QString& x : parser.values("X"))
        out.push_back(toStd(x));
    return out;
}

std::optional<Failure> readSettings(const QCommandLineParser& parser, const Release& release,
                                    const std::optional<std::string>& flowOverride, ConnectionSettings& out)
{
    const bool mm2 = parser.isSet("mm2-config");
    const bool parts = parser.isSet("source-bootstrap") || parser.isSet("target-bootstrap") ||
                       parser.isSet("source-properties") || parser.isSet("target-properties");
    if (mm2 && parts)
        return usage("--mm2-config describes both clusters: it cannot be combined with --source-bootstrap, "
                     "--target-bootstrap or --*-properties (-X overrides its client settings)");
    if (mm2) {
        Mm2Configuration config;
        if (auto failure = readMm2Configuration(parser, config))
            return failure;
        std::optional<std::string> flow = flowOverride;
        if (!flow && parser.isSet("flow"))
            flow = toStd(parser.value("flow"));
        auto settings = settingsFromMm2Configuration(config, flow, profileFor(release), dashXValues(parser));
        if (!settings)
            return Failure{kInputError, toStd(parser.value("mm2-config")) + ": " + settings.error()};
        out = std::move(*settings);
    } else {
        if (parser.isSet("flow"))
            return usage("--flow needs --mm2-config");
        std::optional<Properties> sourceFile, targetFile;
        if (auto failure = readProperties(parser, "source-properties", sourceFile))
            return failure;
        if (auto failure = readProperties(parser, "target-properties", targetFile))
            return failure;
        auto optional = [&](const char* name) -> std::optional<std::string> {
            if (!parser.isSet(name))
                return std::nullopt;
            return toStd(parser.value(name));
        };
        auto settings =
            settingsFromParts(optional("source-alias").value_or("A"), optional("target-alias").value_or("B"),
                              optional("source-bootstrap"), optional("target-bootstrap"), dashXValues(parser),
                              sourceFile ? &*sourceFile : nullptr, targetFile ? &*targetFile : nullptr);
        if (!settings)
            return usage(settings.error());
        out = std::move(*settings);
        if (parser.isSet("offset-syncs-location")) {
            const std::string location = toStd(parser.value("offset-syncs-location"));
            const auto side = parseSide(location);
            if (!side)
                return usage("--offset-syncs-location: expected source or target, got '" + location + "'");
            out.syncsLocation = *side;
        }
    }
    if (parser.isSet("offset-syncs-topic"))
        out.offsetSyncsTopic = toStd(parser.value("offset-syncs-topic"));
    if (parser.isSet("checkpoints-topic"))
        out.checkpointsTopic = toStd(parser.value("checkpoints-topic"));
    if (parser.isSet("heartbeats-topic"))
        out.heartbeatsTopic = toStd(parser.value("heartbeats-topic"));
    if (parser.isSet("connect-offsets-topic"))
        out.connectOffsetsTopic = toStd(parser.value("connect-offsets-topic"));
    return std::nullopt;
}

} // namespace

void addConnectionOptions(QCommandLineParser& parser)
{
    parser.addOption({"source-bootstrap", "Bootstrap servers of the source cluster.", "HOST:PORT[,...]"});
    parser.addOption({"target-bootstrap", "Bootstrap servers of the target cluster.", "HOST:PORT[,...]"});
    parser.addOption({"source-alias", "MM2's alias of the source cluster. Default: A.", "ALIAS"});
    parser.addOption({"target-alias", "MM2's alias of the target cluster. Default: B.", "ALIAS"});
    parser.addOption(
        {"X",
         "A librdkafka client setting for one cluster, e.g. -X source.security.protocol=SASL_SSL. "
         "Repeatable.",
         "source.KEY=VALUE|target.KEY=VALUE"});
    parser.addOption(
        {"source-properties", "librdkafka settings of the source cluster, one KEY=VALUE per line.", "FILE"});
    parser.addOption({"target-properties", "librdkafka settings of the target cluster.", "FILE"});
    parser.addOption(
        {"mm2-config",
         "MM2's properties file (clusters, A.bootstrap.servers, A->B.enabled, "
         "offset-syncs.topic.location, replication.policy.*, A.security.protocol, ...) or a Strimzi "
         "KafkaMirrorMaker2 resource (YAML, v1beta2 or v1), instead of the options above; -X "
         "overrides its client settings and gives the secrets a resource only names.",
         "FILE"});
    parser.addOption(
        {"flow", "The flow of --mm2-config to read, e.g. A->B (default: its only enabled flow).", "A->B"});
    parser.addOption({"offset-syncs-location", "Where the offset-syncs topic is: source (default) or target.",
                      "source|target"});
    parser.addOption(
        {"offset-syncs-topic", "Read this offset-syncs topic instead of MM2's name for it.", "TOPIC"});
    parser.addOption(
        {"checkpoints-topic", "Read this checkpoints topic instead of MM2's name for it.", "TOPIC"});
    parser.addOption({"heartbeats-topic", "Read this heartbeats topic instead of 'heartbeats'.", "TOPIC"});
    parser.addOption({"connect-offsets-topic",
                      "The target's Connect offsets topic where MM2's source connector keeps its replication "
                      "position (default: the MM2 configuration's offset.storage.topic, else "
                      "mm2-offsets.SOURCE.internal; a Connect cluster's own offset.storage.topic, e.g. "
                      "Strimzi's, which a KafkaMirrorMaker2 resource names).",
                      "TOPIC"});
    parser.addOption(
        {"group",
         "A consumer group to sample (repeatable). Groups named in the checkpoints topic, and those "
         "the source lists where it can, are sampled too.",
         "GROUP"});
    parser.addOption(
        {"sample-interval", "Seconds between samples of committed and log offsets. Default: 5.", "S"});
}

bool hasConnectionOptions(const QCommandLineParser& parser)
{
    for (const char* name : {"source-bootstrap", "target-bootstrap", "mm2-config", "X", "source-properties",
                             "target-properties"})
        if (parser.isSet(name))
            return true;
    return false;
}

std::optional<Failure> readLiveOptions(const QCommandLineParser& parser, const Release& release,
                                       kafka::LiveReaderOptions& out, const std::optional<std::string>& flow)
{
    if (auto failure = readSettings(parser, release, flow, out.connection))
        return failure;
    // Settings librdkafka refuses are found now, before anything connects or waits.
    if (auto refused = kafka::validateClientSettings(out.connection))
        return parser.isSet("mm2-config")
                   ? Failure{kInputError, toStd(parser.value("mm2-config")) + ": " + *refused}
                   : usage(*refused);
    // Each note once, though every flow of a configuration reads the same file.
    static std::set<std::string> printed;
    for (const std::string& note : out.connection.notes)
        if (printed.insert(note).second)
            printNote("note: " + note);
    out.release = release;
    for (const QString& g : parser.values("group"))
        out.groups.push_back(toStd(g));
    OptionReader r{parser, std::nullopt};
    if (auto v = r.integer("sample-interval", 1, 3600))
        out.sampleIntervalMs = *v * 1000;
    if (r.failure)
        return r.failure;
    out.toolVersion = DRIFTSCOPE_VERSION;
    return std::nullopt;
}

std::optional<Failure> readFlowsToRead(const QCommandLineParser& parser,
                                       std::vector<std::optional<std::string>>& out)
{
    out = {std::nullopt};
    if (!parser.isSet("mm2-config") || parser.isSet("flow"))
        return std::nullopt;
    Mm2Configuration config;
    if (auto failure = readMm2Configuration(parser, config))
        return failure;
    auto flows = enabledFlowNames(config.properties);
    if (!flows)
        return Failure{kInputError, toStd(parser.value("mm2-config")) + ": " + flows.error()};
    if (flows->size() < 2)
        return std::nullopt;
    // Options that name a cluster by its role, or a flow's own records, would reach another cluster
    // (a secret included) or another flow's topic in each flow.
    QStringList oneFlow;
    for (const char* name : {"X", "offset-syncs-topic", "checkpoints-topic", "heartbeats-topic",
                             "connect-offsets-topic", "task-start", "checkpoints-restored"})
        if (parser.optionNames().contains(name))
            oneFlow << (QString(name) == "X" ? "-X" : "--" + QString(name));
    if (!oneFlow.isEmpty())
        return usage(toStd(parser.value("mm2-config")) + " enables " + std::to_string(flows->size()) +
                     " flows (" + joined(*flows, ", ") + "), and " + toStd(oneFlow.join(", ")) +
                     " would apply to a different cluster or topic in each: read one flow with --flow " +
                     flows->front());
    out.assign(flows->begin(), flows->end());
    return std::nullopt;
}

size_t printEvents(const Session& session, size_t from, const std::string& prefix)
{
    for (; from < session.events.size(); ++from) {
        const ReaderEvent& e = session.events[from];
        if (!isProgressState(e.state))
            printNote("note: " + prefix + e.message);
    }
    return from;
}

} // namespace driftscope::cli
