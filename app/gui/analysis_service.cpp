#include "app/gui/analysis_service.h"

#include "model/io/kafka/live_reader.h"
#include "model/io/thread_priority.h"

#include <QElapsedTimer>
#include <QTimer>

namespace driftscope::gui {
namespace {

// How often the worker takes what a live reader read: the explorer's "now" moves by seconds.
constexpr int kPullMs = 1000;

} // namespace

struct AnalysisService::Worker {
    ExplorerModel model;
    TruthMap truth;
    std::optional<ExplorerRequest> pending; // the newest request not computed yet
    uint64_t pendingSerial = 0;
    bool scheduled = false;
    std::optional<ExplorerRequest> last; // the newest request computed: again when the session grows
    uint64_t lastSerial = 0;

    std::shared_ptr<const kafka::LiveReader> live;
    Session::Mark liveMark;
    QTimer* pull = nullptr; // on the worker thread

    void replace(Session session, TruthMap t)
    {
        model.replace(std::move(session));
        truth = std::move(t);
        live.reset();
        liveMark = {};
        if (pull)
            pull->stop();
    }

    // Whether the reader had anything new.
    bool takeFromLive()
    {
        if (!live)
            return false;
        const Session slice = live->since(liveMark);
        const Session::Mark next = slice.mark();
        if (next == liveMark)
            return false;
        liveMark = next;
        return model.append(slice);
    }

    AnalysisResult compute(const ExplorerRequest& request, const ExplorerModel::Publish& first)
    {
        QElapsedTimer timer;
        timer.start();
        AnalysisResult result;
        static_cast<ExplorerAnswer&>(result) = model.answer(request, first);
        if (result.selection.partition)
            if (const auto it = truth.find({result.selection.group, *result.selection.partition});
                it != truth.end())
                result.truth = it->second;
        result.hasTruth = !truth.empty();
        result.seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
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
        w.replace(std::move(*session), std::move(truth));
    });
}

void AnalysisService::follow(std::shared_ptr<const kafka::LiveReader> reader)
{
    post([this, reader = std::move(reader)](Worker& w) mutable {
        w.replace({}, {});
        w.live = std::move(reader);
        if (!w.pull) {
            w.pull = new QTimer(m_context);
            w.pull->setInterval(kPullMs);
            connect(w.pull, &QTimer::timeout, m_context, [this, &w] {
                if (w.takeFromLive() && w.last && !w.pending) {
                    w.pending = w.last;
                    w.pendingSerial = w.lastSerial;
                    schedule(w);
                }
            });
        }
        w.pull->start();
    });
}

void AnalysisService::setFirstAnswerFrom(size_t records)
{
    post([records](Worker& w) { w.model.setFirstAnswerFrom(records); });
}

void AnalysisService::dispose(std::shared_ptr<const AnalysisResult> result)
{
    if (result)
        post([result = std::move(result)](Worker&) mutable { result.reset(); });
}

void AnalysisService::publish(std::shared_ptr<const AnalysisResult> result, std::optional<uint64_t> serial)
{
    QMetaObject::invokeMethod(
        this,
        [this, result = std::move(result), serial] {
            m_latest = result;
            if (serial)
                m_answered = std::max(m_answered, *serial);
            Q_EMIT resultReady(result);
        },
        Qt::QueuedConnection);
}

void AnalysisService::schedule(Worker& w)
{
    if (w.scheduled)
        return;
    w.scheduled = true;
    QMetaObject::invokeMethod(
        m_context,
        [this, &w] {
            w.scheduled = false;
            if (!w.pending)
                return;
            // What the reader has now, so that the answer is as fresh as it can be.
            w.takeFromLive();
            const ExplorerRequest next = *w.pending;
            const uint64_t serial = w.pendingSerial;
            w.pending.reset();
            const auto first = [this](ExplorerAnswer early) {
                auto result = std::make_shared<AnalysisResult>();
                static_cast<ExplorerAnswer&>(*result) = std::move(early);
                publish(std::move(result), std::nullopt);
            };
            auto result = std::make_shared<const AnalysisResult>(w.compute(next, first));
            w.last = next;
            w.lastSerial = serial;
            publish(std::move(result), serial);
        },
        Qt::QueuedConnection);
}

void AnalysisService::request(const ExplorerRequest& request)
{
    const uint64_t serial = ++m_requested;
    post([this, request, serial](Worker& w) {
        // Only the newest request is worth computing: older ones queued behind it are dropped.
        w.pending = request;
        w.pendingSerial = serial;
        schedule(w);
    });
}

void AnalysisService::withSession(std::function<QString(const Session&)> work,
                                  std::function<void(const QString&)> done)
{
    post([this, work = std::move(work), done = std::move(done)](Worker& w) {
        const QString answer = work(w.model.session());
        QMetaObject::invokeMethod(
            this, [done, answer] { done(answer); }, Qt::QueuedConnection);
    });
}

} // namespace driftscope::gui
