// The state the live reader's workers share: the session being read, its status, and the
// decisions both workers need (which groups to sample, which partitions are mirrored). Every
// member marked "guarded" is only touched with `mutex` held.
#pragma once

#include "model/io/kafka/kafka_client.h"
#include "model/io/kafka/live_reader.h"
#include "model/mm2/name_filter.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace driftscope::kafka {

int64_t wallClockMs();

class LiveReading {
public:
    explicit LiveReading(LiveReaderOptions opts);

    const LiveReaderOptions options;
    const InternalTopics topics; // names on the clusters
    std::atomic<bool> stopping = false;

    mutable std::mutex mutex;
    mutable std::condition_variable changed;
    Session session;   // guarded
    LiveStatus status; // guarded

    ClusterStatus& clusterStatus(ClusterSide side)
    {
        return side == ClusterSide::Source ? status.source : status.target;
    }
    // Records a state change of a cluster as an event (only when the state changes). Guarded.
    void setClusterState(ClusterSide side, ClusterState state, const std::string& detail);
    void addEvent(std::optional<ClusterSide> side, ReaderEventState state,
                  const std::string& message); // guarded
    // A problem of one subject of a cluster (a topic, "log offsets", "group G", a partition's
    // fetches), recorded as an event only when its state or message differs from the last one
    // recorded for that subject: a failure that repeats every round is one event, not a flood.
    // Guarded.
    void noteProblem(ClusterSide side, const std::string& subject, ReaderEventState state,
                     const std::string& message);
    // The subject works again; returns whether it had a problem (then the recovery is news).
    // Guarded.
    bool forgetProblem(ClusterSide side, const std::string& subject);

    // Drops what was read up to `mark` once the topics its records name are noted. Guarded.
    void forget(const Session::Mark& mark);

    // Groups the source listed, kept when MM2's group filter accepts them. Guarded.
    void addListedGroups(const std::vector<std::string>& groups);
    // The user's groups, then listed ones and those named in checkpoints, up to maxGroups. Guarded.
    std::vector<std::string> groupsToSample();
    // The partitions MM2 mirrors, as named on `side` and present in `listed`: every partition of
    // the upstream topics that offset syncs or checkpoints named, renamed for the target. Guarded.
    std::vector<TopicPartition> mirroredPartitions(ClusterSide side, const TopicList& listed);

private:
    void addEvent(std::optional<ClusterSide> side, std::string_view state, const std::string& message);

    std::map<std::pair<ClusterSide, std::string>, std::pair<ReaderEventState, std::string>> m_problems;
    std::optional<NameFilter> m_groupFilter;
    std::set<std::string> m_listedGroups;
    std::set<std::string> m_upstreamTopics;
    void noteUpstreamTopics();
    size_t m_syncsSeen = 0; // positions in the session's lists, from their first record held
    size_t m_checkpointsSeen = 0;
    bool m_groupCapNoted = false;
};

} // namespace driftscope::kafka
