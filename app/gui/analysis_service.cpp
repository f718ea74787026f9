#include "app/gui/analysis_service.h"

#include "model/io/thread_priority.h"

#include <QElapsedTimer>

#include <algorithm>
#include <thread>

namespace driftscope::gui {

struct AnalysisService::Worker {
    struct CursorState {
        Mm2StateOptions options;
        uint64_t version = 0;
        std::unique_ptr<Mm2State> state;
        std::unique_ptr<SampleState> samples;
    };
    struct SeriesCache {
        Mm2StateOptions options;
        uint64_t version = 0;
        Selection selection;
        int64_t staleAfterMs = 0;
        size_t maxMoments = 0;
        SelectionSeries series;
    };

    Session session;
    TruthMap truth;
    uint64_t version = 0;
    std::optional<AnalysisRequest> pending;
    uint64_t pendingSerial = 0;
    bool scheduled = false;
    std::map<Release, CursorState> cursors;
    std::map<Release, SeriesCache> series;

    static bool same(const Mm2StateOptions& a, const Mm2StateOptions& b)
    {
        return a.release == b.release && a.taskStart == b.taskStart &&
               a.checkpointsRestored == b.checkpointsRestored;
    }

    const SelectionSeries& seriesFor(const ReportOptions& options, const Selection& selection,
                                     size_t maxMoments)
    {
        SeriesCache& c = series[options.state.release];
        if (c.version != version || !same(c.options, options.state) || c.selection.group != selection.group ||
            c.selection.partition != selection.partition || c.staleAfterMs != options.staleAfterMs ||
            c.maxMoments != maxMoments) {
            c = {options.state, version,
                 selection,     options.staleAfterMs,
                 maxMoments,    buildSelectionSeries(session, options, selection, maxMoments)};
        }
        return c.series;
    }

    CursorState& cursorAt(const Mm2StateOptions& options, int64_t atMs)
    {
        // Forward in time on the same session: advance; otherwise start again.
        const bool rebuild = needsRebuild(options, atMs);
        CursorState& c = cursors[options.release];
        if (rebuild) {
            c.options = options;
            c.version = version;
            c.state = std::make_unique<Mm2State>(session, options);
            c.samples = std::make_unique<SampleState>(session);
        }
        c.state->advanceTo(atMs);
        c.samples->advanceTo(atMs);
        return c;
    }

    SessionSummary summarize() const
    {
        SessionSummary s;
        s.info = session.info;
        s.groups = sessionGroups(session);
        std::vector<bool> upstream(session.partitionCount(), false);
        for (const ObservedSync& sync : session.syncs)
            upstream[sync.partition] = true;
        for (uint32_t id = 0; id < upstream.size(); ++id)
            if (upstream[id])
                s.upstreamPartitions.push_back(session.partition(id));
        std::sort(s.upstreamPartitions.begin(), s.upstreamPartitions.end());
        s.syncs = session.syncs.size();
        s.checkpoints = session.checkpoints.size();
        s.heartbeats = session.heartbeats.size();
        s.undecodable = session.undecodable;
        s.events = session.events;
        return s;
    }

    bool needsRebuild(const Mm2StateOptions& options, int64_t atMs) const
    {
        const auto it = cursors.find(options.release);
        if (it == cursors.end())
            return true;
        const CursorState& c = it->second;
        return !c.state || c.version != version || !same(c.options, options) || atMs < c.state->atMs();
    }

    // Rebuilding the whole state takes about a second per ten million syncs; below this many
    // records it is quick enough that a first answer for one group would only flicker.
    size_t firstAnswerFrom = 1'000'000;

    ReportOptions optionsFor(const AnalysisRequest& request, const Release& release, int64_t cursorMs) const
    {
        ReportOptions options;
        options.state = request.state;
        options.state.release = release;
        options.staleAfterMs = request.staleAfterMs;
        options.atMs = cursorMs;
        return options;
    }

    // A release's series (on a second core: both replay the session) and its view at the cursor,
    // which `view` builds.
    template <class View>
    ReleaseResult releaseResult(const ReportOptions& options, const Selection& selection, size_t maxMoments,
                                View view)
    {
        ReleaseResult r;
        r.release = options.state.release;
        std::thread seriesWork([&] { r.series = seriesFor(options, selection, maxMoments); });
        r.cursor = view();
        seriesWork.join();
        return r;
    }

    // The selected partition's answer (or the group's, when no partition is selected) from a
    // state of its syncs and the group's checkpoints only.
    std::shared_ptr<AnalysisResult> firstForSelection(const AnalysisResult& base,
                                                      const std::vector<Release>& releases)
    {
        const auto group = session.findGroup(base.selection.group);
        if (!group)
            return nullptr;
        auto result = std::make_shared<AnalysisResult>(base);
        result->complete = false;
        // The plots show one partition: its syncs and the group's checkpoints of it suffice.
        StateScope scope = scopeOfGroup(session, *group);
        const auto partition =
            base.selection.partition ? session.findPartition(*base.selection.partition) : std::nullopt;
        if (partition) {
            scope.upstreamPartitions.assign(session.partitionCount(), false);
            scope.upstreamPartitions[*partition] = true;
        }
        for (const Release& release : releases) {
            ReportOptions options = optionsFor(base.request, release, base.cursorMs);
            options.groups = {base.selection.group};
            if (partition)
                options.partitions = {*base.selection.partition};
            result->releases.push_back(
                releaseResult(options, result->selection, base.request.maxMoments, [&] {
                    Mm2State state(session, options.state, scope);
                    state.advanceTo(base.cursorMs);
                    SampleState samples(session);
                    samples.advanceTo(base.cursorMs);
                    return buildCursorView(session, state, samples, options, result->selection);
                }));
        }
        return result;
    }

    using Publish = std::function<void(std::shared_ptr<const AnalysisResult>)>;

    // `publish` gets a first, incomplete answer when one is worth giving.
    std::shared_ptr<AnalysisResult> compute(const AnalysisRequest& request, const Publish& publish)
    {
        QElapsedTimer timer;
        timer.start();
        auto result = std::make_shared<AnalysisResult>();
        result->sessionVersion = version;
        result->request = request;
        result->selection = resolveSelection(session, request.selection);
        const auto [from, to] = sessionSpan(session);
        result->fromMs = from;
        result->toMs = to;
        result->cursorMs = std::clamp(request.cursorMs.value_or(to), from, std::max(from, to));
        result->summary = summarize();
        std::vector<Release> releases = {request.state.release};
        if (request.compare && *request.compare != request.state.release)
            releases.push_back(*request.compare);
        if (session.syncs.size() + session.checkpoints.size() >= firstAnswerFrom &&
            !result->selection.group.empty() &&
            std::any_of(releases.begin(), releases.end(), [&](const Release& release) {
                return needsRebuild(optionsFor(request, release, result->cursorMs).state, result->cursorMs);
            }))
            if (auto first = firstForSelection(*result, releases)) {
                first->seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
                publish(std::move(first));
            }
        for (const Release& release : releases) {
            const ReportOptions options = optionsFor(request, release, result->cursorMs);
            result->releases.push_back(releaseResult(options, result->selection, request.maxMoments, [&] {
                CursorState& c = cursorAt(options.state, result->cursorMs);
                return buildCursorView(session, *c.state, *c.samples, options, result->selection);
            }));
        }
        if (result->selection.partition)
            if (const auto it = truth.find({result->selection.group, *result->selection.partition});
                it != truth.end()) {
                result->truth = it->second;
            }
        result->hasTruth = !truth.empty();
        result->seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        return result;
    }
};

AnalysisService::AnalysisService(QObject* parent)
    : QObject(parent), m_context(new QObject), m_worker(std::make_unique<Worker>())
{
    m_thread.setObjectName("driftscope-analysis");
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    // The model's work (and the series thread it starts) yields to the GUI thread.
    connect(
        &m_thread, &QThread::started, m_context, [] { lowerThisThreadsPriority(); }, Qt::DirectConnection);
    m_thread.start();
}

AnalysisService::~AnalysisService()
{
    m_thread.quit();
    m_thread.wait();
}

void AnalysisService::post(std::function<void(Worker&)> job)
{
    QMetaObject::invokeMethod(
        m_context, [this, job = std::move(job)] { job(*m_worker); }, Qt::QueuedConnection);
}

void AnalysisService::setSession(std::shared_ptr<Session> session, TruthMap truth)
{
    post([session = std::move(session), truth = std::move(truth)](Worker& w) mutable {
        w.session = std::move(*session);
        w.truth = std::move(truth);
        ++w.version;
        w.cursors.clear();
        w.series.clear();
    });
}

void AnalysisService::setFirstAnswerFrom(size_t records)
{
    post([records](Worker& w) { w.firstAnswerFrom = records; });
}

void AnalysisService::dispose(std::shared_ptr<const AnalysisResult> result)
{
    if (result)
        post([result = std::move(result)](Worker&) mutable { result.reset(); });
}

void AnalysisService::appendSlice(std::shared_ptr<const Session> slice)
{
    post([slice = std::move(slice)](Worker& w) {
        if (w.session.append(*slice))
            ++w.version;
    });
}

void AnalysisService::request(const AnalysisRequest& request)
{
    const uint64_t serial = ++m_requested;
    post([this, request, serial](Worker& w) {
        // Only the newest request is worth computing: older ones queued behind it are dropped.
        w.pending = request;
        w.pendingSerial = serial;
        if (w.scheduled)
            return;
        w.scheduled = true;
        QMetaObject::invokeMethod(
            m_context,
            [this, &w] {
                w.scheduled = false;
                if (!w.pending)
                    return;
                const AnalysisRequest next = *w.pending;
                const uint64_t nextSerial = w.pendingSerial;
                w.pending.reset();
                const auto publishFirst = [this](std::shared_ptr<const AnalysisResult> first) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, first] {
                            m_latest = first;
                            Q_EMIT resultReady(first);
                        },
                        Qt::QueuedConnection);
                };
                std::shared_ptr<const AnalysisResult> result = w.compute(next, publishFirst);
                QMetaObject::invokeMethod(
                    this,
                    [this, result, nextSerial] {
                        m_latest = result;
                        m_answered = nextSerial;
                        Q_EMIT resultReady(result);
                    },
                    Qt::QueuedConnection);
            },
            Qt::QueuedConnection);
    });
}

void AnalysisService::withSession(std::function<QString(const Session&)> work,
                                  std::function<void(const QString&)> done)
{
    post([this, work = std::move(work), done = std::move(done)](Worker& w) {
        const QString answer = work(w.session);
        QMetaObject::invokeMethod(
            this, [done, answer] { done(answer); }, Qt::QueuedConnection);
    });
}

} // namespace driftscope::gui
