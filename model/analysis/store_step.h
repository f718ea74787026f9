// Stepping through the store one offset sync at a time, for the selected partition: what the
// checkpoint task's store held before and after a sync, which slots changed, which syncs it forced
// out and by which of its rules, and what the group's committed offset translated to before and
// after. The store is replayed exactly as Mm2State does (SyncsReplay: same release, task start and
// initial load), so a step agrees with the explorer's slots and sync lifetimes.
#pragma once

#include "model/analysis/explorer_view.h"
#include "model/mm2/store_replay.h"
#include "model/session/session.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

// A sync of the partition as the store holds it in a slot.
struct SlotSync {
    size_t ordinal = 0; // the partition's n-th sync, from 0
    int64_t upstream = 0;
    int64_t downstream = 0;
    friend bool operator==(const SlotSync&, const SlotSync&) = default;
};

struct StoreStep {
    size_t ordinal = 0;      // the sync applied: the partition's n-th
    size_t sessionIndex = 0; // into Session::syncs
    // When the store applied it: the latest record time up to it in the topic (Mm2State applies
    // the topic's records up to the first one stamped after a moment).
    int64_t atMs = 0;
    int64_t upstream = 0, downstream = 0;
    // Slot by slot (64, or 1 for the releases that keep the newest sync only); none: empty.
    std::vector<std::optional<SlotSync>> before, after;
    std::vector<int> changedSlots;
    // Each sync the step forced out, with the rule in words.
    std::vector<std::string> expired;
    // The committed offset asked about, translated before and after the step.
    std::optional<int64_t> committed;
    std::optional<Translation> translatedBefore, translatedAfter;
};

// When the store applied each of the partition's syncs, in topic order (step k is at
// syncTimes[k]): the latest record time up to it in the topic, as StoreStep::atMs.
std::vector<int64_t> syncTimes(const Session& session, const TopicPartition& upstream);

// Step `ordinal` of the partition (none: it has no such sync). `committed`: an offset to translate
// before and after.
std::optional<StoreStep> storeStep(const Session& session, const StoreReplayOptions& options,
                                   const TopicPartition& upstream, size_t ordinal,
                                   std::optional<int64_t> committed = std::nullopt);

// The moments a stepper goes to for a group partition: each of its syncs, each sync that forced
// another out of the store (a store update worth a look), each checkpoint of the group for it.
struct StepPlaces {
    std::vector<int64_t> syncs, updates, checkpoints; // record times, ascending
    std::vector<int64_t> syncOrder;                   // when each sync was applied, in topic order
};

// What the stepper shows at `atMs`: the step of the partition's last sync at or before it (none
// before its first sync), or of sync `ordinal` when the store applied it by then (syncs stamped
// in one millisecond are one moment: stepping sync by sync names the one to show), and where to
// step next. `downstream`: the partition's name on the
// target, as checkpoints name it (none: no checkpoints to step to).
struct StepView {
    std::optional<StoreStep> step;
    StepPlaces places;
};
StepView stepViewAt(const Session& session, const StoreReplayOptions& options, const std::string& group,
                    const TopicPartition& upstream, const std::optional<TopicPartition>& downstream,
                    int64_t atMs, std::optional<int64_t> committed,
                    std::optional<size_t> ordinal = std::nullopt);

// The first of `times` after `atMs`, or the last before it (none: there is no such moment).
std::optional<int64_t> nextAfter(const std::vector<int64_t>& times, int64_t atMs);
std::optional<int64_t> lastBefore(const std::vector<int64_t>& times, int64_t atMs);

} // namespace driftscope
