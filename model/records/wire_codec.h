// Binary keys and values of MM2's internal topics (docs/mm2-behaviour.md §4.1-4.5).
//
// Big-endian INT16/INT32/INT64, STRING = INT16 length + UTF-8 bytes. Checkpoint and heartbeat
// values start with an INT16 version; offset-sync values do not. Trailing bytes after the last
// field are ignored, as MM2's readers do. Decoders never throw and never read out of bounds:
// malformed bytes give an Error naming the record part, field and byte position.
#pragma once

#include "model/records/records.h"
#include "model/util/result.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace driftscope {

using Bytes = std::vector<uint8_t>;
using ByteView = std::span<const uint8_t>;

// The unsigned big-endian number in the `Width` bytes at `bytes` (the caller checked they are
// there). One load and a byte swap: the syncs topic has millions of these.
template <size_t Width>
uint64_t loadBigEndian(const uint8_t* bytes)
{
    static_assert(Width == 2 || Width == 4 || Width == 8);
    uint64_t v = 0;
    std::memcpy(reinterpret_cast<uint8_t*>(&v) + (8 - Width), bytes, Width);
    if constexpr (std::endian::native == std::endian::little)
        v = __builtin_bswap64(v);
    return v;
}

// A successfully decoded record plus how many bytes after its last field were ignored.
template <class Record>
struct Decoded {
    Record record;
    size_t ignoredKeyBytes = 0;
    size_t ignoredValueBytes = 0;
};

Result<Decoded<OffsetSync>> decodeOffsetSync(ByteView key, ByteView value);
// The same for loops over many records: decodes into `out`, reusing its storage. Returns false
// for malformed bytes, with the reason in `error` (and `out` unspecified).
bool decodeOffsetSyncInto(ByteView key, ByteView value, Decoded<OffsetSync>& out, std::string& error);
Result<Decoded<Checkpoint>> decodeCheckpoint(ByteView key, ByteView value);
Result<Decoded<Heartbeat>> decodeHeartbeat(ByteView key, ByteView value);

// Encoders write exactly what MM2 writes. Strings longer than 32767 bytes cannot be encoded
// (MM2's writer refuses them too), hence the Result.
Result<Bytes> encodeOffsetSyncKey(const OffsetSync& sync);
Bytes encodeOffsetSyncValue(const OffsetSync& sync);
Result<Bytes> encodeCheckpointKey(const Checkpoint& cp);
Result<Bytes> encodeCheckpointValue(const Checkpoint& cp);
Result<Bytes> encodeHeartbeatKey(const Heartbeat& hb);
Bytes encodeHeartbeatValue(const Heartbeat& hb);

// Hex helpers for the command line and tests: "00 07 74 6F" or "0007746f" (spaces, colons and
// an optional 0x prefix are accepted).
Result<Bytes> parseHex(std::string_view text);
std::string toHex(ByteView bytes);

} // namespace driftscope
