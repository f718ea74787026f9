// The embedded demo: two librdkafka mock clusters in this process, source and target, with the
// scenario's topics, producers, consumer groups and an MM2 engine mirroring between them. Any
// Kafka client can connect to the bootstrap addresses while the object lives.
#pragma once

#include "model/config/connection_settings.h"
#include "model/demo/demo_scenario.h"
#include "model/demo/demo_status.h"
#include "model/mm2/checkpoint_task.h"
#include "model/session/session.h"

#include <librdkafka/rdkafka.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace driftscope::kafka {

struct DemoInfo {
    std::string sourceAlias, targetAlias;
    std::string sourceBootstrap, targetBootstrap;
    InternalTopics topics;
    std::vector<std::string> groups;
};

// Kafka requests whose failures tests inject (Kafka protocol ApiKeys; librdkafka keeps its
// RD_KAFKAP_* constants private).
enum class MockRequest : int16_t { ListOffsets = 2, Metadata = 3, OffsetFetch = 9 };

class DemoClusters {
public:
    static Result<std::unique_ptr<DemoClusters>> start(const DemoScenario& scenario);
    ~DemoClusters();
    DemoClusters(const DemoClusters&) = delete;
    DemoClusters& operator=(const DemoClusters&) = delete;

    const DemoInfo& info() const;
    const DemoScenario& scenario() const;
    // Settings for a reader of these clusters.
    ConnectionSettings connection() const;
    // Never waits for the engine (which may wait for a cluster): the figures of its last round.
    DemoStats stats() const;

    // Producers, groups and the MM2 engine stop (and resume): the clusters stay up and still.
    // Pausing waits until what was sent is acknowledged and the engine's store has read every
    // sync it wrote (or `timeoutMs` passed); returns whether that happened.
    bool setPaused(bool paused, int timeoutMs = 10'000);
    // The demo's MM2 stops, as a killed worker does (no replication, offset flushes, checkpoints
    // or heartbeats), while producers and groups go on; and starts again. Stopping waits until
    // the positions it wrote are acknowledged; returns whether that happened within `timeoutMs`.
    bool setMirrorStopped(bool stopped, int timeoutMs = 30'000);
    // The replication position the demo's MM2 last committed for a source partition (the offset
    // of the last record it handled), or none before it committed one.
    std::optional<int64_t> committedPosition(const TopicPartition& upstream) const;
    // Runs `look` with the engine's checkpoint task (its store and checkpoint memory) while the
    // engine is not changing it.
    void inspectEngine(const std::function<void(const CheckpointTask&)>& look) const;
    // Takes the broker of one cluster down or brings it back (rd_kafka_mock_broker_set_down/up).
    void setBrokerDown(ClusterSide side, bool down);
    // Faults as brokers give them, through the mock (rd_kafka_mock_topic_set_error and
    // rd_kafka_mock_push_request_errors): metadata lists `topic` with `error` until it is set
    // back to RD_KAFKA_RESP_ERR_NO_ERROR; the next `count` requests of a kind, from any client,
    // fail with `error` until clearRequestErrors drops those left.
    void setTopicError(ClusterSide side, const std::string& topic, rd_kafka_resp_err_t error);
    void pushRequestErrors(ClusterSide side, MockRequest request, size_t count, rd_kafka_resp_err_t error);
    void clearRequestErrors(ClusterSide side, MockRequest request);
    // Creates an empty topic on one cluster, as another tool would (a stray or misnamed topic); it
    // stays empty, since nothing of the demo writes to it. False when the mock refuses it.
    bool createEmptyTopic(ClusterSide side, const std::string& topic, int partitions = 1);
    // Writes a raw record to one of MM2's topics, as a foreign or broken writer would. Waits
    // until it is acknowledged; returns what went wrong, if anything.
    std::optional<std::string> injectRecord(InternalTopic topic, const std::optional<Bytes>& key,
                                            const std::optional<Bytes>& value);

    struct Parts;

private:
    explicit DemoClusters(std::unique_ptr<Parts> parts);
    std::unique_ptr<Parts> m_parts;
};

} // namespace driftscope::kafka
