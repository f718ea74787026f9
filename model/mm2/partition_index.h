// Maps topic-partitions to dense ids (0, 1, 2, ... in first-seen order).
//
// Every record read from MM2's internal topics names its partition, so this lookup sits on the
// hot path of rebuilding a store: an open-addressing table (no node per entry, no rehash of
// keys), a one-entry cache for runs of records of the same partition, and for records of one
// topic that go round its partitions (a fetch of many partitions hands them over that way) the
// ids of the last topic's partitions by number, which costs a name comparison instead of a hash
// and a probe. Lookups (const) may run on several threads at once; interning needs exclusive
// access.
#pragma once

#include "model/records/records.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace driftscope {

class PartitionIndex {
public:
    static constexpr int64_t kAbsent = -1;

    // The id of `tp`, or kAbsent.
    int64_t find(const TopicPartition& tp) const
    {
        const uint32_t last = lastHit();
        if (last < m_keys.size() && samePartition(m_keys[last], tp))
            return last;
        return findSlow(tp);
    }
    // The id of `tp`, registering it if new.
    uint32_t intern(const TopicPartition& tp)
    {
        const uint32_t last = lastHit();
        if (last < m_keys.size() && samePartition(m_keys[last], tp))
            return last;
        return internSlow(tp);
    }

    const TopicPartition& at(uint32_t id) const { return m_keys[id]; }
    size_t size() const { return m_keys.size(); }

private:
    struct Slot {
        uint64_t hash = 0;
        uint32_t idPlusOne = 0; // 0: empty
    };

    static bool samePartition(const TopicPartition& a, const TopicPartition& b)
    {
        // Cheap rejections first: partition numbers and lengths.
        const size_t n = a.topic.size();
        return a.partition == b.partition && n == b.topic.size() &&
               sameBytes(a.topic.data(), b.topic.data(), n);
    }
    // memcmp() == 0 without the call for the lengths topic names usually have: two overlapping
    // loads cover 4 to 16 bytes (names of related topics tend to differ at the end: orders-eu,
    // orders-us, topic-1, topic-2, so the second load is compared first).
    static bool sameBytes(const char* a, const char* b, size_t n)
    {
        if (n >= 8 && n <= 16)
            return load<uint64_t>(a + n - 8) == load<uint64_t>(b + n - 8) &&
                   load<uint64_t>(a) == load<uint64_t>(b);
        if (n >= 4 && n < 8)
            return load<uint32_t>(a + n - 4) == load<uint32_t>(b + n - 4) &&
                   load<uint32_t>(a) == load<uint32_t>(b);
        return std::memcmp(a, b, n) == 0;
    }
    template <typename Word>
    static Word load(const char* p)
    {
        Word w;
        std::memcpy(&w, p, sizeof w); // one unaligned load
        return w;
    }
    // A topic's partitions by number: id + 1, 0 for one not registered. Numbers beyond
    // kMaxByNumber go through the table only.
    struct Topic {
        std::string name;
        std::vector<uint32_t> idPlusOne;
    };
    static constexpr int32_t kMaxByNumber = 1 << 16;
    uint32_t inLastTopic(const TopicPartition& tp) const
    {
        const uint32_t t = std::atomic_ref<uint32_t>(m_lastTopic).load(std::memory_order_relaxed);
        if (t >= m_topics.size())
            return 0;
        const Topic& topic = m_topics[t];
        const size_t n = topic.name.size();
        if (tp.partition < 0 || static_cast<size_t>(tp.partition) >= topic.idPlusOne.size() ||
            n != tp.topic.size() || !sameBytes(topic.name.data(), tp.topic.data(), n))
            return 0;
        return topic.idPlusOne[static_cast<size_t>(tp.partition)];
    }
    static uint64_t hashOf(const TopicPartition& tp);
    int64_t findSlow(const TopicPartition& tp) const;
    uint32_t internSlow(const TopicPartition& tp);
    size_t probe(const TopicPartition& tp,
                 uint64_t hash) const; // slot holding tp, or the empty slot ending its chain
    void grow();

    std::vector<TopicPartition> m_keys;
    std::vector<uint32_t> m_topicOf; // by id: index into m_topics
    std::vector<Topic> m_topics;     // in first-seen order
    std::unordered_map<std::string, uint32_t> m_topicIds;
    std::vector<Slot> m_slots = std::vector<Slot>(16);
    // The one-entry cache is written by const lookups. Accessed atomically (relaxed: it is only
    // a hint, checked before use), so threads may look up a shared index concurrently; a plain
    // load and store on the CPUs we run on.
    uint32_t lastHit() const { return std::atomic_ref<uint32_t>(m_lastHit).load(std::memory_order_relaxed); }
    uint32_t remember(uint32_t id) const
    {
        std::atomic_ref<uint32_t>(m_lastHit).store(id, std::memory_order_relaxed);
        return id;
    }
    alignas(std::atomic_ref<uint32_t>::required_alignment) mutable uint32_t m_lastHit = 0;
    // The topic of the last id found by the table (a hint like m_lastHit).
    alignas(std::atomic_ref<uint32_t>::required_alignment) mutable uint32_t m_lastTopic = 0;
};

} // namespace driftscope
