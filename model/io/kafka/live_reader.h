// Reads a live pair of clusters into a session, one worker thread per cluster:
// MM2's internal topics from the beginning (offset syncs: partition 0 only, as MM2 reads them),
// and every few seconds the log offsets of the mirrored partitions and the committed offsets of
// the selected groups on both sides. Callers are never blocked by the clusters: they take
// copies of what was read so far and a status that says what is reachable and how far the
// history has been read.
#pragma once

#include "model/config/connection_settings.h"
#include "model/mm2/release.h"
#include "model/session/reader_states.h"
#include "model/session/session.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftscope::kafka {

struct LiveReaderOptions {
    ConnectionSettings connection;
    Release release = kDefaultRelease; // decides the internal topic names MM2 uses
    // The release as the user named it, recorded as the session's (SessionInfo::release): a newer
    // one than driftscope knows (resolveRelease) keeps its name. Empty: `release`'s own.
    std::string releaseName;
    std::vector<std::string> groups; // named by the user; always sampled
    bool discoverGroups = true;      // also list the source's groups and read checkpoints' groups
    size_t maxGroups = 1000;         // groups sampled at most (a request per group, side and
                                     // 200 partitions each round)
    int64_t sampleIntervalMs = 5000;
    int requestTimeoutMs = 3000; // each request, and each round of group offset requests as a whole
    // librdkafka's own timeout of group offset requests, the longest it takes; a cluster's client
    // is replaced when one has waited half as long (group_offsets.h says why). Tests shorten it.
    int adminTimeoutMs = 3'600'000;
    std::string toolVersion;
    // The reader's threads (and librdkafka's) run at background priority (thread_priority.h):
    // the explorer's, so that its GUI thread comes first; a recorder keeps normal priority.
    bool background = false;
};

// Where the reading of one internal topic stands.
enum class TopicState {
    Unknown,    // its cluster has not listed its topics yet
    Missing,    // not listed
    Unreadable, // listed with an error, or its log offsets were refused (TopicProgress::detail)
    Reading,    // its history is being read
    Read        // its history is read; new records follow
};
// "unknown", "missing", "unreadable", "reading", "read": how messages and events name them.
std::string_view topicStateName(TopicState state);

// How far one internal topic has been read.
struct TopicProgress {
    std::string topic;
    ClusterSide side = ClusterSide::Source;
    TopicState state = TopicState::Unknown;
    std::string detail{};    // the broker's error, when unreadable
    bool present = false;    // listed by the cluster's metadata
    int64_t endAtStart = -1; // records up to here are the history (sum over partitions)
    int64_t read = 0;        // records read so far
    bool caughtUp = false;   // the history has been read (a missing topic's is empty)
};

struct ClusterStatus {
    // Failed: the client settings were refused or no client could be made; the reader gives up
    // on that cluster.
    ClusterState state = ClusterState::Connecting;
    std::string detail;        // the last error, when there is one
    int rounds = 0;            // completed sampling rounds
    int roundsWithHistory = 0; // ... that started with the history read (they saw every
                               // mirrored partition the syncs name)
    // Topics the cluster listed last whose names look like offset-syncs topics ("offset-syncs"
    // in them), sorted: what a wrong name or alias may have missed.
    std::vector<std::string> offsetSyncsLookalikes;
};

struct LiveStatus {
    ClusterStatus source, target;
    TopicProgress offsetSyncs, checkpoints, heartbeats;
    // Connect's offsets topic, for MM2's replication position: a missing or unreadable one is
    // read (empty), so that it never holds a report back; the position is then unknown.
    TopicProgress connectOffsets;
    size_t records = 0;
    size_t undecodable = 0;
    size_t groupsSampled = 0;
    // The offset-syncs topic's configs were asked for and neither they nor an error came back
    // yet (within the request timeout): a report waits, so that it says what they are or why not.
    bool offsetSyncsConfigsPending = false;
    bool historyRead() const
    {
        return offsetSyncs.caughtUp && checkpoints.caughtUp && connectOffsets.caughtUp;
    }
    // A cluster cannot be read at all: waiting longer changes nothing.
    bool failed() const
    {
        return source.state == ClusterState::Failed || target.state == ClusterState::Failed;
    }
    // The offset syncs and checkpoints written before the session are read, both clusters have
    // been sampled since, and the offset-syncs topic's configs answered: a report now reflects
    // the clusters.
    bool ready() const
    {
        return historyRead() && source.roundsWithHistory > 0 && target.roundsWithHistory > 0 &&
               !offsetSyncsConfigsPending;
    }
};

// Why a live session has no offset syncs to translate with: MM2's offset-syncs topic, as read,
// does not exist on its cluster, or its history was empty and nothing came since while
// checkpoints were read (MM2 writes a partition's sync before any checkpoint that uses it). The
// reason names the topic looked for, the one MM2's configuration implies (the name the release
// derives from the aliases, replication policy and offset-syncs.topic.location, which
// --offset-syncs-topic may have replaced) and any topic either cluster lists that looks like an
// offset-syncs topic. None while the topic is being read, or holds records.
std::optional<std::string> offsetSyncsProblem(const LiveStatus& status, const LiveReaderOptions& options);

// Why a status is not ready, for messages: each internal topic whose history is not read yet
// ("; checkpoints topic: 10 of 40 records read") and each cluster not connected, every part
// starting with "; ". Empty when nothing is missing.
std::string notReadyWords(const LiveStatus& status);

class LiveReader {
public:
    explicit LiveReader(LiveReaderOptions options);
    ~LiveReader(); // stops and joins the workers
    LiveReader(const LiveReader&) = delete;
    LiveReader& operator=(const LiveReader&) = delete;

    void start();
    void stop();

    // Everything read after `from` (Session::since); cheap when little is new.
    Session since(const Session::Mark& from) const;
    // Drops what was read up to `mark`: for a sole consumer that took it with since() and keeps
    // its own copy (a watcher for days must not hold everything twice). since() from before
    // `mark` then starts at `mark`.
    void forget(const Session::Mark& mark);
    LiveStatus status() const;
    // Waits until `done(status())` or the timeout; returns whether `done` held. It is asked
    // again whenever the status changes, with the reader's lock held: keep it quick.
    bool waitFor(const std::function<bool(const LiveStatus&)>& done, int64_t timeoutMs) const;
    // Waits until status().ready(), status().failed() or the timeout; returns whether it is ready.
    bool waitUntilReady(int64_t timeoutMs) const;

    struct Shared;

private:
    std::unique_ptr<Shared> m_shared;
};

} // namespace driftscope::kafka
