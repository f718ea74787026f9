#include "model/demo/demo_cluster.h"

#include "model/demo/demo_mirror.h"
#include "model/demo/demo_workload.h"
#include "model/util/text_format.h"

#include <librdkafka/rdkafka_mock.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace driftscope::kafka {
namespace {

int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// A mock cluster and the client that owns it; the cluster must go before its owner.
struct MockCluster {
    ClientCallbacks quiet;
    Handle owner;
    rd_kafka_mock_cluster_t* cluster = nullptr;
    std::string bootstrap;

    ~MockCluster()
    {
        if (cluster)
            rd_kafka_mock_cluster_destroy(cluster);
    }
    std::optional<std::string> create()
    {
        quiet.log = [](int, const std::string&) {
        };
        auto made = makeProducer({}, &quiet);
        if (!made)
            return made.error();
        owner = std::move(*made);
        cluster = rd_kafka_mock_cluster_new(owner.get(), 1);
        if (!cluster)
            return std::string("cannot create a mock cluster");
        bootstrap = rd_kafka_mock_cluster_bootstraps(cluster);
        return std::nullopt;
    }
    bool createTopic(const std::string& name, int partitions)
    {
        return rd_kafka_mock_topic_create(cluster, name.c_str(), partitions, 1) == RD_KAFKA_RESP_ERR_NO_ERROR;
    }
};

} // namespace

struct DemoClusters::Parts {
    DemoScenario scenario;
    DemoInfo info;
    MockCluster source, target;
    std::unique_ptr<DemoWorkload> workload;
    std::unique_ptr<DemoMirror> mirror;
    std::thread engine;
    std::atomic<bool> stopping = false;
    std::atomic<bool> paused = false;
    std::atomic<bool> mirrorStopped = false;
    mutable std::mutex engineMutex; // held while the engine works
    mutable std::mutex statsMutex;  // held only to copy `stats`
    DemoStats stats;
    int64_t nextLagMs = 0;

    // Topics as MM2 creates them: the mirrored ones with the source's partition counts, its
    // internal topics with one partition.
    bool createTopics();
    // One turn of the engine thread: produce, consume and mirror, then publish the counts.
    void turn();
    DemoStats statsNow();
};

bool DemoClusters::Parts::createTopics()
{
    const DemoScenario& s = scenario;
    bool created = true;
    for (const DemoTopic& t : s.topics) {
        created &= source.createTopic(t.name, t.partitions);
        created &=
            target.createTopic(ReplicationPolicy{}.formatRemoteTopic(s.sourceAlias, t.name), t.partitions);
    }
    created &= (info.topics.offsetSyncsSide == ClusterSide::Source ? source : target)
                   .createTopic(info.topics.offsetSyncs, 1);
    created &= target.createTopic(info.topics.checkpoints, 1);
    created &= target.createTopic(info.topics.heartbeats, 1);
    created &= target.createTopic(info.topics.connectOffsets, 1);
    return created;
}

void DemoClusters::Parts::turn()
{
    std::lock_guard lock(engineMutex);
    if (paused) {
        mirror->drain();
    } else {
        const int64_t now = nowMs();
        workload->tick(now);
        if (mirrorStopped)
            std::this_thread::sleep_for(std::chrono::milliseconds(5)); // the tick's wait
        else
            mirror->tick(now); // waits a few ms for source records
    }
    const DemoStats next = statsNow();
    std::lock_guard statsLock(statsMutex);
    stats = next;
}

DemoStats DemoClusters::Parts::statsNow()
{
    const DemoMirrorStats m = mirror->stats();
    DemoStats next = stats;
    next.produced = workload->produced();
    next.replicated = m.replicated;
    next.filtered = m.filtered;
    next.syncsSent = m.syncsSent;
    next.positions = m.positions;
    next.checkpoints = m.checkpoints;
    next.heartbeats = m.heartbeats;
    next.groupCommits = workload->commits();
    next.groupResets = workload->resetsToLogStart();
    next.syncsRead = m.syncsRead;
    // Paused, nothing is produced or mirrored: the lag stays as it was.
    const int64_t now = nowMs();
    if (!paused && now >= nextLagMs) {
        const DemoLag lag =
            workload->lagBehind([this](const TopicPartition& tp) { return mirror->mirroredEnd(tp); }, now);
        next.mirrorLagRecords = lag.records;
        next.mirrorLagMs = lag.oldestMs;
        next.mirrorLagMaxMs = std::max(next.mirrorLagMaxMs, lag.oldestMs);
        nextLagMs = now + 500;
    }
    return next;
}

Result<std::unique_ptr<DemoClusters>> DemoClusters::start(const DemoScenario& scenario)
{
    auto parts = std::make_unique<Parts>();
    parts->scenario = scenario;
    parts->stats.mirrorLagLimitMs = demoMirrorLagLimitMs(scenario);
    for (MockCluster* c : {&parts->source, &parts->target})
        if (auto failure = c->create())
            return Error{"cannot start the demo clusters: " + *failure};
    const DemoScenario& s = parts->scenario;
    DemoInfo& info = parts->info;
    info.sourceAlias = s.sourceAlias;
    info.targetAlias = s.targetAlias;
    info.sourceBootstrap = parts->source.bootstrap;
    info.targetBootstrap = parts->target.bootstrap;
    info.topics = internalTopics(profileFor(s.release), ReplicationPolicy{}, s.sourceAlias, s.targetAlias);
    for (const DemoGroup& g : s.groups)
        info.groups.push_back(g.name);

    if (!parts->createTopics())
        return Error{"cannot create the demo topics"};

    parts->workload = std::make_unique<DemoWorkload>(s, info.sourceBootstrap);
    parts->mirror = std::make_unique<DemoMirror>(s, info.sourceBootstrap, info.targetBootstrap, info.topics);
    if (auto failure = parts->workload->init())
        return Error{"cannot start the demo producers and groups: " + *failure};
    if (auto failure = parts->mirror->init())
        return Error{"cannot start the demo MM2: " + *failure};

    Parts* p = parts.get();
    parts->engine = std::thread([p] {
        while (!p->stopping) {
            p->turn();
            if (p->paused)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    return std::unique_ptr<DemoClusters>(new DemoClusters(std::move(parts)));
}

DemoClusters::DemoClusters(std::unique_ptr<Parts> parts) : m_parts(std::move(parts))
{
}

DemoClusters::~DemoClusters()
{
    m_parts->stopping = true;
    if (m_parts->engine.joinable())
        m_parts->engine.join();
    // Clients before the clusters they talk to, clusters before their owners (MockCluster).
    m_parts->mirror.reset();
    m_parts->workload.reset();
}

const DemoInfo& DemoClusters::info() const
{
    return m_parts->info;
}

const DemoScenario& DemoClusters::scenario() const
{
    return m_parts->scenario;
}

ConnectionSettings DemoClusters::connection() const
{
    ConnectionSettings c;
    c.source.alias = m_parts->info.sourceAlias;
    c.target.alias = m_parts->info.targetAlias;
    c.source.clientProperties = {{"bootstrap.servers", m_parts->info.sourceBootstrap}};
    c.target.clientProperties = {{"bootstrap.servers", m_parts->info.targetBootstrap}};
    c.emitCheckpointsIntervalMs = m_parts->scenario.emitCheckpointsIntervalMs;
    c.emitIntervalConfigured = true;
    c.syncGroupOffsets = false; // the demo's MM2 emits checkpoints only
    c.offsetLagMax = m_parts->scenario.offsetLagMax;
    c.offsetFlushIntervalMs = m_parts->scenario.offsetFlushIntervalMs;
    return c;
}

DemoStats DemoClusters::stats() const
{
    std::lock_guard lock(m_parts->statsMutex);
    return m_parts->stats;
}

bool DemoClusters::setPaused(bool paused, int timeoutMs)
{
    m_parts->paused = paused;
    if (!paused)
        return true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (std::chrono::steady_clock::now() < deadline) {
        {
            std::lock_guard lock(m_parts->engineMutex);
            // Producers' queues empty (everything acknowledged) and the store read all it sent.
            if (rd_kafka_outq_len(m_parts->mirror->targetProducer()) == 0 &&
                rd_kafka_outq_len(m_parts->mirror->syncsProducer()) == 0 &&
                m_parts->stats.syncsRead >= m_parts->stats.syncsSent)
                return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

bool DemoClusters::setMirrorStopped(bool stopped, int timeoutMs)
{
    m_parts->mirrorStopped = stopped;
    if (!stopped)
        return true;
    // The engine is between ticks while this holds the lock: the flag is seen from here on.
    std::lock_guard lock(m_parts->engineMutex);
    return rd_kafka_flush(m_parts->mirror->targetProducer(), timeoutMs) == RD_KAFKA_RESP_ERR_NO_ERROR;
}

std::optional<int64_t> DemoClusters::committedPosition(const TopicPartition& upstream) const
{
    std::lock_guard lock(m_parts->engineMutex);
    return m_parts->mirror->committedPosition(upstream);
}

void DemoClusters::inspectEngine(const std::function<void(const CheckpointTask&)>& look) const
{
    std::lock_guard lock(m_parts->engineMutex);
    look(m_parts->mirror->checkpointTask());
}

void DemoClusters::setBrokerDown(ClusterSide side, bool down)
{
    MockCluster& c = side == ClusterSide::Source ? m_parts->source : m_parts->target;
    if (down)
        rd_kafka_mock_broker_set_down(c.cluster, 1);
    else
        rd_kafka_mock_broker_set_up(c.cluster, 1);
}

void DemoClusters::setTopicError(ClusterSide side, const std::string& topic, rd_kafka_resp_err_t error)
{
    MockCluster& c = side == ClusterSide::Source ? m_parts->source : m_parts->target;
    rd_kafka_mock_topic_set_error(c.cluster, topic.c_str(), error);
}

void DemoClusters::pushRequestErrors(ClusterSide side, MockRequest request, size_t count,
                                     rd_kafka_resp_err_t error)
{
    MockCluster& c = side == ClusterSide::Source ? m_parts->source : m_parts->target;
    const std::vector<rd_kafka_resp_err_t> errors(count, error);
    rd_kafka_mock_push_request_errors_array(c.cluster, static_cast<int16_t>(request), errors.size(),
                                            errors.data());
}

void DemoClusters::clearRequestErrors(ClusterSide side, MockRequest request)
{
    MockCluster& c = side == ClusterSide::Source ? m_parts->source : m_parts->target;
    rd_kafka_mock_clear_request_errors(c.cluster, static_cast<int16_t>(request));
}

bool DemoClusters::createEmptyTopic(ClusterSide side, const std::string& topic, int partitions)
{
    MockCluster& c = side == ClusterSide::Source ? m_parts->source : m_parts->target;
    return c.createTopic(topic, partitions);
}

std::optional<std::string> DemoClusters::injectRecord(InternalTopic topic, const std::optional<Bytes>& key,
                                                      const std::optional<Bytes>& value)
{
    const InternalTopics& names = m_parts->info.topics;
    const std::string& name = topic == InternalTopic::OffsetSyncs   ? names.offsetSyncs
                              : topic == InternalTopic::Checkpoints ? names.checkpoints
                                                                    : names.heartbeats;
    // Flushing serves delivery reports on this thread: the engine must not run meanwhile.
    std::lock_guard lock(m_parts->engineMutex);
    rd_kafka_t* producer = topic == InternalTopic::OffsetSyncs ? m_parts->mirror->syncsProducer()
                                                               : m_parts->mirror->targetProducer();
    // A null key or value is a null pointer (a record with an empty one has a non-null pointer).
    static uint8_t empty = 0;
    const void* keyData = key ? (key->empty() ? &empty : key->data()) : nullptr;
    void* valueData = value ? (value->empty() ? &empty : const_cast<uint8_t*>(value->data())) : nullptr;
    const size_t keySize = key ? key->size() : 0;
    const size_t valueSize = value ? value->size() : 0;
    const rd_kafka_resp_err_t err = rd_kafka_producev(
        producer, RD_KAFKA_V_TOPIC(name.c_str()), RD_KAFKA_V_PARTITION(0), RD_KAFKA_V_KEY(keyData, keySize),
        RD_KAFKA_V_VALUE(valueData, valueSize), RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
        RD_KAFKA_V_OPAQUE(DemoMirror::kInjected), RD_KAFKA_V_END);
    if (err)
        return "cannot inject into " + name + ": " + errorText(err);
    // A loaded machine (a test suite on two cores) can take seconds to acknowledge.
    if (rd_kafka_flush(producer, 30'000) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return "injected record to " + name + " was not acknowledged in time";
    return std::nullopt;
}

} // namespace driftscope::kafka
