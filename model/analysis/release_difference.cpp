#include "model/analysis/release_difference.h"

#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope {
namespace {

std::string translationWords(const PartitionReport& row)
{
    if (!row.committed || !row.translated)
        return "no committed offset";
    const Translation& t = *row.translated;
    const std::string committed = "committed " + withThousands(*row.committed);
    if (t.status == TranslationStatus::Translated || t.status == TranslationStatus::Identity)
        return committed + " translates to " + withThousands(t.downstream.value_or(0));
    return committed + " does not translate (" + std::string(statusName(t.status)) + ")";
}

std::string checkpointWords(const PartitionReport& row)
{
    if (!row.checkpoint)
        return "no checkpoint";
    return "checkpoint " + withThousands(row.checkpoint->upstream) + " -> " +
           withThousands(row.checkpoint->downstream);
}

std::string outcomeWords(const PartitionReport& row)
{
    if (!row.resume)
        return "no resume position (" + (row.noResumeReason.empty() ? "no checkpoint" : row.noResumeReason) +
               ")";
    std::string resume = "resumes at " + withThousands(row.resume->offset);
    switch (outcomeOf(row)) {
    case Outcome::NoResume:
        break;
    case Outcome::None:
        return resume + ", replays nothing";
    case Outcome::Replays:
        return resume + ", replays " + withThousands(row.replay.replay) + " offsets";
    case Outcome::Skips:
        return resume + ", SKIPS " + withThousands(row.replay.skip) + " offsets";
    case Outcome::MaySkip:
        return resume + ", may skip an unknown number of offsets";
    case Outcome::Unknown:
        return resume + ", replays an unknown number of offsets (" +
               std::string(unknownReplayName(row.replayUnknown)) + ")";
    }
    return resume;
}

std::vector<TimedWords> wordsOf(const PartitionSeries& series, std::string (*words)(const PartitionReport&))
{
    std::vector<TimedWords> out;
    out.reserve(series.atMs.size());
    for (size_t i = 0; i < series.atMs.size(); ++i)
        out.push_back({series.atMs[i], words(series.rows[i])});
    return out;
}

OutcomeSpan outcomeSpan(const PartitionSeries& series)
{
    OutcomeSpan out;
    for (size_t i = 0; i < series.atMs.size(); ++i) {
        const PartitionReport& row = series.rows[i];
        const Outcome outcome = outcomeOf(row);
        if (outcome == Outcome::NoResume)
            continue;
        ++out.withOutcome;
        out.maySkip += outcome == Outcome::MaySkip;
        out.unknown += outcome == Outcome::Unknown;
        if (outcome == Outcome::Replays || outcome == Outcome::None) {
            ++out.replaying;
            out.maxReplay = std::max(out.maxReplay, row.replay.replay);
        }
        if (outcome == Outcome::Skips) {
            ++out.skipping;
            out.maxSkip = std::max(out.maxSkip, row.replay.skip);
        }
    }
    return out;
}

std::string count(size_t n)
{
    return withThousands(static_cast<int64_t>(n));
}

// "offsets: differs at 12 of 1,452 moments, first at ... (3.4.0: ...; 3.4.1: ...)".
std::string aspectLine(const std::string& aspect, const AspectDifference& d, const ReleaseDifference& all)
{
    if (!d.firstMs)
        return aspect + ": the same at every moment";
    return aspect + ": differs at " + count(d.moments) + " of " + count(all.moments) + " moments, first at " +
           momentText(*d.firstMs, all.timesUnknown) + " (" + toString(all.releases[0]) + ": " + d.first[0] +
           "; " + toString(all.releases[1]) + ": " + d.first[1] + ")";
}

// "3.4.1: of 1,452 moments with a resume position, a failover skips at 0, may skip at 0, replays an
// unknown number of offsets at 0 and a known number at 1,452 (up to 835,417 offsets)".
std::string outcomesLine(const Release& release, const OutcomeSpan& s)
{
    if (s.withOutcome == 0)
        return toString(release) + ": no resume position at any moment";
    return toString(release) + ": of " + count(s.withOutcome) +
           " moments with a resume position, a failover skips at " + count(s.skipping) +
           (s.skipping ? " (up to " + withThousands(s.maxSkip) + " offsets)" : std::string()) +
           ", may skip at " + count(s.maySkip) + ", replays an unknown number of offsets at " +
           count(s.unknown) + " and a known number at " + count(s.replaying) +
           (s.replaying ? " (up to " + withThousands(s.maxReplay) + " offsets)" : std::string());
}

} // namespace

AspectDifference compareTimedWords(const std::vector<TimedWords>& a, const std::vector<TimedWords>& b)
{
    AspectDifference out;
    size_t i = 0, j = 0;
    // Walks the moments of both in time order; at each, each side's words in force (none before
    // its first entry).
    while (i < a.size() || j < b.size()) {
        const int64_t t =
            std::min(i < a.size() ? a[i].atMs : INT64_MAX, j < b.size() ? b[j].atMs : INT64_MAX);
        while (i < a.size() && a[i].atMs == t)
            ++i;
        while (j < b.size() && b[j].atMs == t)
            ++j;
        const std::string& wa = i ? a[i - 1].words : std::string();
        const std::string& wb = j ? b[j - 1].words : std::string();
        if (wa == wb)
            continue;
        ++out.moments;
        if (!out.firstMs) {
            out.firstMs = t;
            out.first[0] = i ? wa : "nothing yet";
            out.first[1] = j ? wb : "nothing yet";
        }
    }
    return out;
}

std::optional<int64_t> ReleaseDifference::firstMs() const
{
    std::optional<int64_t> first;
    for (const AspectDifference* d : {&translation, &checkpoint, &outcome})
        if (d->firstMs && (!first || *d->firstMs < *first))
            first = d->firstMs;
    return first;
}

ReleaseDifference compareReleases(const Release (&releases)[2], const PartitionSeries& a,
                                  const PartitionSeries& b)
{
    ReleaseDifference out;
    out.releases[0] = releases[0];
    out.releases[1] = releases[1];
    out.upstream = a.upstream;
    std::vector<int64_t> moments(a.atMs);
    moments.insert(moments.end(), b.atMs.begin(), b.atMs.end());
    std::sort(moments.begin(), moments.end());
    out.moments = static_cast<size_t>(std::unique(moments.begin(), moments.end()) - moments.begin());
    out.translation = compareTimedWords(wordsOf(a, translationWords), wordsOf(b, translationWords));
    out.checkpoint = compareTimedWords(wordsOf(a, checkpointWords), wordsOf(b, checkpointWords));
    out.outcome = compareTimedWords(wordsOf(a, outcomeWords), wordsOf(b, outcomeWords));
    out.outcomes[0] = outcomeSpan(a);
    out.outcomes[1] = outcomeSpan(b);
    return out;
}

std::vector<std::string> differenceLines(const ReleaseDifference& d)
{
    const std::string pair = toString(d.releases[0]) + " and " + toString(d.releases[1]);
    const std::optional<int64_t> first = d.firstMs();
    std::vector<std::string> lines;
    if (!first) {
        lines.push_back(pair + " agree on " + toString(d.upstream) + " at every one of the " +
                        withThousands(static_cast<int64_t>(d.moments)) + " moments compared");
        return lines;
    }
    // The series are evaluated at moments (checkpoints, samples, a grid, thinned on long sessions):
    // the first difference is the first among them.
    lines.push_back(pair + " first differ on " + toString(d.upstream) + " at " +
                    momentText(*first, d.timesUnknown) + ", of the moments compared");
    lines.push_back(aspectLine("translation of the committed offset", d.translation, d));
    lines.push_back(aspectLine("checkpoint in force", d.checkpoint, d));
    lines.push_back(aspectLine("failover outcome", d.outcome, d));
    lines.push_back(outcomesLine(d.releases[0], d.outcomes[0]));
    lines.push_back(outcomesLine(d.releases[1], d.outcomes[1]));
    return lines;
}

} // namespace driftscope
