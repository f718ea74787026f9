// Offset-sync records as read from the syncs topic: decodeOffsetSync, and Session::addRecord,
// which skips decoding for keys it has seen (sync_key_cache.h).
//
// Checks: the decoded topic is well-formed UTF-8 (decoded like Java); the sync encodes to bytes
// that decode to the same sync; when the topic is well-formed UTF-8 that encoding is the input
// minus the ignored trailing bytes; addRecord keeps what the decoder says, the first time and the
// second time (from its cache), and keeps a record it cannot decode byte for byte with the
// decoder's reason.
#include "model_checks.h"

using namespace driftscope;
using fuzz::check;

namespace {

void checkAddRecord(const Result<Decoded<OffsetSync>>& decoded, ByteView key, ByteView value)
{
    Session session;
    for (int64_t pass = 0; pass < 2; ++pass) {
        const bool added = session.addRecord(InternalTopic::OffsetSyncs, 0, {pass, 0, 0}, key, value);
        check(added == decoded.ok(), "addRecord accepts exactly what decodeOffsetSync accepts");
        if (added) {
            const ObservedSync& s = session.syncs.back();
            check(session.partition(s.partition) == decoded->record.tp &&
                      s.upstream == decoded->record.upstream && s.downstream == decoded->record.downstream &&
                      s.stamp.topicOffset == pass,
                  "addRecord keeps the decoded sync", pass ? "second pass (cached key)" : "first pass");
        } else {
            const UndecodableRecord& bad = session.undecodable.back();
            check(bad.reason == decoded.error(), "addRecord keeps the decoder's reason", bad.reason);
            check(bad.key && Bytes(key.begin(), key.end()) == *bad.key && bad.value &&
                      Bytes(value.begin(), value.end()) == *bad.value,
                  "an undecodable record is kept byte for byte");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto [key, value] = fuzz::splitKeyValue(data, size);
    const auto decoded = decodeOffsetSync(key, value);
    checkAddRecord(decoded, key, value);
    if (!decoded)
        return 0;
    const OffsetSync& sync = decoded->record;
    fuzz::checkRecord(MirrorRecord{sync});
    check(decoded->ignoredKeyBytes <= key.size() && decoded->ignoredValueBytes <= value.size(),
          "ignored bytes are part of the input");

    const auto keyBytes = encodeOffsetSyncKey(sync);
    // U+FFFD replacement can make a topic longer than a STRING holds; only then may encoding fail.
    check(keyBytes.ok() == (sync.tp.topic.size() <= 32767), "the key encodes unless the topic is too long");
    if (!keyBytes)
        return 0;
    const Bytes valueBytes = encodeOffsetSyncValue(sync);
    const auto again = decodeOffsetSync(*keyBytes, valueBytes);
    check(again.ok() && again->record == sync && again->ignoredKeyBytes == 0 && again->ignoredValueBytes == 0,
          "decode(encode(sync)) == sync");

    check(valueBytes ==
              Bytes(value.begin(), value.end() - static_cast<std::ptrdiff_t>(decoded->ignoredValueBytes)),
          "the value encodes to the bytes it was read from");
    const auto raw = fuzz::leadingStrings(key, 1);
    if (raw.size() == 1 && fuzz::isWellFormedUtf8(raw[0]))
        check(*keyBytes ==
                  Bytes(key.begin(), key.end() - static_cast<std::ptrdiff_t>(decoded->ignoredKeyBytes)),
              "a key with a well-formed topic encodes to the bytes it was read from", toHex(key));
    return 0;
}
