// The store stepper (the Store steps tab): the selected partition's store at the last offset
// sync before the time cursor, slot by slot before and after that sync, the slots that changed
// highlighted, each sync it forced out with the rule in words, and what the group's committed
// offset translated to before and after. Buttons (and the Step menu's keys) move the time cursor
// to the previous or next sync of the partition, store update (a sync that forced another out)
// or checkpoint of the group, so every view follows.
#pragma once

#include "model/analysis/store_step.h"

#include <QWidget>

#include <memory>
#include <utility>

class QLabel;
class QTableWidget;
class QTextBrowser;

namespace driftscope::widgets {

class StoreStepper : public QWidget {
    Q_OBJECT

public:
    explicit StoreStepper(QWidget* parent = nullptr);

    // `view` at `cursorMs`, for the group partition named in `heading`.
    void display(std::shared_ptr<const StepView> view, int64_t cursorMs, const QString& heading);
    const StepView* view() const { return m_view.get(); }
    QTableWidget* slotTable() const { return m_slotTable; }
    QString details() const;

    // Where each button goes from the cursor (none: nowhere): the step's sync, not the cursor,
    // is where "previous" starts from.
    enum class Target { PreviousSync, NextSync, PreviousUpdate, NextUpdate, NextCheckpoint };
    std::optional<int64_t> targetOf(Target target) const;
    // Emits momentChosen when there is somewhere to go, else says why not (notice()).
    void go(Target target);
    QString notice() const;
    // The session's records carry no times: the step says so instead of a 1970 moment.
    void setTimesUnknown(bool unknown) { m_timesUnknown = unknown; }
    // The sync the last step to the previous or next sync named, for a view at `cursorMs` when that
    // is the moment it went to (syncs of one millisecond share a moment of the time cursor).
    std::optional<size_t> ordinalAt(int64_t cursorMs) const
    {
        return m_ordinal && m_ordinal->second == cursorMs ? std::optional<size_t>(m_ordinal->first)
                                                          : std::nullopt;
    }

Q_SIGNALS:
    void momentChosen(int64_t atMs);

private:
    void showSlots(const StoreStep& step);
    void sayNowhere(Target target);

    QLabel* m_heading;
    QLabel* m_notice; // why a step went nowhere; cleared by the next view
    bool m_timesUnknown = false;
    QTableWidget* m_slotTable;
    QTextBrowser* m_details;
    std::shared_ptr<const StepView> m_view;
    int64_t m_cursorMs = 0;
    std::optional<std::pair<size_t, int64_t>> m_ordinal; // the sync named and the moment it is at
};

} // namespace driftscope::widgets
