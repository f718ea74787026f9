#include "model/analysis/store_step.h"

#include "model/analysis/group_series.h"
#include "model/analysis/translation_text.h"
#include "model/util/java_long.h"

#include <algorithm>

namespace driftscope {
namespace {

// The store's slots of `tp`, from its runs of retained syncs (ids count the partition's syncs).
std::vector<std::optional<SlotSync>> slotsOf(const SyncStore& store, const TopicPartition& tp)
{
    const bool slotted = store.profile().store != StoreKind::LatestOnly;
    std::vector<std::optional<SlotSync>> slots(slotted ? kSlotCount : 1);
    for (const RetainedSync& r : store.retained(tp))
        for (int s = r.firstSlot; s < r.firstSlot + r.slotCount && s < static_cast<int>(slots.size()); ++s)
            slots[static_cast<size_t>(s)] =
                SlotSync{static_cast<size_t>(r.sync.id), r.sync.upstream, r.sync.downstream};
    return slots;
}

std::string syncText(const SlotSync& s)
{
    return withThousands(s.upstream) + " -> " + withThousands(s.downstream) + " (sync #" +
           std::to_string(s.ordinal) + ")";
}

// A sync that holds a slot after the step; the new one fills the slots not in use (its run).
std::string keptText(const StoreStep& step, const SlotSync& kept)
{
    return syncText(kept) + (kept.ordinal == step.ordinal ? ", the new sync in slots not in use" : "");
}

// Why `gone`, held in slots [first, last] before the step, is in no slot after it: the rule in
// words, with the figures that show it.
std::string whyExpired(const StoreStep& step, const SlotSync& gone, int first, int last, StoreKind store,
                       bool clearedByLoad)
{
    const std::string what = syncText(gone) + " left the store: ";
    if (clearedByLoad)
        return what +
               "the checkpoint task is still in its first read of the offset-syncs topic, during which " +
               "each sync read clears the partition's history (the start-up gate)";
    if (store == StoreKind::LatestOnly)
        return what + "this release keeps only the newest sync of a partition";
    const SlotSync& oldHead = *step.before.front();
    if (step.upstream < oldHead.upstream)
        return what + "the new sync's upstream offset " + withThousands(step.upstream) +
               " is below the newest one's " + withThousands(oldHead.upstream) +
               " (a rewind), which clears all " + "64 slots";
    const int64_t distance = javalong::sub(step.upstream, gone.upstream);
    // Slot j keeps a sync at most 2^j - 1 offsets behind the newest (the bound the slots plot draws).
    const int64_t bound = last >= 63 ? INT64_MAX : (int64_t{1} << last) - 1;
    const std::string held = first == last ? "slot " + std::to_string(last)
                                           : "slots " + std::to_string(first) + "-" + std::to_string(last);
    if (distance > bound) {
        std::string text = what + "it is now " + withThousands(distance) +
                           " offsets behind the newest sync, past " + "the bound 2^" + std::to_string(last) +
                           " - 1 = " + withThousands(bound) + " of slot " + std::to_string(last) +
                           ", the last it held";
        if (last + 1 < static_cast<int>(step.after.size()) && step.after[static_cast<size_t>(last + 1)])
            text += ", and slot " + std::to_string(last + 1) + " keeps " +
                    keptText(step, *step.after[static_cast<size_t>(last + 1)]);
        return text;
    }
    // Within the bound, the sync fell to the update's spacing checks (against the slot before or after
    // it, or a walk that stopped early); which one is not worked out here, so the words say so.
    const std::string update =
        store == StoreKind::SlotsOriginal
            ? "the first update (KAFKA-14666), which reconsiders only the last sync it "
              "pushed out and keeps the slots' syncs spaced apart,"
            : "the update, which keeps the slots' syncs spaced apart,";
    return what + "it is " + withThousands(distance) +
           " offsets behind the newest sync, within the bound 2^" + std::to_string(last) + " - 1 of " + held +
           ", and " + update + " did not keep it (slot " + std::to_string(first) + " now holds " +
           keptText(step, *step.after[static_cast<size_t>(first)]) +
           "); which of its checks dropped it is not worked out here";
}

void describeChanges(StoreStep& step, StoreKind store, bool clearedByLoad)
{
    for (size_t s = 0; s < step.after.size(); ++s)
        if (step.before[s] != step.after[s])
            step.changedSlots.push_back(static_cast<int>(s));
    const auto heldAfter = [&](size_t ordinal) {
        return std::any_of(step.after.begin(), step.after.end(),
                           [&](const std::optional<SlotSync>& s) { return s && s->ordinal == ordinal; });
    };
    for (size_t s = 0; s < step.before.size(); ++s) {
        const std::optional<SlotSync>& b = step.before[s];
        const bool firstOfRun = b && (s == 0 || step.before[s - 1] != b);
        if (!firstOfRun || heldAfter(b->ordinal))
            continue;
        size_t last = s;
        while (last + 1 < step.before.size() && step.before[last + 1] == b)
            ++last;
        step.expired.push_back(
            whyExpired(step, *b, static_cast<int>(s), static_cast<int>(last), store, clearedByLoad));
    }
}

} // namespace

std::vector<int64_t> syncTimes(const Session& session, const TopicPartition& upstream)
{
    std::vector<int64_t> times;
    const std::optional<uint32_t> id = session.findPartition(upstream);
    if (!id)
        return times;
    int64_t applied = INT64_MIN;
    for (const ObservedSync& s : session.syncs) {
        applied = std::max(applied, s.stamp.timestampMs);
        if (s.partition == *id)
            times.push_back(applied);
    }
    return times;
}

std::optional<StoreStep> storeStep(const Session& session, const StoreReplayOptions& options,
                                   const TopicPartition& upstream, size_t ordinal,
                                   std::optional<int64_t> committed)
{
    const std::optional<uint32_t> id = session.findPartition(upstream);
    if (!id)
        return std::nullopt;
    SyncsReplay replay(options);
    const SyncStore::PartitionId storeId = replay.store().partitionId(upstream);
    size_t seen = 0;
    int64_t applied = INT64_MIN;
    for (size_t i = 0; i < session.syncs.size(); ++i) {
        const ObservedSync& s = session.syncs[i];
        applied = std::max(applied, s.stamp.timestampMs);
        if (s.partition != *id) {
            replay.skip();
            continue;
        }
        if (seen++ < ordinal) {
            replay.apply(storeId, s.upstream, s.downstream);
            continue;
        }
        StoreStep step;
        step.ordinal = ordinal;
        step.sessionIndex = i;
        step.atMs = applied;
        step.upstream = s.upstream;
        step.downstream = s.downstream;
        step.committed = committed;
        step.before = slotsOf(replay.store(), upstream);
        if (committed)
            step.translatedBefore = replay.store().translate(upstream, *committed);
        const bool clearedByLoad = !replay.store().readToEnd() && replay.store().clearsDuringLoad();
        replay.apply(storeId, s.upstream, s.downstream);
        step.after = slotsOf(replay.store(), upstream);
        if (committed)
            step.translatedAfter = replay.store().translate(upstream, *committed);
        describeChanges(step, replay.store().profile().store, clearedByLoad);
        return step;
    }
    return std::nullopt;
}

StepView stepViewAt(const Session& session, const StoreReplayOptions& options, const std::string& group,
                    const TopicPartition& upstream, const std::optional<TopicPartition>& downstream,
                    int64_t atMs, std::optional<int64_t> committed, std::optional<size_t> ordinal)
{
    StepView view;
    const std::optional<uint32_t> partition = session.findPartition(upstream);
    if (!partition)
        return view;
    view.places.syncOrder = syncTimes(session, upstream);
    view.places.syncs = view.places.syncOrder; // ascending: times of application
    for (const SyncLifetime& l : syncLifetimes(session, options, *partition, INT64_MAX))
        if (l.expiredAtMs)
            view.places.updates.push_back(*l.expiredAtMs);
    std::sort(view.places.updates.begin(), view.places.updates.end());
    view.places.updates.erase(std::unique(view.places.updates.begin(), view.places.updates.end()),
                              view.places.updates.end());
    const std::optional<uint32_t> groupId = session.findGroup(group);
    const std::optional<uint32_t> target = downstream ? session.findPartition(*downstream) : std::nullopt;
    if (groupId && target)
        for (const ObservedCheckpoint& c : session.checkpoints)
            if (c.group == *groupId && c.partition == *target)
                view.places.checkpoints.push_back(c.stamp.timestampMs);
    std::sort(view.places.checkpoints.begin(), view.places.checkpoints.end());
    // The syncs the store applied by atMs: the topic's records up to the first stamped later, as
    // Mm2State and the sync lifetimes take them.
    size_t written = 0;
    for (size_t i = 0; i < session.syncs.size() && session.syncs[i].stamp.timestampMs <= atMs; ++i)
        written += session.syncs[i].partition == *partition;
    if (written > 0)
        view.step = storeStep(session, options, upstream,
                              ordinal && *ordinal < written ? *ordinal : written - 1, committed);
    return view;
}

std::optional<int64_t> nextAfter(const std::vector<int64_t>& times, int64_t atMs)
{
    const auto it = std::upper_bound(times.begin(), times.end(), atMs);
    return it == times.end() ? std::nullopt : std::optional<int64_t>(*it);
}

std::optional<int64_t> lastBefore(const std::vector<int64_t>& times, int64_t atMs)
{
    const auto it = std::lower_bound(times.begin(), times.end(), atMs);
    return it == times.begin() ? std::nullopt : std::optional<int64_t>(*(it - 1));
}

} // namespace driftscope
