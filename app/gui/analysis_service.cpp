#include "app/gui/analysis_service.h"

#include "model/io/kafka/live_reader.h"
#include "model/io/thread_priority.h"
#include "model/sim/scenario_marks.h"

#include <QElapsedTimer>
#include <QTimer>

namespace driftscope::gui {
namespace {

// How often the worker takes what a live reader read: the explorer's "now" moves by seconds.
constexpr int kPullMs = 1000;

// The truth of `selection` in `truth` (empty when it has none).
std::vector<sim::TruthPoint> truthOf(const TruthMap& truth, const Selection& selection)
{
    if (!selection.partition)
        return {};
    const auto it = truth.find({selection.group, *selection.partition});
    return it == truth.end() ? std::vector<sim::TruthPoint>{} : it->second;
}

} // namespace

struct AnalysisService::Worker {
    ExplorerModel model;
    std::shared_ptr<const SimulationSource> simulation;
    // The simulation run again under the compared release (none: not asked, or it cannot run).
    struct Rerun {
        Release release;
        std::string problem; // why the scenario cannot run under it
        ExplorerModel model;
        TruthMap truth;
    };
    std::unique_ptr<Rerun> rerun;
    std::optional<ExplorerRequest> pending; // the newest request not computed yet
    uint64_t pendingSerial = 0;
    bool scheduled = false;
    std::optional<ExplorerRequest> last; // the newest request computed: again when the session grows
    uint64_t lastSerial = 0;
    uint64_t sessionSerial = 0; // of the session `model` holds (AnalysisService::sessionSerial)

    std::shared_ptr<const kafka::LiveReader> live;
    Session::Mark liveMark;
    QTimer* pull = nullptr; // on the worker thread

    void replace(Session session, std::shared_ptr<const SimulationSource> sim)
    {
        model.replace(std::move(session));
        simulation = std::move(sim);
        rerun.reset();
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

    // The scenario under `release`, run once for as long as that release stays compared.
    Rerun& rerunUnder(const Release& release)
    {
        if (rerun && rerun->release == release)
            return *rerun;
        rerun = std::make_unique<Rerun>();
        rerun->release = release;
        sim::Scenario scenario = simulation->scenario;
        scenario.release = release;
        rerun->problem = sim::validate(scenario);
        if (rerun->problem.empty()) {
            sim::SimulatedSession run = sim::simulateSession(scenario, simulation->epochMs);
            rerun->model.replace(std::move(run.session));
            rerun->truth = std::move(run.truth);
        }
        return *rerun;
    }

    // A simulation compared with another release: the run shown under the request's release,
    // and the scenario run again under the compared one.
    void answerRerun(const ExplorerRequest& request, AnalysisResult& result)
    {
        ExplorerRequest own = request;
        own.compare.reset();
        static_cast<ExplorerAnswer&>(result) = model.answer(own);
        result.request = request;
        Rerun& other = rerunUnder(*request.compare);
        if (!other.problem.empty()) {
            result.compareProblem =
                "the scenario cannot run under MM2 " + toString(*request.compare) + ": " + other.problem;
            return;
        }
        ExplorerRequest theirs = own;
        theirs.state.release = *request.compare;
        theirs.state.releaseWarning.clear();
        theirs.selection = result.selection;
        theirs.cursorMs = result.cursorMs; // the same moment on both pages, also when following the end
        result.releases.push_back(std::move(other.model.answer(theirs).releases.front()));
    }

    AnalysisResult compute(const ExplorerRequest& request, const ExplorerModel::Publish& first)
    {
        QElapsedTimer timer;
        timer.start();
        AnalysisResult result;
        result.sessionSerial = sessionSerial;
        if (simulation && request.compare && *request.compare != request.state.release)
            answerRerun(request, result);
        else
            static_cast<ExplorerAnswer&>(result) = model.answer(request, first);
        if (simulation) {
            result.hasTruth = true;
            // What the scenario made happen, beside what its records show.
            result.marks = std::make_shared<const std::vector<TimelineMark>>(
                mergeMarks(result.marks ? *result.marks : std::vector<TimelineMark>{},
                           sim::scenarioMarks(simulation->scenario, simulation->epochMs, result.selection)));
            result.truths.push_back(truthOf(simulation->truth, result.selection));
            if (result.releases.size() == 2)
                result.truths.push_back(rerun && rerun->release == result.releases[1].release
                                            ? truthOf(rerun->truth, result.selection)
                                            : result.truths.front());
        }
        describeDifference(result);
        result.seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        return result;
    }

    static void describeDifference(AnalysisResult& result)
    {
        if (result.releases.size() != 2 || !result.selection.partition)
            return;
        const Release releases[2] = {result.releases[0].release, result.releases[1].release};
        const PartitionSeries* a = result.releases[0].series->series.find(*result.selection.partition);
        const PartitionSeries* b = result.releases[1].series->series.find(*result.selection.partition);
        if (!a || !b)
            return;
        result.difference = compareReleases(releases, *a, *b);
        result.difference->timesUnknown = result.summary->info.recordTimesUnknown;
        result.differenceLines = differenceLines(*result.difference);
        // A simulation's truth is what happened, the rest what a reader of MM2's topics sees: the
        // truth comes right after the headline.
        if (result.truths.size() == 2) {
            const std::vector<std::string> truth =
                sim::truthDifferenceLines(releases, result.truths[0], result.truths[1]);
            result.differenceLines.insert(result.differenceLines.begin() + 1, truth.begin(), truth.end());
        }
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

void AnalysisService::setSession(std::shared_ptr<Session> session,
                                 std::shared_ptr<const SimulationSource> simulation)
{
    post([session = std::move(session), simulation = std::move(simulation),
          serial = ++m_sessionSerial](Worker& w) mutable {
        w.replace(std::move(*session), std::move(simulation));
        w.sessionSerial = serial;
    });
}

void AnalysisService::follow(std::shared_ptr<const kafka::LiveReader> reader)
{
    post([this, reader = std::move(reader), serial = ++m_sessionSerial](Worker& w) mutable {
        w.replace({}, {});
        w.sessionSerial = serial;
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
            const auto first = [this, &w](ExplorerAnswer early) {
                auto result = std::make_shared<AnalysisResult>();
                static_cast<ExplorerAnswer&>(*result) = std::move(early);
                result->sessionSerial = w.sessionSerial;
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

void AnalysisService::stepView(const ExplorerAnswer& answer, std::optional<size_t> ordinal,
                               std::function<void(std::shared_ptr<const StepView>)> done)
{
    const Selection& selection = answer.selection;
    if (!selection.partition || answer.releases.empty())
        return done(std::make_shared<const StepView>());
    const CursorView& cursor = answer.releases.front().cursor;
    const std::optional<TopicPartition> downstream =
        cursor.row ? std::optional<TopicPartition>(cursor.row->downstream) : std::nullopt;
    const std::optional<int64_t> committed = cursor.row ? cursor.row->committed : std::nullopt;
    post([this, options = answer.request.state, selection, downstream, committed, at = answer.cursorMs,
          ordinal, done = std::move(done)](Worker& w) {
        auto view = std::make_shared<const StepView>(stepViewAt(w.model.session(), options, selection.group,
                                                                *selection.partition, downstream, at,
                                                                committed, ordinal));
        QMetaObject::invokeMethod(
            this, [done, view] { done(view); }, Qt::QueuedConnection);
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
