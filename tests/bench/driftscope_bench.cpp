// driftscope-bench: measures the model's hot paths, single-threaded, and prints the figures.
// It is not a test: nothing fails when a machine is slow.
//
//   store_update_1p     10,000,000 syncs into one partition, upstream += uniform 1..200, d = u
//   translate_1p        10,000,000 translations of uniform random offsets against that store
//   store_update_1000p  1,000 partitions x 10,000 syncs, arriving round-robin
//   decode_update_1p    the first workload as encoded records: decode + update
//   simulate_steady     the steady scenario with 100 partitions and 10 groups for one simulated
//                       hour: simulated records per second
//   capture_open        a capture of 1,000 partitions, 10,000,000 offset syncs and 1,000,000
//                       checkpoints opened to a ready model (store and checkpoints in force)
//   kafka_store_rebuild the store rebuilt from an offset-syncs topic of 100,000 records on an
//                       embedded cluster, against a bare consumer reading the same records
//
// Usage: driftscope-bench [--json] [--scale F] [--fixtures DIR]
//   --scale 0.1 runs a tenth of every workload; the capture fixture is written to DIR (default
//   the temporary directory) once and reused.
#include "bench_support.h"
#include "capture_bench.h"
#include "kafka_bench.h"
#include "model/core/sim/simulator.h"
#include "model/core/sync_store.h"
#include "model/core/wire_codec.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace driftscope;

namespace {

using bench::Clock;
using bench::millions;
using bench::secondsSince;

// Upstream offsets advancing by a uniform random step of 1..200 (fixed seed).
std::vector<int64_t> advancingOffsets(size_t count, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> step(1, 200);
    std::vector<int64_t> out(count);
    int64_t u = 0;
    for (int64_t& v : out) {
        u += step(rng);
        v = u;
    }
    return out;
}

struct Figures {
    double storeUpdate1p = 0;
    double translate1p = 0;
    double storeUpdate1000p = 0;
    double decodeUpdate1p = 0;
    double simulatedRecords = 0;
    double simulatedSpeedup = 0; // simulated seconds per wall-clock second
    int64_t checksum = 0;        // keeps results observable so nothing is optimised away
};

void runStoreUpdate1p(Figures& f, const std::vector<int64_t>& offsets, SyncStore& store)
{
    OffsetSync sync{{"orders", 0}, 0, 0};
    const auto start = Clock::now();
    for (const int64_t u : offsets) {
        sync.upstream = sync.downstream = u;
        store.apply(sync);
    }
    f.storeUpdate1p = static_cast<double>(offsets.size()) / secondsSince(start);
}

void runTranslate1p(Figures& f, const SyncStore& store, int64_t maxOffset, size_t count)
{
    std::mt19937_64 rng(2);
    std::uniform_int_distribution<int64_t> pick(0, maxOffset);
    std::vector<int64_t> queries(count);
    for (int64_t& q : queries)
        q = pick(rng);
    const TopicPartition tp{"orders", 0};
    int64_t sum = 0;
    const auto start = Clock::now();
    for (const int64_t q : queries)
        sum += *store.translate(tp, q).downstream;
    f.translate1p = static_cast<double>(count) / secondsSince(start);
    f.checksum += sum;
}

void runStoreUpdate1000p(Figures& f, size_t partitions, size_t perPartition)
{
    std::vector<OffsetSync> syncs; // one record object per partition, refilled per sync
    for (size_t p = 0; p < partitions; ++p)
        syncs.push_back({{"topic-" + std::to_string(p % 10), static_cast<int32_t>(p / 10)}, 0, 0});
    std::vector<std::vector<int64_t>> offsets;
    for (size_t p = 0; p < partitions; ++p)
        offsets.push_back(advancingOffsets(perPartition, 100 + p));
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    const auto start = Clock::now();
    for (size_t i = 0; i < perPartition; ++i)
        for (size_t p = 0; p < partitions; ++p) {
            syncs[p].upstream = syncs[p].downstream = offsets[p][i];
            store.apply(syncs[p]);
        }
    f.storeUpdate1000p = static_cast<double>(partitions * perPartition) / secondsSince(start);
    f.checksum += static_cast<int64_t>(store.syncsApplied());
}

void runDecodeUpdate1p(Figures& f, const std::vector<int64_t>& offsets)
{
    // Encoded records laid out back to back, as a consumer's fetch buffer would hold them.
    struct Span {
        uint32_t keyAt, keyLen, valueAt, valueLen;
    };
    Bytes buffer;
    std::vector<Span> records;
    records.reserve(offsets.size());
    for (const int64_t u : offsets) {
        const OffsetSync sync{{"orders", 0}, u, u};
        const Bytes key = encodeOffsetSyncKey(sync).value();
        const Bytes value = encodeOffsetSyncValue(sync);
        const auto keyAt = static_cast<uint32_t>(buffer.size());
        buffer.insert(buffer.end(), key.begin(), key.end());
        const auto valueAt = static_cast<uint32_t>(buffer.size());
        buffer.insert(buffer.end(), value.begin(), value.end());
        records.push_back(
            {keyAt, static_cast<uint32_t>(key.size()), valueAt, static_cast<uint32_t>(value.size())});
    }
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    size_t undecodable = 0;
    Decoded<OffsetSync> decoded; // reused: the topic string keeps its storage
    std::string error;
    const auto start = Clock::now();
    for (const Span& r : records) {
        if (decodeOffsetSyncInto(ByteView(buffer.data() + r.keyAt, r.keyLen),
                                 ByteView(buffer.data() + r.valueAt, r.valueLen), decoded, error))
            store.apply(decoded.record);
        else
            ++undecodable;
    }
    f.decodeUpdate1p = static_cast<double>(records.size()) / secondsSince(start);
    f.checksum += static_cast<int64_t>(undecodable + store.syncsApplied());
}

void runSimulation(Figures& f, double scale)
{
    sim::Scenario s = sim::namedScenario("steady").value();
    s.partitions = 100;
    s.groups = sim::defaultGroups(10);
    s.durationMs = static_cast<int64_t>(3'600'000 * scale);
    uint64_t samples = 0;
    const auto start = Clock::now();
    const sim::RunSummary summary = sim::simulate(s, [&](const sim::Sample&) { ++samples; });
    const double seconds = secondsSince(start);
    f.simulatedRecords = static_cast<double>(summary.recordsProduced) / seconds;
    f.simulatedSpeedup = static_cast<double>(summary.simulatedMs) / 1000.0 / seconds;
    f.checksum += static_cast<int64_t>(samples + summary.checkpointsEmitted);
}

} // namespace

int main(int argc, char** argv)
{
    bool json = false;
    double scale = 1.0;
    std::string fixtures = std::filesystem::temp_directory_path().string();
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (std::strcmp(argv[i], "--scale") == 0 && i + 1 < argc) {
            scale = std::atof(argv[++i]);
        } else if (std::strcmp(argv[i], "--fixtures") == 0 && i + 1 < argc) {
            fixtures = argv[++i];
        } else {
            std::fprintf(stderr, "usage: driftscope-bench [--json] [--scale F] [--fixtures DIR]\n");
            return 2;
        }
    }
    if (!(scale > 0 && scale <= 10)) {
        std::fprintf(stderr, "driftscope-bench: --scale must be in (0, 10]\n");
        return 2;
    }
    const auto n = static_cast<size_t>(10'000'000 * scale);

    Figures f;
    const std::vector<int64_t> offsets = advancingOffsets(n, 1);
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    runStoreUpdate1p(f, offsets, store);
    runTranslate1p(f, store, offsets.back(), n);
    runStoreUpdate1000p(f, 1000, static_cast<size_t>(10'000 * scale));
    runDecodeUpdate1p(f, offsets);
    runSimulation(f, scale);
    const bench::CaptureFigures capture =
        bench::runCaptureBench(fixtures, 1000, n, static_cast<size_t>(1'000'000 * scale));
    if (!capture.error.empty()) { // no figures to print: say why and fail
        std::fprintf(stderr, "driftscope-bench: %s\n", capture.error.c_str());
        return 1;
    }
    const bench::KafkaFigures kafka = bench::runKafkaBench(static_cast<size_t>(100'000 * scale));

    if (json) {
        std::printf("{\"store_update_1p\": %.0f, \"translate_1p\": %.0f, \"store_update_1000p\": %.0f, "
                    "\"decode_update_1p\": %.0f, \"simulate_steady_100p_records\": %.0f, "
                    "\"capture_open_seconds\": %.3f, \"capture_syncs\": %zu, \"capture_checkpoints\": %zu, "
                    "\"capture_unexplained\": %zu, "
                    "\"kafka_rebuild_ratio\": %.3f, \"kafka_records_complete\": %s}\n",
                    f.storeUpdate1p, f.translate1p, f.storeUpdate1000p, f.decodeUpdate1p, f.simulatedRecords,
                    capture.readSeconds + capture.modelSeconds, capture.syncs, capture.checkpoints,
                    capture.unexplained, kafka.ratio(), kafka.complete ? "true" : "false");
    } else {
        std::printf("driftscope-bench (MM2 %s rules, single thread, %zu syncs per workload)\n",
                    toString(kDefaultRelease).c_str(), n);
        std::printf("  store update, 1 partition        %s syncs/s\n", millions(f.storeUpdate1p).c_str());
        std::printf("  translate, 1 partition           %s translations/s\n",
                    millions(f.translate1p).c_str());
        std::printf("  store update, 1,000 partitions   %s syncs/s\n", millions(f.storeUpdate1000p).c_str());
        std::printf("  decode + update, 1 partition     %s syncs/s\n", millions(f.decodeUpdate1p).c_str());
        std::printf("  simulate steady, 100 partitions  %s records/s (%.0f simulated s per second: a day in "
                    "%.1f s)\n",
                    millions(f.simulatedRecords).c_str(), f.simulatedSpeedup, 86400.0 / f.simulatedSpeedup);
        std::printf(
            "  open capture: %zu partitions, %zu syncs, %zu checkpoints (%.0f MB): %.2f s = read %.2f s "
            "+ model %.2f s%s\n",
            capture.partitions, capture.syncs, capture.checkpoints, capture.fileMegabytes,
            capture.readSeconds + capture.modelSeconds, capture.readSeconds, capture.modelSeconds,
            capture.unexplained ? " (checkpoints unexplained!)" : "");
        std::printf(
            "  store from a %zu-record syncs topic: %.3f s (read %.3f s + store %.3f s) vs bare consumer "
            "%.3f s: %.2fx%s\n",
            kafka.records, kafka.readerSeconds + kafka.storeSeconds, kafka.readerSeconds, kafka.storeSeconds,
            kafka.bareSeconds, kafka.ratio(), kafka.complete ? "" : " (records missing!)");
        std::printf("  (checksum %lld)\n", static_cast<long long>(f.checksum));
    }
    return 0;
}
