#include "model/analysis/explorer_model.h"

#include "model/analysis/checkpoint_cadence.h"

#include <algorithm>
#include <set>

namespace driftscope {
namespace {

bool sameState(const Mm2StateOptions& a, const Mm2StateOptions& b)
{
    return a.release == b.release && a.taskStart == b.taskStart &&
           a.checkpointsRestored == b.checkpointsRestored;
}

// What a report at any moment takes from the whole session rather than from what was written by
// then: the emit interval its stale limit comes from (configured, or the cadence the session's
// checkpoints show), the group-offset sync settings and the aliases. When it changes as the
// session grows, every point of a series changes with it.
struct ReportBasis {
    bool intervalConfigured = false;
    int64_t intervalMs = 0;
    std::optional<int64_t> observedIntervalMs;
    std::optional<bool> syncGroupOffsets;
    int64_t syncGroupOffsetsIntervalMs = 0;
    std::string sourceAlias, targetAlias;

    friend bool operator==(const ReportBasis&, const ReportBasis&) = default;
};

ReportBasis reportBasis(const Session& session)
{
    const SessionInfo& info = session.info;
    ReportBasis b{info.emitIntervalConfigured,
                  info.emitCheckpointsIntervalMs,
                  std::nullopt,
                  info.syncGroupOffsets,
                  info.syncGroupOffsetsIntervalMs,
                  info.sourceAlias,
                  info.targetAlias};
    // The cadence as of the session's end: a frozen moment's own (as of that moment) changes
    // only when a checkpoint joins an emission round the moment already saw, which moves this too.
    if (!info.emitIntervalConfigured)
        if (const auto cadence = observedCheckpointCadence(session, INT64_MAX))
            b.observedIntervalMs = cadence->intervalMs;
    return b;
}

// New series moments on an even grid of this spacing at least: a live session starts with a
// span of a second or two, whose grid would be milliseconds apart.
constexpr int64_t kMinGridStepMs = 500;

// Keeps every other moment of `series` (the first, the third, ...) and the rows of those.
void thinByHalf(GroupSeries& series)
{
    std::vector<int64_t> kept;
    std::vector<std::optional<int64_t>> ages;
    for (size_t i = 0; i < series.atMs.size(); i += 2) {
        kept.push_back(series.atMs[i]);
        ages.push_back(series.heartbeatAgeMs[i]);
    }
    for (PartitionSeries& p : series.partitions) {
        PartitionSeries thinned{p.upstream, {}, {}};
        for (size_t i = 0; i < p.atMs.size(); ++i)
            if (std::binary_search(kept.begin(), kept.end(), p.atMs[i])) {
                thinned.atMs.push_back(p.atMs[i]);
                thinned.rows.push_back(p.rows[i]);
            }
        p = std::move(thinned);
    }
    series.atMs = std::move(kept);
    series.heartbeatAgeMs = std::move(ages);
}

} // namespace

struct ExplorerModel::CursorState {
    Mm2StateOptions options;
    Mm2State state;
    SampleState samples;

    CursorState(const Session& session, const Mm2StateOptions& o)
        : options(o), state(session, o), samples(session)
    {
    }
};

// A release's series of one selection, kept as the session grows: the moments up to
// `frozenUntilMs` are final and swept by `builder`; the later ones are evaluated per answer.
struct ExplorerModel::SeriesCache {
    Mm2StateOptions options;
    Selection selection;
    int64_t staleAfterMs = 0;
    ReplayBudget budget;
    size_t maxMoments = 0;
    std::vector<TopicPartition> partitions; // seriesPartitions() when built
    size_t partitionsKnown = 0;             // the session's partition count then
    int64_t fromMs = 0;
    std::optional<uint32_t> group;
    ReportBasis basis;

    GroupSeries frozen;
    std::optional<GroupSeriesBuilder> builder; // at frozenUntilMs
    int64_t frozenUntilMs = INT64_MIN;
    std::set<int64_t> pendingEvents; // the group's checkpoint and sample moments after frozenUntilMs
    int64_t gridStepMs = kMinGridStepMs;
    std::optional<SyncLifetimeTracker> lifetimes;
    Session::Mark seen; // how much of the session the cache has looked at

    uint64_t version = UINT64_MAX;
    std::shared_ptr<const SelectionSeries> answer; // of `version`

    // Sweeps the moments of the frame up to its settle horizon; the later ones stay pending.
    // (`o`, `g` and `b` become the members options, group and basis.)
    SeriesCache(const Session& session, const ReportOptions& o, const ExplorerAnswer& frame,
                std::optional<uint32_t> g, ReportBasis b);

    bool serves(const ReportOptions& o, const Selection& s, size_t moments) const
    {
        return sameState(options, o.state) && selection.group == s.group &&
               selection.partition == s.partition && staleAfterMs == o.staleAfterMs && budget == o.budget &&
               maxMoments == moments;
    }
    // Looks at what was appended since `seen`: true when a record or sample is stamped at or
    // before the frozen moments (they would change); the group's new checkpoints and samples
    // become pending moments.
    bool outdatedBy(const Session& session);
    // Freezes the moments up to `horizon`; returns how often the series was thinned by half.
    size_t freezeUpTo(int64_t horizon);
    // The moments of (frozenUntilMs, untilMs]: the group's checkpoints and samples, and the grid.
    std::vector<int64_t> momentsUpTo(int64_t untilMs) const;
    // After a rebuild: buildSelectionSeries's own moments after the frozen ones.
    std::vector<int64_t> unfrozenMoments(const Session& session, const ExplorerAnswer& frame) const;

private:
    void addPendingCheckpoint(int64_t atMs)
    {
        pendingEvents.insert(atMs - 1);
        pendingEvents.insert(atMs);
    }
};

ExplorerModel::SeriesCache::SeriesCache(const Session& session, const ReportOptions& o,
                                        const ExplorerAnswer& frame, std::optional<uint32_t> g, ReportBasis b)
    : options(o.state), selection(frame.selection), staleAfterMs(o.staleAfterMs), budget(o.budget),
      maxMoments(frame.request.maxMoments), partitionsKnown(session.partitionCount()), fromMs(frame.fromMs),
      group(g), basis(std::move(b))
{
    frozen.group = selection.group;
    if (!selection.group.empty()) {
        partitions = seriesPartitions(session, selection);
        ReportOptions some = o;
        some.partitions = partitions;
        builder.emplace(session, some, selection.group);
        // Exactly buildSelectionSeries's moments: the later ones stay pending.
        const int64_t horizon = frame.toMs - kSettleMs;
        for (const int64_t t : seriesMoments(session, selection.group, fromMs, frame.toMs, maxMoments))
            if (t <= horizon)
                builder->add(t, frozen);
        frozenUntilMs = std::max(fromMs - 1, horizon);
        if (group) {
            for (const ObservedCheckpoint& cp : session.checkpoints)
                if (cp.group == *group && cp.stamp.timestampMs > frozenUntilMs)
                    addPendingCheckpoint(cp.stamp.timestampMs);
            for (const GroupOffsetSample& s : session.groupOffsets)
                if (s.group == *group && s.side == ClusterSide::Source && s.sampledAtMs > frozenUntilMs)
                    pendingEvents.insert(s.sampledAtMs);
        }
        gridStepMs =
            std::max<int64_t>(kMinGridStepMs, (frame.toMs - fromMs) /
                                                  static_cast<int64_t>(std::max<size_t>(1, maxMoments / 2)));
    }
    if (selection.partition)
        if (const auto id = session.findPartition(*selection.partition))
            lifetimes.emplace(session, options, *id);
}

bool ExplorerModel::SeriesCache::outdatedBy(const Session& session)
{
    const auto late = [&](int64_t t) {
        return t <= frozenUntilMs;
    };
    bool outdated = false;
    for (size_t i = seen.syncs; i < session.syncs.size() && !outdated; ++i)
        outdated = late(session.syncs[i].stamp.timestampMs);
    for (size_t i = seen.checkpoints; i < session.checkpoints.size() && !outdated; ++i) {
        const ObservedCheckpoint& cp = session.checkpoints[i];
        outdated = late(cp.stamp.timestampMs);
        if (group && cp.group == *group)
            addPendingCheckpoint(cp.stamp.timestampMs);
    }
    for (size_t i = seen.heartbeats; i < session.heartbeats.size() && !outdated; ++i)
        outdated = late(session.heartbeats[i].stamp.timestampMs);
    for (size_t i = seen.groupOffsets; i < session.groupOffsets.size() && !outdated; ++i) {
        const GroupOffsetSample& g = session.groupOffsets[i];
        outdated = late(g.sampledAtMs);
        if (group && g.group == *group && g.side == ClusterSide::Source)
            pendingEvents.insert(g.sampledAtMs);
    }
    for (size_t i = seen.logOffsets; i < session.logOffsets.size() && !outdated; ++i)
        outdated = late(session.logOffsets[i].sampledAtMs);
    for (size_t i = seen.events; i < session.events.size() && !outdated; ++i)
        outdated = late(session.events[i].atMs);
    for (size_t i = seen.positions; i < session.positions.size() && !outdated; ++i)
        outdated = late(session.positions[i].stamp.timestampMs);
    // A partition new to the session may be one more of the group's.
    if (!outdated && session.partitionCount() != partitionsKnown) {
        outdated = seriesPartitions(session, selection) != partitions;
        partitionsKnown = session.partitionCount();
    }
    return outdated;
}

size_t ExplorerModel::SeriesCache::freezeUpTo(int64_t horizon)
{
    size_t thinned = 0;
    if (!builder || horizon <= frozenUntilMs)
        return thinned;
    for (const int64_t t : momentsUpTo(horizon))
        builder->add(t, frozen);
    frozenUntilMs = horizon;
    pendingEvents.erase(pendingEvents.begin(), pendingEvents.upper_bound(horizon));
    // Bounded however long the session runs: halve the density, double the grid's step.
    while (frozen.atMs.size() > std::max<size_t>(maxMoments, 2)) {
        thinByHalf(frozen);
        gridStepMs *= 2;
        ++thinned;
    }
    return thinned;
}

std::vector<int64_t> ExplorerModel::SeriesCache::momentsUpTo(int64_t untilMs) const
{
    std::vector<int64_t> moments(pendingEvents.begin(), pendingEvents.upper_bound(untilMs));
    if (untilMs > frozenUntilMs) {
        int64_t t = fromMs + ((frozenUntilMs - fromMs) / gridStepMs + 1) * gridStepMs;
        if (frozenUntilMs < fromMs)
            t = fromMs;
        for (; t <= untilMs; t += gridStepMs)
            moments.push_back(t);
    }
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    std::erase_if(moments, [&](int64_t t) { return t <= frozenUntilMs || t > untilMs; });
    return moments;
}

std::vector<int64_t> ExplorerModel::SeriesCache::unfrozenMoments(const Session& session,
                                                                 const ExplorerAnswer& frame) const
{
    std::vector<int64_t> all = seriesMoments(session, selection.group, fromMs, frame.toMs, maxMoments);
    std::erase_if(all, [&](int64_t t) { return t <= frozenUntilMs; });
    return all;
}

ExplorerModel::ExplorerModel() = default;
ExplorerModel::~ExplorerModel() = default;

void ExplorerModel::replace(Session session)
{
    // States and caches refer to the session: they go before it changes.
    m_cursors.clear();
    m_series.clear();
    m_session = std::move(session);
    m_upstreamSeen.clear();
    m_syncsSummed = 0;
    m_span = {};
    ++m_version;
}

bool ExplorerModel::append(const Session& slice)
{
    if (!m_session.append(slice))
        return false;
    ++m_version;
    return true;
}

std::shared_ptr<const SessionSummary> ExplorerModel::summary()
{
    if (m_summary && m_summaryVersion == m_version)
        return m_summary;
    auto s = std::make_shared<SessionSummary>();
    s->info = m_session.info;
    s->groups = knownGroups(m_session);
    // Only the syncs read since the last summary are looked at.
    m_upstreamSeen.resize(m_session.partitionCount(), false);
    for (; m_syncsSummed < m_session.syncs.size(); ++m_syncsSummed)
        m_upstreamSeen[m_session.syncs[m_syncsSummed].partition] = true;
    for (uint32_t id = 0; id < m_upstreamSeen.size(); ++id)
        if (m_upstreamSeen[id])
            s->upstreamPartitions.push_back(m_session.partition(id));
    std::sort(s->upstreamPartitions.begin(), s->upstreamPartitions.end());
    s->syncs = m_session.syncs.size();
    s->checkpoints = m_session.checkpoints.size();
    s->heartbeats = m_session.heartbeats.size();
    s->undecodable = m_session.undecodable;
    s->events = m_session.events;
    m_summary = std::move(s);
    m_summaryVersion = m_version;
    return m_summary;
}

bool ExplorerModel::cursorNeedsRebuild(const Mm2StateOptions& options, int64_t atMs) const
{
    const auto it = m_cursors.find(options.release);
    return it == m_cursors.end() || !sameState(it->second->options, options) ||
           atMs < it->second->state.atMs();
}

ExplorerModel::CursorState& ExplorerModel::cursorAt(const Mm2StateOptions& options, int64_t atMs)
{
    // Forward in time: advance, whether or not the session grew (the state follows growth);
    // back in time or other rules: start again.
    if (cursorNeedsRebuild(options, atMs)) {
        m_cursors[options.release] = std::make_unique<CursorState>(m_session, options);
        ++m_work.cursorsBuilt;
    }
    CursorState& c = *m_cursors[options.release];
    c.state.advanceTo(atMs);
    c.samples.advanceTo(atMs);
    return c;
}

std::shared_ptr<const SelectionSeries> ExplorerModel::seriesFor(const ReportOptions& options,
                                                                const ExplorerAnswer& frame)
{
    const size_t maxMoments = frame.request.maxMoments;
    std::unique_ptr<SeriesCache>& slot = m_series[options.state.release];
    if (slot && slot->version == m_version && slot->serves(options, frame.selection, maxMoments))
        return slot->answer;
    const auto group = m_session.findGroup(frame.selection.group);
    ReportBasis basis = reportBasis(m_session);
    const bool rebuild = !slot || !slot->serves(options, frame.selection, maxMoments) ||
                         slot->fromMs != frame.fromMs || slot->group != group || slot->basis != basis ||
                         slot->outdatedBy(m_session);
    ++(rebuild ? m_work.seriesBuilt : m_work.seriesExtended);
    if (rebuild)
        slot = std::make_unique<SeriesCache>(m_session, options, frame, group, std::move(basis));
    else
        m_work.seriesThinned += slot->freezeUpTo(frame.toMs - kSettleMs);
    SeriesCache& c = *slot;
    c.seen = m_session.mark();
    auto answer = std::make_shared<SelectionSeries>();
    answer->selection = frame.selection;
    if (c.builder) {
        answer->series = c.frozen;
        // The last seconds on a fork of the sweep: records of them may still arrive.
        GroupSeriesBuilder tail = *c.builder;
        for (const int64_t t : rebuild ? c.unfrozenMoments(m_session, frame) : c.momentsUpTo(frame.toMs))
            tail.add(t, answer->series);
    }
    if (c.lifetimes) {
        c.lifetimes->advanceTo(frame.toMs);
        answer->lifetimes = c.lifetimes->lifetimes();
    }
    c.version = m_version;
    c.answer = std::move(answer);
    return c.answer;
}

// A release's series (on a second core: both replay the session) and its view at the cursor,
// which `view` builds.
template <class View>
ReleaseAnswer ExplorerModel::releaseAnswer(const ReportOptions& options, const ExplorerAnswer& frame,
                                           View view)
{
    ReleaseAnswer r;
    r.release = options.state.release;
    m_seriesThread.start([&] { r.series = seriesFor(options, frame); });
    try {
        r.cursor = view();
    } catch (...) {
        m_seriesThread.wait(); // the task refers to this frame
        throw;
    }
    m_seriesThread.wait();
    return r;
}

namespace {

ReportOptions optionsFor(const ExplorerRequest& request, const Release& release, int64_t cursorMs)
{
    ReportOptions options;
    options.state = request.state;
    if (release != request.state.release)
        options.state.releaseWarning.clear(); // the compared release's is not this one's
    options.state.release = release;
    options.staleAfterMs = request.staleAfterMs;
    options.budget = request.budget;
    options.atMs = cursorMs;
    return options;
}

} // namespace

// The selected partition's answer (or the group's, when no partition is selected) from a state
// of its syncs and the group's checkpoints only.
std::optional<ExplorerAnswer> ExplorerModel::firstForSelection(const ExplorerAnswer& base,
                                                               const std::vector<Release>& releases)
{
    const Session& session = m_session;
    const auto group = session.findGroup(base.selection.group);
    if (!group)
        return std::nullopt;
    ExplorerAnswer first = base;
    first.complete = false;
    // The plots show one partition: its syncs and the group's checkpoints of it suffice.
    StateScope scope = scopeOfGroup(session, *group);
    const auto partition =
        base.selection.partition ? session.findPartition(*base.selection.partition) : std::nullopt;
    if (partition) {
        scope.upstreamPartitions.assign(session.partitionCount(), false);
        scope.upstreamPartitions[*partition] = true;
    }
    for (const Release& release : releases) {
        ReportOptions options = optionsFor(base.request, release, base.cursorMs);
        options.groups = {base.selection.group};
        if (partition)
            options.partitions = {*base.selection.partition};
        first.releases.push_back(releaseAnswer(options, first, [&] {
            Mm2State state(session, options.state, scope);
            state.advanceTo(base.cursorMs);
            SampleState samples(session);
            samples.advanceTo(base.cursorMs);
            return buildCursorView(session, state, samples, options, first.selection);
        }));
    }
    return first;
}

ExplorerAnswer ExplorerModel::answer(const ExplorerRequest& request, const Publish& first)
{
    const Session& session = m_session;
    ExplorerAnswer result;
    result.sessionVersion = m_version;
    result.request = request;
    result.summary = summary();
    const std::vector<TopicPartition>& synced = result.summary->upstreamPartitions;
    result.selection = resolveSelection(session, request.selection, synced);
    result.selectionSettled = result.selection.partition &&
                              std::binary_search(synced.begin(), synced.end(), *result.selection.partition);
    const auto [from, to] = m_span.of(session);
    result.fromMs = from;
    result.toMs = to;
    result.spanKnown = m_span.first(session).has_value(); // nothing new since of(): no scan
    result.cursorMs = std::clamp(request.cursorMs.value_or(to), from, std::max(from, to));
    std::vector<Release> releases = {request.state.release};
    if (request.compare && *request.compare != request.state.release)
        releases.push_back(*request.compare);
    if (first && session.syncs.size() + session.checkpoints.size() >= m_firstAnswerFrom &&
        !result.selection.group.empty() &&
        std::any_of(releases.begin(), releases.end(), [&](const Release& release) {
            return cursorNeedsRebuild(optionsFor(request, release, result.cursorMs).state, result.cursorMs);
        }))
        if (auto early = firstForSelection(result, releases))
            first(std::move(*early));
    for (const Release& release : releases) {
        const ReportOptions options = optionsFor(request, release, result.cursorMs);
        result.releases.push_back(releaseAnswer(options, result, [&] {
            CursorState& c = cursorAt(options.state, result.cursorMs);
            return buildCursorView(session, c.state, c.samples, options, result.selection);
        }));
    }
    result.marks = marksFor(result);
    return result;
}

std::shared_ptr<const std::vector<TimelineMark>> ExplorerModel::marksFor(const ExplorerAnswer& answer)
{
    auto key = std::tuple{m_version, answer.selection.group, answer.selection.partition};
    if (!m_marks || key != m_marksKey) {
        // The whole session's interval, not the cursor's (the observed cadence grows with the
        // cursor), so that the marks stay while the cursor moves.
        int64_t interval = m_session.info.emitCheckpointsIntervalMs;
        if (!m_session.info.emitIntervalConfigured)
            if (const auto observed = observedCheckpointCadence(m_session, answer.toMs))
                interval = observed->intervalMs;
        m_marks = std::make_shared<const std::vector<TimelineMark>>(
            timelineMarks(m_session, answer.selection, interval, answer.toMs));
        m_marksKey = std::move(key);
    }
    return m_marks;
}

} // namespace driftscope
