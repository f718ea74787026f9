#include "model/session/session.h"

#include "model/records/connect_offset.h"
#include "model/session/topic_configs.h"

#include <sys/mman.h>

#include <algorithm>

namespace driftscope {
namespace {

int64_t readInt64(const uint8_t* bytes) // big-endian, as MM2 writes it
{
    return static_cast<int64_t>(loadBigEndian<8>(bytes));
}

} // namespace

std::string_view internalTopicName(InternalTopic topic)
{
    switch (topic) {
    case InternalTopic::OffsetSyncs:
        return "offset-syncs";
    case InternalTopic::Checkpoints:
        return "checkpoints";
    case InternalTopic::Heartbeats:
        return "heartbeats";
    case InternalTopic::ConnectOffsets:
        break;
    }
    return "connect-offsets";
}

std::optional<InternalTopic> parseInternalTopic(std::string_view name)
{
    for (InternalTopic t : kInternalTopics)
        if (internalTopicName(t) == name)
            return t;
    return std::nullopt;
}

std::optional<uint32_t> Session::findPartition(const TopicPartition& tp) const
{
    const int64_t id = m_partitions.find(tp);
    if (id == PartitionIndex::kAbsent)
        return std::nullopt;
    return static_cast<uint32_t>(id);
}

uint32_t Session::groupId(const std::string& group)
{
    const auto [it, inserted] = m_groupIds.try_emplace(group, static_cast<uint32_t>(m_groups.size()));
    if (inserted)
        m_groups.push_back(group);
    return it->second;
}

std::optional<uint32_t> Session::findGroup(const std::string& group) const
{
    const auto it = m_groupIds.find(group);
    if (it == m_groupIds.end())
        return std::nullopt;
    return it->second;
}

void Session::add(const RecordStamp& stamp, const OffsetSync& sync)
{
    syncs.push_back({stamp, partitionId(sync.tp), sync.upstream, sync.downstream});
}

void Session::add(const RecordStamp& stamp, Checkpoint c)
{
    checkpoints.push_back({stamp, groupId(c.group), partitionId(c.tp), c.upstream, c.downstream, c.version,
                           std::move(c.metadata)});
}

void Session::add(const RecordStamp& stamp, Heartbeat heartbeat)
{
    heartbeats.push_back({stamp, std::move(heartbeat)});
}

void Session::add(const RecordStamp& stamp, MirrorRecord record)
{
    std::visit([&](auto& r) { add(stamp, std::move(r)); }, record);
}

size_t Session::countOfKind(const MirrorRecord& record) const
{
    if (std::holds_alternative<OffsetSync>(record))
        return syncs.size();
    return std::holds_alternative<Checkpoint>(record) ? checkpoints.size() : heartbeats.size();
}

bool Session::addRecord(InternalTopic topic, int32_t partition, const RecordStamp& stamp,
                        const std::optional<ByteView>& key, const std::optional<ByteView>& value)
{
    auto keep = [&](std::string reason) {
        UndecodableRecord bad{topic, partition, stamp, std::nullopt, std::nullopt, std::move(reason)};
        if (key)
            bad.key.emplace(key->begin(), key->end());
        if (value)
            bad.value.emplace(value->begin(), value->end());
        undecodable.push_back(std::move(bad));
        return false;
    };
    if (topic == InternalTopic::ConnectOffsets) {
        auto record = decodeConnectOffset(key, value);
        if (!record)
            return keep(record.error());
        const ConnectPosition& p = record->position;
        if (record->kind == ConnectOffsetRecord::Kind::Position && p.cluster == info.sourceAlias)
            positions.push_back({stamp, partitionId(p.tp), p.offset.value_or(ObservedPosition::kNone)});
        return true;
    }
    // MM2 never writes null keys or values; a tombstone or a foreign writer's record would make
    // its reader throw, so it is kept aside like any other undecodable record.
    if (!key || !value)
        return keep(!key && !value ? "null key and null value (tombstone)"
                    : !key         ? "null key"
                                   : "null value (tombstone)");
    switch (topic) {
    case InternalTopic::OffsetSyncs: {
        if (value->size() >= 16) {
            if (const auto known = m_syncKeys->find(*key)) {
                syncs.push_back({stamp, *known, readInt64(value->data()), readInt64(value->data() + 8)});
                return true;
            }
        }
        if (!decodeOffsetSyncInto(*key, *value, m_syncScratch, m_syncError))
            return keep(m_syncError);
        add(stamp, m_syncScratch.record);
        m_syncKeys->remember(*key, syncs.back().partition);
        return true;
    }
    case InternalTopic::Checkpoints: {
        auto checkpoint = decodeCheckpoint(*key, *value);
        if (!checkpoint)
            return keep(checkpoint.error());
        add(stamp, std::move(checkpoint->record));
        return true;
    }
    case InternalTopic::Heartbeats: {
        auto heartbeat = decodeHeartbeat(*key, *value);
        if (!heartbeat)
            return keep(heartbeat.error());
        add(stamp, std::move(heartbeat->record));
        return true;
    }
    case InternalTopic::ConnectOffsets:
        break;
    }
    return keep("unknown internal topic");
}

void Session::reserveSyncs(size_t more)
{
    syncs.reserve(syncs.size() + more);
    // Transparent huge pages, where the kernel leaves them to madvise, cut the faults 512-fold;
    // elsewhere this is a no-op. Only whole 2 MiB pages inside the buffer can be advised.
    constexpr uintptr_t kHuge = 2u << 20;
    const auto begin = reinterpret_cast<uintptr_t>(syncs.data());
    const uintptr_t from = (begin + kHuge - 1) & ~(kHuge - 1);
    const uintptr_t to = (begin + syncs.capacity() * sizeof(ObservedSync)) & ~(kHuge - 1);
    if (to > from)
        madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
}

Session::Mark Session::mark() const
{
    return {m_base.partitions + m_partitions.size(),
            m_base.groups + m_groups.size(),
            m_base.syncs + syncs.size(),
            m_base.checkpoints + checkpoints.size(),
            m_base.heartbeats + heartbeats.size(),
            m_base.undecodable + undecodable.size(),
            m_base.groupOffsets + groupOffsets.size(),
            m_base.logOffsets + logOffsets.size(),
            m_base.events + events.size(),
            m_base.positions + positions.size()};
}

namespace {

template <class T>
std::vector<T> tail(const std::vector<T>& items, size_t from)
{
    return {items.begin() + static_cast<std::ptrdiff_t>(std::min(from, items.size())), items.end()};
}

template <class T>
void extend(std::vector<T>& items, const std::vector<T>& more)
{
    items.insert(items.end(), more.begin(), more.end());
}

} // namespace

Session Session::since(const Mark& from) const
{
    Session slice;
    slice.info = info;
    slice.m_base = from;
    // Positions are counted from the start of the session; this object may itself be a slice.
    auto local = [](size_t position, size_t base) {
        return position > base ? position - base : 0;
    };
    for (size_t id = local(from.partitions, m_base.partitions); id < m_partitions.size(); ++id)
        slice.m_partitions.intern(m_partitions.at(static_cast<uint32_t>(id)));
    for (size_t id = local(from.groups, m_base.groups); id < m_groups.size(); ++id)
        slice.groupId(m_groups[id]);
    slice.syncs = tail(syncs, local(from.syncs, m_base.syncs));
    slice.checkpoints = tail(checkpoints, local(from.checkpoints, m_base.checkpoints));
    slice.heartbeats = tail(heartbeats, local(from.heartbeats, m_base.heartbeats));
    slice.undecodable = tail(undecodable, local(from.undecodable, m_base.undecodable));
    slice.groupOffsets = tail(groupOffsets, local(from.groupOffsets, m_base.groupOffsets));
    slice.logOffsets = tail(logOffsets, local(from.logOffsets, m_base.logOffsets));
    slice.events = tail(events, local(from.events, m_base.events));
    slice.positions = tail(positions, local(from.positions, m_base.positions));
    return slice;
}

bool Session::append(const Session& slice)
{
    if (slice.m_base != mark())
        return false;
    return appendContinuing(slice);
}

bool Session::appendContinuing(const Session& slice)
{
    if (slice.m_base.partitions != m_base.partitions + m_partitions.size() ||
        slice.m_base.groups != m_base.groups + m_groups.size())
        return false;
    info = slice.info;
    for (size_t i = 0; i < slice.m_partitions.size(); ++i)
        m_partitions.intern(slice.m_partitions.at(static_cast<uint32_t>(i)));
    for (const std::string& group : slice.m_groups)
        groupId(group);
    extend(syncs, slice.syncs);
    extend(checkpoints, slice.checkpoints);
    extend(heartbeats, slice.heartbeats);
    extend(undecodable, slice.undecodable);
    extend(groupOffsets, slice.groupOffsets);
    extend(logOffsets, slice.logOffsets);
    extend(events, slice.events);
    extend(positions, slice.positions);
    return true;
}

namespace {

// Drops the first records of a list up to the position `upTo` (counted from the session's start,
// the list starting at `base`); returns how many.
template <class T>
size_t dropFront(std::vector<T>& items, size_t& base, size_t upTo)
{
    const size_t n = std::min(upTo > base ? upTo - base : 0, items.size());
    items.erase(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(n));
    base += n;
    if (items.capacity() > 2 * items.size() + 1024) // a history read once is not kept reserved
        items.shrink_to_fit();
    return n;
}

} // namespace

Session::Mark Session::forgetBefore(const Mark& mark)
{
    Mark dropped;
    dropped.syncs = dropFront(syncs, m_base.syncs, mark.syncs);
    dropped.checkpoints = dropFront(checkpoints, m_base.checkpoints, mark.checkpoints);
    dropped.heartbeats = dropFront(heartbeats, m_base.heartbeats, mark.heartbeats);
    dropped.undecodable = dropFront(undecodable, m_base.undecodable, mark.undecodable);
    dropped.groupOffsets = dropFront(groupOffsets, m_base.groupOffsets, mark.groupOffsets);
    dropped.logOffsets = dropFront(logOffsets, m_base.logOffsets, mark.logOffsets);
    dropped.events = dropFront(events, m_base.events, mark.events);
    dropped.positions = dropFront(positions, m_base.positions, mark.positions);
    return dropped;
}

int64_t Session::lastActivityMs() const
{
    int64_t last = 0;
    auto see = [&](int64_t t) {
        last = std::max(last, t);
    };
    if (!syncs.empty())
        see(syncs.back().stamp.readAtMs);
    if (!checkpoints.empty())
        see(checkpoints.back().stamp.readAtMs);
    if (!heartbeats.empty())
        see(heartbeats.back().stamp.readAtMs);
    if (!undecodable.empty())
        see(undecodable.back().stamp.readAtMs);
    if (!groupOffsets.empty())
        see(groupOffsets.back().sampledAtMs);
    if (!logOffsets.empty())
        see(logOffsets.back().sampledAtMs);
    if (!events.empty())
        see(events.back().atMs);
    if (!positions.empty())
        see(positions.back().stamp.readAtMs);
    return last;
}

std::vector<std::string> knownGroups(const Session& session)
{
    std::vector<std::string> groups = session.info.groups;
    for (uint32_t g = 0; g < session.groupCount(); ++g)
        groups.push_back(session.group(g));
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    return groups;
}

std::vector<OffsetSync> offsetSyncsOf(const Session& session)
{
    std::vector<OffsetSync> syncs;
    syncs.reserve(session.syncs.size());
    for (const ObservedSync& s : session.syncs)
        syncs.push_back({session.partition(s.partition), s.upstream, s.downstream});
    return syncs;
}

} // namespace driftscope
