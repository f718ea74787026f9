// The demo's MirrorMaker 2: it replicates the source topics to the target through the Kafka
// protocol, and runs the model's own MM2 rules (SyncEmitter, CheckpointTask) to write real
// offset-sync, checkpoint and heartbeat records in MM2's wire format to MM2's topics, and its
// replication position to Connect's offsets topic at every offset flush.
#pragma once

#include "model/demo/demo_scenario.h"
#include "model/io/kafka/group_offsets.h"
#include "model/io/kafka/kafka_client.h"
#include "model/mm2/checkpoint_task.h"
#include "model/mm2/sync_emitter.h"
#include "model/records/wire_codec.h"

#include <map>
#include <unordered_map>

namespace driftscope::kafka {

struct DemoMirrorStats {
    uint64_t replicated = 0;
    uint64_t filtered = 0;
    uint64_t syncsSent = 0;
    uint64_t positions = 0;
    uint64_t checkpoints = 0;
    uint64_t heartbeats = 0;
    uint64_t syncsRead = 0;        // records of the syncs topic its store has read
    uint64_t undecodableSyncs = 0; // ... of which it had to skip this many
};

class DemoMirror {
public:
    DemoMirror(const DemoScenario& scenario, std::string sourceBootstrap, std::string targetBootstrap,
               InternalTopics topics);
    ~DemoMirror();
    DemoMirror(const DemoMirror&) = delete;
    DemoMirror& operator=(const DemoMirror&) = delete;

    std::optional<std::string> init();
    void tick(int64_t nowMs);
    // While paused: no replication, flushes, checkpoints or heartbeats; acknowledgements and
    // the syncs topic are still read, so the engine's store catches up with what it sent.
    void drain();
    const CheckpointTask& checkpointTask() const { return m_task; }
    DemoMirrorStats stats() const { return m_stats; }
    // The upstream offset up to which (exclusive) this MM2 has handled a source partition: its
    // records replicated and acknowledged, or dropped by the filter.
    int64_t mirroredEnd(const TopicPartition& upstream) const;
    // The replication position last written to Connect's offsets topic for a source partition
    // (the offset of the last record handled), or none before the first flush that had one.
    std::optional<int64_t> committedPosition(const TopicPartition& upstream) const;

    // Producers of the internal topics, for records injected by tests (opaque kInjected).
    rd_kafka_t* syncsProducer() const { return m_syncsProducer.get(); }
    rd_kafka_t* targetProducer() const { return m_targetProducer.get(); }
    static inline void* const kInjected = reinterpret_cast<void*>(1);

private:
    struct InFlight {
        TopicPartition upstream;
        int64_t offset;
    };

    void replicate(int timeoutMs);
    void handled(const TopicPartition& upstream, int64_t offset);
    void sendSyncs();
    void readSyncs();
    void emitCheckpoints(int64_t nowMs);
    void emitHeartbeat(int64_t nowMs);
    void commitPositions(int64_t nowMs);
    void produceRecord(rd_kafka_t* producer, const std::string& topic, const Bytes& key, const Bytes& value,
                       int64_t timestampMs, void* opaque);

    const DemoScenario& m_scenario;
    std::string m_sourceBootstrap, m_targetBootstrap;
    InternalTopics m_topics;
    ReleaseProfile m_profile;
    SyncEmitter m_emitter;
    CheckpointTask m_task;

    ClientCallbacks m_targetCallbacks, m_syncsCallbacks, m_quiet;
    Handle m_sourceConsumer, m_syncsConsumer, m_targetProducer, m_syncsProducer;
    rd_kafka_queue_t* m_sourceQueue = nullptr;
    rd_kafka_queue_t* m_syncsQueue = nullptr;
    std::vector<rd_kafka_topic_t*> m_consumedTopics;
    // The groups' committed offsets, read as MM2 reads them (Admin ListConsumerGroupOffsets) on
    // the source consumer, which has no group.id.
    std::unique_ptr<GroupOffsetRequests> m_groupOffsets;
    std::vector<std::string> m_groupNames;
    std::vector<TopicPartition> m_upstream;
    // The groups asked together: those consuming the same topics, with those topics' partitions.
    struct GroupQuery {
        std::vector<size_t> groups; // into m_groupNames
        std::vector<std::string> names;
        std::vector<TopicPartition> partitions;
    };
    std::vector<GroupQuery> m_groupQueries;
    std::unordered_map<uint64_t, InFlight> m_inFlight;
    std::map<TopicPartition, int64_t> m_mirroredEnd;
    std::map<TopicPartition, int64_t> m_committedEnd; // as last written to Connect's offsets topic
    uint64_t m_nextInFlight = 2;                      // 0 and 1 (kInjected) mean "not a replicated record"
    int64_t m_nextFlushMs = 0, m_nextCheckpointMs = 0, m_nextHeartbeatMs = 0;
    DemoMirrorStats m_stats;
};

} // namespace driftscope::kafka
