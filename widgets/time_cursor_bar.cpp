#include "widgets/time_cursor_bar.h"

#include "model/util/text_format.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace driftscope::widgets {
namespace {

constexpr int kSteps = 10'000; // slider resolution
constexpr int kTickMs = 100;   // playback refresh

} // namespace

TimeCursorBar::TimeCursorBar(QWidget* parent)
    : QWidget(parent), m_play(new QToolButton), m_slider(new QSlider(Qt::Horizontal)), m_label(new QLabel),
      m_speed(new QComboBox), m_follow(new QCheckBox("Follow now")), m_timer(new QTimer(this))
{
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip("Play the session from the cursor (Space)");
    m_slider->setRange(0, kSteps);
    m_slider->setToolTip("Time cursor: every view shows what MM2 knew at this moment");
    for (const auto& [name, factor] : {std::pair{"1x", 1}, {"10x", 10}, {"60x", 60}, {"600x", 600}})
        m_speed->addItem(name, factor);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip("Playback speed");
    m_label->setMinimumWidth(220);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(new QLabel("Time cursor:"));
    layout->addWidget(m_play);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_label);
    layout->addWidget(m_speed);
    layout->addWidget(m_follow);
    m_bookmarks = new QToolButton;
    m_bookmarks->setText("Bookmarks");
    m_bookmarks->setToolTip("Name the moment at the cursor, or jump to a named one (Ctrl+B adds one)");
    m_bookmarks->setPopupMode(QToolButton::InstantPopup);
    m_bookmarks->setEnabled(false);
    layout->addWidget(m_bookmarks);
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &TimeCursorBar::playTick);
    connect(m_play, &QToolButton::clicked, this, &TimeCursorBar::togglePlay);
    connect(m_slider, &QSlider::sliderMoved, this, &TimeCursorBar::sliderMoved);
    connect(m_slider, &QSlider::actionTriggered, this, [this](int action) {
        if (action != QAbstractSlider::SliderMove && action != QAbstractSlider::SliderNoAction)
            QTimer::singleShot(0, this, [this] { sliderMoved(m_slider->value()); });
    });
    connect(m_follow, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            Q_EMIT cursorMoved(std::nullopt);
        else
            Q_EMIT cursorMoved(m_cursorMs);
    });
    setLiveAvailable(false);
}

void TimeCursorBar::chooseSpeedFor(int64_t spanMs)
{
    const int factor = spanMs <= 10 * 60'000 ? 1 : spanMs <= 6 * 3'600'000 ? 60 : 600;
    m_speed->setCurrentIndex(m_speed->findData(factor));
}

int TimeCursorBar::speed() const
{
    return m_speed->currentData().toInt();
}

void TimeCursorBar::setSpan(int64_t fromMs, int64_t toMs)
{
    m_fromMs = fromMs;
    m_toMs = std::max(fromMs, toMs);
    setCursor(m_cursorMs);
}

void TimeCursorBar::setCursor(int64_t atMs)
{
    m_cursorMs = atMs;
    const QSignalBlocker block(m_slider);
    const double share =
        static_cast<double>(std::clamp(atMs, m_fromMs, m_toMs) - m_fromMs) / static_cast<double>(span());
    m_slider->setValue(static_cast<int>(share * kSteps + 0.5));
    showLabel();
}

void TimeCursorBar::setLiveAvailable(bool available)
{
    const QSignalBlocker block(m_follow);
    m_follow->setVisible(available);
    m_follow->setChecked(available);
}

bool TimeCursorBar::following() const
{
    return m_follow->isVisible() && m_follow->isChecked();
}

void TimeCursorBar::moveTo(int64_t atMs)
{
    atMs = std::clamp(atMs, m_fromMs, m_toMs);
    if (following()) {
        const QSignalBlocker block(m_follow);
        m_follow->setChecked(false);
    }
    setCursor(atMs);
    Q_EMIT cursorMoved(atMs);
}

void TimeCursorBar::sliderMoved(int value)
{
    moveTo(m_fromMs + static_cast<int64_t>(static_cast<double>(span()) * value / kSteps));
}

void TimeCursorBar::togglePlay()
{
    if (m_timer->isActive()) {
        m_timer->stop();
        m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
        return;
    }
    if (m_cursorMs >= m_toMs)
        moveTo(m_fromMs);
    m_timer->start();
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
}

void TimeCursorBar::playTick()
{
    const int64_t next = m_cursorMs + static_cast<int64_t>(kTickMs) * m_speed->currentData().toInt();
    moveTo(next);
    if (next >= m_toMs)
        togglePlay();
}

void TimeCursorBar::stepForward()
{
    moveTo(m_cursorMs + span() / 100);
}

void TimeCursorBar::stepBack()
{
    moveTo(m_cursorMs - span() / 100);
}

void TimeCursorBar::setTimesUnknown(bool unknown)
{
    m_timesUnknown = unknown;
    showLabel();
}

QString TimeCursorBar::labelText() const
{
    return m_label->text();
}

void TimeCursorBar::showLabel()
{
    if (m_timesUnknown) {
        m_label->setText("time unknown: the records carry none");
        return;
    }
    QString text = QString::fromStdString(formatUtcMs(m_cursorMs));
    if (m_toMs > m_fromMs)
        text += QString("  (%1 of %2)")
                    .arg(QString::fromStdString(formatDurationMs(m_cursorMs - m_fromMs)),
                         QString::fromStdString(formatDurationMs(m_toMs - m_fromMs)));
    m_label->setText(text);
}

void TimeCursorBar::setBookmarksMenu(QMenu* menu)
{
    m_bookmarks->setMenu(menu);
    m_bookmarks->setEnabled(menu != nullptr);
}

} // namespace driftscope::widgets
