#include "model/util/json_writer.h"

#include "model/util/text_format.h"

namespace driftscope {

std::string jsonQuoted(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
            } else {
                out += ch;
            }
        }
    }
    return out + '"';
}

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasItems.empty()) {
        if (m_hasItems.back())
            m_out += ',';
        m_hasItems.back() = true;
    }
}

JsonWriter& JsonWriter::open(char bracket)
{
    separate();
    m_out += bracket;
    m_hasItems.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::close(char bracket)
{
    m_out += bracket;
    m_hasItems.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name)
{
    separate();
    m_out += jsonQuoted(name);
    m_out += ':';
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(int64_t v)
{
    separate();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(uint64_t v)
{
    separate();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v)
{
    separate();
    m_out += jsonQuoted(v);
    return *this;
}

JsonWriter& JsonWriter::value(bool v)
{
    separate();
    m_out += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::decimal(int64_t units, int decimals)
{
    separate();
    m_out += formatFixed(units, decimals);
    return *this;
}

JsonWriter& JsonWriter::null()
{
    separate();
    m_out += "null";
    return *this;
}

} // namespace driftscope
