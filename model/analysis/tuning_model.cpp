#include "model/analysis/tuning_model.h"

#include "model/mm2/sync_store.h"
#include "model/records/wire_codec.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

namespace driftscope::tuning {
namespace {

// A group this many sync spacings behind the newest sync rounds back over the store's spacing
// rather than the emitter's (the newest few slots hold consecutive syncs).
constexpr double kBehindSpacings = 4;
// Record overhead of a small record in a batch (length, attributes, deltas, key and value
// lengths, header count: varints of a byte or two each).
constexpr double kRecordOverheadBytes = 8;

bool slotted(const Release& release)
{
    return profileFor(release).store != StoreKind::LatestOnly;
}

double factorial(int n)
{
    double f = 1;
    for (int i = 2; i <= n; ++i)
        f *= i;
    return f;
}

// The remote topic's name in checkpoints (DefaultReplicationPolicy with the "." separator).
std::string remoteTopic(const FlowProfile& profile, const std::string& topic)
{
    return profile.sourceAlias.empty() ? topic : profile.sourceAlias + "." + topic;
}

double encodedBytes(const Result<Bytes>& key, const Result<Bytes>& value)
{
    const size_t k = key ? key->size() : 0;
    const size_t v = value ? value->size() : 0;
    return static_cast<double>(k + v) + kRecordOverheadBytes;
}

} // namespace

std::string_view partName(Part part)
{
    switch (part) {
    case Part::Granularity:
        return "granularity";
    case Part::GroupSync:
        return "group-offset sync";
    case Part::Staleness:
        return "staleness";
    case Part::Cadence:
        return "commit cadence";
    }
    return "";
}

std::string releaseUnmodelled(const Release& release)
{
    if (slotted(release))
        return {};
    return "MM2 " + toString(release) +
           " extrapolates past its syncs (up to 3.4.0): a failover may skip records, which no setting "
           "bounds; MM2 3.4.1 and later only replay (--mm2-version 3.4.1 or later shows what an upgrade "
           "would need)";
}

std::string unmodelled(const FlowProfile& profile, const Flow& flow, Unit unit)
{
    if (std::string why = releaseUnmodelled(profile.release); !why.empty())
        return why;
    if (unit == Unit::Seconds && !(flow.consumeRate > 0))
        return "its pace is unknown (its committed offset did not move): a replay's time cannot be told";
    return {};
}

std::optional<double> spacingCap(const FlowProfile& profile, const Flow& flow)
{
    std::optional<double> cap;
    if (flow.gapEveryRecords > 0)
        cap = static_cast<double>(flow.gapEveryRecords);
    // 3.7.0+ also sends the newest untriggered sync at every offset flush.
    if (profileFor(profile.release).dispatch == SyncDispatch::NewestPendingAndDelayed &&
        flow.produceRate > 0) {
        const double flush = flow.produceRate * static_cast<double>(profile.offsetFlushIntervalMs) / 1000;
        cap = std::min(cap.value_or(flush), flush);
    }
    return cap;
}

double syncSpacing(const FlowProfile& profile, const Flow& flow, int64_t offsetLagMax)
{
    // 3.4.1+: a sync when d - (lastD + 1) >= offset.lag.max, i.e. every offset.lag.max + 1
    // records (every record for 0 and below).
    double spacing = static_cast<double>(std::max<int64_t>(offsetLagMax, 0)) + 1;
    if (const auto cap = spacingCap(profile, flow))
        spacing = std::min(spacing, *cap);
    return std::max(spacing, 1.0);
}

PartWidths partWidths(const FlowProfile& profile, const Flow& flow, const Knobs& knobs, Unit unit)
{
    const double spacing = syncSpacing(profile, flow, knobs.offsetLagMax);
    const auto lag = static_cast<double>(flow.lagRecords);
    const double pace = std::max(flow.consumeRate, 0.0);
    PartWidths w{};
    // The store keeps upstream offsets: its spacing that far back, in offsets, then in records.
    const double opr = flow.offsetsPerRecord;
    w[static_cast<int>(Part::Granularity)] =
        lag > kBehindSpacings * spacing ? storeGap(profile.release, lag * opr, spacing * opr) / opr : spacing;
    w[static_cast<int>(Part::Staleness)] = pace * static_cast<double>(knobs.emitCheckpointsIntervalMs) / 1000;
    if (knobs.syncGroupOffsetsIntervalMs)
        w[static_cast<int>(Part::GroupSync)] =
            pace * static_cast<double>(*knobs.syncGroupOffsetsIntervalMs) / 1000;
    w[static_cast<int>(Part::Cadence)] = pace * static_cast<double>(flow.commitIntervalMs) / 1000;
    if (unit == Unit::Seconds)
        for (double& width : w)
            width = pace > 0 ? width / pace : 0;
    return w;
}

double sumOfUniformsCdf(const PartWidths& widths, double x)
{
    // Parts narrower than a thousandth of the widest shift the sum by their mean: the formula
    // below divides by the product of the widths and would lose its precision to them.
    const double widest = *std::max_element(widths.begin(), widths.end());
    if (widest <= 0)
        return x >= 0 ? 1.0 : 0.0;
    std::array<double, kPartCount> w{};
    int n = 0;
    double total = 0, product = 1;
    for (const double width : widths) {
        if (width >= widest * 1e-3) {
            w[static_cast<size_t>(n++)] = width;
            total += width;
            product *= width;
        } else {
            x -= width / 2;
        }
    }
    if (x <= 0)
        return 0;
    if (x >= total)
        return 1;
    // F(x) = sum over subsets S of (-1)^|S| (x - sum_S w)_+^n / (n! prod w). Called for every
    // flow at every step of a bisection: no allocation, powers by multiplication.
    double sum = 0;
    for (unsigned subset = 0; subset < (1u << n); ++subset) {
        double shifted = x;
        bool odd = false;
        for (int i = 0; i < n; ++i)
            if (subset & (1u << i)) {
                shifted -= w[static_cast<size_t>(i)];
                odd = !odd;
            }
        if (shifted <= 0)
            continue;
        double power = shifted;
        for (int i = 1; i < n; ++i)
            power *= shifted;
        sum += odd ? -power : power;
    }
    return std::clamp(sum / (factorial(n) * product), 0.0, 1.0);
}

namespace {

template <typename Cdf>
double bisectQuantile(double high, double percent, const Cdf& cdf)
{
    const double wanted = percent / 100;
    double low = 0;
    if (cdf(low) >= wanted)
        return 0;
    for (int i = 0; i < 60 && high - low > high * 1e-7; ++i) {
        const double mid = (low + high) / 2;
        (cdf(mid) >= wanted ? high : low) = mid;
    }
    return high;
}

double totalWeight(const std::vector<double>& weights)
{
    double total = 0;
    for (const double w : weights)
        total += w;
    return total;
}

} // namespace

double mixtureQuantile(const std::vector<PartWidths>& flows, const std::vector<double>& weights,
                       double percent)
{
    double high = 0;
    for (const PartWidths& w : flows) {
        double sum = 0;
        for (const double width : w)
            sum += width;
        high = std::max(high, sum);
    }
    const double total = totalWeight(weights);
    if (flows.empty() || total <= 0)
        return 0;
    return bisectQuantile(high, percent, [&](double x) {
        double below = 0;
        for (size_t i = 0; i < flows.size(); ++i)
            below += weights[i] * sumOfUniformsCdf(flows[i], x);
        return below / total;
    });
}

double partQuantile(const std::vector<PartWidths>& flows, const std::vector<double>& weights, Part part,
                    double percent)
{
    std::vector<PartWidths> alone(flows.size(), PartWidths{});
    for (size_t i = 0; i < flows.size(); ++i)
        alone[i][static_cast<int>(part)] = flows[i][static_cast<int>(part)];
    return mixtureQuantile(alone, weights, percent);
}

double storeGap(const Release& release, double distance, double spacing)
{
    // Remembered: the search asks for the same gaps over and over. Guarded: the window asks from
    // a thread of its own.
    static std::mutex mutex;
    static std::map<std::tuple<Release, int64_t, int64_t>, double> cache;
    // A stream of at most about a million syncs: a coarser one is spaced like it that far back.
    // A thousand trillion offsets behind is as far as any log goes (and keeps d * 3 in a long).
    const auto d = static_cast<int64_t>(std::llround(std::min(distance, 1e15)));
    auto step = std::max<int64_t>(1, std::llround(spacing));
    step = std::max(step, d * 3 / 2 / (1 << 20));
    const auto key = std::make_tuple(release, d, step);
    {
        const std::lock_guard lock(mutex);
        if (const auto it = cache.find(key); it != cache.end())
            return it->second;
    }

    SyncStore store(profileFor(release));
    const TopicPartition tp{"t", 0};
    const SyncStore::PartitionId id = store.partitionId(tp);
    store.finishInitialLoad();
    // Heads spread over half the distance past it, so the answer is not one phase of the
    // store's power-of-two cycle.
    constexpr int kHeads = 16;
    const int64_t headEvery = std::max<int64_t>(step, d / 2 / kHeads);
    int64_t nextHead = d;
    double gaps = 0;
    int heads = 0;
    for (int64_t k = 0; heads < kHeads; ++k) {
        const int64_t upstream = k * step;
        store.apply(id, upstream, k);
        if (upstream < nextHead)
            continue;
        nextHead = upstream + headEvery;
        const int64_t position = upstream - d;
        const std::vector<RetainedSync> retained = store.retained(tp); // newest first
        for (size_t i = 1; i < retained.size(); ++i)
            if (retained[i].sync.upstream <= position) {
                gaps += static_cast<double>(retained[i - 1].sync.upstream - retained[i].sync.upstream);
                break;
            }
        ++heads;
    }
    const double gap = std::max(gaps / kHeads, spacing);
    const std::lock_guard lock(mutex);
    cache.emplace(key, gap);
    return gap;
}

Cost costOf(const FlowProfile& profile, const Knobs& knobs)
{
    Cost cost;
    // Per source partition its mean produce rate over the flows that read it (regimes weighted).
    std::map<TopicPartition, std::pair<double, double>> rates; // weight x rate, weight
    std::map<TopicPartition, const Flow*> anyFlow;
    std::set<std::pair<std::string, TopicPartition>> moving; // group partitions that commit
    for (const Flow& f : profile.flows) {
        auto& [weighted, weight] = rates[f.partition];
        weighted += f.weight * f.produceRate;
        weight += f.weight;
        anyFlow.emplace(f.partition, &f);
        if (f.consumeRate > 0)
            moving.emplace(f.group, f.partition);
    }
    for (const auto& [tp, rate] : rates) {
        const double produce = rate.second > 0 ? rate.first / rate.second : 0;
        const double perSecond = produce / syncSpacing(profile, *anyFlow[tp], knobs.offsetLagMax);
        const OffsetSync sync{tp, 0, 0};
        cost.offsetSyncsPerSecond += perSecond;
        cost.offsetSyncBytesPerSecond +=
            perSecond * encodedBytes(encodeOffsetSyncKey(sync), Result<Bytes>(encodeOffsetSyncValue(sync)));
    }
    const double emitsPerSecond = 1000.0 / static_cast<double>(knobs.emitCheckpointsIntervalMs);
    for (const auto& [group, tp] : moving) {
        const Checkpoint checkpoint{group, {remoteTopic(profile, tp.topic), tp.partition}, 0, 0, "", 0};
        cost.checkpointsPerSecond += emitsPerSecond;
        cost.checkpointBytesPerSecond +=
            emitsPerSecond * encodedBytes(encodeCheckpointKey(checkpoint), encodeCheckpointValue(checkpoint));
        if (knobs.syncGroupOffsetsIntervalMs)
            cost.groupOffsetCommitsPerSecond +=
                1000.0 / static_cast<double>(*knobs.syncGroupOffsetsIntervalMs);
    }
    return cost;
}

} // namespace driftscope::tuning
