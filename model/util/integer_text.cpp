#include "model/util/integer_text.h"

#include "model/util/text_format.h"

#include <charconv>

namespace driftscope {

Result<int64_t> parseInt64(std::string_view text)
{
    // from_chars alone would take "-" followed by nothing as an error but "-0" and "007" as
    // numbers, which Long.parseLong does too; it never takes '+' or blanks.
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range)
        return Error{singleQuoted(text).append(kOutOfInt64Range)};
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{singleQuoted(text).append(kNotAnInteger)};
    return value;
}

} // namespace driftscope
