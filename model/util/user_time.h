// Moments a user names: the CLI's --at and the window's --at read them here, so that both take the
// same texts and refuse the same way.
#pragma once

#include "model/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace driftscope {

// Milliseconds since the epoch, from
//   - ISO 8601: "2026-11-29T03:12:00Z", "2026-11-29T03:12:00.250+01:00", "2026-11-29 03:12",
//     "2026-11-29" (midnight); seconds and their fraction are optional (rounded to the nearest
//     millisecond), the zone is Z, +HH:MM, +HHMM or +HH, and without one the time is UTC, like
//     every time driftscope prints; 24:00 is the end of the day;
//   - or a decimal number of milliseconds since the epoch (a sign allowed, as Java's Long).
// The error quotes the text and names both forms.
Result<int64_t> parseUserTime(std::string_view text);

// "--at 2000-01-01T00:00:00.000Z is outside the session, which covers FIRST to LAST" when `atMs`
// lies outside [firstMs, lastMs]; none when inside.
std::optional<std::string> outsideSession(std::string_view option, int64_t atMs, int64_t firstMs,
                                          int64_t lastMs);

} // namespace driftscope
