#include "widgets/store_stepper.h"

#include "model/analysis/translation_text.h"
#include "model/util/text_format.h"
#include "widgets/qt_text.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace driftscope::widgets {
namespace {

// A cell's text margins and focus frame, both sides.
constexpr int kCellMarginPx = 12;

QString slotText(const std::optional<SlotSync>& s)
{
    if (!s)
        return "—";
    return q(withThousands(s->upstream) + " -> " + withThousands(s->downstream) + "  #" +
             std::to_string(s->ordinal));
}

QString translationText(const std::optional<Translation>& t)
{
    if (!t)
        return "—";
    if (t->downstream)
        return q(withThousands(*t->downstream) + " (" + std::string(statusName(t->status)) + ")");
    return q(std::string(statusName(t->status)));
}

} // namespace

StoreStepper::StoreStepper(QWidget* parent)
    : QWidget(parent), m_heading(new QLabel), m_notice(new QLabel), m_slotTable(new QTableWidget(0, 3)),
      m_details(new QTextBrowser)
{
    m_notice->setObjectName("stepNotice");
    m_notice->hide();
    m_heading->setTextFormat(Qt::RichText);
    m_heading->setWordWrap(true);
    m_slotTable->setHorizontalHeaderLabels({"Slot", "Before the sync", "After the sync"});
    m_slotTable->verticalHeader()->setVisible(false);
    m_slotTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_slotTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_slotTable->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QHBoxLayout;
    const std::pair<const char*, Target> kButtons[] = {{"◀ Sync", Target::PreviousSync},
                                                       {"Sync ▶", Target::NextSync},
                                                       {"◀ Store update", Target::PreviousUpdate},
                                                       {"Store update ▶", Target::NextUpdate},
                                                       {"Checkpoint ▶", Target::NextCheckpoint}};
    for (const auto& [text, target] : kButtons) {
        auto* button = new QPushButton(text);
        button->setToolTip("Moves the time cursor (see the Step menu for the keys)");
        connect(button, &QPushButton::clicked, this, [this, t = target] { go(t); });
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    auto* split = new QHBoxLayout;
    split->addWidget(m_slotTable, 2);
    split->addWidget(m_details, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_heading);
    layout->addWidget(m_notice);
    layout->addLayout(split, 1);
}

std::optional<int64_t> StoreStepper::targetOf(Target target) const
{
    if (!m_view)
        return std::nullopt;
    const StepPlaces& p = m_view->places;
    // "Previous" goes back from the sync shown, which is at or before the cursor.
    const int64_t from = m_view->step ? std::min(m_view->step->atMs, m_cursorMs) : m_cursorMs;
    switch (target) {
    case Target::PreviousSync:
        return lastBefore(p.syncs, from);
    case Target::NextSync:
        return nextAfter(p.syncs, m_cursorMs);
    case Target::PreviousUpdate:
        return lastBefore(p.updates, from);
    case Target::NextUpdate:
        return nextAfter(p.updates, m_cursorMs);
    case Target::NextCheckpoint:
        return nextAfter(p.checkpoints, m_cursorMs);
    }
    return std::nullopt;
}

void StoreStepper::go(Target target)
{
    // Sync by sync goes by ordinal, so that syncs of one millisecond are each shown.
    const bool bySync = target == Target::PreviousSync || target == Target::NextSync;
    if (bySync && m_view && m_view->step) {
        const size_t k = m_view->step->ordinal;
        const std::vector<int64_t>& order = m_view->places.syncOrder;
        if (target == Target::PreviousSync ? k == 0 : k + 1 >= order.size()) {
            sayNowhere(target);
            return;
        }
        const size_t to = target == Target::PreviousSync ? k - 1 : k + 1;
        m_ordinal = {to, order[to]};
        Q_EMIT momentChosen(order[to]);
        return;
    }
    m_ordinal.reset();
    if (const std::optional<int64_t> at = targetOf(target))
        Q_EMIT momentChosen(*at);
    else
        sayNowhere(target);
}

void StoreStepper::sayNowhere(Target target)
{
    static const char* const kWhat[] = {"no earlier offset sync", "no later offset sync",
                                        "no earlier store update", "no later store update",
                                        "no later checkpoint of the group"};
    m_notice->setText(
        QString("Nowhere to go: %1 for this partition in the session.").arg(kWhat[static_cast<int>(target)]));
    m_notice->show();
}

QString StoreStepper::notice() const
{
    return m_notice->isHidden() ? QString() : m_notice->text();
}

void StoreStepper::display(std::shared_ptr<const StepView> view, int64_t cursorMs, const QString& heading)
{
    if (view.get() != m_view.get() || cursorMs != m_cursorMs)
        m_notice->hide();
    m_view = std::move(view);
    m_cursorMs = cursorMs;
    if (!m_view || !m_view->step) {
        m_heading->setText(heading + "<br>No offset sync of this partition was applied by the time cursor.");
        m_slotTable->setRowCount(0);
        m_details->clear();
        return;
    }
    const StoreStep& step = *m_view->step;
    m_heading->setText(heading +
                       QString("<br>Sync <b>#%1</b> (numbered from #0, %2 in all): <b>%3 -> "
                               "%4</b>, applied at %5; %6 slot(s) changed.")
                           .arg(step.ordinal)
                           .arg(m_view->places.syncs.size())
                           .arg(q(withThousands(step.upstream)), q(withThousands(step.downstream)),
                                m_timesUnknown ? QString("an unknown time") : q(formatUtcMs(step.atMs)))
                           .arg(step.changedSlots.size()));
    showSlots(step);
    QString html;
    if (step.committed)
        html += QString("<p><b>Committed %1</b> translates to %2 before this sync and to %3 after it.</p>")
                    .arg(q(withThousands(*step.committed)), translationText(step.translatedBefore),
                         translationText(step.translatedAfter));
    if (step.expired.empty())
        html += "<p>No sync left the store at this step.</p>";
    for (const std::string& line : step.expired)
        html += "<p>" + qHtml(line) + "</p>";
    m_details->setHtml(html);
}

void StoreStepper::showSlots(const StoreStep& step)
{
    m_slotTable->setRowCount(static_cast<int>(step.after.size()));
    QFont bold = m_slotTable->font();
    bold.setBold(true);
    const QBrush changed = palette().brush(QPalette::Highlight);
    const QBrush changedText = palette().brush(QPalette::HighlightedText);
    int widest[3] = {m_slotTable->horizontalHeader()->sectionSizeHint(0),
                     m_slotTable->horizontalHeader()->sectionSizeHint(1),
                     m_slotTable->horizontalHeader()->sectionSizeHint(2)};
    for (size_t s = 0; s < step.after.size(); ++s) {
        const bool isChanged = std::find(step.changedSlots.begin(), step.changedSlots.end(),
                                         static_cast<int>(s)) != step.changedSlots.end();
        const QString cells[] = {QString::number(s), slotText(step.before[s]), slotText(step.after[s])};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            widest[c] = std::max(widest[c], QFontMetrics(bold).horizontalAdvance(cells[c]) + kCellMarginPx);
            if (isChanged) {
                item->setFont(bold);
                item->setBackground(changed);
                item->setForeground(changedText);
            }
            m_slotTable->setItem(static_cast<int>(s), c, item);
        }
    }
    // Wide enough for every slot's offsets: the details give way, never a number.
    m_slotTable->setMinimumWidth(widest[0] + widest[1] + widest[2] +
                                 m_slotTable->verticalScrollBar()->sizeHint().width() +
                                 2 * m_slotTable->frameWidth());
}

QString StoreStepper::details() const
{
    return m_heading->text() + "\n" + m_details->toPlainText();
}

} // namespace driftscope::widgets
