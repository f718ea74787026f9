// driftscope-watch-week-bench: a watcher over days, without waiting days. A simulated flow (4
// partitions at 50 records/s, four groups, checkpoints every 10 s, group offsets synced every
// 10 s, samples every 5 s) is handed to two watchers slice by slice, faster than real time,
// through the watcher's own code path: one thins what it read as serve does (every 5 minutes,
// keeping 15 minutes, offset syncs 6 hours), its peer keeps everything. Every 5 s of simulated
// time both refresh, as serve does by default. Per simulated day, side by side:
//
//   held      records and samples each watcher holds, and the bytes of their lists
//   refresh   CPU per refresh over the day, in ms
//
// It also checks that both watchers answered the same at every refresh (as tst_watch_thinning
// does over 45 minutes) and says how many answers it compared.
//
// Usage: driftscope-watch-week-bench [--days N]
#include "model/sim/sim_session.h"
#include "model/watch/watcher.h"
#include "support/fed_source.h"
#include "support/session_feeder.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

using namespace driftscope;

namespace {

constexpr int64_t kEpochMs = 1'700'000'000'000;
constexpr int64_t kDayMs = 86'400'000;

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

sim::Scenario flow(int days)
{
    sim::Scenario s = sim::namedScenario("steady").value();
    s.partitions = 4;
    s.produceRate = 50;
    s.emitCheckpointsIntervalMs = 10'000;
    s.sampleIntervalMs = 5'000;
    s.syncGroupOffsets = true;
    s.syncGroupOffsetsIntervalMs = 10'000;
    s.durationMs = days * kDayMs;
    s.groups = {{"billing", -1, 1000}, {"analytics", -1, 5000}, {"audit", -1, 60'000}, {"fraud", 30, 5000}};
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    int days = 7;
    for (int i = 1; i + 1 < argc; i += 2)
        if (!std::strcmp(argv[i], "--days"))
            days = std::atoi(argv[i + 1]);
    if (days < 1 || days > 31) {
        std::fprintf(stderr, "usage: driftscope-watch-week-bench [--days 1..31]\n");
        return 2;
    }
    const double simStart = cpuSeconds();
    const sim::SimulatedSession simulated = sim::simulateSession(flow(days), kEpochMs);
    const Session& whole = simulated.session;
    std::printf("simulated %d days in %.1f s: %zu syncs, %zu checkpoints, %zu samples\n", days,
                cpuSeconds() - simStart, whole.syncs.size(), whole.checkpoints.size(),
                whole.groupOffsets.size() + whole.logOffsets.size());

    test::Feeder feeder(whole);
    int64_t now = kEpochMs;
    WatchOptions thinning;
    thinning.metrics.flow = "A->B";
    WatchOptions keepsAll = thinning;
    keepsAll.thinEveryMs = 0;
    Watcher thinned(thinning, std::make_unique<test::FedSource>(feeder.live(), now));
    Watcher full(keepsAll, std::make_unique<test::FedSource>(feeder.live(), now));

    std::printf("%4s %14s %14s %12s %12s %14s %14s\n", "day", "thinned held", "full held", "thinned MB",
                "full MB", "thinned ms/ref", "full ms/ref");
    size_t compared = 0, differed = 0;
    double cpuThinned = 0, cpuFull = 0;
    int refreshes = 0;
    for (now = kEpochMs + 5'000; now <= kEpochMs + days * kDayMs; now += 5'000) {
        feeder.readUntil(now);
        double t = cpuSeconds();
        thinned.refreshNow();
        cpuThinned += cpuSeconds() - t;
        t = cpuSeconds();
        full.refreshNow();
        cpuFull += cpuSeconds() - t;
        ++refreshes;
        const auto a = thinned.latest(), b = full.latest();
        if (a->ready && b->ready) {
            ++compared;
            differed += a->reportJson != b->reportJson;
        }
        if ((now - kEpochMs) % kDayMs != 0)
            continue;
        std::printf("%4lld %14zu %14zu %12.1f %12.1f %14.3f %14.3f\n",
                    static_cast<long long>((now - kEpochMs) / kDayMs), a->recordsHeld, b->recordsHeld,
                    static_cast<double>(a->bytesHeld) / 1e6, static_cast<double>(b->bytesHeld) / 1e6,
                    1000 * cpuThinned / refreshes, 1000 * cpuFull / refreshes);
        std::fflush(stdout);
        cpuThinned = cpuFull = 0;
        refreshes = 0;
    }
    std::printf("%zu answers compared, %zu differed\n", compared, differed);
    return differed == 0 ? 0 : 1;
}
