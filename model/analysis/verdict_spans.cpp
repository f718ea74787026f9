#include "model/analysis/verdict_spans.h"

#include <algorithm>
#include <map>

namespace driftscope {

std::vector<VerdictSpans> verdictSpans(const PartitionSeries& series)
{
    std::map<Verdict, std::vector<VerdictSpan>> byVerdict;
    std::map<Verdict, size_t> openSince; // verdicts holding at the previous moment
    const size_t n = series.atMs.size();
    for (size_t i = 0; i < n; ++i) {
        const std::vector<Verdict>& now = series.rows[i].verdicts;
        const auto holds = [&now](Verdict v) {
            return std::find(now.begin(), now.end(), v) != now.end();
        };
        for (auto it = openSince.begin(); it != openSince.end();)
            if (holds(it->first)) {
                ++it;
            } else {
                byVerdict[it->first].push_back({series.atMs[it->second], series.atMs[i]});
                it = openSince.erase(it);
            }
        for (Verdict v : now)
            openSince.try_emplace(v, i);
    }
    for (const auto& [v, since] : openSince)
        byVerdict[v].push_back({series.atMs[since], series.atMs[n - 1]});
    std::vector<VerdictSpans> out;
    for (auto& [v, spans] : byVerdict)
        out.push_back({v, std::move(spans)});
    return out;
}

} // namespace driftscope
