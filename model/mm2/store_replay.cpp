#include "model/mm2/store_replay.h"

namespace driftscope {

SyncStore replaySyncs(std::span<const OffsetSync> syncs, const StoreReplayOptions& options)
{
    SyncsReplay replay(options);
    for (const OffsetSync& sync : syncs)
        replay.apply(sync);
    replay.endOfTopic();
    return std::move(replay.store());
}

} // namespace driftscope
