#include "model/session/sample_state.h"

#include "model/util/java_long.h"

#include <algorithm>

namespace driftscope {
namespace {

// Appends the indices [from, samples.size()) sampled after `atMs` to the pending order (whose
// taken prefix `next` is dropped first) and returns those sampled at or before it, which are
// due at once. Live samples arrive almost in time order (two workers append); imports may not.
template <typename Sample, typename Time>
std::vector<uint32_t> extendOrder(std::vector<uint32_t>& order, size_t& next,
                                  const std::vector<Sample>& samples, size_t from, int64_t atMs, Time time)
{
    order.erase(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(next));
    next = 0;
    std::vector<uint32_t> due;
    const size_t pending = order.size();
    for (size_t i = from; i < samples.size(); ++i)
        (time(samples[i]) <= atMs ? due : order).push_back(static_cast<uint32_t>(i));
    const auto earlier = [&](uint32_t a, uint32_t b) {
        return time(samples[a]) < time(samples[b]);
    };
    if (!std::is_sorted(order.begin() + static_cast<std::ptrdiff_t>(pending), order.end(), earlier))
        std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(pending), order.end(), earlier);
    std::inplace_merge(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(pending), order.end(),
                       earlier);
    return due;
}

// Times near the ends of int64 (only damaged files have them) stay at the ends.
int64_t plusSaturated(int64_t atMs, int64_t byMs)
{
    return atMs > INT64_MAX - byMs ? INT64_MAX : atMs + byMs;
}

// Of two samples of one key, the one sampled later wins, and for equal times the later in the
// list: the order in which they are taken in does not matter.
bool supersedes(int64_t atMs, uint32_t index, int64_t heldAtMs, uint32_t heldIndex)
{
    return atMs > heldAtMs || (atMs == heldAtMs && index > heldIndex);
}

} // namespace

SampleState::SampleState(const Session& session) : m_session(session)
{
    followGrowth();
}

int64_t positionMarginMs(const SessionInfo& info)
{
    return plusSaturated(std::max<int64_t>(info.offsetFlushIntervalMs, 0), kPositionSlackMs);
}

bool outruns(const LogOffsetSample& sample, const ObservedPosition& covering)
{
    return covering.offset != ObservedPosition::kNone && covering.offset < sample.start &&
           sample.start - covering.offset > 2;
}

void SampleState::followTargetTrouble()
{
    const auto trouble = [](const ReaderEvent& e) {
        return e.is(ClusterState::Unreachable) || e.is(ClusterState::Failed) ||
               e.is(ReaderEventState::FetchError) || e.is(ReaderEventState::ClientRenewed);
    };
    const auto recovery = [](const ReaderEvent& e) {
        return e.is(ClusterState::Connected) || e.is(ReaderEventState::Fetching);
    };
    const auto& events = m_session.events;
    for (; m_eventsSeen < events.size(); ++m_eventsSeen) {
        const ReaderEvent& e = events[m_eventsSeen];
        if (e.side != ClusterSide::Target)
            continue;
        const bool open = !m_targetTrouble.empty() && m_targetTrouble.back().second == INT64_MAX;
        if (!open && trouble(e))
            m_targetTrouble.emplace_back(e.atMs, INT64_MAX);
        else if (open && recovery(e))
            m_targetTrouble.back().second = std::max(e.atMs, m_targetTrouble.back().first);
    }
}

bool SampleState::targetTroubleBetween(int64_t fromMs, int64_t toMs) const
{
    return std::any_of(m_targetTrouble.begin(), m_targetTrouble.end(),
                       [&](const auto& span) { return span.first <= toMs && span.second >= fromMs; });
}

void SampleState::followGrowth()
{
    followTargetTrouble();
    const auto& groups = m_session.groupOffsets;
    const auto& logs = m_session.logOffsets;
    if (m_groupsSeen < groups.size()) {
        for (const uint32_t i : extendOrder(m_groupOrder, m_nextGroup, groups, m_groupsSeen, m_atMs,
                                            [](const GroupOffsetSample& g) { return g.sampledAtMs; }))
            take(i, groups[i]);
        m_groupsSeen = groups.size();
    }
    // Positions before log samples: a log sample due at once is then judged against them.
    const auto& positions = m_session.positions;
    if (m_positionsSeen < positions.size()) {
        for (const uint32_t i :
             extendOrder(m_positionOrder, m_nextPosition, positions, m_positionsSeen, m_atMs,
                         [](const ObservedPosition& p) { return p.stamp.timestampMs; }))
            take(i, positions[i]);
        m_positionsSeen = positions.size();
    }
    if (m_logsSeen < logs.size()) {
        for (const uint32_t i : extendOrder(m_logOrder, m_nextLog, logs, m_logsSeen, m_atMs,
                                            [](const LogOffsetSample& l) { return l.sampledAtMs; }))
            take(i, logs[i]);
        m_logsSeen = logs.size();
    }
}

void SampleState::rememberForPace(const GroupOffsetSample& g)
{
    auto& recent = m_recent[{g.group, g.partition}];
    if (g.offset == GroupOffsetSample::kNoOffset) // the group lost its offset: start again
        recent.clear();
    else
        rememberOffset(recent, g.sampledAtMs, g.offset);
}

void SampleState::take(uint32_t index, const GroupOffsetSample& g)
{
    if (g.side == ClusterSide::Source)
        rememberForPace(g);
    const auto [it, added] =
        m_committed.try_emplace({g.side, g.group, g.partition}, Committed{g.offset, g.sampledAtMs, index});
    if (!added && supersedes(g.sampledAtMs, index, it->second.atMs, it->second.index))
        it->second = {g.offset, g.sampledAtMs, index};
}

void SampleState::take(uint32_t index, const ObservedPosition& p)
{
    auto& list = m_positions[p.partition].seen;
    const auto& all = m_session.positions;
    const auto before = [&](uint32_t a, uint32_t b) {
        const int64_t at = all[a].stamp.timestampMs, bt = all[b].stamp.timestampMs;
        return at < bt || (at == bt && a < b);
    };
    list.insert(std::upper_bound(list.begin(), list.end(), index, before), index);
}

// Judges the source log samples whose margin the session has passed against the last position
// MM2 committed within the margin, and forgets the positions no later sample needs.
void SampleState::judgeOutruns()
{
    const auto& logs = m_session.logOffsets;
    const auto& positions = m_session.positions;
    const int64_t wait = plusSaturated(positionMarginMs(m_session.info), kPositionReadSlackMs);
    while (!m_unjudged.empty() && plusSaturated(m_unjudged.begin()->first, wait) <= m_atMs) {
        const uint32_t sampleIndex = m_unjudged.begin()->second;
        const LogOffsetSample& sample = logs[sampleIndex];
        m_unjudged.erase(m_unjudged.begin());
        const auto it = m_positions.find(sample.partition);
        if (it == m_positions.end() ||
            targetTroubleBetween(sample.sampledAtMs, plusSaturated(sample.sampledAtMs, wait)))
            continue;
        auto& seen = it->second.seen;
        const uint32_t* covering = positionCovering(m_session, seen, sample);
        if (!covering)
            continue;
        const uint32_t positionIndex = *covering;
        // Samples judged later are no earlier: they need this position or later ones.
        seen.erase(seen.begin(), seen.begin() + (covering - seen.data()));
        if (outruns(sample, positions[positionIndex]))
            it->second.lastOutrun =
                ReplicationOutrun{sample, positions[positionIndex], sampleIndex, positionIndex};
    }
}

void SampleState::take(uint32_t index, const LogOffsetSample& l)
{
    if (l.side == ClusterSide::Source)
        m_unjudged.emplace(l.sampledAtMs, index);
    const auto [it, added] = m_logs.try_emplace({l.side, l.partition}, LogSeen{l, index, std::nullopt});
    if (added || !supersedes(l.sampledAtMs, index, it->second.sample.sampledAtMs, it->second.index))
        return;
    LogSeen& seen = it->second;
    if (l.end < seen.sample.end)
        seen.lastRewind = LogRewind{seen.sample, l};
    seen.sample = l;
    seen.index = index;
}

void SampleState::advanceTo(int64_t atMs)
{
    if (atMs < m_atMs)
        return;
    followGrowth();
    m_atMs = atMs;
    const auto& groups = m_session.groupOffsets;
    for (; m_nextGroup < m_groupOrder.size() && groups[m_groupOrder[m_nextGroup]].sampledAtMs <= atMs;
         ++m_nextGroup)
        take(m_groupOrder[m_nextGroup], groups[m_groupOrder[m_nextGroup]]);
    const auto& positions = m_session.positions;
    for (; m_nextPosition < m_positionOrder.size() &&
           positions[m_positionOrder[m_nextPosition]].stamp.timestampMs <= atMs;
         ++m_nextPosition)
        take(m_positionOrder[m_nextPosition], positions[m_positionOrder[m_nextPosition]]);
    const auto& logs = m_session.logOffsets;
    for (; m_nextLog < m_logOrder.size() && logs[m_logOrder[m_nextLog]].sampledAtMs <= atMs; ++m_nextLog)
        take(m_logOrder[m_nextLog], logs[m_logOrder[m_nextLog]]);
    judgeOutruns();
}

std::optional<SampleState::Committed> SampleState::committed(ClusterSide side, uint32_t group,
                                                             std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_committed.find({side, group, *partition});
    if (it == m_committed.end() || it->second.offset == GroupOffsetSample::kNoOffset)
        return std::nullopt;
    return it->second;
}

std::optional<LogOffsetSample> SampleState::log(ClusterSide side, std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_logs.find({side, *partition});
    return it == m_logs.end() ? std::nullopt : std::optional<LogOffsetSample>(it->second.sample);
}

std::optional<LogRewind> SampleState::lastRewind(ClusterSide side, std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_logs.find({side, *partition});
    return it == m_logs.end() ? std::nullopt : it->second.lastRewind;
}

std::map<uint32_t, std::vector<uint32_t>> positionsByPartition(const Session& session)
{
    std::map<uint32_t, std::vector<uint32_t>> out;
    for (uint32_t i = 0; i < session.positions.size(); ++i)
        out[session.positions[i].partition].push_back(i);
    for (auto& [partition, list] : out)
        std::stable_sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) {
            return session.positions[a].stamp.timestampMs < session.positions[b].stamp.timestampMs;
        });
    return out;
}

const uint32_t* positionCovering(const Session& session, std::span<const uint32_t> ofPartition,
                                 const LogOffsetSample& sample)
{
    const int64_t coveredUntil = plusSaturated(sample.sampledAtMs, positionMarginMs(session.info));
    const auto after =
        std::upper_bound(ofPartition.begin(), ofPartition.end(), coveredUntil,
                         [&](int64_t t, uint32_t i) { return t < session.positions[i].stamp.timestampMs; });
    return after == ofPartition.begin() ? nullptr : &*std::prev(after);
}

std::optional<ObservedPosition> SampleState::position(std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_positions.find(*partition);
    if (it == m_positions.end() || it->second.seen.empty())
        return std::nullopt;
    return m_session.positions[it->second.seen.back()];
}

std::optional<ReplicationOutrun> SampleState::lastOutrun(std::optional<uint32_t> partition) const
{
    if (!partition)
        return std::nullopt;
    const auto it = m_positions.find(*partition);
    return it == m_positions.end() ? std::nullopt : it->second.lastOutrun;
}

const RecentOffsets& SampleState::recentCommitted(uint32_t group, std::optional<uint32_t> partition) const
{
    static const RecentOffsets none;
    if (!partition)
        return none;
    const auto it = m_recent.find({group, *partition});
    return it == m_recent.end() ? none : it->second;
}

void rememberOffset(RecentOffsets& recent, int64_t atMs, int64_t offset)
{
    const std::pair<int64_t, int64_t> observed{atMs, offset};
    recent.insert(std::upper_bound(recent.begin(), recent.end(), observed,
                                   [](const auto& a, const auto& b) { return a.first < b.first; }),
                  observed);
    // Keep one observation at or before the window's start: the pace is measured from it.
    const int64_t windowStart = recent.back().first - kPaceWindowMs;
    while (recent.size() > 2 && recent[1].first <= windowStart)
        recent.pop_front();
}

namespace {

using Reading = std::pair<int64_t, int64_t>;

// Of two readings, the later; of two at one time, `b`'s (the sources are ordered a, then b).
const Reading* later(const Reading* a, const Reading* b)
{
    if (!a || !b)
        return a ? a : b;
    return b->first >= a->first ? b : a;
}

// The newest reading at or before `limitMs`, if any.
const Reading* lastAtOrBefore(const RecentOffsets& recent, int64_t limitMs)
{
    const Reading* found = nullptr;
    for (const Reading& r : recent) {
        if (r.first > limitMs)
            break;
        found = &r;
    }
    return found;
}

} // namespace

// Called for every row of every report (a series builds one per moment): it reads the two
// short lists in place instead of merging them.
std::optional<Pace> paceOf(const RecentOffsets& a, const RecentOffsets& b)
{
    if (a.size() + b.size() < 2)
        return std::nullopt;
    const Reading* to = later(a.empty() ? nullptr : &a.back(), b.empty() ? nullptr : &b.back());
    const int64_t limitMs = javalong::sub(to->first, kPaceWindowMs);
    const Reading* from = later(lastAtOrBefore(a, limitMs), lastAtOrBefore(b, limitMs));
    if (!from) { // nothing that old: the oldest reading (a's of two at one time)
        from = a.empty() ? &b.front() : &a.front();
        if (!b.empty() && b.front().first < from->first)
            from = &b.front();
    }
    return Pace{to->second - from->second, to->first - from->first};
}

} // namespace driftscope
