// driftscope-cli record: reads live clusters into a capture file until --duration or Ctrl-C.
// The capture is appended to every second, so a recorder that is killed leaves a file that
// opens with everything up to its last second.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/connection_options.h"

#include "model/analysis/translation_text.h"
#include "model/io/capture_file.h"
#include "model/io/kafka/live_reading.h"

#include <chrono>
#include <thread>

namespace driftscope::cli {

namespace {

struct RecordingEnd {
    std::optional<std::string> failure;    // writing the capture failed
    std::optional<std::string> unreadable; // a cluster could not be read at all
};

// Appends what the reader took to the capture every second until the duration has passed,
// Ctrl-C, or a cluster that cannot be read at all.
RecordingEnd recordUntilDone(kafka::LiveReader& reader, Session& session, CaptureWriter& writer,
                             std::optional<int64_t> durationS)
{
    const auto start = std::chrono::steady_clock::now();
    const auto end = start + std::chrono::seconds(durationS.value_or(0));
    size_t eventsPrinted = 0;
    RecordingEnd result;
    for (bool last = false; !last;) {
        for (int i = 0; i < 10 && !interrupted(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        // A cluster that cannot be read at all (a client librdkafka would not create) ends the
        // recording: the capture keeps what happened, the exit code says it failed.
        const kafka::LiveStatus status = reader.status();
        last = interrupted() || (durationS && std::chrono::steady_clock::now() >= end) || status.failed();
        if (last)
            reader.stop(); // nothing more arrives: the last append takes everything
        session.append(reader.since(session.mark()));
        eventsPrinted = printEvents(session, eventsPrinted);
        if ((result.failure = writer.append(session)))
            break;
        if (status.failed())
            for (const kafka::ClusterStatus* c : {&status.source, &status.target})
                if (c->state == ClusterState::Failed)
                    result.unreadable = "cannot record: " + c->detail;
    }
    return result;
}

// A capture with nothing in it is not a recording: why, when so.
std::optional<std::string> nothingRecorded(const Session& session, const kafka::LiveStatus& status)
{
    if (!(session.syncs.empty() && session.checkpoints.empty() && session.heartbeats.empty() &&
          session.undecodable.empty() && session.groupOffsets.empty() && session.logOffsets.empty()))
        return std::nullopt;
    std::string why;
    for (const auto& [name, c] : {std::pair{"source", &status.source}, std::pair{"target", &status.target}})
        if (c->state != ClusterState::Connected)
            why += std::string("; the ") + name + " cluster is " + std::string(clusterStateName(c->state)) +
                   (c->detail.empty() ? "" : ": " + c->detail);
    return "read nothing from the clusters" +
           (why.empty() ? std::string("; no MM2 records or offsets were found") : why);
}

} // namespace

int runRecord(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Record what live clusters show of MM2 (its internal topics from the beginning, committed and log "
        "offsets every few seconds) into a capture file, until --duration has passed or Ctrl-C.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    parser.addOption({"out", "The capture file to create (never overwritten).", "FILE"});
    parser.addOption({"duration", "Seconds to record. Default: until interrupted.", "S"});
    parser.addOption({"mm2-version",
                      "The MM2 release the clusters run (it decides the topic names). Default: 4.4.0.", "V"});
    addConnectionOptions(parser);
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.isSet("out"))
        return report(usage("record needs --out FILE"));
    if (!hasConnectionOptions(parser))
        return report(
            usage("record needs the clusters: --source-bootstrap and --target-bootstrap, or --mm2-config"));
    if (!parser.positionalArguments().isEmpty())
        return report(usage("unexpected argument '" + toStd(parser.positionalArguments().front()) + "'"));
    OptionReader r{parser, std::nullopt};
    const std::optional<int64_t> durationS = r.integer("duration", 1, 365LL * 86'400);
    if (r.failure)
        return report(*r.failure);
    ResolvedRelease release;
    if (auto failure = readRelease(parser, kDefaultRelease, release))
        return report(*failure);
    kafka::LiveReaderOptions options;
    if (auto failure = readLiveOptions(parser, release.rules, options))
        return report(*failure);
    options.releaseName = release.asked;

    const std::string path = toStd(parser.value("out"));
    kafka::LiveReader reader(options);
    Session session = reader.since({}); // the set-up, before anything is read
    auto writer = CaptureWriter::create(path, session.info);
    if (!writer)
        return report({kInputError, writer.error()});
    catchInterrupts();
    reader.start();
    printNote("recording to " + path + (durationS ? " for " + std::to_string(*durationS) + " s" : "") +
              " (Ctrl-C stops)");

    const RecordingEnd end = recordUntilDone(reader, session, **writer, durationS);
    reader.stop();
    std::optional<std::string> failure = end.failure;
    if (!failure)
        failure = (*writer)->finish(kafka::wallClockMs());
    if (failure)
        return report({kInputError, *failure});
    if (end.unreadable)
        return report({kInputError, *end.unreadable + " (the capture " + path + " keeps what happened)"});
    if (const auto nothing = nothingRecorded(session, reader.status()))
        return report({kInputError, *nothing + " (the capture " + path + " holds only the set-up)"});
    // A recording without the syncs MM2 translates with cannot answer for any group.
    if (auto problem = kafka::offsetSyncsProblem(reader.status(), options))
        return report({kInputError, *problem + " (the capture " + path + " keeps what was read)"});
    printNote("recorded " + withThousands(static_cast<int64_t>(session.syncs.size())) + " offset syncs, " +
              withThousands(static_cast<int64_t>(session.checkpoints.size())) + " checkpoints, " +
              withThousands(static_cast<int64_t>(session.heartbeats.size())) + " heartbeats, " +
              withThousands(static_cast<int64_t>(session.undecodable.size())) + " undecodable records and " +
              withThousands(static_cast<int64_t>(session.groupOffsets.size() + session.logOffsets.size())) +
              " offset samples to " + path);
    return kOk;
}

} // namespace driftscope::cli
