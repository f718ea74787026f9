// Decimal integers in text, read by one rule everywhere: an optional '-', then digits, and nothing
// else (no '+', no blanks), as MM2's formatters, driftscope's own files and Kafka's configs write
// them. A caller that also takes a leading '+' (Java's Long.parseLong does) strips it first.
#pragma once

#include "model/util/result.h"

#include <cstdint>
#include <string_view>

namespace driftscope {

inline constexpr std::string_view kNotAnInteger = " is not a decimal integer";
inline constexpr std::string_view kOutOfInt64Range = " does not fit in a 64-bit signed integer";

// The number, or why the text is not one: the text in single quotes, then kNotAnInteger or
// kOutOfInt64Range.
Result<int64_t> parseInt64(std::string_view text);

} // namespace driftscope
