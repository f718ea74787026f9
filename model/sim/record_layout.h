// Where the records of a simulated source partition sit among its offsets. After every
// `transactionSize` records one offset holds a transaction marker; after every `gapEvery` records
// `gapSize` offsets hold nothing MM2 replicates (compacted away, filtered, aborted). Closed
// forms, so a day of traffic needs no per-record storage.
#pragma once

#include <algorithm>
#include <cstdint>

namespace driftscope::sim {

struct RecordLayout {
    int64_t firstOffset = 0;
    int64_t transactionSize = 0; // 0: not transactional
    int64_t gapEvery = 0;        // 0: no other gaps
    int64_t gapSize = 0;

    // Offset of record k (0-based). Markers and gaps follow the record that completes a group.
    int64_t offsetOf(int64_t k) const
    {
        int64_t offset = firstOffset + k;
        if (transactionSize > 0)
            offset += k / transactionSize;
        if (gapEvery > 0)
            offset += gapSize * (k / gapEvery);
        return offset;
    }

    // The log end offset once `produced` records were written: where the next record will go,
    // i.e. past the markers and gaps that follow the last record.
    int64_t endOffset(int64_t produced) const { return offsetOf(produced); }

    // How many records sit at offsets below `offset`.
    int64_t recordsBefore(int64_t offset) const
    {
        if (offset <= firstOffset)
            return 0;
        int64_t lo = 0, hi = offset - firstOffset; // offsetOf(hi) >= offset since offsetOf(k) >= first + k
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            if (offsetOf(mid) < offset)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    // Whether records k and k+1 are at consecutive offsets (no marker or gap between them).
    bool contiguousAfter(int64_t k) const
    {
        return (transactionSize <= 0 || (k + 1) % transactionSize != 0) &&
               (gapEvery <= 0 || gapSize == 0 || (k + 1) % gapEvery != 0);
    }

    // Records in [k, k + n) that follow each other without a gap, starting at k: at most n.
    int64_t runFrom(int64_t k, int64_t n) const
    {
        int64_t run = n;
        if (transactionSize > 0)
            run = std::min(run, transactionSize - k % transactionSize);
        if (gapEvery > 0 && gapSize > 0)
            run = std::min(run, gapEvery - k % gapEvery);
        return run;
    }
};

} // namespace driftscope::sim
