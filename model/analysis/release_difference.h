// Where two MM2 releases' answers for one group partition part over a session: the translation of
// the committed offset, the checkpoint in force, and what a failover would do (resume where,
// replay or skip how much). For Compare: a capture is read under both releases' rules; a
// simulation is run under each (the caller gives each release's series).
//
// A series holds each row from its moment until the next, so the two are compared at every moment
// of either: two series of one session have the same moments, two simulations need not.
#pragma once

#include "model/analysis/group_series.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// A value in words from `atMs` until the next entry's moment.
struct TimedWords {
    int64_t atMs = 0;
    std::string words;
};

// One aspect of the rows: when the releases first differ on it and what each said then.
struct AspectDifference {
    std::optional<int64_t> firstMs; // none: they never differ
    size_t moments = 0;             // moments (of either series) at which they differ
    std::string first[2];           // each release's value at firstMs, in words
};

// What a failover would do under one release, over the moments compared: at how many moments
// with a resume position it skips a known number of offsets, may skip an unknown number (up to
// 3.4.0's extrapolation), replays an unknown or a known number.
struct OutcomeSpan {
    size_t withOutcome = 0, skipping = 0, maySkip = 0, unknown = 0, replaying = 0;
    int64_t maxReplay = 0, maxSkip = 0; // offsets, where known
};

struct ReleaseDifference {
    Release releases[2];
    TopicPartition upstream;
    size_t moments = 0; // of either series, where either has a row
    AspectDifference translation, checkpoint, outcome;
    OutcomeSpan outcomes[2];
    bool timesUnknown = false; // the records carry no times: moments are named without one
    // The first moment any aspect differs (none: the releases agree on every moment).
    std::optional<int64_t> firstMs() const;
};

// Two step series compared at every moment of either (each in time order; before its first
// entry a series says nothing, which differs from any words).
AspectDifference compareTimedWords(const std::vector<TimedWords>& a, const std::vector<TimedWords>& b);

ReleaseDifference compareReleases(const Release (&releases)[2], const PartitionSeries& a,
                                  const PartitionSeries& b);

// "2.4.0 and 3.4.1 first differ at 2026-01-01 00:00:04.000 UTC, on the checkpoint ..." and a line
// per aspect and per release's outcomes; "... agree on every one of the N moments" when they do.
std::vector<std::string> differenceLines(const ReleaseDifference& difference);

} // namespace driftscope
