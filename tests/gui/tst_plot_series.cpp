// PlotSeries (widgets/plots/plot_series.h) hands QCustomPlot only what changed: a series set again
// to the same points, or to more points after the same ones, holds exactly what a series set
// once to the final points holds, in every style.
#include "widgets/plots/plot_series.h"

#include <QTest>

#include <cmath>

using namespace driftscope::widgets;

namespace {

// Every (key, value) QCustomPlot holds, NaN written as "gap".
QStringList dataOf(const PlotSeries& s)
{
    QStringList out;
    const auto add = [&out](double key, double value) {
        out << QString::number(key, 'g', 17) + "," +
                   (std::isnan(value) ? QString("gap") : QString::number(value, 'g', 17));
    };
    if (QCPGraph* g = s.graph())
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            add(it->key, it->value);
    else if (QCPCurve* c = s.curve())
        for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it)
            add(it->key, it->value);
    else if (QCPBars* b = s.bars())
        for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it)
            add(it->key, it->value);
    return out;
}

} // namespace

class PlotSeriesData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void laterPointsAreAddedAsIfSetAtOnce_data();
    void laterPointsAreAddedAsIfSetAtOnce();
};

void PlotSeriesData::laterPointsAreAddedAsIfSetAtOnce_data()
{
    QTest::addColumn<int>("style");
    QTest::newRow("line") << static_cast<int>(PlotSeries::Style::Line);
    QTest::newRow("step") << static_cast<int>(PlotSeries::Style::Step);
    QTest::newRow("dots") << static_cast<int>(PlotSeries::Style::Dots);
    QTest::newRow("bars") << static_cast<int>(PlotSeries::Style::Bars);
    QTest::newRow("segments") << static_cast<int>(PlotSeries::Style::Segments);
}

void PlotSeriesData::laterPointsAreAddedAsIfSetAtOnce()
{
    QFETCH(int, style);
    QCustomPlot plot;
    const auto make = [&] {
        return std::make_unique<PlotSeries>(&plot, plot.xAxis, plot.yAxis, "s",
                                            static_cast<PlotSeries::Style>(style), AxisKind::TimeMs,
                                            AxisKind::Offset);
    };
    const std::vector<int64_t> xs = {1000, 2000, 3000, 4000, 5000, 6000};
    const std::vector<int64_t> ys = {10, 20, INT64_MAX, -5, 40, 50};
    const std::vector<bool> gaps = {false, false, true, false, false, false};
    auto once = make();
    once->setPoints(xs, ys, gaps);
    auto grown = make();
    grown->setPoints({1000, 2000, 3000}, {10, 20, INT64_MAX}, {false, false, true});
    grown->setPoints({1000, 2000, 3000}, {10, 20, INT64_MAX}, {false, false, true}); // the same again
    grown->setPoints(xs, ys, gaps);
    QCOMPARE(dataOf(*grown), dataOf(*once));
    QCOMPARE(grown->size(), size_t{6});
    // A first point that changed (thinning, a new selection): all of it again.
    grown->setPoints({1500, 2000}, {15, 20});
    auto other = make();
    other->setPoints({1500, 2000}, {15, 20});
    QCOMPARE(dataOf(*grown), dataOf(*other));
    QVERIFY(dataOf(*once).size() >= 6);
}

QTEST_MAIN(PlotSeriesData)
#include "tst_plot_series.moc"
