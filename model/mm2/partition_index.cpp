#include "model/mm2/partition_index.h"

#include <bit>

namespace driftscope {

namespace {

// splitmix64's finaliser: spreads the bits of a key over the power-of-two tables' low bits.
uint64_t mixed(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

} // namespace

// Both inlined into the lookups: as calls they cost more than their work.
[[gnu::always_inline]] inline PartitionIndex::NameKey PartitionIndex::keyOf(const std::string& name)
{
    const size_t n = name.size();
    const char* data = name.data();
    if (n >= 8)
        return {load<uint64_t>(data), load<uint64_t>(data + n - 8), n};
    if (n >= 4)
        return {load<uint32_t>(data), load<uint32_t>(data + n - 4), n};
    uint64_t bytes = 0;
    std::memcpy(&bytes, data, n);
    return {bytes, 0, n};
}

[[gnu::always_inline]] inline size_t PartitionIndex::topicSlot(const std::string& name,
                                                               const NameKey& key) const
{
    // One multiply of the tail (where names of related topics differ: orders-eu, orders-us,
    // topic-1, topic-2) and the length; the top bits pick the slot.
    std::atomic_ref<uint32_t> hint(m_lastTopicSlot);
    const uint32_t last = hint.load(std::memory_order_relaxed);
    if (last < m_topicTable.size() && m_topicTable[last].topicPlusOne != 0 &&
        holds(m_topicTable[last], name, key))
        return last;
    const size_t mask = m_topicTable.size() - 1;
    const int shift = 64 - std::countr_zero(m_topicTable.size());
    for (size_t i = ((key.tail ^ key.length) * 0x9E3779B97F4A7C15ULL) >> shift;; i = (i + 1) & mask) {
        const TopicSlot& slot = m_topicTable[i];
        if (slot.topicPlusOne == 0)
            return i;
        if (holds(slot, name, key)) {
            hint.store(static_cast<uint32_t>(i), std::memory_order_relaxed);
            return i;
        }
    }
}

uint32_t PartitionIndex::otherNumber(const TopicPartition& tp, uint64_t hash, size_t& at) const
{
    const size_t mask = m_otherNumbers.size() - 1;
    for (at = hash & mask;; at = (at + 1) & mask) {
        const OtherSlot& slot = m_otherNumbers[at];
        if (slot.idPlusOne == 0)
            return 0;
        if (slot.hash == hash && samePartition(m_keys[slot.idPlusOne - 1], tp))
            return slot.idPlusOne;
    }
}

namespace {

uint64_t otherHash(const TopicPartition& tp)
{
    uint64_t h = static_cast<uint32_t>(tp.partition);
    for (const char c : tp.topic)
        h = h * 31 + static_cast<uint8_t>(c);
    return mixed(h);
}

} // namespace

// Out of line, so that find() and intern() stay small enough to be inlined into the hot loops
// whose records repeat one partition (translation asks for one at a time).
int64_t PartitionIndex::findSlow(const TopicPartition& tp) const
{
    uint32_t id = 0;
    if (byNumber(tp.partition)) {
        const TopicSlot& slot = m_topicTable[topicSlot(tp.topic, keyOf(tp.topic))];
        const auto number = static_cast<uint32_t>(tp.partition);
        id = number < slot.idCount ? slot.ids[number] : 0;
    } else {
        size_t at = 0;
        id = otherNumber(tp, otherHash(tp), at);
    }
    return id == 0 ? kAbsent : remember(id - 1);
}

uint32_t PartitionIndex::internSlow(const TopicPartition& tp)
{
    if (!byNumber(tp.partition)) {
        const uint64_t hash = otherHash(tp);
        size_t at = 0;
        if (const uint32_t found = otherNumber(tp, hash, at))
            return remember(found - 1);
        m_keys.push_back(tp);
        const auto id = static_cast<uint32_t>(m_keys.size() - 1);
        m_otherNumbers[at] = OtherSlot{hash, id + 1};
        if (++m_otherCount * 2 > m_otherNumbers.size())
            growOtherNumbers();
        return remember(id);
    }

    const NameKey key = keyOf(tp.topic);
    size_t at = topicSlot(tp.topic, key);
    if (m_topicTable[at].topicPlusOne == 0) {
        m_topicNames.push_back(tp.topic);
        m_ids.emplace_back();
        m_topicTable[at] = TopicSlot{key, nullptr, 0, static_cast<uint32_t>(m_topicNames.size())};
        if (m_topicNames.size() * 2 > m_topicTable.size()) {
            growTopicTable();
            at = topicSlot(tp.topic, key);
        }
    }
    TopicSlot& slot = m_topicTable[at];
    const auto number = static_cast<uint32_t>(tp.partition);
    if (number < slot.idCount && slot.ids[number] != 0)
        return remember(slot.ids[number] - 1);

    m_keys.push_back(tp);
    const auto id = static_cast<uint32_t>(m_keys.size() - 1);
    std::vector<uint32_t>& ids = m_ids[slot.topicPlusOne - 1];
    if (ids.size() <= number)
        ids.resize(number + 1, 0);
    ids[number] = id + 1;
    slot.ids = ids.data();
    slot.idCount = static_cast<uint32_t>(ids.size());
    return remember(id);
}

void PartitionIndex::growTopicTable()
{
    const std::vector<TopicSlot> old = std::move(m_topicTable);
    m_topicTable.assign(old.size() * 2, TopicSlot{});
    for (const TopicSlot& s : old)
        if (s.topicPlusOne != 0)
            m_topicTable[topicSlot(m_topicNames[s.topicPlusOne - 1], s.key)] = s;
}

void PartitionIndex::growOtherNumbers()
{
    const std::vector<OtherSlot> old = std::move(m_otherNumbers);
    m_otherNumbers.assign(old.size() * 2, OtherSlot{});
    const size_t mask = m_otherNumbers.size() - 1;
    for (const OtherSlot& s : old) {
        if (s.idPlusOne == 0)
            continue;
        size_t i = s.hash & mask;
        while (m_otherNumbers[i].idPlusOne != 0)
            i = (i + 1) & mask;
        m_otherNumbers[i] = s;
    }
}

PartitionIndex& PartitionIndex::operator=(const PartitionIndex& other)
{
    if (this == &other)
        return *this;
    m_keys = other.m_keys;
    m_topicNames = other.m_topicNames;
    m_ids = other.m_ids;
    m_topicTable = other.m_topicTable;
    for (TopicSlot& s : m_topicTable) // point at this index's own arrays
        if (s.topicPlusOne != 0)
            s.ids = m_ids[s.topicPlusOne - 1].data();
    m_otherNumbers = other.m_otherNumbers;
    m_otherCount = other.m_otherCount;
    m_lastHit = other.lastHit();
    m_lastTopicSlot = std::atomic_ref<uint32_t>(other.m_lastTopicSlot).load(std::memory_order_relaxed);
    return *this;
}

} // namespace driftscope
