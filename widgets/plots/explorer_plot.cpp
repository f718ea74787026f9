#include "widgets/plots/explorer_plot.h"

#include "model/util/text_format.h"

#include <QApplication>
#include <QFileInfo>
#include <QPointer>
#include <QSvgGenerator>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <deque>

namespace driftscope::widgets {
namespace {

// Plots waiting for their replot, one per turn of the event loop.
class ReplotQueue : public QObject {
public:
    static ReplotQueue& instance()
    {
        static QPointer<ReplotQueue> queue;
        if (!queue)
            queue = new ReplotQueue(qApp);
        return *queue;
    }

    void add(QCustomPlot* plot)
    {
        if (std::find(m_waiting.begin(), m_waiting.end(), plot) == m_waiting.end())
            m_waiting.push_back(plot);
        schedule();
    }

private:
    using QObject::QObject;

    void schedule()
    {
        if (m_scheduled || m_waiting.empty())
            return;
        m_scheduled = true;
        // A timer of 1 ms, not 0: Qt 6 runs 0 ms single shots as posted events, all in one turn.
        QTimer::singleShot(1, Qt::PreciseTimer, this, [this] {
            m_scheduled = false;
            while (!m_waiting.empty()) {
                const QPointer<QCustomPlot> plot = m_waiting.front();
                m_waiting.pop_front();
                if (plot) {
                    plot->replot();
                    break;
                }
            }
            schedule();
        });
    }

    std::deque<QPointer<QCustomPlot>> m_waiting;
    bool m_scheduled = false;
};

constexpr double kHoverRadius = 12; // pixels
// Room right of the axis rects: half a time label ("00:10:00") centred on the last tick.
constexpr int kRightMarginPx = 30;
// The least height of a plot (three rows of them fit a 1280x720 screen), and of its data.
constexpr int kMinPlotHeight = 150;
// Wide enough for 150 px of data beside two value axes with their numbers and titles (offsets
// over time, at 230 px, kept 73 px for its data).
constexpr int kMinPlotWidth = 330;
constexpr int kLeastDataHeightPx = 50;
// Replots in a row that fitting the text may ask for (it settles in one).
constexpr int kMaxRefits = 2;
// The least gap between two tick labels.
constexpr int kTickLabelGapPx = 8;
// More marks than this on one plot are not drawn (their bands would cover it); the rest still
// show on hover.
constexpr size_t kMaxDrawnMarks = 400;
// A mark's text on hover: at most this many marks under the pointer are named.
constexpr int kMaxHoveredMarks = 3;

// The unit of a CSV column of values of `kind`.
QString unitName(AxisKind kind)
{
    switch (kind) {
    case AxisKind::Offset:
        return "offset";
    case AxisKind::TimeMs:
        return "UTC";
    case AxisKind::DurationMs:
        return "ms";
    case AxisKind::LogDistance:
        return "offsets behind the newest sync";
    }
    return {};
}

// A value exactly: times as ISO 8601 UTC, everything else as its integer.
QString csvValue(int64_t value, AxisKind kind)
{
    return kind == AxisKind::TimeMs ? QString::fromStdString(formatUtcMs(value)) : QString::number(value);
}

bool isTrouble(MarkKind kind)
{
    return kind == MarkKind::ReaderProblem || kind == MarkKind::ClusterOutage ||
           kind == MarkKind::LogWentBack;
}

// Places an item position at time `t` (plot coordinates) and a ratio of the axis rect's height.
void placeAt(QCPItemPosition* p, QCPAxis* timeAxis, double t, double heightRatio)
{
    p->setAxes(timeAxis, timeAxis->axisRect()->axis(QCPAxis::atLeft));
    p->setAxisRect(timeAxis->axisRect());
    p->setTypeX(QCPItemPosition::ptPlotCoords);
    p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    p->setCoords(t, heightRatio);
}

} // namespace

void ExplorerPlot::replotInTurn()
{
    ReplotQueue::instance().add(this);
}

ExplorerPlot::ExplorerPlot(const QString& title, QWidget* parent)
    : QCustomPlot(parent), m_titleText(title), m_title(new QCPTextElement(this, title))
{
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    QFont font = m_title->font();
    font.setBold(true);
    m_title->setFont(font);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    // The legend sits in a row of its own under the plot, never over the data.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(2, 0, legend);
    plotLayout()->setRowStretchFactor(2, 0.001);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(3);
    // Rows overlap by 2 px (tight rows); the bottom margin keeps the last one inside the plot.
    legend->setMargins(QMargins(4, 0, 4, 2));
    legend->setRowSpacing(-2);
    legend->setColumnSpacing(12);
    legend->setIconSize(18, 10);
    QFont small = legend->font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    legend->setFont(small);
    // Small enough for three rows of plots on a 1280x720 screen, and two pages side by side
    // (Compare) on a wider one; the pages scroll below that.
    setMinimumSize(kMinPlotWidth, kMinPlotHeight);
    setAntialiasedElements(QCP::aeNone);
    // Fitted before each replot, on the geometry of the last layout. When this replot's layout
    // moved the axes (a legend that took another row), one more replot fits them again (the
    // ticks drawn now were set up for the old geometry, and must not change while drawn).
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        fitTextToSize();
        m_fittedGeometry = layoutGeometry();
    });
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        // What the layout gave the legend short of its rows, the plot asks for next time (what
        // QCustomPlot keeps above it is more than the margins say).
        if (legend->visible() && isVisible() && viewport() == rect()) {
            const int shortfall =
                std::max(legend->minimumOuterSizeHint().height() - legend->outerRect().height(),
                         legend->outerRect().bottom() + 1 - height());
            if (shortfall > 0) {
                m_legendShortfall += shortfall;
                setMinimumHeight(minimumHeight() + shortfall);
            }
        }
        const bool moved = layoutGeometry() != m_fittedGeometry;
        if (moved && m_refits < kMaxRefits) {
            ++m_refits;
            replot(QCustomPlot::rpQueuedReplot);
        } else if (!moved) {
            m_refits = 0;
        }
    });
}

std::vector<QRect> ExplorerPlot::layoutGeometry() const
{
    std::vector<QRect> rects{rect()};
    for (QCPAxisRect* r : axisRects())
        rects.push_back(r->rect());
    return rects;
}

void ExplorerPlot::setAxisTitle(QCPAxis* axis, const QString& title, const QString& shortTitle)
{
    m_axisTitles[axis] = {title, shortTitle};
    axis->setLabel(title);
}

void ExplorerPlot::fitTextToSize()
{
    for (QCPAxisRect* rect : axisRects()) {
        rect->setMinimumMargins(QMargins(0, 0, kRightMarginPx, 0));
        for (QCPAxis* axis : rect->axes())
            if (axis->visible())
                fitAxisText(axis);
    }
    fitLegend();
    fitBookmarkLabels();
    fitNotes();
}

void ExplorerPlot::fitAxisText(QCPAxis* axis)
{
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const bool time = std::find(m_timeAxes.begin(), m_timeAxes.end(), axis) != m_timeAxes.end();
    // Named rows (verdicts) and fixed steps (slots) ignore a tick count: they keep their labels.
    // Time axes of records without times have none to fit.
    if (axis->ticker().dynamicCast<QCPAxisTickerText>() || axis->ticker().dynamicCast<QCPAxisTickerFixed>() ||
        (time && m_timesUnknown)) {
        fitAxisTitle(axis, horizontal);
        return;
    }
    if (axis->scaleType() == QCPAxis::stLinear)
        axis->setNumberPrecision(9); // offsets in full up to a billion ("1500000", not "1.5e+06")
    // Numbers step by exactly as many ticks as asked (times keep their round steps). Asked for
    // more ticks than it spans decades, a log axis ticks linearly, crowding its top: a tick a
    // decade at most.
    if (!time)
        axis->ticker()->setTickStepStrategy(QCPAxisTicker::tssMeetTickCount);
    // While the layout settles (a second refit in a row) counts only go down: tick
    // labels that widen a margin and so shorten the axis would otherwise flip back and forth.
    int count = m_refits > 1 ? std::min(6, axis->ticker()->tickCount()) : 6;
    if (axis->scaleType() == QCPAxis::stLogarithmic && axis->range().lower > 0)
        count = std::clamp(static_cast<int>(std::log10(axis->range().upper / axis->range().lower)), 1, count);
    // The most ticks whose labels stay apart; none rather than labels run together.
    for (; count >= 1; --count) {
        axis->ticker()->setTickCount(count);
        if (tickLabelsApart(axis))
            break;
    }
    axis->setTickLabels(count >= 1);
    if (count < 1)
        axis->ticker()->setTickCount(1);
    fitAxisTitle(axis, horizontal);
}

bool ExplorerPlot::tickLabelsApart(QCPAxis* axis) const
{
    QVector<double> ticks;
    QVector<QString> labels;
    axis->ticker()->generate(axis->range(), locale(), axis->numberFormat().at(0), axis->numberPrecision(),
                             ticks, nullptr, &labels);
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const QFontMetrics fm(axis->tickLabelFont());
    std::vector<std::pair<double, double>> spans; // along the axis, in pixels
    for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]))
            continue;
        const QRect box =
            fm.boundingRect(QRect(0, 0, 10'000, 10'000), Qt::AlignLeft | Qt::AlignTop, labels[i]);
        const double half = (horizontal ? box.width() : box.height()) / 2.0 + kTickLabelGapPx / 2.0;
        const double at = axis->coordToPixel(ticks[i]);
        spans.emplace_back(at - half, at + half);
    }
    std::sort(spans.begin(), spans.end());
    for (size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first < spans[i - 1].second)
            return false;
    return true;
}

void ExplorerPlot::fitAxisTitle(QCPAxis* axis, bool horizontal)
{
    // A title that would be cut, or run into a neighbouring axis rect, takes its short form, if
    // it has one. Centred on its axis rect (as of the last layout), it must stay within the plot
    // and (axis rects stand side by side) across, within the rect and its margins.
    const auto titles = m_axisTitles.find(axis);
    if (titles == m_axisTitles.end())
        return;
    const QRect rect = axis->axisRect()->rect();
    const QRect outer = axis->axisRect()->outerRect().intersected(this->rect());
    const int centre = horizontal ? rect.center().x() : rect.center().y();
    const int half = QFontMetrics(axis->labelFont()).horizontalAdvance(titles->second.first) / 2;
    const bool fits = horizontal ? centre - half >= outer.left() && centre + half <= outer.right()
                                 : centre - half >= 0 && centre + half <= height();
    axis->setLabel(fits || titles->second.second.isEmpty() ? titles->second.first : titles->second.second);
}

void ExplorerPlot::fitLegend()
{
    if (!legend->visible() || legend->itemCount() == 0)
        return;
    std::vector<int> widths; // what each entry needs: icon, gap, text, margins
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            widths.push_back(legend->iconSize().width() + legend->iconTextPadding() +
                             QFontMetrics(item->font()).horizontalAdvance(item->plottable()->name()) +
                             item->margins().left() + item->margins().right());
    // As many columns as the width holds (entry i in column i % columns, each column as wide as
    // its widest entry), at most three.
    const int room = width() - 2 * (legend->margins().left() + legend->margins().right()) - 12;
    int columns = 1;
    for (int c = 2; c <= 3; ++c) {
        int total = (c - 1) * legend->columnSpacing();
        for (int j = 0; j < c; ++j) {
            int column = 0;
            for (size_t i = j; i < widths.size(); i += c)
                column = std::max(column, widths[i]);
            total += column;
        }
        if (total <= room)
            columns = c;
    }
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(legend->fillOrder(), true); // lays the entries out again
    }
    // Tall enough for every row of the legend under a plot still worth reading: the page scrolls
    // rather than cut the legend.
    // Above the legend: the title, each axis rect's margins (tick labels, axis titles) and some data.
    int margins = 0;
    for (QCPAxisRect* r : axisRects())
        margins = std::max(margins, r->margins().top() + r->margins().bottom());
    const int above = m_title->outerRect().height() + margins + kLeastDataHeightPx;
    const int least =
        std::max(kMinPlotHeight, above + legend->minimumOuterSizeHint().height() + m_legendShortfall);
    if (minimumHeight() != least)
        setMinimumHeight(least);
}

ExplorerPlot::~ExplorerPlot() = default;

PlotSeries* ExplorerPlot::addSeries(QCPAxis* x, QCPAxis* y, const QString& name, PlotSeries::Style style,
                                    AxisKind xKind, AxisKind yKind)
{
    m_series.push_back(std::make_unique<PlotSeries>(this, x, y, name, style, xKind, yKind));
    PlotSeries* s = m_series.back().get();
    s->setColor(m_theme.seriesColor(static_cast<int>(m_series.size()) - 1));
    return s;
}

void ExplorerPlot::removeSeriesFrom(size_t count)
{
    while (m_series.size() > count) {
        removePlottable(m_series.back()->plottable());
        m_series.pop_back();
    }
}

const PlotSeries* ExplorerPlot::seriesNamed(const QString& name) const
{
    for (const auto& s : m_series)
        if (s->name() == name)
            return s.get();
    return nullptr;
}

void ExplorerPlot::setTimesUnknown(bool unknown)
{
    if (unknown == m_timesUnknown)
        return;
    m_timesUnknown = unknown;
    for (QCPAxis* axis : m_timeAxes) {
        axis->setTickLabels(!unknown);
        axis->setTicks(!unknown);
        if (unknown)
            setAxisTitle(axis, "time unknown: the records carry none", "time unknown");
        else
            setAxisTitle(axis, "time (UTC)", "");
    }
    replotInTurn();
}

void ExplorerPlot::addTimeAxis(QCPAxis* axis)
{
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeSpec(Qt::UTC);
    ticker->setDateTimeFormat("HH:mm:ss"); // the date is in the page's heading
    ticker->setTickCount(5);
    axis->setTicker(ticker);
    m_timeAxes.push_back(axis);
    // A vertical line at the cursor's time, from the bottom to the top of the axis rect
    // (whatever the value axis's scale).
    auto* line = new QCPItemStraightLine(this);
    line->setClipAxisRect(axis->axisRect());
    placeAt(line->point1, axis, 0, 0);
    placeAt(line->point2, axis, 0, 1);
    line->setPen(QPen(m_theme.cursor, 1, Qt::DashLine));
    line->setVisible(false);
    line->setSelectable(false);
    m_cursorLines.push_back(line);
}

void ExplorerPlot::useLogScale(QCPAxis* axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    axis->setTicker(ticker);
    axis->setNumberFormat("eb");
    axis->setNumberPrecision(0);
}

void ExplorerPlot::setCursorTime(int64_t atMs)
{
    m_cursorMs = atMs;
    const double t = PlotSeries::coordinate(atMs, AxisKind::TimeMs);
    for (QCPItemStraightLine* line : m_cursorLines) {
        line->point1->setCoords(t, 0);
        line->point2->setCoords(t, 1);
        line->setVisible(true);
    }
}

void ExplorerPlot::setMarks(const std::vector<TimelineMark>& marks)
{
    if (marks == m_marks)
        return;
    m_marks = marks;
    drawMarks();
}

void ExplorerPlot::drawMarks()
{
    m_bookmarkLabels.clear();
    for (QCPAbstractItem* item : m_markItems)
        removeItem(item);
    m_markItems.clear();
    for (QCPAxis* axis : m_timeAxes) {
        size_t drawn = 0;
        for (const TimelineMark& m : m_marks) {
            if (m.kind == MarkKind::Bookmark) {
                drawBookmark(axis, m);
                continue; // bookmarks are few, and each is drawn
            }
            if (++drawn > kMaxDrawnMarks)
                continue;
            const QColor color = isTrouble(m.kind) ? m_theme.trouble : m_theme.event;
            const double from = PlotSeries::coordinate(m.fromMs, AxisKind::TimeMs);
            QCPAbstractItem* item = nullptr;
            if (m.isSpan()) {
                auto* band = new QCPItemRect(this);
                placeAt(band->topLeft, axis, from, 0);
                placeAt(band->bottomRight, axis, PlotSeries::coordinate(m.toMs, AxisKind::TimeMs), 1);
                QColor fill = color;
                fill.setAlpha(m_theme.dark ? 32 : 20);
                band->setBrush(fill);
                band->setPen(QPen(color, 1, Qt::DotLine));
                item = band;
            } else {
                auto* line = new QCPItemStraightLine(this);
                placeAt(line->point1, axis, from, 0);
                placeAt(line->point2, axis, from, 1);
                line->setPen(QPen(color, 1.5));
                item = line;
            }
            keepMarkItem(item, axis);
        }
    }
}

void ExplorerPlot::keepMarkItem(QCPAbstractItem* item, QCPAxis* timeAxis)
{
    item->setClipAxisRect(timeAxis->axisRect());
    item->setSelectable(false);
    item->setObjectName("mark");
    m_markItems.push_back(item);
}

void ExplorerPlot::drawBookmark(QCPAxis* timeAxis, const TimelineMark& mark)
{
    const double at = PlotSeries::coordinate(mark.fromMs, AxisKind::TimeMs);
    auto* line = new QCPItemStraightLine(this);
    placeAt(line->point1, timeAxis, at, 0);
    placeAt(line->point2, timeAxis, at, 1);
    line->setPen(QPen(m_theme.bookmark, 1.5, Qt::DashLine));
    keepMarkItem(line, timeAxis);
    // Its name at the top of the axis rect, right of the line.
    auto* label = new QCPItemText(this);
    placeAt(label->position, timeAxis, at, 0);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(QString::fromStdString(mark.text));
    label->setColor(m_theme.bookmark);
    label->setPadding(QMargins(3, 1, 3, 1));
    keepMarkItem(label, timeAxis);
    m_bookmarkLabels.push_back({label, timeAxis});
}

void ExplorerPlot::setNoteForms(QCPItemText* note, QStringList forms)
{
    if (forms.isEmpty()) {
        m_noteForms.erase(note);
        return;
    }
    note->setText(forms.front());
    m_noteForms[note] = std::move(forms);
}

void ExplorerPlot::fitNotes()
{
    for (const auto& [note, forms] : m_noteForms) {
        const QRect room = note->clipAxisRect() ? note->clipAxisRect()->rect() : rect();
        const QMargins pad = note->padding();
        const QPointF at = note->position->pixelPosition();
        const Qt::Alignment align = note->positionAlignment();
        QString shown;
        for (const QString& form : forms) {
            // Where it would be drawn: its box placed at its position by its alignment.
            const QRect text = QFontMetrics(note->font()).boundingRect(QRect(), note->textAlignment(), form);
            const int w = text.width() + pad.left() + pad.right(),
                      h = text.height() + pad.top() + pad.bottom();
            const double x = at.x() - (align & Qt::AlignRight ? w : align & Qt::AlignHCenter ? w / 2.0 : 0);
            const double y = at.y() - (align & Qt::AlignBottom ? h : align & Qt::AlignVCenter ? h / 2.0 : 0);
            if (QRectF(room).contains(QRectF(x, y, w, h))) {
                shown = form;
                break;
            }
        }
        note->setText(shown);
    }
}

void ExplorerPlot::fitBookmarkLabels()
{
    // A name that would run past the right edge of its axis rect goes left of its line instead.
    for (const auto& [label, axis] : m_bookmarkLabels) {
        const double x = axis->coordToPixel(label->position->key());
        const int width = QFontMetrics(label->font()).horizontalAdvance(label->text()) + 6; // + padding
        const bool fitsRight = x + width <= axis->axisRect()->rect().right();
        label->setPositionAlignment((fitsRight ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
    }
}

QString ExplorerPlot::marksAt(const QPointF& pixel) const
{
    QStringList texts;
    for (QCPAxis* axis : m_timeAxes) {
        if (!axis->axisRect()->rect().contains(pixel.toPoint()))
            continue;
        for (const TimelineMark& m : m_marks) {
            const double from = axis->coordToPixel(PlotSeries::coordinate(m.fromMs, AxisKind::TimeMs));
            const double to = axis->coordToPixel(PlotSeries::coordinate(m.toMs, AxisKind::TimeMs));
            if (pixel.x() < std::min(from, to) - kHoverRadius / 2 ||
                pixel.x() > std::max(from, to) + kHoverRadius / 2)
                continue;
            if (texts.size() == kMaxHoveredMarks) {
                texts.push_back("(and more marks here)");
                return texts.join('\n');
            }
            texts.push_back(QString::fromStdString(m.text));
        }
    }
    return texts.join('\n');
}

void ExplorerPlot::fitView()
{
    if (!m_userView)
        resetView();
}

void ExplorerPlot::resetView()
{
    rescaleAxes(true);
    for (QCPAxisRect* rect : axisRects())
        for (QCPAxis* axis : rect->axes())
            if (axis->visible() && axis->scaleType() == QCPAxis::stLinear) {
                const QCPRange r = axis->range();
                const double pad = r.size() > 0 ? r.size() * 0.04 : 1.0;
                axis->setRange(r.lower - pad, r.upper + pad);
            }
}

void ExplorerPlot::styleAxis(QCPAxis* axis)
{
    const QPen pen(m_theme.foreground);
    axis->setBasePen(pen);
    axis->setTickPen(pen);
    axis->setSubTickPen(pen);
    axis->setTickLabelColor(m_theme.foreground);
    axis->setLabelColor(m_theme.foreground);
    axis->grid()->setPen(QPen(m_theme.grid, 1, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(m_theme.subGrid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

void ExplorerPlot::applyTheme(const PlotTheme& theme)
{
    m_theme = theme;
    setBackground(theme.background);
    m_title->setTextColor(theme.foreground);
    for (QCPAxisRect* rect : axisRects()) {
        rect->setBackground(theme.background);
        for (QCPAxis* axis : rect->axes())
            styleAxis(axis);
    }
    legend->setBrush(theme.background);
    legend->setTextColor(theme.foreground);
    legend->setBorderPen(Qt::NoPen);
    for (QCPItemStraightLine* line : m_cursorLines)
        line->setPen(QPen(theme.cursor, 1, Qt::DashLine));
    for (size_t i = 0; i < m_series.size(); ++i)
        m_series[i]->setColor(theme.seriesColor(static_cast<int>(i)));
    drawMarks();
}

bool ExplorerPlot::renderTo(const QString& path, const QString& suffix, int width, int height)
{
    if (suffix == "png")
        return savePng(path, width, height);
    if (suffix == "pdf")
        return savePdf(path, width, height, QCP::epNoCosmetic, "driftscope", m_titleText);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(QSize(width, height));
    svg.setViewBox(QRect(0, 0, width, height));
    svg.setTitle(m_titleText);
    svg.setDescription("driftscope plot: " + m_exportContext);
    QCPPainter painter;
    if (!painter.begin(&svg))
        return false;
    toPainter(&painter, width, height);
    return painter.end();
}

QString ExplorerPlot::exportImage(const QString& path, int width, int height)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != "png" && suffix != "pdf" && suffix != "svg")
        return "unknown image format '" + suffix + "': use .png, .pdf or .svg";
    // For the export only: the context in a line under the plot, and paper's light theme.
    const PlotTheme shown = m_theme;
    if (suffix == "pdf" && shown.dark)
        applyTheme(PlotTheme::light());
    QCPTextElement* context = nullptr;
    if (!m_exportContext.isEmpty()) {
        context = new QCPTextElement(this, m_exportContext);
        QFont font = context->font();
        font.setPointSizeF(font.pointSizeF() * 0.8);
        context->setFont(font);
        context->setTextColor(m_theme.foreground);
        plotLayout()->insertRow(plotLayout()->rowCount());
        plotLayout()->addElement(plotLayout()->rowCount() - 1, 0, context);
    }
    const bool ok = renderTo(path, suffix, width, height);
    if (context) {
        plotLayout()->remove(context);
        plotLayout()->simplify();
    }
    if (suffix == "pdf" && shown.dark)
        applyTheme(shown);
    replot(rpQueuedReplot);
    if (!ok || !QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return "could not write " + path;
    return {};
}

QString ExplorerPlot::csv() const
{
    const auto field = [](QString text) {
        return text.contains(',') || text.contains('"') ? '"' + text.replace('"', "\"\"") + '"' : text;
    };
    QString out = "# driftscope: " + m_titleText +
                  (m_exportContext.isEmpty() ? "" : " · " + m_exportContext) + "\nseries,x,x_unit,y,y_unit\n";
    // Without record times a time is left empty, its unit saying why.
    const auto value = [this](int64_t v, AxisKind kind) {
        return m_timesUnknown && kind == AxisKind::TimeMs ? QString() : csvValue(v, kind);
    };
    const auto unit = [this](AxisKind kind) {
        return m_timesUnknown && kind == AxisKind::TimeMs ? QString("unknown (the records carry no times)")
                                                          : unitName(kind);
    };
    for (const auto& s : m_series) {
        const QString name = field(s->name());
        const QString xUnit = unit(s->xKind()), yUnit = unit(s->yKind());
        for (size_t i = 0; i < s->size(); ++i)
            out += name + ',' + value(s->xs()[i], s->xKind()) + ',' + xUnit + ',' +
                   (s->isGap(i) ? QString() : value(s->ys()[i], s->yKind())) + ',' + yUnit + '\n';
    }
    return out;
}

QString ExplorerPlot::timeText(int64_t ms) const
{
    return m_timesUnknown ? QString("an unknown time") : formatValue(ms, AxisKind::TimeMs);
}

QString ExplorerPlot::explainPoint(const PlotSeries& series, size_t index) const
{
    const int64_t x = series.xs()[index];
    return series.name() + ": " + formatValue(series.ys()[index], series.yKind()) + " at " +
           (series.xKind() == AxisKind::TimeMs ? timeText(x) : formatValue(x, series.xKind()));
}

QString ExplorerPlot::describeAt(const QPointF& pixel) const
{
    const PlotSeries* best = nullptr;
    size_t bestIndex = 0;
    double bestDistance = kHoverRadius + 1;
    for (const auto& s : m_series)
        if (const auto hit = s->nearest(pixel, kHoverRadius); hit && hit->second < bestDistance) {
            best = s.get();
            bestIndex = hit->first;
            bestDistance = hit->second;
        }
    const QString point = best ? explainPoint(*best, bestIndex) : QString();
    const QString marks = marksAt(pixel);
    return point.isEmpty() || marks.isEmpty() ? point + marks : point + '\n' + marks;
}

void ExplorerPlot::wheelEvent(QWheelEvent* event)
{
    QCustomPlot::wheelEvent(event);
    m_userView = true;
    Q_EMIT userMovedView();
}

void ExplorerPlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton) { // a drag pans
        m_userView = true;
        Q_EMIT userMovedView();
        return;
    }
    const QString text = describeAt(event->position());
    if (text == m_lastHover)
        return;
    m_lastHover = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    Q_EMIT hovered(text);
}

void ExplorerPlot::leaveEvent(QEvent* event)
{
    QCustomPlot::leaveEvent(event);
    if (!m_lastHover.isEmpty())
        Q_EMIT hovered({}); // the details go back to what holds at the cursor
    m_lastHover.clear();
}

void ExplorerPlot::keyPressEvent(QKeyEvent* event)
{
    // + and - zoom, arrows pan, Home (or 0) fits the data; on every axis rect of the plot.
    const auto zoom = [this](double factor) {
        for (QCPAxisRect* rect : axisRects())
            for (QCPAxis* axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)})
                axis->scaleRange(factor, axis->range().center());
    };
    const auto pan = [this](double dx, double dy) {
        for (QCPAxisRect* rect : axisRects()) {
            QCPAxis* x = rect->axis(QCPAxis::atBottom);
            QCPAxis* y = rect->axis(QCPAxis::atLeft);
            if (x->scaleType() == QCPAxis::stLinear)
                x->moveRange(x->range().size() * dx);
            if (y->scaleType() == QCPAxis::stLinear)
                y->moveRange(y->range().size() * dy);
        }
    };
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoom(0.8);
        break;
    case Qt::Key_Minus:
        zoom(1.25);
        break;
    case Qt::Key_Left:
        pan(-0.1, 0);
        break;
    case Qt::Key_Right:
        pan(0.1, 0);
        break;
    case Qt::Key_Up:
        pan(0, 0.1);
        break;
    case Qt::Key_Down:
        pan(0, -0.1);
        break;
    case Qt::Key_Home:
    case Qt::Key_0:
        m_userView = false;
        resetView();
        replot(QCustomPlot::rpQueuedReplot);
        Q_EMIT userFittedView();
        return;
    default:
        QCustomPlot::keyPressEvent(event);
        return;
    }
    m_userView = true;
    Q_EMIT userMovedView();
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace driftscope::widgets
