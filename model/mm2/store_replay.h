// Rebuilds the sync store a checkpoint task would hold after reading a whole offset-syncs topic.
#pragma once

#include "model/mm2/sync_store.h"

#include <span>

namespace driftscope {

struct StoreReplayOptions {
    Release release = kDefaultRelease;
    // The checkpoint task (re)started when the topic held its first `taskStart` records: those
    // form the initial read-to-end, the rest arrive live. Releases without read-to-end gating
    // (up to 3.4.0) ignore it, as MM2 does.
    size_t taskStart = 0;
    bool checkpointsRestored = true; // matters from 3.7.1 on
};

// `syncs` in topic order. A `taskStart` beyond syncs.size() makes every sync part of the initial
// load (callers that take it from users should refuse it instead, as the CLI does).
SyncStore replaySyncs(std::span<const OffsetSync> syncs, const StoreReplayOptions& options);

} // namespace driftscope
