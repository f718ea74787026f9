// The window's text never collides: at 1280x720 and 1920x1080, light and dark, on a capture and on
// a simulation compared with another release with the simulator open, every plot's tick labels
// stay apart and inside the plot, every axis title fits beside its axis, every legend entry is
// whole, and no number in a table is elided. Checked from QCustomPlot's layout and the tables'
// font metrics, not from pixels.
#include "app/gui/main_window.h"
#include "model/sim/scenario.h"
#include "widgets/partition_page.h"
#include "widgets/plots/explorer_plot.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace driftscope;
using driftscope::gui::MainWindow;

namespace {

const char* const kCapture = DRIFTSCOPE_SAMPLES "/demo.capture";

bool settle(MainWindow& w)
{
    return QTest::qWaitFor([&] { return w.result() && !w.analysis().busy(); }, 20'000);
}

struct Span {
    double from, to;
    QString text;
};

// Tick labels of `axis` along it, in pixels, as QCustomPlot draws them (centred on their tick).
std::vector<Span> tickLabelSpans(QCPAxis* axis)
{
    std::vector<Span> spans;
    const QFontMetrics fm(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (labels[i].isEmpty() || !axis->range().contains(ticks[i]))
            continue;
        const QRect box =
            fm.boundingRect(QRect(0, 0, 10'000, 10'000), Qt::AlignLeft | Qt::AlignTop, labels[i]);
        const double at = axis->coordToPixel(ticks[i]);
        const double half = (horizontal ? box.width() : box.height()) / 2.0;
        spans.push_back({at - half, at + half, QString(labels[i]).replace('\n', ' ')});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.from < b.from; });
    return spans;
}

QStringList axisProblems(const QString& where, QCPAxis* axis, const QRect& plotRect)
{
    QStringList problems;
    if (!axis->visible())
        return problems;
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    if (axis->tickLabels()) {
        const std::vector<Span> spans = tickLabelSpans(axis);
        for (size_t i = 1; i < spans.size(); ++i)
            if (spans[i].from < spans[i - 1].to + 2)
                problems << where + ": tick labels '" + spans[i - 1].text + "' and '" + spans[i].text +
                                "' touch (range " + QString::number(axis->range().lower) + " to " +
                                QString::number(axis->range().upper) + ", " +
                                QString::number(axis->scaleType()) + ", count " +
                                QString::number(axis->ticker()->tickCount()) + ", length " +
                                QString::number(axis->axisRect()->width()) + ")";
        const double limit = horizontal ? plotRect.width() : plotRect.height();
        for (const Span& s : spans)
            if (s.from < 0 || s.to > limit)
                problems << where + ": tick label '" + s.text + "' runs out of the plot";
    }
    if (!axis->label().isEmpty()) {
        // QCustomPlot centres the title on the axis rect; it must stay within the plot and, across
        // (axis rects stand side by side), within the rect and its margins, where a neighbouring
        // axis rect's labels begin.
        const QRect rect = axis->axisRect()->rect();
        const QRect outer = axis->axisRect()->outerRect().intersected(plotRect);
        const double centre = horizontal ? rect.center().x() : rect.center().y();
        const double half = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label()) / 2.0;
        const double from = horizontal ? outer.left() : 0;
        const double to = horizontal ? outer.right() + 1 : plotRect.height();
        if (centre - half < from || centre + half > to)
            problems << where + ": axis title '" + axis->label() + "' (" + QString::number(2 * half) +
                            " px) is cut or runs into its neighbour (" + QString::number(to - from) + " px)";
    }
    return problems;
}

QStringList legendProblems(widgets::ExplorerPlot* plot)
{
    QStringList problems;
    if (!plot->legend || !plot->legend->visible())
        return problems;
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i));
        if (!item || !item->visible())
            continue;
        const QString text = item->plottable()->name();
        const QRect box = item->outerRect();
        const int needs = plot->legend->iconSize().width() + plot->legend->iconTextPadding() +
                          QFontMetrics(item->font()).horizontalAdvance(text) + item->margins().left() +
                          item->margins().right();
        // Its text (the inner rect; the margins may reach past the plot's edge) lies in the plot.
        if (box.width() < needs || !plot->rect().contains(item->rect()))
            problems << plot->title() + ": legend entry '" + text + "' is cut (" +
                            QString::number(box.width()) + " of " + QString::number(needs) + " px, text at " +
                            QString::number(item->rect().y()) + "+" + QString::number(item->rect().height()) +
                            " in " + QString::number(plot->height()) + ")";
    }
    return problems;
}

// Where a text item is drawn: its text and padding, placed by its position alignment.
QRect textBox(QCPItemText* item)
{
    const QPointF at = item->position->pixelPosition();
    const QMargins pad = item->padding();
    const QRect text = QFontMetrics(item->font()).boundingRect(QRect(), item->textAlignment(), item->text());
    const int w = text.width() + pad.left() + pad.right(), h = text.height() + pad.top() + pad.bottom();
    const Qt::Alignment align = item->positionAlignment();
    const int x = static_cast<int>(at.x()) - (align & Qt::AlignRight     ? w
                                              : align & Qt::AlignHCenter ? w / 2
                                                                         : 0);
    const int y = static_cast<int>(at.y()) - (align & Qt::AlignBottom    ? h
                                              : align & Qt::AlignVCenter ? h / 2
                                                                         : 0);
    return QRect(x, y, w, h);
}

// Text drawn inside the data (notes, bookmark names) is whole: inside the axis rect it is clipped
// to (with a pixel to spare for rounding).
QStringList itemTextProblems(widgets::ExplorerPlot* plot)
{
    QStringList problems;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty())
            continue;
        const QRect clip =
            text->clipToAxisRect() && text->clipAxisRect() ? text->clipAxisRect()->rect() : plot->rect();
        const QRect box = textBox(text);
        if (!clip.adjusted(-1, -1, 1, 1).contains(box))
            problems << plot->title() + ": the text '" + text->text() + "' is cut (" +
                            QString::number(box.x()) + "," + QString::number(box.y()) + " " +
                            QString::number(box.width()) + "x" + QString::number(box.height()) + " in " +
                            QString::number(clip.x()) + "," + QString::number(clip.y()) + " " +
                            QString::number(clip.width()) + "x" + QString::number(clip.height()) + ")";
    }
    return problems;
}

// As last drawn (windowProblems replots and lets the layout settle first).
QStringList plotProblems(widgets::ExplorerPlot* plot)
{
    QStringList problems;
    // Drawn across the whole widget, with at least 150 px for its data.
    if (plot->viewport() != plot->rect())
        problems << plot->title() + ": drawn over " + QString::number(plot->viewport().width()) + " x " +
                        QString::number(plot->viewport().height()) + " px of its " +
                        QString::number(plot->width()) + " x " + QString::number(plot->height());
    int dataWidth = 0;
    for (QCPAxisRect* rect : plot->axisRects())
        dataWidth += rect->width();
    if (dataWidth < 150)
        problems << plot->title() + ": its axis rects are " + QString::number(dataWidth) + " px wide of " +
                        QString::number(plot->width());
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            problems << axisProblems(plot->title() + " " + axis->label(), axis, plot->rect());
    return problems + legendProblems(plot) + itemTextProblems(plot);
}

// A cell that holds a number ("1,475", "-3", "29.6 s", "975 -> 910 (held)") is shown whole.
QStringList tableProblems(QTableView* table)
{
    QStringList problems;
    if (!table->isVisible() || !table->model())
        return problems;
    static const QRegularExpression number("^-?[0-9]");
    const QAbstractItemModel* model = table->model();
    const int margin = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    for (int column = 0; column < model->columnCount(); ++column) {
        if (table->isColumnHidden(column))
            continue;
        for (int row = 0; row < std::min(model->rowCount(), 200); ++row) {
            const QModelIndex cell = model->index(row, column);
            const QString text = cell.data().toString();
            if (!number.match(text).hasMatch())
                continue;
            const QVariant font = cell.data(Qt::FontRole); // bold rows are wider
            const QFontMetrics fm(font.isValid() ? font.value<QFont>() : table->font());
            if (fm.horizontalAdvance(text) + margin > table->columnWidth(column)) {
                problems << table->objectName() + " column '" +
                                model->headerData(column, Qt::Horizontal).toString() + "': '" + text +
                                "' is elided";
                break;
            }
        }
    }
    return problems;
}

QStringList windowProblemsOnce(MainWindow& w)
{
    // Laid out as the user sees them: a plot may ask for more height (its legend), and one more
    // replot, once its layout settles.
    for (widgets::ExplorerPlot* plot : w.findChildren<widgets::ExplorerPlot*>())
        plot->replot(QCustomPlot::rpImmediateRefresh);
    QTest::qWait(300);
    QStringList problems;
    for (widgets::ExplorerPlot* plot : w.findChildren<widgets::ExplorerPlot*>())
        if (plot->isVisible() && plot->width() > 0)
            problems << plotProblems(plot);
    for (QTableView* table : w.findChildren<QTableView*>())
        problems << tableProblems(table);
    return problems;
}

// What stays wrong once the window is settled: on a loaded machine a plot may be caught between
// an answer and the replots that fit its text to it, so a problem counts if it is still there a
// second later.
QStringList windowProblems(MainWindow& w)
{
    const QStringList first = windowProblemsOnce(w);
    if (first.isEmpty())
        return first;
    QTest::qWait(1000);
    return windowProblemsOnce(w);
}

} // namespace

class WindowLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void noTextCollides_data();
    void noTextCollides();
};

void WindowLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void WindowLayout::noTextCollides_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("dark");
    QTest::addColumn<bool>("simulation");
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)})
        for (const bool dark : {false, true})
            for (const bool simulation : {false, true})
                QTest::addRow("%dx%d %s %s", size.width(), size.height(), dark ? "dark" : "light",
                              simulation ? "simulation compared" : "capture")
                    << size << dark << simulation;
}

void WindowLayout::noTextCollides()
{
    QFETCH(QSize, size);
    QFETCH(bool, dark);
    QFETCH(bool, simulation);
    MainWindow w;
    w.setTheme(dark ? gui::Theme::Dark : gui::Theme::Light);
    if (simulation) {
        auto scenario = sim::namedScenario("legacy-skip").value();
        scenario.durationMs = 5 * 60'000;
        w.runSimulation(scenario);
        w.setCompareRelease(parseRelease("3.4.1").value());
    } else {
        w.openFile(kCapture);
    }
    w.resize(size);
    w.show();
    QVERIFY(settle(w));
    QCOMPARE(w.size(), size);
    QStringList problems;
    for (int tab = 0; tab < w.tabs()->count(); ++tab) {
        w.tabs()->setCurrentIndex(tab);
        QTest::qWait(50);
        problems << windowProblems(w);
    }
    problems.removeDuplicates();
    for (const QString& problem : problems) // each in full: QTest cuts long messages
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(QString::number(problems.size()) + " texts collide or are cut"));
}

QTEST_MAIN(WindowLayout)
#include "tst_window_layout.moc"
