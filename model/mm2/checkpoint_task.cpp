#include "model/mm2/checkpoint_task.h"

namespace driftscope {
namespace {

bool restoreSucceeded(const ReleaseProfile& profile, const std::optional<std::vector<Checkpoint>>& restored)
{
    return !profile.restoresCheckpoints || restored.has_value();
}

} // namespace

CheckpointTask::CheckpointTask(const ReleaseProfile& profile, CheckpointTaskSettings settings,
                               const std::optional<std::vector<Checkpoint>>& restored)
    : m_profile(profile), m_settings(std::move(settings)),
      m_store(profile, restoreSucceeded(profile, restored)),
      m_topicFilter(m_settings.topicFilter ? *m_settings.topicFilter
                                           : NameFilter::defaultTopicFilter(profile))
{
    if (profile.restoresCheckpoints && restored) {
        for (const Checkpoint& cp : *restored) // later records overwrite earlier ones
            m_memory[cp.group][cp.tp] = cp;
    }
}

bool checkpointIsMoreRecent(const CheckpointMemory& memory, const Checkpoint& checkpoint)
{
    // Emit unless the downstream offset would repeat or go back while the group did not rewind
    // upstream.
    const auto group = memory.find(checkpoint.group);
    if (group == memory.end())
        return true;
    const auto last = group->second.find(checkpoint.tp);
    if (last == group->second.end())
        return true;
    return movesPastLastCheckpoint(last->second.upstream, last->second.downstream, checkpoint.upstream,
                                   checkpoint.downstream);
}

bool movesPastLastCheckpoint(int64_t lastUpstream, int64_t lastDownstream, int64_t upstream,
                             int64_t downstream)
{
    return upstream < lastUpstream || downstream > lastDownstream;
}

bool CheckpointTask::topicAccepted(const std::string& topic)
{
    const auto it = m_topicAccepted.find(topic);
    if (it != m_topicAccepted.end())
        return it->second;
    return m_topicAccepted[topic] = m_topicFilter.accepts(topic);
}

bool CheckpointTask::checkpointsForGroup(const std::string& group, const GroupOffsets& offsets,
                                         int64_t timestampMs, std::vector<EmittedCheckpoint>& out)
{
    std::vector<EmittedCheckpoint> round;
    for (const auto& [tp, committed] : offsets) {
        if (!topicAccepted(tp.topic))
            continue;
        if (!committed) {
            if (!m_profile.nullOffsetsSkipped)
                return false; // NullPointerException: the whole poll() is lost
            continue;
        }
        const Translation t = m_store.translate(tp, committed->offset);
        if (!t.downstream)
            continue; // no sync (3.3.0+) or not read to the end yet
        if (*t.downstream < 0 || (m_profile.checkpointNeedsPositiveDownstream && *t.downstream == 0))
            continue; // older than the oldest sync (-1); <= 2.6.x also dropped offset 0
        EmittedCheckpoint e;
        e.checkpoint.group = group;
        e.checkpoint.tp =
            checkpointPartition(m_settings.policy, m_settings.sourceAlias, m_settings.targetAlias, tp);
        e.checkpoint.upstream = committed->offset;
        e.checkpoint.downstream = *t.downstream;
        e.checkpoint.metadata = committed->metadata;
        e.upstreamPartition = tp;
        e.timestampMs = timestampMs;
        e.status = t.status;
        e.syncUsed = t.sync;
        if (m_profile.monotonicCheckpoints && !checkpointIsMoreRecent(m_memory, e.checkpoint))
            continue;
        // From 3.4.1 the round is collected with Collectors.toMap: two upstream partitions that
        // rename to the same target partition throw, and the whole poll is lost.
        if (m_profile.monotonicCheckpoints)
            for (const EmittedCheckpoint& other : round)
                if (other.checkpoint.tp == e.checkpoint.tp)
                    return false;
        round.push_back(std::move(e));
    }

    // The memory the group-offset sync writes from: merged from 3.4.1 on (partitions that
    // disappeared stay), before replaced by this round's list.
    auto& remembered = m_memory[group];
    if (!m_profile.checkpointMemoryMerged)
        remembered.clear();
    for (const EmittedCheckpoint& e : round)
        remembered[e.checkpoint.tp] = e.checkpoint;
    out.insert(out.end(), std::make_move_iterator(round.begin()), std::make_move_iterator(round.end()));
    return true;
}

CheckpointTask::PollResult
CheckpointTask::poll(const std::vector<std::pair<std::string, GroupOffsets>>& groups, int64_t nowMs)
{
    PollResult result;
    for (const auto& [group, offsets] : groups) {
        if (!checkpointsForGroup(group, offsets, nowMs, result.checkpoints)) {
            result.checkpoints.clear();
            result.failed = true;
            result.failure = "group " + group + " has a null committed offset: MM2 " +
                             toString(m_profile.release) + " fails the whole poll (NullPointerException)";
            return result;
        }
    }
    return result;
}

} // namespace driftscope
