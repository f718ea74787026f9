#include "app/gui/status_strip.h"

#include "model/analysis/translation_text.h"
#include "model/demo/demo_cluster.h"
#include "widgets/health_colors.h"
#include "widgets/qt_text.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTextDocumentFragment>
#include <QToolButton>

namespace driftscope::gui {
namespace {

using widgets::q;

QString thousands(size_t n)
{
    return widgets::thousands(static_cast<int64_t>(n));
}

// In the health colours of the theme: well, or in trouble.
QString coloured(bool ok, const QString& text)
{
    using widgets::Health;
    return QString("<span style='color:%1'>%2</span>")
        .arg(widgets::healthColor(ok ? Health::Ok : Health::SkipPossible).name(), text.toHtmlEscaped());
}

} // namespace

StatusStrip::StatusStrip(QStatusBar* bar) : QObject(bar)
{
    m_connection = new QLabel;
    m_demoStatus = new QLabel;
    m_demoStatus->setVisible(false);
    // Long notices are clipped rather than widening the window; the tooltip holds them whole.
    const auto notice = [] {
        auto* label = new QLabel;
        label->setVisible(false);
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        label->setMinimumWidth(120);
        return label;
    };
    m_syncsProblem = notice();
    m_releaseNote = notice();
    m_recordsNote = notice();
    m_records = new QLabel;
    m_undecodable = new QToolButton;
    m_undecodable->setAutoRaise(true);
    m_undecodable->setToolTip("Records of MM2's topics that did not decode (click for the list)");
    m_computing = new QLabel;
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(180);
    m_progress->setVisible(false);
    m_stop = new QPushButton("Stop");
    m_stop->setToolTip("Stop reading: what was read so far stays");
    m_stop->setVisible(false);
    // Permanent: a temporary message ("Opened ...") must not hide them.
    bar->addPermanentWidget(m_syncsProblem, 1);
    bar->addPermanentWidget(m_releaseNote, 1);
    bar->addPermanentWidget(m_recordsNote, 1);
    for (QWidget* w : {static_cast<QWidget*>(m_connection), static_cast<QWidget*>(m_demoStatus),
                       static_cast<QWidget*>(m_records), static_cast<QWidget*>(m_undecodable),
                       static_cast<QWidget*>(m_computing), static_cast<QWidget*>(m_progress),
                       static_cast<QWidget*>(m_stop)})
        bar->addPermanentWidget(w);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        m_stop->setVisible(false);
        m_progress->setVisible(false);
        Q_EMIT stopRequested();
    });
    connect(m_undecodable, &QToolButton::clicked, this, &StatusStrip::undecodableRequested);
}

void StatusStrip::sourceStarted(bool live)
{
    m_stop->setVisible(live);
    m_connection->setText(live ? "connecting…" : QString());
}

void StatusStrip::setLoading(bool loading, bool live)
{
    m_progress->setVisible(loading);
    m_progress->setRange(0, 0);
    m_stop->setVisible(loading || live);
}

void StatusStrip::showLiveStatus(const kafka::LiveStatus& status, const SessionInfo* info,
                                 const kafka::DemoClusters* demo, bool running,
                                 const std::optional<std::string>& syncsProblem)
{
    m_syncsProblem->setVisible(syncsProblem.has_value());
    m_syncsProblem->setText(syncsProblem ? coloured(false, q(*syncsProblem)) : QString());
    m_syncsProblem->setToolTip(syncsProblem ? q(*syncsProblem) : QString());
    const auto state = [](const std::string& alias, const kafka::ClusterStatus& c) {
        return coloured(c.state == ClusterState::Connected,
                        q(alias) + ": " + q(std::string(clusterStateName(c.state))));
    };
    m_connection->setText(state(info ? info->sourceAlias : "source", status.source) + " · " +
                          state(info ? info->targetAlias : "target", status.target));
    QStringList details;
    for (const kafka::ClusterStatus* c : {&status.source, &status.target})
        if (!c->detail.empty())
            details << q(c->detail);
    m_connection->setToolTip(details.join('\n'));
    m_demoStatus->setVisible(demo != nullptr);
    if (demo) {
        const kafka::DemoStats stats = demo->stats();
        m_demoStatus->setText(coloured(stats.keepingUp(), q(kafka::demoStatusText(stats))));
    }
    const kafka::TopicProgress& syncs = status.offsetSyncs;
    const bool reading = running && !status.historyRead();
    m_progress->setVisible(reading);
    if (reading) {
        m_progress->setRange(
            0, static_cast<int>(std::min<int64_t>(std::max<int64_t>(syncs.endAtStart, 1), INT32_MAX)));
        m_progress->setValue(static_cast<int>(std::min<int64_t>(syncs.read, INT32_MAX)));
        m_progress->setFormat("history %p%");
        m_progress->setToolTip(QString("Reading the offset-syncs topic's history: %1 of %2 records")
                                   .arg(syncs.read)
                                   .arg(syncs.endAtStart));
    }
    m_stop->setVisible(running);
}

void StatusStrip::setReleaseNote(const QString& warning)
{
    m_releaseNote->setVisible(!warning.isEmpty());
    m_releaseNote->setText(warning.isEmpty() ? QString() : coloured(false, "note: " + warning));
    m_releaseNote->setToolTip(warning);
}

void StatusStrip::setRecordsNote(const QString& note)
{
    m_recordsNote->setVisible(!note.isEmpty());
    m_recordsNote->setText(note.isEmpty() ? QString() : coloured(false, note.toHtmlEscaped()));
    m_recordsNote->setToolTip(note);
}

void StatusStrip::showSession(const SessionSummary& s)
{
    m_records->setText(QString("%1 offset syncs · %2 checkpoints · %3 heartbeats")
                           .arg(thousands(s.syncs), thousands(s.checkpoints), thousands(s.heartbeats)));
    m_undecodable->setText(QString("%1 undecodable").arg(thousands(s.undecodable.size())));
    m_undecodable->setStyleSheet(s.undecodable.empty()
                                     ? QString()
                                     : "color: " + widgets::errorColor(widgets::paletteShade()).name() +
                                           "; font-weight: bold");
}

void StatusStrip::setComputing(const QString& what)
{
    m_computing->setText(what);
}

QString StatusStrip::text() const
{
    const QWidget* window = m_connection->window();
    const auto shown = [window](const QLabel* label) {
        return label->isVisibleTo(window)
                   ? " | " + QTextDocumentFragment::fromHtml(label->text()).toPlainText()
                   : QString();
    };
    return QTextDocumentFragment::fromHtml(m_connection->text()).toPlainText() + shown(m_demoStatus) + " | " +
           m_records->text() + " | " + m_undecodable->text() + shown(m_syncsProblem) + shown(m_releaseNote) +
           shown(m_recordsNote);
}

} // namespace driftscope::gui
