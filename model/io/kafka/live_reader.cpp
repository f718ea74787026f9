#include "model/io/kafka/live_reader.h"

#include "model/io/thread_priority.h"

#include "model/io/kafka/cluster_reader.h"
#include "model/util/text_format.h"

#include <thread>

namespace driftscope::kafka {

std::string_view topicStateName(TopicState state)
{
    switch (state) {
    case TopicState::Unknown:
        return "unknown";
    case TopicState::Missing:
        return "missing";
    case TopicState::Unreadable:
        return "unreadable";
    case TopicState::Reading:
        return "reading";
    case TopicState::Read:
        return "read";
    }
    return "unknown";
}

namespace {

std::string clusterName(const LiveReaderOptions& options, ClusterSide side)
{
    return "the " + std::string(sideName(side)) + " cluster " + options.connection.cluster(side).alias;
}

// "aliases A and B, the default replication policy with separator '.', offset-syncs.topic.location source"
std::string configurationWords(const LiveReaderOptions& options, const InternalTopics& implied)
{
    const ConnectionSettings& c = options.connection;
    const std::string policy =
        c.policy.kind == ReplicationPolicy::Kind::Identity
            ? "the identity replication policy"
            : "the default replication policy with separator " + singleQuoted(c.policy.separator);
    return "aliases " + c.source.alias + " and " + c.target.alias + ", " + policy +
           ", offset-syncs.topic.location " + std::string(sideName(implied.offsetSyncsSide));
}

// "; topics whose names look like offset-syncs topics: X on A, Y on B", or that there are none.
std::string lookalikeWords(const LiveStatus& status, const LiveReaderOptions& options,
                           const std::string& read)
{
    std::string names;
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target}) {
        const ClusterStatus& c = side == ClusterSide::Source ? status.source : status.target;
        for (const std::string& topic : c.offsetSyncsLookalikes)
            if (topic != read || side != status.offsetSyncs.side)
                names +=
                    (names.empty() ? "" : ", ") + topic + " on " + options.connection.cluster(side).alias;
    }
    return names.empty() ? "; neither cluster lists another topic whose name looks like an offset-syncs topic"
                         : "; topics whose names look like offset-syncs topics: " + names;
}

} // namespace

std::optional<std::string> offsetSyncsProblem(const LiveStatus& status, const LiveReaderOptions& options)
{
    const TopicProgress& syncs = status.offsetSyncs;
    const bool missing = syncs.state == TopicState::Missing;
    const bool empty = syncs.caughtUp && syncs.present && syncs.read == 0 && status.checkpoints.read > 0;
    if (!missing && !empty)
        return std::nullopt;
    const ConnectionSettings& c = options.connection;
    const InternalTopics implied = internalTopics(profileFor(options.release), c.policy, c.source.alias,
                                                  c.target.alias, c.syncsLocation);
    const ClusterSide impliedSide = implied.offsetSyncsSide;
    std::string out = "no offset syncs: " + syncs.topic + (missing ? " does not exist on " : " on ") +
                      clusterName(options, syncs.side);
    if (empty)
        out += " is empty while " + std::to_string(status.checkpoints.read) +
               " checkpoint records were read from " + status.checkpoints.topic +
               " (MM2 writes a partition's offset sync before any checkpoint that uses it)";
    const std::string config = configurationWords(options, implied);
    if (implied.offsetSyncs == syncs.topic && impliedSide == syncs.side)
        out += "; that is the name MM2 " + toString(options.release) + " derives from its configuration (" +
               config + ")";
    else
        out += "; MM2 " + toString(options.release) + "'s configuration implies " + implied.offsetSyncs +
               " on " + clusterName(options, impliedSide) + " (" + config + ")";
    return out + lookalikeWords(status, options, syncs.topic);
}

std::string notReadyWords(const LiveStatus& s)
{
    std::string why;
    for (const TopicProgress* t : {&s.offsetSyncs, &s.checkpoints, &s.connectOffsets}) {
        if (t->caughtUp)
            continue;
        const std::string side(sideName(t->side));
        if (t->state == TopicState::Unknown)
            why += "; " + t->topic + ": not found (the " + side + " cluster has not listed its topics)";
        else if (t->state == TopicState::Unreadable)
            why += "; " + t->topic + ": not readable on the " + side + " cluster: " + t->detail;
        else
            why += "; " + t->topic + ": " + std::to_string(t->read) + " of " + std::to_string(t->endAtStart) +
                   " records read";
    }
    if (s.offsetSyncsConfigsPending)
        why += "; " + s.offsetSyncs.topic + ": its configs (DescribeConfigs) have not answered yet";
    for (const auto& [name, c] : {std::pair{"source", &s.source}, std::pair{"target", &s.target}})
        if (c->state != ClusterState::Connected)
            why += std::string("; ") + name + " cluster " + std::string(clusterStateName(c->state)) +
                   (c->detail.empty() ? "" : ": " + c->detail);
    return why;
}

struct LiveReader::Shared {
    explicit Shared(LiveReaderOptions options) : live(std::move(options)) {}
    LiveReading live;
    std::vector<std::thread> workers;
};

LiveReader::LiveReader(LiveReaderOptions options) : m_shared(std::make_unique<Shared>(std::move(options)))
{
}

LiveReader::~LiveReader()
{
    stop();
}

void LiveReader::start()
{
    if (!m_shared->workers.empty())
        return;
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
        m_shared->workers.emplace_back([live = &m_shared->live, side] {
            if (live->options.background)
                lowerThisThreadsPriority();
            ClusterReader reader(*live, side);
            reader.run();
        });
}

void LiveReader::stop()
{
    m_shared->live.stopping = true;
    for (std::thread& worker : m_shared->workers)
        worker.join();
    m_shared->workers.clear();
}

Session LiveReader::since(const Session::Mark& from) const
{
    std::lock_guard lock(m_shared->live.mutex);
    return m_shared->live.session.since(from);
}

void LiveReader::forget(const Session::Mark& mark)
{
    std::lock_guard lock(m_shared->live.mutex);
    m_shared->live.forget(mark);
}

LiveStatus LiveReader::status() const
{
    std::lock_guard lock(m_shared->live.mutex);
    return m_shared->live.status;
}

bool LiveReader::waitFor(const std::function<bool(const LiveStatus&)>& done, int64_t timeoutMs) const
{
    std::unique_lock lock(m_shared->live.mutex);
    return m_shared->live.changed.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                           [&] { return done(m_shared->live.status); });
}

bool LiveReader::waitUntilReady(int64_t timeoutMs) const
{
    return waitFor([](const LiveStatus& s) { return s.ready() || s.failed(); }, timeoutMs) &&
           status().ready();
}

} // namespace driftscope::kafka
