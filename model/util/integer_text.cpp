#include "model/util/integer_text.h"

#include "model/util/text_format.h"

#include <charconv>

namespace driftscope {

Result<int64_t> parseInt64(std::string_view text)
{
    // from_chars takes "-0" and "007" as numbers, as Long.parseLong does, and never '+' or
    // blanks. Text after the digits makes it no number at all, even when the digits overflow.
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec == std::errc::invalid_argument || end != text.data() + text.size())
        return Error{singleQuoted(text).append(kNotAnInteger)};
    if (ec == std::errc::result_out_of_range)
        return Error{singleQuoted(text).append(kOutOfInt64Range)};
    return value;
}

} // namespace driftscope
