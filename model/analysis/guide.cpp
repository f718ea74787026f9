#include "model/analysis/guide.h"

#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/mm2/release_notes.h"
#include "model/util/text_format.h"

namespace driftscope {
namespace {

std::string count(size_t n)
{
    return withThousands(static_cast<int64_t>(n));
}

GuideStep sparseSyncs(const CursorView& view, const SharedChunks<SyncLifetime>& lifetimes,
                      const std::string& tp)
{
    size_t written = 0;
    int64_t first = 0, last = 0;
    for (const SyncLifetime& l : lifetimes) {
        if (l.writtenAtMs > view.atMs)
            continue;
        if (written++ == 0)
            first = l.upstream;
        last = l.upstream;
    }
    GuideStep step{"1. Offset syncs are sparse", {}};
    if (written < 2) {
        step.text =
            "MM2's source task has written " + count(written) + " offset sync of " + tp +
            " by the cursor: too few to show how far apart they come. It writes one when the target "
            "offset drifts from its last sync by offset.lag.max (100 by default), at a gap, and after "
            "a truncation, not one per record.";
        return step;
    }
    // What the session holds: MM2 creates the offset-syncs topic compacted, so older syncs may be
    // gone from it.
    const std::string held = "The session holds " + count(written) + " offset syncs of " + tp +
                             " written by the cursor (the compacted offset-syncs topic may have dropped "
                             "older ones), over source offsets " +
                             withThousands(first) + " to " + withThousands(last);
    const int64_t span = last - first;
    if (span <= 0) {
        step.text = held +
                    ": the source offsets went back or stood still (a truncated or recreated topic, a "
                    "re-sync), so their spacing says nothing here. MM2 writes a sync when the target offset "
                    "drifts by offset.lag.max, at a gap and after a truncation, not one per record.";
        return step;
    }
    step.text = held + ": one every " + withThousands(span / static_cast<int64_t>(written - 1)) +
                " offsets on average, not one per record. Between two syncs, nothing records which target "
                "offset holds which source record.";
    return step;
}

GuideStep translation(const CursorView& view, const Release& release)
{
    GuideStep step{"2. Translation goes back to a sync", {}};
    const ReleaseProfile profile = profileFor(release);
    const std::string rule =
        profile.translation == TranslationRule::CappedPlusOne
            ? "From 3.4.1 on, MM2 translates a committed offset to the newest retained sync at or before it, "
              "so the translation never lands past the committed record: the failover replays instead (it "
              "can "
              "still skip when the group rewound, or resumes at a synced target group offset that MM2 never "
              "moves back)."
            : "Up to 3.4.0, MM2 extrapolated from the newest sync (D + (U - u)): across gaps it could land "
              "past "
              "records the group never processed, so a failover could skip. 3.4.1 replaced this.";
    if (!view.row || !view.row->committed || !view.row->translated) {
        step.text = rule +
                    " The selected partition has no committed offset at the cursor, so there is nothing "
                    "to translate here yet.";
        return step;
    }
    step.text =
        rule + " Here under MM2 " + toString(release) + ": " +
        explainTranslation(view.row->upstream, *view.row->committed, *view.row->translated, view.rule) + ".";
    return step;
}

GuideStep retention(const CursorView& view, const Release& release)
{
    const StoreKind store = profileFor(release).store;
    GuideStep step{"3. The store keeps a few syncs, spread into the past", {}};
    step.text = "MM2 " + toString(release) + "'s checkpoint task " + storeRuleText(store) + ".";
    if (view.retained.empty()) {
        step.text += " It holds no sync of this partition at the cursor.";
        return step;
    }
    const RetainedSync& newest = view.retained.front();
    const RetainedSync& oldest = view.retained.back();
    step.text +=
        " At the cursor it holds " + count(view.retained.size()) + " distinct syncs of this partition, " +
        "the newest " + withThousands(newest.sync.upstream) + " -> " + withThousands(newest.sync.downstream) +
        " and the oldest " + withThousands(oldest.sync.upstream) + " -> " +
        withThousands(oldest.sync.downstream) +
        (view.retained.size() > 1 ? ", " + withThousands(newest.sync.upstream - oldest.sync.upstream) +
                                        " offsets behind it: a group that far behind still translates."
                                  : std::string("."));
    return step;
}

GuideStep staleness(const CursorView& view)
{
    GuideStep step{"4. Checkpoints come at intervals, and age", {}};
    const int64_t emit = view.report.emitIntervalMs;
    const std::string every =
        "MM2 emits checkpoints every " + formatDurationMs(emit) +
        (view.report.emitIntervalAssumed ? " (its default: nothing in the session showed the "
                                           "interval)"
                                         : "") +
        " (emit.checkpoints.interval.seconds); between two, the group commits on and the "
        "checkpoint falls behind.";
    if (!view.row || !view.row->checkpoint) {
        step.text = every +
                    " The selected partition has no checkpoint at the cursor: a failover now would have "
                    "nowhere to resume.";
        return step;
    }
    const CheckpointView& c = *view.row->checkpoint;
    step.text = every + " The checkpoint in force, " + withThousands(c.upstream) + " -> " +
                withThousands(c.downstream) + ", was emitted " +
                (c.ageMs ? formatDurationMs(*c.ageMs) + " before the cursor."
                         : std::string("at a time the records do not carry."));
    return step;
}

GuideStep replay(const CursorView& view)
{
    GuideStep step{"5. A failover replays: its parts", {}};
    const std::string parts =
        "The replay adds up granularity (the committed offset back to its sync), staleness "
        "(the group's progress since the checkpoint), commit cadence (its progress since its "
        "last commit) and, where MM2 syncs group offsets, the group-offset sync's age.";
    if (!view.row) {
        step.text = parts + " The selected partition has no row at the cursor.";
        return step;
    }
    const std::string outcome = explainOutcome(*view.row);
    step.text =
        parts + (outcome.empty() ? " No checkpoint here yet, so no failover position: " +
                                       (view.row->noResumeReason.empty() ? std::string("no checkpoint")
                                                                         : view.row->noResumeReason) +
                                       "."
                                 : " Here: " + outcome + ".");
    return step;
}

GuideStep rpo(const CursorView& view)
{
    GuideStep step{"6. Tune for an RPO, and make consumers idempotent", {}};
    step.text =
        "Smaller offset.lag.max and emit.checkpoints.interval.seconds (and, with group-offset sync, "
        "sync.group.offsets.interval.seconds) cut the replay, at a cost: more offset-sync records, more "
        "checkpoint work and load on both clusters. So one chooses an RPO, how much a failover may replay "
        "(driftscope-cli tune, or the simulator's Replay target), and tunes MM2 for it. What remains is "
        "replayed after every failover, so consumers must be idempotent: processing a record twice must "
        "do no harm.";
    if (view.row && outcomeOf(*view.row) == Outcome::Replays)
        step.text += " Here that is " + withThousands(view.row->replay.replay) + " offsets" +
                     (view.row->outcomeTimeMs ? ", about " + formatDurationMs(*view.row->outcomeTimeMs) +
                                                    " of the group's processing"
                                              : std::string()) +
                     ".";
    else if (view.row && (outcomeOf(*view.row) == Outcome::Skips || outcomeOf(*view.row) == Outcome::MaySkip))
        step.text +=
            std::string(" Here a failover may SKIP records: no idempotence makes up for records never read") +
            (profileFor(view.report.release).translation == TranslationRule::Extrapolate
                 ? "; from 3.4.1 on MM2 no longer extrapolates, which is what skips here."
                 : "; the row says why (a rewind, or a synced target group offset ahead).");
    return step;
}

} // namespace

std::vector<GuideStep> guideSteps(const CursorView& view, const SharedChunks<SyncLifetime>& lifetimes,
                                  const Release& release)
{
    const std::string tp = view.row ? toString(view.row->upstream) : std::string("the selected partition");
    return {sparseSyncs(view, lifetimes, tp),
            translation(view, release),
            retention(view, release),
            staleness(view),
            replay(view),
            rpo(view)};
}

} // namespace driftscope
