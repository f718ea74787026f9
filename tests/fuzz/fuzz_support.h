// Helpers shared by the libFuzzer targets: splitting one input into the parts a parser takes,
// and failing loudly when a property does not hold, so that libFuzzer keeps the input as a crash.
#pragma once

#include "model/records/wire_codec.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope::fuzz {

// A broken property is a finding like a crash: print what broke and abort, which libFuzzer
// reports as a deadly signal and saves the input for.
[[noreturn]] inline void fail(const char* property, const std::string& detail = {})
{
    std::fprintf(stderr, "fuzz property violated: %s\n%s\n", property, detail.c_str());
    std::abort();
}

inline void check(bool holds, const char* property, const std::string& detail = {})
{
    if (!holds)
        fail(property, detail);
}

inline std::string_view asText(const uint8_t* data, size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

// A Kafka record as one input: a big-endian 2-byte key length, the key, then the value (the
// length is clamped to what follows, so every input is some record).
struct KeyValue {
    ByteView key;
    ByteView value;
};

inline KeyValue splitKeyValue(const uint8_t* data, size_t size)
{
    if (size < 2)
        return {ByteView(data, 0), ByteView(data, 0)};
    const size_t wanted = size_t{data[0]} << 8 | data[1];
    const size_t keyLength = wanted < size - 2 ? wanted : size - 2;
    return {ByteView(data + 2, keyLength), ByteView(data + 2 + keyLength, size - 2 - keyLength)};
}

// The lines of a text as the file readers split them (on '\n' only).
inline std::vector<std::string_view> linesOf(std::string_view text)
{
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        lines.push_back(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return lines;
}

// Well-formed UTF-8 by the Unicode standard's table 3-7: no overlong forms, no surrogates,
// nothing above U+10FFFF. Written independently of java_utf8.cpp so the two can be compared.
inline bool isWellFormedUtf8(std::string_view s)
{
    size_t i = 0;
    while (i < s.size()) {
        const auto b0 = static_cast<uint8_t>(s[i]);
        size_t n;
        uint8_t low = 0x80, high = 0xBF; // range of the second byte
        if (b0 < 0x80) {
            ++i;
            continue;
        } else if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            n = 3;
            low = b0 == 0xE0 ? 0xA0 : 0x80;
            high = b0 == 0xED ? 0x9F : 0xBF;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            n = 4;
            low = b0 == 0xF0 ? 0x90 : 0x80;
            high = b0 == 0xF4 ? 0x8F : 0xBF;
        } else {
            return false;
        }
        if (s.size() - i < n)
            return false;
        for (size_t k = 1; k < n; ++k) {
            const auto b = static_cast<uint8_t>(s[i + k]);
            if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF))
                return false;
        }
        i += n;
    }
    return true;
}

// The STRING fields at the start of `bytes` (INT16 length + bytes, docs/mm2-behaviour.md §4.1), read
// independently of wire_codec.cpp; stops at the first that does not fit.
inline std::vector<std::string_view> leadingStrings(ByteView bytes, size_t count)
{
    std::vector<std::string_view> out;
    size_t at = 0;
    for (size_t i = 0; i < count && bytes.size() - at >= 2; ++i) {
        const auto length = static_cast<int16_t>(bytes[at] << 8 | bytes[at + 1]);
        if (length < 0 || static_cast<size_t>(length) > bytes.size() - at - 2)
            break;
        out.emplace_back(reinterpret_cast<const char*>(bytes.data() + at + 2), static_cast<size_t>(length));
        at += 2 + static_cast<size_t>(length);
    }
    return out;
}

} // namespace driftscope::fuzz
