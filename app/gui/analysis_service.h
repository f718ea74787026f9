// Runs the model for the explorer on a worker thread, so that the GUI thread only draws.
//
// The worker owns the session (a capture, a simulation, or what a live reader has read so far,
// growing by slices). A request says which release(s), selection and time cursor to show; the
// worker computes the latest request only (requests made while it is busy replace each other)
// and hands back a result. Series over the whole session are reused while only the cursor moves,
// and the cursor's state advances instead of being rebuilt while time moves forward. When the
// state of a large session must be rebuilt, the selected group is answered first from a state
// restricted to it (a fraction of the work), then every group.
#pragma once

#include "model/analysis/explorer_view.h"
#include "model/sim/sim_session.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace driftscope::gui {

using TruthMap = std::map<std::pair<std::string, TopicPartition>, std::vector<sim::TruthPoint>>;

struct AnalysisRequest {
    Mm2StateOptions state;          // the release and its task start
    std::optional<Release> compare; // a second release shown side by side
    Selection selection;
    std::optional<int64_t> cursorMs; // none: the end of the session (live: now)
    int64_t staleAfterMs = 0;        // 0: one and a half emit intervals
    size_t maxMoments = 1500;
};

struct ReleaseResult {
    Release release;
    SelectionSeries series;
    CursorView cursor;
};

struct SessionSummary {
    SessionInfo info;
    std::vector<std::string> groups;
    std::vector<TopicPartition> upstreamPartitions; // partitions named by syncs, sorted
    size_t syncs = 0, checkpoints = 0, heartbeats = 0;
    std::vector<UndecodableRecord> undecodable;
    std::vector<ReaderEvent> events;
};

struct AnalysisResult {
    uint64_t sessionVersion = 0;
    AnalysisRequest request;
    Selection selection; // resolved: a group and partition the session has
    int64_t fromMs = 0, toMs = 0, cursorMs = 0;
    SessionSummary summary;
    std::vector<ReleaseResult> releases; // the request's release, then the compared one
    std::vector<sim::TruthPoint> truth;  // of the selected group partition (simulations)
    bool hasTruth = false;
    double seconds = 0; // how long the worker took
    // False for the first answer on a large session: the report holds the selected group's rows
    // only (exactly those of the whole session), the other groups follow in the next result.
    bool complete = true;
};

class AnalysisService : public QObject {
    Q_OBJECT

public:
    explicit AnalysisService(QObject* parent = nullptr);
    ~AnalysisService() override;

    // Replaces the session (and the simulation's ground truth, if any).
    void setSession(std::shared_ptr<Session> session, TruthMap truth = {});
    // Appends what a live reader read since the last slice.
    void appendSlice(std::shared_ptr<const Session> slice);
    void request(const AnalysisRequest& request);
    // Sessions of at least this many syncs and checkpoints get a first answer for the selected
    // partition before the whole state is rebuilt (default one million).
    void setFirstAnswerFrom(size_t records);
    // Runs `work` on the worker with the session (e.g. to save it as a capture); `done` gets
    // its answer on the GUI thread.
    void withSession(std::function<QString(const Session&)> work, std::function<void(const QString&)> done);

    // A request is still being computed (or waits for the worker).
    bool busy() const { return m_answered < m_requested; }
    const AnalysisResult* latest() const { return m_latest.get(); }
    // Lets the worker free a result the window is done with: a large session's report is tens
    // of thousands of rows, whose freeing would otherwise hold the GUI thread up.
    void dispose(std::shared_ptr<const AnalysisResult> result);

Q_SIGNALS:
    void resultReady(std::shared_ptr<const AnalysisResult> result);

private:
    struct Worker;
    void post(std::function<void(Worker&)> job);

    QThread m_thread;
    QObject* m_context; // lives on the worker thread: queued lambdas run there
    std::unique_ptr<Worker> m_worker;
    std::shared_ptr<const AnalysisResult> m_latest;
    uint64_t m_requested = 0, m_answered = 0; // request serials, GUI thread only
};

} // namespace driftscope::gui
