#include "capture_bench.h"

#include "bench_support.h"
#include "model/io/capture_file.h"
#include "model/session/mm2_state.h"

#include <filesystem>
#include <random>

using namespace driftscope;

namespace bench {
namespace {

constexpr int64_t kStartMs = 1'764'000'000'000;
constexpr size_t kGroups = 10;

// Bump when fixture() changes: fixtures are reused from earlier runs by name.
constexpr int kFixtureVersion = 2;

// Syncs arrive round-robin over the partitions, upstream advancing 1..200 per sync. Checkpoints
// are spread evenly over the syncs (the k-th is due after sync k * syncs / checkpoints) and over
// the partitions and groups in turn: a group's committed offset a little behind the partition's
// head is translated by a store fed the same syncs, as MM2's checkpoint task would. When that
// offset is older than the store keeps, the head itself is taken, so that exactly `checkpoints`
// are written.
Session fixture(size_t partitions, size_t syncs, size_t checkpoints)
{
    Session o;
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
    checkpoints = std::min(checkpoints, syncs); // at most one per sync (see below)
    for (size_t i = 0; i < syncs; ++i) {
        const size_t p = i % partitions;
        head[p] += step(rng);
        const int64_t t = kStartMs + static_cast<int64_t>(i);
        o.syncs.push_back({{static_cast<int64_t>(i), t, t}, upstreamIds[p], head[p], head[p]});
        store.apply(storeIds[p], head[p], head[p]);
        // (i + 1) * checkpoints stays far below 2^64 at any scale the bench takes (10^8 * 10^7).
        const size_t due = static_cast<size_t>(uint64_t{i + 1} * checkpoints / syncs);
        if (o.checkpoints.size() >= due)
            continue;
        // k <= i, so partition k % partitions has had a sync by now (round-robin from 0).
        const size_t k = o.checkpoints.size();
        const size_t q = k % partitions;
        int64_t committed = std::max<int64_t>(0, head[q] - lag(rng));
        Translation tr = store.translate(storeIds[q], committed);
        if (tr.status != TranslationStatus::Translated) {
            committed = head[q]; // the newest sync: an exact hit
            tr = store.translate(storeIds[q], committed);
        }
        o.checkpoints.push_back({{static_cast<int64_t>(k), t, t},
                                 static_cast<uint32_t>((k / partitions) % kGroups),
                                 downstreamIds[q],
                                 committed,
                                 *tr.downstream,
                                 0,
                                 ""});
    }
    return o;
}

} // namespace

CaptureFigures runCaptureBench(const std::string& directory, size_t partitions, size_t syncs,
                               size_t checkpoints)
{
    CaptureFigures f;
    f.partitions = partitions;
    const std::string& path = f.path = directory + "/driftscope-bench-v" + std::to_string(kFixtureVersion) +
                                       "-" + std::to_string(partitions) + "p-" + std::to_string(syncs) +
                                       "s-" + std::to_string(checkpoints) + "c.capture";
    if (!std::filesystem::exists(path)) {
        const auto start = Clock::now();
        const Session o = fixture(partitions, syncs, checkpoints);
        auto writer = CaptureWriter::create(path, o.info);
        if (!writer || (*writer)->append(o) || (*writer)->finish(kStartMs)) {
            f.error = "cannot write " + path;
            return f;
        }
        f.writeSeconds = secondsSince(start);
    }
    f.fileMegabytes = static_cast<double>(std::filesystem::file_size(path)) / 1e6;

    auto start = Clock::now();
    auto capture = readCapture(path);
    f.readSeconds = secondsSince(start);
    if (!capture) {
        f.error = capture.error();
        return f;
    }
    const Session& o = capture->observations;
    start = Clock::now();
    const Mm2State state(o, Mm2StateOptions{}, o.lastActivityMs());
    f.modelSeconds = secondsSince(start);
    f.syncs = o.syncs.size();
    f.checkpoints = o.checkpoints.size();
    f.unexplained = state.unexplainedCheckpoints();
    if (f.syncs != syncs || f.checkpoints != checkpoints)
        f.error = path + ": holds " + std::to_string(f.syncs) + " offset syncs and " +
                  std::to_string(f.checkpoints) + " checkpoints instead of " + std::to_string(syncs) +
                  " and " + std::to_string(checkpoints) + " (delete it to have it written again)";
    return f;
}

} // namespace bench
