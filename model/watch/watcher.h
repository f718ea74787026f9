// The watcher behind `driftscope-cli serve`: reads a live flow without end and, every refresh,
// reports at the wall clock's now with the report's own rules, then publishes the result as an
// immutable snapshot. Whoever serves it (an HTTP scrape) takes the latest snapshot and never
// waits on the clusters or on a report being computed.
//
// MM2's state and the samples advance incrementally with the growing session; the session
// itself is still kept whole (a watcher for days will have to thin it: docs/watch.md).
#pragma once

#include "model/analysis/health_report.h"
#include "model/io/kafka/live_reader.h"
#include "model/watch/report_metrics.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace driftscope {

// Where a watcher's records come from and what time it is: the live reader and the wall clock,
// or a feed a benchmark fills faster than real time (the same code path after it).
class WatchSource {
public:
    virtual ~WatchSource() = default;
    virtual void start() {}
    virtual void stop() {}
    // What was read after `from` (Session::since); the first call, from {}, gives the set-up.
    virtual Session since(const Session::Mark& from) const = 0;
    // The watcher holds what was read up to `mark`: the source need not any more.
    virtual void taken(const Session::Mark& /*mark*/) {}
    virtual kafka::LiveStatus status() const = 0;
    virtual int64_t nowMs() const = 0;
    // Why the source cannot answer although its history is read (a missing offset-syncs topic).
    virtual std::optional<std::string> problem(const kafka::LiveStatus&) const { return std::nullopt; }
};

struct WatchOptions {
    kafka::LiveReaderOptions reader;
    ReportOptions report; // atMs is ignored: every refresh reports at now
    MetricsOptions metrics;
    int64_t refreshMs = 5000;
    // What is kept of what was read (session_thinning.h), and how often it is thinned (0: never).
    int64_t keepMs = 15 * 60'000;
    int64_t keepSyncsMs = 6 * 3'600'000;
    int64_t thinEveryMs = 5 * 60'000;
};

// What one refresh computed. Immutable once published.
struct WatchSnapshot {
    bool ready = false;         // the history is read and both clusters were sampled
    std::string waitingBecause; // while not ready, in words
    int64_t builtAtMs = 0;      // when it was computed
    int64_t asOfMs = 0;         // the moment it holds as of (earlier when a cluster is unreachable)
    std::string staleBecause;   // why asOfMs is earlier than builtAtMs
    size_t refreshes = 0;       // refreshes so far, this one included
    size_t recordsHeld = 0;     // records and samples the watcher holds (thinned: bounded)
    size_t bytesHeld = 0;       // what their lists take
    double refreshSeconds = 0;  // how long this refresh took
    // The metrics in the exposition format, rendered once per refresh: a scrape only joins them.
    std::vector<RenderedFamily> metrics;
    std::string reportJson; // the report as `report --json` prints it; empty while not ready
};

class Watcher {
public:
    // Reads options.reader's clusters with the live reader, on the wall clock.
    explicit Watcher(const WatchOptions& options);
    Watcher(WatchOptions options, std::unique_ptr<WatchSource> source);
    ~Watcher(); // stops and joins
    Watcher(const Watcher&) = delete;
    Watcher& operator=(const Watcher&) = delete;

    void start(); // the source, and a thread that refreshes every options.refreshMs
    void stop();
    // One refresh now, on the caller's thread, without start(): what a benchmark drives.
    void refreshNow();
    // The latest snapshot; one saying it is waiting before the first refresh.
    std::shared_ptr<const WatchSnapshot> latest() const;
    const WatchOptions& options() const { return m_options; }
    // The reader's status now (LiveStatus::failed: waiting longer changes nothing).
    kafka::LiveStatus status() const { return m_source->status(); }

private:
    void run();
    bool refreshOnce(); // whether it answered (else it waits, saying why)
    std::shared_ptr<WatchSnapshot> refresh(int64_t nowMs);
    std::shared_ptr<WatchSnapshot> waiting(int64_t nowMs, const kafka::LiveStatus& status) const;
    void thin();

    WatchOptions m_options;
    std::unique_ptr<WatchSource> m_source;
    Session m_session;    // owned by the watcher's thread; thinned, so not all that was read
    Session::Mark m_read; // how far the source has been read
    int64_t m_thinnedAtMs = 0;
    std::unique_ptr<Mm2State> m_state;
    std::unique_ptr<SampleState> m_samples;
    size_t m_refreshes = 0;

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::shared_ptr<const WatchSnapshot> m_latest;
    std::thread m_thread;
};

} // namespace driftscope
