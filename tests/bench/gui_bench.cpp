// driftscope-gui-bench: how fast the explorer draws. Prints figures, never fails on a slow
// machine.
//   replot   each plot holding 1,000,000 points (synthetic series of one partition), drawn
//            with replot(rpImmediateRefresh) at 1200 x 700, median of 7
//   open     a capture of 1,000 partitions, 10,000,000 offset syncs and 1,000,000 checkpoints
//            (driftscope-bench's fixture), from MainWindow::openFile to the first drawn plot
//   live     the window on the demo clusters running SCENARIO for SECONDS: event-loop gaps,
//            memory, model run times
// Usage: driftscope-gui-bench [--points N] [--fixtures DIR] [--skip-open] [--live SCENARIO SECONDS]
#include "app/gui/main_window.h"
#include "bench_support.h"
#include "capture_bench.h"
#include "widgets/partition_page.h"
#include "widgets/plots/checkpoint_age_plot.h"
#include "widgets/plots/offset_map_plot.h"
#include "widgets/plots/offset_time_plot.h"
#include "widgets/plots/replay_window_plot.h"
#include "widgets/plots/retained_syncs_plot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstring>
#include <ctime>

using namespace driftscope;

namespace {

constexpr int64_t kStartMs = 1'767'225'600'000;

// One partition over time with `points` moments a second apart, and as many syncs: offsets
// advance ~100 per second with noise, checkpoints every 60 s, the replay window saw-toothing.
struct Synthetic {
    SelectionSeries series;
    CursorView cursor;

    // `replayKnown` false: every moment's replay is unknown (no sync explains the checkpoint,
    // as under the wrong release), which the replay window draws as marks on its axis.
    explicit Synthetic(size_t points, bool replayKnown = true)
    {
        const TopicPartition tp{"orders", 0};
        series.selection = {"app", tp};
        GroupSeries& g = series.series;
        g.group = "app";
        PartitionSeries p;
        p.upstream = tp;
        SyncStore store(profileFor(kDefaultRelease));
        store.finishInitialLoad();
        uint64_t noise = 1;
        int64_t head = 0, checkpointU = 0, checkpointD = 0, checkpointAt = kStartMs;
        for (size_t i = 0; i < points; ++i) {
            noise = noise * 6364136223846793005ULL + 1442695040888963407ULL;
            const int64_t t = kStartMs + static_cast<int64_t>(i) * 1000;
            head += 50 + static_cast<int64_t>(noise >> 58);
            const int64_t d = head - head / 50; // drift grows
            store.apply({tp, head, d});
            series.lifetimes.push_back(
                {i, t, head, d, i + 64 < points ? std::optional<int64_t>(t + 64'000) : std::nullopt});
            if (i % 60 == 0) {
                checkpointU = head - 300;
                checkpointD = *store.translate(tp, checkpointU).downstream;
                checkpointAt = t;
            }
            PartitionReport r;
            r.group = "app";
            r.upstream = tp;
            r.committed = head - 200;
            r.sourceEnd = head + 10;
            r.targetEnd = d + 10;
            r.checkpoint =
                CheckpointView{checkpointU, checkpointD, checkpointAt, t - checkpointAt, std::nullopt, true};
            r.replay.available = true;
            r.replay.known = replayKnown;
            r.replay.granularity = 50 + static_cast<int64_t>(noise >> 59);
            r.replay.staleness = *r.committed - checkpointU;
            r.replay.replay = r.replay.granularity + r.replay.staleness;
            g.atMs.push_back(t);
            g.heartbeatAgeMs.push_back(static_cast<int64_t>(i % 5) * 1000);
            p.atMs.push_back(t);
            p.rows.push_back(std::move(r));
        }
        g.partitions.push_back(std::move(p));
        cursor.atMs = g.atMs.back();
        cursor.retained = store.retained(tp);
        cursor.steps = translationSteps(store, tp, head);
        cursor.row = g.partitions.front().rows.back();
    }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void benchReplots(size_t points)
{
    const Synthetic data(points);
    widgets::PartitionData input;
    input.series = &data.series;
    input.cursor = &data.cursor;
    std::printf("replot with %zu points per series (1200 x 700, adaptive sampling, median of 7):\n", points);
    widgets::OffsetMapPlot map;
    widgets::OffsetTimePlot time;
    widgets::RetainedSyncsPlot retained;
    widgets::CheckpointAgePlot ages;
    widgets::ReplayWindowPlot replay;
    const auto run = [&](widgets::ExplorerPlot& plot, auto display) {
        plot.resize(1200, 700);
        plot.show();
        QElapsedTimer load;
        load.start();
        display();
        const double setMs = static_cast<double>(load.nsecsElapsed()) / 1e6;
        std::vector<double> ms;
        for (int i = 0; i < 7; ++i) {
            QElapsedTimer timer;
            timer.start();
            plot.replot(QCustomPlot::rpImmediateRefresh);
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        // The same answer again, as a live session's next second mostly is: what is unchanged
        // does not go to QCustomPlot again.
        load.restart();
        display();
        const double againMs = static_cast<double>(load.nsecsElapsed()) / 1e6;
        size_t drawn = 0;
        for (const auto& s : plot.series())
            drawn += s->size();
        std::printf("  %-30s %8.1f ms   (setting the data: %6.0f ms, the same again: %6.0f ms; %zu values)\n",
                    qPrintable(plot.title()), median(ms), setMs, againMs, drawn);
    };
    run(map, [&] { map.display(input); });
    run(time, [&] { time.display(input); });
    run(retained, [&] { retained.display(input); });
    run(ages, [&] { ages.display(input); });
    run(replay, [&] { replay.display(input); });
    const Synthetic unknown(points, false);
    widgets::PartitionData unknownInput = input;
    unknownInput.series = &unknown.series;
    unknownInput.cursor = &unknown.cursor;
    widgets::ReplayWindowPlot unknownReplay;
    std::printf("  the replay window again, its replay unknown at every moment:\n");
    run(unknownReplay, [&] { unknownReplay.display(unknownInput); });
}

void benchOpen(const std::string& fixtures)
{
    std::printf("preparing the 10M-sync capture in %s ...\n", fixtures.c_str());
    const bench::CaptureFigures f = bench::runCaptureBench(fixtures, 1000, 10'000'000, 1'000'000);
    if (f.syncs == 0) {
        std::printf("  (no fixture: skipped)\n");
        return;
    }
    gui::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QElapsedTimer timer;
    double resultMs = -1, drawnMs = -1, workerSeconds = 0, completeMs = -1, completeSeconds = 0;
    QObject::connect(&window.analysis(), &gui::AnalysisService::resultReady, &window,
                     [&](std::shared_ptr<const gui::AnalysisResult> r) {
                         if (resultMs < 0 && r->summary->syncs > 0) {
                             resultMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                             workerSeconds = r->seconds;
                         }
                         if (completeMs < 0 && r->summary->syncs > 0 && r->complete) {
                             completeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                             completeSeconds = r->seconds;
                         }
                     });
    QObject::connect(window.page(0)->offsetMap(), &QCustomPlot::afterReplot, &window, [&] {
        if (resultMs >= 0 && drawnMs < 0)
            drawnMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    });
    timer.start();
    window.openFile(QString::fromStdString(f.path));
    while ((drawnMs < 0 || completeMs < 0) && timer.elapsed() < 120'000)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    std::printf("open capture (%zu partitions, %zu syncs, %zu checkpoints, %.0f MB) to the first drawn plot: "
                "%.2f s (result after %.2f s, of which the model %.2f s on the worker; drawing %.0f ms); "
                "every group's report after %.2f s (model %.2f s)\n",
                f.partitions, f.syncs, f.checkpoints, f.fileMegabytes, drawnMs / 1000, resultMs / 1000,
                workerSeconds, drawnMs - resultMs, completeMs / 1000, completeSeconds);
}

long residentKiB()
{
    QFile status("/proc/self/status");
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    return -1;
}

// CPU time of the calling thread, in ms.
double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1000 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The window on a demo scenario for a while: how long the GUI thread's event loop was ever kept
// from running (a 10 ms timer measures the gaps), the GUI thread's CPU per answer shown (taking
// it, drawing it: from the first answer on), memory, and how far the reader and the model got.
void benchLive(const QString& scenario, int seconds)
{
    gui::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.startDemo(scenario);
    QElapsedTimer clock;
    clock.start();
    QTimer tick;
    tick.setInterval(10);
    int64_t last = 0, worstGapMs = 0, worstAtMs = 0, results = 0;
    double worstModelSeconds = 0;
    long peakKiB = residentKiB();
    std::vector<int64_t> gaps;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const int64_t now = clock.elapsed();
        const int64_t gap = now - last;
        last = now;
        gaps.push_back(gap);
        if (now > 2000 && gap > worstGapMs) { // after the window and the clusters started
            worstGapMs = gap;
            worstAtMs = now;
        }
        if (gaps.size() % 100 == 0)
            peakKiB = std::max(peakKiB, residentKiB());
    });
    double firstAnswerCpuMs = -1;
    QObject::connect(&window.analysis(), &gui::AnalysisService::resultReady, [&](auto r) {
        if (results == 0)
            firstAnswerCpuMs = threadCpuMs();
        ++results;
        worstModelSeconds = std::max(worstModelSeconds, r->seconds);
    });
    tick.start();
    // An event loop as the application runs one (processEvents with a time limit would spin, and
    // its polling would count as the GUI thread's CPU).
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    const double guiCpuMs = threadCpuMs() - firstAnswerCpuMs;
    std::sort(gaps.begin(), gaps.end());
    const gui::AnalysisResult* r = window.analysis().latest();
    std::printf(
        "live demo '%s' for %d s: event loop gaps p50 %lld ms, p99 %lld ms, worst %lld ms (at %.1f s); "
        "%lld results, slowest model run %.2f s; resident memory peak %.0f MB\n",
        qPrintable(scenario), seconds, static_cast<long long>(gaps[gaps.size() / 2]),
        static_cast<long long>(gaps[gaps.size() * 99 / 100]), static_cast<long long>(worstGapMs),
        static_cast<double>(worstAtMs) / 1000, static_cast<long long>(results), worstModelSeconds,
        static_cast<double>(peakKiB) / 1024);
    if (results > 1)
        std::printf("  GUI thread CPU from the first answer on: %.1f s for %lld answers, %.1f ms per answer "
                    "(the 10 ms gap timer included)\n",
                    guiCpuMs / 1000, static_cast<long long>(results - 1),
                    guiCpuMs / static_cast<double>(results - 1));
    if (r)
        std::printf("  read: %zu offset syncs, %zu checkpoints, %zu groups, %zu mirrored partitions; %s\n",
                    r->summary->syncs, r->summary->checkpoints, r->summary->groups.size(),
                    r->summary->upstreamPartitions.size(), qPrintable(window.statusText()));
}

} // namespace

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") && !qEnvironmentVariableIsSet("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // leave the user's settings alone
    size_t points = 1'000'000;
    std::string fixtures = "/tmp";
    bool open = true;
    QString live;
    int liveSeconds = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--points") == 0 && i + 1 < argc)
            points = static_cast<size_t>(std::atoll(argv[++i]));
        else if (std::strcmp(argv[i], "--fixtures") == 0 && i + 1 < argc)
            fixtures = argv[++i];
        else if (std::strcmp(argv[i], "--skip-open") == 0)
            open = false;
        else if (std::strcmp(argv[i], "--live") == 0 && i + 2 < argc) {
            live = argv[++i];
            liveSeconds = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: driftscope-gui-bench [--points N] [--fixtures DIR] [--skip-open] "
                                 "[--live SCENARIO SECONDS]\n");
            return 2;
        }
    }
    if (!live.isEmpty()) {
        benchLive(live, liveSeconds);
        return 0;
    }
    benchReplots(std::max<size_t>(points, 2));
    if (open)
        benchOpen(fixtures);
    return 0;
}
