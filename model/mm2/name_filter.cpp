#include "model/mm2/name_filter.h"

namespace driftscope {
namespace {

std::string joined(const std::vector<std::string>& entries)
{
    std::string out;
    // Appended piece by piece: GCC 12's -Wrestrict misreads `"|" + std::string(...)` at -O3
    // (model/util/text_format.h).
    for (const std::string& e : entries) {
        if (!out.empty())
            out += '|';
        out += "(?:";
        out += e;
        out += ')';
    }
    return out;
}

} // namespace

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos)
            comma = text.size();
        std::string item = text.substr(start, comma - start);
        const size_t first = item.find_first_not_of(" \t");
        const size_t last = item.find_last_not_of(" \t");
        if (first != std::string::npos)
            out.push_back(item.substr(first, last - first + 1));
        start = comma + 1;
    }
    return out;
}

Result<NameFilter> NameFilter::make(const std::vector<std::string>& include,
                                    const std::vector<std::string>& exclude)
{
    NameFilter f;
    try {
        f.m_includeNothing = include.empty();
        if (!include.empty())
            f.m_include = std::regex(joined(include), std::regex::ECMAScript);
        f.m_excludeNothing = exclude.empty();
        if (!exclude.empty())
            f.m_exclude = std::regex(joined(exclude), std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        return Error{std::string("not a valid regular expression list: ") + e.what()};
    }
    return f;
}

std::vector<std::string> defaultGroupsExclude()
{
    return {"console-consumer-.*", "connect-.*", "__.*"};
}

std::vector<std::string> defaultTopicsExclude(const ReleaseProfile& profile)
{
    if (profile.internalTopicRule == InternalTopicRule::Mm2Only)
        return {"mm2.*\\.internal", ".*\\.replica", "__.*"};
    return {".*[\\-\\.]internal", ".*\\.replica", "__.*"};
}

NameFilter NameFilter::defaultGroupFilter()
{
    return make({".*"}, defaultGroupsExclude()).value();
}

NameFilter NameFilter::defaultTopicFilter(const ReleaseProfile& profile)
{
    return make({".*"}, defaultTopicsExclude(profile)).value();
}

bool NameFilter::accepts(const std::string& name) const
{
    if (m_includeNothing || !std::regex_match(name, m_include))
        return false;
    return m_excludeNothing || !std::regex_match(name, m_exclude);
}

} // namespace driftscope
