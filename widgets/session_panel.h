// The side panel: the flow being shown, its mirrored topics and partitions, and the consumer
// groups with health badges at the time cursor, filtered by a search box. Choosing a group or a
// partition selects it for the plots.
#pragma once

#include "model/analysis/health_report.h"

#include <QWidget>

#include <map>
#include <memory>

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
    std::shared_ptr<const Report> report;           // at the cursor: badges (rows by group)
    bool reportComplete = true;                     // false: only the selected group's rows yet
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
    // The filter's text changed (trimmed): other views of the groups follow it.
    void filterChanged(const QString& text);
    void partitionChosen(const QString& group, const QString& topic, int partition);

private:
    void applyFilter();
    void onItemClicked(QTreeWidgetItem* item);
    // A group's partitions are listed when it is expanded (a report may hold 200 groups of
    // 2,000 partitions: building all of them every second would stall the window).
    void fillPartitions(QTreeWidgetItem* groupItem);
    void fillTopic(QTreeWidgetItem* topicItem);

    QLabel* m_flow;
    QTreeWidget* m_topics;
    QLineEdit* m_filter;
    QString m_appliedFilter;
    QTreeWidget* m_groups;
    std::shared_ptr<const Report> m_report;
    std::string m_selectedGroup;
    std::optional<TopicPartition> m_selectedPartition;
    // The topics tree as last built: rebuilt only when the mirrored partitions change (a live
    // session of thousands of partitions would otherwise rebuild it with every result).
    std::vector<TopicPartition> m_shownPartitions;
    std::map<TopicPartition, QTreeWidgetItem*> m_partitionItems;
};

} // namespace driftscope::widgets
