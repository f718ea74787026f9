#include "app/gui/live_feed.h"

#include "driftscope_version.h"
#include "model/demo/demo_cluster.h"
#include "model/io/thread_priority.h"
#include "model/util/text_format.h"

#include <thread>

namespace driftscope::gui {
namespace {

constexpr int kPollMs = 1000;

} // namespace

LiveFeed::LiveFeed(std::unique_ptr<kafka::DemoClusters> demo, std::vector<kafka::LiveReaderOptions> flows)
    : m_demo(std::move(demo)), m_options(std::move(flows))
{
    for (const kafka::LiveReaderOptions& options : m_options) {
        m_readers.push_back(std::make_shared<kafka::LiveReader>(options));
        m_readers.back()->start();
    }
    m_timer.setInterval(kPollMs);
    QObject::connect(&m_timer, &QTimer::timeout, this, &LiveFeed::refresh);
    m_timer.start();
    QTimer::singleShot(200, this, &LiveFeed::refresh); // the first state without waiting a second
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
    std::vector<kafka::LiveReaderOptions> flows;
    flows.push_back(std::move(options));
    return std::unique_ptr<LiveFeed>(new LiveFeed(std::move(*demo), std::move(flows)));
}

std::unique_ptr<LiveFeed> LiveFeed::connect(std::vector<kafka::LiveReaderOptions> flows)
{
    for (kafka::LiveReaderOptions& options : flows) {
        options.toolVersion = DRIFTSCOPE_VERSION;
        options.background = true;
    }
    return std::unique_ptr<LiveFeed>(new LiveFeed(nullptr, std::move(flows)));
}

QStringList LiveFeed::flows() const
{
    QStringList names;
    for (const kafka::LiveReaderOptions& options : m_options)
        names << QString::fromStdString(
            flowName(options.connection.source.alias, options.connection.target.alias));
    return names;
}

std::optional<std::string> LiveFeed::flowProblem(size_t index) const
{
    if (index >= m_statuses.size())
        return std::nullopt;
    const kafka::LiveStatus& s = m_statuses[index];
    if (s.failed())
        return "the clusters cannot be read" + kafka::notReadyWords(s);
    return kafka::offsetSyncsProblem(s, m_options[index]);
}

void LiveFeed::chooseFlow(size_t index)
{
    if (index < m_readers.size())
        m_chosen = index;
}

void LiveFeed::stop()
{
    if (!m_running)
        return;
    m_running = false;
    m_timer.stop();
    for (const auto& reader : m_readers)
        reader->stop();
    m_statuses.clear();
    for (const auto& reader : m_readers) {
        m_statuses.push_back(reader->status());
        m_statuses.back().source.state = m_statuses.back().target.state = ClusterState::Stopped;
    }
    refresh();
}

void LiveFeed::refresh()
{
    if (m_running) {
        m_statuses.clear();
        for (const auto& reader : m_readers)
            m_statuses.push_back(reader->status());
    }
    m_status = m_statuses[m_chosen];
    Q_EMIT statusChanged(m_status);
}

} // namespace driftscope::gui
