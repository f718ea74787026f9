#include "app/gui/dialogs.h"

#include "model/util/text_format.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace driftscope::gui {
namespace {

QString topicName(InternalTopic t)
{
    switch (t) {
    case InternalTopic::OffsetSyncs:
        return "offset-syncs";
    case InternalTopic::Checkpoints:
        return "checkpoints";
    case InternalTopic::Heartbeats:
        return "heartbeats";
    }
    return {};
}

void showTable(QWidget* parent, const QString& title, const QString& intro, const QStringList& headers,
               const std::vector<QStringList>& rows)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* table = new QTableWidget(static_cast<int>(rows.size()), static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->setVisible(false);
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
        for (int c = 0; c < headers.size(); ++c)
            table->setItem(r, c, new QTableWidgetItem(rows[static_cast<size_t>(r)].value(c)));
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    auto* label = new QLabel(intro);
    label->setWordWrap(true);
    layout->addWidget(label);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog.resize(760, 420);
    dialog.exec();
}

} // namespace

void showUndecodableRecords(QWidget* parent, const std::vector<UndecodableRecord>& records)
{
    std::vector<QStringList> rows;
    for (const UndecodableRecord& r : records)
        rows.push_back(
            {topicName(r.topic), QString::number(r.partition), QString::number(r.stamp.topicOffset),
             QString::fromStdString(formatUtcMs(r.stamp.timestampMs)), QString::fromStdString(r.reason)});
    showTable(
        parent, "Undecodable records",
        QString("%1 records of MM2's internal topics did not decode. They were skipped by the model and "
                "are kept byte for byte in captures.")
            .arg(records.size()),
        {"Topic", "Partition", "Offset", "Timestamp", "Why"}, rows);
}

void showShortcuts(QWidget* parent, const QList<QAction*>& actions)
{
    std::vector<QStringList> rows;
    for (const QAction* a : actions)
        if (!a->shortcut().isEmpty())
            rows.push_back(
                {a->shortcut().toString(QKeySequence::NativeText), QString(a->text()).remove('&')});
    for (const auto& [keys, what] : {std::pair{"Mouse wheel / drag", "Zoom / pan a plot"},
                                     {"+ / -", "Zoom the focused plot in / out"},
                                     {"Arrow keys", "Pan the focused plot"},
                                     {"Home or 0", "Fit the focused plot to its data"}})
        rows.push_back({keys, what});
    showTable(parent, "Keyboard shortcuts", "Plots take the keys once clicked.", {"Keys", "Action"}, rows);
}

} // namespace driftscope::gui
