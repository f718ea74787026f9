// A compact and exact encoding of a small table (integer columns and string columns), used for
// the blocks of capture files.
//
// Layout: varint row count, varint integer-column count, varint string-column count, then each
// integer column as the zigzag varints of the differences between consecutive values (the first
// from 0; differences wrap like Java's long, so every int64 survives), then each string column
// as varint byte length plus bytes. Offsets and times grow slowly, so most values take a byte.
#pragma once

#include "model/records/wire_codec.h"
#include "model/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace driftscope {

struct ColumnBlock {
    size_t rows = 0;
    std::vector<std::vector<int64_t>> ints;        // each of `rows` values
    std::vector<std::vector<std::string>> strings; // each of `rows` values
};

Bytes encodeColumnBlock(const ColumnBlock& block);

// Refuses anything that is not exactly such a block with the given numbers of columns:
// truncation, overlong varints, trailing bytes, other column counts.
Result<ColumnBlock> decodeColumnBlock(ByteView bytes, size_t intColumns, size_t stringColumns);
// The same into `block`, reusing its storage (readers of millions of rows decode block after
// block into the same columns instead of allocating, and page-faulting, fresh ones each time).
std::optional<std::string> decodeColumnBlockInto(ByteView bytes, size_t intColumns, size_t stringColumns,
                                                 ColumnBlock& block);

} // namespace driftscope
