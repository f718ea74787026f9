// What a watcher keeps of what it read, so that it runs for days in bounded memory and still
// answers exactly as with everything it read.
//
// At the state's moment it keeps: every record not passed yet; the offset syncs MM2's store
// holds, those the checkpoints in force were translated from, and those that explain the target
// group offsets last sampled; the checkpoints in force and those waiting for a later sync; every
// undecodable record and reader event (few, and reports count them all); the first checkpoints the
// observed cadence reads (kCadenceSampleLimit: about 10 MB at most); all records of the last
// `keepMs` (the translation delay); and per sampled key the samples of two pace windows before its
// newest and the newest before those; the two log samples of every rewind and the one of each
// partition's last outrun; and MM2's replication positions that the samples kept are judged
// against, each partition's last, and those of the last `keepMs`.
//
// Offset syncs are kept for `keepSyncsMs`, longer: a checkpoint task that restarted (before 3.7.1
// it keeps only the last sync of each partition, then fills its store again) holds syncs that
// driftscope's store has thinned out, and a checkpoint it translates with one of them is explained
// only by the history. One explained by a sync older than that window is counted unexplained and
// its replay is "unknown": never another number. Everything else is answered exactly as with all
// that was read (tst_watch_thinning).
#pragma once

#include "model/session/mm2_state.h"
#include "model/session/sample_state.h"
#include "model/session/session.h"

#include <cstdint>
#include <vector>

namespace driftscope {

struct ThinnedSession {
    Session session;
    // Old index -> new index, or -1 when dropped (Mm2State::rebase).
    std::vector<int64_t> syncIndex, checkpointIndex;
};

struct ThinningWindows {
    int64_t keepMs = 15 * 60'000;
    int64_t keepSyncsMs = 6 * 3'600'000;
};

ThinnedSession thinSession(const Session& session, const Mm2State& state, const SampleState& samples,
                           const ThinningWindows& windows);

} // namespace driftscope
