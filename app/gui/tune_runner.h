// Runs `tune` for the what-if simulator's scenario off the GUI thread: the model is quick, but the
// simulator's check reruns the scenario a dozen times or more. One answer at a time: a newer
// request cancels the one running (it ends after the simulation in progress), and so does
// destroying the runner, which then waits for that.
#pragma once

#include "model/sim/tune_format.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <atomic>
#include <memory>

namespace driftscope::gui {

class TuneRunner : public QObject {
    Q_OBJECT

public:
    explicit TuneRunner(QObject* parent = nullptr);
    ~TuneRunner() override;

    void run(const sim::Scenario& scenario, const tuning::Target& target);

Q_SIGNALS:
    void answered(const sim::TuneAnswer& answer);

private:
    QPointer<QThread> m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel; // the running answer's: set, it ends at its next run
    uint64_t m_serial = 0;
};

} // namespace driftscope::gui
