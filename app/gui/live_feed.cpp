#include "app/gui/live_feed.h"

#include "driftscope_version.h"
#include "model/demo/demo_cluster.h"
#include "model/io/thread_priority.h"

#include <thread>

namespace driftscope::gui {
namespace {

constexpr int kPollMs = 1000;

} // namespace

LiveFeed::LiveFeed(std::unique_ptr<kafka::DemoClusters> demo, kafka::LiveReaderOptions options)
    : m_demo(std::move(demo)), m_options(std::move(options)),
      m_reader(std::make_unique<kafka::LiveReader>(m_options))
{
    m_reader->start();
    m_timer.setInterval(kPollMs);
    QObject::connect(&m_timer, &QTimer::timeout, this, &LiveFeed::poll);
    m_timer.start();
    QTimer::singleShot(200, this, &LiveFeed::poll); // the first records without waiting a second
}

LiveFeed::~LiveFeed()
{
    blockSignals(true); // whoever listened may be gone already
    stop();
}

std::unique_ptr<LiveFeed> LiveFeed::startDemo(const kafka::DemoScenario& scenario, QString& error)
{
    // Started from a thread of background priority, which the clusters' threads inherit.
    Result<std::unique_ptr<kafka::DemoClusters>> demo = Error{"not started"};
    std::thread starter([&] {
        lowerThisThreadsPriority();
        demo = kafka::DemoClusters::start(scenario);
    });
    starter.join();
    if (!demo) {
        error = QString::fromStdString(demo.error());
        return nullptr;
    }
    kafka::LiveReaderOptions options;
    options.connection = (*demo)->connection();
    options.release = scenario.release;
    options.sampleIntervalMs = 2000;
    options.toolVersion = DRIFTSCOPE_VERSION;
    options.background = true;
    return std::unique_ptr<LiveFeed>(new LiveFeed(std::move(*demo), std::move(options)));
}

std::unique_ptr<LiveFeed> LiveFeed::connect(kafka::LiveReaderOptions options)
{
    options.toolVersion = DRIFTSCOPE_VERSION;
    options.background = true;
    return std::unique_ptr<LiveFeed>(new LiveFeed(nullptr, std::move(options)));
}

void LiveFeed::stop()
{
    if (!m_reader)
        return;
    m_timer.stop();
    poll(); // what was read up to now
    m_reader->stop();
    m_reader.reset();
    m_status.source.state = m_status.target.state = "stopped";
    Q_EMIT statusChanged(m_status);
}

void LiveFeed::poll()
{
    if (!m_reader)
        return;
    auto slice = std::make_shared<Session>(m_reader->since(m_cursor));
    m_cursor = slice->mark();
    m_status = m_reader->status();
    const Session& o = *slice;
    const bool nothingNew = o.partitionCount() == 0 && o.groupCount() == 0 && o.syncs.empty() &&
                            o.checkpoints.empty() && o.heartbeats.empty() && o.undecodable.empty() &&
                            o.groupOffsets.empty() && o.logOffsets.empty() && o.events.empty();
    if (!nothingNew)
        Q_EMIT sliceRead(std::move(slice));
    Q_EMIT statusChanged(m_status);
}

} // namespace driftscope::gui
