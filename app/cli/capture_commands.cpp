// driftscope-cli import and export: MM2 formatter text and JSON Lines into a capture, and a
// capture (or any session file) out as JSON Lines.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/analysis/translation_text.h"
#include "model/io/capture_file.h"
#include "model/io/session_file.h"
#include "model/session/session_json.h"

#include "driftscope_version.h"

#include <QDateTime>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace driftscope::cli {
namespace {

// Fills in what the imported files did not say (no "session" line): aliases, release and the
// topic names MM2 would use. Options given explicitly always win.
std::optional<Failure> completeInfo(const QCommandLineParser& parser, SessionInfo& info)
{
    const bool described = !info.release.empty();
    if (parser.isSet("source-alias") || !described)
        info.sourceAlias = parser.isSet("source-alias") ? toStd(parser.value("source-alias")) : "A";
    if (parser.isSet("target-alias") || !described)
        info.targetAlias = parser.isSet("target-alias") ? toStd(parser.value("target-alias")) : "B";
    // The release as the user named it: a newer one than driftscope knows keeps its name, and
    // whoever reads the capture applies the rules resolveRelease gives it (with its warning).
    ResolvedRelease release = resolveRecordedRelease(info.release, kDefaultRelease);
    if (parser.isSet("mm2-version") || !described) {
        if (auto failure = readRelease(parser, kDefaultRelease, release))
            return failure;
        info.release = release.asked;
    }
    if (!described) {
        info.policy.identitySourceAlias = info.sourceAlias;
        const InternalTopics topics =
            internalTopics(profileFor(release.rules), info.policy, info.sourceAlias, info.targetAlias);
        info.offsetSyncsTopic = topics.offsetSyncs;
        info.checkpointsTopic = topics.checkpoints;
        info.heartbeatsTopic = topics.heartbeats;
        info.startedAtMs = QDateTime::currentMSecsSinceEpoch();
    }
    info.origin = "import";
    info.toolVersion = DRIFTSCOPE_VERSION;
    return std::nullopt;
}

} // namespace

int runImport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Import MM2 records into a new capture: text printed by kafka-console-consumer with MM2's "
        "OffsetSyncFormatter, CheckpointFormatter and HeartbeatFormatter, record JSON Lines, or a "
        "driftscope export. Records keep the order of the files; a bad line fails the import and is named.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    parser.addOption({"out", "The capture file to create (never overwritten).", "FILE"});
    parser.addOption({"source-alias", "MM2's alias of the source cluster. Default: A.", "ALIAS"});
    parser.addOption({"target-alias", "MM2's alias of the target cluster. Default: B.", "ALIAS"});
    parser.addOption({"mm2-version", "The MM2 release the records came from. Default: 4.4.0.", "V"});
    parser.addPositionalArgument("INPUT", "Files of records, read in order.", "INPUT...");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.isSet("out"))
        return report(usage("import needs --out FILE"));
    std::vector<std::string> inputs;
    for (const QString& input : parser.positionalArguments())
        inputs.push_back(toStd(input));
    if (inputs.empty())
        return report(usage("import needs at least one INPUT file"));

    auto session = readSessionTexts(inputs);
    if (!session)
        return report({kInputError, session.error()});
    if (auto failure = completeInfo(parser, session->info))
        return report(*failure);
    const std::string path = toStd(parser.value("out"));
    // All at once, into place only when complete: a failed import leaves no half capture.
    if (auto failure = writeCapture(path, *session, QDateTime::currentMSecsSinceEpoch(), ExistingFile::Keep))
        return report({kInputError, *failure});
    printNote("imported " + withThousands(static_cast<int64_t>(session->syncs.size())) + " offset syncs, " +
              withThousands(static_cast<int64_t>(session->checkpoints.size())) + " checkpoints and " +
              withThousands(static_cast<int64_t>(session->heartbeats.size())) + " heartbeats into " + path);
    return kOk;
}

int runExport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Export a capture as JSON Lines: the session's set-up, every record with its topic offset and times, "
        "undecodable records (hex), offset samples and reader events. `import` reads it back.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    parser.addOption({"out", "Write to FILE instead of standard output.", "FILE"});
    parser.addPositionalArgument("CAPTURE", "The capture (or formatter text / JSON Lines) to export.",
                                 "CAPTURE");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return report(usage("export needs exactly one CAPTURE"));
    auto file = readSessionFile(toStd(parser.positionalArguments().front()));
    if (!file)
        return report({kInputError, file.error()});
    FILE* out = stdout;
    std::string outPath;
    if (parser.isSet("out")) {
        outPath = toStd(parser.value("out"));
        out = std::fopen(outPath.c_str(), "wx"); // never overwrite
        if (!out)
            return report({kInputError, outPath + ": cannot create: " + std::strerror(errno)});
    }
    exportSession(file->session, [&](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), out);
        std::fputc('\n', out);
    });
    if (out != stdout && (std::fflush(out) != 0 || std::ferror(out) || std::fclose(out) != 0))
        return report({kInputError, outPath + ": cannot write: " + std::strerror(errno)});
    return kOk;
}

} // namespace driftscope::cli
