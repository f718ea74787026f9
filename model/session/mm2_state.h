// What MM2 knew at a moment of a session: the OffsetSyncStore the chosen release would hold
// after the offset syncs written by then, and per group and target-side partition the last
// checkpoint written by then, with the sync that checkpoint was translated from.
//
// "By then" follows record timestamps (when MM2 wrote the record, not when driftscope read it),
// so a capture replays its history the way it happened even when the reader joined late. A
// list is taken up to its first record stamped after the moment.
//
// A state moves forward in time (advanceTo), which is how the time cursor plays a session and
// how series over time are computed in one pass; going back means building a new one. The
// state refers to the session it was built for, which must outlive it; the session may grow
// (live reading) between two advances.
#pragma once

#include "model/mm2/store_replay.h"
#include "model/mm2/sync_store.h"
#include "model/session/sample_state.h"
#include "model/session/session.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace driftscope {

// The release, the task start and whether checkpoints were restored, as for replaySyncs().
using Mm2StateOptions = StoreReplayOptions;

struct CheckpointInForce {
    size_t index = 0;               // into Session::checkpoints
    std::optional<StoredSync> sync; // the sync it was translated from; id = index into syncs
    // The committed offsets MM2 read for this and the earlier checkpoints of the group partition,
    // for the group's pace (paceOf): a checkpoint's upstream offset is what the group had
    // committed when MM2 emitted it.
    RecentOffsets readings;
    // Whether a sync explains the checkpoint under the release's translation rule. MM2 reads
    // syncs a moment after they are written, so the sync it used may be older than the store's
    // answer and thinned out of it since: the whole history of the partition is searched then.
    // MM2 also stamps a checkpoint before it lists the group's offsets and translates them, so a
    // sync stamped up to kTranslationDelayMs later may explain it once it is applied. Checkpoints
    // no sync explains suggest that MM2 runs another release.
    bool explained = false;
    // The checkpoints' downstream offsets (time, D_c) over the last kDownstreamLookbackMs, one per
    // kDownstreamSpacingMs at most besides the newest: which checkpoint MM2 should have committed
    // to the target group by a moment, for a flow that syncs group offsets.
    RecentOffsets downstreamReadings;
};

constexpr int64_t kDownstreamLookbackMs = 10 * 60'000;
constexpr int64_t kDownstreamSpacingMs = 30'000;

// How long after stamping a checkpoint MM2 may still read the sync it translates with: the
// checkpoint task takes the timestamp, then lists the group's committed offsets on the source (an
// admin call bounded by default.api.timeout.ms, 60 s unless set), then translates them.
inline constexpr int64_t kTranslationDelayMs = 60'000;

// Restricts a state to what the report of one group needs: the syncs of that group's
// partitions and the group's own checkpoints of them. The rows of that group are exactly those of an
// unrestricted state; rebuilding the store is then cheap even when the session holds millions
// of syncs of other partitions. Counts of records read still count every record.
struct StateScope {
    std::vector<bool> upstreamPartitions; // by session partition id; empty: all
    std::optional<uint32_t> group;        // none: all groups
};

// The scope of a group: the upstream partitions it sampled on the source or has checkpoints for.
StateScope scopeOfGroup(const Session& session, uint32_t group);

class Mm2State {
public:
    // Nothing applied yet (the moment before the session's first record).
    Mm2State(const Session& session, const Mm2StateOptions& options, StateScope scope = {});
    Mm2State(const Session& session, const Mm2StateOptions& options, int64_t atMs);

    // Applies what was written after the current moment, up to `atMs`; earlier moments are
    // ignored (the state never goes back).
    void advanceTo(int64_t atMs);

    int64_t atMs() const { return m_atMs; }
    const SyncStore& store() const { return m_replay.store(); }
    size_t syncsApplied() const { return m_replay.recordsRead(); }
    size_t checkpointsApplied() const { return m_checkpointsApplied; }
    size_t unexplainedCheckpoints() const { return m_unexplained; }

    // Keyed by (group id, target-side partition id) of the session.
    const std::map<std::pair<uint32_t, uint32_t>, CheckpointInForce>& checkpoints() const
    {
        return m_checkpoints;
    }
    // The newest sync read by then, of the whole history of an upstream partition (not only the
    // retained ones), whose downstream offset the rule maps to `downstream`: it says which source
    // record the target holds there (a synced target group offset is an older checkpoint's D_c,
    // whose sync the store may have thinned out since).
    std::optional<StoredSync> syncAtDownstream(uint32_t upstream, int64_t downstream) const;
    // The index into Session::syncs of a sync the store holds (store ids count the syncs applied,
    // which are all of them only when the state is not restricted to a scope).
    size_t sessionIndexOf(const StoredSync& sync) const;
    // Whether the syncs of an upstream partition so far had different offset drifts (u - d):
    // there are gaps, so extrapolating past a sync (2.4.0-3.4.0) can overshoot.
    bool driftVaries(uint32_t partition) const;
    // Target-side partition id -> the upstream partition id it names (upstreamPartitions()).
    const std::vector<std::optional<uint32_t>>& upstreamOf() const { return m_upstreamOf; }

    // How far the state has gone through the session's lists (applied or out of scope).
    size_t syncsPassed() const { return m_nextSync; }
    size_t checkpointsPassed() const { return m_nextCheckpoint; }
    // The checkpoints (indices into Session::checkpoints) still waiting for a later sync.
    std::vector<size_t> pendingCheckpoints() const;

    // The session this state refers to was thinned in place (model/watch/session_thinning.h):
    // `syncIndex` and `checkpointIndex` give each old index's new one, or -1 for a record
    // dropped. Every record the state still refers to (the store's syncs, the checkpoints in
    // force and their syncs, pending checkpoints, records not passed yet) must have been kept.
    // Counts of records read stay those of the whole session.
    void rebase(const std::vector<int64_t>& syncIndex, const std::vector<int64_t>& checkpointIndex);
    // Whether rebase() may be called with these: an unrestricted state (StateScope: store ids are
    // session indices only when every sync is applied) whose records are all kept.
    bool canRebase(const std::vector<int64_t>& syncIndex, const std::vector<int64_t>& checkpointIndex) const;

private:
    struct PendingCheckpoint {
        std::pair<uint32_t, uint32_t> key; // into m_checkpoints
        size_t index;                      // into Session::checkpoints
        int64_t upstream, downstream, stampMs;
        int64_t deadlineMs = 0; // stampMs + kTranslationDelayMs
    };

    void followGrowth();
    void applySync(size_t index);
    void applyCheckpoint(size_t index);
    std::optional<StoredSync> explain(uint32_t upstream, int64_t u, int64_t d);
    void awaitLaterSync(uint32_t upstream, PendingCheckpoint checkpoint);
    void explainPending(uint32_t upstream, size_t syncIndex);
    void dropExpiredPending();
    const std::vector<uint32_t>& historyOf(uint32_t upstream) const;

    const Session& m_session;
    int64_t m_atMs = INT64_MIN;
    size_t m_nextSync = 0, m_nextCheckpoint = 0;
    StateScope m_scope;
    std::vector<uint32_t> m_appliedIndex; // store id -> session index, with a scope only
    SyncsReplay m_replay;                 // every sync up to the moment, those out of scope skipped
    size_t m_checkpointsApplied = 0;
    size_t m_unexplained = 0;
    std::vector<int64_t> m_storePartition; // session partition id -> store id, -1 until seen
    std::vector<std::optional<int64_t>> m_firstDrift;
    std::vector<bool> m_driftVaries;
    std::map<std::pair<uint32_t, uint32_t>, CheckpointInForce> m_checkpoints;
    std::vector<std::optional<uint32_t>> m_upstreamOf; // target partition id -> upstream id
    // Checkpoints no sync stamped before them explains, by upstream partition, until a sync
    // stamped by their deadline explains them or one stamped later shows none will.
    std::unordered_map<uint32_t, std::vector<PendingCheckpoint>> m_pending;
    // ... and those of a target partition whose upstream partition the session did not know yet.
    std::vector<PendingCheckpoint> m_pendingUnmapped;
    // Applied syncs by partition, built the first time the store alone cannot explain a checkpoint.
    // A cache built on first use, also by the const queries (a state is used by one thread).
    mutable std::vector<std::vector<uint32_t>> m_history;
    mutable bool m_historyIndexed = false;
};

// The upstream partition a checkpoint's target-side partition translates, among the partitions
// the session knows (those of syncs and of source-side samples), by MM2's renaming rule.
std::vector<std::optional<uint32_t>> upstreamPartitions(const Session& session);

// The source partition a checkpoint's target-side partition `target` (a session id) translates:
// the one upstreamPartitions() found (`upstreamOf` is its result), else MM2's renaming undone
// where the policy allows, else the target-side name itself. Reports and the live reader (to
// sample partitions that only checkpoints name) both ask this.
TopicPartition checkpointUpstream(const Session& session,
                                  const std::vector<std::optional<uint32_t>>& upstreamOf, uint32_t target);

} // namespace driftscope
