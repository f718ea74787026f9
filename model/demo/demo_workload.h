// The applications around the demo's source cluster: producers writing to its topics at their
// rates, and consumer groups committing offsets with their habits (without joining: they
// commit positions they compute, which is all MM2 ever sees of a group). Commits go through
// Admin AlterConsumerGroupOffsets on the one producer client, so that hundreds of groups need no
// client each.
#pragma once

#include "model/demo/demo_scenario.h"
#include "model/io/kafka/kafka_client.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>

namespace driftscope::kafka {

// Values of records the demo's MM2 drops, as a Filter transformation would.
constexpr std::string_view kFilteredPrefix = "filtered:";

// How far the demo's MM2 is behind its source: records written but not yet mirrored, and the
// age of the oldest of them.
struct DemoLag {
    int64_t records = 0;
    int64_t oldestMs = 0;
};

class DemoWorkload {
public:
    DemoWorkload(const DemoScenario& scenario, const std::string& bootstrap);
    ~DemoWorkload();
    DemoWorkload(const DemoWorkload&) = delete;
    DemoWorkload& operator=(const DemoWorkload&) = delete;
    std::optional<std::string> init(); // creates the clients
    void tick(int64_t nowMs);

    uint64_t produced() const { return m_produced; }
    uint64_t commits() const { return m_commits; }
    // Times a far-behind group found its position pruned from the log and went on from the log
    // start, as a consumer with auto.offset.reset=earliest does.
    uint64_t resetsToLogStart() const { return m_resets; }
    // The lag of a mirror that has handled each partition up to `mirroredEnd(partition)`
    // (exclusive). Forgets the produce times of what it handled.
    DemoLag lagBehind(const std::function<int64_t(const TopicPartition&)>& mirroredEnd, int64_t nowMs);

private:
    struct Partition {
        const DemoTopic* topic = nullptr;
        double due = 0;       // records owed by the rate so far
        uint64_t written = 0; // records produced to it
        int64_t end = 0;      // log end offset, from delivery reports
        // The log start as last asked (the mock prunes a log's head beyond 5 MB), and when.
        int64_t start = 0;
        std::optional<int64_t> startAskedMs;
        // Acknowledged batches: the log end after each and when it was produced, oldest first,
        // down to the first not yet mirrored.
        std::deque<std::pair<int64_t, int64_t>> batches;
    };
    struct Group {
        const DemoGroup* spec = nullptr;
        std::vector<std::pair<const TopicPartition, Partition>*> consumed;
        std::map<TopicPartition, double> position; // FarBehind
        int64_t nextCommitMs = 0;
        bool committing = false; // a commit is in flight: the next waits for its answer
    };

    void produce(int64_t nowMs, double seconds);
    void commit(Group& group, int64_t nowMs);
    int64_t logStart(const TopicPartition& tp, Partition& partition, int64_t nowMs);
    void takeCommitResults();

    const DemoScenario& m_scenario;
    std::string m_bootstrap;
    ClientCallbacks m_callbacks;
    Handle m_producer;
    rd_kafka_queue_t* m_commitQueue = nullptr;
    rd_kafka_AdminOptions_t* m_commitOptions = nullptr;
    std::map<TopicPartition, Partition> m_partitions;
    std::vector<Group> m_groups;
    int64_t m_startMs = -1;
    int64_t m_lastTickMs = -1;
    int64_t m_nextProduceMs = 0;
    uint64_t m_produced = 0;
    uint64_t m_commits = 0;
    uint64_t m_resets = 0;
    uint64_t m_sequence = 0;
};

} // namespace driftscope::kafka
