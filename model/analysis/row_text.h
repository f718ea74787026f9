// The words of one report row, the same in every view: the CLI's text, CSV and JSON, the window's
// groups table and failover drill, and the details sentence. A number that is not known is never
// printed: the outcome says "replay unknown" (or "may SKIP") and the row says why.
#pragma once

#include "model/analysis/health_report.h"

#include <string>
#include <string_view>

namespace driftscope {

enum class Outcome {
    NoResume, // no checkpoint: no failover position, so no outcome
    None,     // resumes exactly where the group stopped
    Replays,  // replays a known number of offsets
    Skips,    // skips a known number of offsets
    MaySkip,  // may skip (skip-possible), by an amount nothing shows
    Unknown,  // nothing says which source record the target holds at the resume offset
};
Outcome outcomeOf(const PartitionReport& row);
// "-", "none", "replay", "skip", "may-skip", "unknown": JSON's and CSV's outcome.
std::string_view outcomeName(Outcome outcome);

// "replays 1,745 (about 44.0 s)", "SKIPS 9", "none", "may SKIP", "replay unknown", "-": the time is
// the outcome's at the group's pace, where both are known.
std::string outcomeText(const PartitionReport& row);
// "39.7 offsets/s over the last 1 min 0 s of samples", or "unknown (why)".
std::string paceText(const PartitionReport& row);
// A part of the outcome ("238"), or "-" where the outcome is not a known number.
std::string outcomePartText(const PartitionReport& row, int64_t part);

// What MM2 would translate the committed offset to if it emitted a checkpoint now: "1,737",
// "1,975 (identity)", "too-old", "no-sync", "not-ready", "-". Never the resume offset.
std::string ifCheckpointedNowText(const PartitionReport& row);

// "1,737 (checkpoint)", "1 (synced)", "- (too old)".
std::string resumeText(const PartitionReport& row);

// "465 -> 1", with " (held)" (the monotonic filter) or " (held: too-old)" and the like when it is
// older than the stale limit but MM2 would emit nothing newer; "-" without a checkpoint.
std::string checkpointText(const PartitionReport& row, int64_t staleAfterMs);
// The checkpoint is older than the stale limit, the group committed since, yet MM2 would emit
// nothing newer: where the stale verdict would otherwise be.
bool keptPastStaleLimit(const PartitionReport& row, int64_t staleAfterMs);

// The source offsets the outcome is about, half-open: "[1,737, 1,975)" (read again, or for a skip
// never read), "none" (it resumes where the group stopped), "unknown", "-" without a checkpoint.
std::string sourceRangeText(const PartitionReport& row);

// "1 min 3 s", "unknown" (the records carry no times), "-" without a checkpoint.
std::string checkpointAgeText(const PartitionReport& row);

// A moment: "2026-11-29T13:37:51.856Z", or where the records carry no times "the end of the
// records (their times are unknown)".
std::string momentText(int64_t ms, bool timesUnknown);
// The report's moment, so written.
std::string reportMomentText(const Report& report);
// Said with every report whose records carry no times, in place of the stale limit.
inline constexpr std::string_view kTimesUnknownNote =
    "note: the records carry no times (MM2's console formatters print none): checkpoint ages are unknown, "
    "no checkpoint is judged stale, and the report is at the end of the records, not at a time";

} // namespace driftscope
