// Maps topic-partitions to dense ids (0, 1, 2, ... in first-seen order).
//
// Every record read from MM2's internal topics names its partition, so this lookup sits on the
// hot path of rebuilding a store, where records of many topics and partitions interleave. A
// partition is found under its topic: topics sit in a small open-addressing table whose slots
// carry the name's first and last eight bytes and its length (which identify a name of up to
// 16 bytes without reading it elsewhere) and the topic's ids by partition number. A lookup is
// then a multiply, one slot that stays in the first-level cache, and one array element; the
// chain of dependent loads is what costs, not the arithmetic. A one-entry cache answers runs of
// records of one partition first. Partition numbers outside [0, 65536) (never seen from
// Kafka, but a capture may hold anything) go to a table keyed by topic and number. Lookups
// (const) may run on several threads at once; interning needs exclusive access.
#pragma once

#include "model/records/records.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace driftscope {

class PartitionIndex {
public:
    static constexpr int64_t kAbsent = -1;

    PartitionIndex() = default;
    PartitionIndex(const PartitionIndex& other) { *this = other; }
    PartitionIndex& operator=(const PartitionIndex& other);

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

    // A name as the topic table compares it: its length and the two words that cover a name of
    // up to 16 bytes (overlapping when shorter; for names under 8 bytes, 4-byte halves).
    struct NameKey {
        uint64_t head = 0;
        uint64_t tail = 0;
        uint64_t length = 0;
        bool operator==(const NameKey&) const = default;
    };
    static NameKey keyOf(const std::string& name);

    // A topic: its key and partition ids by number (id + 1, 0 for one not registered). `ids`
    // points into `m_ids[topic]`, refreshed whenever that grows.
    struct TopicSlot {
        NameKey key;
        const uint32_t* ids = nullptr;
        uint32_t idCount = 0;
        uint32_t topicPlusOne = 0; // 0: empty slot
    };
    static constexpr int32_t kMaxByNumber = 1 << 16;
    static bool byNumber(int32_t partition) { return partition >= 0 && partition < kMaxByNumber; }

    // The table slot of `name`, or the empty slot ending its chain; the last topic found is
    // tried first (records of one topic that go round its partitions).
    size_t topicSlot(const std::string& name, const NameKey& key) const;
    bool holds(const TopicSlot& slot, const std::string& name, const NameKey& key) const
    {
        // The key identifies names of up to 16 bytes; longer ones are compared whole.
        return slot.key == key && (key.length <= 16 || m_topicNames[slot.topicPlusOne - 1] == name);
    }
    // The id + 1 of a partition outside the by-number range, 0 if not registered; `at` is its
    // slot in m_otherNumbers or the empty slot ending its chain.
    uint32_t otherNumber(const TopicPartition& tp, uint64_t hash, size_t& at) const;
    int64_t findSlow(const TopicPartition& tp) const;
    uint32_t internSlow(const TopicPartition& tp);
    void growTopicTable();
    void growOtherNumbers();

    std::vector<TopicPartition> m_keys;       // by id
    std::vector<std::string> m_topicNames;    // by topic, in first-seen order
    std::vector<std::vector<uint32_t>> m_ids; // by topic: ids by partition number, + 1
    std::vector<TopicSlot> m_topicTable = std::vector<TopicSlot>(16);
    struct OtherSlot {
        uint64_t hash = 0;
        uint32_t idPlusOne = 0; // 0: empty
    };
    std::vector<OtherSlot> m_otherNumbers = std::vector<OtherSlot>(16);
    size_t m_otherCount = 0;

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
    // The table slot of the last topic found (a hint like m_lastHit).
    alignas(std::atomic_ref<uint32_t>::required_alignment) mutable uint32_t m_lastTopicSlot = 0;
};

} // namespace driftscope
