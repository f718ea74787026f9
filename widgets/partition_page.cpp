#include "widgets/partition_page.h"

#include "widgets/plots/checkpoint_age_plot.h"
#include "widgets/plots/offset_map_plot.h"
#include "widgets/plots/offset_time_plot.h"
#include "widgets/plots/replay_window_plot.h"
#include "widgets/plots/retained_syncs_plot.h"
#include "widgets/plots/verdict_strip_plot.h"

#include <QGridLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace driftscope::widgets {

PartitionPage::PartitionPage(QWidget* parent)
    : QWidget(parent), m_heading(new QLabel), m_map(new OffsetMapPlot), m_time(new OffsetTimePlot),
      m_retained(new RetainedSyncsPlot), m_ages(new CheckpointAgePlot), m_replay(new ReplayWindowPlot),
      m_verdicts(new VerdictStripPlot), m_details(new QTextBrowser)
{
    m_heading->setTextFormat(Qt::RichText);
    m_details->setOpenLinks(false);
    m_details->setFixedHeight(76);
    auto* grid = new QGridLayout;
    grid->setSpacing(4);
    grid->addWidget(m_map, 0, 0);
    grid->addWidget(m_time, 0, 1);
    grid->addWidget(m_retained, 1, 0);
    grid->addWidget(m_ages, 1, 1);
    grid->addWidget(m_replay, 2, 0);
    grid->addWidget(m_verdicts, 2, 1);
    grid->addWidget(m_details, 3, 0, 1, 2);
    for (int column = 0; column < 2; ++column)
        grid->setColumnStretch(column, 1);
    for (int row = 0; row < 3; ++row)
        grid->setRowStretch(row, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_heading);
    layout->addLayout(grid, 1);
    for (ExplorerPlot* plot : plots()) {
        connect(plot, &ExplorerPlot::hovered, this, &PartitionPage::showDetails);
        // The time axes move together, so the user's view of one is every plot's.
        connect(plot, &ExplorerPlot::userMovedView, this, [this, plot] {
            if (plot->timeAxes().empty()) // the offset map's view is its own
                return;
            for (ExplorerPlot* other : plots())
                if (!other->timeAxes().empty())
                    other->keepUserView();
        });
        connect(plot, &ExplorerPlot::userFittedView, this, [this] {
            for (ExplorerPlot* other : plots())
                other->forgetUserView();
        });
    }
    linkTimeAxes();
}

std::vector<ExplorerPlot*> PartitionPage::plots() const
{
    return {m_map, m_time, m_retained, m_ages, m_replay, m_verdicts};
}

void PartitionPage::linkTimeAxes()
{
    std::vector<QCPAxis*> axes;
    for (ExplorerPlot* plot : plots())
        for (QCPAxis* axis : plot->timeAxes())
            axes.push_back(axis);
    for (QCPAxis* axis : axes)
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                [this, axes, axis](const QCPRange& r) {
                    if (m_linking)
                        return;
                    m_linking = true;
                    for (QCPAxis* other : axes)
                        if (other != axis) {
                            other->setRange(r);
                            if (auto* plot = qobject_cast<ExplorerPlot*>(other->parentPlot()))
                                plot->replotInTurn();
                            else
                                other->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
                        }
                    m_linking = false;
                });
}

void PartitionPage::display(const PartitionData& input, const QString& heading)
{
    m_heading->setText(heading);
    const QString selection = input.series
                                  ? QString::fromStdString(input.series->selection.group + " " +
                                                           (input.series->selection.partition
                                                                ? toString(*input.series->selection.partition)
                                                                : std::string("-")) +
                                                           " " + toString(input.release))
                                  : QString();
    if (selection != m_shownSelection) {
        m_shownSelection = selection;
        for (ExplorerPlot* plot : plots())
            plot->forgetUserView();
    }
    for (ExplorerPlot* plot : plots())
        plot->setTimesUnknown(input.timesUnknown);
    m_map->display(input);
    m_time->display(input);
    m_retained->display(input);
    m_ages->display(input);
    m_replay->display(input);
    m_verdicts->display(input);
    static const std::vector<TimelineMark> none;
    for (ExplorerPlot* plot : plots())
        plot->setMarks(input.marks ? *input.marks : none);
    m_cursorText = input.cursor ? QString::fromStdString(input.cursor->explanation) : QString();
    // A simulation knows what the records alone may not: say it beside the report's words.
    if (input.cursor && input.truth)
        if (const std::string truth = sim::truthText(*input.truth, input.cursor->atMs); !truth.empty())
            m_cursorText += QString::fromStdString("; " + truth);
    showDetails({});
}

void PartitionPage::applyTheme(const PlotTheme& theme)
{
    for (ExplorerPlot* plot : plots()) {
        plot->applyTheme(theme);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void PartitionPage::showDetails(const QString& hovered)
{
    QString html = "<p><b>At the time cursor:</b> " + m_cursorText.toHtmlEscaped() + "</p>";
    if (!hovered.isEmpty())
        html =
            "<p><b>Under the pointer:</b> " + hovered.toHtmlEscaped().replace('\n', "<br>") + "</p>" + html;
    m_details->setHtml(html);
}

QString PartitionPage::details() const
{
    return m_details->toPlainText();
}

} // namespace driftscope::widgets
