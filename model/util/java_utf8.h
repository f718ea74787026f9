// UTF-8 decoding with Java's replacement rules.
//
// MM2 turns STRING fields into Java Strings with `new String(bytes, UTF_8)`, which replaces
// malformed input with U+FFFD. Two byte sequences that decode to the same Java String name the
// same topic or group inside MM2, so driftscope decodes exactly like Java and keys everything
// by the result (returned as valid UTF-8).
#pragma once

#include <string>
#include <string_view>

namespace driftscope {

std::string decodeUtf8LikeJava(std::string_view bytes);
// The same into `out`, reusing its storage.
void assignUtf8LikeJava(std::string_view bytes, std::string& out);

// Appends one Unicode code point (not a surrogate) as UTF-8.
void appendUtf8(std::string& out, char32_t cp);

} // namespace driftscope
