// The window's status bar: the clusters' connection state, the embedded demo's own state, what
// the session holds, whether the worker is computing, the history's reading progress and the
// Stop button. It shows what it is given; the window decides when.
#pragma once

#include "model/analysis/explorer_model.h"
#include "model/io/kafka/live_reader.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;
class QToolButton;

namespace driftscope::kafka {
class DemoClusters;
}

namespace driftscope::gui {

class StatusStrip : public QObject {
    Q_OBJECT

public:
    // Adds its widgets to `bar` as permanent widgets.
    explicit StatusStrip(QStatusBar* bar);

    // A new source: live ones start "connecting…" and can be stopped.
    void sourceStarted(bool live);
    // Reading a file or simulating: a busy bar (and Stop, for a live source as well).
    void setLoading(bool loading, bool live);
    // `demo` when the source is the embedded demo; `running` while the reader reads;
    // `syncsProblem` why the session has no offset syncs (kafka::offsetSyncsProblem), if it has none.
    void showLiveStatus(const kafka::LiveStatus& status, const SessionInfo* info,
                        const kafka::DemoClusters* demo, bool running,
                        const std::optional<std::string>& syncsProblem = std::nullopt);
    // The warning of a release applied with another's rules (resolveRelease); empty: none.
    void setReleaseNote(const QString& warning);
    // The report's note on records of another version (otherVersionNote); empty: none.
    void setRecordsNote(const QString& note);
    void showSession(const SessionSummary& summary);
    void setComputing(const QString& what);

    // Connection, demo state, counts, undecodable records and the notices (why there are no offset
    // syncs, a release applied with another's rules) as plain text (tests, --screenshot).
    QString text() const;

Q_SIGNALS:
    void stopRequested();
    void undecodableRequested();

private:
    QLabel* m_connection;
    QLabel* m_demoStatus; // the demo MM2's lag, so its starvation is never read as MM2's
    QLabel* m_syncsProblem;
    QLabel* m_releaseNote;
    QLabel* m_recordsNote;
    QLabel* m_records;
    QToolButton* m_undecodable;
    QLabel* m_computing;
    QProgressBar* m_progress;
    QPushButton* m_stop;
};

} // namespace driftscope::gui
