#include "model/config/java_properties.h"

#include "model/util/java_utf8.h"

namespace driftscope {
namespace {

// Properties' whitespace: line terminators are handled separately.
bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\f';
}

// One logical line with continuations removed, and the physical line of each of its characters
// so that an error inside a continued line names the line the user has to fix.
struct LogicalLine {
    std::string text;
    std::vector<size_t> lines;
    size_t firstLine = 0;

    void append(char c, size_t line)
    {
        if (text.empty() && firstLine == 0)
            firstLine = line;
        text += c;
        lines.push_back(line);
    }
    void dropLast()
    {
        text.pop_back();
        lines.pop_back();
    }
};

// A port of the JDK's Properties.LineReader (JDK 9 and later, whose comment handling differs in
// edge cases from JDK 8), including its quirks at end of input.
class LineReader {
public:
    explicit LineReader(std::string_view text) : m_text(text) {}

    bool next(LogicalLine& out)
    {
        out = {};
        bool skipWhiteSpace = true;
        bool appendedLineBegin = false;
        bool precedingBackslash = false;
        for (;;) {
            if (atEnd())
                return finish(out, precedingBackslash);
            const size_t line = m_line;
            const char c = take();
            if (m_skipLF) {
                m_skipLF = false;
                if (c == '\n')
                    continue;
            }
            if (skipWhiteSpace) {
                if (isBlank(c))
                    continue;
                if (!appendedLineBegin && isEol(c))
                    continue;
                skipWhiteSpace = false;
                appendedLineBegin = false;
            }
            if (out.text.empty() && (c == '#' || c == '!')) {
                // A comment line never continues, whatever it ends with.
                while (!atEnd() && !isEol(m_text[m_pos]))
                    ++m_pos;
                if (atEnd())
                    return false;
                skipWhiteSpace = true;
                continue;
            }
            if (!isEol(c)) {
                out.append(c, line);
                precedingBackslash = c == '\\' ? !precedingBackslash : false;
                continue;
            }
            if (out.text.empty()) {
                skipWhiteSpace = true;
                continue;
            }
            if (atEnd() || !precedingBackslash)
                return finish(out, precedingBackslash);
            // An odd number of backslashes before the end of the line: the backslash goes, the
            // next line's leading whitespace is skipped and its text continues this one.
            out.dropLast();
            skipWhiteSpace = true;
            appendedLineBegin = true;
            precedingBackslash = false;
            m_skipLF = c == '\r';
        }
    }

private:
    static bool isEol(char c) { return c == '\n' || c == '\r'; }
    bool atEnd() const { return m_pos >= m_text.size(); }

    char take()
    {
        const char c = m_text[m_pos++];
        // "\r\n" is one line break; a lone '\r' or '\n' is one too.
        if (c == '\r' || (c == '\n' && !(m_pos >= 2 && m_text[m_pos - 2] == '\r')))
            ++m_line;
        return c;
    }

    // Java returns "no line" for an empty buffer at end of input, and drops a final unpaired
    // backslash (which may leave an empty key with an empty value, as in Java).
    static bool finish(LogicalLine& out, bool precedingBackslash)
    {
        if (out.text.empty())
            return false;
        if (precedingBackslash)
            out.dropLast();
        return true;
    }

    std::string_view m_text;
    size_t m_pos = 0;
    size_t m_line = 1;
    bool m_skipLF = false;
};

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool isHighSurrogate(char32_t u)
{
    return u >= 0xD800 && u <= 0xDBFF;
}

bool isLowSurrogate(char32_t u)
{
    return u >= 0xDC00 && u <= 0xDFFF;
}

// Properties.loadConvert on text[begin, end). Java builds UTF-16, where \uD83D\uDE00 is one
// character; UTF-8 cannot hold a lone surrogate, so an unpaired one becomes U+FFFD (what Java's
// own UTF-8 encoder would not do -- it writes '?' -- but U+FFFD says "not representable" clearly).
Result<std::string> unescape(const LogicalLine& l, size_t begin, size_t end)
{
    std::string out;
    char32_t pendingHigh = 0;
    auto flushHigh = [&] {
        if (pendingHigh != 0)
            appendUtf8(out, 0xFFFD);
        pendingHigh = 0;
    };
    size_t i = begin;
    while (i < end) {
        char c = l.text[i++];
        if (c != '\\') {
            flushHigh();
            out += c;
            continue;
        }
        if (i >= end) // not reachable: the line reader drops an unpaired final backslash
            break;
        const size_t escapeLine = l.lines[i - 1];
        c = l.text[i++];
        if (c != 'u') {
            flushHigh();
            out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 'f' ? '\f' : c;
            continue;
        }
        char32_t u = 0;
        for (int k = 0; k < 4; ++k) {
            const int digit = i < end ? hexValue(l.text[i]) : -1;
            if (digit < 0)
                return Error{
                    "line " + std::to_string(escapeLine) +
                    ": Malformed \\uxxxx encoding (\\u must be followed by exactly four hex digits)"};
            u = (u << 4) | static_cast<char32_t>(digit);
            ++i;
        }
        if (isHighSurrogate(u)) {
            flushHigh();
            pendingHigh = u;
        } else if (isLowSurrogate(u)) {
            if (pendingHigh != 0)
                appendUtf8(out, 0x10000 + ((pendingHigh - 0xD800) << 10) + (u - 0xDC00));
            else
                appendUtf8(out, 0xFFFD);
            pendingHigh = 0;
        } else {
            flushHigh();
            appendUtf8(out, u);
        }
    }
    flushHigh();
    return out;
}

// Properties.load0: the key ends at the first unescaped '=', ':' or whitespace; then whitespace,
// at most one '=' or ':', and whitespace again are skipped before the value.
Result<PropertyEntry> entryOf(const LogicalLine& l)
{
    const size_t limit = l.text.size();
    size_t keyLen = 0;
    size_t valueStart = limit;
    bool hasSeparator = false;
    bool precedingBackslash = false;
    while (keyLen < limit) {
        const char c = l.text[keyLen];
        if ((c == '=' || c == ':') && !precedingBackslash) {
            valueStart = keyLen + 1;
            hasSeparator = true;
            break;
        }
        if (isBlank(c) && !precedingBackslash) {
            valueStart = keyLen + 1;
            break;
        }
        precedingBackslash = c == '\\' ? !precedingBackslash : false;
        ++keyLen;
    }
    while (valueStart < limit) {
        const char c = l.text[valueStart];
        if (!isBlank(c)) {
            if (hasSeparator || (c != '=' && c != ':'))
                break;
            hasSeparator = true;
        }
        ++valueStart;
    }
    auto key = unescape(l, 0, keyLen);
    if (!key)
        return Error{key.error()};
    auto value = unescape(l, valueStart, limit);
    if (!value)
        return Error{value.error()};
    return PropertyEntry{std::move(*key), std::move(*value), l.firstLine};
}

} // namespace

Result<std::vector<PropertyEntry>> parseJavaProperties(std::string_view text)
{
    std::vector<PropertyEntry> entries;
    LineReader reader(text);
    LogicalLine line;
    while (reader.next(line)) {
        auto entry = entryOf(line);
        if (!entry)
            return Error{entry.error()};
        entries.push_back(std::move(*entry));
    }
    return entries;
}

Properties::Properties(const std::vector<PropertyEntry>& entries)
{
    for (const PropertyEntry& e : entries)
        m_entries.insert_or_assign(e.key, e);
}

Result<Properties> Properties::parse(std::string_view text)
{
    auto entries = parseJavaProperties(text);
    if (!entries)
        return Error{entries.error()};
    return Properties(*entries);
}

std::optional<std::string> Properties::get(std::string_view key) const
{
    const auto it = m_entries.find(key);
    if (it == m_entries.end())
        return std::nullopt;
    return it->second.value;
}

bool Properties::contains(std::string_view key) const
{
    return m_entries.find(key) != m_entries.end();
}

size_t Properties::line(std::string_view key) const
{
    const auto it = m_entries.find(key);
    return it == m_entries.end() ? 0 : it->second.line;
}

std::vector<std::string> Properties::keys() const
{
    std::vector<std::string> out;
    out.reserve(m_entries.size());
    for (const auto& [key, entry] : m_entries)
        out.push_back(key);
    return out;
}

void Properties::set(std::string key, std::string value, size_t line)
{
    PropertyEntry e{key, std::move(value), line};
    m_entries.insert_or_assign(std::move(key), std::move(e));
}

} // namespace driftscope
