// The explorer's model, without Qt: a session that is replaced whole (a capture, a simulation)
// or grows by slices (a live pair of clusters), and the answers the explorer shows for a request
// (releases, selection, time cursor): every group's report at the cursor and the selection's
// series over the whole session (explorer_view.h).
//
// Nothing is rebuilt from the first record because the session grew. The cursor's state moves
// forward with the session (Mm2State and SampleState follow growth and give exactly what a
// fresh state gives); the series are extended by the moments the new records add, and only the
// last kSettleMs of them, for which records may still arrive, are evaluated again on a copy of
// the sweep. A record that arrives stamped before that horizon (a reader catching up after an
// outage) makes the series start again, so every point stays what `driftscope-cli report --at`
// prints for its moment. Long series are thinned by dropping every other moment (never by moving
// one), which keeps their length bounded while a session runs for hours.
//
// Answers share what did not change: the summary and a release's series are immutable and
// handed out by shared pointer, so a new answer for a moved cursor copies neither.
#pragma once

#include "model/analysis/explorer_view.h"
#include "model/analysis/timeline_marks.h"
#include "model/util/side_thread.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace driftscope {

struct ExplorerRequest {
    Mm2StateOptions state;          // the release and its task start
    std::optional<Release> compare; // a second release shown side by side
    Selection selection;
    std::optional<int64_t> cursorMs; // none: the end of the session (live: now)
    int64_t staleAfterMs = 0;        // 0: one and a half emit intervals
    ReplayBudget budget;             // none: no row is judged against one
    size_t maxMoments = 1500;
};

// What the session holds, for the side panel and the status bar.
struct SessionSummary {
    SessionInfo info;
    std::vector<std::string> groups;
    std::vector<TopicPartition> upstreamPartitions; // partitions named by syncs, sorted
    size_t syncs = 0, checkpoints = 0, heartbeats = 0;
    std::vector<UndecodableRecord> undecodable;
    std::vector<ReaderEvent> events;
};

struct ReleaseAnswer {
    Release release;
    std::shared_ptr<const SelectionSeries> series;
    CursorView cursor;
};

struct ExplorerAnswer {
    uint64_t sessionVersion = 0;
    ExplorerRequest request;
    Selection selection; // resolved: a group and partition the session has
    int64_t fromMs = 0, toMs = 0, cursorMs = 0;
    // The session holds a record or sample (firstMoment): without one nothing is known at any
    // moment, and fromMs = toMs is only when it was last read.
    bool spanKnown = false;
    std::shared_ptr<const SessionSummary> summary;
    std::vector<ReleaseAnswer> releases; // the request's release, then the compared one
    // False for the first answer on a large session: the report holds the selected group's rows
    // only (exactly those of the whole session), the other groups follow in the next answer.
    bool complete = true;
    // The request named no group and the one chosen has offset syncs on the selected partition:
    // the choice can stay. Before any sync, "the first group" is chosen again with each answer.
    bool selectionSettled = false;
    // What happened on the time axis of the selection (timeline_marks.h).
    std::shared_ptr<const std::vector<TimelineMark>> marks;
};

class ExplorerModel {
public:
    // Series moments later than this before the session's end are evaluated again while the
    // session grows: a live reader takes records a second or so after they were written.
    static constexpr int64_t kSettleMs = 5'000;

    ExplorerModel();
    ~ExplorerModel();
    ExplorerModel(const ExplorerModel&) = delete;
    ExplorerModel& operator=(const ExplorerModel&) = delete;

    void replace(Session session);
    // Appends a slice taken with Session::since() from the session this one mirrors; false
    // (nothing appended) when it does not start where this one ends.
    bool append(const Session& slice);
    const Session& session() const { return m_session; }

    // Sessions of at least this many syncs and checkpoints get a first answer for the selected
    // partition before the whole state is rebuilt (default one million).
    void setFirstAnswerFrom(size_t records) { m_firstAnswerFrom = records; }

    // How often the model started from the first record and how often it went on from where it
    // was: what keeps a live session's cost per minute flat.
    struct Work {
        size_t seriesBuilt = 0, seriesExtended = 0, seriesThinned = 0, cursorsBuilt = 0;
    };
    const Work& work() const { return m_work; }

    // `first` gets a first, incomplete answer when one is worth giving (see ExplorerAnswer).
    using Publish = std::function<void(ExplorerAnswer)>;
    ExplorerAnswer answer(const ExplorerRequest& request, const Publish& first = {});

private:
    struct CursorState;
    struct SeriesCache;

    std::shared_ptr<const SessionSummary> summary();
    bool cursorNeedsRebuild(const Mm2StateOptions& options, int64_t atMs) const;
    CursorState& cursorAt(const Mm2StateOptions& options, int64_t atMs);
    // `frame`: the answer being computed (its selection, span and the request's moments).
    std::shared_ptr<const SelectionSeries> seriesFor(const ReportOptions& options,
                                                     const ExplorerAnswer& frame);
    template <class View>
    ReleaseAnswer releaseAnswer(const ReportOptions& options, const ExplorerAnswer& frame, View view);
    // The marks of the answer's selection, computed again only when the session or the selection
    // changed, under the session's emit interval (configured, else observed over the session).
    std::shared_ptr<const std::vector<TimelineMark>> marksFor(const ExplorerAnswer& answer);
    std::optional<ExplorerAnswer> firstForSelection(const ExplorerAnswer& base,
                                                    const std::vector<Release>& releases);

    Session m_session;
    uint64_t m_version = 0;
    Work m_work;
    size_t m_firstAnswerFrom = 1'000'000;
    std::map<Release, std::unique_ptr<CursorState>> m_cursors;
    std::map<Release, std::unique_ptr<SeriesCache>> m_series;
    // The summary of m_version, and the upstream partitions of the syncs summed up so far.
    std::shared_ptr<const SessionSummary> m_summary;
    SessionSpan m_span;
    SideThread m_seriesThread{"driftscope-seri"}; // a release's series beside its cursor view
    uint64_t m_summaryVersion = UINT64_MAX;
    std::shared_ptr<const std::vector<TimelineMark>> m_marks;
    std::tuple<uint64_t, std::string, std::optional<TopicPartition>> m_marksKey;
    std::vector<bool> m_upstreamSeen;
    size_t m_syncsSummed = 0;
};

} // namespace driftscope
