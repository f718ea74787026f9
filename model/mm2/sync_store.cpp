#include "model/mm2/sync_store.h"

#include "model/util/java_long.h"

namespace driftscope {

std::string_view statusName(TranslationStatus status)
{
    switch (status) {
    case TranslationStatus::Translated:
        return "translated";
    case TranslationStatus::TooOld:
        return "too-old";
    case TranslationStatus::NoSync:
        return "no-sync";
    case TranslationStatus::NotReady:
        return "not-ready";
    case TranslationStatus::Identity:
        return "identity";
    }
    return "unknown";
}

SyncStore::SyncStore(ReleaseProfile profile, bool checkpointsRestored)
    : m_profile(profile), m_checkpointsRestored(checkpointsRestored)
{
}

bool SyncStore::clearsDuringLoad() const
{
    switch (m_profile.initialLoad) {
    case InitialLoadRule::NotGated:
        return false;
    case InitialLoadRule::KeepLastOnly:
        return true;
    case InitialLoadRule::KeepHistoryIfRestored:
        return !m_checkpointsRestored;
    }
    return true;
}

std::optional<SyncStore::PartitionId> SyncStore::findPartition(const TopicPartition& tp) const
{
    const int64_t id = m_index.find(tp);
    if (id == PartitionIndex::kAbsent)
        return std::nullopt;
    return static_cast<PartitionId>(id);
}

void SyncStore::addPartition()
{
    m_partitions.emplace_back().syncs[0].id = kNoSync;
}

void SyncStore::apply(PartitionId partition, int64_t upstream, int64_t downstream)
{
    Partition& p = m_partitions[partition];
    const StoredSync sync{upstream, downstream, m_nextId++};
    if (m_profile.store == StoreKind::LatestOnly) {
        p.syncs[0] = sync; // whatever its offsets: a smaller upstream offset simply replaces
        return;
    }
    const bool rewind = p.hasSync() && upstream < p.syncs[0].upstream;
    if (!p.hasSync() || rewind || (!m_readToEnd && clearsDuringLoad())) {
        clearSlots(p.syncs, sync);
        return;
    }
    if (m_profile.store == StoreKind::SlotsOriginal)
        updateSlotsOriginal(p.syncs, sync);
    else
        updateSlotsKafka15202(p.syncs, sync);
}

Translation SyncStore::translateWithoutSync(int64_t upstream) const
{
    if (m_profile.gatesOnReadToEnd() && !m_readToEnd)
        return {TranslationStatus::NotReady, std::nullopt, std::nullopt};
    if (m_profile.noSync == NoSyncRule::Identity) {
        // MM2 inserts a synthetic sync (-1 -> -1) and extrapolates from it.
        if (upstream < -1)
            return {TranslationStatus::TooOld, -1, std::nullopt};
        return {TranslationStatus::Identity, upstream, std::nullopt};
    }
    return {TranslationStatus::NoSync, std::nullopt, std::nullopt};
}

void SyncStore::rebaseIds(const std::function<std::optional<uint64_t>(uint64_t)>& newId, uint64_t nextId)
{
    const int used = m_profile.store == StoreKind::LatestOnly ? 1 : kSlotCount;
    for (Partition& p : m_partitions) {
        if (!p.hasSync())
            continue;
        for (int i = 0; i < used; ++i)
            if (const auto id = newId(p.syncs[i].id))
                p.syncs[i].id = *id;
    }
    m_nextId = nextId;
}

std::vector<RetainedSync> SyncStore::retained(const TopicPartition& tp) const
{
    const auto id = findPartition(tp);
    if (!id || !m_partitions[*id].hasSync())
        return {};
    const SyncSlots& s = m_partitions[*id].syncs;
    if (m_profile.store == StoreKind::LatestOnly)
        return {RetainedSync{s[0], 0, 1}};
    std::vector<RetainedSync> out;
    for (int i = 0; i < kSlotCount; ++i) {
        if (i > 0 && s[i].isSameSync(s[i - 1]))
            ++out.back().slotCount;
        else
            out.push_back(RetainedSync{s[i], i, 1});
    }
    return out;
}

const SyncSlots* SyncStore::slotsOf(const TopicPartition& tp) const
{
    const auto id = findPartition(tp);
    if (!id || !m_partitions[*id].hasSync() || m_profile.store == StoreKind::LatestOnly)
        return nullptr;
    return &m_partitions[*id].syncs;
}

} // namespace driftscope
