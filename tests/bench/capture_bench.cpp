#include "capture_bench.h"

#include "bench_support.h"
#include "model/core/session_state.h"
#include "model/io/capture_file.h"

#include <filesystem>
#include <random>

using namespace driftscope;

namespace bench {
namespace {

constexpr int64_t kStartMs = 1'764'000'000'000;
constexpr size_t kGroups = 10;

// Syncs arrive round-robin over the partitions, upstream advancing 1..200 per sync; every
// syncs/checkpoints-th sync a group's committed offset (a little behind the head) is translated
// by a store fed the same syncs, as MM2's checkpoint task would.
Observations fixture(size_t partitions, size_t syncs, size_t checkpoints)
{
    Observations o;
    o.info.release = toString(kDefaultRelease);
    o.info.origin = "bench";
    std::vector<uint32_t> upstreamIds, downstreamIds;
    for (size_t p = 0; p < partitions; ++p) {
        const TopicPartition tp{"topic-" + std::to_string(p % 100), static_cast<int32_t>(p / 100)};
        upstreamIds.push_back(o.partitionId(tp));
        downstreamIds.push_back(o.partitionId({"A." + tp.topic, tp.partition}));
    }
    for (size_t g = 0; g < kGroups; ++g)
        o.groupId("group-" + std::to_string(g));
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    std::vector<SyncStore::PartitionId> storeIds;
    for (size_t p = 0; p < partitions; ++p)
        storeIds.push_back(store.partitionId(o.partition(upstreamIds[p])));
    std::vector<int64_t> head(partitions, 0);
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int64_t> step(1, 200), lag(0, 5000);
    o.syncs.reserve(syncs);
    o.checkpoints.reserve(checkpoints);
    const size_t every = std::max<size_t>(1, syncs / std::max<size_t>(1, checkpoints));
    for (size_t i = 0; i < syncs; ++i) {
        const size_t p = i % partitions;
        head[p] += step(rng);
        const int64_t t = kStartMs + static_cast<int64_t>(i);
        o.syncs.push_back({{static_cast<int64_t>(i), t, t}, upstreamIds[p], head[p], head[p]});
        store.apply(storeIds[p], head[p], head[p]);
        if (i % every == 0 && o.checkpoints.size() < checkpoints) {
            const size_t q = (i / every) % partitions;
            const int64_t committed = std::max<int64_t>(0, head[q] - lag(rng));
            const Translation tr = store.translate(storeIds[q], committed);
            if (tr.status == TranslationStatus::Translated && *tr.downstream >= 0)
                o.checkpoints.push_back({{static_cast<int64_t>(o.checkpoints.size()), t, t},
                                         static_cast<uint32_t>((i / every / partitions) % kGroups),
                                         downstreamIds[q],
                                         committed,
                                         *tr.downstream,
                                         0,
                                         ""});
        }
    }
    return o;
}

} // namespace

CaptureFigures runCaptureBench(const std::string& directory, size_t partitions, size_t syncs,
                               size_t checkpoints)
{
    CaptureFigures f;
    f.partitions = partitions;
    const std::string& path = f.path = directory + "/driftscope-bench-" + std::to_string(partitions) + "p-" +
                             std::to_string(syncs) + "s-" + std::to_string(checkpoints) + "c.capture";
    if (!std::filesystem::exists(path)) {
        const auto start = Clock::now();
        const Observations o = fixture(partitions, syncs, checkpoints);
        auto writer = CaptureWriter::create(path, o.info);
        if (!writer || (*writer)->append(o) || (*writer)->finish(kStartMs)) {
            std::fprintf(stderr, "driftscope-bench: cannot write %s\n", path.c_str());
            return f;
        }
        f.writeSeconds = secondsSince(start);
    }
    f.fileMegabytes = static_cast<double>(std::filesystem::file_size(path)) / 1e6;

    auto start = Clock::now();
    auto capture = readCapture(path);
    f.readSeconds = secondsSince(start);
    if (!capture) {
        std::fprintf(stderr, "driftscope-bench: %s\n", capture.error().c_str());
        return f;
    }
    const Observations& o = capture->observations;
    start = Clock::now();
    const SessionState state(o, SessionStateOptions{}, o.lastActivityMs());
    f.modelSeconds = secondsSince(start);
    f.syncs = o.syncs.size();
    f.checkpoints = o.checkpoints.size();
    f.unexplained = state.unexplainedCheckpoints();
    return f;
}

} // namespace bench
