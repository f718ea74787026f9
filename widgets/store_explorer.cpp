#include "widgets/store_explorer.h"

#include "model/core/formatter_text.h"
#include "model/core/translation_text.h"
#include "widgets/sync_slots_plot.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace driftscope::widgets {

StoreExplorer::StoreExplorer(QWidget* parent)
    : QWidget(parent), m_release(new QComboBox), m_partitionList(new QListWidget), m_plot(new SyncSlotsPlot),
      m_committed(new QLineEdit), m_explanation(new QLabel), m_summary(new QLabel)
{
    for (const Release& r : knownReleases())
        m_release->addItem(QString::fromStdString(toString(r)));
    m_release->setCurrentText(QString::fromStdString(toString(kDefaultRelease)));
    m_release->setToolTip("Rebuild the store with the rules of this MM2 release");
    m_committed->setPlaceholderText("a committed upstream offset, e.g. 12345");
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    auto* releaseForm = new QFormLayout;
    releaseForm->addRow("MM2 release", m_release);
    sideLayout->addLayout(releaseForm);
    sideLayout->addWidget(new QLabel("Partitions"));
    sideLayout->addWidget(m_partitionList);

    auto* main = new QWidget;
    auto* mainLayout = new QVBoxLayout(main);
    m_summary->setTextFormat(Qt::RichText);
    mainLayout->addWidget(m_summary);
    mainLayout->addWidget(m_plot, 1);
    auto* translateRow = new QFormLayout;
    translateRow->addRow("Committed offset", m_committed);
    translateRow->addRow("MM2 translates", m_explanation);
    mainLayout->addLayout(translateRow);

    auto* splitter = new QSplitter;
    splitter->addWidget(side);
    splitter->addWidget(main);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 1000});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_release, &QComboBox::currentTextChanged, this, [this] { rebuildStore(); });
    connect(m_partitionList, &QListWidget::currentRowChanged, this, [this] { showPartition(); });
    connect(m_committed, &QLineEdit::textChanged, this, [this] { showTranslation(); });
}

void StoreExplorer::setSyncs(std::vector<OffsetSync> syncs)
{
    m_syncs = std::move(syncs);
    m_partitions.clear();
    for (const OffsetSync& s : m_syncs)
        if (std::find(m_partitions.begin(), m_partitions.end(), s.tp) == m_partitions.end())
            m_partitions.push_back(s.tp);
    std::sort(m_partitions.begin(), m_partitions.end());
    const QSignalBlocker block(m_partitionList);
    m_partitionList->clear();
    for (const TopicPartition& tp : m_partitions)
        m_partitionList->addItem(QString::fromStdString(toString(tp)));
    m_partitionList->setCurrentRow(m_partitions.empty() ? -1 : 0);
    rebuildStore();
}

void StoreExplorer::selectRelease(const Release& release)
{
    m_release->setCurrentText(QString::fromStdString(toString(release)));
}

void StoreExplorer::selectPartition(const TopicPartition& tp)
{
    const auto it = std::find(m_partitions.begin(), m_partitions.end(), tp);
    if (it != m_partitions.end())
        m_partitionList->setCurrentRow(static_cast<int>(it - m_partitions.begin()));
}

void StoreExplorer::setCommittedOffset(int64_t offset)
{
    m_committed->setText(QString::number(offset));
}

QString StoreExplorer::explanation() const
{
    return m_explanation->text();
}

std::optional<TopicPartition> StoreExplorer::currentPartition() const
{
    const int row = m_partitionList->currentRow();
    if (row < 0 || row >= static_cast<int>(m_partitions.size()))
        return std::nullopt;
    return m_partitions[static_cast<size_t>(row)];
}

void StoreExplorer::rebuildStore()
{
    const auto release = parseRelease(m_release->currentText().toStdString());
    StoreReplayOptions options;
    options.release = release ? *release : kDefaultRelease;
    m_store.emplace(replaySyncs(m_syncs, options));
    showPartition();
}

void StoreExplorer::showPartition()
{
    const auto tp = currentPartition();
    const std::vector<RetainedSync> retained =
        tp && m_store ? m_store->retained(*tp) : std::vector<RetainedSync>{};
    m_plot->setRetained(retained);
    if (retained.empty()) {
        m_summary->setText("<b>Retained sync points</b>: no partition selected");
    } else {
        const size_t read = static_cast<size_t>(
            std::count_if(m_syncs.begin(), m_syncs.end(), [&](const OffsetSync& s) { return s.tp == *tp; }));
        auto pair = [](const StoredSync& s) {
            return QString::fromStdString(withThousands(s.upstream) + " &rarr; " +
                                          withThousands(s.downstream));
        };
        m_summary->setText(
            QString("<b>Retained sync points of %1</b> (MM2 %2): %3 of %4 syncs read are kept in "
                    "64 slots; newest %5, oldest %6")
                .arg(QString::fromStdString(toString(*tp)), m_release->currentText())
                .arg(retained.size())
                .arg(read)
                .arg(pair(retained.front().sync), pair(retained.back().sync)));
    }
    showTranslation();
}

void StoreExplorer::showTranslation()
{
    const auto tp = currentPartition();
    const auto committed = parseJavaLong(m_committed->text().trimmed().toStdString());
    if (!tp || !m_store || m_committed->text().trimmed().isEmpty()) {
        m_explanation->setText("Enter a committed offset to see what MM2 translates it to.");
        return;
    }
    if (!committed) {
        m_explanation->setText(QString::fromStdString("not an offset: " + committed.error()));
        return;
    }
    const Translation t = m_store->translate(*tp, *committed);
    m_explanation->setText(
        QString::fromStdString(explainTranslation(*tp, *committed, t, m_store->profile().translation)));
}

} // namespace driftscope::widgets
