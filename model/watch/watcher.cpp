#include "model/watch/watcher.h"

#include "model/analysis/report_format.h"
#include "model/io/kafka/live_reading.h"
#include "model/watch/session_thinning.h"

#include <chrono>

namespace driftscope {

namespace {

template <class T>
size_t bytesOf(const std::vector<T>& list)
{
    return list.capacity() * sizeof(T);
}

class LiveSource final : public WatchSource {
public:
    explicit LiveSource(const kafka::LiveReaderOptions& options) : m_options(options), m_reader(options) {}
    void start() override { m_reader.start(); }
    void stop() override { m_reader.stop(); }
    Session since(const Session::Mark& from) const override { return m_reader.since(from); }
    void taken(const Session::Mark& mark) override { m_reader.forget(mark); }
    kafka::LiveStatus status() const override { return m_reader.status(); }
    int64_t nowMs() const override { return kafka::wallClockMs(); }
    std::optional<std::string> problem(const kafka::LiveStatus& status) const override
    {
        return kafka::offsetSyncsProblem(status, m_options);
    }

private:
    kafka::LiveReaderOptions m_options;
    kafka::LiveReader m_reader;
};

} // namespace

Watcher::Watcher(const WatchOptions& options) : Watcher(options, std::make_unique<LiveSource>(options.reader))
{
}

Watcher::Watcher(WatchOptions options, std::unique_ptr<WatchSource> source)
    : m_options(std::move(options)), m_source(std::move(source))
{
    m_session = m_source->since({}); // the set-up: aliases, topic names, configuration
    m_read = m_session.mark();
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
    m_source->start();
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
    m_source->stop();
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
        const bool answered = refreshOnce();
        lock.lock();
        // Until the first report, the reader's progress is shown every second.
        const int64_t waitMs = answered ? m_options.refreshMs : std::min<int64_t>(m_options.refreshMs, 1000);
        m_wake.wait_for(lock, std::chrono::milliseconds(waitMs), [this] { return m_stopping; });
    }
}

void Watcher::refreshNow()
{
    refreshOnce();
}

bool Watcher::refreshOnce()
{
    const auto started = std::chrono::steady_clock::now();
    const Session slice = m_source->since(m_read);
    if (m_session.appendContinuing(slice)) { // else it is read again next time
        m_read = slice.mark();
        m_source->taken(m_read);
    }
    const kafka::LiveStatus status = m_source->status();
    const int64_t now = m_source->nowMs();
    const bool answers = status.ready() && !m_source->problem(status);
    std::shared_ptr<WatchSnapshot> snapshot = answers ? refresh(now) : waiting(now, status);
    if (m_state && m_options.thinEveryMs > 0 && now - m_thinnedAtMs >= m_options.thinEveryMs) {
        if (m_thinnedAtMs > 0)
            thin();
        m_thinnedAtMs = now;
    }
    const Session& s = m_session;
    snapshot->recordsHeld = s.syncs.size() + s.checkpoints.size() + s.heartbeats.size() +
                            s.undecodable.size() + s.groupOffsets.size() + s.logOffsets.size() +
                            s.events.size() + s.positions.size();
    snapshot->bytesHeld = bytesOf(s.syncs) + bytesOf(s.checkpoints) + bytesOf(s.heartbeats) +
                          bytesOf(s.undecodable) + bytesOf(s.groupOffsets) + bytesOf(s.logOffsets) +
                          bytesOf(s.events) + bytesOf(s.positions);
    snapshot->refreshSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    snapshot->refreshes = ++m_refreshes;
    const bool ready = snapshot->ready;
    std::lock_guard lock(m_mutex);
    m_latest = std::move(snapshot);
    return ready;
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
        snapshot->metrics = render(waitingMetrics(m_session, m_options.metrics, nowMs, m_read));
        return snapshot;
    }
    snapshot->ready = true;
    snapshot->builtAtMs = nowMs;
    snapshot->asOfMs = report.staleBecause.empty() ? report.atMs : report.asOfMs;
    snapshot->staleBecause = report.staleBecause;
    snapshot->metrics = render(reportMetrics(m_session, *m_state, report, m_options.metrics, m_read));
    snapshot->reportJson = reportJson(report);
    return snapshot;
}

void Watcher::thin()
{
    ThinnedSession thinned =
        thinSession(m_session, *m_state, *m_samples, {m_options.keepMs, m_options.keepSyncsMs});
    if (!m_state->canRebase(thinned.syncIndex, thinned.checkpointIndex))
        return; // a record the state refers to was not kept: keep everything rather than guess
    m_session = std::move(thinned.session); // in place: the state refers to this object
    m_state->rebase(thinned.syncIndex, thinned.checkpointIndex);
    m_samples = std::make_unique<SampleState>(m_session);
    m_samples->advanceTo(m_state->atMs());
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
    if (auto problem = m_source->problem(status))
        snapshot->waitingBecause = *problem;
    snapshot->metrics = render(waitingMetrics(m_session, m_options.metrics, nowMs, m_read));
    return snapshot;
}

} // namespace driftscope
