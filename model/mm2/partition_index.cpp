#include "model/mm2/partition_index.h"

namespace driftscope {
inline uint64_t PartitionIndex::hashOf(const TopicPartition& tp)
{
    // Eight bytes of topic name per multiply, then a splitmix64-style finaliser: a few cycles for
    // the short names topics have, and well spread for the power-of-two table. Every record whose
    // partition is not the previous record's comes here (a topic read round-robin over its
    // partitions does, every time), so the tail is read with two overlapping loads rather than
    // byte by byte; together with the length they cover every byte.
    const size_t n = tp.topic.size();
    const char* data = tp.topic.data();
    uint64_t h = n * 0x9E3779B97F4A7C15ULL ^ static_cast<uint32_t>(tp.partition);
    auto mix = [&h](uint64_t word) {
        h = (h ^ word) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    };
    if (n >= 8) {
        size_t at = 0;
        for (; at + 8 < n; at += 8)
            mix(load<uint64_t>(data + at));
        mix(load<uint64_t>(data + n - 8)); // the last eight bytes, overlapping the previous word
    } else if (n >= 4) {
        mix(load<uint32_t>(data) | uint64_t{load<uint32_t>(data + n - 4)} << 32);
    } else if (n > 0) {
        const auto byte = [data](size_t i) {
            return uint64_t{static_cast<uint8_t>(data[i])};
        };
        mix(byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16);
    }
    h = (h ^ (h >> 30)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

inline size_t PartitionIndex::probe(const TopicPartition& tp, uint64_t hash) const
{
    const size_t mask = m_slots.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot& slot = m_slots[i];
        if (slot.idPlusOne == 0 || (slot.hash == hash && samePartition(m_keys[slot.idPlusOne - 1], tp)))
            return i;
    }
}

// Out of line with the table, so that find() and intern() stay small enough to be inlined into
// the hot loops whose records repeat one partition (translation asks for one at a time).
int64_t PartitionIndex::findSlow(const TopicPartition& tp) const
{
    if (const uint32_t id = inLastTopic(tp))
        return remember(id - 1);
    const Slot& slot = m_slots[probe(tp, hashOf(tp))];
    if (slot.idPlusOne == 0)
        return kAbsent;
    std::atomic_ref<uint32_t>(m_lastTopic).store(m_topicOf[slot.idPlusOne - 1], std::memory_order_relaxed);
    return remember(slot.idPlusOne - 1);
}

uint32_t PartitionIndex::internSlow(const TopicPartition& tp)
{
    if (const uint32_t id = inLastTopic(tp))
        return remember(id - 1);
    const uint64_t hash = hashOf(tp);
    Slot* slot = &m_slots[probe(tp, hash)];
    if (slot->idPlusOne != 0) {
        std::atomic_ref<uint32_t>(m_lastTopic)
            .store(m_topicOf[slot->idPlusOne - 1], std::memory_order_relaxed);
        return remember(slot->idPlusOne - 1);
    }
    if ((m_keys.size() + 1) * 2 > m_slots.size()) { // keep the load factor at most 1/2
        grow();
        slot = &m_slots[probe(tp, hash)];
    }
    m_keys.push_back(tp);
    const auto id = static_cast<uint32_t>(m_keys.size() - 1);
    *slot = Slot{hash, id + 1};
    const auto [named, added] = m_topicIds.try_emplace(tp.topic, static_cast<uint32_t>(m_topics.size()));
    if (added)
        m_topics.push_back(Topic{tp.topic, {}});
    const uint32_t t = named->second;
    Topic* topic = &m_topics[t];
    m_topicOf.push_back(t);
    if (tp.partition >= 0 && tp.partition < kMaxByNumber) {
        const auto number = static_cast<size_t>(tp.partition);
        if (topic->idPlusOne.size() <= number)
            topic->idPlusOne.resize(number + 1, 0);
        topic->idPlusOne[number] = id + 1;
    }
    std::atomic_ref<uint32_t>(m_lastTopic).store(t, std::memory_order_relaxed);
    return remember(id);
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
