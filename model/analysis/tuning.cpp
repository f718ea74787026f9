#include "model/analysis/tuning.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace driftscope::tuning {
namespace {

// The tightest settings MM2 accepts that still mean something: a sync per record, a checkpoint
// (and a group-offset sync) every second.
constexpr int64_t kTightestMs = 1000;
// offset.lag.max is searched up to this (a long in MM2; past it nothing changes in practice).
constexpr int64_t kMaxOffsetLagMax = 1'000'000'000;
// Commit intervals tried for a group whose commits alone break the target, in ms.
const std::vector<int64_t> kCommitLadder = {100,    200,    500,    1000,   2000,    5000,
                                            10'000, 15'000, 30'000, 60'000, 120'000, 300'000};

// The flows the model judges, merged where they are alike (the same widths whatever the
// settings), with their weights.
struct Modelled {
    FlowProfile profile;
    std::vector<double> weights;
};

// The profile's settings without its flows (copying the flows only to drop them costs a string
// per group partition: 20,000 on the load demo, for every group).
FlowProfile withoutFlows(const FlowProfile& profile)
{
    FlowProfile p;
    p.release = profile.release;
    p.current = profile.current;
    p.offsetFlushIntervalMs = profile.offsetFlushIntervalMs;
    p.sourceAlias = profile.sourceAlias;
    return p;
}

Modelled modelled(const FlowProfile& profile, Unit unit, std::vector<std::string>& leftOut)
{
    Modelled m{withoutFlows(profile), {}};
    for (const Flow& f : profile.flows) {
        if (const std::string why = unmodelled(profile, f, unit); !why.empty()) {
            leftOut.push_back(f.group + " " + toString(f.partition) + ": " + why);
            continue;
        }
        m.profile.flows.push_back(f);
        m.weights.push_back(f.weight);
    }
    return m;
}

std::vector<PartWidths> widthsOf(const FlowProfile& profile, const Knobs& knobs, Unit unit)
{
    std::vector<PartWidths> widths;
    widths.reserve(profile.flows.size());
    for (const Flow& f : profile.flows)
        widths.push_back(partWidths(profile, f, knobs, unit));
    return widths;
}

double quantileOf(const Modelled& m, const Knobs& knobs, Unit unit, double percentile)
{
    return mixtureQuantile(widthsOf(m.profile, knobs, unit), m.weights, percentile);
}

Knobs tightest(const Knobs& current)
{
    Knobs k{0, kTightestMs, std::nullopt};
    if (current.syncGroupOffsetsIntervalMs)
        k.syncGroupOffsetsIntervalMs = kTightestMs;
    return k;
}

// The largest offset.lag.max that meets the target at this emit interval; none when even a sync
// per record does not.
std::optional<int64_t> largestLagMax(const Modelled& m, Knobs knobs, const Target& target, int64_t upTo)
{
    auto meets = [&](int64_t lagMax) {
        knobs.offsetLagMax = lagMax;
        return quantileOf(m, knobs, target.unit, target.percentile) <= target.amount;
    };
    if (!meets(0))
        return std::nullopt;
    int64_t low = 0, high = upTo;
    if (meets(high))
        return high;
    while (high - low > 1) {
        const int64_t mid = low + (high - low) / 2;
        (meets(mid) ? low : high) = mid;
    }
    return low;
}

Knobs withEmitInterval(const Knobs& base, int64_t ms)
{
    Knobs k = base;
    k.emitCheckpointsIntervalMs = ms;
    // A group-offset sync shorter than the emit interval copies the same checkpoint again; one
    // as long adds as much staleness as it saves in load: the search keeps the two equal.
    if (k.syncGroupOffsetsIntervalMs)
        k.syncGroupOffsetsIntervalMs = ms;
    return k;
}

// The cheapest (fewest records per second) settings that meet the target; ties go to the longer
// interval.
std::optional<Knobs> cheapest(const Modelled& m, const Target& target)
{
    const int64_t upTo = saturatingLagMax(m.profile);
    std::optional<Knobs> best;
    double bestCost = 0;
    for (const int64_t seconds : emitIntervalLadder()) {
        Knobs k = withEmitInterval(m.profile.current, seconds * 1000);
        const auto lagMax = largestLagMax(m, k, target, upTo);
        if (!lagMax)
            break; // longer intervals only add staleness
        k.offsetLagMax = *lagMax;
        const double cost = costOf(m.profile, k).recordsPerSecond();
        if (!best || cost <= bestCost) {
            best = k;
            bestCost = cost;
        }
    }
    return best;
}

std::string commitChange(int64_t ms, int64_t current)
{
    return ms > 0 ? "commit at least every " + formatDurationMs(ms) + " (now every " +
                        formatDurationMs(current) + ")"
                  : "";
}

// One group's flows.
Modelled flowsOfGroup(const Modelled& m, const std::string& group)
{
    Modelled own{withoutFlows(m.profile), {}};
    for (size_t i = 0; i < m.profile.flows.size(); ++i)
        if (m.profile.flows[i].group == group) {
            own.profile.flows.push_back(m.profile.flows[i]);
            own.weights.push_back(m.weights[i]);
        }
    return own;
}

// The largest commit interval, up to the current one, with which the group's own replay meets
// the target with MM2 at its tightest; 0 when none does. Leaves the flows committing as often as
// the ladder goes (for what remains then).
int64_t fittingCommitInterval(Modelled& own, const Knobs& tight, const Target& target, int64_t current)
{
    auto commitEvery = [&](int64_t ms) {
        for (Flow& f : own.profile.flows)
            f.commitIntervalMs = ms;
    };
    int64_t fitting = 0;
    for (const int64_t ms : kCommitLadder) {
        if (ms > current)
            break;
        commitEvery(ms);
        if (quantileOf(own, tight, target.unit, target.percentile) <= target.amount)
            fitting = ms;
    }
    commitEvery(std::min(current, kCommitLadder.front()));
    return fitting;
}

Part widestPart(const PartWidths& w)
{
    return static_cast<Part>(std::max_element(w.begin(), w.end()) - w.begin());
}

// What would have to change for a flow no MM2 setting nor commit interval brings within the
// target, by the part that weighs most with MM2 at its tightest.
std::string outOfReach(const Flow& f, Part part, double records)
{
    const std::string pace = withThousands(std::llround(f.consumeRate)) + " records/s";
    switch (part) {
    case Part::Granularity:
        if (f.lagRecords > 0)
            return "its committed offset is " + withThousands(f.lagRecords) +
                   " records behind; MM2's store keeps syncs that far back only about every " +
                   withThousands(std::llround(records)) +
                   " records (64 slots, spread logarithmically), which no setting changes: the group must "
                   "catch "
                   "up, or the budget grow";
        return "even a sync per record rounds back " + withThousands(std::llround(records)) +
               " records: the budget must grow";
    case Part::Staleness:
    case Part::GroupSync:
        return "MM2 checkpoints (and syncs group offsets) at most once a second; at the group's pace of " +
               pace + " that alone replays up to " + withThousands(std::llround(records)) +
               " records: the budget must grow";
    case Part::Cadence:
        return "even committing every " + formatDurationMs(kCommitLadder.front()) + " leaves up to " +
               withThousands(std::llround(records)) + " records at " + pace + ": the budget must grow";
    }
    return {};
}

// `now`: the group's flows as they commit now; `often`: committing as often as the ladder goes.
void addUnreachable(Recommendation& r, const std::string& group, const Modelled& now, const Modelled& often,
                    const Knobs& tight, const Target& target, int64_t fitting)
{
    // A commit cadence out of reach is told at the interval the group has; anything else at the
    // most frequent commits, where the cadence no longer hides what remains.
    const Modelled& own = fitting > 0 ? now : often;
    const int64_t current = now.profile.flows.front().commitIntervalMs;
    const std::vector<PartWidths> widths = widthsOf(own.profile, tight, target.unit);
    const std::vector<PartWidths> records = widthsOf(own.profile, tight, Unit::Records);
    for (size_t i = 0; i < own.profile.flows.size(); ++i) {
        const Flow& f = own.profile.flows[i];
        const Part part = fitting > 0 ? Part::Cadence : widestPart(widths[i]);
        const double amount = partQuantile({widths[i]}, {1.0}, part, target.percentile);
        if (!r.unreachable.empty() && r.unreachable.back().group == group &&
            r.unreachable.back().partition == f.partition) {
            // Another regime of the same partition: the partition's worst one stands.
            r.unreachable.back().amount = std::max(r.unreachable.back().amount, amount);
            continue;
        }
        const std::string change = fitting > 0 ? commitChange(fitting, current)
                                               : outOfReach(f, part, records[i][static_cast<size_t>(part)]);
        r.unreachable.push_back(Unreachable{group, f.partition, part, amount, change});
    }
}

// Groups whose own replay, MM2 at its tightest, breaks the target: their commit interval comes
// down to the largest that meets it, or, where none does, they are out of reach.
void fixCommitIntervals(Modelled& m, const Target& target, Recommendation& r)
{
    std::set<std::string> groups;
    for (const Flow& f : m.profile.flows)
        groups.insert(f.group);
    const Knobs tight = tightest(m.profile.current);
    for (const std::string& group : groups) {
        Modelled own = flowsOfGroup(m, group);
        const int64_t current = own.profile.flows.front().commitIntervalMs;
        r.commitIntervalMs[group] = {current, current};
        if (quantileOf(own, tight, target.unit, target.percentile) <= target.amount)
            continue;
        Modelled often = own;
        const int64_t fitting = fittingCommitInterval(often, tight, target, current);
        addUnreachable(r, group, own, often, tight, target, fitting);
        if (fitting == 0)
            continue;
        r.commitIntervalMs[group].second = fitting;
        for (Flow& f : m.profile.flows)
            if (f.group == group)
                f.commitIntervalMs = fitting;
    }
}

} // namespace

std::string percentileText(double percent)
{
    const int64_t tenths = std::llround(percent * 10);
    return tenths % 10 == 0 ? std::to_string(tenths / 10) : formatFixed(tenths, 1);
}

const std::vector<int64_t>& emitIntervalLadder()
{
    static const std::vector<int64_t> ladder = {1,   2,   3,   4,   5,   6,   8,    10,   12,   15,  20,  25,
                                                30,  40,  45,  50,  60,  75,  90,   120,  150,  180, 240, 300,
                                                360, 420, 480, 540, 600, 900, 1200, 1800, 2700, 3600};
    return ladder;
}

namespace {

double widest(const std::vector<PartWidths>& flows)
{
    double most = 0;
    for (const PartWidths& w : flows)
        most = std::max(most, w[0] + w[1] + w[2] + w[3]);
    return most;
}

} // namespace

int64_t saturatingLagMax(const FlowProfile& profile)
{
    int64_t most = 0;
    for (const Flow& f : profile.flows) {
        const auto cap = spacingCap(profile, f);
        if (!cap)
            return kMaxOffsetLagMax;
        most = std::max(most, static_cast<int64_t>(std::ceil(*cap)) - 1);
    }
    return std::clamp<int64_t>(most, 0, kMaxOffsetLagMax);
}

namespace {

// The figures of one unit: median, percentile, widest, each part alone.
struct UnitFigures {
    double p50 = 0, p = 0, widest = 0;
    PartWidths parts{};
};

UnitFigures figuresOf(const Modelled& m, const Knobs& knobs, Unit unit, double percentile)
{
    const std::vector<PartWidths> w = widthsOf(m.profile, knobs, unit);
    UnitFigures f{
        mixtureQuantile(w, m.weights, 50), mixtureQuantile(w, m.weights, percentile), widest(w), {}};
    for (int part = 0; part < kPartCount; ++part)
        f.parts[static_cast<size_t>(part)] = partQuantile(w, m.weights, static_cast<Part>(part), percentile);
    return f;
}

} // namespace

Prediction predict(const FlowProfile& profile, const Knobs& knobs, double percentile)
{
    Prediction p;
    std::vector<std::string> leftOut;
    const Modelled records = modelled(profile, Unit::Records, leftOut);
    const UnitFigures r = figuresOf(records, knobs, Unit::Records, percentile);
    p.recordsFlows = records.profile.flows.size();
    p.p50Records = r.p50;
    p.pRecords = r.p;
    p.maxRecords = r.widest;
    p.partsRecords = r.parts;
    const Modelled seconds = modelled(profile, Unit::Seconds, leftOut);
    p.secondsFlows = seconds.profile.flows.size();
    if (!seconds.profile.flows.empty()) {
        const UnitFigures t = figuresOf(seconds, knobs, Unit::Seconds, percentile);
        p.p50Seconds = t.p50;
        p.pSeconds = t.p;
        p.maxSeconds = t.widest;
        p.partsSeconds = t.parts;
    }
    return p;
}

Recommendation recommend(const FlowProfile& profile, const Target& target)
{
    Recommendation r;
    if (r.refused = releaseUnmodelled(profile.release); !r.refused.empty())
        return r;
    Modelled m = modelled(profile, target.unit, r.leftOut);
    r.flowsModelled = m.profile.flows.size();
    if (m.profile.flows.empty()) {
        r.refused = r.leftOut.empty() ? "no flow to tune" : r.leftOut.front();
        return r;
    }
    r.current = predict(profile, profile.current, target.percentile);
    r.currentCost = costOf(profile, profile.current);
    if (quantileOf(m, tightest(m.profile.current), target.unit, target.percentile) > target.amount)
        fixCommitIntervals(m, target, r);
    else
        for (const Flow& f : m.profile.flows)
            r.commitIntervalMs.emplace(f.group, std::make_pair(f.commitIntervalMs, f.commitIntervalMs));
    const auto best = cheapest(m, target);
    r.reachable = best.has_value();
    if (!best)
        return r;
    r.knobs = *best;
    if (const int64_t saturates = saturatingLagMax(m.profile); r.knobs.offsetLagMax >= saturates) {
        // Any value from there on gives the same syncs: keep the operator's if it is one of them.
        r.offsetLagMaxNoEffectFrom = saturates;
        r.knobs.offsetLagMax = std::max(saturates, profile.current.offsetLagMax);
    }
    const FlowProfile changed = withCommitIntervals(profile, r);
    r.predicted = predict(changed, r.knobs, target.percentile);
    r.cost = costOf(changed, r.knobs);
    return r;
}

FlowProfile withCommitIntervals(FlowProfile profile, const Recommendation& recommendation)
{
    for (Flow& f : profile.flows)
        if (const auto it = recommendation.commitIntervalMs.find(f.group);
            it != recommendation.commitIntervalMs.end())
            f.commitIntervalMs = it->second.second;
    return profile;
}

} // namespace driftscope::tuning
