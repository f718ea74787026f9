// A model of the replay a failover causes on a flow, and of what MM2's settings cost, for tuning
// MM2 to a replay budget (docs/tuning.md). A failover happens at a moment nobody chooses, so the
// replay of a group partition is a random figure: the sum of independent parts, each uniform
// between zero and a width the settings and the flow's rates give (3.4.1+ rules):
//   granularity  the committed offset rounds back to the newest sync at or before it: syncs come
//                every offset.lag.max + 1 records (from 3.7.0 also at every offset flush), and a
//                group far behind meets the store's logarithmic spacing instead
//   staleness    progress committed since the checkpoint: the consume pace x the emit interval
//   group sync   with sync.group.offsets, the target group offset copies an older checkpoint:
//                the pace x the group-offset sync interval
//   cadence      processed but not committed: the pace x the consumers' commit interval
// The replay's time is its offsets at the group's pace. Percentiles are over the flows (group
// partitions, weighted) and over the moment of the failover.
#pragma once

#include "model/mm2/release.h"
#include "model/records/records.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace driftscope::tuning {

// The settings that shape a failover's replay.
struct Knobs {
    int64_t offsetLagMax = 100;
    int64_t emitCheckpointsIntervalMs = 60'000;
    std::optional<int64_t> syncGroupOffsetsIntervalMs; // none: sync.group.offsets is off
    friend bool operator==(const Knobs&, const Knobs&) = default;
};

// One group partition's traffic, as observed or as a scenario sets it.
struct Flow {
    std::string group;
    TopicPartition partition;
    // Records, not offsets: offset.lag.max counts records, and a replay is records processed
    // again. Observed offsets count as records (markers and other gaps are not told apart).
    double produceRate = 0;          // records/s written to the source partition
    double consumeRate = 0;          // records/s the group processes (its pace); 0: none
    int64_t commitIntervalMs = 5000; // the group's commit cadence
    int64_t lagRecords = 0;          // the group's committed offset behind the source's end
    double offsetsPerRecord = 1;     // > 1 where transaction markers and other gaps take offsets
    // Records between gaps in the upstream offsets (a transaction marker after each transaction,
    // compacted or aborted batches); 0: none seen. Every gap triggers a sync, whatever
    // offset.lag.max says.
    int64_t gapEveryRecords = 0;
    double weight = 1; // its share among the flows (a regime of a bursty flow: its time)
};

struct FlowProfile {
    std::vector<Flow> flows;
    Release release = kDefaultRelease;
    Knobs current;
    int64_t offsetFlushIntervalMs = 60'000;
    std::string sourceAlias; // names the remote topics in checkpoints ("A.orders"); may be empty
};

// The parts of a flow's replay, as the widths of uniform parts: in records, or in seconds.
enum class Part { Granularity, GroupSync, Staleness, Cadence };
constexpr int kPartCount = 4;
// "granularity", "group-offset sync", "staleness", "commit cadence" (as reports name them).
std::string_view partName(Part part);
using PartWidths = std::array<double, kPartCount>;

enum class Unit { Records, Seconds };

// Why no replay has a model under a release (one before 3.4.1); empty when they have.
std::string releaseUnmodelled(const Release& release);
// Why a flow's replay has no model: a release before 3.4.1 extrapolates (a failover may skip,
// no budget holds), or a budget in time for a group whose pace is unknown.
std::string unmodelled(const FlowProfile& profile, const Flow& flow, Unit unit);

// The widths of a flow's parts under `knobs`, in the unit asked for. Call unmodelled() first.
PartWidths partWidths(const FlowProfile& profile, const Flow& flow, const Knobs& knobs, Unit unit);

// P(X <= x) for X the sum of independent uniforms on [0, w_i] (the Irwin-Hall formula for
// unequal widths); parts far narrower than the widest count as their mean.
double sumOfUniformsCdf(const PartWidths& widths, double x);

// The nearest-rank-like quantile of the weighted mixture of the flows' replays: the smallest x
// with at least `percent` % of the weight at or below it (bisection to a ten-millionth of the
// range).
double mixtureQuantile(const std::vector<PartWidths>& flows, const std::vector<double>& weights,
                       double percent);

// One part alone at the percentile over the flows.
double partQuantile(const std::vector<PartWidths>& flows, const std::vector<double>& weights, Part part,
                    double percent);

// The gap between the two retained syncs around an offset `distance` behind the newest sync of a
// partition whose syncs come every `spacing` offsets, in the store of `release`, averaged over
// where in the store's cycle the head is: what a group that far behind rounds back over.
double storeGap(const Release& release, double distance, double spacing);

// What a flow's syncs come every, in records, under `offsetLagMax`.
double syncSpacing(const FlowProfile& profile, const Flow& flow, int64_t offsetLagMax);
// The most a flow's syncs can be apart whatever offset.lag.max says (gaps, offset flushes from
// 3.7.0); none when nothing but offset.lag.max limits them.
std::optional<double> spacingCap(const FlowProfile& profile, const Flow& flow);

// What the settings cost on the clusters: records per second MM2 writes for offset
// translation, and their bytes (key and value, as MM2 encodes them, plus about 8 bytes of record
// overhead in a batch).
struct Cost {
    double offsetSyncsPerSecond = 0;
    double offsetSyncBytesPerSecond = 0;
    double checkpointsPerSecond = 0;
    double checkpointBytesPerSecond = 0;
    double groupOffsetCommitsPerSecond = 0; // offsets MM2 commits to target groups
    double recordsPerSecond() const
    {
        return offsetSyncsPerSecond + checkpointsPerSecond + groupOffsetCommitsPerSecond;
    }
};
Cost costOf(const FlowProfile& profile, const Knobs& knobs);

} // namespace driftscope::tuning
