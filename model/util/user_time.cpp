#include "model/util/user_time.h"

#include "model/util/integer_text.h"
#include "model/util/text_format.h"

namespace driftscope {
namespace {

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm, the inverse of the one
// formatUtcMs uses).
int64_t daysFromCivil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

unsigned daysInMonth(int64_t y, unsigned m)
{
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : kDays[m - 1];
}

// Reads the text left to right; every step fails (false) without moving when its part is absent.
class Cursor {
public:
    explicit Cursor(std::string_view text) : m_text(text) {}
    bool done() const { return m_at == m_text.size(); }
    bool take(char c)
    {
        if (done() || m_text[m_at] != c)
            return false;
        ++m_at;
        return true;
    }
    // Exactly `n` decimal digits.
    bool digits(size_t n, int& out)
    {
        if (m_text.size() - m_at < n)
            return false;
        int value = 0;
        for (size_t i = 0; i < n; ++i) {
            const char c = m_text[m_at + i];
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + (c - '0');
        }
        m_at += n;
        out = value;
        return true;
    }
    // One or more digits of a fraction, as milliseconds rounded to the nearest.
    bool fractionMs(int& out)
    {
        size_t n = 0;
        int64_t micros = 0; // the first four digits: enough to round to milliseconds
        while (!done() && m_text[m_at] >= '0' && m_text[m_at] <= '9') {
            if (n < 4)
                micros = micros * 10 + (m_text[m_at] - '0');
            ++n;
            ++m_at;
        }
        for (size_t i = n; i < 4; ++i)
            micros *= 10;
        out = static_cast<int>((micros + 5) / 10);
        return n > 0;
    }

private:
    std::string_view m_text;
    size_t m_at = 0;
};

// The zone's offset from UTC in minutes: none (UTC), Z, +HH:MM, +HHMM or +HH.
bool zoneOffset(Cursor& c, int& minutes)
{
    minutes = 0;
    if (c.done() || c.take('Z') || c.take('z'))
        return true;
    const int sign = c.take('+') ? 1 : c.take('-') ? -1 : 0;
    int hours = 0, mins = 0;
    if (sign == 0 || !c.digits(2, hours))
        return false;
    if (!c.done()) {
        c.take(':'); // +HH:MM or +HHMM
        if (!c.digits(2, mins))
            return false;
    }
    if (hours > 23 || mins > 59)
        return false;
    minutes = sign * (hours * 60 + mins);
    return true;
}

std::optional<int64_t> isoTime(std::string_view text)
{
    Cursor c(text);
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ms = 0, zone = 0;
    if (!c.digits(4, year) || !c.take('-') || !c.digits(2, month) || !c.take('-') || !c.digits(2, day))
        return std::nullopt;
    if (year < 1 || month < 1 || month > 12 || day < 1 ||
        static_cast<unsigned>(day) > daysInMonth(year, static_cast<unsigned>(month)))
        return std::nullopt;
    if (!c.done()) {
        if (!(c.take('T') || c.take(' ')) || !c.digits(2, hour) || !c.take(':') || !c.digits(2, minute))
            return std::nullopt;
        if (c.take(':')) {
            if (!c.digits(2, second))
                return std::nullopt;
            if ((c.take('.') || c.take(',')) && !c.fractionMs(ms))
                return std::nullopt;
        }
        if (!zoneOffset(c, zone) || !c.done())
            return std::nullopt;
    }
    const bool endOfDay = hour == 24 && minute == 0 && second == 0 && ms == 0;
    if ((hour > 23 && !endOfDay) || minute > 59 || second > 59)
        return std::nullopt;
    const int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    return ((days * 24 + hour) * 60 + minute - zone) * 60'000 + second * 1000LL + ms;
}

std::optional<int64_t> epochMs(std::string_view text)
{
    if (text.size() > 1 && text[0] == '+' && text[1] != '-')
        text.remove_prefix(1);
    const auto value = parseInt64(text);
    return value ? std::optional<int64_t>(*value) : std::nullopt;
}

} // namespace

Result<int64_t> parseUserTime(std::string_view text)
{
    if (const auto ms = epochMs(text))
        return *ms;
    if (const auto ms = isoTime(text))
        return *ms;
    return Error{singleQuoted(text) +
                 " is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor milliseconds since the epoch"};
}

std::optional<std::string> outsideSession(std::string_view option, int64_t atMs, int64_t firstMs,
                                          int64_t lastMs)
{
    if (atMs >= firstMs && atMs <= lastMs)
        return std::nullopt;
    std::string out(option);
    return out + " " + formatUtcMs(atMs) + " is outside the session, which covers " + formatUtcMs(firstMs) +
           " to " + formatUtcMs(lastMs);
}

} // namespace driftscope
