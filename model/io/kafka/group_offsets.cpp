#include "model/io/kafka/group_offsets.h"

#include <algorithm>
#include <chrono>

namespace driftscope::kafka {
namespace {

int64_t steadyMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// Where a partition of an answer goes in the round's list: answers keep the request's order on
// the brokers seen so far, anything else is looked up in the request's partitions.
std::optional<size_t> indexOf(const rd_kafka_topic_partition_t& e,
                              const std::vector<TopicPartition>& partitions, size_t from, size_t count,
                              size_t guess)
{
    auto matches = [&](size_t i) {
        return partitions[i].partition == e.partition && partitions[i].topic == e.topic;
    };
    if (guess < count && matches(from + guess))
        return from + guess;
    for (size_t i = from; i < from + count; ++i)
        if (matches(i))
            return i;
    return std::nullopt;
}

} // namespace

GroupOffsetRequests::GroupOffsetRequests(rd_kafka_t* rk, int adminTimeoutMs)
    : m_rk(rk), m_queue(rd_kafka_queue_new(rk)),
      m_options(rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS))
{
    char error[256];
    rd_kafka_AdminOptions_set_request_timeout(m_options, std::clamp(adminTimeoutMs, 1, kMaxAdminTimeoutMs),
                                              error, sizeof error);
}

GroupOffsetRequests::~GroupOffsetRequests()
{
    // Requests still in flight keep the queue alive inside librdkafka until they end.
    rd_kafka_AdminOptions_destroy(m_options);
    rd_kafka_queue_destroy(m_queue);
}

void GroupOffsetRequests::send(const std::string& group, const std::vector<TopicPartition>& partitions,
                               size_t from, size_t slot)
{
    const size_t count = std::min(kPartitionsPerRequest, partitions.size() - from);
    rd_kafka_topic_partition_list_t* list = rd_kafka_topic_partition_list_new(static_cast<int>(count));
    for (size_t i = from; i < from + count; ++i)
        rd_kafka_topic_partition_list_add(list, partitions[i].topic.c_str(), partitions[i].partition);
    rd_kafka_ListConsumerGroupOffsets_t* request = rd_kafka_ListConsumerGroupOffsets_new(group.c_str(), list);
    rd_kafka_topic_partition_list_destroy(list);
    const uint64_t id = m_nextId++;
    m_inFlight[id] = {m_round, group, slot, from, steadyMs()};
    ++m_waiting[group];
    // The options are copied by the call: one object serves every request, opaque and all.
    rd_kafka_AdminOptions_set_opaque(m_options, reinterpret_cast<void*>(static_cast<uintptr_t>(id)));
    rd_kafka_ListConsumerGroupOffsets(m_rk, &request, 1, m_options, m_queue);
    rd_kafka_ListConsumerGroupOffsets_destroy(request);
}

bool GroupOffsetRequests::take(int timeoutMs, const Round& round)
{
    rd_kafka_event_t* event = rd_kafka_queue_poll(m_queue, timeoutMs);
    if (!event)
        return false;
    const auto it = m_inFlight.find(reinterpret_cast<uintptr_t>(rd_kafka_event_opaque(event)));
    if (it == m_inFlight.end() ||
        rd_kafka_event_type(event) != RD_KAFKA_EVENT_LISTCONSUMERGROUPOFFSETS_RESULT) {
        rd_kafka_event_destroy(event);
        return true;
    }
    const InFlight request = it->second;
    m_inFlight.erase(it);
    if (--m_waiting[request.group] == 0)
        m_waiting.erase(request.group);
    if (request.round != m_round || !round.answers) { // late: its round is over
        rd_kafka_event_destroy(event);
        return true;
    }
    Answer& answer = (*round.answers)[request.slot];
    --(*round.unanswered)[request.slot];
    auto fail = [&](const std::string& why) {
        if (answer.kind != Answer::Kind::Failed)
            answer = {Answer::Kind::Failed, {}, why};
    };
    const std::vector<TopicPartition>& partitions = *round.partitions;
    const size_t count = std::min(kPartitionsPerRequest, partitions.size() - request.from);
    size_t groupCount = 0;
    const rd_kafka_ListConsumerGroupOffsets_result_t* result =
        rd_kafka_event_ListConsumerGroupOffsets_result(event);
    const rd_kafka_group_result_t** groups =
        result ? rd_kafka_ListConsumerGroupOffsets_result_groups(result, &groupCount) : nullptr;
    if (rd_kafka_event_error(event)) {
        fail(rd_kafka_event_error_string(event));
    } else if (groupCount != 1) {
        fail("the broker's answer names no group");
    } else if (const rd_kafka_error_t* error = rd_kafka_group_result_error(groups[0])) {
        fail(rd_kafka_error_string(error));
    } else if (const rd_kafka_topic_partition_list_t* list = rd_kafka_group_result_partitions(groups[0])) {
        for (int j = 0; j < list->cnt; ++j) {
            const rd_kafka_topic_partition_t& e = list->elems[j];
            const auto at = indexOf(e, partitions, request.from, count, static_cast<size_t>(j));
            if (!at)
                continue; // not asked for: nothing to say about it
            if (e.err) {
                fail("committed offset of " + toString(partitions[*at]) + ": " + errorText(e.err));
                break;
            }
            if (answer.kind != Answer::Kind::Failed)
                answer.offsets[*at] = e.offset >= 0 ? e.offset : -1; // RD_KAFKA_OFFSET_INVALID: none
        }
    }
    rd_kafka_event_destroy(event);
    return true;
}

std::vector<GroupOffsetRequests::Answer>
GroupOffsetRequests::ask(const std::vector<std::string>& groups,
                         const std::vector<TopicPartition>& partitions, int waitMs)
{
    // Late answers of earlier rounds first: their groups can be asked again.
    while (take(0, Round{}))
        ;
    ++m_round;
    std::vector<Answer> answers(groups.size());
    std::vector<size_t> unanswered(groups.size(), 0);
    for (size_t slot = 0; slot < groups.size(); ++slot) {
        if (m_waiting.count(groups[slot]))
            continue; // Waiting
        answers[slot] = {Answer::Kind::Offsets, std::vector<int64_t>(partitions.size(), -1), {}};
        for (size_t from = 0; from < partitions.size(); from += kPartitionsPerRequest) {
            send(groups[slot], partitions, from, slot);
            ++unanswered[slot];
        }
    }
    const Round round{&answers, &unanswered, &partitions};
    const int64_t deadline = steadyMs() + waitMs;
    auto open = [&] {
        return std::any_of(unanswered.begin(), unanswered.end(), [](size_t n) { return n > 0; });
    };
    while (open()) {
        const int64_t left = deadline - steadyMs();
        if (left <= 0 || !take(static_cast<int>(left), round))
            break;
    }
    for (size_t slot = 0; slot < groups.size(); ++slot)
        if (unanswered[slot] > 0)
            answers[slot] = {Answer::Kind::Waiting, {}, {}};
    return answers;
}

int64_t GroupOffsetRequests::oldestWaitMs() const
{
    int64_t oldest = 0;
    const int64_t now = steadyMs();
    for (const auto& [id, request] : m_inFlight)
        oldest = std::max(oldest, now - request.sentAtMs);
    return oldest;
}

} // namespace driftscope::kafka
