// driftscope-explorer-bench: the explorer's model on a live session that grows for an hour,
// without waiting an hour. A simulated busy flow (16 partitions at 500 records/s each, four
// groups, checkpoints every 10 s, samples every second) is handed to an ExplorerModel second by
// second, as the live reader hands over its slices, and the model answers after each slice, as
// the window asks it to. At chosen minutes it prints, side by side:
//
//   answer    CPU per answer over the minute before (model, series and cursor), in ms
//   fresh     CPU of one answer by a fresh model on the session so far: what rebuilding from
//             the first record each second (the explorer before it followed growth) costs
//   session   bytes the session's lists hold (the model's copy, what was read)
//   overhead  heap in use beyond the two sessions (the feeder's and the model's), the last
//             answer included: what the model keeps besides what was read
//
// The heap is read with mallinfo2 with a single malloc arena, so every thread's blocks count.
//
// Usage: driftscope-explorer-bench [--minutes N] [--at 1,10,30,60] [--release R]
#include "model/analysis/explorer_model.h"
#include "model/sim/sim_session.h"
#include "support/session_feeder.h"

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <set>
#include <string>

using namespace driftscope;
using driftscope::test::Feeder;

namespace {

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

size_t heapInUse()
{
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

template <class T>
size_t bytesOf(const std::vector<T>& v)
{
    return v.capacity() * sizeof(T);
}

size_t bytesOf(const Session& s)
{
    return bytesOf(s.syncs) + bytesOf(s.checkpoints) + bytesOf(s.heartbeats) + bytesOf(s.undecodable) +
           bytesOf(s.groupOffsets) + bytesOf(s.logOffsets) + bytesOf(s.events);
}

sim::Scenario busyFlow(int minutes)
{
    sim::Scenario s = sim::namedScenario("steady").value();
    s.name = "busy";
    s.partitions = 16;
    s.produceRate = 500;
    s.emitCheckpointsIntervalMs = 10'000;
    s.offsetFlushIntervalMs = 1'000;
    s.sampleIntervalMs = 1'000;
    s.syncGroupOffsets = true;
    s.syncGroupOffsetsIntervalMs = 10'000;
    s.durationMs = int64_t(minutes) * 60'000;
    s.groups = {{"billing", -1, 1000}, {"analytics", -1, 5000}, {"audit", -1, 60'000}, {"fraud", 300, 5000}};
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    // One arena: mallinfo2 then counts the blocks of every thread.
    mallopt(M_ARENA_MAX, 1);
    int minutes = 60;
    std::set<int> at = {1, 10, 30, 60};
    std::string release = "4.4.0";
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--minutes") == 0 && i + 1 < argc) {
            minutes = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--at") == 0 && i + 1 < argc) {
            at.clear();
            for (const char* p = argv[++i]; *p;) {
                char* end = nullptr;
                at.insert(static_cast<int>(std::strtol(p, &end, 10)));
                p = *end ? end + 1 : end;
            }
        } else if (std::strcmp(argv[i], "--release") == 0 && i + 1 < argc) {
            release = argv[++i];
        } else {
            std::fprintf(stderr,
                         "usage: driftscope-explorer-bench [--minutes N] [--at 1,10,30,60] [--release R]\n");
            return 2;
        }
    }
    const auto parsed = parseRelease(release);
    if (minutes < 1 || minutes > 600 || !parsed) {
        std::fprintf(stderr,
                     "driftscope-explorer-bench: --minutes must be in [1, 600], --release a release\n");
        return 2;
    }

    const double simStart = cpuSeconds();
    sim::SimulatedSession simulated = sim::simulateSession(busyFlow(minutes), 1'700'000'000'000);
    const Session& whole = simulated.session;
    std::printf(
        "simulated %d minutes of a busy flow in %.1f s: %zu syncs, %zu checkpoints, %zu group samples, "
        "%zu log samples\n",
        minutes, cpuSeconds() - simStart, whole.syncs.size(), whole.checkpoints.size(),
        whole.groupOffsets.size(), whole.logOffsets.size());

    ExplorerRequest request;
    request.state.release = *parsed;
    request.selection.group = "analytics";
    request.selection.partition = TopicPartition{"orders", 0};

    Feeder feeder(whole);
    const int64_t start = 1'700'000'000'000;
    const size_t baseline = heapInUse() - bytesOf(feeder.live());
    ExplorerModel model;
    feeder.readUntil(start);
    model.replace(feeder.live().since({})); // a whole session, ids and all
    ExplorerAnswer last;
    double minuteCpu = 0;
    int minuteAnswers = 0;
    std::printf("%6s %12s %12s %12s %12s %14s\n", "minute", "answer ms", "fresh ms", "session MiB",
                "overhead MiB", "series moments");
    for (int64_t second = 1; second <= int64_t(minutes) * 60; ++second) {
        const Session slice = feeder.readUntil(start + second * 1000);
        const double before = cpuSeconds();
        if (!model.append(slice)) {
            std::fprintf(stderr, "driftscope-explorer-bench: a slice did not append at second %lld\n",
                         static_cast<long long>(second));
            return 1;
        }
        last = model.answer(request);
        minuteCpu += cpuSeconds() - before;
        ++minuteAnswers;
        if (second % 60 != 0)
            continue;
        const int minute = static_cast<int>(second / 60);
        if (at.count(minute)) {
            const double answerMs = 1000 * minuteCpu / minuteAnswers;
            const size_t sessionBytes = bytesOf(model.session());
            const size_t overhead = heapInUse() - baseline - bytesOf(feeder.live()) - sessionBytes;
            const double freshStart = cpuSeconds();
            {
                ExplorerModel fresh;
                fresh.replace(model.session().since({}));
                fresh.answer(request);
            }
            const double freshMs = 1000 * (cpuSeconds() - freshStart);
            std::printf("%6d %12.2f %12.2f %12.1f %12.1f %14zu\n", minute, answerMs, freshMs,
                        sessionBytes / 1048576.0, overhead / 1048576.0,
                        last.releases.front().series->series.atMs.size());
            std::fflush(stdout);
        }
        minuteCpu = 0;
        minuteAnswers = 0;
    }
    const ExplorerModel::Work& work = model.work();
    std::printf("series built %zu times, extended %zu times, thinned %zu times; cursor states built %zu\n",
                work.seriesBuilt, work.seriesExtended, work.seriesThinned, work.cursorsBuilt);
    return 0;
}
