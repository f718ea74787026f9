// Heartbeat records as read from the heartbeats topic: decodeHeartbeat and
// Session::addRecord.
//
// Checks: decoded aliases are well-formed UTF-8; a decoded heartbeat encodes to bytes that decode
// to the same heartbeat; when both aliases are well-formed UTF-8 the key encodes to the bytes it
// was read from (the value always does); addRecord keeps what the decoder says.
#include "model_checks.h"

using namespace driftscope;
using fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto [key, value] = fuzz::splitKeyValue(data, size);
    const auto decoded = decodeHeartbeat(key, value);

    Session session;
    const bool added = session.addRecord(InternalTopic::Heartbeats, 0, {}, key, value);
    check(added == decoded.ok(), "addRecord accepts exactly what decodeHeartbeat accepts");
    if (!decoded) {
        check(session.undecodable.back().reason == decoded.error(), "addRecord keeps the decoder's reason");
        return 0;
    }
    const Heartbeat& hb = decoded->record;
    fuzz::checkRecord(MirrorRecord{hb});
    check(session.heartbeats.back().heartbeat == hb, "addRecord keeps the decoded heartbeat");

    const auto keyBytes = encodeHeartbeatKey(hb);
    check(keyBytes.ok() == (hb.sourceAlias.size() <= 32767 && hb.targetAlias.size() <= 32767),
          "the key encodes unless an alias is too long");
    if (!keyBytes)
        return 0;
    const Bytes valueBytes = encodeHeartbeatValue(hb);
    const auto again = decodeHeartbeat(*keyBytes, valueBytes);
    check(again.ok() && again->record == hb && again->ignoredKeyBytes == 0 && again->ignoredValueBytes == 0,
          "decode(encode(heartbeat)) == heartbeat");

    check(valueBytes ==
              Bytes(value.begin(), value.end() - static_cast<std::ptrdiff_t>(decoded->ignoredValueBytes)),
          "the value encodes to the bytes it was read from");
    const auto aliases = fuzz::leadingStrings(key, 2);
    if (aliases.size() == 2 && fuzz::isWellFormedUtf8(aliases[0]) && fuzz::isWellFormedUtf8(aliases[1]))
        check(*keyBytes ==
                  Bytes(key.begin(), key.end() - static_cast<std::ptrdiff_t>(decoded->ignoredKeyBytes)),
              "a key with well-formed aliases encodes to the bytes it was read from", toHex(key));
    return 0;
}
