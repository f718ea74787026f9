// Committed offsets of many consumer groups through Admin ListConsumerGroupOffsets (an
// OffsetFetch to each group's coordinator) on one client without group.id.
//
// librdkafka 2.0.2 takes one group per request: every group gets its own requests, all in flight
// together on one queue, and a round waits for their answers as a whole. It also matches each
// partition of an answer to its request by a linear search, so a group's partitions are asked in
// requests of at most kPartitionsPerRequest (2,000 partitions in one request: 2.5 s of CPU per
// round of 200 groups; in requests of 200: 0.7 s).
//
// librdkafka 2.0.2 aborts the process (rd_kafka_enq_once_del_source_return: Assertion
// `eonce->refcnt > 0' failed) when an admin request times out while it waits for its group's
// coordinator and the coordinator is found afterwards: reproduced on the mock cluster with a
// 1 s request while the broker was down, then the broker back (librdkafka issues #3663, #4605).
// So requests get a timeout far longer than any wait here, and they are never abandoned: a round
// stops waiting but the requests stay in flight, a group whose answer is late is not asked again
// until it arrives (late answers are dropped: the moment they describe is gone), and the owner
// replaces the client before any request could reach librdkafka's own timeout (oldestWaitMs).
#pragma once

#include "model/io/kafka/kafka_client.h"

#include <map>
#include <string>
#include <vector>

namespace driftscope::kafka {

constexpr size_t kPartitionsPerRequest = 200;
// The longest admin request timeout librdkafka accepts.
constexpr int kMaxAdminTimeoutMs = 3'600'000;

class GroupOffsetRequests {
public:
    // `rk` must outlive this object; `adminTimeoutMs` is librdkafka's timeout of each request.
    GroupOffsetRequests(rd_kafka_t* rk, int adminTimeoutMs);
    ~GroupOffsetRequests();
    GroupOffsetRequests(const GroupOffsetRequests&) = delete;
    GroupOffsetRequests& operator=(const GroupOffsetRequests&) = delete;

    struct Answer {
        enum class Kind {
            Offsets, // offsets by partition, -1 where the group committed none
            Failed,  // error says why (the first failure of the group's requests)
            Waiting  // no answer in time, or still no answer to an earlier round's requests
        };
        Kind kind = Kind::Waiting;
        std::vector<int64_t> offsets;
        std::string error;
    };

    // Asks every group that is not still waiting for an earlier answer for its committed offsets
    // of `partitions` (which must not be empty), and waits up to `waitMs` in all for the
    // answers. One answer per group, in the order of `groups`.
    std::vector<Answer> ask(const std::vector<std::string>& groups,
                            const std::vector<TopicPartition>& partitions, int waitMs);

    // How long the oldest request still in flight has waited, in ms; 0 when none is.
    int64_t oldestWaitMs() const;

private:
    struct InFlight {
        uint64_t round = 0;
        std::string group;
        size_t slot = 0; // the group's answer in its round
        size_t from = 0; // its first partition in the round's list
        int64_t sentAtMs = 0;
    };
    struct Round {
        std::vector<Answer>* answers = nullptr;
        std::vector<size_t>* unanswered = nullptr; // requests per slot
        const std::vector<TopicPartition>* partitions = nullptr;
    };

    void send(const std::string& group, const std::vector<TopicPartition>& partitions, size_t from,
              size_t slot);
    // Takes one result off the queue within `timeoutMs`; false when none came.
    bool take(int timeoutMs, const Round& round);

    rd_kafka_t* m_rk;
    rd_kafka_queue_t* m_queue;
    rd_kafka_AdminOptions_t* m_options;
    uint64_t m_round = 0;
    uint64_t m_nextId = 1;
    std::map<uint64_t, InFlight> m_inFlight; // by request id (the request's opaque)
    std::map<std::string, size_t> m_waiting; // requests in flight per group
};

} // namespace driftscope::kafka
