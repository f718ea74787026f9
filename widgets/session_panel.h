// The side panel: the flow being shown, its mirrored topics and partitions, and the consumer
// groups with health badges at the time cursor, filtered by a search box. Choosing a group or a
// partition selects it for the plots.
#pragma once

#include "model/core/health_report.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace driftscope::widgets {

struct PanelContent {
    QString flow;                                   // "A -> B · MM2 3.9.0 rules · ..."
    std::vector<TopicPartition> upstreamPartitions; // mirrored, sorted
    std::vector<std::string> groups;                // sorted
    const Report* report = nullptr;                 // at the cursor: badges
    std::string selectedGroup;
    std::optional<TopicPartition> selectedPartition;
};

class SessionPanel : public QWidget {
    Q_OBJECT

public:
    explicit SessionPanel(QWidget* parent = nullptr);

    void setContent(const PanelContent& content);
    void focusFilter();
    QString badgeOf(const QString& group) const; // the group's badge text, for tests

Q_SIGNALS:
    void groupChosen(const QString& group);
    void partitionChosen(const QString& group, const QString& topic, int partition);

private:
    void applyFilter();
    void onItemClicked(QTreeWidgetItem* item);

    QLabel* m_flow;
    QTreeWidget* m_topics;
    QLineEdit* m_filter;
    QTreeWidget* m_groups;
};

} // namespace driftscope::widgets
