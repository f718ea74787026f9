// driftscope-cli translate: what MM2 would translate committed offsets to (docs/architecture.md §4).
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/records/formatter_text.h"
#include "model/util/integer_text.h"
#include "model/util/json_writer.h"

namespace driftscope::cli {
namespace {

struct Query {
    TopicPartition tp;
    int64_t offset = 0;
};

// "orders-3:1500": the offset after the last colon, the partition after the last dash.
std::optional<Failure> parseQuery(const std::string& text, Query& out)
{
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos)
        return Failure{kUsageError,
                       "query '" + text + "' is not TOPIC-PARTITION:OFFSET (e.g. orders-3:1500)"};
    auto tp = parseTopicPartition(std::string_view(text).substr(0, colon));
    if (!tp)
        return Failure{kUsageError, "query '" + text + "': " + tp.error()};
    auto offset = parseInt64(std::string_view(text).substr(colon + 1));
    if (!offset)
        return Failure{kUsageError, "query '" + text + "': offset " + offset.error()};
    out = {std::move(*tp), *offset};
    return std::nullopt;
}

std::string textLine(const Query& q, const Translation& t)
{
    const std::string head = toString(q.tp) + ":" + std::to_string(q.offset) + " -> ";
    return head + (t.downstream ? std::to_string(*t.downstream) : "none");
}

void writeJson(JsonWriter& json, const Query& q, const Translation& t)
{
    json.beginObject();
    json.key("topic").value(q.tp.topic);
    json.key("partition").value(q.tp.partition);
    json.key("offset").value(q.offset);
    json.key("result");
    t.downstream ? json.value(*t.downstream) : json.null();
    json.key("status").value(statusName(t.status));
    json.key("sync");
    if (t.sync) {
        json.beginObject();
        json.key("upstream").value(t.sync->upstream);
        json.key("downstream").value(t.sync->downstream);
        json.endObject();
    } else {
        json.null();
    }
    json.endObject();
}

} // namespace

int runTranslate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Translate committed upstream offsets as MM2's checkpoint task would, after reading the given "
        "offset-syncs records.\nPrints one line per query, in order: 'orders-3:1500 -> 1432', or '-> -1' "
        "(older than the oldest retained sync; up to 3.4.0, behind the only sync kept). A partition the "
        "records hold no sync of is an input error that lists the partitions they do hold (MM2 would "
        "translate nothing there; releases before 3.3.0 would take its offset as it is).\n"
        "Exit codes: 0 ok, 1 input error, 2 usage error.");
    addStoreOptions(parser);
    parser.addOption(
        {"json", "Print a JSON array of {\"topic\",\"partition\",\"offset\",\"result\",\"status\",\"sync\"}; "
                 "status is translated or too-old."});
    parser.addPositionalArgument("TP:OFFSET", "Partition and committed offset, e.g. orders-3:1500.",
                                 "TP:OFFSET...");
    if (auto exit = parseCommandLine(parser, args))
        return *exit;

    std::vector<Query> queries;
    for (const QString& arg : parser.positionalArguments()) {
        Query q;
        if (auto failure = parseQuery(toStd(arg), q))
            return report({failure->code, failure->message + "\n(see --help)"});
        queries.push_back(std::move(q));
    }
    if (queries.empty())
        return report({kUsageError, "translate needs at least one TP:OFFSET query\n(see --help)"});

    LoadedStore loaded;
    if (auto failure = loadStore(parser, loaded))
        return report(*failure);
    std::vector<TopicPartition> partitions;
    for (const Query& q : queries)
        partitions.push_back(q.tp);
    if (auto failure = requireSyncsOf(loaded, partitions))
        return report(*failure);

    if (parser.isSet("json")) {
        JsonWriter json;
        json.beginArray();
        for (const Query& q : queries)
            writeJson(json, q, loaded.store->translate(q.tp, q.offset));
        json.endArray();
        printOut(json.str());
    } else {
        for (const Query& q : queries)
            printOut(textLine(q, loaded.store->translate(q.tp, q.offset)));
    }
    return kOk;
}

} // namespace driftscope::cli
