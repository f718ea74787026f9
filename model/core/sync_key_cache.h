// Remembers which partition the exact bytes of an offset-sync key decoded to. A syncs topic
// repeats the keys of a few hundred partitions millions of times, so with this most records
// need only their 16-byte value read: no string decoding, no partition lookup by name.
#pragma once

#include "model/core/wire_codec.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace driftscope {

class SyncKeyCache {
public:
    std::optional<uint32_t> find(ByteView key) const
    {
        const Entry& e = m_entries[slot(key)];
        if (e.used && e.key.size() == key.size() && std::memcmp(e.key.data(), key.data(), key.size()) == 0)
            return e.partition;
        return std::nullopt;
    }
    void remember(ByteView key, uint32_t partition)
    {
        Entry& e = m_entries[slot(key)];
        e.key.assign(key.begin(), key.end());
        e.partition = partition;
        e.used = true;
    }

private:
    struct Entry {
        std::vector<uint8_t> key;
        uint32_t partition = 0;
        bool used = false;
    };
    static size_t slot(ByteView key)
    {
        uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a over the key's bytes
        for (uint8_t b : key)
            h = (h ^ b) * 0x100000001b3ULL;
        return static_cast<size_t>(h ^ (h >> 29)) % kSlots;
    }
    static constexpr size_t kSlots = 1024;
    std::array<Entry, kSlots> m_entries;
};

} // namespace driftscope
