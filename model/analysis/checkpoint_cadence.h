// The emit interval a flow runs with, read off its checkpoints when no MM2 configuration says
// it (a capture of bare bootstrap servers, imported text, a live read): the stale limit then
// follows what MM2 really does instead of its default.
//
// MM2's checkpoint task emits in rounds: every emit.checkpoints.interval.seconds it translates
// every group it owns and sends the checkpoints together, so one round's records carry nearly
// the same timestamp whatever the group. A handful of rounds shows the interval even in a short
// read, where one group partition has only one or two checkpoints.
#pragma once

#include "model/session/session.h"

#include <cstdint>
#include <optional>

namespace driftscope {

struct CheckpointCadence {
    int64_t intervalMs = 0; // whole seconds, as MM2 configures it
    size_t rounds = 0;      // emission rounds seen by then
};

// The interval from the checkpoints written up to `atMs` (never from later ones, so that every
// view of one session at one moment agrees). A round is a run of checkpoints stamped less than
// kRoundSpreadMs apart. Between two rounds that both carry a group, the gap is one interval, or
// a multiple when the group did not move (from 3.4.1 MM2 emits only checkpoints that move
// forward); with several checkpoint tasks, each owns its groups and its own round phase. So the
// answer is the smallest such gap, in whole seconds, that recurs at two rounds or more; with
// only one gap seen by then (two rounds), that one. None when nothing recurs (a restart gives a
// gap that does not). The first kCadenceSampleLimit checkpoints bound the cost: reports are
// built at every cursor move.
std::optional<CheckpointCadence> observedCheckpointCadence(const Session& session, int64_t atMs);

constexpr size_t kCadenceSampleLimit = 100'000;
constexpr int64_t kRoundSpreadMs = 500;

} // namespace driftscope
