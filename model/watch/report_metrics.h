// A report as Prometheus metric families: what `driftscope-cli serve` exposes at /metrics. The
// names, labels and units are defined here once; docs/watch.md lists them, and the dashboard and
// alert rules under resources/ use nothing else.
//
// Offsets are exported as Prometheus' doubles: exact up to 2^53; /report keeps them exact.
#pragma once

#include "model/analysis/health_report.h"
#include "model/session/mm2_state.h"

#include <prometheus/metric_family.h>

#include <string>
#include <vector>

namespace driftscope {

struct MetricsOptions {
    std::string flow;             // the `flow` label, "A->B"
    bool partitionMetrics = true; // false: per-group and per-flow series only (large fleets)
};

// The families of a report built from `state` (of `session`, at report.atMs): per group
// partition, per upstream partition (the store's syncs), per group (max and sum: bounded
// cardinality whatever the partition count) and per flow (the reader). `read` counts what was
// read in all (a watcher's session is thinned).
std::vector<prometheus::MetricFamily> reportMetrics(const Session& session, const Mm2State& state,
                                                    const Report& report, const MetricsOptions& options,
                                                    const Session::Mark& read);

// The families a watcher exports before the clusters' history is read: no report yet.
std::vector<prometheus::MetricFamily> waitingMetrics(const Session& session, const MetricsOptions& options,
                                                     int64_t nowMs, const Session::Mark& read);

// How old what a scrape answers with is, at `nowMs`: since the state was computed, and since the
// moment it holds as of (earlier when a cluster is unreachable). Added at scrape time.
std::vector<prometheus::MetricFamily> ageMetrics(const MetricsOptions& options, int64_t nowMs,
                                                 int64_t builtAtMs, int64_t asOfMs);

// What the watcher itself holds and costs, as of its last refresh: records and bytes of what it
// read and kept (bounded by thinning), and how long the refresh took. Added at scrape time.
struct WatcherFigures {
    size_t recordsHeld = 0, bytesHeld = 0;
    double refreshSeconds = 0;
};
std::vector<prometheus::MetricFamily> watcherMetrics(const MetricsOptions& options,
                                                     const WatcherFigures& figures);

// A family in the text exposition format: its HELP and TYPE lines, and its series' lines.
struct RenderedFamily {
    std::string name;
    std::string header;
    std::string series;
};
std::vector<RenderedFamily> render(const std::vector<prometheus::MetricFamily>& families);

// One exposition of several flows' families (and the scrape's own): each family named once, its
// series from every list that has it, in the order the lists first name the families.
std::string joinRendered(const std::vector<const std::vector<RenderedFamily>*>& lists);

// The text exposition format (version 0.0.4), by prometheus-cpp's serializer.
std::string exposition(const std::vector<prometheus::MetricFamily>& families);

} // namespace driftscope
