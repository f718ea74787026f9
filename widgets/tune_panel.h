// The what-if simulator's target panel: a replay target (records or seconds per partition at a
// percentile), the settings `driftscope-cli tune` recommends for the simulated scenario with their
// cost and the simulator's check, and one click to apply them to the simulation
// (docs/tuning.md). The answer is computed by the window, off the GUI thread.
#pragma once

#include "model/sim/tune_format.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace driftscope::widgets {

class TunePanel : public QWidget {
    Q_OBJECT

public:
    explicit TunePanel(QWidget* parent = nullptr);

    tuning::Target target() const;
    void setTarget(const tuning::Target& target);
    // "Recommending…" while the window works, then its answer (or none, to clear it).
    void setWorking();
    void setAnswer(const std::optional<sim::TuneAnswer>& answer);
    const std::optional<sim::TuneAnswer>& answer() const { return m_answer; }
    QString resultText() const;

Q_SIGNALS:
    void recommendRequested(const tuning::Target& target);
    void applyRequested(const sim::TuneAnswer& answer);

private:
    QDoubleSpinBox* m_amount;
    QComboBox* m_unit;
    QDoubleSpinBox* m_percentile;
    QPushButton* m_recommend;
    QLabel* m_summary; // the recommendation in a few lines
    QLabel* m_result;  // tune's whole text, in a fixed font
    QPushButton* m_apply;
    std::optional<sim::TuneAnswer> m_answer;
};

} // namespace driftscope::widgets
