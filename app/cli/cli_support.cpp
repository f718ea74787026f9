#include "app/cli/cli_support.h"

#include "model/io/session_file.h"
#include "model/records/formatter_text.h"

#include <QDateTime>

#include <charconv>
#include <csignal>
#include <cstdio>

namespace driftscope::cli {
namespace {

std::optional<Failure> parseTaskStart(const QCommandLineParser& parser, size_t& out)
{
    if (!parser.isSet("task-start"))
        return std::nullopt;
    const std::string text = toStd(parser.value("task-start"));
    unsigned long long n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return usage("--task-start: '" + text + "' is not a non-negative record count");
    out = static_cast<size_t>(n);
    return std::nullopt;
}

std::optional<Failure> readOffsetSyncs(const std::string& path, std::vector<OffsetSync>& out)
{
    auto file = readSessionFile(path);
    if (!file)
        return Failure{kInputError, file.error()};
    const Session& session = file->session;
    out = offsetSyncsOf(session);
    const size_t otherKinds = session.checkpoints.size() + session.heartbeats.size();
    if (otherKinds > 0)
        printNote("note: " + path + " also holds " + std::to_string(otherKinds) +
                  " checkpoint or heartbeat records; only its " + std::to_string(out.size()) +
                  " offset syncs are used");
    if (!session.undecodable.empty())
        printNote("note: " + path + " holds " + std::to_string(session.undecodable.size()) +
                  " undecodable records, which MM2 skips too");
    return std::nullopt;
}

} // namespace

Failure usage(std::string message)
{
    return {kUsageError, std::move(message) + "\n(see --help)"};
}

std::string toStd(const QString& text)
{
    return text.toStdString();
}

int report(const Failure& failure)
{
    std::fprintf(stderr, "driftscope-cli: %s\n", failure.message.c_str());
    return failure.code;
}

void printOut(const std::string& text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
}

void printNote(const std::string& text)
{
    std::fprintf(stderr, "%s\n", text.c_str());
}

std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args)
{
    const QCommandLineOption help({"h", "help"}, "Show this help.");
    parser.addOption(help);
    if (!parser.parse(args))
        return report(usage(toStd(parser.errorText())));
    if (parser.isSet(help)) {
        // Qt names the program by its path; show the command the user actually types.
        std::string text = toStd(parser.helpText());
        const size_t options = text.find(" [options]");
        if (text.starts_with("Usage: ") && options != std::string::npos)
            text.replace(7, options - 7, "driftscope-cli " + toStd(args.value(0)));
        if (!text.ends_with('\n'))
            text += '\n';
        std::fputs(text.c_str(), stdout);
        return kOk;
    }
    return std::nullopt;
}

void addStoreOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {"offset-syncs",
         "The offset-syncs topic's records in topic order: text printed by kafka-console-consumer "
         "with MM2's OffsetSyncFormatter, or JSON Lines (detected per line).",
         "FILE"});
    parser.addOption(
        {"mm2-version",
         "Apply the rules of this MM2 (Apache Kafka) release, MAJOR.MINOR.PATCH from 2.4.0 to 4.4.0. "
         "Default: 4.4.0.",
         "V"});
    parser.addOption({"task-start",
                      "The checkpoint task (re)started when the topic held its first N records: they are its "
                      "initial load, the rest arrive live. Default 0 (all live). No effect up to 3.4.0.",
                      "N"});
    parser.addOption({"checkpoints-restored",
                      "Whether the restarted task could read its checkpoints topic (3.7.1 and later keep the "
                      "initial load's history only then). Default: yes.",
                      "yes|no"});
}

std::optional<Failure> loadStore(const QCommandLineParser& parser, LoadedStore& out)
{
    if (!parser.isSet("offset-syncs"))
        return usage("--offset-syncs FILE is required");
    StoreReplayOptions options;
    if (auto failure = readRelease(parser, kDefaultRelease, options.release))
        return failure;
    if (auto failure = parseTaskStart(parser, options.taskStart))
        return failure;
    if (parser.isSet("checkpoints-restored")) {
        const QString v = parser.value("checkpoints-restored");
        if (v != "yes" && v != "no")
            return usage("--checkpoints-restored: expected yes or no, got '" + toStd(v) + "'");
        options.checkpointsRestored = v == "yes";
    }

    const std::string path = toStd(parser.value("offset-syncs"));
    std::vector<OffsetSync> syncs;
    if (auto failure = readOffsetSyncs(path, syncs))
        return failure;
    if (options.taskStart > syncs.size())
        return Failure{kInputError, "--task-start " + std::to_string(options.taskStart) + " is beyond the " +
                                        std::to_string(syncs.size()) + " offset-sync records of " + path};
    out.release = options.release;
    out.store.emplace(replaySyncs(syncs, options));
    return std::nullopt;
}

std::optional<int64_t> OptionReader::integer(const char* name, int64_t min, int64_t max)
{
    if (!parser.isSet(name) || failure)
        return std::nullopt;
    const std::string text = toStd(parser.value(name));
    auto v = parseJavaLong(text);
    if (!v || *v < min || *v > max) {
        failure = usage(std::string("--") + name + ": '" + text + "' is not an integer from " +
                        std::to_string(min) + " to " + std::to_string(max));
        return std::nullopt;
    }
    return *v;
}

std::optional<double> OptionReader::real(const char* name, double min, double max)
{
    if (!parser.isSet(name) || failure)
        return std::nullopt;
    const std::string text = toStd(parser.value(name));
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(v >= min && v <= max)) {
        failure = usage(std::string("--") + name + ": '" + text + "' is not a number from " +
                        std::to_string(min) + " to " + std::to_string(max));
        return std::nullopt;
    }
    return v;
}

std::optional<Failure> readRelease(const QCommandLineParser& parser, Release fallback, Release& out)
{
    out = fallback;
    if (!parser.isSet("mm2-version"))
        return std::nullopt;
    auto release = parseRelease(toStd(parser.value("mm2-version")));
    if (!release)
        return usage("--mm2-version: " + release.error());
    out = *release;
    return std::nullopt;
}

std::optional<Failure> parseTime(const std::string& option, const std::string& text, int64_t& ms)
{
    if (auto number = parseJavaLong(text)) {
        ms = *number;
        return std::nullopt;
    }
    QDateTime time = QDateTime::fromString(QString::fromStdString(text), Qt::ISODateWithMs);
    if (!time.isValid())
        return usage(option + ": '" + text +
                     "' is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor milliseconds since the epoch");
    if (time.timeSpec() == Qt::LocalTime) // no zone given: UTC, like every time driftscope prints
        time.setTimeSpec(Qt::UTC);
    ms = time.toMSecsSinceEpoch();
    return std::nullopt;
}

namespace {
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void onInterrupt(int)
{
    g_interrupted = 1;
}
} // namespace

void catchInterrupts()
{
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
}

bool interrupted()
{
    return g_interrupted != 0;
}

} // namespace driftscope::cli
