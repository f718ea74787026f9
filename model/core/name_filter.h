// MM2's group and topic filters (mm2-internals.md §3.1): lists of regular expressions joined
// with '|' that must match the whole name; an empty include list matches nothing.
#pragma once

#include "model/core/result.h"

#include <regex>
#include <string>
#include <vector>

namespace driftscope {

class NameFilter {
public:
    // Fails when an entry is not a valid regular expression.
    static Result<NameFilter> make(const std::vector<std::string>& include,
                                   const std::vector<std::string>& exclude);
    // `groups` / `groups.exclude` and `topics` / `topics.exclude` with MM2's defaults.
    static NameFilter defaultGroupFilter();
    static NameFilter defaultTopicFilter();

    bool accepts(const std::string& name) const;

private:
    NameFilter() = default;
    bool m_includeNothing = true;
    bool m_excludeNothing = true;
    std::regex m_include;
    std::regex m_exclude;
};

// "a, b ,c" -> {"a", "b", "c"}: MM2's comma-separated list properties.
std::vector<std::string> splitList(const std::string& text);

} // namespace driftscope
