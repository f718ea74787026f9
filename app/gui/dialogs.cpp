#include "app/gui/dialogs.h"

#include "model/mm2/release_notes.h"
#include "model/util/text_format.h"

#include <QAction>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace driftscope::gui {
namespace {

QString topicName(InternalTopic t)
{
    return QString::fromUtf8(internalTopicName(t));
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

void tellLater(QWidget* parent, const QString& title, const QString& message)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

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

namespace {

// A text dialog that stays open beside the window (not modal) and deletes itself when closed.
QTextBrowser* openTextDialog(QWidget* parent, const QString& name, const QString& title, QSize size)
{
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(name);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* text = new QTextBrowser;
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(size);
    dialog->show(); // not open(): that would block the window the text follows
    return text;
}

} // namespace

QTextBrowser* openGuide(QWidget* parent)
{
    return openTextDialog(parent, "guide", "Guide: how MM2 translates offsets, on this session", {640, 600});
}

QString guideHtml(const std::vector<GuideStep>& steps)
{
    QString html =
        "<p><i>The numbers are those of the selected group partition at the time cursor; they follow "
        "the cursor, the selection and the release.</i></p>";
    for (const GuideStep& step : steps)
        html += "<h4>" + QString::fromStdString(step.title).toHtmlEscaped() + "</h4><p>" +
                QString::fromStdString(step.text).toHtmlEscaped() + "</p>";
    return html;
}

void showReleaseChanges(QWidget* parent)
{
    QString html =
        "<p>The rules driftscope applies, release by release, as <tt>driftscope-cli releases</tt> "
        "lists them, each against the release before it in its history (a patch release against the one "
        "before it in its line, the first of a line against the first of the line before); a "
        "release not listed changed none of them.</p>";
    for (const Release& r : knownReleases()) {
        const std::vector<ReleaseChange> changes = releaseChanges(r);
        if (changes.empty())
            continue;
        const QString previous = QString::fromStdString(toString(previousInHistory(r).value()));
        html += "<h4>" + QString::fromStdString(toString(r)) + " <small>(since " + previous +
                ")</small></h4><ul>";
        for (const ReleaseChange& c : changes)
            html += "<li><b>" + QString::fromStdString(c.aspect).toHtmlEscaped() +
                    "</b>: " + QString::fromStdString(c.now).toHtmlEscaped() + " <i>(" + previous + ": " +
                    QString::fromStdString(c.before).toHtmlEscaped() + ")</i></li>";
        html += "</ul>";
    }
    // It stays open beside the window while the release selector is tried.
    openTextDialog(parent, "releaseChanges", "What changed between MM2 releases", {760, 520})->setHtml(html);
}

std::optional<ReplayBudget> askReplayBudget(QWidget* parent, const ReplayBudget& current)
{
    QDialog dialog(parent);
    dialog.setWindowTitle("Replay budget");
    auto* records = new QCheckBox("at most");
    auto* recordsBox = new QSpinBox;
    recordsBox->setRange(0, 2'000'000'000);
    recordsBox->setGroupSeparatorShown(true);
    recordsBox->setSuffix(" offsets");
    auto* seconds = new QCheckBox("at most");
    auto* secondsBox = new QDoubleSpinBox;
    secondsBox->setRange(0, 86'400.0 * 365);
    secondsBox->setDecimals(1);
    secondsBox->setSuffix(" s at the group's pace");
    records->setChecked(current.maxRecords.has_value());
    recordsBox->setValue(
        static_cast<int>(std::min<int64_t>(current.maxRecords.value_or(1000), 2'000'000'000)));
    seconds->setChecked(current.maxMs.has_value());
    secondsBox->setValue(static_cast<double>(current.maxMs.value_or(60'000)) / 1000.0);
    recordsBox->setEnabled(records->isChecked());
    secondsBox->setEnabled(seconds->isChecked());
    QObject::connect(records, &QCheckBox::toggled, recordsBox, &QWidget::setEnabled);
    QObject::connect(seconds, &QCheckBox::toggled, secondsBox, &QWidget::setEnabled);
    const auto row = [](QWidget* check, QWidget* box) {
        auto* line = new QHBoxLayout;
        line->addWidget(check);
        line->addWidget(box, 1);
        return line;
    };
    auto* form = new QFormLayout;
    form->addRow("Replay per partition:", row(records, recordsBox));
    form->addRow("Replay time:", row(seconds, secondsBox));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel("A partition whose failover would replay more gets the verdict "
                                 "over-replay-budget\n(driftscope-cli report --max-replay-records, "
                                 "--max-replay-seconds)."));
    layout->addLayout(form);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    ReplayBudget budget;
    if (records->isChecked())
        budget.maxRecords = recordsBox->value();
    if (seconds->isChecked())
        budget.maxMs = static_cast<int64_t>(secondsBox->value() * 1000 + 0.5);
    return budget;
}

} // namespace driftscope::gui
