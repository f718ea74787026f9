#include "model/mm2/store_replay.h"

namespace driftscope {

SyncStore replaySyncs(std::span<const OffsetSync> syncs, const StoreReplayOptions& options)
{
    SyncStore store(profileFor(options.release), options.checkpointsRestored);
    for (size_t i = 0; i < syncs.size(); ++i) {
        if (i == options.taskStart)
            store.finishInitialLoad();
        store.apply(syncs[i]);
    }
    if (options.taskStart >= syncs.size())
        store.finishInitialLoad();
    return store;
}

} // namespace driftscope
