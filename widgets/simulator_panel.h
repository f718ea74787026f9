// The what-if simulator for trainers: the simulator's parameters as sliders and fields. Any
// change reruns the simulation (after a short pause, so a slider drag runs once) and every view
// updates; the named scenarios are one click away.
#pragma once

#include "model/sim/scenario.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;
class QTimer;

namespace driftscope::widgets {

class SimulatorPanel : public QWidget {
    Q_OBJECT

public:
    explicit SimulatorPanel(QWidget* parent = nullptr);

    // Shows a scenario's parameters (no signal).
    void setScenario(const sim::Scenario& scenario);
    // The scenario the fields describe; the error says what is wrong, if anything.
    sim::Scenario scenario(QString* error = nullptr) const;
    void setStatus(const QString& text);

    // For tests and keyboard users: set a field as if typed, then run.
    void setOffsetLagMax(int64_t value);
    void chooseScenario(const QString& name);

Q_SIGNALS:
    void runRequested(const sim::Scenario& scenario);

private:
    void setUpFields();
    void layOut();
    void connectFields();
    void changed();

    sim::Scenario m_base; // what the fields do not show (groups' habits, bursts, ...)
    QComboBox* m_release;
    QSlider* m_lagSlider;
    QSpinBox* m_lag;
    QSpinBox* m_emit;
    QSpinBox* m_flush;
    QSpinBox* m_commit;
    QCheckBox* m_fixedConsumeRate; // every group reads at m_consumeRate instead of the scenario's pace
    QDoubleSpinBox* m_consumeRate;
    QCheckBox* m_syncGroupOffsets;
    QSpinBox* m_syncInterval;
    QDoubleSpinBox* m_rate;
    QDoubleSpinBox* m_gap;
    QSpinBox* m_partitions;
    QSpinBox* m_duration;
    QSpinBox* m_seed;
    QLineEdit* m_events;
    QLabel* m_status;
    QTimer* m_debounce;
    bool m_loading = false;
};

} // namespace driftscope::widgets
