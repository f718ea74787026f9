// Binary keys and values of MM2's internal topics (mm2-internals.md §4.1-4.5).
//
// Big-endian INT16/INT32/INT64, STRING = INT16 length + UTF-8 bytes. Checkpoint and heartbeat
// values start with an INT16 version; offset-sync values do not. Trailing bytes after the last
// field are ignored, as MM2's readers do. Decoders never throw and never read out of bounds:
// malformed bytes give an Error naming the record part, field and byte position.
#pragma once

#include "model/core/records.h"
#include "model/core/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace driftscope {

using Bytes = std::vector<uint8_t>;
using ByteView = std::span<const uint8_t>;

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
Result<Bytes> encodeCheckpointKey(const Checkpoint& checkpoint);
Result<Bytes> encodeCheckpointValue(const Checkpoint& checkpoint);
Result<Bytes> encodeHeartbeatKey(const Heartbeat& heartbeat);
Bytes encodeHeartbeatValue(const Heartbeat& heartbeat);

// Hex helpers for the command line and tests: "00 07 74 6F" or "0007746f" (spaces, colons and
// an optional 0x prefix are accepted).
Result<Bytes> parseHex(std::string_view text);
std::string toHex(ByteView bytes);

} // namespace driftscope
