// The committed offsets and log offsets a session had sampled by a moment: for each group,
// side and partition the latest committed offset, and for each side and partition the latest
// log start and end. Like Mm2State it only moves forward in time, so a sweep over a session
// (series for plots, the time cursor playing) touches every sample once. The session may grow
// between two advances (live reading): samples appended since are taken in as if they had been
// there from the start, even those sampled before the current moment.
#pragma once

#include "model/session/session.h"

#include <deque>
#include <map>
#include <optional>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

namespace driftscope {

// A group's pace is how far its committed offset moved over this much time before the moment: the
// time a replay represents is measured at it (the simulator's processed offsets use the same).
constexpr int64_t kPaceWindowMs = 60'000;

// How far a committed offset moved, over how long.
struct Pace {
    int64_t advanced = 0; // offsets
    int64_t spanMs = 0;
};

// Observations of one committed offset, (time, offset) in time order: those of the last
// kPaceWindowMs before the newest, and the newest before that window.
using RecentOffsets = std::deque<std::pair<int64_t, int64_t>>;

// Adds an observation, keeping the order and dropping what the window no longer needs.
void rememberOffset(RecentOffsets& recent, int64_t atMs, int64_t offset);

// The pace of observations from one or more sources (samples, MM2's checkpoints): from the
// newest observation at or before kPaceWindowMs before the newest (else the oldest) to the
// newest. None with fewer than two.
std::optional<Pace> paceOf(const RecentOffsets& a, const RecentOffsets& b = {});

// A log whose end went back between two samples: records it held are gone (the topic was
// deleted and created again, or truncated by an unclean leader election). A leader change can
// move the log start back (replicas delete segments on their own), so only the end counts.
struct LogRewind {
    LogOffsetSample before; // the sample with the higher end
    LogOffsetSample after;  // the next one, whose end is lower
};

// How long after a source log sample MM2's committed replication position is taken to cover
// what MM2 had read by then: its worker commits the position every offset.flush.interval.ms
// (SessionInfo::offsetFlushIntervalMs), and kPositionSlackMs more absorb the acknowledgements,
// the commit's own time and a clock skew between MM2 and driftscope. A source log sample is
// judged once the session is kPositionReadSlackMs past that margin, so that the reader has read
// the positions committed in it; and only when no reader trouble on the target (unreachable,
// failed, a fetch error, a client renewed) overlaps the sample's margin and slack: a reader
// behind the Connect offsets topic would judge against an old position.
constexpr int64_t kPositionSlackMs = 30'000;
constexpr int64_t kPositionReadSlackMs = 20'000;
int64_t positionMarginMs(const SessionInfo& info);

// The source's log start passed the next offset MM2 would replicate: at `sample` the log start
// was above position.offset + 2, where `position` is the last position MM2 had committed within
// positionMarginMs after the sample (a gap of one offset proves nothing: a transaction's commit
// marker after MM2's last record makes it, and consumers never see markers). Records
// [position.offset + 1, sample.start) were deleted before MM2 had replicated them and flushed
// that; a task that starts resumes at position.offset + 1 and its consumer jumps to the log start.
struct ReplicationOutrun {
    LogOffsetSample sample;
    ObservedPosition position;
    uint32_t sampleIndex = 0, positionIndex = 0; // into Session::logOffsets and ::positions
};

// The position a source log sample is judged against: the last one of its partition committed
// (record timestamp) at most positionMarginMs after it. `ofPartition` holds the partition's
// indices into Session::positions by timestamp, then index (positionsByPartition); the answer
// points into it, or is null when none is that early.
const uint32_t* positionCovering(const Session& session, std::span<const uint32_t> ofPartition,
                                 const LogOffsetSample& sample);
// Whether the positions that cover `sample` prove records lost (ReplicationOutrun).
bool outruns(const LogOffsetSample& sample, const ObservedPosition& covering);
std::map<uint32_t, std::vector<uint32_t>> positionsByPartition(const Session& session);

class SampleState {
public:
    struct Committed {
        int64_t offset = 0;
        int64_t atMs = 0;   // when it was sampled
        uint32_t index = 0; // into Session::groupOffsets: of two samples at one time, the later wins
    };
    using CommittedKey = std::tuple<ClusterSide, uint32_t, uint32_t>; // side, group, partition

    // The session must outlive the cursor; it may only grow.
    explicit SampleState(const Session& session);

    // Takes in the samples taken at or before `atMs` (in time order; for equal times the later
    // in the list wins). Earlier moments are ignored.
    void advanceTo(int64_t atMs);

    // The group's last committed offset, unless the last sample said it had none.
    std::optional<Committed> committed(ClusterSide side, uint32_t group,
                                       std::optional<uint32_t> partition) const;
    std::optional<LogOffsetSample> log(ClusterSide side, std::optional<uint32_t> partition) const;
    // The partition's last log rewind taken in so far, if any.
    std::optional<LogRewind> lastRewind(ClusterSide side, std::optional<uint32_t> partition) const;
    // The group's committed offsets sampled on a source partition for its pace (paceOf), since
    // it last had none.
    const RecentOffsets& recentCommitted(uint32_t group, std::optional<uint32_t> partition) const;
    // Every (side, group, partition) sampled so far, in key order, with its last sample
    // (kNoOffset included).
    const std::map<CommittedKey, Committed>& allCommitted() const { return m_committed; }
    // MM2's last replication position of a source partition committed (record timestamp) by the
    // moment, tombstones included (offset kNone).
    std::optional<ObservedPosition> position(std::optional<uint32_t> partition) const;
    // The last time the source's log start was seen past MM2's replication position, if ever.
    std::optional<ReplicationOutrun> lastOutrun(std::optional<uint32_t> partition) const;

private:
    struct LogSeen {
        LogOffsetSample sample;
        uint32_t index = 0;
        std::optional<LogRewind> lastRewind;
    };
    void followGrowth();
    void take(uint32_t index, const GroupOffsetSample& g);
    void rememberForPace(const GroupOffsetSample& g);
    void take(uint32_t index, const LogOffsetSample& l);
    void take(uint32_t index, const ObservedPosition& p);
    void judgeOutruns();
    void followTargetTrouble();
    bool targetTroubleBetween(int64_t fromMs, int64_t toMs) const;

    // Per source partition: positions taken in (indices into Session::positions), by record
    // timestamp and index; those no source log sample still waiting needs are dropped.
    struct PositionsOf {
        std::vector<uint32_t> seen;
        std::optional<ReplicationOutrun> lastOutrun;
    };

    const Session& m_session;
    int64_t m_atMs = INT64_MIN;
    // Samples not taken in yet, by sample time (then list order), from m_next*; and how much of
    // each list has been seen.
    std::vector<uint32_t> m_groupOrder, m_logOrder, m_positionOrder;
    size_t m_nextGroup = 0, m_nextLog = 0, m_nextPosition = 0;
    size_t m_groupsSeen = 0, m_logsSeen = 0, m_positionsSeen = 0;
    std::map<CommittedKey, Committed> m_committed;
    // Per (group, partition) on the source, the samples of the pace window.
    std::map<std::pair<uint32_t, uint32_t>, RecentOffsets> m_recent;
    std::map<std::pair<ClusterSide, uint32_t>, LogSeen> m_logs;
    std::map<uint32_t, PositionsOf> m_positions;
    // Source log samples (index into Session::logOffsets) waiting to be judged against MM2's
    // position, by sample time.
    std::multimap<int64_t, uint32_t> m_unjudged;
    // Spans of reader trouble on the target, from a problem to the next recovery (open: INT64_MAX).
    std::vector<std::pair<int64_t, int64_t>> m_targetTrouble;
    size_t m_eventsSeen = 0;
};

} // namespace driftscope
