// driftscope-serve-bench: the watcher of `serve` at a fleet's scale, without a fleet. A generated
// flow (by default 20,000 partitions in topics of 100, and 2,000 groups of 10 partitions each,
// with 4 offset syncs per partition, one checkpoint per group partition and one round of
// samples) is fed to a Watcher through the same code path as the live reader's records, then:
//
//   refresh    wall time of the first refresh (MM2's state rebuilt, the report, its metrics
//              rendered) and of one more with nothing new
//   scrape     p50 / p99 over --scrapes of what GET /metrics does (join the rendered families,
//              render the age families), side by side with serializing the same families at
//              each scrape (what serve did before it rendered once per refresh)
//   size       the exposition's megabytes and series, with per-partition series and without
//   memory     resident set after the refresh (VmRSS)
//
// HTTP adds the transfer of the exposition over loopback, which this does not count.
//
// Usage: driftscope-serve-bench [--partitions N] [--groups N] [--scrapes N]
#include "model/analysis/health_report.h"
#include "model/watch/watcher.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace driftscope;

namespace {

constexpr int64_t kStartMs = 1'800'000'000'000;

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double rssMegabytes()
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0)
            return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
    return 0;
}

// Every partition has 4 syncs (drift growing by 1 each), a group of 10 partitions commits past
// the last one, and its checkpoint was translated from it.
Session generatedFlow(size_t partitions, size_t groups)
{
    Session s;
    s.info.emitCheckpointsIntervalMs = 60'000;
    s.info.emitIntervalConfigured = true;
    const size_t perGroup = std::max<size_t>(1, partitions / groups);
    int64_t offset = 0;
    std::vector<uint32_t> upstream, downstream;
    for (size_t p = 0; p < partitions; ++p) {
        const std::string topic = "topic-" + std::to_string(p / 100);
        const int partition = static_cast<int>(p % 100);
        upstream.push_back(s.partitionId({topic, partition}));
        downstream.push_back(s.partitionId({"A." + topic, partition}));
    }
    for (int k = 0; k < 4; ++k)
        for (size_t p = 0; p < partitions; ++p) {
            const int64_t at = kStartMs + k * 10'000 + static_cast<int64_t>(p % 1000);
            s.syncs.push_back({{offset++, at, at}, upstream[p], 1000 * (k + 1), 1000 * (k + 1) - k});
        }
    offset = 0;
    const int64_t sampled = kStartMs + 45'000;
    for (size_t g = 0; g < groups; ++g) {
        const uint32_t group = s.groupId("group-" + std::to_string(g));
        for (size_t i = 0; i < perGroup && g * perGroup + i < partitions; ++i) {
            const size_t p = g * perGroup + i;
            const int64_t at = kStartMs + 41'000;
            s.checkpoints.push_back({{offset++, at, at}, group, downstream[p], 4100, 3998, 0, ""});
            s.groupOffsets.push_back({sampled - 5000, ClusterSide::Source, group, upstream[p], 4050});
            s.groupOffsets.push_back({sampled, ClusterSide::Source, group, upstream[p], 4200});
            s.groupOffsets.push_back({sampled, ClusterSide::Target, group, downstream[p], 3998});
        }
    }
    for (size_t p = 0; p < partitions; ++p) {
        s.logOffsets.push_back({sampled, ClusterSide::Source, upstream[p], 0, 4500});
        s.logOffsets.push_back({sampled, ClusterSide::Target, downstream[p], 0, 4497});
    }
    return s;
}

// The generated flow, all of it read at once, at a fixed moment.
class GeneratedSource final : public WatchSource {
public:
    explicit GeneratedSource(const Session& session) : m_session(session) {}
    Session since(const Session::Mark& from) const override { return m_session.since(from); }
    kafka::LiveStatus status() const override
    {
        kafka::LiveStatus s;
        s.offsetSyncs.caughtUp = s.checkpoints.caughtUp = s.connectOffsets.caughtUp = true;
        s.source.roundsWithHistory = s.target.roundsWithHistory = 1;
        return s;
    }
    int64_t nowMs() const override { return kStartMs + 50'000; }

private:
    const Session& m_session; // outlives the watcher
};

struct Figures {
    double firstRefreshS = 0, nextRefreshS = 0, rssMb = 0, megabytes = 0;
    size_t series = 0;
    std::vector<double> joinMs, serializeMs;
};

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1,
                           static_cast<size_t>(p / 100 * static_cast<double>(values.size() - 1) + 0.5))];
}

Figures measure(const Session& flow, bool partitionMetrics, int scrapes)
{
    Figures f;
    WatchOptions options;
    options.metrics.flow = "A->B";
    options.metrics.partitionMetrics = partitionMetrics;
    Watcher watcher(options, std::make_unique<GeneratedSource>(flow));
    auto start = std::chrono::steady_clock::now();
    watcher.refreshNow();
    f.firstRefreshS = secondsSince(start);
    start = std::chrono::steady_clock::now();
    watcher.refreshNow();
    f.nextRefreshS = secondsSince(start);
    f.rssMb = rssMegabytes();
    const auto snapshot = watcher.latest();
    if (!snapshot->ready) {
        std::fprintf(stderr, "the generated flow gave no report: %s\n", snapshot->waitingBecause.c_str());
        std::exit(1);
    }
    // The peer: the same families serialized at each scrape. The families are built once, outside
    // the timing: only the serialization is the peer's cost.
    Mm2State state(flow, options.report.state, kStartMs + 50'000);
    ReportOptions reportOptions = options.report;
    reportOptions.atMs = kStartMs + 50'000;
    const auto families =
        reportMetrics(flow, state, buildReport(flow, state, reportOptions), options.metrics, flow.mark());
    std::string text;
    for (int i = 0; i < scrapes; ++i) {
        start = std::chrono::steady_clock::now();
        const auto age =
            render(ageMetrics(options.metrics, kStartMs + 51'000, snapshot->builtAtMs, snapshot->asOfMs));
        text = joinRendered({&snapshot->metrics, &age});
        f.joinMs.push_back(secondsSince(start) * 1000);
        start = std::chrono::steady_clock::now();
        const std::string serialized = exposition(families);
        f.serializeMs.push_back(secondsSince(start) * 1000);
    }
    f.megabytes = static_cast<double>(text.size()) / 1e6;
    for (size_t line = 0; line < text.size(); line = text.find('\n', line) + 1)
        f.series += text[line] != '#';
    return f;
}

} // namespace

int main(int argc, char** argv)
{
    size_t partitions = 20'000, groups = 2'000;
    int scrapes = 50;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--partitions"))
            partitions = std::strtoul(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--groups"))
            groups = std::strtoul(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--scrapes"))
            scrapes = std::atoi(argv[i + 1]);
    }
    if (partitions == 0 || groups == 0 || scrapes <= 0) {
        std::fprintf(stderr, "usage: driftscope-serve-bench [--partitions N] [--groups N] [--scrapes N]\n");
        return 2;
    }
    const Session flow = generatedFlow(partitions, groups);
    std::printf("generated flow: %zu partitions, %zu groups, %zu syncs, %zu checkpoints, %zu samples\n",
                partitions, groups, flow.syncs.size(), flow.checkpoints.size(),
                flow.groupOffsets.size() + flow.logOffsets.size());
    std::printf("%-22s %10s %10s %9s %8s %12s %12s %14s %14s %8s\n", "", "refresh s", "again s", "MB",
                "series", "scrape p50", "scrape p99", "serialize p50", "serialize p99", "RSS MB");
    for (bool partitionMetrics : {true, false}) {
        const Figures f = measure(flow, partitionMetrics, scrapes);
        std::printf("%-22s %10.3f %10.3f %9.2f %8zu %9.2f ms %9.2f ms %11.2f ms %11.2f ms %8.1f\n",
                    partitionMetrics ? "per-partition series" : "per-group series only", f.firstRefreshS,
                    f.nextRefreshS, f.megabytes, f.series, percentile(f.joinMs, 50), percentile(f.joinMs, 99),
                    percentile(f.serializeMs, 50), percentile(f.serializeMs, 99), f.rssMb);
    }
    return 0;
}
