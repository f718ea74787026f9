// The report table's model under Qt's QAbstractItemModelTester, and the health badge each verdict
// gets (widgets/health_badge.h): its text, its colour and the table roles that carry them.
#include "model/analysis/report_format.h"
#include "widgets/health_badge.h"
#include "widgets/plots/plot_theme.h"
#include "widgets/report_table.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QTest>

#include <memory>

using namespace driftscope;
using namespace driftscope::widgets;

namespace {

constexpr int kHealthColumn = 17; // the last column, "Health"

PartitionReport reportRow(const std::string& group, int partition, std::vector<Verdict> verdicts)
{
    PartitionReport r;
    r.group = group;
    r.upstream = {"orders", partition};
    r.downstream = {"A.orders", partition};
    r.committed = 100 + partition;
    r.checkpoint = CheckpointView{90, 80, 1000, 2000, std::nullopt, true};
    r.verdicts = std::move(verdicts);
    return r;
}

ReportTableModel::Rows rows(std::vector<PartitionReport> list)
{
    return std::make_shared<const std::vector<PartitionReport>>(std::move(list));
}

} // namespace

class ReportTableTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelPassesQtsModelTester();
    void badgeOfEachVerdict_data();
    void badgeOfEachVerdict();
    void groupBadgeIsTheWorst();
    void resumeOffsetAndOutcomeColumns();
    void healthColoursFollowTheTheme();
    void sortsOnEveryColumnAndFilters();
};

void ReportTableTest::modelPassesQtsModelTester()
{
    ReportTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 18);

    const auto all = rows({reportRow("g1", 0, {}), reportRow("g1", 1, {Verdict::NoSync}),
                           reportRow("g2", 0, {Verdict::CheckpointStale}), reportRow("g2", 1, {})});
    model.setRows(all);
    QCOMPARE(model.rowCount(), 4);
    model.setRows(all, 2, 2); // g2's rows
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, 0), Qt::DisplayRole).toString(), QString("g2"));
    model.setRows(all, 3); // to the end
    QCOMPARE(model.rowCount(), 1);
    model.setRows(all, 9, 5); // past the end: empty
    QCOMPARE(model.rowCount(), 0);
    model.setRows(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.headerData(kHealthColumn, Qt::Horizontal, Qt::DisplayRole).toString(), QString("Health"));
    QVERIFY(!model.headerData(0, Qt::Vertical, Qt::DisplayRole).isValid());

    // The view over the same rows, as the explorer shows it.
    ReportTable table;
    table.setRows(all);
    QCOMPARE(table.rowCount(), 4);
    QCOMPARE(table.cell(1, kHealthColumn), QString("no syncs"));
    QCOMPARE(table.cell(4, 0), QString());
}

void ReportTableTest::badgeOfEachVerdict_data()
{
    QTest::addColumn<int>("verdict"); // -1: none
    QTest::addColumn<int>("health");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QColor>("colour");
    QTest::addColumn<QString>("toolTip");
    QTest::newRow("healthy") << -1 << int(Health::Ok) << "OK" << QColor(78, 154, 6) << "ok";
    QTest::newRow("no-sync") << int(Verdict::NoSync) << int(Health::NoSyncs) << "no syncs"
                             << QColor(117, 80, 123) << "no-sync";
    QTest::newRow("too-old") << int(Verdict::TooOld) << int(Health::NotTranslatable) << "not translatable"
                             << QColor(206, 92, 0) << "too-old";
    QTest::newRow("not-ready") << int(Verdict::NotReady) << int(Health::NotTranslatable) << "not translatable"
                               << QColor(206, 92, 0) << "not-ready";
    QTest::newRow("no-checkpoint") << int(Verdict::NoCheckpoint) << int(Health::NotTranslatable)
                                   << "not translatable" << QColor(206, 92, 0) << "no-checkpoint";
    QTest::newRow("checkpoint-stale") << int(Verdict::CheckpointStale) << int(Health::CheckpointStale)
                                      << "checkpoint stale" << QColor(196, 160, 0) << "checkpoint-stale";
    QTest::newRow("skip-possible") << int(Verdict::SkipPossible) << int(Health::SkipPossible)
                                   << "skip possible" << QColor(204, 0, 0) << "skip-possible";
    QTest::newRow("beyond-target-end") << int(Verdict::BeyondTargetEnd) << int(Health::SkipPossible)
                                       << "skip possible" << QColor(204, 0, 0) << "beyond-target-end";
    QTest::newRow("over-replay-budget")
        << int(Verdict::OverReplayBudget) << int(Health::OverReplayBudget) << "over replay budget"
        << QColor(32, 74, 135) << "over-replay-budget";
}

void ReportTableTest::badgeOfEachVerdict()
{
    QFETCH(int, verdict);
    QFETCH(int, health);
    QFETCH(QString, text);
    QFETCH(QColor, colour);
    QFETCH(QString, toolTip);
    const std::vector<Verdict> verdicts =
        verdict < 0 ? std::vector<Verdict>{} : std::vector<Verdict>{static_cast<Verdict>(verdict)};
    const Health h = healthOf(verdicts);
    QCOMPARE(int(h), health);
    QCOMPARE(healthLabel(h), text);
    QCOMPARE(healthColor(h), colour);
    QCOMPARE(verdictText(verdicts), toolTip);

    // The table's health column: the badge text, its colour as the foreground, the verdicts with
    // what each means as the tool tip, left-aligned.
    ReportTableModel model;
    model.setRows(rows({reportRow("g", 0, verdicts)}));
    const QModelIndex cell = model.index(0, kHealthColumn);
    QCOMPARE(model.data(cell, Qt::DisplayRole).toString(), text);
    QCOMPARE(model.data(cell, Qt::ForegroundRole).value<QColor>(), colour);
    const QString tip = model.data(cell, Qt::ToolTipRole).toString();
    QCOMPARE(tip, verdictTip(verdicts));
    QVERIFY2(tip.startsWith(toolTip == "ok" ? QString("OK: ") : toolTip + ": "), qPrintable(tip));
    QVERIFY(tip.size() > 40);
    QCOMPARE(model.data(cell, Qt::TextAlignmentRole).toInt(), int(Qt::AlignLeft | Qt::AlignVCenter));
}

void ReportTableTest::groupBadgeIsTheWorst()
{
    // Worst last: OK < checkpoint stale < not translatable < no syncs < skip possible.
    QCOMPARE(healthOf({Verdict::CheckpointStale, Verdict::TooOld}), Health::NotTranslatable);
    QCOMPARE(healthOf({Verdict::NoSync, Verdict::CheckpointStale}), Health::NoSyncs);
    QCOMPARE(healthOf({Verdict::NoSync, Verdict::BeyondTargetEnd}), Health::SkipPossible);
    QCOMPARE(verdictText({Verdict::TooOld, Verdict::SkipPossible}), QString("too-old, skip-possible"));
}

void ReportTableTest::resumeOffsetAndOutcomeColumns()
{
    PartitionReport skips = reportRow("g", 0, {Verdict::SkipPossible});
    skips.resume = ResumeOffset{97, ResumeSource::SyncedGroupOffset};
    skips.replay.available = true;
    skips.replay.known = true;
    skips.replay.skip = 9;
    skips.replay.overshoot = 29;
    skips.replay.cadence = 20;
    PartitionReport none = reportRow("g", 1, {Verdict::NoCheckpoint});
    none.checkpoint.reset();
    none.noResumeReason = "no checkpoint";
    // Nothing explains the checkpoint: no number, and the reason on hover.
    PartitionReport unknown = reportRow("g", 2, {});
    unknown.resume = ResumeOffset{500, ResumeSource::Checkpoint};
    unknown.replay.available = true;
    unknown.replayUnknown = UnknownReplay::CheckpointUnexplained;
    unknown.replayUnknownBecause =
        "no sync read by then explains checkpoint 510 -> 500 under MM2 3.9.0 rules";
    PartitionReport maySkip = unknown;
    maySkip.upstream.partition = 3;
    maySkip.verdicts = {Verdict::SkipPossible};
    ReportTable table;
    table.setRows(rows({skips, none, unknown, maySkip}));
    const QStringList headers = [&] {
        QStringList h;
        for (int c = 0; c < table.model()->columnCount(); ++c)
            h << table.model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        return h;
    }();
    const auto cell = [&](int row, const char* header) {
        return table.cell(row, int(headers.indexOf(header)));
    };
    QCOMPARE(cell(0, "Resume offset"), QString("97"));
    QCOMPARE(cell(0, "Resume from"), QString("synced-group-offset"));
    QCOMPARE(cell(0, "Outcome"), QString("SKIPS 9"));
    QCOMPARE(cell(0, "- Overshoot"), QString("29"));
    QCOMPARE(cell(0, "+ Cadence"), QString("20"));
    QCOMPARE(cell(1, "Resume offset"), QString("- (no checkpoint)"));
    QCOMPARE(cell(1, "Outcome"), QString("-"));
    QCOMPARE(cell(2, "Resume offset"), QString("500"));
    QCOMPARE(cell(2, "Outcome"), QString("replay unknown"));
    QCOMPARE(cell(2, "= Granularity"), QString("-"));
    QCOMPARE(cell(2, "+ Staleness"), QString("-"));
    QCOMPARE(table.model()->data(table.model()->index(2, int(headers.indexOf("Outcome"))), Qt::ToolTipRole),
             QVariant(QString(
                 "Unknown: no sync read by then explains checkpoint 510 -> 500 under MM2 3.9.0 rules")));
    QCOMPARE(cell(3, "Outcome"), QString("may SKIP"));
    QCOMPARE(table.model()
                 ->data(table.model()->index(3, int(headers.indexOf("Outcome"))), Qt::ForegroundRole)
                 .value<QColor>(),
             QColor(204, 0, 0));
    // The resume offset is the one number in bold.
    for (int c = 0; c < table.model()->columnCount(); ++c)
        QCOMPARE(table.model()->data(table.model()->index(0, c), Qt::FontRole).value<QFont>().bold(),
                 headers[c] == "Resume offset");
    QCOMPARE(table.model()
                 ->data(table.model()->index(0, int(headers.indexOf("Outcome"))), Qt::ForegroundRole)
                 .value<QColor>(),
             QColor(204, 0, 0));
}

// A click on a header sorts by that column, numbers as numbers (orders-10 after orders-9, a
// replay above a skip, unknown first); the group filter keeps the order and shows a group's rows.
void ReportTableTest::sortsOnEveryColumnAndFilters()
{
    std::vector<PartitionReport> list;
    for (int p : {9, 10, 2}) {
        PartitionReport r = reportRow(p == 2 ? "billing" : "analytics", p, {});
        r.resume = ResumeOffset{80, ResumeSource::Checkpoint};
        r.replay.available = r.replay.known = true;
        r.replay.upstreamEquivalent = 90;
        r.replay.replay = p == 10 ? 0 : 100 + p - 90;
        r.replay.skip = p == 10 ? 5 : 0;
        list.push_back(r);
    }
    ReportTable table;
    table.setRows(rows(list));
    const auto column = [&](int c) {
        QStringList out;
        for (int r = 0; r < table.rowCount(); ++r)
            out << table.cell(r, c);
        return out;
    };
    QCOMPARE(column(1), (QStringList{"orders-9", "orders-10", "orders-2"})); // the report's order
    for (int c = 0; c < table.model()->columnCount(); ++c) {
        table.sortByColumn(c, Qt::AscendingOrder);
        QCOMPARE(table.rowCount(), 3);
    }
    table.sortByColumn(1, Qt::AscendingOrder);
    QCOMPARE(column(1), (QStringList{"orders-2", "orders-9", "orders-10"}));
    table.sortByColumn(2, Qt::DescendingOrder); // Committed
    QCOMPARE(column(2), (QStringList{"110", "109", "102"}));
    table.sortByColumn(9, Qt::AscendingOrder); // Outcome: the skip first
    QCOMPARE(column(9), (QStringList{"SKIPS 5", "replays 12", "replays 19"}));
    QCOMPARE(column(10), (QStringList{"[85, 90)", "[90, 102)", "[90, 109)"}));
    table.setGroupFilter("ANALY");
    QCOMPARE(column(0), (QStringList{"analytics", "analytics"}));
    QCOMPARE(column(9), (QStringList{"SKIPS 5", "replays 19"}));
    // Copy as CSV copies the rows as shown: filtered, in the order shown.
    const std::vector<const PartitionReport*> shown = table.shownRows();
    QCOMPARE(shown.size(), size_t(2));
    QCOMPARE(shown[0]->upstream.partition, 10);
    QCOMPARE(shown[1]->upstream.partition, 9);
    Report report;
    const QStringList csv = QString::fromStdString(reportCsv(report, shown)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(csv.size(), 3);
    QVERIFY(csv[0].startsWith("flow,group,topic,partition,"));
    QVERIFY2(csv[1].contains(",analytics,orders,10,"), qPrintable(csv[1]));
    QVERIFY2(csv[2].contains(",analytics,orders,9,"), qPrintable(csv[2]));
    table.setGroupFilter("");
    QCOMPARE(table.rowCount(), 3);
    // A row chosen in a sorted, filtered view is the row shown.
    table.setGroupFilter("billing");
    QString chosen;
    connect(&table, &ReportTable::rowChosen, this, [&chosen](const QString& g, const QString& t, int p) {
        chosen = g + " " + t + "-" + QString::number(p);
    });
    Q_EMIT table.activated(table.model()->index(0, 0));
    QCOMPARE(chosen, QString("billing orders-2"));
}

// One table of health colours (widgets/health_colors.h) for badges, tables and plots, on light and
// dark backgrounds; views follow the application's palette, which the theme sets.
void ReportTableTest::healthColoursFollowTheTheme()
{
    QCOMPARE(healthColor(Health::Ok, Shade::Dark), QColor(138, 226, 52));
    QCOMPARE(healthColor(Health::CheckpointStale, Shade::Dark), QColor(237, 212, 0));
    QCOMPARE(healthColor(Health::NotTranslatable, Shade::Dark), QColor(252, 175, 62));
    QCOMPARE(healthColor(Health::NoSyncs, Shade::Dark), QColor(173, 127, 168));
    QCOMPARE(healthColor(Health::SkipPossible, Shade::Dark), QColor(255, 85, 85));
    QCOMPARE(PlotTheme::light().skip, healthColor(Health::SkipPossible, Shade::Light));
    QCOMPARE(PlotTheme::light().warning, healthColor(Health::CheckpointStale, Shade::Light));
    QCOMPARE(PlotTheme::darkTheme().skip, healthColor(Health::SkipPossible, Shade::Dark));
    QCOMPARE(PlotTheme::darkTheme().warning, healthColor(Health::CheckpointStale, Shade::Dark));

    const QPalette light = QGuiApplication::palette();
    QCOMPARE(paletteShade(), Shade::Light);
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(45, 47, 51)); // the dark theme's (app/gui/theme.cpp)
    QGuiApplication::setPalette(dark);
    ReportTableModel model;
    model.setRows(rows({reportRow("g", 0, {Verdict::SkipPossible})}));
    QCOMPARE(model.data(model.index(0, kHealthColumn), Qt::ForegroundRole).value<QColor>(),
             QColor(255, 85, 85));
    QGuiApplication::setPalette(light);
    QCOMPARE(model.data(model.index(0, kHealthColumn), Qt::ForegroundRole).value<QColor>(),
             QColor(204, 0, 0));
}

QTEST_MAIN(ReportTableTest)
#include "tst_report_table.moc"
