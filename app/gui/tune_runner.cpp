#include "app/gui/tune_runner.h"

#include <memory>

namespace driftscope::gui {

TuneRunner::TuneRunner(QObject* parent) : QObject(parent)
{
}

TuneRunner::~TuneRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_thread)
        m_thread->wait();
}

void TuneRunner::run(const sim::Scenario& scenario, const tuning::Target& target)
{
    if (m_thread)
        m_thread->wait(); // one at a time: the answer before is dropped below
    const uint64_t serial = ++m_serial;
    auto answer = std::make_shared<sim::TuneAnswer>();
    QThread* thread =
        QThread::create([scenario, target, answer] { *answer = sim::tuneScenario(scenario, target, {}); });
    connect(thread, &QThread::finished, this, [this, thread, answer, serial] {
        thread->deleteLater();
        if (serial == m_serial)
            Q_EMIT answered(*answer);
    });
    m_thread = thread;
    thread->start();
}

} // namespace driftscope::gui
