#include "widgets/simulator_panel.h"
#include "widgets/health_colors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace driftscope::widgets {
namespace {

// offset.lag.max on a slider: 0, then powers of ten apart (0, 1, 10, 100, 1000, 10000).
constexpr int kLagSliderSteps = 50;

int64_t lagFromSlider(int step)
{
    return step == 0 ? 0 : std::llround(std::pow(10.0, (step - 10) / 10.0));
}

int sliderFromLag(int64_t lag)
{
    return lag <= 0
               ? 0
               : std::clamp(static_cast<int>(std::lround(std::log10(static_cast<double>(lag)) * 10)) + 10, 1,
                            kLagSliderSteps);
}

QSpinBox* seconds(int max)
{
    auto* box = new QSpinBox;
    box->setRange(1, max);
    box->setSuffix(" s");
    return box;
}

} // namespace

SimulatorPanel::SimulatorPanel(QWidget* parent)
    : QWidget(parent), m_release(new QComboBox), m_lagSlider(new QSlider(Qt::Horizontal)),
      m_lag(new QSpinBox), m_emit(seconds(3600)), m_flush(seconds(3600)), m_commit(seconds(3600)),
      m_fixedConsumeRate(new QCheckBox("every group reads")), m_consumeRate(new QDoubleSpinBox),
      m_syncGroupOffsets(new QCheckBox("sync.group.offsets, every")), m_syncInterval(seconds(3600)),
      m_rate(new QDoubleSpinBox), m_gap(new QDoubleSpinBox), m_partitions(new QSpinBox),
      m_duration(new QSpinBox), m_seed(new QSpinBox), m_events(new QLineEdit), m_status(new QLabel),
      m_debounce(new QTimer(this))
{
    setUpFields();
    layOut();
    connectFields();
    setScenario(sim::namedScenario("steady").value());
}

// Ranges, units, tool tips and object names of the fields.
void SimulatorPanel::setUpFields()
{
    for (const Release& r : knownReleases())
        m_release->addItem(QString::fromStdString(toString(r)));
    m_lagSlider->setRange(0, kLagSliderSteps);
    m_lag->setRange(0, 1'000'000);
    m_rate->setRange(0.1, 100'000);
    m_rate->setSuffix(" rec/s");
    m_fixedConsumeRate->setObjectName("fixedConsumeRate");
    m_fixedConsumeRate->setToolTip(
        "Unchecked: each group keeps the scenario's pace (most keep up with the "
        "producer). Checked: every group reads this many records/s per "
        "partition, like driftscope-cli simulate --consume-rate (a lagging group).");
    m_consumeRate->setObjectName("consumeRate");
    m_consumeRate->setRange(0, 100'000);
    m_consumeRate->setSuffix(" rec/s");
    m_syncGroupOffsets->setObjectName("syncGroupOffsets");
    m_syncGroupOffsets->setToolTip(
        "sync.group.offsets.enabled (MM2 2.7.0+): consumers fail over to the group "
        "offsets MM2 writes on the target every sync.group.offsets.interval.seconds");
    m_syncInterval->setObjectName("syncGroupOffsetsInterval");
    m_gap->setRange(0, 90);
    m_gap->setSuffix(" % markers");
    m_gap->setDecimals(1);
    m_partitions->setRange(1, 64);
    m_duration->setRange(1, 24 * 60);
    m_duration->setSuffix(" min");
    m_seed->setRange(1, 1'000'000);
    m_events->setPlaceholderText("e.g. 600:source-task-restart 1800:checkpoint-task-restart:10");
    m_events->setToolTip(
        "Events, separated by spaces: 600:source-task-restart[:DOWN_S[:graceful]], "
        "1800:checkpoint-task-restart[:DOWN_S[:restore-fails]], 300:consumer-stall:GROUP:SECONDS, "
        "900:truncate-target[:PARTITION] (times in seconds)");
    m_status->setWordWrap(true);
    m_status->setObjectName("simulatorStatus");
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
}

// The scenario buttons, then the parameters' form.
void SimulatorPanel::layOut()
{
    auto* scenarios = new QGridLayout;
    int i = 0;
    for (const std::string& name : sim::scenarioNames()) {
        auto* button = new QPushButton(QString::fromStdString(name));
        button->setToolTip("Load the " + QString::fromStdString(name) + " scenario and run it");
        connect(button, &QPushButton::clicked, this,
                [this, name] { chooseScenario(QString::fromStdString(name)); });
        scenarios->addWidget(button, i / 2, i % 2);
        ++i;
    }
    auto* lagRow = new QHBoxLayout;
    lagRow->addWidget(m_lagSlider, 1);
    lagRow->addWidget(m_lag);
    auto* form = new QFormLayout;
    form->addRow("MM2 release", m_release);
    form->addRow("offset.lag.max", lagRow);
    form->addRow("emit.checkpoints.interval", m_emit);
    form->addRow("offset.flush.interval", m_flush);
    form->addRow("group commit interval", m_commit);
    auto* consumeRow = new QHBoxLayout;
    consumeRow->addWidget(m_fixedConsumeRate);
    consumeRow->addWidget(m_consumeRate, 1);
    form->addRow("consume rate / partition", consumeRow);
    auto* syncRow = new QHBoxLayout;
    syncRow->addWidget(m_syncGroupOffsets);
    syncRow->addWidget(m_syncInterval, 1);
    form->addRow("group offsets on target", syncRow);
    form->addRow("produce rate / partition", m_rate);
    form->addRow("transaction markers", m_gap);
    form->addRow("partitions", m_partitions);
    form->addRow("duration", m_duration);
    form->addRow("seed", m_seed);
    form->addRow("events", m_events);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel("<b>Scenarios</b>"));
    layout->addLayout(scenarios);
    layout->addWidget(new QLabel("<b>Parameters</b> (changes rerun the simulation)"));
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addStretch(1);
}

// Every change reruns the simulation (after a short pause); the lag slider and its box follow
// each other.
void SimulatorPanel::connectFields()
{
    connect(m_lagSlider, &QSlider::valueChanged, this, [this](int step) {
        if (!m_loading) {
            const QSignalBlocker block(m_lag);
            m_lag->setValue(static_cast<int>(lagFromSlider(step)));
            changed();
        }
    });
    connect(m_lag, &QSpinBox::valueChanged, this, [this](int v) {
        const QSignalBlocker block(m_lagSlider);
        m_lagSlider->setValue(sliderFromLag(v));
        changed();
    });
    for (QSpinBox* box : {m_emit, m_flush, m_commit, m_syncInterval, m_partitions, m_duration, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &SimulatorPanel::changed);
    for (QDoubleSpinBox* box : {m_rate, m_consumeRate, m_gap})
        connect(box, &QDoubleSpinBox::valueChanged, this, &SimulatorPanel::changed);
    for (QCheckBox* box : {m_fixedConsumeRate, m_syncGroupOffsets})
        connect(box, &QCheckBox::toggled, this, [this] {
            m_consumeRate->setEnabled(m_fixedConsumeRate->isChecked());
            m_syncInterval->setEnabled(m_syncGroupOffsets->isChecked());
            changed();
        });
    connect(m_release, &QComboBox::currentIndexChanged, this, &SimulatorPanel::changed);
    connect(m_events, &QLineEdit::editingFinished, this, &SimulatorPanel::changed);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        QString error;
        const sim::Scenario s = scenario(&error);
        if (!error.isEmpty()) {
            setStatus("<span style='color:" + errorColor(paletteShade()).name() + "'>" +
                      error.toHtmlEscaped() + "</span>");
            return;
        }
        Q_EMIT runRequested(s);
    });
}

void SimulatorPanel::setScenario(const sim::Scenario& s)
{
    m_loading = true;
    m_base = s;
    const QSignalBlocker b0(m_release), b1(m_lag), b2(m_emit), b3(m_flush), b4(m_commit), b5(m_rate),
        b6(m_gap), b7(m_partitions), b8(m_duration), b9(m_seed), b10(m_lagSlider), b11(m_fixedConsumeRate),
        b12(m_consumeRate), b13(m_syncGroupOffsets), b14(m_syncInterval);
    m_release->setCurrentText(QString::fromStdString(toString(s.release)));
    m_lag->setValue(static_cast<int>(std::clamp<int64_t>(s.offsetLagMax, 0, 1'000'000)));
    m_lagSlider->setValue(sliderFromLag(s.offsetLagMax));
    m_emit->setValue(static_cast<int>(s.emitCheckpointsIntervalMs / 1000));
    m_flush->setValue(static_cast<int>(s.offsetFlushIntervalMs / 1000));
    m_commit->setValue(s.groups.empty() ? 5 : static_cast<int>(s.groups.front().commitIntervalMs / 1000));
    // One rate on the field when every group reads at it; else the groups keep their own pace.
    const bool oneRate = !s.groups.empty() && s.groups.front().consumeRate >= 0 &&
                         std::all_of(s.groups.begin(), s.groups.end(), [&](const sim::GroupSpec& g) {
                             return g.consumeRate == s.groups.front().consumeRate;
                         });
    m_fixedConsumeRate->setChecked(oneRate);
    m_consumeRate->setValue(oneRate ? s.groups.front().consumeRate : s.produceRate / 2);
    m_consumeRate->setEnabled(oneRate);
    m_syncGroupOffsets->setChecked(s.syncGroupOffsets);
    m_syncInterval->setValue(static_cast<int>(s.syncGroupOffsetsIntervalMs / 1000));
    m_syncInterval->setEnabled(s.syncGroupOffsets);
    m_rate->setValue(s.produceRate);
    m_gap->setValue(s.gapRatio * 100);
    m_partitions->setValue(s.partitions);
    m_duration->setValue(static_cast<int>(s.durationMs / 60'000));
    m_seed->setValue(static_cast<int>(s.seed));
    QStringList events;
    for (const sim::Event& e : s.events)
        events << QString::fromStdString(sim::describeEvent(e));
    m_events->setText(events.join(' '));
    m_loading = false;
}

sim::Scenario SimulatorPanel::scenario(QString* error) const
{
    sim::Scenario s = m_base;
    s.release = parseRelease(m_release->currentText().toStdString()).value();
    s.offsetLagMax = m_lag->value();
    s.emitCheckpointsIntervalMs = m_emit->value() * 1000LL;
    s.offsetFlushIntervalMs = m_flush->value() * 1000LL;
    // The first group's cadence is the one on the field; the others keep their ratio to it.
    if (!s.groups.empty() && s.groups.front().commitIntervalMs > 0) {
        const double factor =
            m_commit->value() * 1000.0 / static_cast<double>(s.groups.front().commitIntervalMs);
        for (sim::GroupSpec& g : s.groups)
            g.commitIntervalMs =
                std::max<int64_t>(100, std::llround(static_cast<double>(g.commitIntervalMs) * factor));
    }
    if (m_fixedConsumeRate->isChecked())
        for (sim::GroupSpec& g : s.groups)
            g.consumeRate = m_consumeRate->value();
    s.syncGroupOffsets = m_syncGroupOffsets->isChecked();
    s.syncGroupOffsetsIntervalMs = m_syncInterval->value() * 1000LL;
    s.produceRate = m_rate->value();
    s.gapRatio = m_gap->value() / 100.0;
    s.partitions = m_partitions->value();
    s.durationMs = m_duration->value() * 60'000LL;
    // The sample interval stays the base's: the scenario's own, or (named scenarios) chosen by
    // sim::sampleIntervalOf from the intervals set here, as for the first view and the CLI.
    s.seed = static_cast<uint64_t>(m_seed->value());
    s.events.clear();
    for (const QString& spec : m_events->text().split(' ', Qt::SkipEmptyParts)) {
        auto e = sim::parseEvent(spec.toStdString());
        if (!e) {
            if (error)
                *error = "event '" + spec + "': " + QString::fromStdString(e.error());
            return m_base;
        }
        s.events.push_back(*e);
    }
    if (const std::string problem = sim::validate(s); !problem.empty() && error)
        *error = QString::fromStdString(problem);
    return s;
}

void SimulatorPanel::setStatus(const QString& text)
{
    m_status->setText(text);
}

void SimulatorPanel::setOffsetLagMax(int64_t value)
{
    m_lag->setValue(static_cast<int>(value));
    m_debounce->start(0);
}

void SimulatorPanel::chooseScenario(const QString& name)
{
    auto s = sim::namedScenario(name.toStdString());
    if (!s)
        return;
    setScenario(*s);
    m_debounce->start(0);
}

void SimulatorPanel::changed()
{
    if (!m_loading)
        m_debounce->start();
}

} // namespace driftscope::widgets
