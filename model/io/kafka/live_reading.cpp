#include "model/io/kafka/live_reading.h"

#include "model/session/mm2_state.h"

#include <algorithm>
#include <chrono>

namespace driftscope::kafka {

int64_t wallClockMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

LiveReading::LiveReading(LiveReaderOptions opts)
    : options(std::move(opts)), topics(internalTopicsFor(options.connection, profileFor(options.release)))
{
    const ConnectionSettings& c = options.connection;
    SessionInfo& info = session.info;
    info.sourceAlias = c.source.alias;
    info.targetAlias = c.target.alias;
    info.release = options.releaseName.empty() ? toString(options.release) : options.releaseName;
    info.offsetSyncsTopic = topics.offsetSyncs;
    info.offsetSyncsSide = topics.offsetSyncsSide;
    info.checkpointsTopic = topics.checkpoints;
    info.heartbeatsTopic = topics.heartbeats;
    info.connectOffsetsTopic = topics.connectOffsets;
    info.offsetFlushIntervalMs = c.offsetFlushIntervalMs;
    info.policy = c.policy;
    info.emitCheckpointsIntervalMs = c.emitCheckpointsIntervalMs;
    info.emitIntervalConfigured = c.emitIntervalConfigured;
    info.syncGroupOffsets = c.syncGroupOffsets;
    info.syncGroupOffsetsIntervalMs = c.syncGroupOffsetsIntervalMs;
    info.groups = options.groups;
    if (c.emitIntervalConfigured) { // an MM2 configuration's: its filter is the flow's
        info.groupsInclude = c.groups;
        info.groupsExclude = c.groupsExclude;
    }
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
        for (const auto& [key, value] : redactedProperties(c.cluster(side).clientProperties))
            info.configuration.emplace_back(std::string(sideName(side)) + "." + key, value);
    info.origin = "live";
    info.toolVersion = options.toolVersion;
    info.startedAtMs = wallClockMs();

    status.offsetSyncs = {topics.offsetSyncs, info.offsetSyncsSide};
    status.checkpoints = {topics.checkpoints, ClusterSide::Target};
    status.heartbeats = {topics.heartbeats, ClusterSide::Target};
    status.connectOffsets = {topics.connectOffsets, ClusterSide::Target};

    auto filter = NameFilter::make(c.groups, c.groupsExclude);
    if (filter)
        m_groupFilter = std::move(*filter);
    else
        addEvent(std::nullopt, ReaderEventState::GroupFilterInvalid,
                 "the groups / groups.exclude setting: " + filter.error());
    addEvent(std::nullopt, ReaderEventState::Started,
             "reading " + c.source.alias + " -> " + c.target.alias + " with MM2 " +
                 toString(options.release) + " topic names");
}

void LiveReading::setClusterState(ClusterSide side, ClusterState state, const std::string& detail)
{
    ClusterStatus& s = clusterStatus(side);
    const bool changedState = s.state != state;
    s.state = state;
    s.detail = detail;
    if (changedState) {
        const std::string& alias =
            side == ClusterSide::Source ? session.info.sourceAlias : session.info.targetAlias;
        const std::string name(clusterStateName(state));
        addEvent(side, name,
                 alias + " (" + std::string(sideName(side)) + ") " + name + (detail.empty() ? "" : ": ") +
                     detail);
    }
}

void LiveReading::addEvent(std::optional<ClusterSide> side, ReaderEventState state,
                           const std::string& message)
{
    addEvent(side, readerEventName(state), message);
}

void LiveReading::addEvent(std::optional<ClusterSide> side, std::string_view state,
                           const std::string& message)
{
    session.events.push_back({wallClockMs(), side, std::string(state), message});
    changed.notify_all();
}

void LiveReading::noteProblem(ClusterSide side, const std::string& subject, ReaderEventState state,
                              const std::string& message)
{
    const auto key = std::make_pair(side, subject);
    const auto last = m_problems.find(key);
    if (last != m_problems.end() && last->second == std::make_pair(state, message))
        return;
    m_problems.insert_or_assign(key, std::make_pair(state, message));
    addEvent(side, state, message);
}

bool LiveReading::forgetProblem(ClusterSide side, const std::string& subject)
{
    return m_problems.erase({side, subject}) > 0;
}

void LiveReading::addListedGroups(const std::vector<std::string>& groups)
{
    for (const std::string& g : groups)
        if (m_groupFilter && m_groupFilter->accepts(g))
            m_listedGroups.insert(g);
}

std::vector<std::string> LiveReading::groupsToSample()
{
    std::vector<std::string> groups = options.groups;
    auto add = [&](const std::string& g) {
        if (std::find(groups.begin(), groups.end(), g) == groups.end())
            groups.push_back(g);
    };
    if (options.discoverGroups) {
        for (const std::string& g : m_listedGroups)
            add(g);
        for (uint32_t id = 0; id < session.groupCount(); ++id)
            add(session.group(id));
    }
    if (groups.size() > options.maxGroups) {
        if (!m_groupCapNoted) {
            addEvent(std::nullopt, ReaderEventState::GroupsCapped,
                     std::to_string(groups.size()) + " groups known; sampling the first " +
                         std::to_string(options.maxGroups) + " (name others with --group)");
            m_groupCapNoted = true;
        }
        groups.resize(options.maxGroups);
    }
    // Groups found along the way become part of the session's selection, for reports and captures.
    for (const std::string& g : groups)
        if (std::find(session.info.groups.begin(), session.info.groups.end(), g) == session.info.groups.end())
            session.info.groups.push_back(g);
    status.groupsSampled = groups.size();
    return groups;
}

void LiveReading::noteUpstreamTopics()
{
    for (; m_syncsSeen < session.syncs.size(); ++m_syncsSeen)
        m_upstreamTopics.insert(session.partition(session.syncs[m_syncsSeen].partition).topic);
    // A topic may have checkpoints and no syncs (yet, or any more): its partitions are mirrored
    // all the same, named upstream as reports name them.
    if (m_checkpointsSeen < session.checkpoints.size()) {
        const auto upstreamOf = upstreamPartitions(session);
        for (; m_checkpointsSeen < session.checkpoints.size(); ++m_checkpointsSeen)
            m_upstreamTopics.insert(
                checkpointUpstream(session, upstreamOf, session.checkpoints[m_checkpointsSeen].partition)
                    .topic);
    }
}

void LiveReading::forget(const Session::Mark& mark)
{
    noteUpstreamTopics();
    const Session::Mark dropped = session.forgetBefore(mark);
    m_syncsSeen -= dropped.syncs;
    m_checkpointsSeen -= dropped.checkpoints;
}

std::vector<TopicPartition> LiveReading::mirroredPartitions(ClusterSide side, const TopicList& listed)
{
    noteUpstreamTopics();
    const SessionInfo& info = session.info;
    std::vector<TopicPartition> partitions;
    for (const std::string& upstream : m_upstreamTopics) {
        const std::string topic =
            side == ClusterSide::Source
                ? upstream
                : checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, {upstream, 0}).topic;
        const auto it = listed.partitions.find(topic);
        if (it == listed.partitions.end())
            continue;
        for (int p = 0; p < it->second; ++p)
            partitions.push_back({topic, p});
    }
    return partitions;
}

} // namespace driftscope::kafka
