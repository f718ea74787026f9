// The time cursor: the moment every view shows. Live sessions follow now unless the user moves
// it; captures and simulations are scrubbed with the slider or played at a chosen speed.
#pragma once

#include <QWidget>

#include <cstdint>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;
class QTimer;
class QToolButton;

namespace driftscope::widgets {

class TimeCursorBar : public QWidget {
    Q_OBJECT

public:
    explicit TimeCursorBar(QWidget* parent = nullptr);

    void setSpan(int64_t fromMs, int64_t toMs);
    void setCursor(int64_t atMs); // shows it; emits nothing
    // The session's records carry no times: the label says so instead of a 1970 moment.
    void setTimesUnknown(bool unknown);
    QString labelText() const;
    // Live sessions can follow now; others cannot.
    void setLiveAvailable(bool available);
    bool following() const;
    // Moves the cursor as the user would (emits cursorMoved unless it is already there).
    void moveTo(int64_t atMs);
    // The playback speed a session of this span starts with: real time up to ten minutes, 60x up
    // to six hours (an hour in a minute), 600x beyond.
    void chooseSpeedFor(int64_t spanMs);
    int speed() const; // the factor chosen
    // A button at the bar's end that opens `menu` (the window's Bookmarks menu).
    void setBookmarksMenu(QMenu* menu);

public Q_SLOTS:
    void togglePlay();
    void stepForward();
    void stepBack();

Q_SIGNALS:
    // none: follow the end of the session (now, when live).
    void cursorMoved(std::optional<int64_t> atMs);

private:
    void sliderMoved(int value);
    void playTick();
    void showLabel();
    int64_t span() const { return m_toMs > m_fromMs ? m_toMs - m_fromMs : 1; }

    QToolButton* m_play;
    QSlider* m_slider;
    QLabel* m_label;
    bool m_timesUnknown = false;
    QComboBox* m_speed;
    QCheckBox* m_follow;
    QToolButton* m_bookmarks;
    QTimer* m_timer;
    int64_t m_fromMs = 0, m_toMs = 0, m_cursorMs = 0;
};

} // namespace driftscope::widgets
