// A panel that rebuilds MM2's sync store from offset-sync records as a chosen release would, and
// shows one partition: its retained syncs (plot) and the translation of an offset, in words.
#pragma once

#include "model/core/store_replay.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace driftscope::widgets {

class SyncSlotsPlot;

class StoreExplorer : public QWidget {
    Q_OBJECT

public:
    explicit StoreExplorer(QWidget* parent = nullptr);

    // Offset syncs in topic order (all arrive live: the store is started before the first one).
    void setSyncs(std::vector<OffsetSync> syncs);
    void selectRelease(const Release& release);
    void selectPartition(const TopicPartition& tp);
    void setCommittedOffset(int64_t offset);

    const SyncSlotsPlot* plot() const { return m_plot; }
    QString explanation() const;

private:
    void rebuildStore();
    void showPartition();
    void showTranslation();
    std::optional<TopicPartition> currentPartition() const;

    std::vector<OffsetSync> m_syncs;
    std::vector<TopicPartition> m_partitions; // in first-seen order, as listed
    std::optional<SyncStore> m_store;

    QComboBox* m_release;
    QListWidget* m_partitionList;
    SyncSlotsPlot* m_plot;
    QLineEdit* m_committed;
    QLabel* m_explanation;
    QLabel* m_summary;
};

} // namespace driftscope::widgets
