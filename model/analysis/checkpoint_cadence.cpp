#include "model/analysis/checkpoint_cadence.h"

#include "model/util/java_long.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace driftscope {

std::optional<int64_t> observedCheckpointIntervalMs(const Session& session)
{
    constexpr size_t kRecurrences = 3;
    const size_t n = std::min(session.checkpoints.size(), kCadenceSampleLimit);
    // Series over time build a report per moment: the same prefix is read once per thread.
    struct Memo {
        const Session* session = nullptr;
        size_t n = 0;
        int64_t firstMs = 0, lastMs = 0;
        std::optional<int64_t> answer;
    };
    thread_local Memo memo;
    const int64_t firstMs = n ? session.checkpoints.front().stamp.timestampMs : 0;
    const int64_t lastMs = n ? session.checkpoints[n - 1].stamp.timestampMs : 0;
    if (memo.session == &session && memo.n == n && memo.firstMs == firstMs && memo.lastMs == lastMs)
        return memo.answer;
    memo = {&session, n, firstMs, lastMs, std::nullopt};
    std::unordered_map<uint64_t, int64_t> lastEmitted; // (group, partition) -> timestamp
    std::map<int64_t, std::set<int64_t>> momentsOfGap; // gap in s -> emission seconds it ended at
    for (size_t i = 0; i < n; ++i) {
        const ObservedCheckpoint& c = session.checkpoints[i];
        const uint64_t key = (uint64_t{c.group} << 32) | c.partition;
        const auto [it, first] = lastEmitted.try_emplace(key, c.stamp.timestampMs);
        if (first)
            continue;
        const int64_t gapMs = javalong::sub(c.stamp.timestampMs, it->second);
        it->second = c.stamp.timestampMs;
        const int64_t gapS = (gapMs + 500) / 1000;
        if (gapMs <= 0 || gapS <= 0)
            continue;
        auto& moments = momentsOfGap[gapS];
        if (moments.size() < kRecurrences)
            moments.insert(c.stamp.timestampMs / 1000);
    }
    for (const auto& [gapS, moments] : momentsOfGap)
        if (moments.size() >= kRecurrences)
            return memo.answer = gapS * 1000;
    return std::nullopt;
}

} // namespace driftscope
