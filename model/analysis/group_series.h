// What the explorer plots for one consumer group: its report rows over time, the lifetimes of a
// partition's offset syncs in the store, and the translation step function at a moment.
//
// Everything comes from one sweep forward in time over a session (Mm2State and SampleState
// advanced together), evaluating buildReport() at each moment, so a plotted point is exactly
// what `driftscope-cli report --at` prints for that moment.
#pragma once

#include "model/analysis/health_report.h"
#include "model/util/shared_chunks.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// One partition of the group: its report row at each moment it had one.
struct PartitionSeries {
    TopicPartition upstream;
    std::vector<int64_t> atMs;
    SharedChunks<PartitionReport> rows; // rows[i] holds at atMs[i]; copies share them
};

struct GroupSeries {
    std::string group;
    std::vector<int64_t> atMs;                          // the moments evaluated
    std::vector<std::optional<int64_t>> heartbeatAgeMs; // per moment: since the last heartbeat
    std::vector<PartitionSeries> partitions;            // by upstream partition
    const PartitionSeries* find(const TopicPartition& upstream) const;
};

// The moments worth evaluating for a group in [fromMs, toMs]: each of its checkpoints (and the
// instant before, so that ages are drawn as the saw teeth they are), each source sample of its
// committed offsets, and an even grid; at most about `maxMoments` (checkpoints and samples are
// thinned evenly beyond that).
std::vector<int64_t> seriesMoments(const Session& session, const std::string& group, int64_t fromMs,
                                   int64_t toMs, size_t maxMoments);

// The session's time span: from the earliest time of its records and samples to the last moment
// anything was read (Session::lastActivityMs), (last, last) when it holds no record or sample.
// The window, the CLI and the report take --at and bookmarks within it.
std::pair<int64_t, int64_t> sessionSpan(const Session& session);

// The first moment of sessionSpan, or none when the session holds no record or sample (then
// nothing is known at any moment).
std::optional<int64_t> firstMoment(const Session& session);

// sessionSpan for a session that grows: only what was added since the last call is looked at
// (record times and samples are not in order everywhere, so the first moment is a minimum over all).
class SessionSpan {
public:
    std::pair<int64_t, int64_t> of(const Session& session);
    std::optional<int64_t> first(const Session& session);

private:
    Session::Mark m_seen;
    int64_t m_first = INT64_MAX;
};

// The upstream partitions of a group (sampled on the source or checkpointed), sorted.
std::vector<TopicPartition> groupPartitions(const Session& session, const std::string& group);

// `moments` must be ascending. options.atMs and options.groups are ignored; options.partitions
// limits the partitions (all of the group's when empty).
GroupSeries buildGroupSeries(const Session& session, const ReportOptions& options, const std::string& group,
                             const std::vector<int64_t>& moments);

// buildGroupSeries one moment at a time, for a session that grows between moments (a live
// one): the state and samples swept so far are kept, so each moment costs only what was written
// since the previous one. Copying a builder forks the sweep (the explorer evaluates the last
// seconds of a live session on a copy, since records of them may still arrive).
class GroupSeriesBuilder {
public:
    // The partitions are fixed here (scope and options.partitions, as buildGroupSeries).
    GroupSeriesBuilder(const Session& session, const ReportOptions& options, const std::string& group);

    // Appends moment `t` (after every moment added before) to `out`, whose partitions stay
    // sorted by upstream partition.
    void add(int64_t t, GroupSeries& out);

private:
    const Session* m_session;
    ReportOptions m_options; // groups = {group}
    Mm2State m_state;
    SampleState m_samples;
    size_t m_nextHeartbeat = 0;
    std::optional<int64_t> m_lastHeartbeat;
};

// A sync of a partition as the store saw it: written (record timestamp), and when a later sync
// pushed it out of the store (none: still retained at `untilMs`).
struct SyncLifetime {
    size_t index = 0; // into Session::syncs
    int64_t writtenAtMs = 0;
    int64_t upstream = 0;
    int64_t downstream = 0;
    std::optional<int64_t> expiredAtMs;
};

// Every sync of `upstreamPartition` written by `untilMs`, in topic order, replayed through the
// release's store exactly as Mm2State does (same initial load and task start).
SharedChunks<SyncLifetime> syncLifetimes(const Session& session, const Mm2StateOptions& options,
                                         uint32_t upstreamPartition, int64_t untilMs);

// syncLifetimes for a session that grows: advanceTo(t) extends `lifetimes()` to the syncs
// written by t, exactly as syncLifetimes(session, options, partition, t) lists them.
class SyncLifetimeTracker {
public:
    SyncLifetimeTracker(const Session& session, const Mm2StateOptions& options, uint32_t upstreamPartition);
    void advanceTo(int64_t untilMs);
    const SharedChunks<SyncLifetime>& lifetimes() const { return m_out; }

private:
    const Session* m_session;
    uint32_t m_partition;
    SyncsReplay m_replay;
    SyncStore::PartitionId m_id;
    size_t m_next = 0;                 // into Session::syncs
    SharedChunks<SyncLifetime> m_out;  // answers hold copies: only expiring syncs change
    std::vector<size_t> m_retainedNow; // indices into m_out of the syncs the store holds
};

// The translation MM2 applies to a partition, as points (upstream, downstream) of a step
// function evaluated with the store itself: at and just after each retained sync, and at
// `upTo` (a point beyond the newest sync). Empty when the store cannot translate the partition.
struct StepPoint {
    int64_t upstream = 0;
    int64_t downstream = 0;
};
std::vector<StepPoint> translationSteps(const SyncStore& store, const TopicPartition& tp, int64_t upTo);

} // namespace driftscope
