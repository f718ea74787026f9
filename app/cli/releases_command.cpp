// driftscope-cli releases: every MM2 release driftscope knows and what it changed from the one
// before (model/mm2/release_notes.h), the same words as the window's release selector.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/mm2/release_notes.h"
#include "model/util/json_writer.h"

namespace driftscope::cli {
namespace {

void printJson(const Release& release)
{
    JsonWriter json;
    json.beginObject();
    json.key("release").value(toString(release));
    json.key("store").value(storeRuleText(profileFor(release).store));
    if (const std::optional<Release> previous = previousInHistory(release))
        json.key("since").value(toString(*previous));
    json.key("changes").beginArray();
    for (const ReleaseChange& c : releaseChanges(release)) {
        json.beginObject();
        json.key("aspect").value(c.aspect);
        json.key("now").value(c.now);
        json.key("before").value(c.before);
        json.endObject();
    }
    json.endArray();
    json.endObject();
    printOut(json.str());
}

} // namespace

int runReleases(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "List the MM2 releases driftscope knows (2.4.0 to 4.4.0) and, for each, the rules it changed from "
        "the release before it in its history (a patch release: the one before it in its line; the first "
        "of a line: the first of the line before): what the --mm2-version of every command applies.\n"
        "Exit codes: 0 ok, 1 input error (an unknown release), 2 usage error.");
    parser.addOption({"mm2-version", "Only this release.", "V"});
    parser.addOption({"json",
                      "One JSON object per release: release, store, since (the release compared with; none "
                      "for 2.4.0), changes [{aspect, now, before}]."});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;
    if (!parser.positionalArguments().isEmpty())
        return report({kUsageError, "releases takes no positional arguments\n(see --help)"});
    std::vector<Release> releases(knownReleases().begin(), knownReleases().end());
    if (parser.isSet("mm2-version")) {
        const Result<Release> one = parseRelease(toStd(parser.value("mm2-version")));
        if (!one)
            return report({kInputError, one.error()});
        releases = {*one};
    }
    for (const Release& release : releases) {
        if (parser.isSet("json"))
            printJson(release);
        else
            for (const std::string& line : releaseChangeLines(release))
                printOut(line);
    }
    return kOk;
}

} // namespace driftscope::cli
