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
// The first four also run on Kafka's own OffsetSyncStore (the Java peer, java_peer.h: the real
// connect-mirror classes of --java-release in a JVM started once and warmed up first), in
// alternating rounds: driftscope, Java, driftscope, Java... each workload --rounds times a side;
// the figures are the medians, and the ratio driftscope / Java is the figure of merit (absolute
// rates move with the machine). Both sides build the same inputs from the same generator, and
// each checks its store with the same translations: the checksums must agree. Without java or
// a prepared reference work dir (tests/reference/prepare.sh) the bench says why on stderr and
// prints its own figures; --require-java makes that an error.
//
// Usage: driftscope-bench [--json] [--scale F] [--fixtures DIR] [--rounds N]
//                         [--reference-work DIR] [--java-release R] [--require-java]
//   --scale 0.1 runs a tenth of every workload; the capture fixture is written to DIR (default
//   the temporary directory) once and reused.
#include "bench_support.h"
#include "capture_bench.h"
#include "java_peer.h"
#include "kafka_bench.h"
#include "model/mm2/sync_store.h"
#include "model/records/wire_codec.h"
#include "model/sim/simulator.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#ifndef DRIFTSCOPE_REFERENCE_WORK
#define DRIFTSCOPE_REFERENCE_WORK "tests/reference"
#endif

using namespace driftscope;

namespace {

using bench::Clock;
using bench::millions;
using bench::secondsSince;

// SplitMix64; a value in [lo, hi] is lo + next() mod (hi - lo + 1). StoreBench.java has the same
// generator, so that the Java peer gets exactly the same offsets and queries.
class Gen {
public:
    explicit Gen(uint64_t seed) : m_state(seed) {}
    uint64_t next()
    {
        m_state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int64_t uniform(int64_t lo, int64_t hi)
    {
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }

private:
    uint64_t m_state;
};

// Upstream offsets advancing by a uniform random step of 1..200 (fixed seed).
std::vector<int64_t> advancingOffsets(size_t count, uint64_t seed)
{
    Gen gen(seed);
    std::vector<int64_t> out(count);
    int64_t u = 0;
    for (int64_t& v : out) {
        u += gen.uniform(1, 200);
        v = u;
    }
    return out;
}

// The inputs of the four store workloads, built once, before any timing.
struct Inputs {
    std::vector<int64_t> offsets;                       // one partition
    std::vector<int64_t> queries;                       // translations, uniform in [0, last offset]
    std::vector<OffsetSync> partitionSyncs;             // one record object per partition
    std::vector<std::vector<int64_t>> partitionOffsets; // 1,000 partitions
    // The same offsets in the order the syncs arrive (round-robin: partition p's i-th at
    // i * partitions + p), as a fetch would hand them over and as the Java peer's timed section
    // reads its prepared syncs. Reading partitionOffsets[p][i] across 1,000 vectors of 80 kB
    // instead stalled on a cache miss per sync and took a third of the timed section: a cost of
    // the harness, not of the store.
    std::vector<int64_t> arrivalOffsets;
    // Encoded records laid out back to back, as a consumer's fetch buffer would hold them.
    struct Span {
        uint32_t keyAt, keyLen, valueAt, valueLen;
    };
    Bytes buffer;
    std::vector<Span> records;
};

Inputs buildInputs(size_t n, size_t partitions, size_t perPartition)
{
    Inputs in;
    in.offsets = advancingOffsets(n, 1);
    Gen gen(2);
    const int64_t maxOffset = in.offsets.empty() ? 0 : in.offsets.back();
    in.queries.resize(n);
    for (int64_t& q : in.queries)
        q = gen.uniform(0, maxOffset);
    for (size_t p = 0; p < partitions; ++p) {
        in.partitionSyncs.push_back(
            {{"topic-" + std::to_string(p % 10), static_cast<int32_t>(p / 10)}, 0, 0});
        in.partitionOffsets.push_back(advancingOffsets(perPartition, 100 + p));
    }
    in.arrivalOffsets.reserve(partitions * perPartition);
    for (size_t i = 0; i < perPartition; ++i)
        for (size_t p = 0; p < partitions; ++p)
            in.arrivalOffsets.push_back(in.partitionOffsets[p][i]);
    in.records.reserve(n);
    for (const int64_t u : in.offsets) {
        const OffsetSync sync{{"orders", 0}, u, u};
        const Bytes key = encodeOffsetSyncKey(sync).value();
        const Bytes value = encodeOffsetSyncValue(sync);
        const auto keyAt = static_cast<uint32_t>(in.buffer.size());
        in.buffer.insert(in.buffer.end(), key.begin(), key.end());
        const auto valueAt = static_cast<uint32_t>(in.buffer.size());
        in.buffer.insert(in.buffer.end(), value.begin(), value.end());
        in.records.push_back(
            {keyAt, static_cast<uint32_t>(key.size()), valueAt, static_cast<uint32_t>(value.size())});
    }
    return in;
}

// One timed run: operations per second, and a checksum of translations (the same on the Java side).
struct Sample {
    double rate = 0;
    int64_t checksum = 0;
};

int64_t downstreamOf(const Translation& t)
{
    return t.downstream.value_or(0);
}

// Untimed: 1,000 translations spread over [0, max], as StoreBench.java probes its store.
int64_t probe(const SyncStore& store, const TopicPartition& tp, int64_t max)
{
    int64_t sum = 0;
    for (int64_t k = 0; k < 1000; ++k)
        sum += downstreamOf(store.translate(tp, max * k / 999));
    return sum;
}

// The timed sections (StoreBench.java says what its twins time), each a function of its own, as
// the JIT compiles each of its twins: inlined into the round loop they shared its registers and
// kept their loop bounds on the stack.
//   store update: apply() of decoded syncs, the offsets prepared before;
//   translate: translate() alone, store and queries prepared before;
//   decode + update: decoding from the prepared buffer and apply().
[[gnu::noinline]] Sample runStoreUpdate1p(const Inputs& in, SyncStore& store)
{
    OffsetSync sync{{"orders", 0}, 0, 0};
    const auto start = Clock::now();
    for (const int64_t u : in.offsets) {
        sync.upstream = sync.downstream = u;
        store.apply(sync);
    }
    const double seconds = secondsSince(start);
    return {static_cast<double>(in.offsets.size()) / seconds,
            in.offsets.empty() ? 0 : probe(store, sync.tp, in.offsets.back())};
}

[[gnu::noinline]] Sample runTranslate1p(const Inputs& in, const SyncStore& store)
{
    const TopicPartition tp{"orders", 0};
    int64_t sum = 0;
    const auto start = Clock::now();
    for (const int64_t q : in.queries)
        sum += *store.translate(tp, q).downstream;
    return {static_cast<double>(in.queries.size()) / secondsSince(start), sum};
}

[[gnu::noinline]] Sample runStoreUpdate1000p(Inputs& in)
{
    std::vector<OffsetSync>& syncs = in.partitionSyncs; // refilled per sync
    const size_t partitions = syncs.size();
    const size_t perPartition = partitions ? in.partitionOffsets[0].size() : 0;
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    const int64_t* offset = in.arrivalOffsets.data();
    const auto start = Clock::now();
    for (size_t i = 0; i < perPartition; ++i)
        for (size_t p = 0; p < partitions; ++p) {
            syncs[p].upstream = syncs[p].downstream = *offset++;
            store.apply(syncs[p]);
        }
    const double seconds = secondsSince(start);
    int64_t sum = 0;
    if (perPartition > 0)
        for (size_t p = 0; p < partitions; ++p)
            sum += downstreamOf(store.translate(syncs[p].tp, in.partitionOffsets[p][perPartition / 2])) +
                   downstreamOf(store.translate(syncs[p].tp, in.partitionOffsets[p][perPartition - 1]));
    return {static_cast<double>(partitions * perPartition) / seconds, sum};
}

[[gnu::noinline]] Sample runDecodeUpdate1p(const Inputs& in)
{
    SyncStore store(profileFor(kDefaultRelease));
    store.finishInitialLoad();
    size_t undecodable = 0;
    Decoded<OffsetSync> decoded; // reused: the topic string keeps its storage
    std::string error;
    const auto start = Clock::now();
    for (const Inputs::Span& r : in.records) {
        if (decodeOffsetSyncInto(ByteView(in.buffer.data() + r.keyAt, r.keyLen),
                                 ByteView(in.buffer.data() + r.valueAt, r.valueLen), decoded, error))
            store.apply(decoded.record);
        else
            ++undecodable;
    }
    const double seconds = secondsSince(start);
    const int64_t sum = in.offsets.empty() ? 0 : probe(store, {"orders", 0}, in.offsets.back());
    return {static_cast<double>(in.records.size()) / seconds, sum + static_cast<int64_t>(undecodable)};
}

enum Workload { StoreUpdate1p, Translate1p, StoreUpdate1000p, DecodeUpdate1p, kWorkloads };
constexpr std::array<const char*, kWorkloads> kNames = {"store_update_1p", "translate_1p",
                                                        "store_update_1000p", "decode_update_1p"};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

struct StoreFigures {
    std::array<double, kWorkloads> cpp{};  // medians, operations per second
    std::array<double, kWorkloads> java{}; // 0 when the peer did not run
    bool javaRan = false;
    bool checksumsMatch = true;
    std::string javaWhy; // why the peer did not run (or stopped)
    std::string javaVersion, javaMode;
    int64_t checksum = 0;
    double ratio(int w) const { return java[w] > 0 ? cpp[w] / java[w] : 0; }
};

// The four store workloads, `rounds` times each, alternating with the Java peer when there is one.
StoreFigures runStoreWorkloads(Inputs& in, size_t n, size_t partitions, size_t perPartition, int rounds,
                               bench::JavaPeer* peer)
{
    StoreFigures f;
    std::array<std::vector<double>, kWorkloads> cpp, java;
    std::array<int64_t, kWorkloads> expected{};
    const std::array<std::string, kWorkloads> commands = {
        std::string(kNames[StoreUpdate1p]) + " " + std::to_string(n),
        std::string(kNames[Translate1p]) + " " + std::to_string(n),
        std::string(kNames[StoreUpdate1000p]) + " " + std::to_string(partitions) + " " +
            std::to_string(perPartition),
        std::string(kNames[DecodeUpdate1p]) + " " + std::to_string(n)};
    auto javaRun = [&](int w) {
        if (!peer)
            return;
        const std::optional<bench::JavaPeer::Run> r = peer->run(commands[w], f.javaWhy);
        if (!r) {
            peer = nullptr; // the peer's figures so far are dropped below
            return;
        }
        java[w].push_back(r->rate());
        if (r->checksum != expected[w]) {
            f.checksumsMatch = false;
            std::fprintf(stderr, "driftscope-bench: %s: Kafka's store answered %lld, driftscope's %lld\n",
                         kNames[w], static_cast<long long>(r->checksum), static_cast<long long>(expected[w]));
        }
    };
    auto cppSample = [&](int w, const Sample& s) {
        cpp[w].push_back(s.rate);
        expected[w] = s.checksum;
        f.checksum += s.checksum;
    };
    for (int round = 0; round < rounds; ++round) {
        SyncStore store(profileFor(kDefaultRelease));
        store.finishInitialLoad();
        cppSample(StoreUpdate1p, runStoreUpdate1p(in, store));
        javaRun(StoreUpdate1p);
        cppSample(Translate1p, runTranslate1p(in, store));
        javaRun(Translate1p);
        cppSample(StoreUpdate1000p, runStoreUpdate1000p(in));
        javaRun(StoreUpdate1000p);
        cppSample(DecodeUpdate1p, runDecodeUpdate1p(in));
        javaRun(DecodeUpdate1p);
    }
    for (int w = 0; w < kWorkloads; ++w) {
        f.cpp[w] = median(cpp[w]);
        if (peer)
            f.java[w] = median(java[w]);
    }
    f.javaRan = peer != nullptr;
    return f;
}

struct Figures {
    double simulatedRecords = 0;
    double simulatedSpeedup = 0; // simulated seconds per wall-clock second
    int64_t checksum = 0;        // keeps results observable so nothing is optimised away
};

void runSimulation(Figures& f, double scale)
{
    sim::Scenario s = sim::namedScenario("steady").value();
    s.partitions = 100;
    s.groups = sim::defaultGroups(10);
    s.durationMs = static_cast<int64_t>(3'600'000 * scale);
    // Samples once a minute, as this figure always has: the simulation itself (every step's
    // replay figures included), not the samples' text, is what is timed.
    s.sampleIntervalMs = 60'000;
    uint64_t samples = 0;
    const auto start = Clock::now();
    const sim::RunSummary summary = sim::simulate(s, [&](const sim::Sample&) { ++samples; });
    const double seconds = secondsSince(start);
    f.simulatedRecords = static_cast<double>(summary.recordsProduced) / seconds;
    f.simulatedSpeedup = static_cast<double>(summary.simulatedMs) / 1000.0 / seconds;
    f.checksum += static_cast<int64_t>(samples + summary.checkpointsEmitted);
}

// A JSON number, or null for a figure the Java peer did not give.
std::string jsonFigure(bool present, double value, const char* format)
{
    if (!present)
        return "null";
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

} // namespace

int main(int argc, char** argv)
{
    bool json = false;
    bool requireJava = false;
    double scale = 1.0;
    int rounds = 5;
    std::string fixtures = std::filesystem::temp_directory_path().string();
    std::string referenceWork = DRIFTSCOPE_REFERENCE_WORK;
    std::string javaRelease = "4.3.1"; // the newest release Maven Central serves with connect-mirror
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (std::strcmp(argv[i], "--scale") == 0 && i + 1 < argc) {
            scale = std::atof(argv[++i]);
        } else if (std::strcmp(argv[i], "--fixtures") == 0 && i + 1 < argc) {
            fixtures = argv[++i];
        } else if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
            rounds = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--reference-work") == 0 && i + 1 < argc) {
            referenceWork = argv[++i];
        } else if (std::strcmp(argv[i], "--java-release") == 0 && i + 1 < argc) {
            javaRelease = argv[++i];
        } else if (std::strcmp(argv[i], "--require-java") == 0) {
            requireJava = true;
        } else {
            std::fprintf(
                stderr,
                "usage: driftscope-bench [--json] [--scale F] [--fixtures DIR] [--rounds N]\n"
                "                        [--reference-work DIR] [--java-release R] [--require-java]\n");
            return 2;
        }
    }
    if (!(scale > 0 && scale <= 10)) {
        std::fprintf(stderr, "driftscope-bench: --scale must be in (0, 10]\n");
        return 2;
    }
    if (rounds < 1 || rounds > 101) {
        std::fprintf(stderr, "driftscope-bench: --rounds must be in [1, 101]\n");
        return 2;
    }
    const auto n = static_cast<size_t>(10'000'000 * scale);
    const size_t partitions = 1000;
    const auto perPartition = static_cast<size_t>(10'000 * scale);

    std::string why;
    std::unique_ptr<bench::JavaPeer> peer = bench::JavaPeer::start(referenceWork, javaRelease, why);
    // The JIT's warm-up: every workload three times at up to 500,000 syncs.
    if (peer && !peer->warmup(std::min<size_t>(n, 500'000), 3, why))
        peer.reset();
    if (!peer && requireJava) {
        std::fprintf(stderr, "driftscope-bench: the Java peer (Kafka %s) cannot run: %s\n",
                     javaRelease.c_str(), why.c_str());
        return 1;
    }

    Inputs inputs = buildInputs(n, partitions, perPartition);
    StoreFigures store = runStoreWorkloads(inputs, n, partitions, perPartition, rounds, peer.get());
    if (peer) {
        store.javaVersion = peer->version();
        store.javaMode = peer->mode();
        if (!store.javaRan)
            why = store.javaWhy;
        peer.reset(); // the JVM quits: nothing runs beside the remaining workloads
    }
    inputs = Inputs();
    if (!store.javaRan) {
        if (requireJava) {
            std::fprintf(stderr, "driftscope-bench: the Java peer (Kafka %s) stopped: %s\n",
                         javaRelease.c_str(), why.c_str());
            return 1;
        }
        std::fprintf(stderr, "driftscope-bench: the Java peer (Kafka %s's own store) was not run: %s\n",
                     javaRelease.c_str(), why.c_str());
    }
    if (store.javaRan && !store.checksumsMatch && requireJava) {
        std::fprintf(stderr, "driftscope-bench: Kafka %s's store and driftscope's answered differently\n",
                     javaRelease.c_str());
        return 1;
    }

    Figures f;
    f.checksum = store.checksum;
    runSimulation(f, scale);
    const bench::CaptureFigures capture =
        bench::runCaptureBench(fixtures, 1000, n, static_cast<size_t>(1'000'000 * scale));
    if (!capture.error.empty()) { // no figures to print: say why and fail
        std::fprintf(stderr, "driftscope-bench: %s\n", capture.error.c_str());
        return 1;
    }
    const bench::KafkaFigures kafka = bench::runKafkaBench(static_cast<size_t>(100'000 * scale));

    if (json) {
        const bool j = store.javaRan;
        std::string javaFields =
            "\"java_release\": " + (j ? "\"" + store.javaVersion + "\"" : std::string("null"));
        for (int w = 0; w < kWorkloads; ++w)
            javaFields +=
                std::string(", \"java_") + kNames[w] + "\": " + jsonFigure(j, store.java[w], "%.0f");
        for (int w = 0; w < kWorkloads; ++w)
            javaFields +=
                std::string(", \"ratio_") + kNames[w] + "\": " + jsonFigure(j, store.ratio(w), "%.3f");
        javaFields += std::string(", \"java_checksums_match\": ") +
                      (j ? (store.checksumsMatch ? "true" : "false") : "null");
        std::printf("{\"store_update_1p\": %.0f, \"translate_1p\": %.0f, \"store_update_1000p\": %.0f, "
                    "\"decode_update_1p\": %.0f, %s, \"simulate_steady_100p_records\": %.0f, "
                    "\"capture_open_seconds\": %.3f, \"capture_syncs\": %zu, \"capture_checkpoints\": %zu, "
                    "\"capture_unexplained\": %zu, "
                    "\"kafka_rebuild_ratio\": %.3f, \"kafka_records_complete\": %s}\n",
                    store.cpp[StoreUpdate1p], store.cpp[Translate1p], store.cpp[StoreUpdate1000p],
                    store.cpp[DecodeUpdate1p], javaFields.c_str(), f.simulatedRecords,
                    capture.readSeconds + capture.modelSeconds, capture.syncs, capture.checkpoints,
                    capture.unexplained, kafka.ratio(), kafka.complete ? "true" : "false");
    } else {
        std::printf("driftscope-bench (MM2 %s rules, single thread, %zu syncs per workload)\n",
                    toString(kDefaultRelease).c_str(), n);
        if (store.javaRan)
            std::printf(
                "  store workloads: medians of %d rounds alternating with Kafka %s's own OffsetSyncStore "
                "(JVM, warmed up%s)%s\n",
                rounds, store.javaVersion.c_str(),
                store.javaMode == "update" ? "" : "; its store updates include decoding",
                store.checksumsMatch ? "; both sides answered alike" : "; THE ANSWERS DIFFER");
        else
            std::printf("  store workloads: medians of %d rounds (Kafka's own store not run: see stderr)\n",
                        rounds);
        const std::array<const char*, kWorkloads> labels = {
            "  store update, 1 partition      ", "  translate, 1 partition         ",
            "  store update, 1,000 partitions ", "  decode + update, 1 partition   "};
        const std::array<const char*, kWorkloads> units = {"syncs/s       ", "translations/s",
                                                           "syncs/s       ", "syncs/s       "};
        for (int w = 0; w < kWorkloads; ++w) {
            std::printf("%s %s %s", labels[w], millions(store.cpp[w]).c_str(), units[w]);
            if (store.javaRan)
                std::printf("   Kafka %s %s  = %6.2fx", store.javaVersion.c_str(),
                            millions(store.java[w]).c_str(), store.ratio(w));
            std::printf("\n");
        }
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
