#include "model/demo/demo_mirror.h"

#include "model/demo/demo_workload.h"
#include "model/io/kafka/inspected_client.h"
#include "model/mm2/name_filter.h"
#include "model/records/connect_offset.h"
#include "model/records/wire_codec.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>

namespace driftscope::kafka {
namespace {

constexpr int kRequestTimeoutMs = 500;

CheckpointTaskSettings taskSettings(const DemoScenario& s)
{
    CheckpointTaskSettings settings;
    settings.sourceAlias = s.sourceAlias;
    settings.targetAlias = s.targetAlias;
    return settings;
}

std::optional<ByteView> viewOf(const void* data, size_t size)
{
    if (!data)
        return std::nullopt;
    return ByteView(static_cast<const uint8_t*>(data), size);
}

} // namespace

DemoMirror::DemoMirror(const DemoScenario& scenario, std::string sourceBootstrap, std::string targetBootstrap,
                       InternalTopics topics)
    : m_scenario(scenario), m_sourceBootstrap(std::move(sourceBootstrap)),
      m_targetBootstrap(std::move(targetBootstrap)), m_topics(std::move(topics)),
      m_profile(profileFor(scenario.release)),
      m_emitter(m_profile, EmitterSettings{scenario.offsetLagMax, 10}),
      m_task(m_profile, taskSettings(scenario))
{
    // The syncs topic is new and empty: the store's initial read-to-end is over at once.
    m_task.store().finishInitialLoad();
    for (const DemoTopic& t : scenario.topics)
        for (int p = 0; p < t.partitions; ++p)
            m_upstream.push_back({t.name, p});
    m_quiet.log = [](int, const std::string&) {
    };
    m_targetCallbacks.log = m_quiet.log;
    // Acknowledged replicated records are MirrorSourceTask.commitRecord(): they drive the syncs.
    m_targetCallbacks.delivered = [this](const rd_kafka_message_t& m) {
        const auto it = m_inFlight.find(reinterpret_cast<uintptr_t>(m._private));
        if (it == m_inFlight.end())
            return;
        if (!m.err) {
            m_emitter.commitRecord(it->second.upstream, it->second.offset, m.offset);
            ++m_stats.replicated;
            handled(it->second.upstream, it->second.offset);
        }
        m_inFlight.erase(it);
    };
    m_syncsCallbacks.log = m_quiet.log;
    m_syncsCallbacks.delivered = [this](const rd_kafka_message_t& m) {
        if (m._private != kInjected)
            m_emitter.sendCompleted();
    };
}

DemoMirror::~DemoMirror()
{
    m_groupOffsets.reset(); // before the client it asks through
    for (rd_kafka_topic_t* topic : m_consumedTopics)
        rd_kafka_topic_destroy(topic);
    if (m_sourceQueue)
        rd_kafka_queue_destroy(m_sourceQueue);
    if (m_syncsQueue)
        rd_kafka_queue_destroy(m_syncsQueue);
}

std::optional<std::string> DemoMirror::init()
{
    const std::string& syncsBootstrap =
        m_topics.offsetSyncsSide == ClusterSide::Source ? m_sourceBootstrap : m_targetBootstrap;
    // Its consumers read as driftscope's reader does (no group); its group readers below are
    // the only clients with a group.id, and only fetch committed offsets.
    auto readerOf = [&](const std::string& bootstrap, const char* id) {
        return makeClient(
            inspectedClientConfig({{"bootstrap.servers", bootstrap}, {"client.id", id}}).value(), &m_quiet);
    };
    auto source = readerOf(m_sourceBootstrap, "demo-mm2-source");
    auto syncs = readerOf(syncsBootstrap, "demo-mm2-syncs");
    auto target = makeProducer(
        {{"bootstrap.servers", m_targetBootstrap}, {"linger.ms", "5"}, {"client.id", "demo-mm2"}},
        &m_targetCallbacks);
    auto syncsProducer = makeProducer(
        {{"bootstrap.servers", syncsBootstrap}, {"client.id", "demo-mm2-offset-syncs"}}, &m_syncsCallbacks);
    for (auto* made : {&source, &syncs, &target, &syncsProducer})
        if (!*made)
            return made->error();
    m_sourceConsumer = std::move(*source);
    m_syncsConsumer = std::move(*syncs);
    m_targetProducer = std::move(*target);
    m_syncsProducer = std::move(*syncsProducer);

    m_sourceQueue = rd_kafka_queue_new(m_sourceConsumer.get());
    for (const DemoTopic& t : m_scenario.topics) {
        rd_kafka_topic_t* topic = rd_kafka_topic_new(m_sourceConsumer.get(), t.name.c_str(), nullptr);
        m_consumedTopics.push_back(topic);
        for (int p = 0; p < t.partitions; ++p)
            rd_kafka_consume_start_queue(topic, p, RD_KAFKA_OFFSET_BEGINNING, m_sourceQueue);
    }
    m_syncsQueue = rd_kafka_queue_new(m_syncsConsumer.get());
    rd_kafka_topic_t* syncsTopic =
        rd_kafka_topic_new(m_syncsConsumer.get(), m_topics.offsetSyncs.c_str(), nullptr);
    m_consumedTopics.push_back(syncsTopic);
    rd_kafka_consume_start_queue(syncsTopic, 0, RD_KAFKA_OFFSET_BEGINNING, m_syncsQueue);

    // Requests are never abandoned to librdkafka's timeout (group_offsets.h): its longest.
    m_groupOffsets = std::make_unique<GroupOffsetRequests>(m_sourceConsumer.get(), kMaxAdminTimeoutMs);
    // MM2 lists all of a group's committed offsets. The demo asks each group only for the
    // partitions of the topics it consumes: the answer for any other partition would be "none
    // committed", so the checkpoints are the same, and the load scenario's 200 groups need 200
    // requests a round instead of 2,000 (which took longer than a round allows, so that groups
    // late in the list never got a checkpoint).
    // MM2 checkpoints only the groups its filter accepts (the demo runs MM2's defaults, as its
    // connection() says): a console consumer's group, say, never gets a checkpoint.
    const NameFilter groupFilter = NameFilter::defaultGroupFilter();
    for (const DemoGroup& g : m_scenario.groups) {
        if (!groupFilter.accepts(g.name))
            continue;
        const size_t index = m_groupNames.size();
        m_groupNames.push_back(g.name);
        std::vector<TopicPartition> partitions;
        for (const TopicPartition& tp : m_upstream)
            if (g.topics.empty() || std::find(g.topics.begin(), g.topics.end(), tp.topic) != g.topics.end())
                partitions.push_back(tp);
        auto same = std::find_if(m_groupQueries.begin(), m_groupQueries.end(),
                                 [&](const GroupQuery& q) { return q.partitions == partitions; });
        if (same == m_groupQueries.end())
            same = m_groupQueries.insert(m_groupQueries.end(), GroupQuery{{}, {}, std::move(partitions)});
        same->groups.push_back(index);
        same->names.push_back(g.name);
    }
    return std::nullopt;
}

void DemoMirror::tick(int64_t nowMs)
{
    replicate(5);
    rd_kafka_poll(m_targetProducer.get(), 0); // acknowledgements -> commitRecord -> syncs
    sendSyncs();
    rd_kafka_poll(m_syncsProducer.get(), 0); // acknowledged syncs free their permits
    readSyncs();
    if (nowMs >= m_nextFlushMs) { // the worker's offset commit: E2 sends delayed syncs here
        m_emitter.commit();
        sendSyncs();
        commitPositions(nowMs);
        m_nextFlushMs = nowMs + m_scenario.offsetFlushIntervalMs;
    }
    if (nowMs >= m_nextCheckpointMs) {
        emitCheckpoints(nowMs);
        m_nextCheckpointMs = nowMs + m_scenario.emitCheckpointsIntervalMs;
    }
    if (nowMs >= m_nextHeartbeatMs) {
        emitHeartbeat(nowMs);
        m_nextHeartbeatMs = nowMs + m_scenario.heartbeatIntervalMs;
    }
}

void DemoMirror::handled(const TopicPartition& upstream, int64_t offset)
{
    int64_t& end = m_mirroredEnd[upstream];
    end = std::max(end, offset + 1);
}

// The worker's offset flush writes each source partition's position that moved since the last
// one to Connect's offsets topic, as MirrorSourceTask's source offsets.
void DemoMirror::commitPositions(int64_t nowMs)
{
    for (const auto& [upstream, end] : m_mirroredEnd) {
        int64_t& committed = m_committedEnd[upstream];
        if (committed == end)
            continue;
        committed = end;
        const ConnectPosition position{"MirrorSourceConnector", m_scenario.sourceAlias, upstream, end - 1};
        produceRecord(m_targetProducer.get(), m_topics.connectOffsets, encodeConnectOffsetKey(position),
                      *encodeConnectOffsetValue(position), nowMs, nullptr);
        ++m_stats.positions;
    }
}

std::optional<int64_t> DemoMirror::committedPosition(const TopicPartition& upstream) const
{
    const auto it = m_committedEnd.find(upstream);
    return it == m_committedEnd.end() ? std::nullopt : std::optional<int64_t>(it->second - 1);
}

int64_t DemoMirror::mirroredEnd(const TopicPartition& upstream) const
{
    const auto it = m_mirroredEnd.find(upstream);
    return it == m_mirroredEnd.end() ? 0 : it->second;
}

void DemoMirror::drain()
{
    rd_kafka_poll(m_targetProducer.get(), 0);
    rd_kafka_poll(m_syncsProducer.get(), 0);
    readSyncs();
}

void DemoMirror::replicate(int timeoutMs)
{
    std::array<rd_kafka_message_t*, 500> batch;
    const ssize_t n = rd_kafka_consume_batch_queue(m_sourceQueue, timeoutMs, batch.data(), batch.size());
    for (ssize_t i = 0; i < n; ++i) {
        rd_kafka_message_t* m = batch[static_cast<size_t>(i)];
        if (!m->err) {
            const std::string_view value(static_cast<const char*>(m->payload), m->payload ? m->len : 0);
            if (value.starts_with(kFilteredPrefix)) {
                // Dropped by a transformation: no RecordMetadata, so no commitRecord and no sync.
                ++m_stats.filtered;
                handled({rd_kafka_topic_name(m->rkt), m->partition}, m->offset);
            } else {
                const std::string topic = rd_kafka_topic_name(m->rkt);
                const std::string remote =
                    ReplicationPolicy{}.formatRemoteTopic(m_scenario.sourceAlias, topic);
                const uint64_t id = m_nextInFlight++;
                m_inFlight[id] = {{topic, m->partition}, m->offset};
                rd_kafka_producev(m_targetProducer.get(), RD_KAFKA_V_TOPIC(remote.c_str()),
                                  RD_KAFKA_V_PARTITION(m->partition), RD_KAFKA_V_KEY(m->key, m->key_len),
                                  RD_KAFKA_V_VALUE(m->payload, m->len),
                                  RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                                  RD_KAFKA_V_TIMESTAMP(rd_kafka_message_timestamp(m, nullptr)),
                                  RD_KAFKA_V_OPAQUE(reinterpret_cast<void*>(id)), RD_KAFKA_V_END);
            }
        }
        rd_kafka_message_destroy(m);
    }
}

void DemoMirror::produceRecord(rd_kafka_t* producer, const std::string& topic, const Bytes& key,
                               const Bytes& value, int64_t timestampMs, void* opaque)
{
    rd_kafka_producev(producer, RD_KAFKA_V_TOPIC(topic.c_str()), RD_KAFKA_V_PARTITION(0),
                      RD_KAFKA_V_KEY(key.data(), key.size()),
                      RD_KAFKA_V_VALUE(const_cast<uint8_t*>(value.data()), value.size()),
                      RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_TIMESTAMP(timestampMs),
                      RD_KAFKA_V_OPAQUE(opaque), RD_KAFKA_V_END);
}

void DemoMirror::sendSyncs()
{
    for (const OffsetSync& sync : m_emitter.takeSent()) {
        auto key = encodeOffsetSyncKey(sync);
        if (!key) { // a topic name longer than MM2 can write: the send fails, the permit returns
            m_emitter.sendCompleted();
            continue;
        }
        const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::system_clock::now().time_since_epoch())
                                .count();
        produceRecord(m_syncsProducer.get(), m_topics.offsetSyncs, *key, encodeOffsetSyncValue(sync), now,
                      nullptr);
        ++m_stats.syncsSent;
    }
}

void DemoMirror::readSyncs()
{
    std::array<rd_kafka_message_t*, 500> batch;
    const ssize_t n = rd_kafka_consume_batch_queue(m_syncsQueue, 0, batch.data(), batch.size());
    for (ssize_t i = 0; i < n; ++i) {
        rd_kafka_message_t* m = batch[static_cast<size_t>(i)];
        if (!m->err) {
            ++m_stats.syncsRead;
            const auto key = viewOf(m->key, m->key_len);
            const auto value = viewOf(m->payload, m->len);
            auto sync =
                key && value ? decodeOffsetSync(*key, *value) : Result<Decoded<OffsetSync>>(Error{"null"});
            if (sync) // MM2's store skips what it cannot decode
                m_task.store().apply(sync->record);
            else
                ++m_stats.undecodableSyncs;
        }
        rd_kafka_message_destroy(m);
    }
}

void DemoMirror::emitCheckpoints(int64_t nowMs)
{
    // MM2 lists each group's committed offsets on the source, then translates them.
    std::vector<std::optional<GroupOffsets>> listed(m_groupNames.size());
    for (const GroupQuery& query : m_groupQueries) {
        if (query.partitions.empty())
            continue;
        const auto answers = m_groupOffsets->ask(query.names, query.partitions, kRequestTimeoutMs);
        for (size_t g = 0; g < answers.size(); ++g) {
            if (answers[g].kind != GroupOffsetRequests::Answer::Kind::Offsets)
                continue; // as a failed listing: the group gets no checkpoint this round
            GroupOffsets group;
            for (size_t i = 0; i < query.partitions.size(); ++i)
                if (answers[g].offsets[i] >= 0)
                    group.emplace_back(query.partitions[i], CommittedOffset{answers[g].offsets[i], ""});
            listed[query.groups[g]] = std::move(group);
        }
    }
    std::vector<std::pair<std::string, GroupOffsets>> groups;
    for (size_t g = 0; g < listed.size(); ++g)
        if (listed[g] && !listed[g]->empty())
            groups.emplace_back(m_groupNames[g], std::move(*listed[g]));
    const CheckpointTask::PollResult result = m_task.poll(groups, nowMs);
    for (const EmittedCheckpoint& e : result.checkpoints) {
        auto key = encodeCheckpointKey(e.checkpoint);
        auto value = encodeCheckpointValue(e.checkpoint);
        if (!key || !value)
            continue;
        produceRecord(m_targetProducer.get(), m_topics.checkpoints, *key, *value, e.timestampMs, nullptr);
        ++m_stats.checkpoints;
    }
}

void DemoMirror::emitHeartbeat(int64_t nowMs)
{
    const Heartbeat heartbeat{m_scenario.sourceAlias, m_scenario.targetAlias, nowMs, 0};
    auto key = encodeHeartbeatKey(heartbeat);
    if (!key)
        return;
    produceRecord(m_targetProducer.get(), m_topics.heartbeats, *key, encodeHeartbeatValue(heartbeat), nowMs,
                  nullptr);
    ++m_stats.heartbeats;
}

} // namespace driftscope::kafka
