#include "app/cli/cli_support.h"

#include "model/io/session_file.h"
#include "model/records/formatter_text.h"
#include "model/util/integer_text.h"
#include "model/util/user_time.h"

#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <set>

namespace driftscope::cli {
namespace {

std::optional<Failure> parseTaskStart(const QCommandLineParser& parser, size_t& out)
{
    if (!parser.isSet("task-start"))
        return std::nullopt;
    const std::string text = toStd(parser.value("task-start"));
    const auto n = parseInt64(text);
    if (!n || *n < 0)
        return usage("--task-start: '" + text + "' is not a non-negative record count");
    out = static_cast<size_t>(*n);
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

void addStoreReplayOptions(QCommandLineParser& parser, const QString& releaseDefault)
{
    parser.addOption(
        {"mm2-version",
         "Apply the rules of this MM2 (Apache Kafka) release, MAJOR.MINOR.PATCH from 2.4.0 to 4.4.0 (a newer "
         "one gets the rules of the newest known release of its line, or of 4.4.0, with a note). " +
             releaseDefault,
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

std::optional<Failure> readStoreReplayOptions(const QCommandLineParser& parser, Release fallback,
                                              StoreReplayOptions& out)
{
    ResolvedRelease release;
    if (auto failure = readRelease(parser, fallback, release))
        return failure;
    out.release = release.rules;
    out.releaseWarning = release.warning;
    if (auto failure = parseTaskStart(parser, out.taskStart))
        return failure;
    if (parser.isSet("checkpoints-restored")) {
        const QString v = parser.value("checkpoints-restored");
        if (v != "yes" && v != "no")
            return usage("--checkpoints-restored: expected yes or no, got '" + toStd(v) + "'");
        out.checkpointsRestored = v == "yes";
    }
    return std::nullopt;
}

std::optional<Failure> checkTaskStart(size_t taskStart, size_t syncs, const std::string& where)
{
    if (taskStart <= syncs)
        return std::nullopt;
    return Failure{kInputError, "--task-start " + std::to_string(taskStart) + " is beyond the " +
                                    std::to_string(syncs) + " offset-sync records " + where};
}

void addStoreOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {"offset-syncs",
         "The offset-syncs topic's records in topic order: text printed by kafka-console-consumer "
         "with MM2's OffsetSyncFormatter, or JSON Lines (detected per line).",
         "FILE"});
    addStoreReplayOptions(parser, "Default: 4.4.0.");
}

std::optional<Failure> loadStore(const QCommandLineParser& parser, LoadedStore& out)
{
    if (!parser.isSet("offset-syncs"))
        return usage("--offset-syncs FILE is required");
    StoreReplayOptions options;
    if (auto failure = readStoreReplayOptions(parser, kDefaultRelease, options))
        return failure;

    const std::string path = toStd(parser.value("offset-syncs"));
    std::vector<OffsetSync> syncs;
    if (auto failure = readOffsetSyncs(path, syncs))
        return failure;
    if (auto failure = checkTaskStart(options.taskStart, syncs.size(), std::string("of ").append(path)))
        return failure;
    out.release = options.release;
    out.path = path;
    out.store.emplace(replaySyncs(syncs, options));
    std::set<TopicPartition> partitions;
    for (const OffsetSync& s : syncs)
        partitions.insert(s.tp);
    out.syncedPartitions.assign(partitions.begin(), partitions.end());
    return std::nullopt;
}

std::optional<Failure> requireSyncsOf(const LoadedStore& loaded, const std::vector<TopicPartition>& asked)
{
    const auto& synced = loaded.syncedPartitions;
    std::vector<std::string> missing;
    for (const TopicPartition& tp : asked) {
        const std::string name = toString(tp);
        if (!std::binary_search(synced.begin(), synced.end(), tp) &&
            std::find(missing.begin(), missing.end(), name) == missing.end())
            missing.push_back(name);
    }
    if (missing.empty())
        return std::nullopt;
    std::vector<std::string> known;
    for (const TopicPartition& tp : synced)
        known.push_back(toString(tp));
    std::sort(known.begin(), known.end()); // by name, as people read them
    std::string list;
    for (size_t i = 0; i < known.size() && i < 20; ++i)
        list += (i ? ", " : "") + known[i];
    if (known.size() > 20)
        list += ", ... (" + std::to_string(known.size()) + " in all)";
    std::string names;
    for (const std::string& name : missing)
        names += (names.empty() ? "" : ", ") + name;
    return Failure{kInputError, "no offset syncs of " + names + " in " + loaded.path +
                                    (known.empty() ? std::string(": it holds none at all")
                                                   : "; partitions with syncs: " + list)};
}

std::optional<int64_t> OptionReader::integer(const char* name, int64_t min, int64_t max)
{
    if (!parser.isSet(name) || failure)
        return std::nullopt;
    const std::string text = toStd(parser.value(name));
    auto v = parseInt64(text);
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

std::optional<Failure> readRelease(const QCommandLineParser& parser, Release fallback, ResolvedRelease& out)
{
    out = {fallback, toString(fallback), ""};
    if (!parser.isSet("mm2-version"))
        return std::nullopt;
    auto release = resolveRelease(toStd(parser.value("mm2-version")));
    if (!release)
        return usage("--mm2-version: " + release.error());
    out = std::move(*release);
    printReleaseWarning(out.warning);
    return std::nullopt;
}

std::optional<Failure> readRelease(const QCommandLineParser& parser, Release fallback, Release& out)
{
    ResolvedRelease release;
    auto failure = readRelease(parser, fallback, release);
    out = release.rules;
    return failure;
}

void printReleaseWarning(const std::string& warning)
{
    if (!warning.empty())
        printNote("driftscope-cli: note: " + warning);
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
