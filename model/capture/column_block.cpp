#include "model/capture/column_block.h"

namespace driftscope {
namespace {

void putVarint(Bytes& out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<uint8_t>(v));
}

uint64_t zigzag(int64_t v)
{
    return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

int64_t unzigzag(uint64_t v)
{
    return static_cast<int64_t>((v >> 1) ^ (~(v & 1) + 1));
}

class Reader {
public:
    explicit Reader(ByteView bytes) : m_bytes(bytes) {}

    bool varint(uint64_t& out)
    {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_at >= m_bytes.size())
                return fail("truncated");
            const uint8_t b = m_bytes[m_at++];
            // The tenth byte may only carry the top bit of a 64-bit value.
            if (shift == 63 && b > 1) {
                --m_at; // name the offending byte
                return fail("varint too long");
            }
            v |= uint64_t{b & 0x7Fu} << shift;
            if (!(b & 0x80)) {
                out = v;
                return true;
            }
        }
        return fail("varint too long");
    }
    bool bytes(size_t n, std::string& out)
    {
        if (n > m_bytes.size() - m_at)
            return fail("truncated");
        out.assign(reinterpret_cast<const char*>(m_bytes.data() + m_at), n);
        m_at += n;
        return true;
    }
    size_t left() const { return m_bytes.size() - m_at; }
    size_t position() const { return m_at; }
    const std::string& error() const { return m_error; }

private:
    bool fail(const char* what)
    {
        m_error = std::string(what) + " at byte " + std::to_string(m_at);
        return false;
    }
    ByteView m_bytes;
    size_t m_at = 0;
    std::string m_error;
};

} // namespace

Bytes encodeColumnBlock(const ColumnBlock& block)
{
    Bytes out;
    out.reserve(8 + block.rows * (block.ints.size() + 2 * block.strings.size()));
    putVarint(out, block.rows);
    putVarint(out, block.ints.size());
    putVarint(out, block.strings.size());
    for (const auto& column : block.ints) {
        uint64_t previous = 0;
        for (size_t row = 0; row < block.rows; ++row) {
            const uint64_t v = static_cast<uint64_t>(column[row]);
            putVarint(out, zigzag(static_cast<int64_t>(v - previous)));
            previous = v;
        }
    }
    for (const auto& column : block.strings) {
        for (size_t row = 0; row < block.rows; ++row) {
            putVarint(out, column[row].size());
            out.insert(out.end(), column[row].begin(), column[row].end());
        }
    }
    return out;
}

Result<ColumnBlock> decodeColumnBlock(ByteView bytes, size_t intColumns, size_t stringColumns)
{
    ColumnBlock block;
    if (auto error = decodeColumnBlockInto(bytes, intColumns, stringColumns, block))
        return Error{*error};
    return block;
}

std::optional<std::string> decodeColumnBlockInto(ByteView bytes, size_t intColumns, size_t stringColumns,
                                                 ColumnBlock& block)
{
    Reader in(bytes);
    uint64_t rows = 0, ints = 0, strings = 0;
    if (!in.varint(rows) || !in.varint(ints) || !in.varint(strings))
        return std::string{"block header: " + in.error()};
    if (ints != intColumns || strings != stringColumns)
        return std::string{"block has " + std::to_string(ints) + " integer and " + std::to_string(strings) +
                           " string columns, expected " + std::to_string(intColumns) + " and " +
                           std::to_string(stringColumns)};
    // Every value takes at least one byte: a row count beyond that is corruption, and checking
    // it first keeps a corrupt count from allocating gigabytes.
    if ((ints + strings) > 0 && rows > in.left() / (ints + strings))
        return std::string{"block claims " + std::to_string(rows) + " rows but holds " +
                           std::to_string(in.left()) + " bytes"};
    block.rows = rows;
    // Sized column by column: assign(n, std::vector(rows)) would build a column of `rows` values
    // even for n == 0, and without columns nothing bounds `rows`.
    block.ints.resize(ints);
    for (auto& column : block.ints)
        column.resize(rows);
    for (size_t c = 0; c < ints; ++c) {
        uint64_t previous = 0;
        for (size_t row = 0; row < rows; ++row) {
            uint64_t delta = 0;
            if (!in.varint(delta))
                return std::string{"integer column " + std::to_string(c) + ", row " + std::to_string(row) +
                                   ": " + in.error()};
            previous += static_cast<uint64_t>(unzigzag(delta));
            block.ints[c][row] = static_cast<int64_t>(previous);
        }
    }
    block.strings.resize(strings);
    for (auto& column : block.strings)
        column.resize(rows);
    for (size_t c = 0; c < strings; ++c) {
        for (size_t row = 0; row < rows; ++row) {
            uint64_t size = 0;
            if (!in.varint(size) || !in.bytes(size, block.strings[c][row]))
                return std::string{"string column " + std::to_string(c) + ", row " + std::to_string(row) +
                                   ": " + in.error()};
        }
    }
    if (in.left() != 0)
        return std::to_string(in.left()) + " unexpected bytes after the last column at byte " +
               std::to_string(in.position());
    return std::nullopt;
}

} // namespace driftscope
