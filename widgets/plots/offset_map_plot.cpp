#include "widgets/plots/offset_map_plot.h"

#include "model/analysis/translation_text.h"

namespace driftscope::widgets {
namespace {

constexpr size_t kDotsUpTo = 20'000; // more syncs than this are drawn as a line

} // namespace

OffsetMapPlot::OffsetMapPlot(QWidget* parent) : ExplorerPlot("Source versus target offsets", parent)
{
    m_replayBand = new QCPItemRect(this);
    m_replayBand->topLeft->setAxisRect(axisRect());
    m_replayBand->bottomRight->setAxisRect(axisRect());
    m_replayBand->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
    m_replayBand->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_replayBand->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
    m_replayBand->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_replayBand->topLeft->setCoords(0, 0);
    m_replayBand->bottomRight->setCoords(0, 1);
    m_replayBand->setPen(Qt::NoPen);
    m_replayBand->setVisible(false);

    const auto O = AxisKind::Offset;
    m_allSyncs = addSeries(xAxis, yAxis, "every sync read", PlotSeries::Style::Dots, O, O);
    m_steps = addSeries(xAxis, yAxis, "MM2's translation", PlotSeries::Style::Step, O, O);
    m_retained = addSeries(xAxis, yAxis, "retained syncs", PlotSeries::Style::Dots, O, O);
    m_translated = addSeries(xAxis, yAxis, "committed -> if checkpointed now", PlotSeries::Style::Dots, O, O);
    m_checkpoint = addSeries(xAxis, yAxis, "checkpoint in force", PlotSeries::Style::Dots, O, O);
    m_committedLine = new QCPItemStraightLine(this);
    m_committedLine->setVisible(false);
    setAxisTitle(xAxis, "upstream (source) offset", "source offset");
    setAxisTitle(yAxis, "downstream (target) offset", "target offset");
    xAxis->ticker()->setTickCount(6);
    applyTheme(theme());
}

void OffsetMapPlot::applyTheme(const PlotTheme& t)
{
    ExplorerPlot::applyTheme(t);
    m_allSyncs->setColor(t.faint);
    m_steps->setColor(t.seriesColor(0), 1.6);
    m_retained->setColor(t.seriesColor(0));
    m_translated->setColor(t.seriesColor(2));
    m_checkpoint->setColor(t.seriesColor(1));
    if (QCPGraph* g = m_retained->graph())
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.seriesColor(0), 8));
    if (QCPGraph* g = m_translated->graph())
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, t.seriesColor(2), t.seriesColor(2), 11));
    if (QCPGraph* g = m_checkpoint->graph())
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, t.seriesColor(1), t.seriesColor(1), 9));
    m_committedLine->setPen(QPen(t.seriesColor(2), 1, Qt::DashLine));
    m_replayBand->setBrush(t.band);
}

// Every sync written by the cursor: dots, or a line in upstream order when there are very many.
void OffsetMapPlot::showSyncs(const PartitionData& input)
{
    std::vector<int64_t> ux, dy;
    const int64_t cursor = input.cursor ? input.cursor->atMs : INT64_MAX;
    if (input.series)
        for (const SyncLifetime& l : input.series->lifetimes)
            if (l.writtenAtMs <= cursor) {
                ux.push_back(l.upstream);
                dy.push_back(l.downstream);
            }
    // Syncs follow topic order, so after a rewind upstream offsets repeat: fine for dots; a
    // line (for very many syncs) needs them in upstream order.
    if (ux.size() > kDotsUpTo) {
        std::vector<size_t> order(ux.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ux[a] < ux[b]; });
        std::vector<int64_t> sx, sy;
        for (size_t i : order) {
            sx.push_back(ux[i]);
            sy.push_back(dy[i]);
        }
        ux = std::move(sx);
        dy = std::move(sy);
        m_allSyncs->graph()->setLineStyle(QCPGraph::lsLine);
        m_allSyncs->graph()->setScatterStyle(QCPScatterStyle::ssNone);
    } else {
        m_allSyncs->graph()->setLineStyle(QCPGraph::lsNone);
        m_allSyncs->graph()->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, theme().faint, 5));
    }
    m_allSyncs->setPoints(std::move(ux), std::move(dy));
}

// The store at the cursor: its retained syncs and the steps of the translation rule.
void OffsetMapPlot::showStore(const PartitionData& input)
{
    std::vector<int64_t> rx, ry, sx, sy;
    m_explanation.clear();
    m_rule.clear();
    if (input.cursor) {
        m_rule = QString::fromStdString(translationRuleInWords(input.cursor->rule));
        for (auto it = input.cursor->retained.rbegin(); it != input.cursor->retained.rend(); ++it) {
            rx.push_back(it->sync.upstream);
            ry.push_back(it->sync.downstream);
        }
        for (const StepPoint& p : input.cursor->steps) {
            sx.push_back(p.upstream);
            sy.push_back(p.downstream);
        }
        m_explanation = QString::fromStdString(input.cursor->explanation);
    }
    m_retained->setPoints(std::move(rx), std::move(ry));
    m_steps->setPoints(std::move(sx), std::move(sy));
}

// The selected row: the committed offset, its translation, the checkpoint and the replay band.
void OffsetMapPlot::showRow(const PartitionData& input)
{
    std::vector<int64_t> tx, ty, cx, cy;
    m_committedLine->setVisible(false);
    m_replayBand->setVisible(false);
    if (input.cursor && input.cursor->row) {
        const PartitionReport& row = *input.cursor->row;
        if (row.committed) {
            m_committedLine->point1->setCoords(static_cast<double>(*row.committed), 0);
            m_committedLine->point2->setCoords(static_cast<double>(*row.committed), 1);
            m_committedLine->setVisible(true);
            if (row.translated && row.translated->downstream && *row.translated->downstream >= 0) {
                tx.push_back(*row.committed);
                ty.push_back(*row.translated->downstream);
            }
        }
        if (row.checkpoint) {
            cx.push_back(row.checkpoint->upstream);
            cy.push_back(row.checkpoint->downstream);
        }
        if (row.replay.available && row.committed) {
            const double a = static_cast<double>(row.replay.upstreamEquivalent);
            const double b = static_cast<double>(*row.committed);
            m_replayBand->topLeft->setCoords(std::min(a, b), 0);
            m_replayBand->bottomRight->setCoords(std::max(a, b), 1);
            m_replayBand->setBrush(
                row.replay.skips() ? QColor(theme().skip.red(), theme().skip.green(), theme().skip.blue(), 70)
                                   : theme().band);
            m_replayBand->setVisible(true);
        }
    }
    m_translated->setPoints(std::move(tx), std::move(ty));
    m_checkpoint->setPoints(std::move(cx), std::move(cy));
}

void OffsetMapPlot::display(const PartitionData& input)
{
    showSyncs(input);
    showStore(input);
    showRow(input);
    fitView();
    replotInTurn();
}

QString OffsetMapPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    const QString u = formatValue(series.xs()[index], AxisKind::Offset);
    const QString d = formatValue(series.ys()[index], AxisKind::Offset);
    if (&series == m_translated || &series == m_checkpoint)
        return series.name() + ": " + u + " -> " + d + "\n" + m_explanation;
    if (&series == m_steps)
        return "MM2 translates " + u + " to " + d + " (" + m_rule + ")";
    return series.name() + ": upstream " + u + " was written downstream at " + d;
}

} // namespace driftscope::widgets
