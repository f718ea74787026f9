#include "model/analysis/row_text.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope {
namespace {

// " (about 44.0 s)": the outcome's time at the group's pace, where it is known.
std::string aboutTime(const PartitionReport& row)
{
    return row.outcomeTimeMs ? " (about " + formatDurationMs(*row.outcomeTimeMs) + ")" : std::string();
}

} // namespace

Outcome outcomeOf(const PartitionReport& row)
{
    const ReplayWindow& r = row.replay;
    if (!r.available)
        return Outcome::NoResume;
    if (!r.known) {
        const bool maySkip =
            std::find(row.verdicts.begin(), row.verdicts.end(), Verdict::SkipPossible) != row.verdicts.end();
        return maySkip ? Outcome::MaySkip : Outcome::Unknown;
    }
    if (r.skip > 0)
        return Outcome::Skips;
    return r.replay > 0 ? Outcome::Replays : Outcome::None;
}

std::string_view outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::NoResume:
        return "-";
    case Outcome::None:
        return "none";
    case Outcome::Replays:
        return "replay";
    case Outcome::Skips:
        return "skip";
    case Outcome::MaySkip:
        return "may-skip";
    case Outcome::Unknown:
        return "unknown";
    }
    return {};
}

std::string outcomeText(const PartitionReport& row)
{
    switch (outcomeOf(row)) {
    case Outcome::NoResume:
        return "-";
    case Outcome::None:
        return "none";
    case Outcome::Replays:
        return "replays " + withThousands(row.replay.replay) + aboutTime(row);
    case Outcome::Skips:
        return "SKIPS " + withThousands(row.replay.skip) + aboutTime(row);
    case Outcome::MaySkip:
        return "may SKIP";
    case Outcome::Unknown:
        return "replay unknown";
    }
    return {};
}

std::string paceText(const PartitionReport& row)
{
    if (!row.pace)
        return "unknown (" + row.paceUnknownBecause + ")";
    return formatFixed(paceTenthsPerSecond(*row.pace), 1) + " offsets/s over the last " +
           formatDurationMs(row.pace->spanMs) + " of readings";
}

std::string outcomePartText(const PartitionReport& row, int64_t part)
{
    return row.replay.available && row.replay.known ? withThousands(part) : std::string("-");
}

std::string ifCheckpointedNowText(const PartitionReport& row)
{
    if (!row.translated)
        return "-";
    const Translation& t = *row.translated;
    if (t.status == TranslationStatus::Translated)
        return withThousands(*t.downstream);
    if (t.status == TranslationStatus::Identity)
        return withThousands(*t.downstream) + " (identity)";
    return std::string(statusName(t.status));
}

std::string resumeText(const PartitionReport& row)
{
    if (!row.resume)
        return "- (" + row.noResumeReason + ")";
    return withThousands(row.resume->offset) +
           (row.resume->source == ResumeSource::SyncedGroupOffset ? " (synced)" : " (checkpoint)");
}

bool keptPastStaleLimit(const PartitionReport& row, int64_t staleAfterMs)
{
    return row.checkpointKept != CheckpointKept::No && checkpointOutOfDate(row, staleAfterMs);
}

std::string checkpointText(const PartitionReport& row, int64_t staleAfterMs)
{
    if (!row.checkpoint)
        return "-";
    std::string text =
        withThousands(row.checkpoint->upstream) + " -> " + withThousands(row.checkpoint->downstream);
    if (!keptPastStaleLimit(row, staleAfterMs))
        return text;
    if (row.checkpointKept == CheckpointKept::MonotonicFilter)
        return text + " (held)";
    return text + " (held: " + std::string(checkpointKeptName(row.checkpointKept)) + ")";
}

std::string sourceRangeText(const PartitionReport& row)
{
    if (!row.replay.available)
        return "-";
    const std::optional<SourceRange> range = row.replay.sourceRange();
    if (!range)
        return "unknown";
    if (range->from == range->to)
        return "none";
    // Appended, not `"[" + std::string`: GCC 12's -Wrestrict false positive at -O3 (text_format.h).
    std::string text = "[";
    text += withThousands(range->from);
    text += ", ";
    text += withThousands(range->to);
    text += ')';
    return text;
}

std::string checkpointAgeText(const PartitionReport& row)
{
    if (!row.checkpoint)
        return "-";
    return row.checkpoint->ageMs ? formatDurationMs(*row.checkpoint->ageMs) : "unknown";
}

std::string momentText(int64_t ms, bool timesUnknown)
{
    return timesUnknown ? "the end of the records (their times are unknown)" : formatUtcMs(ms);
}

std::string reportMomentText(const Report& report)
{
    return momentText(report.atMs, report.recordTimesUnknown);
}

} // namespace driftscope
