#include "model/sim/scenario_marks.h"

#include "model/mm2/replication_policy.h"
#include "model/util/text_format.h"

namespace driftscope::sim {
namespace {

std::string when(int64_t fromMs, int64_t durationMs)
{
    return formatUtcMs(fromMs) + " for " + formatDurationMs(durationMs);
}

std::optional<TimelineMark> markOf(const Scenario& s, const Event& e, int64_t atMs,
                                   const Selection& selection)
{
    const int64_t toMs = atMs + e.durationMs;
    switch (e.kind) {
    case EventKind::SourceTaskRestart:
        return TimelineMark{atMs, toMs, MarkKind::TaskRestart,
                            "scenario: MM2's source task stops at " + when(atMs, e.durationMs) +
                                (e.graceful
                                     ? "; a clean stop commits its source positions first"
                                     : "; it crashes and resumes from its last committed source positions, "
                                       "mirroring again what it wrote since")};
    case EventKind::CheckpointTaskRestart:
        return TimelineMark{atMs, toMs, MarkKind::TaskRestart,
                            "scenario: MM2's checkpoint task restarts at " + when(atMs, e.durationMs) +
                                " and rebuilds its store from the offset-syncs topic" +
                                (e.restoreFails ? "; reading the checkpoints topic fails" : "")};
    case EventKind::ConsumerStall:
        if (e.group != selection.group)
            return std::nullopt;
        return TimelineMark{atMs, toMs, MarkKind::ScenarioStall,
                            "scenario: " + e.group + " stops consuming and committing at " +
                                when(atMs, e.durationMs)};
    case EventKind::TruncateTarget: {
        if (!selection.partition || selection.partition->topic != s.topic ||
            (e.partition >= 0 && e.partition != selection.partition->partition))
            return std::nullopt;
        const TopicPartition mirror =
            checkpointPartition(ReplicationPolicy{}, s.sourceAlias, s.targetAlias, *selection.partition);
        return TimelineMark{atMs, atMs, MarkKind::TargetRecreated,
                            "scenario: " + formatUtcMs(atMs) + ", target partition " + toString(mirror) +
                                " recreated: its offsets start again at 0"};
    }
    }
    return std::nullopt;
}

} // namespace

std::vector<TimelineMark> scenarioMarks(const Scenario& scenario, int64_t epochMs, const Selection& selection)
{
    std::vector<TimelineMark> marks;
    for (const Event& e : scenario.events)
        if (auto mark = markOf(scenario, e, epochMs + e.atMs, selection))
            marks.push_back(std::move(*mark));
    sortMarks(marks);
    return marks;
}

} // namespace driftscope::sim
