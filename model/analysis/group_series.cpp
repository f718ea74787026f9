#include "model/analysis/group_series.h"

#include "model/util/java_long.h"

#include <algorithm>

namespace driftscope {
namespace {

void thinTo(std::vector<int64_t>& values, size_t limit)
{
    if (values.size() <= limit || limit == 0)
        return;
    std::vector<int64_t> kept;
    kept.reserve(limit);
    const double step = static_cast<double>(values.size()) / static_cast<double>(limit);
    for (size_t i = 0; i < limit; ++i)
        kept.push_back(values[static_cast<size_t>(static_cast<double>(i) * step)]);
    values = std::move(kept);
}

} // namespace

const PartitionSeries* GroupSeries::find(const TopicPartition& upstream) const
{
    for (const PartitionSeries& p : partitions)
        if (p.upstream == upstream)
            return &p;
    return nullptr;
}

std::pair<int64_t, int64_t> sessionSpan(const Session& session)
{
    return SessionSpan().of(session);
}

std::optional<int64_t> firstMoment(const Session& session)
{
    return SessionSpan().first(session);
}

std::optional<int64_t> SessionSpan::first(const Session& session)
{
    const auto see = [this](int64_t t) {
        m_first = std::min(m_first, t);
    };
    for (size_t i = m_seen.syncs; i < session.syncs.size(); ++i)
        see(session.syncs[i].stamp.timestampMs);
    for (size_t i = m_seen.checkpoints; i < session.checkpoints.size(); ++i)
        see(session.checkpoints[i].stamp.timestampMs);
    for (size_t i = m_seen.heartbeats; i < session.heartbeats.size(); ++i)
        see(session.heartbeats[i].stamp.timestampMs);
    for (size_t i = m_seen.groupOffsets; i < session.groupOffsets.size(); ++i)
        see(session.groupOffsets[i].sampledAtMs);
    for (size_t i = m_seen.logOffsets; i < session.logOffsets.size(); ++i)
        see(session.logOffsets[i].sampledAtMs);
    m_seen = session.mark();
    if (m_first == INT64_MAX)
        return std::nullopt;
    // A record's time can be ahead of the moment it was read (producer clocks): the span never
    // starts after it ends.
    return std::min(m_first, session.lastActivityMs());
}

std::pair<int64_t, int64_t> SessionSpan::of(const Session& session)
{
    const int64_t last = session.lastActivityMs();
    return {first(session).value_or(last), last};
}

std::vector<int64_t> seriesMoments(const Session& session, const std::string& group, int64_t fromMs,
                                   int64_t toMs, size_t maxMoments)
{
    std::vector<int64_t> events;
    if (const auto id = session.findGroup(group)) {
        for (const ObservedCheckpoint& c : session.checkpoints)
            if (c.group == *id) {
                events.push_back(c.stamp.timestampMs - 1);
                events.push_back(c.stamp.timestampMs);
            }
        for (const GroupOffsetSample& g : session.groupOffsets)
            if (g.group == *id && g.side == ClusterSide::Source)
                events.push_back(g.sampledAtMs);
    }
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    thinTo(events, maxMoments / 2);
    const size_t grid = std::max<size_t>(2, maxMoments - events.size());
    std::vector<int64_t> moments = events;
    if (toMs > fromMs)
        for (size_t i = 0; i < grid; ++i)
            moments.push_back(fromMs +
                              static_cast<int64_t>(static_cast<double>(toMs - fromMs) *
                                                   static_cast<double>(i) / static_cast<double>(grid - 1)));
    else
        moments.push_back(fromMs);
    std::erase_if(moments, [&](int64_t t) { return t < fromMs || t > toMs; });
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    return moments;
}

std::vector<TopicPartition> groupPartitions(const Session& session, const std::string& group)
{
    std::vector<TopicPartition> out;
    if (const auto id = session.findGroup(group)) {
        const StateScope scope = scopeOfGroup(session, *id);
        for (uint32_t p = 0; p < scope.upstreamPartitions.size(); ++p)
            if (scope.upstreamPartitions[p])
                out.push_back(session.partition(p));
    }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

StateScope scopeOfSeries(const Session& session, const ReportOptions& options, const std::string& group)
{
    // Only the partitions reported and the group's checkpoints: its rows are the same, and the
    // other syncs of the session (possibly millions) need not be applied.
    const auto groupId = session.findGroup(group);
    StateScope scope = groupId ? scopeOfGroup(session, *groupId) : StateScope{};
    if (!options.partitions.empty()) {
        scope.upstreamPartitions.assign(session.partitionCount(), false);
        for (const TopicPartition& tp : options.partitions)
            if (const auto id = session.findPartition(tp))
                scope.upstreamPartitions[*id] = true;
    }
    return scope;
}

ReportOptions oneGroup(ReportOptions options, const std::string& group)
{
    options.groups = {group};
    return options;
}

} // namespace

GroupSeriesBuilder::GroupSeriesBuilder(const Session& session, const ReportOptions& options,
                                       const std::string& group)
    : m_session(&session), m_options(oneGroup(options, group)),
      m_state(session, options.state, scopeOfSeries(session, options, group)), m_samples(session)
{
}

void GroupSeriesBuilder::add(int64_t t, GroupSeries& out)
{
    const Session& session = *m_session;
    m_state.advanceTo(t);
    m_samples.advanceTo(t);
    const auto& heartbeats = session.heartbeats;
    for (; m_nextHeartbeat < heartbeats.size() && heartbeats[m_nextHeartbeat].stamp.timestampMs <= t;
         ++m_nextHeartbeat)
        m_lastHeartbeat =
            std::max(m_lastHeartbeat.value_or(INT64_MIN), heartbeats[m_nextHeartbeat].stamp.timestampMs);
    out.atMs.push_back(t);
    out.heartbeatAgeMs.push_back(m_lastHeartbeat ? std::optional<int64_t>(t - *m_lastHeartbeat)
                                                 : std::nullopt);
    Report report = buildReport(session, m_state, m_samples, m_options);
    for (PartitionReport& row : report.rows) {
        auto it = std::lower_bound(
            out.partitions.begin(), out.partitions.end(), row.upstream,
            [](const PartitionSeries& p, const TopicPartition& tp) { return p.upstream < tp; });
        if (it == out.partitions.end() || it->upstream != row.upstream)
            it = out.partitions.insert(it, PartitionSeries{row.upstream, {}, {}});
        it->atMs.push_back(t);
        it->rows.push_back(std::move(row));
    }
}

GroupSeries buildGroupSeries(const Session& session, const ReportOptions& options, const std::string& group,
                             const std::vector<int64_t>& moments)
{
    GroupSeries out;
    out.group = group;
    GroupSeriesBuilder builder(session, options, group);
    for (const int64_t t : moments)
        builder.add(t, out);
    return out;
}

SyncLifetimeTracker::SyncLifetimeTracker(const Session& session, const Mm2StateOptions& options,
                                         uint32_t upstreamPartition)
    : m_session(&session), m_partition(upstreamPartition), m_replay(options),
      m_id(m_replay.store().partitionId(session.partition(upstreamPartition)))
{
}

void SyncLifetimeTracker::advanceTo(int64_t untilMs)
{
    // The store treats partitions independently, so this partition's syncs alone give its slots;
    // only the task start, counted over all syncs, is global: the others are skipped through it.
    const auto& syncs = m_session->syncs;
    const TopicPartition& tp = m_session->partition(m_partition);
    std::vector<size_t> retainedNext;
    for (; m_next < syncs.size() && syncs[m_next].stamp.timestampMs <= untilMs; ++m_next) {
        const ObservedSync& s = syncs[m_next];
        if (s.partition != m_partition) {
            m_replay.skip();
            continue;
        }
        m_replay.apply(m_id, s.upstream, s.downstream);
        m_out.push_back({m_next, s.stamp.timestampMs, s.upstream, s.downstream, std::nullopt});
        // Store ids count the syncs applied to it, which are exactly the entries of m_out.
        retainedNext.clear();
        for (const RetainedSync& r : m_replay.store().retained(tp))
            retainedNext.push_back(static_cast<size_t>(r.sync.id));
        for (const size_t held : m_retainedNow)
            if (std::find(retainedNext.begin(), retainedNext.end(), held) == retainedNext.end())
                m_out.mutableAt(held).expiredAtMs = s.stamp.timestampMs;
        std::swap(m_retainedNow, retainedNext);
    }
}

SharedChunks<SyncLifetime> syncLifetimes(const Session& session, const Mm2StateOptions& options,
                                         uint32_t upstreamPartition, int64_t untilMs)
{
    SyncLifetimeTracker tracker(session, options, upstreamPartition);
    tracker.advanceTo(untilMs);
    return tracker.lifetimes();
}

std::vector<StepPoint> translationSteps(const SyncStore& store, const TopicPartition& tp, int64_t upTo)
{
    std::vector<StepPoint> points;
    std::vector<RetainedSync> retained = store.retained(tp);
    std::reverse(retained.begin(), retained.end()); // oldest first
    const auto at = [&](int64_t u) {
        const Translation t = store.translate(tp, u);
        if (t.status == TranslationStatus::Translated && t.downstream)
            points.push_back({u, *t.downstream});
    };
    for (const RetainedSync& r : retained) {
        at(r.sync.upstream);
        if (r.sync.upstream != INT64_MAX)
            at(javalong::add(r.sync.upstream, 1));
    }
    if (!retained.empty() && upTo > retained.back().sync.upstream + 1)
        at(upTo);
    return points;
}

} // namespace driftscope
