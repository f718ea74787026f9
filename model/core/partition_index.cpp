#include "model/core/partition_index.h"

#include <cstring>

namespace driftscope {
namespace {

bool samePartition(const TopicPartition& a, const TopicPartition& b)
{
    // Partition numbers differ more often than topics, and compare cheaper.
    return a.partition == b.partition && a.topic.size() == b.topic.size() &&
           std::memcmp(a.topic.data(), b.topic.data(), a.topic.size()) == 0;
}

} // namespace

uint64_t PartitionIndex::hashOf(const TopicPartition& tp)
{
    // FNV-1a over the topic, then the partition folded in and mixed (splitmix64 finaliser).
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : tp.topic)
        h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ULL;
    h ^= static_cast<uint32_t>(tp.partition) * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

size_t PartitionIndex::probe(const TopicPartition& tp, uint64_t hash) const
{
    const size_t mask = m_slots.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot& slot = m_slots[i];
        if (slot.idPlusOne == 0 || (slot.hash == hash && samePartition(m_keys[slot.idPlusOne - 1], tp)))
            return i;
    }
}

int64_t PartitionIndex::find(const TopicPartition& tp) const
{
    if (m_lastHit < m_keys.size() && samePartition(m_keys[m_lastHit], tp))
        return m_lastHit;
    const Slot& slot = m_slots[probe(tp, hashOf(tp))];
    if (slot.idPlusOne == 0)
        return kAbsent;
    m_lastHit = slot.idPlusOne - 1;
    return m_lastHit;
}

uint32_t PartitionIndex::intern(const TopicPartition& tp)
{
    if (m_lastHit < m_keys.size() && samePartition(m_keys[m_lastHit], tp))
        return m_lastHit;
    const uint64_t hash = hashOf(tp);
    Slot* slot = &m_slots[probe(tp, hash)];
    if (slot->idPlusOne != 0)
        return m_lastHit = slot->idPlusOne - 1;
    if ((m_keys.size() + 1) * 2 > m_slots.size()) { // keep the load factor at most 1/2
        grow();
        slot = &m_slots[probe(tp, hash)];
    }
    m_keys.push_back(tp);
    *slot = Slot{hash, static_cast<uint32_t>(m_keys.size())};
    return m_lastHit = static_cast<uint32_t>(m_keys.size() - 1);
}

void PartitionIndex::grow()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(old.size() * 2, Slot{});
    const size_t mask = m_slots.size() - 1;
    for (const Slot& s : old) {
        if (s.idPlusOne == 0)
            continue;
        size_t i = s.hash & mask;
        while (m_slots[i].idPlusOne != 0)
            i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

} // namespace driftscope
