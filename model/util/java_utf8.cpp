#include "model/util/java_utf8.h"

#include <algorithm>
#include <cstdint>

namespace driftscope {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool isContinuation(uint8_t b)
{
    return (b & 0xC0) == 0x80;
}

// The rules below follow the JDK's String UTF-8 decoder (JDK 9 and later): how many bytes one
// U+FFFD swallows depends on how far the malformed sequence looked valid.
bool malformed3(uint8_t b1, uint8_t b2, uint8_t b3)
{
    return (b1 == 0xE0 && (b2 & 0xE0) == 0x80) || !isContinuation(b2) || !isContinuation(b3);
}

bool malformed3Prefix(uint8_t b1, uint8_t b2)
{
    return (b1 == 0xE0 && (b2 & 0xE0) == 0x80) || !isContinuation(b2);
}

bool malformed4Prefix(uint8_t b1, uint8_t b2)
{
    return (b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF)) || (b1 == 0xF4 && (b2 & 0xF0) != 0x80) ||
           !isContinuation(b2);
}

// Length of the malformed prefix of a complete 3- or 4-byte sequence starting at `p`.
size_t malformedLength3(const uint8_t* p)
{
    return malformed3Prefix(p[0], p[1]) ? 1 : 2;
}

size_t malformedLength4(const uint8_t* p)
{
    if (p[0] > 0xF4 || malformed4Prefix(p[0], p[1]))
        return 1;
    return isContinuation(p[2]) ? 3 : 2;
}

} // namespace

void appendUtf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::string decodeUtf8LikeJava(std::string_view bytes)
{
    std::string out;
    assignUtf8LikeJava(bytes, out);
    return out;
}

void assignUtf8LikeJava(std::string_view bytes, std::string& out)
{
    const auto* src = reinterpret_cast<const uint8_t*>(bytes.data());
    const size_t end = bytes.size();
    if (std::all_of(src, src + end, [](uint8_t b) { return b < 0x80; })) {
        out.assign(bytes);
        return;
    }
    out.clear();
    out.reserve(end + 8);
    size_t sp = 0;
    while (sp < end) {
        const uint8_t b1 = src[sp++];
        if (b1 < 0x80) {
            out += static_cast<char>(b1);
        } else if (b1 >= 0xC2 && b1 <= 0xDF) {
            if (sp >= end) {
                appendUtf8(out, kReplacement);
                break;
            }
            const uint8_t b2 = src[sp];
            if (!isContinuation(b2)) {
                appendUtf8(out, kReplacement); // b2 is decoded again
            } else {
                ++sp;
                appendUtf8(out, (char32_t(b1 & 0x1F) << 6) | (b2 & 0x3F));
            }
        } else if ((b1 & 0xF0) == 0xE0) {
            if (sp + 1 < end) {
                const uint8_t b2 = src[sp];
                const uint8_t b3 = src[sp + 1];
                if (malformed3(b1, b2, b3)) {
                    appendUtf8(out, kReplacement);
                    sp = sp - 1 + malformedLength3(src + sp - 1);
                } else {
                    sp += 2;
                    const char32_t c = (char32_t(b1 & 0x0F) << 12) | (char32_t(b2 & 0x3F) << 6) | (b3 & 0x3F);
                    const bool surrogate = c >= 0xD800 && c <= 0xDFFF;
                    appendUtf8(out, surrogate ? kReplacement : c);
                }
                continue;
            }
            appendUtf8(out, kReplacement);
            if (sp < end && malformed3Prefix(b1, src[sp]))
                continue;
            break; // a truncated but well-formed prefix ends the string
        } else if ((b1 & 0xF8) == 0xF0) {
            if (sp + 2 < end) {
                const uint8_t b2 = src[sp], b3 = src[sp + 1], b4 = src[sp + 2];
                const char32_t uc = (char32_t(b1 & 0x07) << 18) | (char32_t(b2 & 0x3F) << 12) |
                                    (char32_t(b3 & 0x3F) << 6) | (b4 & 0x3F);
                const bool bad = !isContinuation(b2) || !isContinuation(b3) || !isContinuation(b4) ||
                                 uc < 0x10000 || uc > 0x10FFFF;
                appendUtf8(out, bad ? kReplacement : uc);
                sp = bad ? sp - 1 + malformedLength4(src + sp - 1) : sp + 3;
                continue;
            }
            appendUtf8(out, kReplacement);
            if (b1 > 0xF4 || (sp < end && malformed4Prefix(b1, src[sp])))
                continue;
            ++sp;
            if (sp < end && !isContinuation(src[sp]))
                continue;
            break;
        } else {
            appendUtf8(out, kReplacement); // stray continuation, C0/C1 or F8..FF
        }
    }
}

} // namespace driftscope
