#include "model/mm2/group_offset_sync.h"

namespace driftscope {

void GroupOffsetSync::refresh(const std::vector<TargetGroup>& groups)
{
    for (const TargetGroup& g : groups) {
        if (g.state != TargetGroup::State::Empty)
            continue; // active, rebalancing or unknown groups are not remembered
        auto& offsets = m_idle[g.group];
        offsets.clear();
        for (const auto& [tp, offset] : g.offsets)
            offsets[tp] = offset;
    }
}

GroupOffsetSync::SyncResult GroupOffsetSync::sync(const CheckpointMemory& memory)
{
    SyncResult result;
    for (const auto& [group, checkpoints] : memory) {
        GroupOffsetWrite write{group, {}};
        const auto idle = m_idle.find(group);
        for (const auto& [tp, cp] : checkpoints) {
            const CommittedOffset converted{cp.downstream, cp.metadata};
            if (idle == m_idle.end()) {
                write.offsets.emplace_back(tp, converted); // unknown or active on the target: write all
                continue;
            }
            const auto target = idle->second.find(tp);
            if (target == idle->second.end()) {
                write.offsets.emplace_back(tp, converted); // a partition new to the target group
                continue;
            }
            if (!target->second) {
                if (!m_profile.nullTargetOffsetsHandled) {
                    result.aborted = true;
                    result.failure = "group " + group + " has a null offset on the target for " +
                                     toString(tp) + ": MM2 " + toString(m_profile.release) +
                                     " aborts the sync run";
                    return result;
                }
                write.offsets.emplace_back(tp, converted);
                continue;
            }
            if (*target->second < converted.offset) // only forward
                write.offsets.emplace_back(tp, converted);
        }
        if (!write.offsets.empty())
            result.writes.push_back(std::move(write));
    }
    m_idle.clear(); // the next sync needs a fresh refresh
    return result;
}

} // namespace driftscope
