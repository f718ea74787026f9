#include "model/mm2/release_notes.h"

#include <algorithm>
#include <optional>

namespace driftscope {
namespace {

std::string storeWords(StoreKind store)
{
    return store == StoreKind::LatestOnly
               ? "keeps only the newest sync of each partition"
               : "keeps up to 64 syncs per partition, newest in slot 0, slot j at most 2^j - 1 offsets "
                 "behind the "
                 "newest "
                 "and apart from its neighbours, so old and recent offsets both translate";
}

std::string slotUpdateWords(StoreKind store)
{
    switch (store) {
    case StoreKind::LatestOnly:
        return "no slots to update";
    case StoreKind::SlotsOriginal:
        return "the slots' first update (KAFKA-14666): only the last sync pushed out is reconsidered";
    case StoreKind::SlotsKafka15202:
        return "the slots' update rewritten (KAFKA-15202): it walks the old slots and keeps more history "
               "when syncs come unevenly";
    }
    return {};
}

std::string translationWords(const ReleaseProfile& p)
{
    if (p.translation == TranslationRule::Extrapolate)
        return "extrapolates from the newest sync, D + (U - u): across gaps it can land past records the "
               "group never processed, so a failover may skip";
    return "goes back to the newest retained sync at or before the committed offset (its downstream "
           "offset, +1 when ahead, never further): a translation never lands past the committed record";
}

std::string noSyncWords(const ReleaseProfile& p)
{
    return p.noSync == NoSyncRule::Identity
               ? "a partition without any sync translates U to U"
               : "a partition without any sync gets no translation, no checkpoint";
}

std::string initialLoadWords(const ReleaseProfile& p)
{
    switch (p.initialLoad) {
    case InitialLoadRule::NotGated:
        return "translates with whatever syncs were read so far, from the task's start";
    case InitialLoadRule::KeepLastOnly:
        return "translates nothing until the offset-syncs topic was read to its end once, and keeps only the "
               "last sync per partition read during that read (start-up gate)";
    case InitialLoadRule::KeepHistoryIfRestored:
        return "restores its checkpoints at start and keeps the history of the syncs read during the first "
               "read (KAFKA-15905), unless the checkpoints topic failed to load";
    }
    return {};
}

std::string emissionWords(const ReleaseProfile& p)
{
    const std::string rule =
        p.emission == EmissionRule::DeadReckoning ? "d - (lastD + (u - lastU))" : "d - (lastD + 1)";
    return "the source task writes a sync when " + rule +
           " reaches offset.lag.max, at a gap and after a truncation";
}

std::string dispatchWords(const ReleaseProfile& p)
{
    switch (p.dispatch) {
    case SyncDispatch::DropWhenFull:
        return "a triggered sync is sent at once, or lost while 10 are in flight";
    case SyncDispatch::NewestPending:
        return "the newest triggered sync of a partition waits for one of the 10 sends";
    case SyncDispatch::NewestPendingAndDelayed:
        return "the newest triggered sync waits for a send, and the newest untriggered one is sent at each "
               "offset commit (delayed syncs)";
    }
    return {};
}

std::string checkpointFilterWords(const ReleaseProfile& p)
{
    return p.monotonicCheckpoints ? "a checkpoint is emitted only when its downstream offset moves forward"
                                  : "a checkpoint is emitted every interval, even one that moves back";
}

std::string disabledCheckpointWords(const ReleaseProfile& p)
{
    switch (p.disabledCheckpoints) {
    case DisabledCheckpoints::BusyLoop:
        return "emit.checkpoints.enabled=false makes the interval -1 ms: checkpoints keep coming";
    case DisabledCheckpoints::NoTasks:
        return "emit.checkpoints.enabled=false runs no checkpoint task once the group listing finished";
    case DisabledCheckpoints::NoTasksAtOnce:
        return "emit.checkpoints.enabled=false runs no checkpoint task, at once (KAFKA-18021)";
    }
    return {};
}

std::string groupListingWords(const ReleaseProfile& p)
{
    return p.groupListing == GroupListing::ConsumerGroups
               ? "the checkpoint connector lists groups with listConsumerGroups"
               : "the checkpoint connector lists consumer and classic groups only, never streams or share "
                 "groups";
}

std::string internalTopicWords(const ReleaseProfile& p)
{
    return p.internalTopicRule == InternalTopicRule::AnyInternalSuffix
               ? "every topic ending in .internal or -internal is MM2's own, never mirrored"
               : "only mm2*.internal and checkpoints topics are MM2's own (KIP-1074); other *.internal "
                 "topics can be mirrored";
}

std::string flag(bool on, const char* yes, const char* no)
{
    return on ? yes : no;
}

struct Rule {
    const char* aspect;
    std::string (*words)(const ReleaseProfile&);
};

// Every rule of the profile, in the order a trainer tells the story: syncs, the store,
// translation, checkpoints, group offsets, topics and configuration.
const Rule kRules[] = {
    {"offset syncs", emissionWords},
    {"sync sends", dispatchWords},
    {"offset-sync store",
     [](const ReleaseProfile& p) {
         return storeWords(p.store);
     }},
    {"slot update",
     [](const ReleaseProfile& p) {
         return slotUpdateWords(p.store);
     }},
    {"translation", translationWords},
    {"partitions without syncs", noSyncWords},
    {"start-up", initialLoadWords},
    {"checkpoints", checkpointFilterWords},
    {"checkpoints of offset 0",
     [](const ReleaseProfile& p) {
         return flag(p.checkpointNeedsPositiveDownstream, "a checkpoint to downstream offset 0 is dropped",
                     "a checkpoint to downstream offset 0 is emitted");
     }},
    {"null committed offsets",
     [](const ReleaseProfile& p) {
         return flag(p.nullOffsetsSkipped, "a group's null committed offset is skipped",
                     "a group's null committed offset fails the checkpoint poll");
     }},
    {"groups checkpointed",
     [](const ReleaseProfile& p) {
         return flag(p.groupsNeedFilteredTopicOffsets,
                     "only groups with committed offsets on mirrored topics are checkpointed",
                     "every group the group filter admits is checkpointed");
     }},
    {"group listing", groupListingWords},
    {"disabled checkpoints", disabledCheckpointWords},
    {"group-offset sync",
     [](const ReleaseProfile& p) {
         return flag(p.groupOffsetSync, "sync.group.offsets.enabled commits checkpoints to the target groups",
                     "no group-offset sync (sync.group.offsets.enabled came with 2.7.0)");
     }},
    {"group-offset sync memory",
     [](const ReleaseProfile& p) {
         return flag(p.checkpointMemoryMerged,
                     "each round's checkpoints are merged into those of earlier rounds",
                     "each round's checkpoints replace those of earlier rounds");
     }},
    {"null target group offsets",
     [](const ReleaseProfile& p) {
         return flag(p.nullTargetOffsetsHandled, "a target group's null offset is handled",
                     "a target group's null offset aborts the group-offset sync run");
     }},
    {"internal topics", internalTopicWords},
    {"*.blacklist settings",
     [](const ReleaseProfile& p) {
         return flag(p.blacklistAliases == BlacklistAliases::TranslatedToExclude,
                     "topics.blacklist and groups.blacklist are read as *.exclude",
                     "*.blacklist settings are ignored");
     }},
    {"heartbeats",
     [](const ReleaseProfile& p) {
         return flag(p.heartbeatsReplicationToggle, "heartbeats.replication.enabled exists (KIP-1089)",
                     "heartbeats topics are always mirrored, whatever the topic filter");
     }},
    {"cycles",
     [](const ReleaseProfile& p) {
         return flag(p.cycleIncludesSourceAlias,
                     "a topic named with a hop from the flow's source alias is a cycle too (KAFKA-9914)",
                     "only a hop from the flow's target alias marks a cycle");
     }},
    {"record versions",
     [](const ReleaseProfile& p) {
         return flag(p.refusesOtherRecordVersions,
                     "a checkpoint or heartbeat of another value version stops MM2 (KAFKA-20659)",
                     "a checkpoint or heartbeat of another value version is read as version 0");
     }},
    {"checkpoint formatter label",
     [](const ReleaseProfile& p) {
         return flag(p.checkpointLabel == MetadataLabel::Current, "the checkpoint formatter prints metadata=",
                     "the checkpoint formatter prints metatadata= (misspelt)");
     }},
    {"offset-syncs topic location",
     [](const ReleaseProfile& p) {
         return flag(p.offsetSyncsTopicLocation,
                     "offset-syncs.topic.location can put the syncs on the target",
                     "the offset syncs are always on the source");
     }},
    {"replication policies",
     [](const ReleaseProfile& p) {
         return flag(p.identityReplicationPolicy, "IdentityReplicationPolicy is available",
                     "no IdentityReplicationPolicy yet (DefaultReplicationPolicy prefixes names)");
     }},
    {"internal topic names",
     [](const ReleaseProfile& p) {
         if (!p.internalTopicsUseSeparator)
             return std::string("internal topic names use '.' whatever replication.policy.separator says");
         return flag(p.internalSeparatorToggle,
                     "internal topic names use replication.policy.separator unless "
                     "replication.policy.internal.topic.separator.enabled=false",
                     "internal topic names use replication.policy.separator");
     }},
};

} // namespace

std::string storeRuleText(StoreKind store)
{
    if (store == StoreKind::LatestOnly)
        return storeWords(store);
    return storeWords(store) + "; " + slotUpdateWords(store);
}

std::string storeRuleCaption(StoreKind store)
{
    return store == StoreKind::LatestOnly ? "the newest sync only"
                                          : "64 slots, slot j at most 2^j - 1 behind the newest";
}

std::optional<Release> previousInHistory(const Release& release)
{
    const std::span<const Release> known = knownReleases();
    if (std::find(known.begin(), known.end(), release) == known.end())
        return std::nullopt;
    std::optional<Release> previous;
    for (const Release& r : known) {
        if (!(r < release))
            break;
        const bool sameLine = r.major == release.major && r.minor == release.minor;
        if (release.patch > 0 ? sameLine : r.patch == 0)
            previous = r;
    }
    return previous;
}

std::vector<ReleaseChange> releaseChanges(const Release& release)
{
    const std::optional<Release> previous = previousInHistory(release);
    if (!previous)
        return {};
    const ReleaseProfile now = profileFor(release), before = profileFor(*previous);
    std::vector<ReleaseChange> out;
    for (const Rule& rule : kRules)
        if (std::string a = rule.words(now), b = rule.words(before); a != b)
            out.push_back({rule.aspect, std::move(a), std::move(b)});
    return out;
}

std::vector<std::string> releaseChangeLines(const Release& release)
{
    const std::string name = toString(release);
    if (release == knownReleases().front())
        return {name + ": the first release with MirrorMaker 2"};
    std::vector<std::string> lines;
    const std::optional<Release> previous = previousInHistory(release);
    if (!previous)
        return {name + ": not a release driftscope knows"};
    const std::string since = " (" + toString(*previous) + ": ";
    for (const ReleaseChange& c : releaseChanges(release))
        lines.push_back(name + ": " + c.aspect + ": " + c.now + since + c.before + ")");
    if (lines.empty())
        lines.push_back(name + ": no rule driftscope models changed since " + toString(*previous));
    return lines;
}

} // namespace driftscope
