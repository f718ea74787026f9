// driftscope-cli decode: one MM2 record from its key and value bytes (docs/architecture.md §4).
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"

#include "model/records/record_json.h"
#include "model/records/wire_codec.h"

namespace driftscope::cli {
namespace {

using DecodedRecord = Decoded<MirrorRecord>;

template <class Record>
Result<DecodedRecord> asMirrorRecord(Result<Decoded<Record>> decoded)
{
    if (!decoded)
        return Error{decoded.error()};
    return DecodedRecord{MirrorRecord{std::move(decoded->record)}, decoded->ignoredKeyBytes,
                         decoded->ignoredValueBytes};
}

Result<DecodedRecord> decodeAs(RecordKind kind, ByteView key, ByteView value)
{
    switch (kind) {
    case RecordKind::OffsetSync:
        return asMirrorRecord(decodeOffsetSync(key, value));
    case RecordKind::Checkpoint:
        return asMirrorRecord(decodeCheckpoint(key, value));
    case RecordKind::Heartbeat:
        return asMirrorRecord(decodeHeartbeat(key, value));
    }
    return Error{"unknown record kind"};
}

std::optional<RecordKind> parseKind(const QString& text)
{
    for (RecordKind k : {RecordKind::OffsetSync, RecordKind::Checkpoint, RecordKind::Heartbeat})
        if (toStd(text) == kindName(k))
            return k;
    return std::nullopt;
}

void printText(const DecodedRecord& d, MetadataLabel label)
{
    printOut("kind: " + std::string(kindName(kindOf(d.record))));
    if (const auto* sync = std::get_if<OffsetSync>(&d.record)) {
        printOut("topic: " + sync->tp.topic);
        printOut("partition: " + std::to_string(sync->tp.partition));
        printOut("upstreamOffset: " + std::to_string(sync->upstream));
        printOut("downstreamOffset: " + std::to_string(sync->downstream));
    } else if (const auto* cp = std::get_if<Checkpoint>(&d.record)) {
        printOut("version: " + std::to_string(cp->version));
        printOut("consumerGroupId: " + cp->group);
        printOut("topic: " + cp->tp.topic);
        printOut("partition: " + std::to_string(cp->tp.partition));
        printOut("upstreamOffset: " + std::to_string(cp->upstream));
        printOut("downstreamOffset: " + std::to_string(cp->downstream));
        printOut("metadata: " + cp->metadata);
    } else {
        const auto& hb = std::get<Heartbeat>(d.record);
        printOut("version: " + std::to_string(hb.version));
        printOut("sourceClusterAlias: " + hb.sourceAlias);
        printOut("targetClusterAlias: " + hb.targetAlias);
        printOut("timestamp: " + std::to_string(hb.timestampMs));
    }
    if (d.ignoredKeyBytes || d.ignoredValueBytes)
        printOut("ignored trailing bytes: key " + std::to_string(d.ignoredKeyBytes) + ", value " +
                 std::to_string(d.ignoredValueBytes) + " (MM2 ignores them too)");
    printOut("formatted: " + formatRecord(d.record, label));
}

void printJson(const DecodedRecord& d, MetadataLabel label)
{
    JsonWriter json;
    json.beginObject();
    writeRecordFields(json, d.record);
    if (const auto* cp = std::get_if<Checkpoint>(&d.record))
        json.key("version").value(static_cast<int64_t>(cp->version));
    if (const auto* hb = std::get_if<Heartbeat>(&d.record))
        json.key("version").value(static_cast<int64_t>(hb->version));
    json.key("ignored_key_bytes").value(static_cast<uint64_t>(d.ignoredKeyBytes));
    json.key("ignored_value_bytes").value(static_cast<uint64_t>(d.ignoredValueBytes));
    json.key("formatted").value(formatRecord(d.record, label));
    json.endObject();
    printOut(json.str());
}

} // namespace

int runDecode(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Decode one record of an MM2 internal topic from its key and value bytes, as MM2 reads it "
        "(big-endian, "
        "trailing bytes ignored), and print its fields and the line MM2's console formatter prints for it.\n"
        "Exit codes: 0 ok, 1 input error (bytes that do not decode), 2 usage error.");
    parser.addOption({"kind", "offset-sync, checkpoint or heartbeat.", "KIND"});
    parser.addOption({"key", "The record key as hexadecimal (spaces and colons allowed).", "HEX"});
    parser.addOption({"value", "The record value as hexadecimal (spaces and colons allowed).", "HEX"});
    parser.addOption({"json", "Print one JSON object with the fields and \"formatted\"."});
    parser.addOption(
        {"mm2-version",
         "Format as this MM2 release's formatter does (checkpoints say 'metatadata=' before 3.5.1). "
         "Default: 4.4.0.",
         "V"});
    if (auto exit = parseCommandLine(parser, args))
        return *exit;

    if (!parser.positionalArguments().isEmpty())
        return report({kUsageError, "decode takes no positional arguments\n(see --help)"});
    for (const char* required : {"kind", "key", "value"})
        if (!parser.isSet(required))
            return report({kUsageError, std::string("--") + required + " is required\n(see --help)"});
    const auto kind = parseKind(parser.value("kind"));
    if (!kind)
        return report({kUsageError, "--kind must be offset-sync, checkpoint or heartbeat, not '" +
                                        toStd(parser.value("kind")) + "'\n(see --help)"});

    Release release = kDefaultRelease;
    if (auto failure = readRelease(parser, kDefaultRelease, release))
        return report(*failure);
    const MetadataLabel label = profileFor(release).checkpointLabel;

    auto key = parseHex(toStd(parser.value("key")));
    if (!key)
        return report({kInputError, "--key: " + key.error()});
    auto value = parseHex(toStd(parser.value("value")));
    if (!value)
        return report({kInputError, "--value: " + value.error()});

    auto decoded = decodeAs(*kind, *key, *value);
    if (!decoded)
        return report(
            {kInputError, "cannot decode as " + std::string(kindName(*kind)) + ": " + decoded.error()});
    parser.isSet("json") ? printJson(*decoded, label) : printText(*decoded, label);
    return kOk;
}

} // namespace driftscope::cli
