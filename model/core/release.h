// MM2 releases and the behaviour each one has (mm2-internals.md §7).
//
// A ReleaseProfile says which rules a release applies; every part of driftscope asks the
// profile instead of comparing version numbers itself, so the version matrix lives here only.
#pragma once

#include "model/core/result.h"

#include <compare>
#include <span>
#include <string>
#include <string_view>

namespace driftscope {

struct Release {
    int major = 0;
    int minor = 0;
    int patch = 0;

    friend bool operator==(const Release&, const Release&) = default;
    friend auto operator<=>(const Release&, const Release&) = default;
};

std::string toString(const Release& release);

// Every Apache Kafka release from 2.4.0 (the first with MM2) to the 3.9 line, oldest first.
std::span<const Release> knownReleases();

// Accepts exactly "MAJOR.MINOR.PATCH" naming a known release. The error lists the accepted ones
// and, for "3.7" and the like, explains that the patch level matters.
Result<Release> parseRelease(std::string_view text);

constexpr Release kDefaultRelease{3, 9, 0};

// How the checkpoint task's OffsetSyncStore keeps syncs.
enum class StoreKind {
    LatestOnly,      // S0, 2.4.0-3.4.0: one sync per partition, whatever its offsets
    SlotsOriginal,   // S1, 3.4.1-3.5.1: 64 syncs, KAFKA-14666 update
    SlotsKafka15202, // S2, 3.5.2 and 3.6.0+: 64 syncs, update rewritten for uneven spacing
};

// How a committed upstream offset becomes a downstream offset.
enum class TranslationRule {
    Extrapolate,  // X0: d + (U - u)
    CappedPlusOne // X1: d on an exact hit, d + 1 when ahead, never further
};

// What a partition without any sync translates to.
enum class NoSyncRule {
    Identity, // <= 3.2.x: a synthetic (-1, -1) sync, i.e. U -> U
    None      // 3.3.0+: no translation, no checkpoint
};

// What happens to syncs read while the store's initial read-to-end is still running.
enum class InitialLoadRule {
    NotGated,             // <= 3.4.0: no read-to-end gating; translation uses whatever was read
    KeepLastOnly,         // 3.4.1-3.7.0: each sync read during the load clears the partition
    KeepHistoryIfRestored // 3.7.1+: history kept unless the checkpoints topic failed to load
};

// How CheckpointFormatter labels the metadata field.
enum class MetadataLabel {
    Current, // "metadata=" (3.5.1, 3.6.0 and later)
    Misspelt // "metatadata=" (up to 3.5.0, and 3.4.1)
};

// When the source task decides that a replicated record deserves an offset sync (§1.2).
enum class EmissionRule {
    DeadReckoning,   // E0, <= 3.4.0: d - (lastD + (u - lastU)) >= offset.lag.max, gaps, truncation
    LagSinceLastSync // E1+, 3.4.1+: d - (lastD + 1) >= offset.lag.max, gaps, truncation
};

// What happens to a triggered sync (§1.3); at most 10 sends are in flight.
enum class SyncDispatch {
    DropWhenFull,           // E0, <= 3.4.0: sent at once, or lost when no permit is free
    NewestPending,          // E1, 3.4.1-3.6.x: newest triggered sync per partition waits for a permit
    NewestPendingAndDelayed // E2, 3.7.0+: also the newest untriggered one, sent at each commit()
};

struct ReleaseProfile {
    Release release;

    // The checkpoint task's OffsetSyncStore and translation (§2).
    StoreKind store = StoreKind::SlotsKafka15202;
    TranslationRule translation = TranslationRule::CappedPlusOne;
    NoSyncRule noSync = NoSyncRule::None;
    InitialLoadRule initialLoad = InitialLoadRule::KeepHistoryIfRestored;

    // The source task's offset syncs (§1).
    EmissionRule emission = EmissionRule::LagSinceLastSync;
    SyncDispatch dispatch = SyncDispatch::NewestPendingAndDelayed;

    // The checkpoint task (§3.3, §3.4, §3.7).
    bool checkpointNeedsPositiveDownstream = false; // <= 2.6.x drop D = 0 too
    bool nullOffsetsSkipped = true;                 // <= 3.4.0: a null committed offset fails the poll
    bool monotonicCheckpoints = true;               // 3.4.1+ checkpointIsMoreRecent
    bool groupsNeedFilteredTopicOffsets = true;     // 3.4.1+ connector group listing
    bool restoresCheckpoints = true;                // 3.7.1+ CheckpointStore

    // Consumer-group offset sync to the target (§3.8).
    bool groupOffsetSync = true;          // 2.7.0+
    bool checkpointMemoryMerged = true;   // 3.4.1+; before, replaced by each round's list
    bool nullTargetOffsetsHandled = true; // 3.5.2, 3.6.1, 3.7.0+; others abort the sync run

    // Names and formats (§4).
    MetadataLabel checkpointLabel = MetadataLabel::Current;
    bool offsetSyncsTopicLocation = true;   // 3.0.0+ offset-syncs.topic.location
    bool identityReplicationPolicy = true;  // 3.0.0+
    bool internalTopicsUseSeparator = true; // 3.1.0+ replication.policy.separator in internal names
    bool internalSeparatorToggle = true;    // 3.5.2+ replication.policy.internal.topic.separator.enabled

    bool gatesOnReadToEnd() const { return initialLoad != InitialLoadRule::NotGated; }
};

ReleaseProfile profileFor(const Release& release);

} // namespace driftscope
