#include "model/analysis/timeline_marks.h"

#include "model/analysis/translation_text.h"
#include "model/mm2/replication_policy.h"
#include "model/session/reader_states.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace driftscope {
namespace {

// k * ms, saturating (an interval may be any positive long).
int64_t timesSaturated(int64_t k, int64_t ms)
{
    return ms > INT64_MAX / k ? INT64_MAX : k * ms;
}

// b - a for a <= b, exact for any two longs (the difference may exceed INT64_MAX: then that).
int64_t spanOf(int64_t a, int64_t b)
{
    const uint64_t span = static_cast<uint64_t>(b) - static_cast<uint64_t>(a);
    return span > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(span);
}

std::string clusterName(const SessionInfo& info, const std::optional<ClusterSide>& side)
{
    if (!side)
        return "the reader";
    return *side == ClusterSide::Source ? "source cluster " + info.sourceAlias
                                        : "target cluster " + info.targetAlias;
}

std::string spanText(int64_t fromMs, int64_t toMs)
{
    return "from " + formatUtcMs(fromMs) + " to " + formatUtcMs(toMs) + " (" +
           formatDurationMs(spanOf(fromMs, toMs)) + ")";
}

// A cluster out of reach: from its first "unreachable" to the "connected" that ended it.
class OutageMarks {
public:
    OutageMarks(const SessionInfo& info, std::vector<TimelineMark>& out) : m_info(info), m_out(out) {}

    // Whether the event belongs to an outage (opens, continues or ends one).
    bool take(const ReaderEvent& e)
    {
        if (!e.side)
            return false;
        std::optional<Open>& open = m_open[static_cast<size_t>(*e.side)];
        if (e.is(ClusterState::Unreachable)) {
            if (!open)
                open = Open{e.atMs, e.message};
            return true;
        }
        if (e.is(ClusterState::Connected) && open) {
            close(*e.side, e.atMs, "answered again");
            open.reset();
        }
        return false;
    }

    void finish(int64_t endMs)
    {
        for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
            if (m_open[static_cast<size_t>(side)])
                close(side, std::max(endMs, m_open[static_cast<size_t>(side)]->fromMs),
                      "still unreachable then");
    }

private:
    struct Open {
        int64_t fromMs;
        std::string message;
    };

    void close(ClusterSide side, int64_t toMs, const std::string& how)
    {
        const Open& o = *m_open[static_cast<size_t>(side)];
        m_out.push_back({o.fromMs, toMs, MarkKind::ClusterOutage,
                         clusterName(m_info, side) + " unreachable " + spanText(o.fromMs, toMs) + ", " + how +
                             (o.message.empty() ? "" : ": " + o.message)});
    }

    const SessionInfo& m_info;
    std::vector<TimelineMark>& m_out;
    std::optional<Open> m_open[2];
};

// Every reader event that is not plain progress. A problem said again (readers repeat theirs
// each round) extends its first mark into a span rather than adding one.
void addReaderMarks(const Session& session, int64_t endMs, std::vector<TimelineMark>& out)
{
    OutageMarks outages(session.info, out);
    using Key = std::tuple<std::optional<ClusterSide>, std::string, std::string>;
    std::map<Key, std::pair<size_t, size_t>> said; // index into `problems`, times said
    std::vector<TimelineMark> problems;
    for (const ReaderEvent& e : session.events) {
        if (outages.take(e) || isProgressState(e.state))
            continue;
        const Key key{e.side, e.state, e.message};
        if (const auto it = said.find(key); it != said.end()) {
            problems[it->second.first].toMs = e.atMs;
            ++it->second.second;
            continue;
        }
        said.emplace(key, std::pair{problems.size(), size_t{1}});
        problems.push_back({e.atMs, e.atMs, MarkKind::ReaderProblem,
                            clusterName(session.info, e.side) + ": " + e.state +
                                (e.message.empty() ? "" : ": " + e.message)});
    }
    outages.finish(endMs);
    for (const auto& [key, place] : said) {
        TimelineMark& m = problems[place.first];
        m.text =
            (m.isSpan() ? spanText(m.fromMs, m.toMs) + ", said " + std::to_string(place.second) + " times, "
                        : formatUtcMs(m.fromMs) + ", ") +
            m.text;
    }
    out.insert(out.end(), problems.begin(), problems.end());
}

void addCheckpointGaps(const Session& session, int64_t emitIntervalMs, int64_t endMs,
                       std::vector<TimelineMark>& out)
{
    if (session.checkpoints.empty() || emitIntervalMs <= 0)
        return;
    std::vector<int64_t> times;
    times.reserve(session.checkpoints.size() + 1);
    for (const ObservedCheckpoint& c : session.checkpoints)
        times.push_back(c.stamp.timestampMs);
    std::sort(times.begin(), times.end());
    times.push_back(std::max(endMs, times.back())); // a gap still open at the end
    const int64_t limit = timesSaturated(kCheckpointGapIntervals, emitIntervalMs);
    for (size_t i = 1; i < times.size(); ++i) {
        if (spanOf(times[i - 1], times[i]) <= limit)
            continue;
        const bool open = i + 1 == times.size();
        out.push_back({times[i - 1], times[i], MarkKind::CheckpointGap,
                       "no checkpoint of any group " + spanText(times[i - 1], times[i]) +
                           (open ? ", to the session's end" : "") + "; MM2 emits every " +
                           formatDurationMs(emitIntervalMs) +
                           " when it runs: its checkpoint task was stopped or restarting, or (3.4.1+) no "
                           "group's translation moved"});
    }
}

void addLogWentBack(const Session& session, ClusterSide side, uint32_t partition,
                    std::vector<TimelineMark>& out)
{
    const LogOffsetSample* previous = nullptr;
    for (const LogOffsetSample& s : session.logOffsets) {
        if (s.side != side || s.partition != partition)
            continue;
        if (previous && (s.end < previous->end || s.start < previous->start))
            out.push_back({previous->sampledAtMs, s.sampledAtMs, MarkKind::LogWentBack,
                           std::string(side == ClusterSide::Source ? "source" : "target") + " log " +
                               toString(session.partition(partition)) + " went back between " +
                               formatUtcMs(previous->sampledAtMs) + " and " + formatUtcMs(s.sampledAtMs) +
                               ": start " + withThousands(previous->start) + " -> " + withThousands(s.start) +
                               ", end " + withThousands(previous->end) + " -> " + withThousands(s.end) +
                               " (recreated or truncated)"});
        previous = &s;
    }
}

// The source log's end by each sample of `partition`, in time order.
std::vector<std::pair<int64_t, int64_t>> sourceLogEnds(const Session& session, uint32_t partition)
{
    std::vector<std::pair<int64_t, int64_t>> ends;
    for (const LogOffsetSample& s : session.logOffsets)
        if (s.side == ClusterSide::Source && s.partition == partition)
            ends.emplace_back(s.sampledAtMs, s.end);
    std::stable_sort(ends.begin(), ends.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    return ends;
}

// Runs of samples in which the group's committed offset stayed the same for at least the
// threshold while the source log's end was past it at the run's last sample.
void addGroupStalls(const Session& session, uint32_t group, uint32_t partition, int64_t thresholdMs,
                    std::vector<TimelineMark>& out)
{
    const auto ends = sourceLogEnds(session, partition);
    const auto endAt = [&](int64_t t) -> std::optional<int64_t> {
        auto it = std::upper_bound(ends.begin(), ends.end(), t,
                                   [](int64_t at, const auto& sample) { return at < sample.first; });
        if (it == ends.begin())
            return std::nullopt;
        return std::prev(it)->second;
    };
    std::optional<GroupOffsetSample> first, last;
    const auto closeRun = [&] {
        if (!first || last->sampledAtMs < first->sampledAtMs ||
            spanOf(first->sampledAtMs, last->sampledAtMs) < thresholdMs)
            return;
        const auto end = endAt(last->sampledAtMs);
        if (!end || *end <= first->offset)
            return;
        out.push_back(
            {first->sampledAtMs, last->sampledAtMs, MarkKind::GroupStall,
             session.group(group) + " committed nothing new on " + toString(session.partition(partition)) +
                 " " + spanText(first->sampledAtMs, last->sampledAtMs) + ": it stayed at " +
                 withThousands(first->offset) + " while the log's end reached " + withThousands(*end)});
    };
    for (const GroupOffsetSample& s : session.groupOffsets) {
        if (s.side != ClusterSide::Source || s.group != group || s.partition != partition)
            continue;
        if (s.offset == GroupOffsetSample::kNoOffset || !first || s.offset != first->offset) {
            closeRun();
            first.reset();
            if (s.offset != GroupOffsetSample::kNoOffset)
                first = s;
        }
        last = s;
    }
    closeRun();
}

} // namespace

std::string_view markKindName(MarkKind kind)
{
    switch (kind) {
    case MarkKind::ReaderProblem:
        return "reader problem";
    case MarkKind::ClusterOutage:
        return "cluster outage";
    case MarkKind::CheckpointGap:
        return "checkpoint gap";
    case MarkKind::LogWentBack:
        return "log went back";
    case MarkKind::GroupStall:
        return "group stall";
    case MarkKind::TaskRestart:
        return "task restart";
    case MarkKind::ScenarioStall:
        return "consumer stall";
    case MarkKind::TargetRecreated:
        return "target recreated";
    case MarkKind::Bookmark:
        return "bookmark";
    }
    return "mark";
}

std::vector<TimelineMark> bookmarkMarks(const std::vector<Bookmark>& bookmarks)
{
    std::vector<TimelineMark> marks;
    for (const Bookmark& b : bookmarks)
        marks.push_back({b.atMs, b.atMs, MarkKind::Bookmark, b.name});
    return marks;
}

std::vector<TimelineMark> timelineMarks(const Session& session, const Selection& selection,
                                        int64_t emitIntervalMs, int64_t endMs)
{
    std::vector<TimelineMark> marks;
    addReaderMarks(session, endMs, marks);
    addCheckpointGaps(session, emitIntervalMs, endMs, marks);
    if (selection.partition) {
        const SessionInfo& info = session.info;
        const TopicPartition mirror =
            checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, *selection.partition);
        if (const auto upstream = session.findPartition(*selection.partition)) {
            addLogWentBack(session, ClusterSide::Source, *upstream, marks);
            if (const auto group = session.findGroup(selection.group))
                addGroupStalls(session, *group, *upstream,
                               timesSaturated(kGroupStallIntervals, emitIntervalMs), marks);
        }
        if (const auto downstream = session.findPartition(mirror))
            addLogWentBack(session, ClusterSide::Target, *downstream, marks);
    }
    sortMarks(marks);
    return marks;
}

namespace {
bool startsEarlier(const TimelineMark& a, const TimelineMark& b)
{
    return a.fromMs < b.fromMs;
}
} // namespace

void sortMarks(std::vector<TimelineMark>& marks)
{
    std::stable_sort(marks.begin(), marks.end(), startsEarlier);
}

std::vector<TimelineMark> mergeMarks(std::vector<TimelineMark> a, const std::vector<TimelineMark>& b)
{
    const auto middle = a.insert(a.end(), b.begin(), b.end());
    std::inplace_merge(a.begin(), middle, a.end(), startsEarlier);
    return a;
}

} // namespace driftscope
