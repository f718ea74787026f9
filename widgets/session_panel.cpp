#include "widgets/session_panel.h"

#include "widgets/health_badge.h"
#include "widgets/qt_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace driftscope::widgets {
namespace {

constexpr int kTopicRole = Qt::UserRole;
constexpr int kPartitionRole = Qt::UserRole + 1;
constexpr int kGroupRole = Qt::UserRole + 2;

} // namespace

SessionPanel::SessionPanel(QWidget* parent)
    : QWidget(parent), m_flow(new QLabel), m_topics(new QTreeWidget), m_filter(new QLineEdit),
      m_groups(new QTreeWidget)
{
    m_flow->setWordWrap(true);
    m_flow->setTextFormat(Qt::RichText);
    m_topics->setHeaderLabels({"Mirrored topics"});
    m_topics->setRootIsDecorated(true);
    m_filter->setPlaceholderText("Filter groups (Ctrl+F)");
    m_filter->setClearButtonEnabled(true);
    m_groups->setHeaderLabels({"Consumer group", "Health"});
    m_groups->header()->setStretchLastSection(false);
    m_groups->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_groups->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);

    auto* groupsBox = new QWidget;
    auto* groupsLayout = new QVBoxLayout(groupsBox);
    groupsLayout->setContentsMargins(0, 0, 0, 0);
    groupsLayout->addWidget(m_filter);
    groupsLayout->addWidget(m_groups);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(groupsBox);
    split->addWidget(m_topics);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_flow);
    layout->addWidget(split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &SessionPanel::applyFilter);
    connect(m_groups, &QTreeWidget::itemClicked, this, &SessionPanel::onItemClicked);
    connect(m_groups, &QTreeWidget::itemExpanded, this, &SessionPanel::fillPartitions);
    connect(m_topics, &QTreeWidget::itemClicked, this, &SessionPanel::onItemClicked);
    connect(m_topics, &QTreeWidget::itemExpanded, this, &SessionPanel::fillTopic);
}

void SessionPanel::setContent(const PanelContent& content)
{
    m_flow->setText(content.flow);
    m_report = content.report;
    m_selectedGroup = content.selectedGroup;
    m_selectedPartition = content.selectedPartition;
    // Each group's worst verdict, in one pass over the rows (they come by group).
    std::map<std::string, std::pair<Health, size_t>> healthOfGroup;
    if (m_report)
        for (const PartitionReport& row : m_report->rows) {
            auto& [health, partitions] = healthOfGroup[row.group];
            health = std::max(health, healthOf(row.verdicts));
            ++partitions;
        }

    const QSignalBlocker blockGroups(m_groups);
    std::map<QString, bool> expanded;
    for (int i = 0; i < m_groups->topLevelItemCount(); ++i)
        expanded[m_groups->topLevelItem(i)->text(0)] = m_groups->topLevelItem(i)->isExpanded();
    m_groups->clear();
    for (const std::string& g : content.groups) {
        auto* item = new QTreeWidgetItem({q(g), QString()});
        item->setData(0, kGroupRole, q(g));
        const auto it = healthOfGroup.find(g);
        const bool known = it != healthOfGroup.end();
        const Health h = known ? it->second.first : Health::NotTranslatable;
        if (!known && !content.reportComplete) {
            item->setText(1, QString("…"));
            item->setToolTip(0, QString("being computed"));
        } else {
            item->setText(1, known ? badgeLabel(h, *m_report) : QString("no offsets"));
            item->setForeground(1, known ? badgeColor(h, *m_report) : healthColor(h));
            if (known && !m_report->staleBecause.empty())
                item->setToolTip(1, "Not current: " + q(m_report->staleBecause));
            item->setToolTip(0, known ? QString("%1 partitions").arg(it->second.second)
                                      : QString("no committed offsets or checkpoints yet"));
        }
        QFont bold = item->font(1);
        bold.setBold(true);
        item->setFont(1, bold);
        if (it != healthOfGroup.end())
            item->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
        m_groups->addTopLevelItem(item);
        if (expanded.count(q(g)) ? expanded[q(g)] : g == content.selectedGroup) {
            fillPartitions(item);
            item->setExpanded(true);
        }
        if (g == content.selectedGroup && !content.selectedPartition)
            item->setSelected(true);
    }
    applyFilter();

    const QSignalBlocker blockTopics(m_topics);
    if (content.upstreamPartitions != m_shownPartitions) {
        // Topics now, their partitions when expanded: thousands of items cost the GUI thread.
        m_topics->clear();
        m_partitionItems.clear();
        m_shownPartitions = content.upstreamPartitions;
        QTreeWidgetItem* topic = nullptr;
        for (const TopicPartition& tp : m_shownPartitions)
            if (!topic || topic->text(0) != q(tp.topic)) {
                topic = new QTreeWidgetItem({q(tp.topic)});
                topic->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
                m_topics->addTopLevelItem(topic);
            }
    }
    m_topics->clearSelection();
    if (content.selectedPartition) {
        for (int i = 0; i < m_topics->topLevelItemCount(); ++i)
            if (m_topics->topLevelItem(i)->text(0) == q(content.selectedPartition->topic))
                fillTopic(m_topics->topLevelItem(i));
        if (const auto it = m_partitionItems.find(*content.selectedPartition); it != m_partitionItems.end())
            it->second->setSelected(true);
    }
}

void SessionPanel::fillTopic(QTreeWidgetItem* topicItem)
{
    if (topicItem->childCount() > 0)
        return;
    const std::string topic = topicItem->text(0).toStdString();
    const auto begin = std::lower_bound(m_shownPartitions.begin(), m_shownPartitions.end(),
                                        TopicPartition{topic, INT32_MIN});
    for (auto it = begin; it != m_shownPartitions.end() && it->topic == topic; ++it) {
        auto* p = new QTreeWidgetItem({QString("partition %1").arg(it->partition)});
        p->setData(0, kTopicRole, q(it->topic));
        p->setData(0, kPartitionRole, it->partition);
        topicItem->addChild(p);
        m_partitionItems[*it] = p;
    }
}

void SessionPanel::fillPartitions(QTreeWidgetItem* groupItem)
{
    if (groupItem->childCount() > 0 || !m_report)
        return;
    const std::string g = groupItem->data(0, kGroupRole).toString().toStdString();
    const auto& rows = m_report->rows;
    const auto begin =
        std::lower_bound(rows.begin(), rows.end(), g,
                         [](const PartitionReport& r, const std::string& name) { return r.group < name; });
    for (auto it = begin; it != rows.end() && it->group == g; ++it) {
        const Health h = healthOf(it->verdicts);
        auto* child = new QTreeWidgetItem({q(toString(it->upstream)), badgeLabel(h, *m_report)});
        child->setData(0, kGroupRole, q(g));
        child->setData(0, kTopicRole, q(it->upstream.topic));
        child->setData(0, kPartitionRole, it->upstream.partition);
        child->setForeground(1, badgeColor(h, *m_report));
        child->setToolTip(1, badgeTip(it->verdicts, *m_report));
        groupItem->addChild(child);
        if (g == m_selectedGroup && m_selectedPartition == it->upstream)
            child->setSelected(true);
    }
}

void SessionPanel::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    for (int i = 0; i < m_groups->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_groups->topLevelItem(i);
        item->setHidden(!text.isEmpty() && !item->text(0).contains(text, Qt::CaseInsensitive));
    }
    if (text != m_appliedFilter) {
        m_appliedFilter = text;
        Q_EMIT filterChanged(text);
    }
}

void SessionPanel::focusFilter()
{
    m_filter->setFocus();
    m_filter->selectAll();
}

QString SessionPanel::badgeOf(const QString& group) const
{
    for (int i = 0; i < m_groups->topLevelItemCount(); ++i)
        if (m_groups->topLevelItem(i)->text(0) == group)
            return m_groups->topLevelItem(i)->text(1);
    return {};
}

void SessionPanel::onItemClicked(QTreeWidgetItem* item)
{
    const QString group = item->data(0, kGroupRole).toString();
    const QVariant partition = item->data(0, kPartitionRole);
    if (partition.isValid())
        Q_EMIT partitionChosen(group, item->data(0, kTopicRole).toString(), partition.toInt());
    else if (!group.isEmpty())
        Q_EMIT groupChosen(group);
}

} // namespace driftscope::widgets
