#include "model/sim/tune_format.h"

#include "model/analysis/translation_text.h"
#include "model/sim/simulator.h"
#include "model/util/json_writer.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace driftscope::sim {
namespace {

using tuning::Knobs;
using tuning::Part;
using tuning::Unit;

// Observed flows are simulated in at most this many classes of produce rate, each at its
// highest rate (the check errs on the side of more replay).
constexpr size_t kMaxRateClasses = 8;

void finish(TuneAnswer& a)
{
    if (!a.checked || a.checked->knobs == a.recommendation.knobs)
        return;
    const tuning::FlowProfile changed = tuning::withCommitIntervals(a.profile, a.recommendation);
    a.recommendation.predicted = tuning::predict(changed, a.checked->knobs, a.target.percentile);
    a.recommendation.cost = tuning::costOf(changed, a.checked->knobs);
}

// The simulator starts groups at the head of the log and keeps them reading: flows behind, or
// without a pace, are not what it runs.
bool simulatable(const tuning::Flow& f)
{
    return f.lagRecords == 0 && f.produceRate > 0 && f.consumeRate > 0;
}

// A class of observed flows simulated together: one partition at `rate`, the groups that read
// partitions of about that rate with their commit intervals.
struct RateClass {
    double rate = 0;
    std::map<std::string, int64_t> groups; // commit interval per group
    double weight = 0;                     // of the flows it stands for
};

std::vector<RateClass> rateClasses(const tuning::FlowProfile& profile, const tuning::Recommendation& r)
{
    std::vector<const tuning::Flow*> flows;
    for (const tuning::Flow& f : profile.flows)
        if (simulatable(f))
            flows.push_back(&f);
    std::sort(flows.begin(), flows.end(),
              [](const tuning::Flow* a, const tuning::Flow* b) { return a->produceRate < b->produceRate; });
    std::vector<RateClass> classes;
    const size_t perClass = std::max<size_t>(1, (flows.size() + kMaxRateClasses - 1) / kMaxRateClasses);
    for (size_t i = 0; i < flows.size(); ++i) {
        if (i % perClass == 0)
            classes.emplace_back();
        RateClass& c = classes.back();
        c.rate = std::max(c.rate, flows[i]->produceRate);
        const auto it = r.commitIntervalMs.find(flows[i]->group);
        c.groups[flows[i]->group] =
            it != r.commitIntervalMs.end() ? it->second.second : flows[i]->commitIntervalMs;
        c.weight += flows[i]->weight;
    }
    return classes;
}

Scenario classScenario(const tuning::FlowProfile& profile, const RateClass& c, const Knobs& knobs)
{
    Scenario s;
    s.name = "observed";
    s.release = profile.release;
    s.partitions = 1;
    s.produceRate = c.rate;
    s.offsetLagMax = knobs.offsetLagMax;
    s.emitCheckpointsIntervalMs = knobs.emitCheckpointsIntervalMs;
    s.offsetFlushIntervalMs = profile.offsetFlushIntervalMs;
    s.syncGroupOffsets = knobs.syncGroupOffsetsIntervalMs.has_value();
    s.syncGroupOffsetsIntervalMs = knobs.syncGroupOffsetsIntervalMs.value_or(60'000);
    int64_t longest = knobs.emitCheckpointsIntervalMs;
    for (const auto& [group, commitMs] : c.groups) {
        // Observed consumers commit at their own phase of MM2's rounds: spread, by the golden
        // ratio, in whole ticks.
        const auto phase = static_cast<int64_t>(
            static_cast<double>(commitMs) * std::fmod(0.618 * static_cast<double>(s.groups.size() + 1), 1.0));
        s.groups.push_back({group, -1, commitMs, phase / s.tickMs * s.tickMs});
        longest = std::max(longest, commitMs);
    }
    // Long enough for every interval to come round twenty times, at least half an hour.
    s.durationMs = std::clamp<int64_t>(20 * longest, 1'800'000, 4 * 3'600'000);
    return s;
}

// The weighted percentile of several runs' distributions.
Simulated mergeRuns(const std::vector<std::pair<RunSummary, double>>& runs, const tuning::Target& target)
{
    std::map<int64_t, double> weightOf;
    double total = 0;
    Simulated m;
    const bool inTime = target.unit == Unit::Seconds;
    for (const auto& [summary, weight] : runs) {
        const ExactDistribution& d =
            inTime ? summary.replayTenthsDistribution : summary.replayRecordsDistribution;
        const double perStep = d.count() > 0 ? weight / static_cast<double>(d.count()) : 0;
        d.forEach([&](int64_t value, uint64_t n) {
            weightOf[value] += perStep * static_cast<double>(n);
            total += perStep * static_cast<double>(n);
        });
        m.steps += d.count();
        m.stepsWithSkip += summary.stepsWithSkip;
        m.simulatedMs = std::max(m.simulatedMs, summary.simulatedMs);
    }
    auto at = [&](double percent) {
        double seen = 0;
        for (const auto& [value, w] : weightOf) {
            seen += w;
            if (seen >= total * percent / 100 * (1 - 1e-12))
                return static_cast<double>(value) * (inTime ? 0.1 : 1.0);
        }
        return 0.0;
    };
    if (total > 0) {
        m.p50 = at(50);
        m.p = at(target.percentile);
        m.max = static_cast<double>(weightOf.rbegin()->first) * (inTime ? 0.1 : 1.0);
    }
    return m;
}

// --- text --------------------------------------------------------------------------------
std::string figure(double value, Unit unit)
{
    return unit == Unit::Seconds ? formatFixed(std::llround(value * 10), 1) + " s"
                                 : withThousands(std::llround(value));
}

std::string rate(double perSecond)
{
    return formatFixed(std::llround(perSecond * 1000), 3);
}

std::string interval(std::optional<int64_t> ms)
{
    return ms ? std::to_string(*ms / 1000) : std::string("(off)");
}

std::string targetText(const tuning::Target& t)
{
    return "at most " + figure(t.amount, t.unit) + (t.unit == Unit::Records ? " records" : "") +
           " replayed per partition at p" + tuning::percentileText(t.percentile);
}

void settingsTable(const TuneAnswer& a, std::string& out)
{
    const Knobs& now = a.profile.current;
    const Knobs best = a.knobs();
    TextTable t;
    t.addRow({"setting", "current", "recommended"});
    const auto& noEffect = a.recommendation.offsetLagMaxNoEffectFrom;
    t.addRow({"offset.lag.max", withThousands(now.offsetLagMax),
              withThousands(best.offsetLagMax) +
                  (noEffect ? " (no effect from " + withThousands(*noEffect) +
                                  " on: syncs come at every upstream gap or offset flush first)"
                            : std::string())});
    t.addRow({"emit.checkpoints.interval.seconds", interval(now.emitCheckpointsIntervalMs),
              interval(best.emitCheckpointsIntervalMs)});
    t.addRow({"sync.group.offsets.interval.seconds", interval(now.syncGroupOffsetsIntervalMs),
              interval(best.syncGroupOffsetsIntervalMs)});
    // Every group's commit interval where there are few; else those that change, and a line for
    // the rest.
    const auto& commits = a.recommendation.commitIntervalMs;
    constexpr size_t kListedGroups = 6;
    int64_t fewest = INT64_MAX, most = 0;
    size_t unchanged = 0;
    for (const auto& [group, ms] : commits) {
        if (commits.size() <= kListedGroups || ms.first != ms.second) {
            t.addRow(
                {"commit interval of " + group, formatDurationMs(ms.first), formatDurationMs(ms.second)});
            continue;
        }
        ++unchanged;
        fewest = std::min(fewest, ms.first);
        most = std::max(most, ms.first);
    }
    if (unchanged > 0)
        t.addRow({"commit intervals of " + std::to_string(unchanged) + " other groups",
                  formatDurationMs(fewest) + " to " + formatDurationMs(most), "unchanged"});
    out += t.str() + "\n";
}

std::vector<std::string> replayRow(const std::string& name, const tuning::Prediction& p, Unit unit)
{
    const bool s = unit == Unit::Seconds;
    if (s && !p.pSeconds)
        return {name, "unknown", "unknown", "", "", "", ""};
    std::vector<std::string> row{name, figure(s ? *p.p50Seconds : p.p50Records, unit),
                                 figure(s ? *p.pSeconds : p.pRecords, unit)};
    for (int part = 0; part < tuning::kPartCount; ++part)
        row.push_back(figure((s ? p.partsSeconds : p.partsRecords)[static_cast<size_t>(part)], unit));
    return row;
}

void replayTable(const TuneAnswer& a, Unit unit, std::string& out)
{
    const std::string pct = "p" + tuning::percentileText(a.target.percentile);
    TextTable t;
    t.addRow({unit == Unit::Seconds ? "replay in time" : "replay in records", "p50", pct, "granularity",
              "group-offset sync", "staleness", "commit cadence"});
    t.addRow(replayRow("current (model)", a.recommendation.current, unit));
    if (a.recommendation.reachable)
        t.addRow(replayRow("recommended (model)", a.recommendation.predicted, unit));
    out += t.str() + "\n";
    const tuning::Prediction& p = a.recommendation.current;
    if (unit == Unit::Seconds && p.secondsFlows < p.recordsFlows)
        out += "(in time over " + withThousands(static_cast<int64_t>(p.secondsFlows)) + " of " +
               withThousands(static_cast<int64_t>(p.recordsFlows)) +
               " group partitions: the others' pace is unknown, their committed offsets did not move)\n";
}

void costTable(const TuneAnswer& a, std::string& out)
{
    TextTable t;
    t.addRow({"cost", "offset syncs/s", "per day", "bytes/day", "checkpoints/s", "bytes/day",
              "group-offset commits/s"});
    auto row = [&](const std::string& name, const tuning::Cost& c) {
        t.addRow(
            {name, rate(c.offsetSyncsPerSecond), withThousands(std::llround(c.offsetSyncsPerSecond * 86'400)),
             withThousands(std::llround(c.offsetSyncBytesPerSecond * 86'400)), rate(c.checkpointsPerSecond),
             withThousands(std::llround(c.checkpointBytesPerSecond * 86'400)),
             rate(c.groupOffsetCommitsPerSecond)});
    };
    row("current", a.recommendation.currentCost);
    if (a.recommendation.reachable)
        row("recommended", a.recommendation.cost);
    out += t.str() + "\n";
}

// One line per group and reason: "app-slow-commits orders-0..orders-3 (4 partitions): ...".
void unreachableLines(const TuneAnswer& a, std::string& out)
{
    const std::vector<tuning::Unreachable>& all = a.recommendation.unreachable;
    for (size_t i = 0; i < all.size();) {
        size_t j = i + 1;
        while (j < all.size() && all[j].group == all[i].group && all[j].part == all[i].part &&
               all[j].change == all[i].change)
            ++j;
        double most = 0;
        for (size_t k = i; k < j; ++k)
            most = std::max(most, all[k].amount);
        const std::string where = j - i == 1
                                      ? toString(all[i].partition)
                                      : toString(all[i].partition) + " .. " + toString(all[j - 1].partition) +
                                            " (" + std::to_string(j - i) + " partitions)";
        out += "out of MM2's reach: " + all[i].group + " " + where + ": " +
               std::string(partName(all[i].part)) + " alone up to " + figure(most, a.target.unit) +
               " with MM2 at its tightest: " + all[i].change + "\n";
        i = j;
    }
}

void simulatedLines(const TuneAnswer& a, std::string& out)
{
    if (!a.checked) {
        if (!a.notSimulatedBecause.empty())
            out += "not simulated: " + a.notSimulatedBecause + "\n";
        return;
    }
    const Simulated& s = a.checked->simulated;
    const std::string pct = "p" + tuning::percentileText(a.target.percentile);
    for (const std::string& line : a.checked->tightened)
        out += "after simulating: " + line + "\n";
    if (!s.p) {
        out += "not checked by simulation: no step of the run had a checkpoint to fail over to (nothing "
               "produced, or a run too short for the intervals); the recommendation is the model's alone\n";
        return;
    }
    const tuning::Prediction& model = a.modelOfSimulated ? *a.modelOfSimulated : a.recommendation.predicted;
    const bool inTime = a.target.unit == Unit::Seconds;
    out += "simulated with the recommendation" +
           (a.simulatedCovers.empty() ? "" : " (" + a.simulatedCovers + ")") + ": p50 " +
           figure(*s.p50, a.target.unit) + ", " + pct + " " + figure(*s.p, a.target.unit) +
           " (model on the same: " +
           figure(inTime ? model.p50Seconds.value_or(0) : model.p50Records, a.target.unit) + " / " +
           figure(inTime ? model.pSeconds.value_or(0) : model.pRecords, a.target.unit) + ") over " +
           withThousands(static_cast<int64_t>(s.steps)) + " steps of " + formatDurationMs(s.simulatedMs) +
           ": " + (a.checked->met ? "meets the target" : "MISSES the target") + "\n";
}

// The window consumers must be idempotent for, as the model and the simulation give it.
void idempotenceLine(const TuneAnswer& a, std::string& out)
{
    const tuning::Prediction& p = a.recommendation.predicted;
    const bool inTime = a.target.unit == Unit::Seconds;
    const std::string unit = inTime ? "" : " records";
    const std::string pct = "p" + tuning::percentileText(a.target.percentile);
    const std::optional<double> atPct = inTime ? p.pSeconds : std::optional<double>(p.pRecords);
    const std::optional<double> most = inTime ? p.maxSeconds : std::optional<double>(p.maxRecords);
    if (!atPct || !most)
        return;
    // Simulated figures stand beside the model's only when they cover the same flows.
    const Simulated* s = a.checked && a.simulatedCovers.empty() ? &a.checked->simulated : nullptr;
    out += "consumers must stay idempotent for the replay that remains: " + pct + " " +
           figure(*atPct, a.target.unit) + unit + " per partition (model" +
           (s && s->p ? "; simulated " + figure(*s->p, a.target.unit) : "") +
           "); every part at its full width at once gives " + figure(*most, a.target.unit) + unit +
           (s && s->max ? " (the simulation's largest: " + figure(*s->max, a.target.unit) + ")" : "") +
           ", and a group far behind can replay more (the store's spacing is an average there)\n";
}

} // namespace

TuneAnswer tuneScenario(const Scenario& scenario, const tuning::Target& target,
                        const std::vector<std::string>& groups, const std::atomic<bool>* cancelled)
{
    TuneAnswer a;
    const Scenario kept = keepGroups(scenario, groups);
    a.input = "scenario " + scenario.name + " (MM2 " + toString(scenario.release) + ", " +
              formatDurationMs(scenario.durationMs) + ")";
    a.target = target;
    a.profile = flowsOfScenario(kept);
    a.recommendation = tuning::recommend(a.profile, target);
    if (!a.recommendation.reachable) {
        a.notSimulatedBecause = "there is no recommendation to check";
        return a;
    }
    a.checked = checkBySimulation(
        [&](const Knobs& knobs) {
            if (cancelled && cancelled->load())
                return Simulated{};
            return measure(tuned(kept, knobs, a.recommendation.commitIntervalMs, {}), target);
        },
        flowsOfScenario(tuned(kept, a.recommendation.knobs, a.recommendation.commitIntervalMs, {})),
        a.recommendation.knobs, target, !a.recommendation.offsetLagMaxNoEffectFrom);
    finish(a);
    if (const int simulated = checkedPartitions(kept); simulated < kept.partitions)
        a.simulatedCovers = std::to_string(simulated) + " of the scenario's " +
                            std::to_string(kept.partitions) + " partitions, which are alike";
    return a;
}

TuneAnswer tuneFlows(const tuning::FlowProfile& profile, const tuning::Target& target)
{
    TuneAnswer a;
    a.target = target;
    a.profile = profile;
    a.recommendation = tuning::recommend(profile, target);
    if (!a.recommendation.reachable) {
        a.notSimulatedBecause = "there is no recommendation to check";
        return a;
    }
    const std::vector<RateClass> classes = rateClasses(profile, a.recommendation);
    tuning::FlowProfile atHead = tuning::withCommitIntervals(profile, a.recommendation);
    std::erase_if(atHead.flows, [](const tuning::Flow& f) { return !simulatable(f); });
    if (atHead.flows.size() < profile.flows.size())
        a.simulatedCovers = withThousands(static_cast<int64_t>(atHead.flows.size())) + " of " +
                            std::to_string(profile.flows.size()) +
                            " group partitions: those at the head of their logs and moving, as the simulator "
                            "starts groups; the others are not simulated";
    if (classes.empty()) {
        a.notSimulatedBecause =
            "no group keeps up with its partitions (the simulator starts groups at the end)";
        return a;
    }
    a.checked = checkBySimulation(
        [&](const Knobs& knobs) {
            std::vector<std::pair<RunSummary, double>> runs;
            for (const RateClass& c : classes)
                runs.emplace_back(simulate(classScenario(profile, c, knobs), [](const Sample&) {}), c.weight);
            return mergeRuns(runs, target);
        },
        tuning::withCommitIntervals(profile, a.recommendation), a.recommendation.knobs, target,
        !a.recommendation.offsetLagMaxNoEffectFrom);
    finish(a);
    if (!a.simulatedCovers.empty())
        a.modelOfSimulated = tuning::predict(atHead, a.knobs(), target.percentile);
    return a;
}

std::string tuneText(const TuneAnswer& a)
{
    const tuning::Recommendation& r = a.recommendation;
    std::string out = "tune " + a.input + " for " + targetText(a.target) + ", over " +
                      withThousands(static_cast<int64_t>(a.profile.flows.size())) + " group partitions\n";
    for (const std::string& note : a.notes)
        out += "note: " + note + "\n";
    for (const std::string& left : r.leftOut)
        out += "left out: " + left + "\n";
    if (!r.refused.empty())
        return out + "no recommendation: " + r.refused + "\n";
    out += "\n";
    if (r.reachable)
        settingsTable(a, out);
    else
        out +=
            "UNREACHABLE: no MM2 setting (nor a consumer commit interval) meets the target; the groups out "
            "of MM2's reach are listed below (--group tunes the others)\n";
    out += "\n";
    replayTable(a, Unit::Records, out);
    out += "\n";
    replayTable(a, Unit::Seconds, out);
    out += "(each part alone at its percentile; the parts do not add up to the total's)\n\n";
    costTable(a, out);
    out += "\n";
    simulatedLines(a, out);
    unreachableLines(a, out);
    if (r.reachable)
        idempotenceLine(a, out);
    return out;
}

namespace {

// As simulate's JSON names the parts.
std::string_view jsonPartName(Part part)
{
    static constexpr std::string_view kNames[] = {"granularity", "group_sync", "staleness", "cadence"};
    return kNames[static_cast<int>(part)];
}

void knobsJson(JsonWriter& w, const Knobs& k,
               const std::map<std::string, std::pair<int64_t, int64_t>>& commits, bool recommended)
{
    w.beginObject();
    w.key("offset_lag_max").value(k.offsetLagMax);
    w.key("emit_checkpoints_interval_seconds").value(k.emitCheckpointsIntervalMs / 1000);
    w.key("sync_group_offsets_interval_seconds");
    if (k.syncGroupOffsetsIntervalMs)
        w.value(*k.syncGroupOffsetsIntervalMs / 1000);
    else
        w.null();
    w.key("consumer_commit_interval_ms").beginObject();
    for (const auto& [group, ms] : commits)
        w.key(group).value(recommended ? ms.second : ms.first);
    w.endObject();
    w.endObject();
}

void decimal(JsonWriter& w, double value, int decimals)
{
    w.decimal(std::llround(value * std::pow(10, decimals)), decimals);
}

void predictionJson(JsonWriter& w, const tuning::Prediction& p)
{
    w.beginObject();
    w.key("p50_records").value(static_cast<int64_t>(std::llround(p.p50Records)));
    w.key("p_records").value(static_cast<int64_t>(std::llround(p.pRecords)));
    w.key("parts_records").beginObject();
    for (int part = 0; part < tuning::kPartCount; ++part)
        w.key(jsonPartName(static_cast<Part>(part)))
            .value(static_cast<int64_t>(std::llround(p.partsRecords[static_cast<size_t>(part)])));
    w.endObject();
    w.key("p50_seconds");
    p.p50Seconds ? decimal(w, *p.p50Seconds, 1) : void(w.null());
    w.key("p_seconds");
    p.pSeconds ? decimal(w, *p.pSeconds, 1) : void(w.null());
    w.key("max_records").value(static_cast<int64_t>(std::llround(p.maxRecords)));
    w.key("max_seconds");
    p.maxSeconds ? decimal(w, *p.maxSeconds, 1) : void(w.null());
    w.endObject();
}

void costJson(JsonWriter& w, const tuning::Cost& c)
{
    w.beginObject();
    w.key("offset_syncs_per_second");
    decimal(w, c.offsetSyncsPerSecond, 3);
    w.key("offset_syncs_per_day").value(static_cast<int64_t>(std::llround(c.offsetSyncsPerSecond * 86'400)));
    w.key("offset_sync_bytes_per_day")
        .value(static_cast<int64_t>(std::llround(c.offsetSyncBytesPerSecond * 86'400)));
    w.key("checkpoints_per_second");
    decimal(w, c.checkpointsPerSecond, 3);
    w.key("checkpoint_bytes_per_day")
        .value(static_cast<int64_t>(std::llround(c.checkpointBytesPerSecond * 86'400)));
    w.key("group_offset_commits_per_second");
    decimal(w, c.groupOffsetCommitsPerSecond, 3);
    w.endObject();
}

void simulatedJson(JsonWriter& w, const TuneAnswer& a)
{
    if (!a.checked) {
        w.null();
        return;
    }
    const Simulated& s = a.checked->simulated;
    const int decimals = a.target.unit == Unit::Seconds ? 1 : 0;
    w.beginObject();
    w.key("p50");
    s.p50 ? decimal(w, *s.p50, decimals) : void(w.null());
    w.key("p");
    s.p ? decimal(w, *s.p, decimals) : void(w.null());
    w.key("max");
    s.max ? decimal(w, *s.max, decimals) : void(w.null());
    w.key("steps").value(s.steps);
    w.key("simulated_ms").value(s.simulatedMs);
    w.key("meets_target").value(a.checked->met);
    // What it covers when not every flow, and the model on the same flows.
    w.key("covers");
    a.simulatedCovers.empty() ? void(w.value("every group partition")) : void(w.value(a.simulatedCovers));
    w.key("model_on_the_same");
    a.modelOfSimulated ? predictionJson(w, *a.modelOfSimulated)
                       : predictionJson(w, a.recommendation.predicted);
    w.key("tightened").beginArray();
    for (const std::string& line : a.checked->tightened)
        w.value(line);
    w.endArray();
    w.endObject();
}

} // namespace

std::string tuneJson(const TuneAnswer& a)
{
    const tuning::Recommendation& r = a.recommendation;
    JsonWriter w;
    w.beginObject();
    w.key("input").value(a.input);
    w.key("target").beginObject();
    w.key("unit").value(a.target.unit == Unit::Seconds ? "seconds" : "records");
    w.key("amount");
    decimal(w, a.target.amount, a.target.unit == Unit::Seconds ? 1 : 0);
    w.key("percentile");
    decimal(w, a.target.percentile, 1);
    w.endObject();
    w.key("group_partitions").value(static_cast<uint64_t>(a.profile.flows.size()));
    w.key("refused");
    r.refused.empty() ? void(w.null()) : void(w.value(r.refused));
    w.key("reachable").value(r.reachable);
    w.key("current");
    knobsJson(w, a.profile.current, r.commitIntervalMs, false);
    w.key("recommended");
    r.reachable ? knobsJson(w, a.knobs(), r.commitIntervalMs, true) : void(w.null());
    w.key("offset_lag_max_no_effect_from");
    r.offsetLagMaxNoEffectFrom ? void(w.value(*r.offsetLagMaxNoEffectFrom)) : void(w.null());
    const bool answered = r.refused.empty(); // a refusal has no figures at all
    w.key("predicted").beginObject().key("current");
    answered ? predictionJson(w, r.current) : void(w.null());
    w.key("recommended");
    r.reachable ? predictionJson(w, r.predicted) : void(w.null());
    w.endObject();
    w.key("simulated");
    simulatedJson(w, a);
    w.key("cost").beginObject().key("current");
    answered ? costJson(w, r.currentCost) : void(w.null());
    w.key("recommended");
    r.reachable ? costJson(w, r.cost) : void(w.null());
    w.endObject();
    w.key("unreachable").beginArray();
    for (const tuning::Unreachable& u : r.unreachable) {
        w.beginObject().key("group").value(u.group).key("topic").value(u.partition.topic);
        w.key("partition").value(u.partition.partition).key("part").value(jsonPartName(u.part));
        w.key("amount");
        decimal(w, u.amount, a.target.unit == Unit::Seconds ? 1 : 0);
        w.key("change").value(u.change).endObject();
    }
    w.endArray();
    w.key("left_out").beginArray();
    for (const std::string& left : r.leftOut)
        w.value(left);
    w.endArray();
    w.key("notes").beginArray();
    for (const std::string& note : a.notes)
        w.value(note);
    w.endArray();
    w.endObject();
    return w.str();
}

} // namespace driftscope::sim
