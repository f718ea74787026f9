// A live pair of clusters read in the background: the embedded demo clusters (started here) or
// clusters given by connection settings. A LiveReader does the reading on its own threads; this
// object only takes what was read every second, on the GUI thread, without ever waiting for a
// cluster, and passes it on as a slice of the session.
#pragma once

#include "model/io/kafka/live_reader.h"

#include <QObject>
#include <QTimer>

#include <memory>

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
    static std::unique_ptr<LiveFeed> connect(kafka::LiveReaderOptions options);

    // Stops reading; what was read stays with the receiver of the slices.
    void stop();
    bool running() const { return m_reader != nullptr; }
    bool isDemo() const { return m_demo != nullptr; }
    kafka::LiveStatus status() const { return m_status; }
    const kafka::LiveReaderOptions& options() const { return m_options; }
    // The demo clusters, when this feed runs them (tests take brokers down through it).
    kafka::DemoClusters* demo() const { return m_demo.get(); }

Q_SIGNALS:
    void sliceRead(std::shared_ptr<const Session> slice);
    void statusChanged(const kafka::LiveStatus& status);

private:
    LiveFeed(std::unique_ptr<kafka::DemoClusters> demo, kafka::LiveReaderOptions options);
    void poll();

    std::unique_ptr<kafka::DemoClusters> m_demo;
    kafka::LiveReaderOptions m_options;
    std::unique_ptr<kafka::LiveReader> m_reader;
    Session::Mark m_cursor;
    kafka::LiveStatus m_status;
    QTimer m_timer;
};

} // namespace driftscope::gui
