// Remembers which partition the exact bytes of an offset-sync key decoded to. A syncs topic
// repeats the keys of a few hundred partitions millions of times, so with this most records
// need only their 16-byte value read: no string decoding, no partition lookup by name.
#pragma once

#include "model/records/wire_codec.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

namespace driftscope {

class SyncKeyCache {
public:
    std::optional<uint32_t> find(ByteView key) const
    {
        if (key.empty() || key.size() > kMaxKey)
            return std::nullopt;
        const Entry& e = m_entries[slot(key)];
        if (e.size == key.size() && std::memcmp(e.key, key.data(), key.size()) == 0)
            return e.partition;
        return std::nullopt;
    }
    void remember(ByteView key, uint32_t partition)
    {
        if (key.empty() || key.size() > kMaxKey)
            return; // a longer key is decoded every time: slower, never wrong
        Entry& e = m_entries[slot(key)];
        std::memcpy(e.key, key.data(), key.size());
        e.size = static_cast<uint8_t>(key.size());
        e.partition = partition;
    }

private:
    // Keys are kept in the entry itself (no pointer to follow on the hot path): an INT16 length,
    // a topic name of up to 53 bytes and an INT32 partition fit in one 64-byte entry.
    static constexpr size_t kMaxKey = 59;
    struct Entry {
        uint32_t partition = 0;
        uint8_t size = 0; // 0: unused (a key is never empty)
        uint8_t key[kMaxKey];
    };
    static_assert(sizeof(Entry) == 64);

    // A word at a time: keys of one topic differ only in their last four bytes (the partition),
    // which the final multiplication carries into the top bits the slot is taken from.
    static size_t slot(ByteView key)
    {
        constexpr uint64_t kMix = 0x9e3779b97f4a7c15ULL;
        uint64_t h = key.size() * kMix;
        size_t i = 0;
        for (; i + 8 <= key.size(); i += 8) {
            uint64_t word;
            std::memcpy(&word, key.data() + i, 8);
            h = (h ^ word) * kMix;
            h ^= h >> 32;
        }
        uint64_t tail = 0;
        std::memcpy(&tail, key.data() + i, key.size() - i);
        h = (h ^ tail) * kMix;
        return static_cast<size_t>(h >> (64 - kSlotBits));
    }
    static constexpr int kSlotBits = 10;
    std::array<Entry, size_t{1} << kSlotBits> m_entries{};
};

} // namespace driftscope
