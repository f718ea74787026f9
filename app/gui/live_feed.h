// A live pair of clusters read in the background: the embedded demo clusters (started here) or
// clusters given by connection settings, one flow or several (every flow an MM2 configuration
// enables). A LiveReader per flow does the reading on its own threads and keeps what it read, so
// that choosing another flow shows its history at once; the analysis worker takes the records of
// the chosen flow's reader (AnalysisService::follow). This object only asks for the readers'
// status every second, on the GUI thread, without ever waiting for a cluster.
#pragma once

#include "model/io/kafka/live_reader.h"

#include <QObject>
#include <QTimer>

#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace driftscope::kafka {
class DemoClusters;
struct DemoScenario;
} // namespace driftscope::kafka

namespace driftscope::gui {

class LiveFeed : public QObject {
    Q_OBJECT

public:
    ~LiveFeed() override;

    // Starts the demo clusters and a reader of them; nullptr and the reason when they fail.
    static std::unique_ptr<LiveFeed> startDemo(const kafka::DemoScenario& scenario, QString& error);
    // One reader per flow, all started; the first is chosen. `flows` is never empty.
    static std::unique_ptr<LiveFeed> connect(std::vector<kafka::LiveReaderOptions> flows);

    // Stops reading; what was read stays with the readers (another flow can still be chosen).
    void stop();
    // The chosen flow's reader, its status and options.
    std::shared_ptr<const kafka::LiveReader> reader() const { return m_readers[m_chosen]; }
    bool running() const { return m_running; }
    kafka::LiveStatus status() const { return m_status; }
    const kafka::LiveReaderOptions& options() const { return m_options[m_chosen]; }
    // Every flow read, as "A->B", in the order given; choosing one makes it the reader's.
    QStringList flows() const;
    // Why a flow cannot answer as of the last poll, in the CLI's words: its clusters failed, or it
    // has no offset syncs (kafka::offsetSyncsProblem); none while it reads or when it can.
    std::optional<std::string> flowProblem(size_t index) const;
    size_t chosenFlow() const { return m_chosen; }
    void chooseFlow(size_t index); // then refresh() says its status
    // Reads every flow's status (while running) and emits the chosen one's.
    void refresh();
    // The demo clusters, when this feed runs them (tests take brokers down through it).
    kafka::DemoClusters* demo() const { return m_demo.get(); }

Q_SIGNALS:
    void statusChanged(const kafka::LiveStatus& status);

private:
    LiveFeed(std::unique_ptr<kafka::DemoClusters> demo, std::vector<kafka::LiveReaderOptions> flows);

    std::unique_ptr<kafka::DemoClusters> m_demo;
    std::vector<kafka::LiveReaderOptions> m_options;
    std::vector<std::shared_ptr<kafka::LiveReader>> m_readers; // shared with whoever takes records
    std::vector<kafka::LiveStatus> m_statuses;                 // every flow's, as last read
    size_t m_chosen = 0;
    bool m_running = true;
    kafka::LiveStatus m_status;
    QTimer m_timer;
};

} // namespace driftscope::gui
