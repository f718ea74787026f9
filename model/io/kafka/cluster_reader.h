// One cluster's worker of the live reader: it consumes the internal topics that live on its
// cluster and samples the cluster's log offsets and committed group offsets every few seconds.
#pragma once

#include "model/io/kafka/group_offsets.h"
#include "model/io/kafka/inspected_client.h"
#include "model/io/kafka/live_reading.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace driftscope::kafka {

class ClusterReader {
public:
    ClusterReader(LiveReading& live, ClusterSide side);
    ~ClusterReader();
    ClusterReader(const ClusterReader&) = delete;
    ClusterReader& operator=(const ClusterReader&) = delete;

    void run(); // until live.stopping

private:
    // A topic being read; partitions 0..n-1 (n = 1 for offset syncs). Found from each message
    // through the topic handle's opaque pointer, so nodes must not move (std::map).
    struct Consumed {
        std::string name;
        InternalTopic kind = InternalTopic::OffsetSyncs;
        rd_kafka_topic_t* handle = nullptr;
        std::vector<int64_t> endAtStart; // by partition
        std::vector<int64_t> next;       // by partition: the offset to read next
        std::vector<bool> caughtUp;      // by partition
        std::vector<bool> fetchFailing;  // by partition: the last fetch gave an error
        size_t partitionsCaughtUp = 0;
    };

    void round();
    bool historyReadButNotSampled();
    bool readingHistory() const; // guarded
    void followInternalTopics(const TopicList& topics);
    void startConsuming(const std::string& name, InternalTopic kind, int partitionCount);
    void consume(int timeoutMs);
    void take(const rd_kafka_message_t& m, int64_t now);   // guarded
    void markCaughtUp(Consumed& topic, int32_t partition); // guarded
    void sampleLogOffsets(const std::vector<TopicPartition>& partitions);
    void sampleGroups(const std::vector<TopicPartition>& partitions);
    bool connect(); // false: the cluster's state is "failed"
    void disconnect();
    void startFetching(Consumed& topic);
    void renewClient();
    void listGroups();
    void followOffsetSyncsConfigs();
    TopicProgress& progressOf(InternalTopic kind); // guarded
    std::string lastClientError();

    LiveReading& m_live;
    const ClusterSide m_side;
    ClientCallbacks m_callbacks;
    std::mutex m_errorMutex;
    std::string m_lastError;
    ClientConfig m_config;
    Handle m_client; // the one client of this cluster
    rd_kafka_queue_t* m_queue = nullptr;
    std::unique_ptr<GroupOffsetRequests> m_groupOffsets;
    std::map<std::string, Consumed> m_consumed; // by topic name
    std::set<std::pair<std::string, TopicPartition>> m_hadOffset;
    int64_t m_nextGroupListingMs = 0;
    rd_kafka_queue_t* m_configsQueue = nullptr; // the offset-syncs topic's configs, when asked
    bool m_configsAsked = false;
    int64_t m_nextConfigsMs = 0;
    bool m_groupListingNoted = false;
    // Groups with a committed offset sampled, those the last listing held (none: it failed or was
    // not asked yet) and those said to be left out of it (reader_problems.h, group-not-listed).
    std::set<std::string> m_groupsWithOffsets;
    std::optional<std::set<std::string>> m_lastListed;
    std::set<std::string> m_notListedSaid;
};

} // namespace driftscope::kafka
