#include "model/watch/watcher.h"

#include "model/analysis/report_format.h"
#include "model/io/kafka/live_reading.h"

namespace driftscope {

Watcher::Watcher(WatchOptions options) : m_options(std::move(options)), m_reader(m_options.reader)
{
    m_session = m_reader.since({}); // the set-up: aliases, topic names, configuration
    auto first = std::make_shared<WatchSnapshot>();
    first->waitingBecause = "not started";
    m_latest = std::move(first);
}

Watcher::~Watcher()
{
    stop();
}

void Watcher::start()
{
    if (m_thread.joinable())
        return;
    m_reader.start();
    m_thread = std::thread([this] { run(); });
}

void Watcher::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    m_reader.stop();
}

std::shared_ptr<const WatchSnapshot> Watcher::latest() const
{
    std::lock_guard lock(m_mutex);
    return m_latest;
}

void Watcher::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        lock.unlock();
        m_session.append(m_reader.since(m_session.mark()));
        const kafka::LiveStatus status = m_reader.status();
        const int64_t now = kafka::wallClockMs();
        const bool answers = status.ready() && !kafka::offsetSyncsProblem(status, m_options.reader);
        std::shared_ptr<WatchSnapshot> snapshot = answers ? refresh(now) : waiting(now, status);
        snapshot->refreshes = ++m_refreshes;
        lock.lock();
        m_latest = std::move(snapshot);
        // Until the first report, the reader's progress is shown every second.
        const int64_t waitMs = answers ? m_options.refreshMs : std::min<int64_t>(m_options.refreshMs, 1000);
        m_wake.wait_for(lock, std::chrono::milliseconds(waitMs), [this] { return m_stopping; });
    }
}

std::shared_ptr<WatchSnapshot> Watcher::refresh(int64_t nowMs)
{
    // The state and the samples follow the growing session; a clock that went back (a report
    // at an earlier now) is held at the state's moment, which never goes back.
    if (!m_state) {
        m_state = std::make_unique<Mm2State>(m_session, m_options.report.state);
        m_samples = std::make_unique<SampleState>(m_session);
    }
    const int64_t at = std::max(nowMs, m_state->atMs());
    m_state->advanceTo(at);
    m_samples->advanceTo(at);
    ReportOptions options = m_options.report;
    options.atMs = at;
    const Report report = buildReport(m_session, *m_state, *m_samples, options);

    auto snapshot = std::make_shared<WatchSnapshot>();
    if (report.rows.empty()) { // an empty answer is no answer: say why, as `report` does
        snapshot->builtAtMs = snapshot->asOfMs = nowMs;
        snapshot->waitingBecause =
            "no consumer group has a committed offset or checkpoint yet" +
            std::string(m_options.report.groups.empty() ? "" : " among the groups named");
        snapshot->metrics = waitingMetrics(m_session, m_options.metrics, nowMs);
        return snapshot;
    }
    snapshot->ready = true;
    snapshot->builtAtMs = nowMs;
    snapshot->asOfMs = report.staleBecause.empty() ? report.atMs : report.asOfMs;
    snapshot->staleBecause = report.staleBecause;
    snapshot->metrics = reportMetrics(m_session, *m_state, report, m_options.metrics);
    snapshot->reportJson = reportJson(report);
    return snapshot;
}

std::shared_ptr<WatchSnapshot> Watcher::waiting(int64_t nowMs, const kafka::LiveStatus& status) const
{
    auto snapshot = std::make_shared<WatchSnapshot>();
    snapshot->builtAtMs = nowMs;
    snapshot->asOfMs = nowMs;
    const std::string words = kafka::notReadyWords(status);
    snapshot->waitingBecause = words.empty()
                                   ? "waiting for both clusters to be sampled once the history is read"
                                   : "the clusters' history is not read yet" + words;
    if (auto problem = kafka::offsetSyncsProblem(status, m_options.reader))
        snapshot->waitingBecause = *problem;
    snapshot->metrics = waitingMetrics(m_session, m_options.metrics, nowMs);
    return snapshot;
}

} // namespace driftscope
