// Things chosen by name, such as the simulator's and the demo's scenarios: the list of names and
// the lookup come from one table, so that they cannot disagree, and an unknown name is refused
// the same way everywhere, with the known names.
#pragma once

#include "model/util/result.h"
#include "model/util/text_format.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace driftscope {

// {"steady", "busy"} -> "steady, busy": how lists of names read in help texts and messages.
inline std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& name : names) {
        if (!out.empty())
            out += ", ";
        out += name;
    }
    return out;
}

template <class T>
class NamedRegistry {
public:
    struct Entry {
        std::string name;
        std::function<T()> make;
    };

    // An unknown name is refused as "unknown <what> 'NAME' (<knownLabel>: a, b, c)".
    NamedRegistry(std::string what, std::string knownLabel, std::vector<Entry> entries)
        : m_what(std::move(what)), m_knownLabel(std::move(knownLabel)), m_entries(std::move(entries))
    {
    }

    // In the table's order.
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        for (const Entry& e : m_entries)
            out.push_back(e.name);
        return out;
    }

    Result<T> find(const std::string& name) const
    {
        for (const Entry& e : m_entries)
            if (e.name == name)
                return e.make();
        // Appended, not `"literal" + std::string`: GCC 12's -Wrestrict false positive at -O3
        // (util/text_format.h).
        std::string message = "unknown ";
        message += m_what;
        message += ' ';
        message += singleQuoted(name);
        message += " (";
        message += m_knownLabel;
        message += ": ";
        message += joinNames(names());
        message += ')';
        return Error{std::move(message)};
    }

private:
    std::string m_what, m_knownLabel;
    std::vector<Entry> m_entries;
};

} // namespace driftscope
