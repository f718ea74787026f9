// Moments and spans that explain what a time axis shows: what happened to the reader (a cluster
// out of reach, a topic it could not read), what MM2's records and the samples prove happened
// (no checkpoint written for a while, a log that went back, a group that stopped committing
// while its log grew), and for a simulation what its scenario made happen (scenario_marks.h).
// The explorer marks them on every time axis, with their text on hover.
//
// Each mark states what the records show, not a guess at its cause: a gap in the checkpoints
// says how long it was and what may leave one, never "the task restarted".
#pragma once

#include "model/analysis/explorer_view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace driftscope {

enum class MarkKind {
    ReaderProblem,   // a reader event that is not plain progress (isProgressState)
    ClusterOutage,   // a cluster unreachable from the reader, until it answered again
    CheckpointGap,   // MM2 wrote no checkpoint for longer than two emit intervals
    LogWentBack,     // a sampled log's end or start went back: recreated or truncated
    GroupStall,      // the group's committed offset stayed while its log grew
    TaskRestart,     // a scenario's MM2 task restart (simulations)
    ScenarioStall,   // a scenario's consumer stall (simulations)
    TargetRecreated, // a scenario's recreated target partition (simulations)
    Bookmark         // a moment a reviewer named (bookmarks.h)
};

// "reader problem", "cluster outage", ... (for hover texts and exports).
std::string_view markKindName(MarkKind kind);

struct TimelineMark {
    int64_t fromMs = 0;
    int64_t toMs = 0; // == fromMs: a moment
    MarkKind kind = MarkKind::ReaderProblem;
    std::string text; // one line, with its time(s); a bookmark's name (drawn on the axis)

    bool isSpan() const { return toMs > fromMs; }
    friend bool operator==(const TimelineMark&, const TimelineMark&) = default;
};

// A checkpoint gap is this many emit intervals long at least.
constexpr int64_t kCheckpointGapIntervals = 2;
// A group stall lasts this many emit intervals at least (shorter ones are commit cadence).
constexpr int64_t kGroupStallIntervals = 2;

// The marks of `selection` (resolved) in `session`, sorted by time: the reader's events, the
// flow's checkpoint gaps, and for the selected group and partition its stalls and the logs of
// that partition (source) and its mirror (target) going back. `emitIntervalMs`: MM2's checkpoint
// interval, which sets the gap and stall thresholds. An open span (an outage still going on, a
// stall to the end) ends at the session's last moment `endMs`.
std::vector<TimelineMark> timelineMarks(const Session& session, const Selection& selection,
                                        int64_t emitIntervalMs, int64_t endMs);

// One moment per bookmark, its text the bookmark's name.
std::vector<TimelineMark> bookmarkMarks(const std::vector<Bookmark>& bookmarks);

// Sorts marks by their start, keeping the order of marks that start together.
void sortMarks(std::vector<TimelineMark>& marks);
// Merges two sorted mark lists into one, sorted by time.
std::vector<TimelineMark> mergeMarks(std::vector<TimelineMark> a, const std::vector<TimelineMark>& b);

} // namespace driftscope
