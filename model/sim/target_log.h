// Ground truth of a simulated target partition: which source record sits at which downstream
// offset. Replication appends runs of records; a source-task restart replicates some records a
// second time; recreating the topic starts over at offset 0.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace driftscope::sim {

class TargetLog {
public:
    // Appends records [record, record + count) of the source partition; returns the downstream
    // offset of the first one.
    int64_t append(int64_t record, int64_t count);
    // The topic was deleted and created again: an empty log whose offsets start at 0.
    void recreate();

    int64_t endOffset() const { return m_end; }
    // The source record (its index) a consumer resuming at `downstream` reads first; none when
    // nothing is stored there yet. Before the log start it is the first record kept.
    std::optional<int64_t> recordAtOrAfter(int64_t downstream) const
    {
        const int64_t record = recordAtOrAfter(downstream, -1);
        return record < 0 ? std::nullopt : std::optional<int64_t>(record);
    }
    // The same, or `otherwise` when nothing is stored there yet. Without an optional on the
    // way: the simulator asks for every group partition at every step.
    int64_t recordAtOrAfter(int64_t downstream, int64_t otherwise) const
    {
        // Most questions are about recent offsets: the last segment answers them inline.
        if (!m_segments.empty() && downstream >= m_segments.back().downstream && downstream < m_end)
            return m_segments.back().record + (downstream - m_segments.back().downstream);
        return searchSegments(downstream).value_or(otherwise);
    }

private:
    std::optional<int64_t> searchSegments(int64_t downstream) const; // the general case
    struct Segment {
        int64_t downstream;
        int64_t record;
        int64_t count;
    };
    int64_t m_start = 0;
    int64_t m_end = 0;
    std::vector<Segment> m_segments;
};

} // namespace driftscope::sim
