// Where the explorer's session comes from: the embedded demo clusters, a live pair of clusters,
// a file (capture, formatter text or JSON Lines), or a simulation. Files are read and
// simulations run on a thread of their own; live clusters are read by a LiveFeed. Whatever the
// source, the result is a session replaced whole, or a live reader whose records the receiver
// takes as they come.
#pragma once

#include "app/gui/analysis_service.h"
#include "app/gui/live_feed.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <memory>
#include <optional>
#include <vector>

namespace driftscope::gui {

enum class SourceKind { None, Demo, Live, Capture, Simulation };

class SourceController : public QObject {
    Q_OBJECT

public:
    explicit SourceController(QObject* parent = nullptr);
    ~SourceController() override;

    void startDemo(const QString& scenario);
    // One flow or several (every flow an MM2 configuration enables), all read at once; the first
    // is shown.
    void connectLive(std::vector<kafka::LiveReaderOptions> flows);
    // Shows another of the flows read (LiveFeed::flows): its reader's records from the start.
    void chooseFlow(size_t index);
    void openFile(const QString& path);
    void runSimulation(const sim::Scenario& scenario);
    // Stops a live reader (keeping what it read) or abandons a file still loading.
    void stop();

    SourceKind kind() const { return m_kind; }
    QString description() const { return m_description; } // for the title: never a secret
    // The capture file shown (empty for records in text, and for every other source).
    QString capturePath() const { return m_capturePath; }
    bool loading() const { return m_loading; }
    LiveFeed* live() const { return m_live.get(); }
    // The summary of the simulation shown, once it ran (none for other sources).
    const std::optional<sim::RunSummary>& simulationSummary() const { return m_simulationSummary; }

Q_SIGNALS:
    // A simulation's session comes with its scenario and truth (none for other sources).
    void sessionReplaced(std::shared_ptr<Session> session,
                         std::shared_ptr<const SimulationSource> simulation);
    void liveStarted(std::shared_ptr<const kafka::LiveReader> reader);
    void liveStatus(const kafka::LiveStatus& status);
    void loadingChanged(bool loading, const QString& what);
    void failed(const QString& title, const QString& message);
    void opened(const QString& path); // a file opened: for the recent files
    // The MM2 release the source runs (a capture's recorded release, a simulation's, the demo's, the
    // one a connection names), resolved: a release driftscope does not know comes with a warning.
    void releaseSuggested(const ResolvedRelease& release);

private:
    void begin(SourceKind kind, const QString& description);
    template <typename Work, typename Done>
    void inThread(Work work, Done done);

    SourceKind m_kind = SourceKind::None;
    QString m_description;
    QString m_capturePath;
    std::unique_ptr<LiveFeed> m_live;
    std::optional<sim::RunSummary> m_simulationSummary;
    bool m_loading = false;
    uint64_t m_serial = 0;                    // a newer source makes older background work obsolete
    std::vector<QPointer<QThread>> m_threads; // waited for on destruction
};

} // namespace driftscope::gui
