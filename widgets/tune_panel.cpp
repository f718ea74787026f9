#include "widgets/tune_panel.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"
#include "widgets/qt_text.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace driftscope::widgets {
namespace {

QString figure(double value, tuning::Unit unit)
{
    return unit == tuning::Unit::Seconds ? q(formatFixed(std::llround(value * 10), 1)) + " s"
                                         : q(withThousands(std::llround(value))) + " records";
}

QString change(const QString& name, const QString& now, const QString& then)
{
    return now == then ? name + " " + now + " (unchanged)" : name + " " + now + " → <b>" + then + "</b>";
}

// The recommendation in a few lines, for a narrow dock: the settings that change, the replay
// before and after, the simulated check and the cost.
QString summaryOf(const sim::TuneAnswer& a)
{
    const tuning::Recommendation& r = a.recommendation;
    if (!r.refused.empty())
        return "No recommendation: " + qHtml(r.refused);
    QStringList lines;
    if (!r.reachable)
        lines << "<b>Out of reach</b>: no MM2 setting meets the target (Details name the groups).";
    const tuning::Knobs& now = a.profile.current;
    const tuning::Knobs best = a.knobs();
    if (r.reachable) {
        lines << change("offset.lag.max", QString::number(now.offsetLagMax),
                        QString::number(best.offsetLagMax));
        lines << change("emit.checkpoints.interval.seconds",
                        QString::number(now.emitCheckpointsIntervalMs / 1000),
                        QString::number(best.emitCheckpointsIntervalMs / 1000));
        if (now.syncGroupOffsetsIntervalMs)
            lines << change("sync.group.offsets.interval.seconds",
                            QString::number(*now.syncGroupOffsetsIntervalMs / 1000),
                            QString::number(best.syncGroupOffsetsIntervalMs.value_or(0) / 1000));
        for (const auto& [group, ms] : r.commitIntervalMs)
            if (ms.first != ms.second)
                lines << change(qHtml(group) + " commits every", q(formatDurationMs(ms.first)),
                                q(formatDurationMs(ms.second)));
    }
    const tuning::Unit unit = a.target.unit;
    const QString pct = "p" + q(tuning::percentileText(a.target.percentile));
    auto at = [&](const tuning::Prediction& p) {
        return unit == tuning::Unit::Seconds ? p.pSeconds.value_or(0) : p.pRecords;
    };
    QString replay = pct + " replay (model): " + figure(at(r.current), unit);
    if (r.reachable)
        replay += " → " + figure(at(r.predicted), unit);
    lines << replay;
    if (a.checked && a.checked->simulated.p)
        lines << "simulated with it: " + pct + " " + figure(*a.checked->simulated.p, unit) + " — " +
                     (a.checked->met ? "meets the target" : "<b>misses the target</b>");
    if (r.reachable)
        lines << "cost: " + q(formatFixed(std::llround(r.currentCost.recordsPerSecond() * 100), 2)) + " → " +
                     q(formatFixed(std::llround(r.cost.recordsPerSecond() * 100), 2)) +
                     " records/s written (syncs, checkpoints, group offsets)";
    if (!r.unreachable.empty())
        lines << QString::number(r.unreachable.size()) + " group partitions out of MM2's reach (Details)";
    return lines.join("<br>");
}

void showDetails(QWidget* parent, const QString& text)
{
    QDialog dialog(parent);
    dialog.setWindowTitle("Tuning for a replay target");
    auto* view = new QPlainTextEdit(text);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(view);
    layout->addWidget(buttons);
    dialog.resize(1000, 560);
    dialog.exec();
}

} // namespace

TunePanel::TunePanel(QWidget* parent)
    : QWidget(parent), m_amount(new QDoubleSpinBox), m_unit(new QComboBox), m_percentile(new QDoubleSpinBox),
      m_recommend(new QPushButton("Recommend settings")), m_summary(new QLabel), m_result(new QLabel),
      m_apply(new QPushButton("Apply to the simulation"))
{
    m_amount->setObjectName("tuneAmount");
    m_amount->setRange(0.1, 1e9);
    m_amount->setDecimals(1);
    m_amount->setValue(1000);
    m_unit->setObjectName("tuneUnit");
    m_unit->addItems({"records", "seconds"});
    m_percentile->setObjectName("tunePercentile");
    m_percentile->setRange(1, 100);
    m_percentile->setDecimals(1);
    m_percentile->setValue(99);
    m_percentile->setPrefix("p");
    m_recommend->setObjectName("tuneRecommend");
    m_recommend->setToolTip(
        "The cheapest MM2 settings under which a failover of the simulated scenario replays "
        "at most the target per partition at the percentile, checked by simulation "
        "(driftscope-cli tune)");
    m_summary->setObjectName("tuneSummary");
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_result->hide(); // holds the whole text for Details and tests
    m_apply->setObjectName("tuneApply");
    m_apply->setEnabled(false);
    m_apply->setToolTip(
        "Rerun the simulation with the recommended settings (and commit intervals); the replay "
        "budget becomes the target, drawn on the replay plot");
    auto* details = new QPushButton("Details…");
    details->setObjectName("tuneDetails");
    connect(details, &QPushButton::clicked, this, [this] {
        if (m_answer)
            showDetails(this, resultText());
    });

    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(m_amount, 1);
    targetRow->addWidget(m_unit);
    targetRow->addWidget(m_percentile);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(details);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel("<b>Replay target</b> (per partition)"));
    layout->addLayout(targetRow);
    layout->addWidget(m_recommend);
    layout->addWidget(m_summary);
    layout->addLayout(buttons);

    connect(m_recommend, &QPushButton::clicked, this, [this] { Q_EMIT recommendRequested(target()); });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_answer && m_answer->recommendation.reachable)
            Q_EMIT applyRequested(*m_answer);
    });
}

tuning::Target TunePanel::target() const
{
    return {m_unit->currentIndex() == 1 ? tuning::Unit::Seconds : tuning::Unit::Records, m_amount->value(),
            m_percentile->value()};
}

void TunePanel::setTarget(const tuning::Target& target)
{
    m_unit->setCurrentIndex(target.unit == tuning::Unit::Seconds ? 1 : 0);
    m_amount->setValue(target.amount);
    m_percentile->setValue(target.percentile);
}

void TunePanel::setWorking()
{
    m_recommend->setEnabled(false);
    m_apply->setEnabled(false);
    m_summary->setText("Recommending… (the model, then the simulator's check)");
}

void TunePanel::setAnswer(const std::optional<sim::TuneAnswer>& answer)
{
    m_answer = answer;
    m_recommend->setEnabled(true);
    m_apply->setEnabled(answer && answer->recommendation.reachable);
    m_summary->setText(answer ? summaryOf(*answer) : QString());
    m_result->setText(answer ? q(sim::tuneText(*answer)) : QString());
}

QString TunePanel::resultText() const
{
    return m_result->text();
}

} // namespace driftscope::widgets
