#include "model/analysis/checkpoint_cadence.h"

#include "model/util/java_long.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

namespace driftscope {
namespace {

// The cadence known after each emission round of a prefix of the checkpoints.
struct Rounds {
    std::vector<int64_t> startMs;                        // by round
    std::vector<std::optional<CheckpointCadence>> after; // the answer once round i is seen
};

// Gaps in whole seconds -> the rounds they ended at (two are enough to recur).
using GapRounds = std::map<int64_t, std::vector<size_t>>;

std::optional<CheckpointCadence> answerFrom(const GapRounds& gaps, size_t rounds)
{
    std::optional<size_t> onlyRound; // set while every gap ended at one round
    bool severalRounds = false;
    for (const auto& [gapS, ends] : gaps) {
        if (ends.size() >= 2)
            return CheckpointCadence{gapS * 1000, rounds};
        if (onlyRound && *onlyRound != ends.front())
            severalRounds = true;
        onlyRound = ends.front();
    }
    if (gaps.empty() || severalRounds)
        return std::nullopt;
    return CheckpointCadence{gaps.begin()->first * 1000, rounds}; // two rounds: their one gap
}

Rounds findRounds(const Session& session, size_t n)
{
    Rounds out;
    GapRounds gaps;
    std::unordered_map<uint32_t, size_t> lastRoundOf; // group -> the last round that carried it
    int64_t roundLastMs = 0;
    for (size_t i = 0; i < n; ++i) {
        const ObservedCheckpoint& c = session.checkpoints[i];
        const int64_t t = c.stamp.timestampMs;
        // A checkpoint stamped before its round (another partition of the topic) stays in it, so
        // that round starts keep their order.
        if (out.startMs.empty() || t > javalong::add(roundLastMs, kRoundSpreadMs)) {
            if (!out.startMs.empty())
                out.after.push_back(answerFrom(gaps, out.startMs.size()));
            out.startMs.push_back(t);
            roundLastMs = t;
        }
        roundLastMs = std::max(roundLastMs, t);
        const size_t round = out.startMs.size() - 1;
        const auto [it, first] = lastRoundOf.try_emplace(c.group, round);
        if (first || it->second == round)
            continue;
        const int64_t gapS = (javalong::sub(out.startMs[round], out.startMs[it->second]) + 500) / 1000;
        it->second = round;
        if (gapS <= 0)
            continue;
        auto& ends = gaps[gapS];
        if (ends.size() < 2 && (ends.empty() || ends.back() != round))
            ends.push_back(round);
    }
    if (!out.startMs.empty())
        out.after.push_back(answerFrom(gaps, out.startMs.size()));
    return out;
}

} // namespace

std::optional<CheckpointCadence> observedCheckpointCadence(const Session& session, int64_t atMs)
{
    const size_t n = std::min(session.checkpoints.size(), kCadenceSampleLimit);
    // Series over time build a report per moment: the rounds of one prefix are found once per
    // thread, and each moment looks up its own answer.
    struct Memo {
        const Session* session = nullptr;
        size_t n = 0;
        int64_t firstMs = 0, lastMs = 0;
        Rounds rounds;
    };
    thread_local Memo memo;
    const int64_t firstMs = n ? session.checkpoints.front().stamp.timestampMs : 0;
    const int64_t lastMs = n ? session.checkpoints[n - 1].stamp.timestampMs : 0;
    if (memo.session != &session || memo.n != n || memo.firstMs != firstMs || memo.lastMs != lastMs)
        memo = {&session, n, firstMs, lastMs, findRounds(session, n)};
    const auto& starts = memo.rounds.startMs;
    const auto after = std::upper_bound(starts.begin(), starts.end(), atMs);
    if (after == starts.begin())
        return std::nullopt;
    return memo.rounds.after[static_cast<size_t>(after - starts.begin()) - 1];
}

} // namespace driftscope
