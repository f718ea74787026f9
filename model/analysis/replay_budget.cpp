#include "model/analysis/replay_budget.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <array>
#include <utility>

namespace driftscope {
namespace {

// The largest part of the replay (the first of equal ones), by the names the reports use.
std::pair<std::string, int64_t> dominantPart(const ReplayWindow& r, bool checkpointHeld)
{
    const std::array<std::pair<const char*, int64_t>, 4> parts = {
        {{"granularity", r.granularity},
         {"group-offset sync", r.groupSync},
         {checkpointHeld ? "staleness of a held checkpoint" : "staleness", r.staleness},
         {"commit cadence", r.cadence}}};
    std::pair<std::string, int64_t> best{parts[0].first, parts[0].second};
    for (const auto& [name, v] : parts)
        if (v > best.second)
            best = {name, v};
    return best;
}

} // namespace

std::optional<BudgetExcess> overBudget(const ReplayWindow& replay, std::optional<int64_t> replayTimeMs,
                                       const std::string& paceUnknownBecause, bool checkpointHeld,
                                       const ReplayBudget& budget, std::string& undecided)
{
    undecided.clear();
    if (!budget.any() || !replay.available || (replay.known && replay.skip > 0))
        return std::nullopt;
    if (!replay.known) {
        undecided = "the replay is unknown";
        return std::nullopt;
    }
    const auto [part, partOffsets] = dominantPart(replay, checkpointHeld);
    if (budget.maxRecords && replay.replay > *budget.maxRecords)
        return BudgetExcess{false, replay.replay, *budget.maxRecords, part, partOffsets};
    if (!budget.maxMs)
        return std::nullopt;
    if (!replayTimeMs) {
        if (replay.replay > 0) // no replay takes no time, whatever the pace
            undecided = "its time is unknown: " + paceUnknownBecause;
        return std::nullopt;
    }
    if (*replayTimeMs > *budget.maxMs)
        return BudgetExcess{true, *replayTimeMs, *budget.maxMs, part, partOffsets};
    return std::nullopt;
}

std::string budgetExcessText(const BudgetExcess& e)
{
    const std::string dominant = "; " + e.dominantPart + " dominates (" + withThousands(e.dominantOffsets) +
                                 (e.inTime ? " offsets)" : ")");
    if (e.inTime)
        return "about " + formatDurationMs(e.amount) + ", " + formatDurationMs(e.amount - e.limit) +
               " over the budget of " + formatDurationMs(e.limit) + dominant;
    return withThousands(e.amount) + " offsets, " + withThousands(e.amount - e.limit) +
           " over the budget of " + withThousands(e.limit) + dominant;
}

std::string budgetText(const ReplayBudget& b)
{
    std::string text = "at most ";
    if (b.maxRecords)
        text += withThousands(*b.maxRecords) + " offsets";
    if (b.maxRecords && b.maxMs)
        text += " and ";
    if (b.maxMs)
        text += formatDurationMs(*b.maxMs);
    return text + " of replay per partition";
}

} // namespace driftscope
