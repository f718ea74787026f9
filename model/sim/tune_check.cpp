#include "model/sim/tune_check.h"

#include "model/analysis/translation_text.h"
#include "model/sim/simulator.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace driftscope::sim {
namespace {

// The most group partitions a check simulates (checkedPartitions).
constexpr int kCheckedGroupPartitions = 256;

// Offsets per record: transaction markers take one offset per transaction, and larger gaps
// (compaction, aborted batches) theirs every so many records.
double offsetsPerRecord(const Scenario& s)
{
    const int64_t tx = transactionSizeFor(s.gapRatio);
    double opr = tx > 0 ? static_cast<double>(tx + 1) / static_cast<double>(tx) : 1.0;
    if (s.compactionGapEvery > 0)
        opr *= 1 + static_cast<double>(s.compactionGapSize) / static_cast<double>(s.compactionGapEvery);
    return opr;
}

struct Regime {
    double weight;
    double produceRate;
    int64_t lengthMs; // how long it lasts at a time
};

std::vector<Regime> regimesOf(const Scenario& s)
{
    if (s.burstPeriodMs > 0 && s.burstLengthMs > 0 && s.burstFactor != 1) {
        const double burst = static_cast<double>(s.burstLengthMs) / static_cast<double>(s.burstPeriodMs);
        return {{burst, s.produceRate * s.burstFactor, s.burstLengthMs},
                {1 - burst, s.produceRate, s.burstPeriodMs - s.burstLengthMs}};
    }
    return {{1, s.produceRate, s.durationMs}};
}

tuning::Flow flowOf(const Scenario& s, const GroupSpec& g, int partition, const Regime& regime,
                    double meanRate)
{
    tuning::Flow f;
    f.group = g.name;
    f.partition = {s.topic, partition};
    f.produceRate = regime.produceRate;
    f.commitIntervalMs = g.commitIntervalMs;
    f.offsetsPerRecord = offsetsPerRecord(s);
    const int64_t tx = transactionSizeFor(s.gapRatio);
    f.gapEveryRecords =
        tx > 0 ? (s.compactionGapEvery > 0 ? std::min(tx, s.compactionGapEvery) : tx) : s.compactionGapEvery;
    f.weight = regime.weight;
    f.consumeRate = g.consumeRate < 0 ? regime.produceRate : std::min(g.consumeRate, regime.produceRate);
    if (g.consumeRate >= 0 && g.consumeRate < meanRate) // falls behind for good: half way through the run
        f.lagRecords = std::llround((meanRate - g.consumeRate) * static_cast<double>(s.durationMs) / 2000);
    else if (g.consumeRate >= 0 && g.consumeRate < regime.produceRate) // behind by the middle of a burst
        f.lagRecords =
            std::llround((regime.produceRate - g.consumeRate) * static_cast<double>(regime.lengthMs) / 2000);
    if (f.lagRecords > 0)
        f.consumeRate = g.consumeRate;
    return f;
}

} // namespace

tuning::FlowProfile flowsOfScenario(const Scenario& s)
{
    tuning::FlowProfile profile;
    profile.release = s.release;
    profile.current = {s.offsetLagMax, s.emitCheckpointsIntervalMs, std::nullopt};
    if (s.syncGroupOffsets)
        profile.current.syncGroupOffsetsIntervalMs = s.syncGroupOffsetsIntervalMs;
    profile.offsetFlushIntervalMs = s.offsetFlushIntervalMs;
    profile.sourceAlias = s.sourceAlias;
    const std::vector<Regime> regimes = regimesOf(s);
    double meanRate = 0;
    for (const Regime& r : regimes)
        meanRate += r.weight * r.produceRate;
    for (const GroupSpec& g : s.groups)
        for (int p = 0; p < s.partitions; ++p)
            for (const Regime& r : regimes)
                if (r.produceRate > 0) // an idle regime replays nothing, whatever the settings
                    profile.flows.push_back(flowOf(s, g, p, r, meanRate));
    return profile;
}

Scenario keepGroups(Scenario s, const std::vector<std::string>& groups)
{
    auto kept = [&](const std::string& name) {
        return groups.empty() || std::find(groups.begin(), groups.end(), name) != groups.end();
    };
    std::erase_if(s.groups, [&](const GroupSpec& g) { return !kept(g.name); });
    std::erase_if(s.events,
                  [&](const Event& e) { return e.kind == EventKind::ConsumerStall && !kept(e.group); });
    return s;
}

Scenario tuned(Scenario s, const tuning::Knobs& knobs,
               const std::map<std::string, std::pair<int64_t, int64_t>>& commitIntervalMs,
               const std::vector<std::string>& groups)
{
    s = keepGroups(std::move(s), groups);
    s.offsetLagMax = knobs.offsetLagMax;
    s.emitCheckpointsIntervalMs = knobs.emitCheckpointsIntervalMs;
    if (knobs.syncGroupOffsetsIntervalMs)
        s.syncGroupOffsetsIntervalMs = *knobs.syncGroupOffsetsIntervalMs;
    for (GroupSpec& g : s.groups)
        if (const auto it = commitIntervalMs.find(g.name); it != commitIntervalMs.end())
            g.commitIntervalMs = it->second.second;
    s.partitions = checkedPartitions(s);
    // Every interval comes round ten times at least (up to a day), or the run says nothing of it.
    int64_t longest =
        std::max(s.emitCheckpointsIntervalMs, s.syncGroupOffsets ? s.syncGroupOffsetsIntervalMs : 0);
    for (const GroupSpec& g : s.groups)
        longest = std::max(longest, g.commitIntervalMs);
    s.durationMs = std::max(s.durationMs, std::min<int64_t>(10 * longest, 86'400'000));
    return s;
}

int checkedPartitions(const Scenario& s)
{
    // The partitions of a scenario are alike: a few hundred group partitions show the same
    // percentiles as many thousands, in a fraction of the time (events that name a partition
    // keep it).
    int needed = 1;
    for (const Event& e : s.events)
        if (e.kind == EventKind::TruncateTarget && e.partition >= 0)
            needed = std::max(needed, e.partition + 1);
    const int affordable =
        std::max(1, kCheckedGroupPartitions / std::max<int>(1, static_cast<int>(s.groups.size())));
    return std::min(s.partitions, std::max(needed, affordable));
}

Simulated measure(const Scenario& scenario, const tuning::Target& target)
{
    Scenario s = scenario;
    s.sampleIntervalMs = s.durationMs + s.tickMs; // the summary covers every step; no samples needed
    const RunSummary summary = simulate(s, [](const Sample&) {});
    Simulated m;
    m.simulatedMs = summary.simulatedMs;
    m.stepsWithSkip = summary.stepsWithSkip;
    const bool inTime = target.unit == tuning::Unit::Seconds;
    const ExactDistribution& d =
        inTime ? summary.replayTenthsDistribution : summary.replayRecordsDistribution;
    m.steps = d.count();
    if (m.steps == 0)
        return m;
    const double scale = inTime ? 0.1 : 1.0;
    m.p50 = static_cast<double>(d.percentile(50)) * scale;
    m.p = static_cast<double>(d.percentile(target.percentile)) * scale;
    m.max = static_cast<double>(d.max()) * scale;
    return m;
}

namespace {

bool meets(const Simulated& m, const tuning::Target& target)
{
    return m.p && *m.p <= target.amount && m.stepsWithSkip == 0;
}

// Whether offset.lag.max, rather than the emit interval, is the knob to tighten: the model's
// granularity weighs more than the staleness the interval brings.
bool granularityDominates(const tuning::FlowProfile& profile, const tuning::Knobs& knobs,
                          const tuning::Target& target)
{
    const tuning::Prediction p = tuning::predict(profile, knobs, target.percentile);
    const auto& parts = target.unit == tuning::Unit::Seconds ? p.partsSeconds : p.partsRecords;
    return parts[static_cast<size_t>(tuning::Part::Granularity)] >=
           parts[static_cast<size_t>(tuning::Part::Staleness)] +
               parts[static_cast<size_t>(tuning::Part::GroupSync)];
}

bool tightenEmitInterval(tuning::Knobs& knobs)
{
    const std::vector<int64_t>& ladder = tuning::emitIntervalLadder();
    const auto it = std::lower_bound(ladder.begin(), ladder.end(), knobs.emitCheckpointsIntervalMs / 1000);
    if (it == ladder.begin())
        return false;
    knobs.emitCheckpointsIntervalMs = *std::prev(it) * 1000;
    if (knobs.syncGroupOffsetsIntervalMs)
        knobs.syncGroupOffsetsIntervalMs = knobs.emitCheckpointsIntervalMs;
    return true;
}

// One step tighter, on the knob that weighs more (or the other when that one is at its end);
// offset.lag.max only where it has an effect.
bool tighten(tuning::Knobs& knobs, bool granularityFirst, bool lagMaxMatters)
{
    auto lagDown = [&] {
        if (!lagMaxMatters || knobs.offsetLagMax <= 0)
            return false;
        knobs.offsetLagMax -= knobs.offsetLagMax / 5 + (knobs.offsetLagMax < 5 ? 1 : 0); // no overflow
        return true;
    };
    if (granularityFirst && lagDown())
        return true;
    return tightenEmitInterval(knobs) || lagDown();
}

std::string figure(double value, tuning::Unit unit)
{
    return unit == tuning::Unit::Seconds ? formatFixed(std::llround(value * 10), 1) + " s"
                                         : withThousands(std::llround(value));
}

} // namespace

namespace {

// 2 x + 2, the first offset.lag.max past twice the spacing, without overflowing a long.
int64_t twiceAndOne(int64_t lagMax)
{
    return lagMax >= INT64_MAX / 2 - 1 ? INT64_MAX : 2 * lagMax + 2;
}

std::string change(const tuning::Knobs& before, const tuning::Knobs& after)
{
    return before.offsetLagMax != after.offsetLagMax
               ? "offset.lag.max " + withThousands(before.offsetLagMax) + " -> " +
                     withThousands(after.offsetLagMax)
               : "emit.checkpoints.interval.seconds " +
                     std::to_string(before.emitCheckpointsIntervalMs / 1000) + " -> " +
                     std::to_string(after.emitCheckpointsIntervalMs / 1000);
}

// "with 182 the simulated p99 is 1,125 > 1,000": the figure belongs to the settings named.
std::string verdict(const std::string& settings, const Simulated& m, const tuning::Target& target, bool met)
{
    return ": with " + settings + " the simulated p" + tuning::percentileText(target.percentile) + " is " +
           (m.p ? figure(*m.p, target.unit) : std::string("unmeasured")) + (met ? " <= " : " > ") +
           figure(target.amount, target.unit);
}

std::string settingOf(const tuning::Knobs& before, const tuning::Knobs& k)
{
    return before.offsetLagMax != k.offsetLagMax ? withThousands(k.offsetLagMax)
                                                 : std::to_string(k.emitCheckpointsIntervalMs / 1000) + " s";
}

// The largest offset.lag.max in (met, missed) that the simulation still meets with.
void loosen(const SimulateWith& simulateWith, const tuning::Target& target, int64_t missed,
            CheckedRecommendation& c)
{
    int64_t met = c.knobs.offsetLagMax;
    for (int i = 0; i < 6 && missed - met > std::max<int64_t>(1, met / 20); ++i) {
        tuning::Knobs k = c.knobs;
        k.offsetLagMax = met + (missed - met) / 2;
        const Simulated m = simulateWith(k);
        if (meets(m, target)) {
            c.tightened.push_back("loosened " + change(c.knobs, k) +
                                  verdict(settingOf(c.knobs, k), m, target, true));
            c.knobs = k;
            c.simulated = m;
            met = k.offsetLagMax;
        } else {
            missed = k.offsetLagMax;
        }
    }
}

} // namespace

CheckedRecommendation checkBySimulation(const SimulateWith& simulateWith, const tuning::FlowProfile& profile,
                                        const tuning::Knobs& knobs, const tuning::Target& target,
                                        bool lagMaxMatters)
{
    CheckedRecommendation c;
    c.knobs = knobs;
    c.simulated = simulateWith(c.knobs);
    c.met = meets(c.simulated, target);
    if (!c.simulated.p)
        return c; // nothing measured: not checked, and nothing to tighten by
    // The smallest offset.lag.max known to miss at the emit interval in force (past the point
    // where it stops mattering, none is worth trying).
    const int64_t noEffectFrom = tuning::saturatingLagMax(profile);
    int64_t missed = c.met ? std::min(twiceAndOne(knobs.offsetLagMax), noEffectFrom + 1) : knobs.offsetLagMax;
    constexpr int kMaxTightenings = 12;
    for (int i = 0; !c.met && i < kMaxTightenings; ++i) {
        const tuning::Knobs before = c.knobs;
        if (!tighten(c.knobs, granularityDominates(profile, c.knobs, target), lagMaxMatters))
            return c;
        if (c.knobs.emitCheckpointsIntervalMs != before.emitCheckpointsIntervalMs)
            missed = std::min(twiceAndOne(c.knobs.offsetLagMax), noEffectFrom + 1);
        const std::string was = before.offsetLagMax != c.knobs.offsetLagMax
                                    ? withThousands(before.offsetLagMax)
                                    : std::to_string(before.emitCheckpointsIntervalMs / 1000) + " s";
        c.tightened.push_back(change(before, c.knobs) + verdict(was, c.simulated, target, false));
        c.simulated = simulateWith(c.knobs);
        c.met = meets(c.simulated, target);
        if (!c.met)
            missed = std::min(missed, c.knobs.offsetLagMax);
    }
    if (c.met && lagMaxMatters)
        loosen(simulateWith, target, missed, c);
    return c;
}

} // namespace driftscope::sim
