#include "model/io/kafka/cluster_reader.h"

#include "model/io/kafka/settings_check.h"
#include "model/session/reader_problems.h"
#include "model/session/topic_configs.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace driftscope::kafka {
namespace {

constexpr int kConsumeSliceMs = 100;
constexpr int64_t kGroupListingIntervalMs = 60'000;
// The offset-syncs topic's configs change rarely: read when found and every 5 minutes after.
constexpr int64_t kTopicConfigsIntervalMs = 300'000;
constexpr size_t kBatch = 1000;

// The reader event of a topic's problem (Missing or Unreadable).
ReaderEventState topicProblemState(TopicState state)
{
    assert(state == TopicState::Missing || state == TopicState::Unreadable);
    return state == TopicState::Missing ? ReaderEventState::TopicMissing : ReaderEventState::TopicUnreadable;
}

// What a missing or unreadable topic takes from a report, where that is not plain.
std::string missingWords(InternalTopic kind)
{
    if (kind != InternalTopic::ConnectOffsets)
        return {};
    return "; MM2's replication position is unknown, so records the source deleted before MM2 replicated "
           "them are not detected (a Connect cluster keeps it in its own offset.storage.topic: "
           "--connect-offsets-topic)";
}

} // namespace

ClusterReader::ClusterReader(LiveReading& live, ClusterSide side) : m_live(live), m_side(side)
{
    // librdkafka reports connection trouble through its log and error callbacks; keep the last
    // error for the cluster's state instead of printing it.
    m_callbacks.log = [this](int level, const std::string& message) {
        if (level > 3) // errors only (warnings include notes such as AUTOCREATE on old brokers)
            return;
        std::lock_guard lock(m_errorMutex);
        m_lastError = message;
    };
}

ClusterReader::~ClusterReader()
{
    disconnect();
}

void ClusterReader::disconnect()
{
    for (auto& [name, topic] : m_consumed) {
        if (!topic.handle)
            continue;
        for (size_t p = 0; p < topic.endAtStart.size(); ++p)
            rd_kafka_consume_stop(topic.handle, static_cast<int32_t>(p));
        rd_kafka_topic_destroy(topic.handle);
        topic.handle = nullptr;
    }
    m_groupOffsets.reset();
    if (m_configsQueue)
        rd_kafka_queue_destroy(m_configsQueue);
    m_configsQueue = nullptr;
    m_configsAsked = false; // a request in flight is dropped: asked again at the next round
    m_nextConfigsMs = 0;
    {
        std::lock_guard lock(m_live.mutex);
        m_live.status.offsetSyncsConfigsPending = false;
    }
    if (m_queue)
        rd_kafka_queue_destroy(m_queue);
    m_queue = nullptr;
    m_client.reset();
}

std::string ClusterReader::lastClientError()
{
    std::lock_guard lock(m_errorMutex);
    return m_lastError;
}

void ClusterReader::run()
{
    if (!connect())
        return;
    int64_t nextRound = 0;
    while (!m_live.stopping) {
        // A round right after the history is read, so that a report need not wait a whole
        // interval for samples of every mirrored partition.
        if (wallClockMs() >= nextRound || historyReadButNotSampled()) {
            round();
            nextRound = wallClockMs() + m_live.options.sampleIntervalMs;
        }
        consume(kConsumeSliceMs);
        if (m_configsAsked)
            followOffsetSyncsConfigs();
    }
}

bool ClusterReader::connect()
{
    const ClusterConnection& connection = m_live.options.connection.cluster(m_side);
    // Settings librdkafka or the read-only rule refuse never get better: a failed state at once,
    // not a reader that waits for a cluster it will never talk to.
    std::optional<std::string> failure = validateClientSettings(m_side, connection);
    if (!failure) {
        m_config = inspectedClientConfig(connection.clientProperties).value();
        auto client = makeClient(m_config, &m_callbacks);
        if (client)
            m_client = std::move(*client);
        else
            failure = std::string(sideName(m_side)) + " cluster " + connection.alias + ": " + client.error();
    }
    if (failure) {
        std::lock_guard lock(m_live.mutex);
        m_live.setClusterState(m_side, ClusterState::Failed, *failure);
        return false;
    }
    m_queue = rd_kafka_queue_new(m_client.get());
    m_configsQueue = rd_kafka_queue_new(m_client.get());
    m_groupOffsets = std::make_unique<GroupOffsetRequests>(m_client.get(), m_live.options.adminTimeoutMs);
    return true;
}

void ClusterReader::renewClient()
{
    // Before librdkafka's own timeout of a group offsets request can fire (group_offsets.h):
    // destroying a client with requests in flight is safe, a timed-out one whose coordinator
    // comes back is not. Reading resumes where it stopped. Said once until groups answer again
    // (a coordinator that stays away has the client replaced again and again).
    disconnect();
    {
        std::lock_guard lock(m_live.mutex);
        m_live.noteProblem(m_side, "client", ReaderEventState::ClientRenewed,
                           "group offset requests unanswered for " +
                               std::to_string(m_live.options.adminTimeoutMs / 2000) +
                               " s: the client is replaced before librdkafka's request timeout");
    }
    if (!connect())
        return;
    for (auto& [name, topic] : m_consumed)
        startFetching(topic);
}

void ClusterReader::startFetching(Consumed& topic)
{
    topic.handle = rd_kafka_topic_new(m_client.get(), topic.name.c_str(), makeTopicConf(m_config, &topic));
    for (size_t p = 0; p < topic.next.size(); ++p)
        rd_kafka_consume_start_queue(topic.handle, static_cast<int32_t>(p), topic.next[p], m_queue);
}

bool ClusterReader::historyReadButNotSampled()
{
    std::lock_guard lock(m_live.mutex);
    return m_live.status.historyRead() && m_live.clusterStatus(m_side).roundsWithHistory == 0;
}

void ClusterReader::round()
{
    const int timeout = m_live.options.requestTimeoutMs;
    if (m_groupOffsets->oldestWaitMs() > m_live.options.adminTimeoutMs / 2) {
        renewClient();
        if (!m_client)
            return;
    }
    bool withHistory = false;
    {
        std::lock_guard lock(m_live.mutex);
        withHistory = m_live.status.historyRead();
    }
    auto topics = listTopics(m_client.get(), timeout);
    if (!topics) {
        const std::string detail = lastClientError();
        std::lock_guard lock(m_live.mutex);
        m_live.setClusterState(m_side, ClusterState::Unreachable, detail.empty() ? topics.error() : detail);
        m_live.clusterStatus(m_side).rounds++; // a round happened, with nothing to show
        m_live.changed.notify_all();
        return;
    }
    {
        std::lock_guard lock(m_live.mutex);
        m_live.setClusterState(m_side, ClusterState::Connected, "");
        std::vector<std::string>& lookalikes = m_live.clusterStatus(m_side).offsetSyncsLookalikes;
        lookalikes.clear();
        for (const auto& [name, partitions] : topics->partitions)
            if (name.find("offset-syncs") != std::string::npos)
                lookalikes.push_back(name); // the map is sorted
    }
    followInternalTopics(*topics);
    followOffsetSyncsConfigs();
    if (m_side == ClusterSide::Source && m_live.options.discoverGroups &&
        wallClockMs() >= m_nextGroupListingMs)
        listGroups();
    std::vector<TopicPartition> mirrored;
    {
        std::lock_guard lock(m_live.mutex);
        // No samples while this cluster's offset syncs or checkpoints history is being read: a
        // round of samples (group offsets of every group) holds up reading for a second or more
        // while the other cluster's topic runs ahead, and a capture cut short then holds checkpoints whose
        // syncs it never read. Samples of a partly read history name too few partitions anyway;
        // the round right after the history is read takes them.
        if (!readingHistory())
            mirrored = m_live.mirroredPartitions(m_side, *topics);
    }
    sampleLogOffsets(mirrored);
    sampleGroups(mirrored);
    // A group that committed, and that the listing before these samples left out, is asked about
    // within this round, so that a report once ready knows whether MM2 lists it.
    if (m_side == ClusterSide::Source && m_live.options.discoverGroups && m_nextGroupListingMs == 0)
        listGroups();
    std::lock_guard lock(m_live.mutex);
    m_live.clusterStatus(m_side).rounds++;
    if (withHistory)
        m_live.clusterStatus(m_side).roundsWithHistory++;
    m_live.changed.notify_all();
}

bool ClusterReader::readingHistory() const
{
    for (const auto& [name, topic] : m_consumed)
        if (topic.kind != InternalTopic::Heartbeats && topic.kind != InternalTopic::ConnectOffsets &&
            topic.partitionsCaughtUp < topic.caughtUp.size())
            return true;
    return false;
}

TopicProgress& ClusterReader::progressOf(InternalTopic kind)
{
    LiveStatus& s = m_live.status;
    switch (kind) {
    case InternalTopic::OffsetSyncs:
        return s.offsetSyncs;
    case InternalTopic::Checkpoints:
        return s.checkpoints;
    case InternalTopic::Heartbeats:
        return s.heartbeats;
    case InternalTopic::ConnectOffsets:
        break;
    }
    return s.connectOffsets;
}

void ClusterReader::followInternalTopics(const TopicList& topics)
{
    const InternalTopics& names = m_live.topics;
    std::vector<std::pair<InternalTopic, std::string>> mine;
    if (names.offsetSyncsSide == m_side)
        mine.emplace_back(InternalTopic::OffsetSyncs, names.offsetSyncs);
    if (m_side == ClusterSide::Target) {
        mine.emplace_back(InternalTopic::Checkpoints, names.checkpoints);
        mine.emplace_back(InternalTopic::Heartbeats, names.heartbeats);
        mine.emplace_back(InternalTopic::ConnectOffsets, names.connectOffsets);
    }
    for (const auto& [kind, name] : mine) {
        if (m_consumed.count(name))
            continue;
        const auto present = topics.partitions.find(name);
        if (present != topics.partitions.end()) {
            startConsuming(name, kind, present->second);
            continue;
        }
        // Nothing to read yet: the history of a missing topic is complete (and empty). It is
        // read from the beginning if it appears later.
        std::lock_guard lock(m_live.mutex);
        TopicProgress& progress = progressOf(kind);
        const auto error = topics.errors.find(name);
        progress.state = error == topics.errors.end() ? TopicState::Missing : TopicState::Unreadable;
        progress.detail = error == topics.errors.end() ? "" : error->second;
        progress.present = false;
        progress.caughtUp = true;
        m_live.noteProblem(m_side, name, topicProblemState(progress.state),
                           name + (error == topics.errors.end() ? " does not exist" : ": " + error->second) +
                               missingWords(kind));
    }
}

void ClusterReader::startConsuming(const std::string& name, InternalTopic kind, int partitionCount)
{
    // MM2 writes and reads offset syncs on partition 0 only; the other topics have one
    // partition in practice, but any there are get read.
    const int count = kind == InternalTopic::OffsetSyncs ? 1 : partitionCount;
    std::vector<TopicPartition> partitions;
    for (int32_t p = 0; p < count; ++p)
        partitions.push_back({name, p});
    auto ends = logOffsets(m_client.get(), partitions, m_live.options.requestTimeoutMs);
    std::lock_guard lock(m_live.mutex);
    if (!ends) {
        // Listed but its log offsets are refused (an authorization error, say): a state of the
        // topic, said once, and tried again next round. Its history stays unread, so a report
        // waiting for it says why.
        // MM2's replication position is not needed for a report: unknown, not waited for.
        TopicProgress& progress = progressOf(kind);
        progress.state = TopicState::Unreadable;
        progress.detail = ends.error();
        progress.present = true;
        progress.caughtUp = kind == InternalTopic::ConnectOffsets;
        m_live.noteProblem(m_side, name, topicProblemState(TopicState::Unreadable),
                           name + " cannot be read: " + ends.error() + missingWords(kind));
        return;
    }

    Consumed& topic = m_consumed[name];
    topic.name = name;
    topic.kind = kind;
    topic.endAtStart.resize(partitions.size());
    topic.next.resize(partitions.size());
    topic.caughtUp.assign(partitions.size(), false);
    topic.fetchFailing.assign(partitions.size(), false);
    int64_t records = 0;
    for (size_t p = 0; p < partitions.size(); ++p) {
        topic.endAtStart[p] = (*ends)[p].end;
        // Reading starts at the log start just queried (starting at "beginning" makes librdkafka
        // 2.0.2 look it up again and, now and then, wait 500 ms first).
        topic.next[p] = (*ends)[p].start;
        records += (*ends)[p].end - (*ends)[p].start;
    }
    // The history's size is known: room for it at once, rather than growing list by list.
    if (kind == InternalTopic::OffsetSyncs)
        m_live.session.reserveSyncs(static_cast<size_t>(records));
    TopicProgress& progress = progressOf(kind);
    progress.state = TopicState::Reading;
    progress.detail.clear();
    progress.present = true;
    progress.endAtStart = records;
    progress.caughtUp = false;
    m_live.forgetProblem(m_side, name); // a new problem later is news again
    m_live.addEvent(m_side, ReaderEventState::TopicFound,
                    name + ": reading " + std::to_string(records) + " records of history");
    for (size_t p = 0; p < partitions.size(); ++p)
        if ((*ends)[p].end <= (*ends)[p].start)
            markCaughtUp(topic, static_cast<int32_t>(p));
    startFetching(topic);
}

void ClusterReader::markCaughtUp(Consumed& topic, int32_t partition)
{
    if (partition < 0 || static_cast<size_t>(partition) >= topic.caughtUp.size() || topic.caughtUp[partition])
        return;
    topic.caughtUp[partition] = true;
    if (++topic.partitionsCaughtUp == topic.caughtUp.size()) {
        progressOf(topic.kind).caughtUp = true;
        progressOf(topic.kind).state = TopicState::Read;
    }
}

void ClusterReader::consume(int timeoutMs)
{
    std::array<rd_kafka_message_t*, kBatch> messages;
    const ssize_t n = rd_kafka_consume_batch_queue(m_queue, timeoutMs, messages.data(), messages.size());
    if (n <= 0)
        return;
    const int64_t now = wallClockMs();
    {
        std::lock_guard lock(m_live.mutex);
        for (ssize_t i = 0; i < n; ++i)
            take(*messages[static_cast<size_t>(i)], now);
    }
    m_live.changed.notify_all();
    // librdkafka takes about a quarter of a microsecond to free a record, more than decoding
    // it takes: done with the session's lock released, so that callers wait for it half as long.
    for (ssize_t i = 0; i < n; ++i)
        rd_kafka_message_destroy(messages[static_cast<size_t>(i)]);
}

void ClusterReader::take(const rd_kafka_message_t& m, int64_t now)
{
    auto* topic = m.rkt ? static_cast<Consumed*>(rd_kafka_topic_opaque(m.rkt)) : nullptr;
    if (!topic)
        return;
    if (m.err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
        markCaughtUp(*topic, m.partition);
        return;
    }
    // Named in problems and events only: not built for the records that are read fine.
    const auto partitionName = [&] {
        return topic->name + "-" + std::to_string(m.partition);
    };
    if (m.err) {
        const std::string partition = partitionName();
        if (m.partition >= 0 && static_cast<size_t>(m.partition) < topic->fetchFailing.size())
            topic->fetchFailing[static_cast<size_t>(m.partition)] = true;
        m_live.noteProblem(m_side, "fetch " + partition, ReaderEventState::FetchError,
                           partition + ": " + rd_kafka_message_errstr(&m) + missingWords(topic->kind));
        // MM2's replication position is not waited for (a principal may describe the topic but
        // not read it): unknown, as the problem says.
        if (topic->kind == InternalTopic::ConnectOffsets)
            markCaughtUp(*topic, m.partition);
        return;
    }
    const auto p = static_cast<size_t>(m.partition);
    if (p < topic->fetchFailing.size() && topic->fetchFailing[p]) {
        topic->fetchFailing[p] = false;
        const std::string partition = partitionName();
        if (m_live.forgetProblem(m_side, "fetch " + partition))
            m_live.addEvent(m_side, ReaderEventState::Fetching, partition + ": fetching again");
    }
    if (p < topic->next.size())
        topic->next[p] = m.offset + 1;
    int64_t timestamp = rd_kafka_message_timestamp(&m, nullptr);
    if (timestamp < 0) // no timestamp (old message format): when it was read
        timestamp = now;
    auto view = [](const void* data, size_t size) -> std::optional<ByteView> {
        if (!data)
            return std::nullopt;
        return ByteView(static_cast<const uint8_t*>(data), size);
    };
    const bool decoded = m_live.session.addRecord(topic->kind, m.partition, {m.offset, timestamp, now},
                                                  view(m.key, m.key_len), view(m.payload, m.len));
    m_live.status.records++;
    if (!decoded)
        m_live.status.undecodable++;
    progressOf(topic->kind).read++;
    if (p < topic->endAtStart.size() && m.offset + 1 >= topic->endAtStart[p])
        markCaughtUp(*topic, m.partition);
}

void ClusterReader::sampleLogOffsets(const std::vector<TopicPartition>& partitions)
{
    if (partitions.empty())
        return;
    const int64_t at = wallClockMs();
    auto ranges = logOffsets(m_client.get(), partitions, m_live.options.requestTimeoutMs);
    std::lock_guard lock(m_live.mutex);
    if (!ranges) {
        m_live.noteProblem(m_side, "log offsets", ReaderEventState::SampleFailed, ranges.error());
        return;
    }
    if (m_live.forgetProblem(m_side, "log offsets"))
        m_live.addEvent(m_side, ReaderEventState::Sampled, "log offsets sampled again");
    for (size_t i = 0; i < partitions.size(); ++i)
        m_live.session.logOffsets.push_back(
            {at, m_side, m_live.session.partitionId(partitions[i]), (*ranges)[i].start, (*ranges)[i].end});
}

void ClusterReader::sampleGroups(const std::vector<TopicPartition>& partitions)
{
    if (partitions.empty())
        return;
    std::vector<std::string> groups;
    {
        std::lock_guard lock(m_live.mutex);
        groups = m_live.groupsToSample();
    }
    if (groups.empty())
        return;
    const int64_t at = wallClockMs();
    const int wait = m_live.options.requestTimeoutMs;
    const auto answers = m_groupOffsets->ask(groups, partitions, wait);
    using Kind = GroupOffsetRequests::Answer::Kind;
    // Which samples to keep is decided before taking the session's lock: hundreds of groups of
    // thousands of partitions take a while, and the GUI thread reads the session meanwhile.
    // Partitions the group never committed are left out, unless it had an offset there before
    // (then the sample records that it is gone).
    struct Kept {
        size_t group, partition;
        int64_t offset;
    };
    std::vector<Kept> kept;
    for (size_t g = 0; g < groups.size(); ++g) {
        if (answers[g].kind != Kind::Offsets)
            continue;
        for (size_t i = 0; i < partitions.size(); ++i) {
            const int64_t offset = answers[g].offsets[i];
            if (offset < 0 && !m_hadOffset.count({groups[g], partitions[i]}))
                continue;
            if (offset >= 0) {
                m_hadOffset.insert({groups[g], partitions[i]});
                // A group the last listing left out is listed again within this round: if that
                // listing leaves it out too, it is not a consumer group.
                if (m_groupsWithOffsets.insert(groups[g]).second && m_lastListed &&
                    !m_lastListed->count(groups[g]))
                    m_nextGroupListingMs = 0;
            }
            kept.push_back({g, i, offset});
        }
    }
    std::lock_guard lock(m_live.mutex);
    if (std::none_of(answers.begin(), answers.end(), [](const auto& a) { return a.kind == Kind::Waiting; }))
        m_live.forgetProblem(m_side, "client"); // every group answers: a replacement later is news
    Session& s = m_live.session;
    std::vector<uint32_t> groupIds(groups.size());
    for (size_t g = 0; g < groups.size(); ++g) {
        const std::string& group = groups[g];
        const GroupOffsetRequests::Answer& answer = answers[g];
        if (answer.kind != Kind::Offsets) {
            m_live.noteProblem(m_side, "group " + group, ReaderEventState::SampleFailed,
                               "group " + group + ": " +
                                   (answer.kind == Kind::Failed ? answer.error
                                                                : "no answer from its coordinator within " +
                                                                      std::to_string(wait) + " ms"));
            continue;
        }
        if (m_live.forgetProblem(m_side, "group " + group))
            m_live.addEvent(m_side, ReaderEventState::Sampled, "group " + group + " sampled again");
        groupIds[g] = s.groupId(group);
    }
    std::vector<std::optional<uint32_t>> partitionIds(partitions.size()); // looked up once each
    s.groupOffsets.reserve(s.groupOffsets.size() + kept.size());
    for (const Kept& k : kept) {
        std::optional<uint32_t>& id = partitionIds[k.partition];
        if (!id)
            id = s.partitionId(partitions[k.partition]);
        s.groupOffsets.push_back({at, m_side, groupIds[k.group], *id, k.offset});
    }
}

void ClusterReader::listGroups()
{
    m_nextGroupListingMs = wallClockMs() + kGroupListingIntervalMs;
    // Groups that had committed offsets before the listing was asked for: one it leaves out is
    // not a consumer group (reader_problems.h), not one that committed since.
    const std::set<std::string> committed = m_groupsWithOffsets;
    auto groups = kafka::listGroups(m_client.get(), m_live.options.requestTimeoutMs);
    std::lock_guard lock(m_live.mutex);
    if (groups) {
        std::vector<std::string> names;
        for (const GroupListing& g : *groups)
            names.push_back(g.group);
        m_live.addListedGroups(names);
        m_lastListed = std::set<std::string>(names.begin(), names.end());
        for (const std::string& group : committed)
            if (!m_lastListed->count(group) && m_notListedSaid.insert(group).second)
                m_live.addEvent(m_side, ReaderEventState::GroupNotListed, groupNotListedMessage(group));
        return;
    }
    // Brokers without ListGroups (such as librdkafka's mock cluster): groups then come from the
    // checkpoints topic and the command line. Said once; tried again now and then.
    m_nextGroupListingMs = wallClockMs() + 10 * kGroupListingIntervalMs;
    if (!m_groupListingNoted)
        m_live.addEvent(m_side, ReaderEventState::GroupListingUnavailable,
                        groups.error() + "; groups come from the checkpoints topic and --group");
    m_groupListingNoted = true;
}

// Whether the broker keeps the syncs a restarted checkpoint task rebuilds its store from
// (integrity.h). Asked without waiting (the mock cluster answers only once the request timed out)
// and taken from the queue at every consume slice. Each answer read is an event, so that a report
// says when the configs held last; an error is a problem, said again only when it changes.
void ClusterReader::followOffsetSyncsConfigs()
{
    if (!m_consumed.count(m_live.topics.offsetSyncs))
        return;
    const std::string& topic = m_live.topics.offsetSyncs;
    if (!m_configsAsked) {
        if (wallClockMs() < m_nextConfigsMs)
            return;
        askTopicConfigs(m_client.get(), topic, m_live.options.requestTimeoutMs, m_configsQueue);
        m_configsAsked = true;
        m_nextConfigsMs = wallClockMs() + kTopicConfigsIntervalMs;
        std::lock_guard lock(m_live.mutex);
        m_live.status.offsetSyncsConfigsPending = true;
        return;
    }
    const auto answer = topicConfigsAnswer(m_configsQueue);
    if (!answer)
        return;
    m_configsAsked = false;
    const Result<TopicConfigs> configs =
        *answer ? topicConfigsFrom(topic, **answer) : Result<TopicConfigs>(Error{answer->error()});
    std::lock_guard lock(m_live.mutex);
    m_live.status.offsetSyncsConfigsPending = false;
    m_live.changed.notify_all();
    const std::string subject = topic + " configs";
    if (configs) {
        m_live.forgetProblem(m_side, subject);
        m_live.addEvent(m_side, ReaderEventState::TopicConfigs, formatTopicConfigs(*configs));
    } else {
        m_live.noteProblem(m_side, subject, ReaderEventState::TopicConfigsUnknown,
                           topicConfigsUnknownMessage(topic, configs.error()));
    }
}

} // namespace driftscope::kafka
