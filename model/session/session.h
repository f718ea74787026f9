// What a session read from a pair of clusters, live or from a capture: the records of MM2's
// internal topics in topic order (undecodable ones kept raw with the reason), the committed
// offsets of the selected groups and the log offsets of mirrored partitions as sampled, and what
// happened to the reader. Reports, captures and the GUI all work from this one model.
//
// Every list only grows, so a consumer can remember how far it has seen (a Mark) and take the
// rest later; topic-partitions and group names are interned once and referred to by dense ids.
#pragma once

#include "model/mm2/partition_index.h"
#include "model/mm2/replication_policy.h"
#include "model/records/cluster_side.h"
#include "model/records/formatter_text.h" // MirrorRecord
#include "model/records/records.h"
#include "model/records/wire_codec.h"
#include "model/session/bookmarks.h"
#include "model/session/reader_states.h"
#include "model/session/sync_key_cache.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace driftscope {

// The internal topics MM2 writes: its three own, and the Connect offsets topic where its source
// connector keeps its replication position (records/connect_offset.h).
enum class InternalTopic { OffsetSyncs, Checkpoints, Heartbeats, ConnectOffsets };
inline constexpr std::array<InternalTopic, 4> kInternalTopics = {
    InternalTopic::OffsetSyncs, InternalTopic::Checkpoints, InternalTopic::Heartbeats,
    InternalTopic::ConnectOffsets};
// "offset-syncs", "checkpoints", "heartbeats", "connect-offsets": how captures, exports and
// reports name them.
std::string_view internalTopicName(InternalTopic topic);
std::optional<InternalTopic> parseInternalTopic(std::string_view name);

// Where a record sat and when: its offset in the internal topic, the record timestamp MM2 gave
// it, and when driftscope read it (all times in ms since the epoch).
struct RecordStamp {
    int64_t topicOffset = 0;
    int64_t timestampMs = 0;
    int64_t readAtMs = 0;

    friend bool operator==(const RecordStamp&, const RecordStamp&) = default;
};

struct ObservedSync {
    RecordStamp stamp;
    uint32_t partition = 0; // upstream topic-partition
    int64_t upstream = 0;
    int64_t downstream = 0;

    friend bool operator==(const ObservedSync&, const ObservedSync&) = default;
};

struct ObservedCheckpoint {
    RecordStamp stamp;
    uint32_t group = 0;
    uint32_t partition = 0; // target-side (renamed) topic-partition
    int64_t upstream = 0;
    int64_t downstream = 0;
    int16_t version = 0;
    std::string metadata;

    friend bool operator==(const ObservedCheckpoint&, const ObservedCheckpoint&) = default;
};

struct ObservedHeartbeat {
    RecordStamp stamp;
    Heartbeat heartbeat;

    friend bool operator==(const ObservedHeartbeat&, const ObservedHeartbeat&) = default;
};

// A record of an internal topic that did not decode: kept byte for byte with the reason.
struct UndecodableRecord {
    InternalTopic topic = InternalTopic::OffsetSyncs;
    int32_t partition = 0;
    RecordStamp stamp;
    std::optional<Bytes> key; // nullopt: a null key (tombstones and foreign writers have them)
    std::optional<Bytes> value;
    std::string reason;

    friend bool operator==(const UndecodableRecord&, const UndecodableRecord&) = default;
};

// MM2's replication position of a source partition, as its source connector committed it to
// Connect's offsets topic (records/connect_offset.h): the record at `offset` was replicated and
// acknowledged, and a task that starts resumes at offset + 1. kNone: the position was removed
// (a tombstone). Only the positions of the session's source cluster are kept.
struct ObservedPosition {
    static constexpr int64_t kNone = -1;
    RecordStamp stamp;
    uint32_t partition = 0; // the source topic-partition
    int64_t offset = kNone;

    friend bool operator==(const ObservedPosition&, const ObservedPosition&) = default;
};

// A group's committed offset on one partition at a sample time. Kafka reports "no committed
// offset" as -1 (committed offsets themselves are never negative), and so does this.
struct GroupOffsetSample {
    static constexpr int64_t kNoOffset = -1;
    int64_t sampledAtMs = 0;
    ClusterSide side = ClusterSide::Source;
    uint32_t group = 0;
    uint32_t partition = 0;
    int64_t offset = kNoOffset;

    friend bool operator==(const GroupOffsetSample&, const GroupOffsetSample&) = default;
};

// The log start and end offsets of a partition at a sample time.
struct LogOffsetSample {
    int64_t sampledAtMs = 0;
    ClusterSide side = ClusterSide::Source;
    uint32_t partition = 0;
    int64_t start = 0;
    int64_t end = 0;

    friend bool operator==(const LogOffsetSample&, const LogOffsetSample&) = default;
};

// Something that happened to the reader: a cluster unreachable or back, a topic missing, an
// authorization error. Shown as states in the UI and kept in captures.
struct ReaderEvent {
    int64_t atMs = 0;
    std::optional<ClusterSide> side;
    // A ClusterState's or a ReaderEventState's name (reader_states.h), kept as text: a capture
    // from a newer driftscope may carry a state this one does not know, and keeps it.
    std::string state;
    std::string message;

    bool is(ReaderEventState s) const { return state == readerEventName(s); }
    bool is(ClusterState s) const { return state == clusterStateName(s); }

    friend bool operator==(const ReaderEvent&, const ReaderEvent&) = default;
};

// How the session was set up, as captures keep it. Secrets are removed before they get here.
struct SessionInfo {
    std::string sourceAlias = "A";
    std::string targetAlias = "B";
    std::string release;          // the MM2 release the user chose, e.g. "3.9.0"
    std::string offsetSyncsTopic; // names as read (MM2's derivation or the user's overrides)
    ClusterSide offsetSyncsSide = ClusterSide::Source;
    std::string checkpointsTopic;
    std::string heartbeatsTopic;
    std::string connectOffsetsTopic; // on the target; empty when not read (an older capture)
    // offset.flush.interval.ms of MM2's worker: how often its replication position is committed.
    int64_t offsetFlushIntervalMs = 60'000;
    ReplicationPolicy policy; // how checkpoints name the source partitions on the target
    int64_t emitCheckpointsIntervalMs = 60'000;
    // Whether that interval is the flow's (an MM2 configuration, a scenario) or MM2's default
    // taken for want of one; reports then infer it from the checkpoints' own cadence.
    bool emitIntervalConfigured = false;
    // sync.group.offsets.enabled of the flow when known (an MM2 configuration, a scenario), and
    // sync.group.offsets.interval.seconds * 1000.
    std::optional<bool> syncGroupOffsets;
    int64_t syncGroupOffsetsIntervalMs = 60'000;
    std::vector<std::string> groups; // groups selected or discovered, in the order found
    // groups / groups.exclude of the flow when known (an MM2 configuration, a scenario), as MM2
    // reads them: reports name the groups MM2 never checkpoints. None when not known.
    std::optional<std::vector<std::string>> groupsInclude, groupsExclude;
    std::vector<std::pair<std::string, std::string>> configuration; // redacted, "source.KEY" / "target.KEY"
    std::string origin;                                             // "live", "demo", "import"
    std::string toolVersion;                                        // the driftscope that read it
    // Some records came without their times (MM2's console formatters print none): their
    // timestamps are 0, so checkpoint ages and every moment built on them are unknown.
    bool recordTimesUnknown = false;
    int64_t startedAtMs = 0;
    // Moments a reviewer named, sorted by time (bookmarks.h); kept in a capture's own table.
    std::vector<Bookmark> bookmarks;
    // Rows of a capture's bookmarks table that break the rules: not bookmarks, but said and kept.
    std::vector<DamagedBookmark> damagedBookmarks;
};

class Session {
public:
    // How much of each list a consumer has seen.
    struct Mark {
        size_t partitions = 0, groups = 0;
        size_t syncs = 0, checkpoints = 0, heartbeats = 0, undecodable = 0;
        size_t groupOffsets = 0, logOffsets = 0, events = 0, positions = 0;

        friend bool operator==(const Mark&, const Mark&) = default;
    };

    SessionInfo info;

    uint32_t partitionId(const TopicPartition& tp) { return m_partitions.intern(tp); }
    std::optional<uint32_t> findPartition(const TopicPartition& tp) const;
    const TopicPartition& partition(uint32_t id) const { return m_partitions.at(id); }
    size_t partitionCount() const { return m_partitions.size(); }

    uint32_t groupId(const std::string& group);
    std::optional<uint32_t> findGroup(const std::string& group) const;
    const std::string& group(uint32_t id) const { return m_groups[id]; }
    size_t groupCount() const { return m_groups.size(); }

    // The one way a decoded record enters the session (records read as text or JSON, the
    // simulator's, and addRecord's once decoded): its partition and group are interned and it is
    // appended to its list. Captures and slices, which hold ids already, append lists whole.
    void add(const RecordStamp& stamp, const OffsetSync& sync);
    void add(const RecordStamp& stamp, Checkpoint checkpoint);
    void add(const RecordStamp& stamp, Heartbeat heartbeat);
    void add(const RecordStamp& stamp, MirrorRecord record);
    // How many records of the kind of `record` the session holds.
    size_t countOfKind(const MirrorRecord& record) const;

    // Decodes one record of an internal topic and appends it, or keeps it as undecodable.
    // Returns false for an undecodable record. Of the Connect offsets topic only the positions of
    // the source cluster (info.sourceAlias) are kept; other connectors' records are not MM2's.
    bool addRecord(InternalTopic topic, int32_t partition, const RecordStamp& stamp,
                   const std::optional<ByteView>& key, const std::optional<ByteView>& value);
    // Room for `more` syncs at once, in huge pages where the kernel offers them: a history of
    // millions is written once, front to back, and with 4 KiB pages the kernel takes a fault per
    // page, more time than decoding takes. Throws std::bad_alloc like reserve().
    void reserveSyncs(size_t more);

    std::vector<ObservedSync> syncs;
    std::vector<ObservedCheckpoint> checkpoints;
    std::vector<ObservedHeartbeat> heartbeats;
    std::vector<UndecodableRecord> undecodable;
    std::vector<GroupOffsetSample> groupOffsets;
    std::vector<LogOffsetSample> logOffsets;
    std::vector<ReaderEvent> events;
    std::vector<ObservedPosition> positions;

    Mark mark() const;
    // Everything added after `from`, with the same ids: appending it to a copy that had seen
    // exactly `from` reproduces this one. `info` is copied whole.
    Session since(const Mark& from) const;
    // Appends a slice taken with since() from a Session this one mirrors; ids agree.
    // Returns false (and appends nothing) when the slice does not start where this one ends.
    bool append(const Session& slice);
    // Appends a slice that continues the session this one was thinned from (its record lists
    // hold fewer records than were read: the watcher's): only the partitions and groups must
    // continue this one's. Returns false (and appends nothing) otherwise.
    bool appendContinuing(const Session& slice);

    // Drops the records up to `mark` (each list's first ones), as a slice that starts there would
    // hold them; partitions and groups stay. For a reader whose only consumer keeps its own copy
    // (LiveReader::forget). Returns how many of each list were dropped.
    Mark forgetBefore(const Mark& mark);

    // The latest time anything in the session happened (record read, sample, event), or 0.
    int64_t lastActivityMs() const;

private:
    PartitionIndex m_partitions;
    std::vector<std::string> m_groups;
    std::unordered_map<std::string, uint32_t> m_groupIds;
    Mark m_base; // where a slice starts; zero for a whole session
    // Offset syncs are the bulk of what is read: keys seen before skip decoding, and the
    // others decode into reused storage.
    std::unique_ptr<SyncKeyCache> m_syncKeys = std::make_unique<SyncKeyCache>();
    Decoded<OffsetSync> m_syncScratch;
    std::string m_syncError;
};

// The session's group list: the groups selected or discovered (info.groups) and every group its
// records and samples name, sorted, each once. Reports, the CLI and the explorer list these.
std::vector<std::string> knownGroups(const Session& session);

// The offset syncs of a session as records, in topic order.
std::vector<OffsetSync> offsetSyncsOf(const Session& session);

} // namespace driftscope
