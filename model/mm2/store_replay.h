// Rebuilds the sync store a checkpoint task holds from the offset-syncs topic, with MM2's
// initial-load gate: the records the topic held when the task (re)started are its initial
// read-to-end, the rest arrive live (docs/mm2-behaviour.md §2). Every replay of a recorded
// topic goes through SyncsReplay, so the gate is decided in one place.
#pragma once

#include "model/mm2/sync_store.h"

#include <span>
#include <string>

namespace driftscope {

struct StoreReplayOptions {
    Release release = kDefaultRelease;
    // The checkpoint task (re)started when the topic held its first `taskStart` records: those
    // form the initial read-to-end, the rest arrive live. Releases without read-to-end gating
    // (up to 3.4.0) ignore it, as MM2 does.
    size_t taskStart = 0;
    bool checkpointsRestored = true; // matters from 3.7.1 on
    // Why `release` is not the release the user named (resolveRelease's warning, e.g. "MM2 4.4.1 is
    // not a release driftscope knows; ..."); empty when it is. Not used by the replay: it travels
    // with the options to whatever reports the release applied.
    std::string releaseWarning{};
};

// The topic read record by record, in topic order. A caller that follows only some partitions
// still passes the others (skip()): the task start counts every record of the topic.
class SyncsReplay {
public:
    explicit SyncsReplay(const StoreReplayOptions& options)
        : m_store(profileFor(options.release), options.checkpointsRestored), m_taskStart(options.taskStart)
    {
        if (m_taskStart == 0) // no initial load: the store translates from the first moment
            m_store.finishInitialLoad();
    }

    SyncStore& store() { return m_store; }
    const SyncStore& store() const { return m_store; }
    // Records of the topic passed so far, applied or skipped.
    size_t recordsRead() const { return m_read; }

    void apply(const OffsetSync& sync)
    {
        m_store.apply(sync);
        passed();
    }
    void apply(SyncStore::PartitionId partition, int64_t upstream, int64_t downstream)
    {
        m_store.apply(partition, upstream, downstream);
        passed();
    }
    // The topic's next record, of a partition the caller does not follow.
    void skip() { passed(); }
    // The topic ends here, and the task read all of it: a task start at or beyond its end made
    // every record part of the initial load, which is over now.
    void endOfTopic() { m_store.finishInitialLoad(); }

private:
    // A restarted task read the first taskStart records and was ready then: its load is done with
    // the last of them, not only once another record is written (a checkpoint may come between;
    // the real-Kafka rig's MM2 restart showed one 2 s before the next sync).
    void passed()
    {
        if (++m_read == m_taskStart)
            m_store.finishInitialLoad();
    }

    SyncStore m_store;
    size_t m_taskStart;
    size_t m_read = 0;
};

// A whole topic, `syncs` in topic order. A `taskStart` beyond syncs.size() makes every sync part
// of the initial load (callers that take it from users should refuse it instead, as the CLI does).
SyncStore replaySyncs(std::span<const OffsetSync> syncs, const StoreReplayOptions& options);

} // namespace driftscope
