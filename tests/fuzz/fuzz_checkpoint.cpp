// Checkpoint records as read from the checkpoints topic: decodeCheckpoint and
// Session::addRecord.
//
// Checks: decoded strings are well-formed UTF-8; a decoded checkpoint (any version: MM2 reads every
// version with the v0 layout) encodes to bytes that decode to the same checkpoint; when group,
// topic and metadata are well-formed UTF-8 that encoding is the input minus the ignored trailing
// bytes; addRecord keeps what the decoder says.
#include "model_checks.h"

using namespace driftscope;
using fuzz::check;

namespace {

bool wellFormed(const std::vector<std::string_view>& strings, size_t count)
{
    if (strings.size() != count)
        return false;
    for (std::string_view s : strings)
        if (!fuzz::isWellFormedUtf8(s))
            return false;
    return true;
}

Bytes consumed(ByteView bytes, size_t ignored)
{
    return Bytes(bytes.begin(), bytes.end() - static_cast<std::ptrdiff_t>(ignored));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto [key, value] = fuzz::splitKeyValue(data, size);
    const auto decoded = decodeCheckpoint(key, value);

    Session session;
    const bool added = session.addRecord(InternalTopic::Checkpoints, 0, {}, key, value);
    check(added == decoded.ok(), "addRecord accepts exactly what decodeCheckpoint accepts");
    if (!decoded) {
        check(session.undecodable.back().reason == decoded.error(), "addRecord keeps the decoder's reason");
        return 0;
    }
    const Checkpoint& cp = decoded->record;
    fuzz::checkRecord(MirrorRecord{cp});
    const ObservedCheckpoint& kept = session.checkpoints.back();
    check(session.group(kept.group) == cp.group && session.partition(kept.partition) == cp.tp &&
              kept.upstream == cp.upstream && kept.downstream == cp.downstream &&
              kept.version == cp.version && kept.metadata == cp.metadata,
          "addRecord keeps the decoded checkpoint");

    const auto keyBytes = encodeCheckpointKey(cp);
    const auto valueBytes = encodeCheckpointValue(cp);
    check(keyBytes.ok() == (cp.group.size() <= 32767 && cp.tp.topic.size() <= 32767),
          "the key encodes unless a string is too long");
    check(valueBytes.ok() == (cp.metadata.size() <= 32767),
          "the value encodes unless the metadata is too long");
    if (!keyBytes || !valueBytes)
        return 0;
    const auto again = decodeCheckpoint(*keyBytes, *valueBytes);
    check(again.ok() && again->record == cp && again->ignoredKeyBytes == 0 && again->ignoredValueBytes == 0,
          "decode(encode(checkpoint)) == checkpoint");

    if (wellFormed(fuzz::leadingStrings(key, 2), 2))
        check(*keyBytes == consumed(key, decoded->ignoredKeyBytes),
              "a well-formed key encodes to the bytes it was read from", toHex(key));
    // version INT16, two INT64, then the metadata STRING.
    if (wellFormed(fuzz::leadingStrings(value.subspan(18), 1), 1))
        check(*valueBytes == consumed(value, decoded->ignoredValueBytes),
              "a well-formed value encodes to the bytes it was read from", toHex(value));
    return 0;
}
