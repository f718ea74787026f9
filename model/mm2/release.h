// MM2 releases and the behaviour each one has (docs/mm2-behaviour.md §7).
//
// A ReleaseProfile says which rules a release applies; every part of driftscope asks the
// profile instead of comparing version numbers itself, so the version matrix lives here only.
#pragma once

#include "model/records/formatter_text.h" // MetadataLabel
#include "model/util/result.h"

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

// Every Apache Kafka release from 2.4.0 (the first with MM2) to 4.4.0, oldest first.
std::span<const Release> knownReleases();

// Accepts exactly "MAJOR.MINOR.PATCH" naming a known release. The error lists the accepted ones
// and, for "3.7" and the like, explains that the patch level matters.
Result<Release> parseRelease(std::string_view text);

// A release as a user named it, and the known release whose rules driftscope applies for it.
struct ResolvedRelease {
    Release rules;       // always a known release
    std::string asked;   // as named, e.g. "4.4.1"
    std::string warning; // empty for a known release; else names both releases and why
};

// What every place a user names a release takes (command lines, the connect dialog, a capture's
// recorded release). A known release applies its own rules. A release driftscope does not know
// yet is taken with a warning when it is newer than what it knows: an unknown newer patch of a
// known line (4.4.1, 3.9.3) with the rules of that line's newest known release, a newer minor or
// major (4.5.0, 5.0.0) with those of the newest known release. Anything else stays an error, as
// parseRelease says it: a malformed text, "4.4" (the patch matters), a release older than MM2
// (2.3.0), a line driftscope does not know between known ones (3.10.0), and a patch below the
// newest known one of its line that is not in the list (no line has such a gap today).
Result<ResolvedRelease> resolveRelease(std::string_view text);

// The release a session recorded (SessionInfo::release, as a user named it then), resolved as
// resolveRelease does. Nothing recorded gives `fallback`'s rules without a warning; a release that
// does not resolve (a session written by hand, or by a driftscope that knew other releases) gives
// `fallback`'s rules with a warning that says so.
ResolvedRelease resolveRecordedRelease(std::string_view recorded, Release fallback);

constexpr Release kDefaultRelease{4, 4, 0}; // the newest known release

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

// Which topics MM2 takes for its own internal ones (ReplicationPolicy.isInternalTopic, never
// replicated) and the default `topics.exclude` of DefaultTopicFilter (docs/mm2-behaviour.md §7).
enum class InternalTopicRule {
    // <= 3.9.x: every name ending in ".internal" or "-internal" (and "__*", ".*");
    // topics.exclude defaults to `.*[\-\.]internal, .*\.replica, __.*`
    AnyInternalSuffix,
    // 4.0.0+ (KIP-1074): "mm2*<sep>internal" and checkpoints topics only (and "__*", ".*"), with the
    // internal-topic separator; topics.exclude defaults to `mm2.*\.internal, .*\.replica, __.*`
    Mm2Only
};

// What MM2 makes of the pre-2.8 names topics.blacklist, groups.blacklist and
// config.properties.blacklist.
enum class BlacklistAliases {
    TranslatedToExclude, // <= 3.9.x: used as topics.exclude / groups.exclude / ... when that is absent
    Ignored              // 4.0.0+: not read at all
};

// What the checkpoint connector does with emit.checkpoints.enabled=false (§3.1).
enum class DisabledCheckpoints {
    BusyLoop,     // 2.4.x: the interval becomes -1 ms and the task keeps emitting checkpoints
    NoTasks,      // 2.5.0-3.9.x: no tasks, once the initial group listing finished (3.9.x: retriable
                  // errors until then)
    NoTasksAtOnce // 4.0.0+ (KAFKA-18021): no tasks, without waiting for the group listing
};

// Which groups the checkpoint connector lists on the source before its group filter (§3.1).
enum class GroupListing {
    ConsumerGroups,          // <= 4.0.x: Admin.listConsumerGroups().valid()
    ConsumerAndClassicTypes, // 4.1.0+: listGroups(forConsumerGroups()): consumer and classic groups
                             // only, never streams (KIP-1071) or share groups
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

    // The checkpoint connector (§3.1, §7.1).
    DisabledCheckpoints disabledCheckpoints = DisabledCheckpoints::NoTasksAtOnce;
    GroupListing groupListing = GroupListing::ConsumerAndClassicTypes;

    // Configuration and topic selection (§3.1, §7.1).
    InternalTopicRule internalTopicRule = InternalTopicRule::Mm2Only;
    BlacklistAliases blacklistAliases = BlacklistAliases::Ignored;
    bool heartbeatsReplicationToggle = true; // 4.0.0+ heartbeats.replication.enabled (KIP-1089)
    // 4.4.0+ (KAFKA-9914): under a policy other than IdentityReplicationPolicy a topic whose hop
    // names the flow's own source alias is a cycle too (before, only the target alias).
    bool cycleIncludesSourceAlias = true;
    // 4.4.0+ (KAFKA-20659): a checkpoint or heartbeat whose value version is not 0 makes MM2 throw
    // UnsupportedVersionException; before, it was read as version 0.
    bool refusesOtherRecordVersions = true;

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
    // Whether emit.checkpoints.enabled=false still lets checkpoints appear.
    bool checkpointsWhenEmitDisabled() const { return disabledCheckpoints == DisabledCheckpoints::BusyLoop; }
};

ReleaseProfile profileFor(const Release& release);

} // namespace driftscope
