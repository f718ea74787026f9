// The plots' colours (widgets/plots/plot_theme.h) stay apart: every two series colours of a theme,
// and each from the background, differ by at least a set CIE76 distance (in CIE L*a*b*, D65).
#include "widgets/plots/checkpoint_age_plot.h"
#include "widgets/plots/plot_theme.h"

#include <QTest>

#include <cmath>
#include <set>

using driftscope::widgets::PlotTheme;

namespace {

struct Lab {
    double l, a, b;
};

double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double f(double t)
{
    return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

Lab lab(const QColor& c)
{
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double distance(const QColor& p, const QColor& q)
{
    const Lab a = lab(p), b = lab(q);
    return std::hypot(a.l - b.l, a.a - b.a, a.b - b.b);
}

} // namespace

class PlotThemeColours : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void distanceIsCie76();
    void seriesColoursStayApart_data();
    void seriesColoursStayApart();
    void checkpointAgesBeyondTheColoursAreOneLine_data();
    void checkpointAgesBeyondTheColoursAreOneLine();
};

void PlotThemeColours::distanceIsCie76()
{
    // Reference L*a*b* of sRGB primaries (D65).
    const Lab red = lab(QColor(255, 0, 0));
    QVERIFY(std::abs(red.l - 53.24) < 0.05 && std::abs(red.a - 80.09) < 0.05 &&
            std::abs(red.b - 67.20) < 0.05);
    QVERIFY(std::abs(distance(Qt::black, Qt::white) - 100) < 0.01);
}

void PlotThemeColours::seriesColoursStayApart_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void PlotThemeColours::seriesColoursStayApart()
{
    QFETCH(bool, dark);
    const PlotTheme theme = dark ? PlotTheme::darkTheme() : PlotTheme::light();
    QCOMPARE(theme.series.size(), 8);
    for (qsizetype i = 0; i < theme.series.size(); ++i) {
        const double fromBackground = distance(theme.series[i], theme.background);
        QVERIFY2(fromBackground >= 30,
                 qPrintable(QString("colour %1: %2 from the background").arg(i).arg(fromBackground)));
        for (qsizetype j = i + 1; j < theme.series.size(); ++j) {
            const double d = distance(theme.series[i], theme.series[j]);
            QVERIFY2(d >= 20, qPrintable(QString("colours %1 and %2: %3 apart").arg(i).arg(j).arg(d)));
        }
    }
}

// A group of `partitions` partitions whose partition p's checkpoint is 1000 * (p + 1) ms old at
// moment 0 and 500 ms at moment 1000 (partition 3: 9000).
driftscope::GroupSeries groupOf(int partitions)
{
    using namespace driftscope;
    GroupSeries g;
    g.group = "analytics";
    g.atMs = {0, 1000};
    g.heartbeatAgeMs = {std::nullopt, std::nullopt};
    for (int p = 0; p < partitions; ++p) {
        PartitionSeries s;
        s.upstream = {"orders", p};
        s.atMs = g.atMs;
        for (int64_t age : {1000 * int64_t(p + 1), p == 3 ? int64_t(9000) : int64_t(500)}) {
            PartitionReport row;
            row.checkpoint = CheckpointView{};
            row.checkpoint->ageMs = age;
            s.rows.push_back(row);
        }
        g.partitions.push_back(std::move(s));
    }
    return g;
}

void PlotThemeColours::checkpointAgesBeyondTheColoursAreOneLine_data()
{
    QTest::addColumn<int>("partitions");
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QString>("oldest");
    QTest::newRow("8: one each") << 8 << QStringList{"age: orders-0", "age: orders-1", "age: orders-2",
                                                     "age: orders-3", "age: orders-4", "age: orders-5",
                                                     "age: orders-6", "age: orders-7"}
                                 << QString();
    QTest::newRow("16: the selected and the oldest of the rest")
        << 16 << QStringList{"age: orders-5", "age: oldest of 15 other partitions shown"}
        << QString("0:16000 1000:9000");
}

// More partitions than colours: the selected one, and the oldest checkpoint of the others in a
// line whose name says so, never two lines of one colour.
void PlotThemeColours::checkpointAgesBeyondTheColoursAreOneLine()
{
    QFETCH(int, partitions);
    QFETCH(QStringList, lines);
    QFETCH(QString, oldest);
    using namespace driftscope;
    SelectionSeries selection;
    selection.selection.group = "analytics";
    selection.selection.partition = TopicPartition{"orders", 5};
    selection.series = groupOf(partitions);
    widgets::PartitionData input;
    input.series = &selection;
    widgets::CheckpointAgePlot plot;
    plot.display(input);
    QStringList shown;
    std::set<QRgb> colours;
    for (const auto& s : plot.series())
        if (s->name().startsWith("age: ")) {
            shown << s->name();
            colours.insert(s->graph()->pen().color().rgb());
        }
    QCOMPARE(shown, lines);
    QCOMPARE(colours.size(), static_cast<size_t>(lines.size()));
    if (!oldest.isEmpty()) {
        const widgets::PlotSeries* all = plot.seriesNamed(lines.back());
        QStringList points;
        for (size_t i = 0; i < all->size(); ++i)
            points << QString("%1:%2").arg(all->xs()[i]).arg(all->ys()[i]);
        QCOMPARE(points.join(' '), oldest);
    }
}

QTEST_MAIN(PlotThemeColours)
#include "tst_plot_theme.moc"
