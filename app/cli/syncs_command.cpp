// driftscope-cli syncs: the syncs MM2's store retains for one partition (docs/architecture.md §4).
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/records/formatter_text.h"
#include "model/util/json_writer.h"

namespace driftscope::cli {

int runSyncs(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "List the offset syncs MM2's store retains for one partition after reading the given records, newest "
        "first, each with how many of the 64 slots it fills ('upstream -> downstream (N slots)'). Two syncs "
        "with equal offsets are two entries. Releases up to 3.4.0 keep one sync per partition.\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    addStoreOptions(parser);
    parser.addOption(
        {"json", "Print a JSON array of {\"upstream\",\"downstream\",\"slots\"}, newest first."});
    parser.addPositionalArgument("TP", "The source partition, e.g. orders-3.");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;

    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return report({kUsageError, "syncs needs exactly one TP (e.g. orders-3)\n(see --help)"});
    auto tp = parseTopicPartition(toStd(positional.front()));
    if (!tp)
        return report({kUsageError, "TP " + tp.error() + "\n(see --help)"});

    LoadedStore loaded;
    if (auto failure = loadStore(parser, loaded))
        return report(*failure);

    // An empty list would read as "MM2 keeps nothing"; the partition is more likely mistyped.
    if (auto failure = requireSyncsOf(loaded, {*tp}))
        return report(*failure);
    const std::vector<RetainedSync> retained = loaded.store->retained(*tp);
    if (parser.isSet("json")) {
        JsonWriter json;
        json.beginArray();
        for (const RetainedSync& r : retained) {
            json.beginObject();
            json.key("upstream").value(r.sync.upstream);
            json.key("downstream").value(r.sync.downstream);
            json.key("slots").value(static_cast<int64_t>(r.slotCount));
            json.endObject();
        }
        json.endArray();
        printOut(json.str());
        return kOk;
    }
    for (const RetainedSync& r : retained)
        printOut(std::to_string(r.sync.upstream) + " -> " + std::to_string(r.sync.downstream) + " (" +
                 std::to_string(r.slotCount) + (r.slotCount == 1 ? " slot)" : " slots)"));
    return kOk;
}

} // namespace driftscope::cli
