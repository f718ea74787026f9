#include "app/gui/source_controller.h"

#include "model/demo/demo_cluster.h"
#include "model/io/capture_file.h"
#include "model/io/session_file.h"
#include "model/sim/timeline_format.h"

#include <QDateTime>
#include <QFileInfo>
#include <QThread>

namespace driftscope::gui {

SourceController::SourceController(QObject* parent) : QObject(parent)
{
}

SourceController::~SourceController()
{
    // A file being read or a simulation running cannot be interrupted; their answers are
    // dropped with this object.
    for (const QPointer<QThread>& thread : m_threads)
        if (thread)
            thread->wait();
}

template <typename Work, typename Done>
void SourceController::inThread(Work work, Done done)
{
    const uint64_t serial = m_serial;
    QThread* thread =
        QThread::create([this, serial, work = std::move(work), done = std::move(done)]() mutable {
            auto result = std::make_shared<decltype(work())>(work());
            QMetaObject::invokeMethod(
                this,
                [this, serial, result, done = std::move(done)]() mutable {
                    if (serial != m_serial)
                        return; // stopped, or another source was opened meanwhile
                    m_loading = false;
                    Q_EMIT loadingChanged(false, {});
                    done(std::move(*result));
                },
                Qt::QueuedConnection);
        });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    std::erase_if(m_threads, [](const QPointer<QThread>& t) { return t.isNull(); });
    m_threads.emplace_back(thread);
    m_loading = true;
    thread->start();
}

void SourceController::begin(SourceKind kind, const QString& description)
{
    ++m_serial;
    if (m_live)
        m_live->stop();
    m_live.reset();
    m_kind = kind;
    m_description = description;
    m_capturePath.clear();
    m_simulationSummary.reset();
    if (m_loading) {
        m_loading = false;
        Q_EMIT loadingChanged(false, {});
    }
}

void SourceController::startDemo(const QString& scenarioName)
{
    auto scenario = kafka::demoScenario(scenarioName.toStdString());
    if (!scenario) {
        Q_EMIT failed("Demo clusters", QString::fromStdString(scenario.error()));
        return;
    }
    begin(SourceKind::Demo, "demo clusters " + QString::fromStdString(scenario->sourceAlias) + " → " +
                                QString::fromStdString(scenario->targetAlias) + " (" + scenarioName + ")");
    QString error;
    m_live = LiveFeed::startDemo(*scenario, error);
    if (!m_live) {
        Q_EMIT failed("Demo clusters", "The embedded demo clusters did not start: " + error);
        return;
    }
    Q_EMIT releaseSuggested({scenario->release, toString(scenario->release), ""});
    Q_EMIT liveStarted(m_live->reader());
    connect(m_live.get(), &LiveFeed::statusChanged, this, &SourceController::liveStatus);
}

namespace {

// "live A → B", and which of the flows read it is when there are several.
QString liveDescription(const LiveFeed& feed)
{
    const kafka::LiveReaderOptions& o = feed.options();
    QString text = "live " + QString::fromStdString(o.connection.source.alias) + " → " +
                   QString::fromStdString(o.connection.target.alias);
    if (feed.flows().size() > 1)
        text += QString(" (flow %1 of %2)").arg(feed.chosenFlow() + 1).arg(feed.flows().size());
    return text;
}

} // namespace

void SourceController::connectLive(std::vector<kafka::LiveReaderOptions> flows)
{
    Q_ASSERT(!flows.empty());
    begin(SourceKind::Live, {});
    Q_EMIT releaseSuggested(resolveRecordedRelease(flows.front().releaseName, flows.front().release));
    m_live = LiveFeed::connect(std::move(flows));
    m_description = liveDescription(*m_live);
    Q_EMIT liveStarted(m_live->reader());
    connect(m_live.get(), &LiveFeed::statusChanged, this, &SourceController::liveStatus);
}

void SourceController::chooseFlow(size_t index)
{
    if (!m_live || index == m_live->chosenFlow())
        return;
    m_live->chooseFlow(index);
    m_description = liveDescription(*m_live);
    Q_EMIT liveStarted(m_live->reader());
    m_live->refresh(); // after liveStarted, whose receivers show "connecting…" at first
}

void SourceController::openFile(const QString& path)
{
    begin(SourceKind::Capture, QFileInfo(path).fileName());
    Q_EMIT loadingChanged(true, "Reading " + QFileInfo(path).fileName() + "…");
    inThread([p = path.toStdString()] { return readSessionFile(p); },
             [this, path](Result<SessionFile> file) {
                 if (!file) {
                     m_kind = SourceKind::None;
                     Q_EMIT failed("Cannot open " + QFileInfo(path).fileName(),
                                   QString::fromStdString(file.error()));
                     return;
                 }
                 if (isSqliteFile(path.toStdString()))
                     m_capturePath = path;
                 Q_EMIT opened(path);
                 Q_EMIT loadingChanged(false, "Opened " + path);
                 // Formatter text records no release: the window keeps the one it applies.
                 if (const std::string& recorded = file->session.info.release; !recorded.empty())
                     Q_EMIT releaseSuggested(resolveRecordedRelease(recorded, kDefaultRelease));
                 Q_EMIT sessionReplaced(std::make_shared<Session>(std::move(file->session)), nullptr);
             });
}

void SourceController::runSimulation(const sim::Scenario& scenario)
{
    begin(SourceKind::Simulation, "simulation: " + QString::fromStdString(scenario.name) + ", MM2 " +
                                      QString::fromStdString(toString(scenario.release)));
    if (const std::string problem = sim::validate(scenario); !problem.empty()) {
        Q_EMIT failed("Simulation", QString::fromStdString(problem));
        return;
    }
    Q_EMIT loadingChanged(true, "Simulating…");
    // Simulated time starts at a fixed, readable moment: 2026-01-01T00:00:00Z.
    constexpr int64_t kEpochMs = 1'767'225'600'000;
    inThread([scenario] { return sim::simulateSession(scenario, kEpochMs); },
             [this, scenario](sim::SimulatedSession run) {
                 m_simulationSummary = run.summary;
                 Q_EMIT loadingChanged(false, QString::fromStdString(sim::summaryText(run.summary)));
                 Q_EMIT releaseSuggested({scenario.release, toString(scenario.release), ""});
                 auto simulation = std::make_shared<SimulationSource>();
                 simulation->scenario = scenario;
                 simulation->epochMs = kEpochMs;
                 simulation->truth = std::move(run.truth);
                 Q_EMIT sessionReplaced(std::make_shared<Session>(std::move(run.session)),
                                        std::move(simulation));
             });
}

void SourceController::stop()
{
    if (m_loading) {
        ++m_serial;
        m_loading = false;
        Q_EMIT loadingChanged(false, "Stopped");
    }
    if (m_live)
        m_live->stop();
}

} // namespace driftscope::gui
