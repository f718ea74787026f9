// The blocks of capture files (capture_blocks.h decodeBlock, column_block.h decodeColumnBlock),
// mutated directly rather than through the SQLite file around them (see fuzz_capture_file).
// Input: a stream selector byte, the sizes of the capture's partition and group dictionaries,
// then the block's bytes.
//
// Checks: a refused block appends nothing; an accepted one keeps the invariants of model_checks.h
// and its rows encode to bytes that decode to the same rows; the bare column block, with a shape
// chosen by the input, also re-encodes to at most as many bytes.
#include "model_checks.h"

#include "model/capture/capture_blocks.h"
#include "model/capture/column_block.h"

using namespace driftscope;
using fuzz::check;

namespace {

Session withDictionaries(size_t partitions, size_t groups)
{
    Session o;
    for (size_t i = 0; i < partitions; ++i)
        o.partitionId({"topic-" + std::to_string(i % 7), static_cast<int32_t>(i)});
    for (size_t i = 0; i < groups; ++i)
        o.groupId("group-" + std::to_string(i));
    return o;
}

template <class T>
void checkRows(const std::vector<T>& rows, CaptureStream stream, size_t partitions, size_t groups)
{
    // No size bound here, unlike the bare column block: U+FFFD can make a string longer.
    const Bytes encoded = encodeBlock(std::span<const T>(rows));
    Session again = withDictionaries(partitions, groups);
    const auto failure = decodeBlock(stream, encoded, again);
    check(!failure, "an encoded block decodes", failure.value_or(""));
    if constexpr (std::is_same_v<T, ObservedSync>)
        check(again.syncs == rows, "decode(encode(rows)) == rows");
    else if constexpr (std::is_same_v<T, ObservedCheckpoint>)
        check(again.checkpoints == rows, "decode(encode(rows)) == rows");
    else if constexpr (std::is_same_v<T, ObservedHeartbeat>)
        check(again.heartbeats == rows, "decode(encode(rows)) == rows");
    else if constexpr (std::is_same_v<T, GroupOffsetSample>)
        check(again.groupOffsets == rows, "decode(encode(rows)) == rows");
    else if constexpr (std::is_same_v<T, ObservedPosition>)
        check(again.positions == rows, "decode(encode(rows)) == rows");
    else
        check(again.logOffsets == rows, "decode(encode(rows)) == rows");
}

void checkColumnBlock(ByteView bytes, size_t ints, size_t strings)
{
    const auto block = decodeColumnBlock(bytes, ints, strings);
    if (!block)
        return;
    check(block->rows * (ints + strings) <= bytes.size() && block->ints.size() == ints &&
              block->strings.size() == strings,
          "a column block has the asked shape and a byte per value at least");
    const Bytes encoded = encodeColumnBlock(*block);
    check(encoded.size() <= bytes.size(), "a column block re-encodes to at most its size");
    const auto again = decodeColumnBlock(encoded, ints, strings);
    check(again.ok() && again->rows == block->rows && again->ints == block->ints &&
              again->strings == block->strings,
          "decode(encode(block)) == block");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 3)
        return 0;
    const auto stream = static_cast<CaptureStream>(data[0] % 6);
    const size_t partitions = data[1], groups = data[2];
    const ByteView bytes(data + 3, size - 3);
    checkColumnBlock(bytes, partitions % 9, groups % 4);

    Session o = withDictionaries(partitions, groups);
    if (const auto failure = decodeBlock(stream, bytes, o)) {
        const auto c = o.mark();
        check(c.syncs + c.checkpoints + c.heartbeats + c.groupOffsets + c.logOffsets + c.positions == 0,
              "a refused block appends nothing", *failure);
        return 0;
    }
    check(o.partitionCount() == partitions && o.groupCount() == groups, "a block adds no dictionary entries");
    fuzz::checkSession(o);
    switch (stream) {
    case CaptureStream::OffsetSyncs:
        checkRows(o.syncs, stream, partitions, groups);
        break;
    case CaptureStream::Checkpoints:
        checkRows(o.checkpoints, stream, partitions, groups);
        break;
    case CaptureStream::Heartbeats:
        checkRows(o.heartbeats, stream, partitions, groups);
        break;
    case CaptureStream::GroupOffsetSamples:
        checkRows(o.groupOffsets, stream, partitions, groups);
        break;
    case CaptureStream::LogOffsets:
        checkRows(o.logOffsets, stream, partitions, groups);
        break;
    case CaptureStream::ReplicationPositions:
        checkRows(o.positions, stream, partitions, groups);
        break;
    }
    return 0;
}
