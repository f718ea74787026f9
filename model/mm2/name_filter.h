// MM2's group and topic filters (docs/mm2-behaviour.md §3.1): lists of regular expressions joined
// with '|' that must match the whole name; an empty include list matches nothing.
#pragma once

#include "model/mm2/release.h"
#include "model/util/result.h"

#include <regex>
#include <string>
#include <vector>

namespace driftscope {

class NameFilter {
public:
    // Fails when an entry is not a valid regular expression.
    static Result<NameFilter> make(const std::vector<std::string>& include,
                                   const std::vector<std::string>& exclude);
    // `groups` / `groups.exclude` and `topics` / `topics.exclude` with MM2's defaults; the default
    // topics.exclude changed in 4.0.0 (KIP-1074), so the topic filter is the given release's.
    static NameFilter defaultGroupFilter();
    static NameFilter defaultTopicFilter(const ReleaseProfile& profile);

    bool accepts(const std::string& name) const;

private:
    NameFilter() = default;
    bool m_includeNothing = true;
    bool m_excludeNothing = true;
    std::regex m_include;
    std::regex m_exclude;
};

// DefaultGroupFilter's and DefaultTopicFilter's default exclude lists.
std::vector<std::string> defaultGroupsExclude();
std::vector<std::string> defaultTopicsExclude(const ReleaseProfile& profile);

// "a, b ,c" -> {"a", "b", "c"}: MM2's comma-separated list properties.
std::vector<std::string> splitList(const std::string& text);

} // namespace driftscope
