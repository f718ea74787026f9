// Runs the explorer's model (model/analysis/explorer_model.h) on a worker thread, so that the
// GUI thread only draws.
//
// The worker owns the session: a capture or a simulation handed over whole, or what a live
// reader has read so far, which the worker takes from the reader itself every second (the GUI
// thread never copies records). A request says which release(s), selection and time cursor to
// show; the worker computes the latest request only (requests made while it is busy replace
// each other), computes it again whenever the session grew, and hands back a result.
#pragma once

#include "model/analysis/explorer_model.h"
#include "model/analysis/release_difference.h"
#include "model/analysis/store_step.h"
#include "model/sim/sim_session.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace driftscope::kafka {
class LiveReader;
}

namespace driftscope::gui {

using TruthMap = std::map<std::pair<std::string, TopicPartition>, std::vector<sim::TruthPoint>>;

// A simulation shown: its ground truth, and what it takes to run it again under another release.
struct SimulationSource {
    sim::Scenario scenario;
    int64_t epochMs = 0;
    TruthMap truth;
};

struct AnalysisResult : ExplorerAnswer {
    // Of the selected group partition, one per release answered (simulations).
    std::vector<std::vector<sim::TruthPoint>> truths;
    bool hasTruth = false;
    // With a compared release: where the two answers for the selected partition differ
    // (release_difference.h), and for a simulation where their truths differ; or why the
    // compared release has no answer (a scenario it cannot run).
    std::optional<ReleaseDifference> difference;
    std::vector<std::string> differenceLines;
    std::string compareProblem;
    double seconds = 0; // how long the worker took
    // Which session the answer is about: AnalysisService::sessionSerial() once it was given.
    uint64_t sessionSerial = 0;
};

class AnalysisService : public QObject {
    Q_OBJECT

public:
    explicit AnalysisService(QObject* parent = nullptr);
    ~AnalysisService() override;

    // Replaces the session. A simulation's comes with its scenario: Compare runs that again under
    // the compared release, so each page shows what that release's MM2 would have done.
    void setSession(std::shared_ptr<Session> session,
                    std::shared_ptr<const SimulationSource> simulation = {});
    // Replaces the session with what `reader` reads, taken from it every second until the
    // session is replaced again (a stopped reader just has nothing new).
    void follow(std::shared_ptr<const kafka::LiveReader> reader);
    void request(const ExplorerRequest& request);
    // Sessions of at least this many syncs and checkpoints get a first answer for the selected
    // partition before the whole state is rebuilt (default one million).
    void setFirstAnswerFrom(size_t records);
    // What the store stepper shows for the selection of `answer` at its cursor (store_step.h),
    // computed on the worker; `done` gets it on the GUI thread.
    // `ordinal`: the sync to show when the store applied it by the cursor (stepViewAt).
    void stepView(const ExplorerAnswer& answer, std::optional<size_t> ordinal,
                  std::function<void(std::shared_ptr<const StepView>)> done);
    // Runs `work` on the worker with the session (e.g. to save it as a capture); `done` gets
    // its answer on the GUI thread.
    void withSession(std::function<QString(const Session&)> work, std::function<void(const QString&)> done);

    // A request is still being computed (or waits for the worker).
    bool busy() const { return m_answered < m_requested; }
    // Counts setSession and follow: answers carry the count of the session they are about, so
    // that one about a session replaced since (or about none yet, 0) can be told apart.
    uint64_t sessionSerial() const { return m_sessionSerial; }
    const AnalysisResult* latest() const { return m_latest.get(); }
    // Lets the worker free a result the window is done with: a large session's report is tens
    // of thousands of rows, whose freeing would otherwise hold the GUI thread up.
    void dispose(std::shared_ptr<const AnalysisResult> result);

Q_SIGNALS:
    void resultReady(std::shared_ptr<const AnalysisResult> result);

private:
    struct Worker;
    void post(std::function<void(Worker&)> job);
    // On the worker: computes the pending request unless that is already queued.
    void schedule(Worker& w);
    void publish(std::shared_ptr<const AnalysisResult> result, std::optional<uint64_t> serial);

    QThread m_thread;
    QObject* m_context; // lives on the worker thread: queued lambdas run there
    std::unique_ptr<Worker> m_worker;
    std::shared_ptr<const AnalysisResult> m_latest;
    uint64_t m_requested = 0, m_answered = 0; // request serials, GUI thread only
    uint64_t m_sessionSerial = 0;             // GUI thread only
};

} // namespace driftscope::gui
