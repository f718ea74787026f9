#include "model/records/wire_codec.h"

#include "model/util/java_utf8.h"

#include <limits>

namespace driftscope {
namespace {

// Reads big-endian fields in schema order; the first failure is kept and later reads are no-ops.
// The failure is recorded as plain values and only turned into a message when asked for, so the
// common, well-formed case allocates nothing.
class FieldReader {
public:
    FieldReader(ByteView bytes, const char* part) : m_bytes(bytes), m_part(part) {}

    bool failed() const { return m_failField != nullptr; }
    size_t remaining() const { return m_bytes.size() - m_pos; }

    int16_t int16(const char* field) { return static_cast<int16_t>(readBigEndian<2>(field, "INT16")); }
    int32_t int32(const char* field) { return static_cast<int32_t>(readBigEndian<4>(field, "INT32")); }
    int64_t int64(const char* field) { return static_cast<int64_t>(readBigEndian<8>(field, "INT64")); }

    // Decodes a STRING into `out`, reusing its storage.
    void string(const char* field, std::string& out)
    {
        const size_t start = m_pos;
        const int16_t length = int16(field);
        if (failed())
            return;
        if (length < 0 || static_cast<size_t>(length) > remaining()) {
            fail(field, start, length < 0 ? Failure::NegativeLength : Failure::LongString, length);
            return;
        }
        const auto* data = reinterpret_cast<const char*>(m_bytes.data() + m_pos);
        m_pos += static_cast<size_t>(length);
        assignUtf8LikeJava(std::string_view(data, static_cast<size_t>(length)), out);
    }

    std::string error() const
    {
        std::string what;
        switch (m_failure) {
        case Failure::Short:
            what = "needs " + std::to_string(m_failValue) + " bytes (" + m_failType + ") but only " +
                   std::to_string(m_failRemaining) + " remain";
            break;
        case Failure::NegativeLength:
            what = "has negative length " + std::to_string(m_failValue);
            break;
        case Failure::LongString:
            what = "has length " + std::to_string(m_failValue) + " but only " +
                   std::to_string(m_failRemaining) + " bytes follow";
            break;
        }
        return std::string(m_part) + " field '" + m_failField + "' at byte " + std::to_string(m_failAt) +
               " " + what;
    }

private:
    enum class Failure { Short, NegativeLength, LongString };

    template <size_t Width>
    uint64_t readBigEndian(const char* field, const char* type)
    {
        if (failed())
            return 0;
        if (remaining() < Width) {
            m_failType = type;
            fail(field, m_pos, Failure::Short, Width);
            return 0;
        }
        uint64_t v = loadBigEndian<Width>(m_bytes.data() + m_pos);
        m_pos += Width;
        if constexpr (Width < 8) {
            if ((v >> (Width * 8 - 1)) != 0) // sign-extend
                v |= ~uint64_t{0} << (Width * 8);
        }
        return v;
    }

    void fail(const char* field, size_t at, Failure failure, int64_t value)
    {
        m_failField = field;
        m_failAt = at;
        m_failure = failure;
        m_failValue = value;
        m_failRemaining = remaining();
    }

    ByteView m_bytes;
    const char* m_part;
    size_t m_pos = 0;
    const char* m_failField = nullptr;
    const char* m_failType = "";
    size_t m_failAt = 0;
    Failure m_failure = Failure::Short;
    int64_t m_failValue = 0;
    size_t m_failRemaining = 0;
};

class FieldWriter {
public:
    explicit FieldWriter(const char* part) : m_part(part) {}

    void int16(int16_t v) { writeBigEndian(static_cast<uint16_t>(v), 2); }
    void int32(int32_t v) { writeBigEndian(static_cast<uint32_t>(v), 4); }
    void int64(int64_t v) { writeBigEndian(static_cast<uint64_t>(v), 8); }

    void string(const char* field, const std::string& s)
    {
        if (s.size() > static_cast<size_t>(std::numeric_limits<int16_t>::max())) {
            if (m_error.empty())
                m_error = std::string(m_part) + " field '" + field + "' is " + std::to_string(s.size()) +
                          " bytes long; a STRING holds at most 32767";
            return;
        }
        int16(static_cast<int16_t>(s.size()));
        m_bytes.insert(m_bytes.end(), s.begin(), s.end());
    }

    Result<Bytes> result() &&
    {
        if (!m_error.empty())
            return Error{m_error};
        return std::move(m_bytes);
    }
    Bytes bytes() && { return std::move(m_bytes); }

private:
    void writeBigEndian(uint64_t v, size_t width)
    {
        for (size_t i = width; i-- > 0;)
            m_bytes.push_back(static_cast<uint8_t>(v >> (i * 8)));
    }

    const char* m_part;
    Bytes m_bytes;
    std::string m_error;
};

template <class Record>
Result<Decoded<Record>> finish(Record record, const FieldReader& key, const FieldReader& value)
{
    if (key.failed())
        return Error{key.error()};
    if (value.failed())
        return Error{value.error()};
    return Decoded<Record>{std::move(record), key.remaining(), value.remaining()};
}

} // namespace

bool decodeOffsetSyncInto(ByteView keyBytes, ByteView valueBytes, Decoded<OffsetSync>& out,
                          std::string& error)
{
    FieldReader key(keyBytes, "offset-sync key");
    FieldReader value(valueBytes, "offset-sync value");
    key.string("topic", out.record.tp.topic);
    out.record.tp.partition = key.int32("partition");
    out.record.upstream = value.int64("upstreamOffset");
    out.record.downstream = value.int64("offset");
    if (key.failed() || value.failed()) {
        error = key.failed() ? key.error() : value.error();
        return false;
    }
    out.ignoredKeyBytes = key.remaining();
    out.ignoredValueBytes = value.remaining();
    return true;
}

Result<Decoded<OffsetSync>> decodeOffsetSync(ByteView key, ByteView value)
{
    Decoded<OffsetSync> decoded;
    std::string error;
    if (!decodeOffsetSyncInto(key, value, decoded, error))
        return Error{std::move(error)};
    return decoded;
}

Result<Decoded<Checkpoint>> decodeCheckpoint(ByteView keyBytes, ByteView valueBytes)
{
    FieldReader key(keyBytes, "checkpoint key");
    FieldReader value(valueBytes, "checkpoint value");
    Checkpoint cp;
    key.string("group", cp.group);
    key.string("topic", cp.tp.topic);
    cp.tp.partition = key.int32("partition");
    // MM2 only asserts the version (assertions are off in production): any version is read
    // with the version-0 layout.
    cp.version = value.int16("version");
    cp.upstream = value.int64("upstreamOffset");
    cp.downstream = value.int64("offset");
    value.string("metadata", cp.metadata);
    return finish(std::move(cp), key, value);
}

Result<Decoded<Heartbeat>> decodeHeartbeat(ByteView keyBytes, ByteView valueBytes)
{
    FieldReader key(keyBytes, "heartbeat key");
    FieldReader value(valueBytes, "heartbeat value");
    Heartbeat hb;
    key.string("sourceClusterAlias", hb.sourceAlias);
    key.string("targetClusterAlias", hb.targetAlias);
    hb.version = value.int16("version");
    hb.timestampMs = value.int64("timestamp");
    return finish(std::move(hb), key, value);
}

Result<Bytes> encodeOffsetSyncKey(const OffsetSync& sync)
{
    FieldWriter w("offset-sync key");
    w.string("topic", sync.tp.topic);
    w.int32(sync.tp.partition);
    return std::move(w).result();
}

Bytes encodeOffsetSyncValue(const OffsetSync& sync)
{
    FieldWriter w("offset-sync value");
    w.int64(sync.upstream);
    w.int64(sync.downstream);
    return std::move(w).bytes();
}

Result<Bytes> encodeCheckpointKey(const Checkpoint& cp)
{
    FieldWriter w("checkpoint key");
    w.string("group", cp.group);
    w.string("topic", cp.tp.topic);
    w.int32(cp.tp.partition);
    return std::move(w).result();
}

Result<Bytes> encodeCheckpointValue(const Checkpoint& cp)
{
    FieldWriter w("checkpoint value");
    w.int16(cp.version);
    w.int64(cp.upstream);
    w.int64(cp.downstream);
    w.string("metadata", cp.metadata);
    return std::move(w).result();
}

Result<Bytes> encodeHeartbeatKey(const Heartbeat& hb)
{
    FieldWriter w("heartbeat key");
    w.string("sourceClusterAlias", hb.sourceAlias);
    w.string("targetClusterAlias", hb.targetAlias);
    return std::move(w).result();
}

Bytes encodeHeartbeatValue(const Heartbeat& hb)
{
    FieldWriter w("heartbeat value");
    w.int16(hb.version);
    w.int64(hb.timestampMs);
    return std::move(w).bytes();
}

Result<Bytes> parseHex(std::string_view text)
{
    if (text.starts_with("0x") || text.starts_with("0X"))
        text.remove_prefix(2);
    Bytes out;
    int pending = -1;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        int nibble;
        if (c >= '0' && c <= '9')
            nibble = c - '0';
        else if (c >= 'a' && c <= 'f')
            nibble = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            nibble = c - 'A' + 10;
        else if (c == ' ' || c == ':' || c == '\t' || c == '|')
            continue;
        else
            return Error{"not a hexadecimal digit at character " + std::to_string(i + 1) + ": '" +
                         std::string(1, c) + "'"};
        if (pending < 0) {
            pending = nibble;
        } else {
            out.push_back(static_cast<uint8_t>(pending << 4 | nibble));
            pending = -1;
        }
    }
    if (pending >= 0)
        return Error{"odd number of hexadecimal digits"};
    return out;
}

std::string toHex(ByteView bytes)
{
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < bytes.size(); ++i) {
        if (i)
            out += ' ';
        out += kDigits[bytes[i] >> 4];
        out += kDigits[bytes[i] & 0xF];
    }
    return out;
}

} // namespace driftscope
