// Runs `tune` for the what-if simulator's scenario off the GUI thread: the model is quick, but the
// simulator's check reruns the scenario a dozen times or more. One answer at a time; a newer
// request makes an older answer obsolete, and the runner waits for its thread when destroyed.
#pragma once

#include "model/sim/tune_format.h"

#include <QObject>
#include <QPointer>
#include <QThread>

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
    uint64_t m_serial = 0;
};

} // namespace driftscope::gui
