#include "model/demo/demo_workload.h"

#include "model/io/kafka/group_offsets.h"

#include <algorithm>
#include <cmath>

namespace driftscope::kafka {

DemoWorkload::DemoWorkload(const DemoScenario& scenario, const std::string& bootstrap)
    : m_scenario(scenario), m_bootstrap(bootstrap)
{
    for (const DemoTopic& t : scenario.topics)
        for (int p = 0; p < t.partitions; ++p)
            m_partitions[{t.name, p}].topic = &t;
    m_callbacks.log = [](int, const std::string&) {
    };
    m_callbacks.delivered = [this](const rd_kafka_message_t& m) {
        if (m.err || !m.rkt)
            return;
        const auto it = m_partitions.find({rd_kafka_topic_name(m.rkt), m.partition});
        if (it == m_partitions.end() || m.offset + 1 <= it->second.end)
            return;
        Partition& p = it->second;
        p.end = m.offset + 1;
        // Records of one batch share their produce time (carried as the opaque: delivery reports
        // of librdkafka 2.0.2 give no timestamp): one entry per batch.
        const auto producedMs = static_cast<int64_t>(reinterpret_cast<uintptr_t>(m._private));
        if (!p.batches.empty() && p.batches.back().second == producedMs)
            p.batches.back().first = p.end;
        else
            p.batches.emplace_back(p.end, producedMs);
    };
}

DemoWorkload::~DemoWorkload()
{
    if (m_commitOptions)
        rd_kafka_AdminOptions_destroy(m_commitOptions);
    if (m_commitQueue)
        rd_kafka_queue_destroy(m_commitQueue);
}

std::optional<std::string> DemoWorkload::init()
{
    auto producer = makeProducer(
        {{"bootstrap.servers", m_bootstrap}, {"linger.ms", "5"}, {"client.id", "demo-apps"}}, &m_callbacks);
    if (!producer)
        return producer.error();
    m_producer = std::move(*producer);
    m_commitQueue = rd_kafka_queue_new(m_producer.get());
    m_commitOptions =
        rd_kafka_AdminOptions_new(m_producer.get(), RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS);
    // librdkafka 2.0.2 aborts when a group request times out waiting for a coordinator that
    // comes back later (group_offsets.h): commits wait as long as librdkafka allows instead.
    char error[256];
    rd_kafka_AdminOptions_set_request_timeout(m_commitOptions, kMaxAdminTimeoutMs, error, sizeof error);
    for (const DemoGroup& spec : m_scenario.groups) {
        Group g{&spec, {}, {}, 0, false};
        for (auto& entry : m_partitions)
            if (spec.topics.empty() ||
                std::find(spec.topics.begin(), spec.topics.end(), entry.first.topic) != spec.topics.end())
                g.consumed.push_back(&entry);
        m_groups.push_back(std::move(g));
    }
    return std::nullopt;
}

void DemoWorkload::tick(int64_t nowMs)
{
    if (m_startMs < 0)
        m_startMs = m_lastTickMs = nowMs;
    const double seconds = static_cast<double>(nowMs - m_lastTickMs) / 1000.0;
    m_lastTickMs = nowMs;
    produce(nowMs, seconds);
    if (nowMs >= m_nextProduceMs)
        m_nextProduceMs = nowMs + m_scenario.produceIntervalMs;
    rd_kafka_poll(m_producer.get(), 0);
    takeCommitResults();
    for (Group& g : m_groups) {
        if (g.spec->habit == DemoGroup::Habit::FarBehind)
            for (const auto* entry : g.consumed)
                g.position[entry->first] =
                    std::min(static_cast<double>(entry->second.end),
                             g.position[entry->first] +
                                 g.spec->speed * entry->second.topic->recordsPerSecond * seconds);
        const bool stalled =
            g.spec->habit == DemoGroup::Habit::Stalls && nowMs - m_startMs > g.spec->stallAfterMs;
        if (nowMs >= g.nextCommitMs && !stalled && !g.committing) {
            commit(g, nowMs);
            g.nextCommitMs = nowMs + g.spec->commitIntervalMs;
        }
    }
}

void DemoWorkload::produce(int64_t nowMs, double seconds)
{
    for (auto& [tp, partition] : m_partitions)
        partition.due += partition.topic->recordsPerSecond * seconds;
    // What is owed goes out once per produce interval, one batch per partition (demo_scenario.h).
    if (nowMs < m_nextProduceMs)
        return;
    for (auto& [tp, partition] : m_partitions) {
        for (; partition.due >= 1; partition.due -= 1) {
            ++m_sequence;
            const uint64_t n = ++partition.written;
            // A share of each partition's records (evenly spread) is filtered out by the mirror.
            const double share = partition.topic->filteredShare;
            const bool filtered = share > 0 && std::floor(static_cast<double>(n) * share) !=
                                                   std::floor(static_cast<double>(n - 1) * share);
            // Both appended piece by piece: GCC 12's -Wrestrict false positive at -O3 on
            // `"k" + std::to_string(...)` (model/util/text_format.h).
            std::string value = filtered ? std::string(kFilteredPrefix) : std::string();
            value += tp.topic;
            value += " #";
            value += std::to_string(m_sequence);
            std::string key(1, 'k');
            key += std::to_string(m_sequence % 97);
            rd_kafka_producev(m_producer.get(), RD_KAFKA_V_TOPIC(tp.topic.c_str()),
                              RD_KAFKA_V_PARTITION(tp.partition), RD_KAFKA_V_KEY(key.data(), key.size()),
                              RD_KAFKA_V_VALUE(const_cast<char*>(value.data()), value.size()),
                              RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_TIMESTAMP(nowMs),
                              RD_KAFKA_V_OPAQUE(reinterpret_cast<void*>(static_cast<uintptr_t>(nowMs))),
                              RD_KAFKA_V_END);
            ++m_produced;
        }
    }
}

DemoLag DemoWorkload::lagBehind(const std::function<int64_t(const TopicPartition&)>& mirroredEnd,
                                int64_t nowMs)
{
    DemoLag lag;
    for (auto& [tp, partition] : m_partitions) {
        const int64_t mirrored = mirroredEnd(tp);
        while (!partition.batches.empty() && partition.batches.front().first <= mirrored)
            partition.batches.pop_front();
        lag.records += std::max<int64_t>(0, partition.end - mirrored);
        if (!partition.batches.empty())
            lag.oldestMs = std::max(lag.oldestMs, nowMs - partition.batches.front().second);
    }
    return lag;
}

namespace {

// A far-behind position this many records behind the log end may have been pruned: the mock
// keeps about 200,000 of the demo's records a partition (docs/demo.md), ten times this.
constexpr int64_t kMayBePrunedBehind = 20'000;
// How long an answer about a log start is used: groups that commit within a second of each
// other share one request. A real consumer's committed offset can fall behind a log start that
// moves after its commit too; what it never does is read on from a pruned position.
constexpr int64_t kLogStartAgeMs = 1'000;
constexpr int kLogStartTimeoutMs = 500;

} // namespace

int64_t DemoWorkload::logStart(const TopicPartition& tp, Partition& partition, int64_t nowMs)
{
    if (partition.startAskedMs && nowMs - *partition.startAskedMs < kLogStartAgeMs)
        return partition.start;
    partition.startAskedMs = nowMs;
    int64_t low = 0, high = 0;
    // ListOffsets on the source, which is the demo's own; an answer that does not come keeps the
    // last one (the next commit asks again).
    if (rd_kafka_query_watermark_offsets(m_producer.get(), tp.topic.c_str(), tp.partition, &low, &high,
                                         kLogStartTimeoutMs) == RD_KAFKA_RESP_ERR_NO_ERROR)
        partition.start = std::max(partition.start, low);
    return partition.start;
}

void DemoWorkload::commit(Group& g, int64_t nowMs)
{
    rd_kafka_topic_partition_list_t* list =
        rd_kafka_topic_partition_list_new(static_cast<int>(g.consumed.size()));
    for (auto* entry : g.consumed) {
        auto& [tp, partition] = *entry;
        if (g.spec->habit == DemoGroup::Habit::FarBehind &&
            static_cast<double>(partition.end) - g.position[tp] > kMayBePrunedBehind) {
            // A consumer whose position was pruned gets OFFSET_OUT_OF_RANGE and, with
            // auto.offset.reset=earliest, reads on from the log start: it never commits below it.
            const auto start = static_cast<double>(logStart(tp, partition, nowMs));
            if (g.position[tp] < start) {
                g.position[tp] = start;
                ++m_resets;
            }
        }
        const int64_t offset = g.spec->habit == DemoGroup::Habit::FarBehind
                                   ? static_cast<int64_t>(g.position[tp])
                                   : partition.end;
        if (offset > 0)
            rd_kafka_topic_partition_list_add(list, tp.topic.c_str(), tp.partition)->offset = offset;
    }
    if (list->cnt > 0) {
        rd_kafka_AlterConsumerGroupOffsets_t* alter =
            rd_kafka_AlterConsumerGroupOffsets_new(g.spec->name.c_str(), list);
        rd_kafka_AdminOptions_set_opaque(m_commitOptions, &g);
        rd_kafka_AlterConsumerGroupOffsets(m_producer.get(), &alter, 1, m_commitOptions, m_commitQueue);
        rd_kafka_AlterConsumerGroupOffsets_destroy(alter);
        g.committing = true;
    }
    rd_kafka_topic_partition_list_destroy(list);
}

void DemoWorkload::takeCommitResults()
{
    while (rd_kafka_event_t* event = rd_kafka_queue_poll(m_commitQueue, 0)) {
        if (auto* g = static_cast<Group*>(rd_kafka_event_opaque(event))) {
            g->committing = false;
            if (rd_kafka_event_error(event) == RD_KAFKA_RESP_ERR_NO_ERROR)
                ++m_commits;
        }
        rd_kafka_event_destroy(event);
    }
}

} // namespace driftscope::kafka
