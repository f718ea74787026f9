#include "model/util/json_reader.h"

#include "model/util/java_utf8.h"

#include <charconv>

namespace driftscope {
namespace {

constexpr int kMaxDepth = 32;

class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    Result<JsonObject> parseTopLevel()
    {
        skipSpace();
        if (peek() != '{')
            return fail("expected '{' (a JSON Lines record is an object)");
        JsonObject object;
        if (!parseObject(1, &object))
            return Error{m_error};
        skipSpace();
        if (m_pos != m_text.size())
            return fail("unexpected text after the object");
        return object;
    }

    Result<JsonNamedObject> parseNamedTopLevel()
    {
        skipSpace();
        if (peek() != '[')
            return fail("expected '[' (a name and an object in an array)");
        ++m_pos;
        skipSpace();
        JsonNamedObject out;
        if (peek() != '"')
            return fail("expected a name in double quotes");
        if (!parseString(out.name))
            return Error{m_error};
        skipSpace();
        if (peek() != ',')
            return fail("expected ',' after the name");
        ++m_pos;
        skipSpace();
        if (peek() != '{')
            return fail("expected '{' after the name");
        if (!parseObject(2, &out.object))
            return Error{m_error};
        skipSpace();
        if (peek() != ']')
            return fail("expected ']' after the object");
        ++m_pos;
        skipSpace();
        if (m_pos != m_text.size())
            return fail("unexpected text after the array");
        return out;
    }

private:
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    bool atEnd() const { return m_pos >= m_text.size(); }

    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++m_pos;
    }

    Error fail(const std::string& what)
    {
        m_error = "invalid JSON at character " + std::to_string(m_pos + 1) + ": " + what;
        return Error{m_error};
    }

    bool failed(const std::string& what)
    {
        fail(what);
        return false;
    }

    // `out` is null for nested objects, whose fields are skipped.
    bool parseObject(int depth, JsonObject* out)
    {
        ++m_pos; // '{'
        skipSpace();
        if (peek() == '}') {
            ++m_pos;
            return true;
        }
        for (;;) {
            skipSpace();
            if (peek() != '"')
                return failed("expected a key in double quotes");
            const size_t keyAt = m_pos;
            std::string key;
            if (!parseString(key))
                return false;
            skipSpace();
            if (peek() != ':')
                return failed("expected ':' after a key");
            ++m_pos;
            JsonValue value;
            if (!parseValue(depth, value))
                return false;
            if (out) {
                if (out->find(key)) {
                    m_pos = keyAt;
                    return failed("duplicate key \"" + key + "\"");
                }
                out->add(std::move(key), std::move(value));
            }
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() == '}') {
                ++m_pos;
                return true;
            }
            return failed("expected ',' or '}'");
        }
    }

    bool parseArray(int depth)
    {
        ++m_pos; // '['
        skipSpace();
        if (peek() == ']') {
            ++m_pos;
            return true;
        }
        for (;;) {
            JsonValue ignored;
            if (!parseValue(depth, ignored))
                return false;
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() == ']') {
                ++m_pos;
                return true;
            }
            return failed("expected ',' or ']'");
        }
    }

    bool parseValue(int depth, JsonValue& out)
    {
        skipSpace();
        const char c = peek();
        if (c == '"') {
            std::string s;
            if (!parseString(s))
                return false;
            out = std::move(s);
            return true;
        }
        if (c == '{' || c == '[') {
            if (depth >= kMaxDepth)
                return failed("nested deeper than " + std::to_string(kMaxDepth) + " levels");
            out = JsonNested{};
            return c == '{' ? parseObject(depth + 1, nullptr) : parseArray(depth + 1);
        }
        if (c == '-' || (c >= '0' && c <= '9'))
            return parseNumber(out);
        for (const auto& [word, value] : {std::pair{std::string_view("true"), JsonValue{true}},
                                          std::pair{std::string_view("false"), JsonValue{false}},
                                          std::pair{std::string_view("null"), JsonValue{JsonNull{}}}}) {
            if (m_text.substr(m_pos, word.size()) == word) {
                m_pos += word.size();
                out = value;
                return true;
            }
        }
        return failed(atEnd() ? "unexpected end of the line" : "expected a value");
    }

    bool digits()
    {
        const size_t start = m_pos;
        while (!atEnd() && peek() >= '0' && peek() <= '9')
            ++m_pos;
        return m_pos > start;
    }

    bool parseNumber(JsonValue& out)
    {
        const size_t start = m_pos;
        if (peek() == '-')
            ++m_pos;
        if (peek() == '0')
            ++m_pos;
        else if (!digits())
            return failed("expected digits");
        bool integerLiteral = true;
        if (peek() == '.') {
            ++m_pos;
            if (!digits())
                return failed("expected digits after '.'");
            integerLiteral = false;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            if (peek() == '+' || peek() == '-')
                ++m_pos;
            if (!digits())
                return failed("expected digits in the exponent");
            integerLiteral = false;
        }
        const std::string_view literal = m_text.substr(start, m_pos - start);
        int64_t value = 0;
        const auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), value);
        if (integerLiteral && ec == std::errc() && end == literal.data() + literal.size())
            out = value;
        else
            out = JsonOtherNumber{};
        return true;
    }

    bool hex4(char32_t& out)
    {
        out = 0;
        for (int i = 0; i < 4; ++i, ++m_pos) {
            const char c = peek();
            int v;
            if (c >= '0' && c <= '9')
                v = c - '0';
            else if (c >= 'a' && c <= 'f')
                v = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                v = c - 'A' + 10;
            else
                return failed("expected four hexadecimal digits after \\u");
            out = out << 4 | static_cast<char32_t>(v);
        }
        return true;
    }

    bool parseString(std::string& out)
    {
        ++m_pos; // opening quote
        std::string raw;
        for (;;) {
            if (atEnd())
                return failed("unterminated string");
            const char c = m_text[m_pos];
            if (c == '"') {
                ++m_pos;
                break;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                return failed("control character in a string");
            if (c != '\\') {
                raw += c;
                ++m_pos;
                continue;
            }
            ++m_pos;
            const char e = peek();
            ++m_pos;
            switch (e) {
            case '"':
            case '\\':
            case '/':
                raw += e;
                break;
            case 'b':
                raw += '\b';
                break;
            case 'f':
                raw += '\f';
                break;
            case 'n':
                raw += '\n';
                break;
            case 'r':
                raw += '\r';
                break;
            case 't':
                raw += '\t';
                break;
            case 'u': {
                char32_t cp;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xD800 && cp <= 0xDBFF && m_text.substr(m_pos, 2) == "\\u") {
                    const size_t save = m_pos;
                    m_pos += 2;
                    char32_t low;
                    if (!hex4(low))
                        return false;
                    if (low >= 0xDC00 && low <= 0xDFFF)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    else
                        m_pos = save; // the next escape is decoded on its own
                }
                appendUtf8(raw, cp >= 0xD800 && cp <= 0xDFFF ? char32_t{0xFFFD} : cp);
                break;
            }
            default:
                --m_pos;
                return failed("invalid escape in a string");
            }
        }
        // Raw bytes that are not UTF-8 become U+FFFD, as in MM2's own string decoding.
        assignUtf8LikeJava(raw, out);
        return true;
    }

    std::string_view m_text;
    size_t m_pos = 0;
    std::string m_error;
};

} // namespace

const JsonValue* JsonObject::find(std::string_view key) const
{
    for (const auto& [k, v] : m_fields)
        if (k == key)
            return &v;
    return nullptr;
}

Result<JsonObject> parseJsonObject(std::string_view text)
{
    return Parser(text).parseTopLevel();
}

Result<JsonNamedObject> parseJsonNamedObject(std::string_view text)
{
    return Parser(text).parseNamedTopLevel();
}

} // namespace driftscope
