// The emit interval a flow runs with, read off its checkpoints when no MM2 configuration says
// it (a capture of bare bootstrap servers, imported text): the stale limit then follows what
// MM2 really does instead of its default.
#pragma once

#include "model/session/session.h"

#include <cstdint>
#include <optional>

namespace driftscope {

// The shortest gap, in whole seconds, between consecutive checkpoints of one group partition
// that recurs at three distinct moments or more. Groups that did not move emit nothing in a
// round, so longer gaps are multiples of the interval; a task restart gives one short gap,
// which does not recur. The first kCadenceSampleLimit checkpoints are enough and bound the cost
// (reports are built at every cursor move). None when no gap recurs that often.
std::optional<int64_t> observedCheckpointIntervalMs(const Session& session);

constexpr size_t kCadenceSampleLimit = 100'000;

} // namespace driftscope
