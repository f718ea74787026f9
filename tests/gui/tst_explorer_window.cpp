// The desktop explorer driven as a user would (offscreen): it opens the committed sample
// capture, selects a group and partition, and every plot holds exactly the values the model
// computes for them; switching or comparing releases, moving the time cursor and simulating
// change them as the model says; exports write valid files.
#include "app/gui/connect_dialog.h"
#include "app/gui/connection_profile.h"
#include "app/gui/exports.h"
#include "app/gui/main_window.h"
#include "model/analysis/failover_plan.h"
#include "model/analysis/guide.h"
#include "model/analysis/report_format.h"
#include "model/analysis/store_step.h"
#include "model/analysis/translation_text.h"
#include "model/demo/demo_cluster.h"
#include "model/io/capture_file.h"
#include "model/io/session_file.h"
#include "model/sim/timeline_format.h"
#include "model/util/text_format.h"
#include "model/util/user_time.h"
#include "support/qtest_printers.h"
#include "widgets/difference_view.h"
#include "widgets/failover_drill.h"
#include "widgets/partition_page.h"
#include "widgets/plots/checkpoint_age_plot.h"
#include "widgets/plots/offset_map_plot.h"
#include "widgets/plots/offset_time_plot.h"
#include "widgets/plots/replay_window_plot.h"
#include "widgets/plots/retained_syncs_plot.h"
#include "widgets/report_table.h"
#include "widgets/session_panel.h"
#include "widgets/simulator_panel.h"
#include "widgets/store_stepper.h"
#include "widgets/time_cursor_bar.h"
#include "widgets/tune_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace driftscope;
using namespace driftscope::gui;

namespace {

const char* const kCapture = DRIFTSCOPE_SAMPLES "/demo.capture";

const Session& sampleSession()
{
    static const Session session = [] {
        auto file = readSessionFile(kCapture);
        if (!file)
            qFatal("%s", file.error().c_str());
        return std::move(file->session);
    }();
    return session;
}

Release release(const char* text)
{
    return parseRelease(text).value();
}

// Waits until the window shows the answer to everything asked so far.
bool settle(MainWindow& w)
{
    return QTest::qWaitFor([&] { return w.result() && !w.analysis().busy(); }, 20'000);
}

const widgets::PlotSeries& seriesOf(const widgets::ExplorerPlot* plot, const char* name)
{
    const widgets::PlotSeries* s = plot->seriesNamed(name);
    if (!s)
        qFatal("no series '%s' in %s", name, qPrintable(plot->title()));
    return *s;
}

// What the model says for a selection, computed here without the window.
struct Expected {
    SelectionSeries series;
    CursorView cursor;
    Expected(const Release& r, const Selection& selection, std::optional<int64_t> atMs = std::nullopt)
    {
        const Session& session = sampleSession();
        ReportOptions options;
        options.state.release = r;
        const auto [from, to] = sessionSpan(session);
        options.atMs = atMs.value_or(to);
        series = buildSelectionSeries(session, options, selection, ExplorerRequest{}.maxMoments);
        Mm2State state(session, options.state, *options.atMs);
        SampleState samples(session);
        samples.advanceTo(*options.atMs);
        cursor = buildCursorView(session, state, samples, options, selection);
    }
    const PartitionSeries& partition() const { return *series.series.find(*series.selection.partition); }
};

// The map plot at the cursor holds the model's translation: its step function, the retained
// syncs, and the committed offset's translation when MM2 gives one.
void checkMapShows(widgets::PartitionPage* page, const Expected& e)
{
    std::vector<int64_t> stepU, stepD, retainedU, retainedD;
    for (const StepPoint& s : e.cursor.steps) {
        stepU.push_back(s.upstream);
        stepD.push_back(s.downstream);
    }
    for (auto it = e.cursor.retained.rbegin(); it != e.cursor.retained.rend(); ++it) {
        retainedU.push_back(it->sync.upstream);
        retainedD.push_back(it->sync.downstream);
    }
    QCOMPARE(seriesOf(page->offsetMap(), "MM2's translation").xs(), stepU);
    QCOMPARE(seriesOf(page->offsetMap(), "MM2's translation").ys(), stepD);
    QCOMPARE(seriesOf(page->offsetMap(), "retained syncs").xs(), retainedU);
    QCOMPARE(seriesOf(page->offsetMap(), "retained syncs").ys(), retainedD);
    const Translation& t = *e.cursor.row->translated;
    const bool drawn = t.status == TranslationStatus::Translated && *t.downstream >= 0;
    QCOMPARE(seriesOf(page->offsetMap(), "committed -> if checkpointed now").ys(),
             drawn ? std::vector<int64_t>{*t.downstream} : std::vector<int64_t>{});
}

constexpr int kHealthColumn = 17; // the groups table's last column

QString rowCell(MainWindow& w, const QString& group, const QString& partition, int column)
{
    widgets::ReportTable* table = w.groupsTable();
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->cell(r, 0) == group && table->cell(r, 1) == partition)
            return table->cell(r, column);
    return "(no row)";
}

} // namespace

// The window's menu action of this text (without its & mnemonic), or nullptr.
static QAction* menuAction(const MainWindow& w, const QString& text)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text().remove('&') == text)
            return a;
    return nullptr;
}

class ExplorerWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void opensTheCaptureAndPlotsTheModel();
    void retainedSlotsAndLifetimes();
    void releaseSwitchChangesTranslations();
    void releaseNotesInTheSelectorAndHelp();
    void theGuideFollowsTheCursor();
    void theStepperStepsThroughTheStore();
    void replayBudgetMarksTheRowsOverIt();
    void compareModeShowsBothReleases();
    void timeCursorScrubs();
    void tablesAndDrill();
    void exportsWriteValidFiles();
    void hoverShowsExactValues();
    void keysZoomAndPan();
    void simulatorSlidersRerun();
    void simulationShowsTruthAndSkips();
    void eventsAreMarkedOnEveryTimeAxis();
    void compareAndSimulatorFit1280x720();
    void simulatorPanelInputsReachTheScenario();
    void targetPanelRecommendsAndApplies();
    void budgetKeptPerCapture();
    void profilesKeepNoSecrets();
    void strimziResourceAsksForItsSecrets();
    void liveSessionKeepsSecretsOutOfEveryArtifact();
    void demoStatusNamesItsOwnMirrorLag();
    void badFileIsAMessageNotACrash();
    void formatterTextHasNoTimes();
    void cursorOutsideTheSessionIsRefused();
    void bookmarksAreKeptWithTheCaptureAndDrawn();
    void bookmarksOfASessionWithoutAFileAreSavedWithIt();
    void themeOfThisRunIsNotRemembered();
    void newerReleaseAppliesKnownRulesWithANote();
    void liveSessionWithoutOffsetSyncsSaysWhy();
    void everyFlowOfAnMm2ConfigurationIsRead();
    void outageLeavesNoOkStanding();
    void firstAnswerIsTheSelectedPartitionsExactRow();

private:
    std::unique_ptr<MainWindow> m_window;
    const Selection m_selection{"analytics", TopicPartition{"payments", 0}};
};

void ExplorerWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings of the test, not the user's
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    m_window->openFile(kCapture);
    QVERIFY(settle(*m_window));
}

void ExplorerWindow::init()
{
    // Every test starts from the same view, whatever the one before left.
    MainWindow& w = *m_window;
    w.selectRelease(kDefaultRelease);
    w.setCompareRelease(std::nullopt);
    w.selectPartition("analytics", *m_selection.partition);
    w.moveCursor(std::nullopt);
    QVERIFY(settle(w));
}

void ExplorerWindow::opensTheCaptureAndPlotsTheModel()
{
    MainWindow& w = *m_window;
    QCOMPARE(w.result()->selection.group, m_selection.group);
    QCOMPARE(*w.result()->selection.partition, *m_selection.partition);
    QVERIFY(w.windowTitle().startsWith("demo.capture"));
    const Expected e(kDefaultRelease, m_selection);
    const PartitionSeries& p = e.partition();
    widgets::PartitionPage* page = w.page(0);

    // Offsets over time: committed offset, checkpoint downstream and log ends at every moment.
    std::vector<int64_t> committedAt, committed, checkpointD, sourceEnd;
    for (size_t i = 0; i < p.rows.size(); ++i) {
        if (p.rows[i].committed) {
            committedAt.push_back(p.atMs[i]);
            committed.push_back(*p.rows[i].committed);
        }
        if (p.rows[i].checkpoint)
            checkpointD.push_back(p.rows[i].checkpoint->downstream);
        if (p.rows[i].sourceEnd)
            sourceEnd.push_back(*p.rows[i].sourceEnd);
    }
    QVERIFY(committed.size() > 100);
    const auto& c = seriesOf(page->offsetTime(), "committed (source)");
    QCOMPARE(c.xs(), committedAt);
    QCOMPARE(c.ys(), committed);
    QCOMPARE(seriesOf(page->offsetTime(), "checkpoint downstream").ys(), checkpointD);
    QCOMPARE(seriesOf(page->offsetTime(), "source end").ys(), sourceEnd);

    // The source/target map at the cursor: the committed offset, MM2's translation, the checkpoint.
    const PartitionReport& row = *e.cursor.row;
    QVERIFY(row.committed && row.translated && row.checkpoint);
    const auto& t = seriesOf(page->offsetMap(), "committed -> if checkpointed now");
    QCOMPARE(t.xs(), std::vector<int64_t>{*row.committed});
    QCOMPARE(t.ys(), std::vector<int64_t>{*row.translated->downstream});
    QCOMPARE(seriesOf(page->offsetMap(), "checkpoint in force").ys(),
             std::vector<int64_t>{row.checkpoint->downstream});
    std::vector<int64_t> stepU, stepD;
    for (const StepPoint& s : e.cursor.steps) {
        stepU.push_back(s.upstream);
        stepD.push_back(s.downstream);
    }
    QCOMPARE(seriesOf(page->offsetMap(), "MM2's translation").xs(), stepU);
    QCOMPARE(seriesOf(page->offsetMap(), "MM2's translation").ys(), stepD);

    // Replay window stacked by its parts (the top is the sum of those that add).
    std::vector<int64_t> granularity, top;
    for (const PartitionReport& r : p.rows)
        if (r.replay.available) {
            granularity.push_back(r.replay.granularity);
            top.push_back(r.replay.granularity + r.replay.groupSync + r.replay.staleness + r.replay.cadence);
        }
    QCOMPARE(seriesOf(page->replayWindow(), "granularity").ys(), granularity);
    QCOMPARE(seriesOf(page->replayWindow(), "+ cadence").ys(), top);
    // Where the outcome is unknown the areas break, and a mark on the zero line says why.
    std::vector<int64_t> unknownAt;
    std::vector<bool> gaps;
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].replay.available) {
            gaps.push_back(!p.rows[i].replay.known);
            if (!p.rows[i].replay.known)
                unknownAt.push_back(p.atMs[i]);
        }
    const auto& area = seriesOf(page->replayWindow(), "+ cadence");
    for (size_t i = 0; i < gaps.size(); ++i)
        QCOMPARE(area.isGap(i), bool(gaps[i]));
    QCOMPARE(seriesOf(page->replayWindow(), "replay unknown").xs(), unknownAt);

    // Checkpoint ages of every partition of the group.
    for (const PartitionSeries& ps : e.series.series.partitions) {
        std::vector<int64_t> ages;
        for (const PartitionReport& r : ps.rows)
            if (r.checkpoint)
                ages.push_back(r.checkpoint->ageMs.value());
        const QString name = "age: " + QString::fromStdString(toString(ps.upstream));
        QCOMPARE(seriesOf(page->checkpointAges(), name.toLatin1().constData()).ys(), ages);
    }
    // The details pane says it in words.
    QVERIFY(page->details().contains(QString::fromStdString(e.cursor.explanation)));
    QVERIFY(page->details().contains("a failover now resumes at"));
}

void ExplorerWindow::retainedSlotsAndLifetimes()
{
    const Expected e(kDefaultRelease, m_selection);
    widgets::RetainedSyncsPlot* plot = m_window->page(0)->retainedSyncs();
    std::vector<int64_t> distances;
    const int64_t head = e.cursor.retained.front().sync.upstream;
    for (const RetainedSync& r : e.cursor.retained)
        for (int slot = 0; slot < r.slotCount; ++slot)
            distances.push_back(head - r.sync.upstream);
    QCOMPARE(distances.size(), size_t(kSlotCount));
    QCOMPARE(plot->slotDistances(), distances);
    // Every sync read so far is drawn: retained ones up to the cursor, expired ones until expiry.
    size_t alive = 0, expired = 0;
    for (const SyncLifetime& l : e.series.lifetimes)
        (l.expiredAtMs ? expired : alive) += 1;
    QCOMPARE(seriesOf(plot, "retained syncs").size(), 2 * alive);
    QCOMPARE(seriesOf(plot, "expired syncs").size(), 2 * expired);
    QCOMPARE(alive, e.cursor.retained.size());
    QVERIFY(expired > 0);
    // The store's rule beside its slots, in the words of the release notes.
    QCOMPARE(plot->ruleCaption(), QString("MM2 4.4.0: 64 slots, slot j at most 2^j - 1 behind the newest"));
    QVERIFY(plot->toolTip().contains("(KAFKA-15202)"));
}

// Each release of the selector says what it changed (as driftscope-cli releases), and Help lists
// every change.
void ExplorerWindow::releaseNotesInTheSelectorAndHelp()
{
    MainWindow& w = *m_window;
    auto* box = w.findChild<QComboBox*>("releaseSelector");
    QVERIFY(box);
    const int i = box->findText("3.7.0");
    QCOMPARE(
        box->itemData(i, Qt::ToolTipRole).toString(),
        QString(
            "3.7.0: sync sends: the newest triggered sync waits for a send, and the newest untriggered one "
            "is sent at each offset commit (delayed syncs) (3.6.0: the newest triggered sync of a "
            "partition waits for one of the 10 sends)\n3.7.0: null target group offsets: a target group's "
            "null "
            "offset is handled (3.6.0: a target group's null offset aborts the group-offset sync run)"));
    QCOMPARE(box->itemData(box->findText("3.4.1"), Qt::ToolTipRole).toString().count('\n'), 9); // ten rules
    QAction* help = menuAction(w, "What changed between MM2 releases");
    QVERIFY(help);
    help->trigger();
    auto* dialog = w.findChild<QDialog*>("releaseChanges");
    QVERIFY(dialog && dialog->isVisible());
    const QString text = dialog->findChild<QTextBrowser*>()->toPlainText();
    QVERIFY(text.contains("KAFKA-9914") && text.contains("delayed syncs") && !text.contains("3.4.0\n"));
    dialog->close();
}

// Help > Guide tells the story with the numbers of the selection at the cursor, and follows it.
void ExplorerWindow::theGuideFollowsTheCursor()
{
    MainWindow& w = *m_window;
    QAction* help = menuAction(w, "Guide: how MM2 translates offsets");
    QVERIFY(help);
    help->trigger();
    auto* dialog = w.findChild<QDialog*>("guide");
    QVERIFY(dialog && dialog->isVisible());
    auto* text = dialog->findChild<QTextBrowser*>();
    const auto expected = [&] {
        const ReleaseAnswer& shown = w.result()->releases.front();
        QString all;
        for (const GuideStep& step : guideSteps(shown.cursor, shown.series->lifetimes, shown.release))
            all += QString::fromStdString(step.title) + "\n" + QString::fromStdString(step.text) + "\n";
        return all;
    };
    const QString atEnd = text->toPlainText();
    QVERIFY(atEnd.contains("consumers must be idempotent") && atEnd.contains("RPO"));
    for (const QString& line : expected().split('\n', Qt::SkipEmptyParts))
        QVERIFY2(atEnd.contains(line), qPrintable(line));
    w.moveCursor(w.result()->fromMs + (w.result()->toMs - w.result()->fromMs) / 2);
    QVERIFY(settle(w));
    QVERIFY(text->toPlainText() != atEnd);
    for (const QString& line : expected().split('\n', Qt::SkipEmptyParts))
        QVERIFY2(text->toPlainText().contains(line), qPrintable(line));
    dialog->close();
}

// Store steps: the store at the last sync before the cursor, as storeStep() gives it, and the
// Step menu's keys move the cursor sync by sync, update by update, to the next checkpoint.
void ExplorerWindow::theStepperStepsThroughTheStore()
{
    MainWindow& w = *m_window;
    const Session& session = sampleSession();
    const TopicPartition tp = *m_selection.partition;
    const std::vector<int64_t> times = syncTimes(session, tp);
    // From two syncs of one millisecond in the second half of the session, where the group has
    // committed and has checkpoints.
    size_t k = times.size() / 2;
    while (k + 2 < times.size() && times[k + 1] != times[k + 2])
        ++k;
    QVERIFY(k + 2 < times.size());
    w.moveCursor(times[k]);
    QVERIFY(settle(w));
    QVERIFY(w.result()->releases.front().cursor.row);
    QAction* next = menuAction(w, "Next sync of the partition");
    QVERIFY(next);
    w.tabs()->setCurrentWidget(w.stepper());
    const std::optional<int64_t> committed = w.result()->releases.front().cursor.row->committed;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const StepView* v = w.stepper()->view();
            return v && v->step && v->step->committed == committed && !w.analysis().busy();
        },
        10'000));
    const Mm2StateOptions options = w.result()->request.state; // the capture's task start too
    const StoreStep expected = storeStep(session, options, tp, k, committed).value();
    const StoreStep shown = *w.stepper()->view()->step;
    QCOMPARE(shown.ordinal, k);
    QCOMPARE(shown.after, expected.after);
    QCOMPARE(shown.expired, expected.expired);
    QCOMPARE(shown.translatedAfter->status, expected.translatedAfter->status);
    QCOMPARE(shown.translatedAfter->downstream, expected.translatedAfter->downstream);
    // Changed slots are the highlighted rows.
    int highlighted = 0;
    for (int row = 0; row < w.stepper()->slotTable()->rowCount(); ++row)
        highlighted += w.stepper()->slotTable()->item(row, 2)->font().bold();
    QCOMPARE(static_cast<size_t>(highlighted), expected.changedSlots.size());
    for (const std::string& line : expected.expired)
        QVERIFY(w.stepper()->details().contains(QString::fromStdString(line)));
    // Alt+Right: the next sync, and again: syncs k+1 and k+2 share a millisecond, each is shown;
    // Alt+Left: back.
    next->trigger();
    QVERIFY(QTest::qWaitFor(
        [&] {
            return w.stepper()->view() && w.stepper()->view()->step &&
                   w.stepper()->view()->step->ordinal == k + 1;
        },
        10'000));
    QCOMPARE(w.result()->cursorMs, times[k + 1]);
    next->trigger();
    QVERIFY(QTest::qWaitFor([&] { return w.stepper()->view()->step->ordinal == k + 2; }, 10'000));
    menuAction(w, "Previous sync of the partition")->trigger();
    QVERIFY(QTest::qWaitFor([&] { return w.stepper()->view()->step->ordinal == k + 1; }, 10'000));
    menuAction(w, "Previous sync of the partition")->trigger();
    QVERIFY(
        QTest::qWaitFor([&] { return w.result()->cursorMs == times[k] && !w.analysis().busy(); }, 10'000));
    // The next checkpoint of the group on the partition, from the session's own records.
    const auto checkpoints = w.stepper()->view()->places.checkpoints;
    QVERIFY(!checkpoints.empty());
    const auto after = std::upper_bound(checkpoints.begin(), checkpoints.end(), times[k]);
    QVERIFY(after != checkpoints.end());
    menuAction(w, "Next checkpoint")->trigger();
    QVERIFY(QTest::qWaitFor([&] { return w.result()->cursorMs == *after; }, 10'000));
    // From the last checkpoint on, Next checkpoint goes nowhere and says so.
    w.moveCursor(checkpoints.back());
    using Target = widgets::StoreStepper::Target;
    QVERIFY(QTest::qWaitFor([&] { return !w.stepper()->targetOf(Target::NextCheckpoint); }, 10'000));
    QCOMPARE(w.stepper()->notice(), QString());
    menuAction(w, "Next checkpoint")->trigger();
    QCOMPARE(w.stepper()->notice(),
             QString("Nowhere to go: no later checkpoint of the group for this partition in the session."));
    QCOMPARE(w.result()->cursorMs, checkpoints.back());
    w.tabs()->setCurrentIndex(0);
}

void ExplorerWindow::releaseSwitchChangesTranslations()
{
    MainWindow& w = *m_window;
    const Expected modern(kDefaultRelease, m_selection);
    const Expected legacy(release("2.4.0"), m_selection);
    // The sample's groups are all behind the newest sync at the end: 2.4.0, which keeps that
    // sync only, cannot translate them (-1) where 3.9.0 rounds back to an older retained sync.
    QCOMPARE(legacy.cursor.row->translated->status, TranslationStatus::TooOld);
    QCOMPARE(modern.cursor.row->translated->status, TranslationStatus::Translated);
    w.selectRelease(release("2.4.0"));
    QVERIFY(settle(w));
    checkMapShows(w.page(0), legacy);
    QVERIFY(w.page(0)->details().contains("is behind the only sync MM2 keeps"));
    QCOMPARE(w.page(0)->retainedSyncs()->ruleCaption(), QString("MM2 2.4.0: the newest sync only"));
    QCOMPARE(rowCell(w, "analytics", "payments-0", 3), QString("too-old"));
    // 2.4.0 extrapolates: its outcomes are unknown, and the plot has marks for them, not numbers.
    QVERIFY(!seriesOf(w.page(0)->replayWindow(), "replay unknown").xs().empty());
    // (In the form that fits this window's plot: "replay unknown at N of M moments ..." or shorter.)
    QVERIFY2(w.page(0)->replayWindow()->unknownNote().startsWith("replay unknown"),
             qPrintable(w.page(0)->replayWindow()->unknownNote()));
    w.selectRelease(kDefaultRelease);
    QVERIFY(settle(w));
    checkMapShows(w.page(0), modern);
    QCOMPARE(rowCell(w, "analytics", "payments-0", 3),
             QString::fromStdString(withThousands(*modern.cursor.row->translated->downstream)));
}

void ExplorerWindow::replayBudgetMarksTheRowsOverIt()
{
    // analytics replays 238 on clicks and 146 on payments (the README's example); a budget of 200
    // offsets puts clicks over it, by 38, granularity dominating, and the badge says so.
    MainWindow& w = *m_window;
    w.setReplayBudget({200, std::nullopt});
    QVERIFY(settle(w));
    QCOMPARE(rowCell(w, "analytics", "clicks-0", kHealthColumn), QString("over replay budget"));
    QCOMPARE(rowCell(w, "analytics", "payments-0", kHealthColumn), QString("OK"));
    const auto& rows = w.result()->releases.front().cursor.report.rows;
    const auto clicks = std::find_if(rows.begin(), rows.end(), [](const PartitionReport& r) {
        return r.group == "analytics" && r.upstream == TopicPartition{"clicks", 0};
    });
    QCOMPARE(budgetExcessText(*clicks->overBudget),
             std::string("238 offsets, 38 over the budget of 200; granularity dominates (238)"));
    w.setReplayBudget({});
    QVERIFY(settle(w));
    QCOMPARE(rowCell(w, "analytics", "clicks-0", kHealthColumn), QString("OK"));
}

void ExplorerWindow::compareModeShowsBothReleases()
{
    MainWindow& w = *m_window;
    w.setCompareRelease(release("3.4.0"));
    QVERIFY(settle(w));
    QCOMPARE(w.result()->releases.size(), size_t(2));
    QVERIFY(w.page(1)->isVisible());
    checkMapShows(w.page(0), Expected(kDefaultRelease, m_selection));
    checkMapShows(w.page(1), Expected(release("3.4.0"), m_selection));
    // 3.4.0 keeps one sync per partition.
    QCOMPARE(seriesOf(w.page(1)->offsetMap(), "retained syncs").size(), size_t(1));
    w.setCompareRelease(std::nullopt);
    QVERIFY(settle(w));
    QVERIFY(!w.page(1)->isVisible());
}

void ExplorerWindow::timeCursorScrubs()
{
    MainWindow& w = *m_window;
    const int64_t at = w.result()->fromMs + 40'000;
    w.moveCursor(at);
    QVERIFY(settle(w));
    QCOMPARE(w.result()->cursorMs, at);
    const Expected e(kDefaultRelease, m_selection, at);
    std::vector<int64_t> retainedU;
    for (auto it = e.cursor.retained.rbegin(); it != e.cursor.retained.rend(); ++it)
        retainedU.push_back(it->sync.upstream);
    QCOMPARE(seriesOf(w.page(0)->offsetMap(), "retained syncs").xs(), retainedU);
    QVERIFY(w.page(0)->details().contains(QString::fromStdString(e.cursor.explanation)));
    // Forward again (the worker advances its state instead of rebuilding it): same answer as fresh.
    const int64_t later = at + 20'000;
    w.moveCursor(later);
    QVERIFY(settle(w));
    const Expected f(kDefaultRelease, m_selection, later);
    QCOMPARE(w.result()->releases[0].cursor.explanation, f.cursor.explanation);
    w.moveCursor(std::nullopt);
    QVERIFY(settle(w));
    QCOMPARE(w.result()->cursorMs, w.result()->toMs);
}

void ExplorerWindow::tablesAndDrill()
{
    MainWindow& w = *m_window;
    const Report& report = w.result()->releases[0].cursor.report;
    widgets::ReportTable* table = w.groupsTable();
    QCOMPARE(table->rowCount(), static_cast<int>(report.rows.size()));
    QCOMPARE(table->cell(0, 0), QString::fromStdString(report.rows[0].group));
    QCOMPARE(table->cell(0, 2).remove(" *").remove(','), QString::number(*report.rows[0].committed));
    // The same capture gives the same report, verdicts included, as driftscope-cli report
    // --mm2-version with the window's release: the window's JSON export is the CLI's JSON.
    ReportOptions cliOptions;
    cliOptions.state.release = w.result()->releases[0].release;
    QCOMPARE(QString::fromStdString(reportJson(report)),
             QString::fromStdString(reportJson(buildReport(sampleSession(), cliOptions))));
    // The drill's CSV is the CLI's CSV of the group's rows.
    Report group = report;
    std::erase_if(group.rows, [](const PartitionReport& r) { return r.group != "analytics"; });
    QCOMPARE(w.drill()->csv(), reportCsv(group));
    // The summary is the plan's: resume offsets and the replay they cause, never "nothing is
    // skipped" (a partition that may skip is named as left out instead).
    const FailoverPlan plan = planFailover(group);
    QCOMPARE(plan.groups.size(), size_t{1});
    QCOMPARE(w.drill()->summary(),
             QString::fromStdString(groupPlanSummary(plan.groups.front())).toHtmlEscaped() + ".");
    QVERIFY(!w.drill()->summary().contains("nothing is skipped"));
    // Every group has a badge in the side panel.
    for (const char* g : {"analytics", "audit", "billing", "fraud"})
        QVERIFY2(!w.panel()->badgeOf(g).isEmpty(), g);
}

void ExplorerWindow::exportsWriteValidFiles()
{
    QTemporaryDir dir;
    // Every export says what it shows: flow, group, partition, release, moment and source.
    const AnalysisResult& r = *m_window->result();
    const QString context = QString("A->B · group %1 · %2 · MM2 %3 rules · at %4 · demo.capture")
                                .arg(QString::fromStdString(r.selection.group),
                                     QString::fromStdString(toString(*r.selection.partition)),
                                     QString::fromStdString(toString(r.releases[0].release)),
                                     QString::fromStdString(formatUtcMs(r.cursorMs)));
    for (widgets::ExplorerPlot* plot : m_window->page(0)->plots()) {
        QCOMPARE(plot->exportContext(), context);
        const QString base = dir.filePath(QString::number(reinterpret_cast<quintptr>(plot)));
        QCOMPARE(plot->exportImage(base + ".png", 900, 500), QString());
        QCOMPARE(QImage(base + ".png").size(), QSize(900, 500));
        QCOMPARE(plot->exportImage(base + ".pdf"), QString());
        QFile pdf(base + ".pdf");
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
        QCOMPARE(plot->exportImage(base + ".svg"), QString());
        QFile svg(base + ".svg");
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("<svg") && text.contains("</svg>"));
        QVERIFY(text.contains(context.toHtmlEscaped().toUtf8()));
        QVERIFY(!plot->exportImage(base + ".bmp").isEmpty());
        // CSV: the title and context, then one line per point of every series, exact values
        // with their units, times in ISO 8601.
        const QStringList lines = plot->csv().split('\n', Qt::SkipEmptyParts);
        size_t points = 0;
        for (const auto& s : plot->series())
            points += s->size();
        QCOMPARE(lines.value(0), "# driftscope: " + plot->title() + " · " + context);
        QCOMPARE(lines.value(1), QString("series,x,x_unit,y,y_unit"));
        QCOMPARE(static_cast<size_t>(lines.size()), points + 2);
    }
    const QStringList ages = m_window->page(0)->checkpointAges()->csv().split('\n');
    const auto age =
        std::find_if(ages.begin(), ages.end(), [](const QString& l) { return l.startsWith("age: "); });
    QVERIFY(age != ages.end());
    QVERIFY2(QRegularExpression("^age: [a-z]+-\\d+,2026-11-29T\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z,UTC,\\d+,ms$")
                 .match(*age)
                 .hasMatch(),
             qPrintable(*age));
    // A PDF is for print: drawn in the light theme, the dark one kept on screen.
    widgets::ExplorerPlot* plot = m_window->page(0)->offsetTime();
    plot->applyTheme(widgets::PlotTheme::darkTheme());
    QCOMPARE(plot->exportImage(dir.filePath("dark.pdf")), QString());
    QVERIFY(plot->theme().dark);
    plot->applyTheme(widgets::PlotTheme::light());
    // The drill's failover plan: the same files driftscope-cli failover-plan writes.
    const FailoverPlan plan = m_window->drill()->groupPlan();
    QCOMPARE(plan.groups.size(), size_t{1});
    const QString planDir = dir.filePath("plan");
    QString error = "not answered";
    m_window->exportDrillPlanTo(planDir, [&error](const QString& e) { error = e; });
    QVERIFY(QTest::qWaitFor([&] { return error != "not answered"; }, 10'000));
    QCOMPARE(error, QString());
    QFile reset(planDir + "/" + QString::fromStdString(plan.groups.front().fileName));
    QVERIFY(reset.open(QIODevice::ReadOnly));
    QCOMPARE(reset.readAll().toStdString(), resetFileCsv(plan.groups.front()));
    QVERIFY(QFile::exists(planDir + "/plan.txt") && QFile::exists(planDir + "/plan.json"));
}

void ExplorerWindow::hoverShowsExactValues()
{
    widgets::ExplorerPlot* plot = m_window->page(0)->offsetTime();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const widgets::PlotSeries& s = seriesOf(plot, "committed (source)");
    const size_t i = s.size() / 2;
    const QPointF pixel(
        plot->xAxis->coordToPixel(widgets::PlotSeries::coordinate(s.xs()[i], widgets::AxisKind::TimeMs)),
        plot->yAxis->coordToPixel(static_cast<double>(s.ys()[i])));
    const QString text = plot->describeAt(pixel);
    QVERIFY2(text.contains(QString::fromStdString(withThousands(s.ys()[i]))), qPrintable(text));
    QVERIFY2(text.contains(QString::fromStdString(formatUtcMs(s.xs()[i]))), qPrintable(text));
    // Offsets beyond 2^53 cannot be drawn exactly, but they are shown exactly.
    QCOMPARE(widgets::formatValue(INT64_MAX, widgets::AxisKind::Offset),
             QString("9,223,372,036,854,775,807"));
    QVERIFY(plot->describeAt(QPointF(-50, -50)).isEmpty());
}

void ExplorerWindow::keysZoomAndPan()
{
    widgets::ExplorerPlot* plot = m_window->page(0)->offsetTime();
    const QCPRange before = plot->xAxis->range();
    QTest::keyClick(plot, Qt::Key_Plus);
    QVERIFY(plot->xAxis->range().size() < before.size() * 0.9);
    // The time axes of the page move together.
    QCOMPARE(m_window->page(0)->replayWindow()->xAxis->range().lower, plot->xAxis->range().lower);
    const QCPRange zoomed = plot->xAxis->range();
    QTest::keyClick(plot, Qt::Key_Right);
    QVERIFY(plot->xAxis->range().lower > zoomed.lower);
    QTest::keyClick(plot, Qt::Key_Home);
    QVERIFY(plot->xAxis->range().size() >= before.size() * 0.99);
}

void ExplorerWindow::simulatorSlidersRerun()
{
    MainWindow w;
    w.runSimulation(w.simulator()->scenario());
    QVERIFY(settle(w));
    const size_t syncs = w.result()->summary->syncs;
    // A smaller offset.lag.max makes MM2 emit syncs more often: the rerun has more.
    w.simulator()->setOffsetLagMax(10);
    QVERIFY(QTest::qWaitFor([&] { return w.result() && w.result()->summary->syncs > syncs * 5; }, 20'000));
    QVERIFY(settle(w));
    w.simulator()->chooseScenario("bursty");
    QVERIFY(QTest::qWaitFor([&] { return w.windowTitle().startsWith("simulation: bursty"); }, 20'000));
}

void ExplorerWindow::simulationShowsTruthAndSkips()
{
    MainWindow w;
    auto scenario = sim::namedScenario("legacy-skip").value();
    scenario.durationMs = 32 * 60'000; // the group stops at 30 min 1 s
    w.runSimulation(scenario);
    QVERIFY(settle(w));
    QVERIFY(w.result()->hasTruth);
    // It opens on the group the scenario tells the story of, the one that stops and skips.
    QCOMPARE(w.result()->selection.group, std::string("app-stops"));
    QCOMPARE(w.timeCursor()->speed(), 60); // 32 minutes: at 60x
    w.selectGroup("app-stops");
    QVERIFY(settle(w));
    const auto& skips = seriesOf(w.page(0)->replayWindow(), "skipped (truth)");
    QVERIFY2(skips.size() > 0, "legacy-skip under 2.4.0 skips records");
    for (int64_t v : skips.ys())
        QVERIFY(v < 0); // drawn below zero: records never read
    QCOMPARE(seriesOf(w.page(0)->offsetTime(), "processed (truth)").size(),
             w.result()->truths.front().size());
    // 2.4.0 extrapolated: the report cannot count the skip and says it may SKIP; the simulation's
    // truth beside it says how many.
    const std::string truth = sim::truthText(w.result()->truths.front(), w.result()->cursorMs);
    QCOMPARE(truth,
             std::string(
                 "the simulation's truth at 2026-01-01T00:32:00.000Z: a failover would SKIP 19,684 records"));
    const QString details = w.page(0)->details();
    QVERIFY2(details.contains("and may SKIP records, how many is unknown") &&
                 details.contains(QString::fromStdString(truth)),
             qPrintable(details));
    // Compare runs the scenario again under 3.4.1, beside the 2.4.0 run: the README's example
    // (2.4.0 skips where 3.4.1 replays) in one view, and where the two first part.
    QVERIFY(!w.differenceView()->isVisibleTo(&w));
    w.setCompareRelease(release("3.4.1"));
    QVERIFY(settle(w));
    QCOMPARE(w.result()->releases.size(), size_t{2});
    QCOMPARE(w.result()->truths.size(), size_t{2});
    QVERIFY(w.differenceView()->isVisibleTo(&w));
    QVERIFY(seriesOf(w.page(0)->replayWindow(), "skipped (truth)").size() > 0);
    QCOMPARE(seriesOf(w.page(1)->replayWindow(), "skipped (truth)").size(), size_t(0));
    QCOMPARE(sim::truthText(w.result()->truths[1], w.result()->cursorMs),
             std::string(
                 "the simulation's truth at 2026-01-01T00:32:00.000Z: a failover would replay 319 records"));
    const std::vector<std::string>& lines = w.result()->differenceLines;
    const std::vector<std::string> expected = {
        "2.4.0 and 3.4.1 first differ on orders-0 at 2026-01-01T00:00:02.600Z, of the moments compared",
        "the simulation's truth: differs at 18,601 of 19,200 samples, first at 2026-01-01T00:01:00.000Z "
        "(2.4.0: would replay 39 records; 3.4.1: would replay 455 records)",
        "2.4.0 in truth: a failover would skip records at 1,189 of 19,200 samples (up to 19,684, first at "
        "2026-01-01T00:30:01.200Z), and replay up to 44 records",
        "3.4.1 in truth: a failover would skip records at 0 of 19,200 samples, and replay up to 12,515 "
        "records",
        "translation of the committed offset: differs at 1,804 of 1,835 moments, first at "
        "2026-01-01T00:00:02.600Z (2.4.0: committed 20,528 does not translate (too-old); 3.4.1: committed "
        "20,528 translates to 397)",
        "checkpoint in force: differs at 1,788 of 1,835 moments, first at 2026-01-01T00:01:01.500Z (2.4.0: "
        "checkpoint 794,787 -> 31,894; 3.4.1: checkpoint 794,787 -> 11,573)",
        "failover outcome: differs at 1,818 of 1,835 moments, first at 2026-01-01T00:00:02.600Z (2.4.0: no "
        "resume position (too old); 3.4.1: no resume position (no checkpoint))",
        "2.4.0: of 1,451 moments with a resume position, a failover skips at 0, may skip at 1,451, replays "
        "an unknown number of offsets at 0 and a known number at 0",
        "3.4.1: of 1,452 moments with a resume position, a failover skips at 0, may skip at 0, replays an "
        "unknown number of offsets at 0 and a known number at 1,452 (up to 835,417 offsets)"};
    QCOMPARE(lines, expected);
    QVERIFY(w.differenceView()->toPlainText().startsWith(QString::fromStdString(lines.front())));
    // "go there" moves the time cursor to the first difference.
    const int64_t firstDifference = w.result()->difference->firstMs().value();
    Q_EMIT w.differenceView()->anchorClicked(QUrl("first"));
    QVERIFY(settle(w));
    QCOMPARE(w.result()->cursorMs, firstDifference);
    w.setCompareRelease(std::nullopt);
    QVERIFY(settle(w));
    QVERIFY(!w.differenceView()->isVisibleTo(&w));

    // The same scenario under 3.4.1 never skips.
    scenario.release = release("3.4.1");
    w.runSimulation(scenario);
    QVERIFY(
        QTest::qWaitFor([&] { return w.result() && w.result()->summary->info.release == "3.4.1"; }, 20'000));
    w.selectRelease(release("3.4.1"));
    QVERIFY(settle(w));
    QCOMPARE(seriesOf(w.page(0)->replayWindow(), "skipped (truth)").size(), size_t(0));
}

// What happened is marked on every time axis of the page, with its words on hover: here the
// scenario's checkpoint task restart, a band of 10 s at 30 min.
void ExplorerWindow::eventsAreMarkedOnEveryTimeAxis()
{
    MainWindow w;
    auto scenario = sim::namedScenario("checkpoint-task-restart").value();
    scenario.durationMs = 35 * 60'000;
    w.runSimulation(scenario);
    QVERIFY(settle(w));
    QCOMPARE(w.result()->selection.group, std::string("app-behind"));
    // The restart, and what the records show of it: no checkpoint from the round before it to the
    // first round after it.
    const std::string gap =
        "no checkpoint of any group from 2026-01-01T00:29:00.000Z to 2026-01-01T00:31:10.000Z (2 min 10 s); "
        "MM2 "
        "emits every 1 min 0 s when it runs: its checkpoint task was stopped or restarting, or (3.4.1+) no "
        "group's translation moved";
    const std::string text =
        "scenario: MM2's checkpoint task restarts at 2026-01-01T00:30:00.000Z for 10.0 s and "
        "rebuilds its store from the offset-syncs topic";
    QVERIFY(w.result()->marks);
    const std::vector<TimelineMark>& marks = *w.result()->marks;
    QCOMPARE(marks.size(), size_t{2});
    QCOMPARE(QString::fromStdString(marks[0].text), QString::fromStdString(gap));
    QCOMPARE(QString::fromStdString(marks[1].text), QString::fromStdString(text));
    const int64_t from = marks[1].fromMs;
    QCOMPARE(marks[1].toMs - from, int64_t{10'000});
    QCOMPARE(marks[0].toMs - marks[0].fromMs, int64_t{130'000});
    size_t marked = 0;
    for (widgets::ExplorerPlot* plot : w.page(0)->plots()) {
        QCOMPARE(plot->marks(), *w.result()->marks);
        int items = 0;
        for (int i = 0; i < plot->itemCount(); ++i)
            items += plot->item(i)->objectName() == "mark" ? 1 : 0;
        QCOMPARE(items, static_cast<int>(2 * plot->timeAxes().size())); // a band per mark and time axis
        marked += plot->timeAxes().size();
    }
    QCOMPARE(marked, size_t{5}); // every plot but the offset map, which has no time axis
    // Hovering the restart's band names both, beside the point under the pointer if any.
    widgets::ExplorerPlot* plot = w.page(0)->checkpointAges();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCPAxis* axis = plot->timeAxes().front();
    const double x =
        axis->coordToPixel(widgets::PlotSeries::coordinate(from + 5'000, widgets::AxisKind::TimeMs));
    const QString hovered = plot->describeAt(QPointF(x, axis->axisRect()->center().y()));
    QVERIFY2(hovered.endsWith(QString::fromStdString(gap + "\n" + text)), qPrintable(hovered));
    const double before =
        axis->coordToPixel(widgets::PlotSeries::coordinate(from - 120'000, widgets::AxisKind::TimeMs));
    QVERIFY(!plot->describeAt(QPointF(before, axis->axisRect()->center().y())).contains("checkpoint"));
}

// A simulation compared with another release, the simulator open: the window still fits a
// 1280x720 screen, the pages scroll inside it rather than grow it, and the difference stays.
void ExplorerWindow::compareAndSimulatorFit1280x720()
{
    MainWindow w;
    auto scenario = sim::namedScenario("legacy-skip").value();
    scenario.durationMs = 5 * 60'000;
    w.runSimulation(scenario);
    w.setCompareRelease(release("3.4.1"));
    w.resize(1280, 720);
    w.show();
    QVERIFY(settle(w));
    QCOMPARE(w.result()->releases.size(), size_t{2});
    const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
    QVERIFY2(least.width() <= 1280 && least.height() <= 720,
             qPrintable(QString("%1x%2").arg(least.width()).arg(least.height())));
    QCOMPARE(w.size(), QSize(1280, 720));
    QVERIFY(w.differenceView()->isVisible());
    QVERIFY(w.page(1)->isVisible());
}

// The first view of a simulation and every rerun from the panel sample by sim::sampleIntervalOf,
// the panel's consume rate and group-offset sync reach the scenario it runs, and its status gives
// the run's figures over every step.
void ExplorerWindow::simulatorPanelInputsReachTheScenario()
{
    MainWindow w;
    sim::Scenario steady = sim::namedScenario("steady").value();
    steady.durationMs = 10 * 60'000;
    w.runSimulation(steady);
    QVERIFY(settle(w));
    // app-fast commits every second: samples every 100 ms, 6000 in ten minutes.
    QCOMPARE(w.result()->truths.front().size(), size_t{6000});
    QCOMPARE(w.result()->selection.group, std::string("app-slow-commits")); // steady's focus
    QCOMPARE(w.timeCursor()->speed(), 1);                                   // ten minutes play in real time
    widgets::SimulatorPanel* panel = w.simulator();
    const auto statusOf = [&] {
        return panel->findChild<QLabel*>("simulatorStatus")->text();
    };
    const auto expectedStatus = [](const sim::Scenario& s) {
        return QString::fromStdString(sim::summaryText(sim::simulate(s, [](const sim::Sample&) {})))
                   .toHtmlEscaped() +
               ".<br>These figures cover every step of every group partition. The plots show what a reader "
               "of "
               "MM2's topics sees every 0.1 s, with the simulator's truth (processed, replayed, skipped).";
    };
    QCOMPARE(statusOf(), expectedStatus(steady));
    QVERIFY(statusOf().contains("at every step a failover replays at most "));

    auto* sync = panel->findChild<QCheckBox*>("syncGroupOffsets");
    auto* syncInterval = panel->findChild<QSpinBox*>("syncGroupOffsetsInterval");
    auto* fixedRate = panel->findChild<QCheckBox*>("fixedConsumeRate");
    auto* rate = panel->findChild<QDoubleSpinBox*>("consumeRate");
    QVERIFY(sync && syncInterval && fixedRate && rate);
    QVERIFY(!sync->isChecked() && !syncInterval->isEnabled());
    QVERIFY(!fixedRate->isChecked() && !rate->isEnabled());
    sync->setChecked(true);
    syncInterval->setValue(120);
    fixedRate->setChecked(true);
    rate->setValue(30);
    const sim::Scenario asked = panel->scenario();
    QVERIFY(asked.syncGroupOffsets);
    QCOMPARE(asked.syncGroupOffsetsIntervalMs, int64_t{120'000});
    QCOMPARE(asked.groups.size(), size_t{3});
    for (const sim::GroupSpec& g : asked.groups)
        QCOMPARE(g.consumeRate, 30.0);
    QCOMPARE(sim::sampleIntervalOf(asked), int64_t{100}); // the same rule as the first view
    // The rerun runs exactly that scenario, sampled alike.
    QVERIFY(QTest::qWaitFor(
        [&] { return w.result() && w.result()->summary->info.syncGroupOffsetsIntervalMs == 120'000; },
        20'000));
    QVERIFY(settle(w));
    QVERIFY(w.result()->summary->info.syncGroupOffsets);
    QCOMPARE(w.result()->truths.front().size(), size_t{6000});
    QCOMPARE(statusOf(), expectedStatus(asked));
    // Unchecked, the groups keep the pace of the scenario the panel was loaded with.
    fixedRate->setChecked(false);
    for (const sim::GroupSpec& g : panel->scenario().groups)
        QCOMPARE(g.consumeRate, -1.0);
    sync->setChecked(false);
    QVERIFY(!panel->scenario().syncGroupOffsets);
}

// The target panel answers as driftscope-cli tune does for the simulated scenario, and applying
// the answer reruns the simulation with it, the target drawn on the replay plot.
void ExplorerWindow::targetPanelRecommendsAndApplies()
{
    MainWindow w;
    const sim::Scenario steady = sim::namedScenario("steady").value();
    w.runSimulation(steady);
    QVERIFY(settle(w));
    widgets::TunePanel* panel = w.tunePanel();
    panel->setTarget({tuning::Unit::Records, 1000, 99});
    auto* recommend = panel->findChild<QPushButton*>("tuneRecommend");
    auto* apply = panel->findChild<QPushButton*>("tuneApply");
    QVERIFY(recommend && apply && !apply->isEnabled());
    recommend->click();
    QVERIFY(QTest::qWaitFor([&] { return panel->answer().has_value(); }, 30'000));
    // The CLI's words, from the same function.
    const sim::TuneAnswer cli = sim::tuneScenario(steady, {tuning::Unit::Records, 1000, 99}, {});
    QCOMPARE(panel->resultText(), QString::fromStdString(sim::tuneText(cli)));
    const QString summary = panel->findChild<QLabel*>("tuneSummary")->text();
    QVERIFY2(summary.contains("offset.lag.max 100 → <b>199</b>") &&
                 summary.contains("emit.checkpoints.interval.seconds 60 → <b>4</b>") &&
                 summary.contains("app-slow-commits commits every 1 min 0 s → <b>15.0 s</b>") &&
                 summary.contains("simulated with it: p99 966 records — meets the target"),
             qPrintable(summary));
    QVERIFY(apply->isEnabled());
    apply->click();
    QVERIFY(QTest::qWaitFor(
        [&] { return w.result() && w.result()->summary->info.emitCheckpointsIntervalMs == 4000; }, 30'000));
    QVERIFY(settle(w));
    QCOMPARE(w.simulator()->scenario().offsetLagMax, int64_t{199});
    QCOMPARE(w.replayBudget().maxRecords, std::optional<int64_t>(1000));
    QCOMPARE(w.page(0)->replayWindow()->budgetLine(), std::optional<int64_t>(1000));
}

// View > Replay budget keeps the budget for the capture shown: it applies when the capture is
// opened again, and another capture has its own (none here).
void ExplorerWindow::budgetKeptPerCapture()
{
    const QString real = DRIFTSCOPE_SAMPLES "/real-mm2.capture";
    const QString demo = kCapture;
    {
        MainWindow w;
        w.openFile(real);
        QVERIFY(settle(w));
        w.chooseReplayBudget({1000, std::nullopt});
        QCOMPARE(w.replayBudget().maxRecords, std::optional<int64_t>(1000));
    }
    MainWindow w;
    w.openFile(real);
    QVERIFY(settle(w));
    QCOMPARE(w.replayBudget(), (ReplayBudget{1000, std::nullopt}));
    QCOMPARE(w.page(0)->replayWindow()->budgetLine(), std::optional<int64_t>(1000));
    w.openFile(demo);
    QVERIFY(QTest::qWaitFor([&] { return w.windowTitle().contains("demo.capture"); }, 20'000));
    QVERIFY(settle(w));
    QCOMPARE(w.replayBudget(), ReplayBudget{});
    // The command line's budget wins over what a capture kept, for that run.
    MainWindow pinned;
    pinned.pinReplayBudget({std::nullopt, 60'000});
    pinned.openFile(real);
    QVERIFY(settle(pinned));
    QCOMPARE(pinned.replayBudget(), (ReplayBudget{std::nullopt, 60'000}));
}

void ExplorerWindow::profilesKeepNoSecrets()
{
    QTemporaryDir dir;
    const QString file = dir.filePath("settings.ini");
    {
        QSettings settings(file, QSettings::IniFormat);
        ConnectionProfile p;
        p.name = "prod";
        p.sourceBootstrap = "kafka-a:9093";
        p.targetBootstrap = "kafka-b:9093";
        p.clientSettings = {"source.security.protocol=SASL_SSL", "source.sasl.username=reader",
                            "source.sasl.password=planted-Secret-42",
                            "target.ssl.key.password=planted-Secret-43"};
        saveProfile(settings, p);
        settings.sync();
        const ConnectionProfile back = loadProfile(settings, "prod");
        QCOMPARE(back.missingSecrets(), QStringList({"source.sasl.password", "target.ssl.key.password"}));
        QVERIFY(back.clientSettings.contains("source.sasl.username=reader"));
        auto connection = connectionOf(p);
        QVERIFY(connection.ok());
        QCOMPARE(*connection->source.property("sasl.password"), std::string("planted-Secret-42"));
    }
    QFile ini(file);
    QVERIFY(ini.open(QIODevice::ReadOnly));
    const QByteArray text = ini.readAll();
    QVERIFY(text.contains("kafka-a:9093"));
    QVERIFY(!text.contains("planted-Secret"));
}

// A profile whose MM2 configuration file is a Strimzi resource: the Secrets it names are the
// settings the Connect dialog asks for (a password hidden, a CA file's path as typed); given,
// they connect; saved, the password's value stays out of the settings file.
void ExplorerWindow::strimziResourceAsksForItsSecrets()
{
    QTemporaryDir dir;
    QFile yaml(dir.filePath("mm2.yaml"));
    QVERIFY(yaml.open(QIODevice::WriteOnly));
    yaml.write("apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: dr\nspec:\n"
               "  target:\n    alias: dr\n    bootstrapServers: 127.0.0.1:2\n    offsetStorageTopic: o\n"
               "    tls:\n      trustedCertificates: [{secretName: dr-ca, certificate: ca.crt}]\n"
               "    authentication: {type: scram-sha-512, username: reader,"
               " passwordSecret: {secretName: reader, password: password}}\n"
               "  mirrors:\n  - source: {alias: main, bootstrapServers: \"127.0.0.1:1\"}\n"
               "    sourceConnector: {}\n    checkpointConnector: {}\n");
    yaml.close();
    ConnectionProfile p;
    p.name = "dr";
    p.useMm2File = true;
    p.mm2File = yaml.fileName();
    QCOMPARE(settingsTheFileNeeds(p), QStringList({"target.ssl.ca.location", "target.sasl.password"}));
    QVERIFY(!secretName("target.ssl.ca.location") && secretName("target.sasl.password"));
    QVERIFY(!connectionOf(p).ok());
    QVERIFY(connectionOf(p).error().find("give -X target.sasl.password=...") != std::string::npos);
    p.setSetting("target.ssl.ca.location", "/etc/ssl/dr-ca.pem");
    p.setSetting("target.sasl.password", "planted-Secret-44");
    QCOMPARE(settingsTheFileNeeds(p), QStringList());
    const auto connection = connectionOf(p);
    QVERIFY2(connection.ok(), connection.ok() ? "" : connection.error().c_str());
    QCOMPARE(connection->target.alias, std::string("dr"));
    QCOMPARE(*connection->target.property("sasl.username"), std::string("reader"));
    QCOMPARE(*connection->target.property("sasl.password"), std::string("planted-Secret-44"));
    QCOMPARE(*connection->connectOffsetsTopic, std::string("o"));
    QSettings settings(dir.filePath("settings.ini"), QSettings::IniFormat);
    saveProfile(settings, p);
    const ConnectionProfile back = loadProfile(settings, "dr");
    QCOMPARE(back.missingSecrets(), QStringList({"target.sasl.password"}));
    QVERIFY(back.clientSettings.contains("target.ssl.ca.location=/etc/ssl/dr-ca.pem"));
    // The dialog with this profile: its settings shown under the file, all of it on a 1280x720 screen.
    ConnectDialog dialog(settings);
    dialog.setProfile(back);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.profile().clientSettings, back.clientSettings);
    QVERIFY2(dialog.frameGeometry().width() <= 1280 && dialog.frameGeometry().height() <= 720,
             qPrintable(
                 QString("%1x%2").arg(dialog.frameGeometry().width()).arg(dialog.frameGeometry().height())));
    if (const QString shots = qEnvironmentVariable("DRIFTSCOPE_SCREENSHOTS"); !shots.isEmpty())
        QVERIFY(dialog.grab().save(shots + "/connect-strimzi.png"));
}

void ExplorerWindow::demoStatusNamesItsOwnMirrorLag()
{
    // The embedded demo says how far its own MM2 is behind (so that its starvation is never read
    // as MM2's): the status bar carries the demo's status, in the words of demoStatusText.
    MainWindow w;
    w.show();
    w.startDemo("steady");
    QVERIFY(QTest::qWaitFor([&] { return w.statusText().contains("demo MM2 lag "); }, 30'000));
    QVERIFY2(w.statusText().contains(" records, oldest "), qPrintable(w.statusText()));
    QVERIFY2(w.statusText().contains("design up to 7.0 s)"), qPrintable(w.statusText()));
    QVERIFY(!w.statusText().contains("cannot keep up"));
}

// A live session's answers come every second: a zoomed plot keeps the user's view through them,
// every time axis of the page with it, until Home fits it again.
void checkZoomStaysOnLiveSession(MainWindow& w)
{
    w.tabs()->setCurrentIndex(0);
    widgets::ExplorerPlot* plot = w.page(0)->offsetTime();
    QTest::keyClick(plot, Qt::Key_Plus);
    const QCPRange zoomed = plot->xAxis->range();
    const uint64_t version = w.result()->sessionVersion;
    QVERIFY(QTest::qWaitFor([&] { return w.result()->sessionVersion >= version + 2; }, 30'000));
    QVERIFY(settle(w));
    QCOMPARE(plot->xAxis->range().lower, zoomed.lower);
    QCOMPARE(plot->xAxis->range().upper, zoomed.upper);
    QCOMPARE(w.page(0)->replayWindow()->xAxis->range().lower, zoomed.lower);
    QTest::keyClick(plot, Qt::Key_Home);
    QVERIFY(plot->xAxis->range().size() > zoomed.size() * 1.1);
}

// The store stepper on a live session, the cursor paused on a past sync: what it shows is what
// storeStep gives from the session the worker holds (which grows on meanwhile).
void checkStepperOnLiveSession(MainWindow& w)
{
    const TopicPartition tp = *w.result()->selection.partition;
    std::vector<int64_t> times;
    bool done = false;
    w.analysis().withSession(
        [&](const Session& session) {
            times = syncTimes(session, tp);
            return QString();
        },
        [&](const QString&) { done = true; });
    QVERIFY(QTest::qWaitFor([&] { return done; }, 20'000));
    QVERIFY(times.size() >= 2);
    const int64_t paused = times[times.size() / 2];
    w.tabs()->setCurrentWidget(w.stepper());
    w.moveCursor(paused);
    QVERIFY(QTest::qWaitFor(
        [&] {
            const StepView* v = w.stepper()->view();
            return w.result()->cursorMs == paused && v && v->step && v->step->atMs == paused;
        },
        20'000));
    const StoreStep shown = *w.stepper()->view()->step;
    const Mm2StateOptions options = w.result()->request.state;
    std::optional<StoreStep> expected;
    done = false;
    w.analysis().withSession(
        [&](const Session& session) {
            expected = storeStep(session, options, tp, shown.ordinal, shown.committed);
            return QString();
        },
        [&](const QString&) { done = true; });
    QVERIFY(QTest::qWaitFor([&] { return done; }, 20'000));
    QVERIFY(expected);
    QCOMPARE(shown.before, expected->before);
    QCOMPARE(shown.after, expected->after);
    QCOMPARE(shown.changedSlots, expected->changedSlots);
    QCOMPARE(shown.expired, expected->expired);
    w.tabs()->setCurrentIndex(0);
}

void ExplorerWindow::liveSessionKeepsSecretsOutOfEveryArtifact()
{
    // A live pair (the demo clusters, through the Kafka protocol) connected with secret client
    // settings: none of them may reach the window title, the status bar, the settings, a saved
    // capture or an exported report.
    const QByteArray planted = "PLANTED-gui-Secret-7781";
    auto demo = kafka::DemoClusters::start(kafka::demoScenario("steady").value());
    QVERIFY2(demo.ok(), demo.ok() ? "" : demo.error().c_str());
    const kafka::DemoInfo& info = (*demo)->info();
    auto settings = settingsFromParts(
        "A", "B", info.sourceBootstrap, info.targetBootstrap,
        {"source.sasl.password=" + planted.toStdString(), "target.ssl.key.password=" + planted.toStdString()},
        nullptr, nullptr);
    QVERIFY(settings.ok());
    kafka::LiveReaderOptions options;
    options.connection = *settings;
    QTemporaryDir dir;
    {
        MainWindow w;
        w.show();
        w.connectLive({options});
        QVERIFY(QTest::qWaitFor(
            [&] {
                return w.result() && w.result()->summary->syncs > 0 && w.result()->summary->checkpoints > 0;
            },
            60'000));
        QVERIFY(settle(w));
        const QString capture = dir.filePath("live.capture");
        bool saved = false;
        QString error;
        w.analysis().withSession([&](const Session& session) { return saveCapture(session, capture, 0, {}); },
                                 [&](const QString& e) {
                                     error = e;
                                     saved = true;
                                 });
        QVERIFY(QTest::qWaitFor([&] { return saved; }, 20'000));
        QCOMPARE(error, QString());
        QVERIFY(w.result()->summary->info.configuration.size() > 2);
        QByteArray everything = w.windowTitle().toUtf8() + w.statusText().toUtf8() +
                                QByteArray::fromStdString(reportJson(w.result()->releases[0].cursor.report)) +
                                QByteArray::fromStdString(w.drill()->csv()) + w.page(0)->details().toUtf8();
        for (const auto& [key, value] : w.result()->summary->info.configuration)
            everything += QByteArray::fromStdString(key + "=" + value + "\n");
        QVERIFY(everything.contains("[redacted]"));
        QVERIFY(!everything.contains(planted));
        checkZoomStaysOnLiveSession(w);
        checkStepperOnLiveSession(w);
        for (const QString& path : {capture, capture + "-wal"}) {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(planted), qPrintable(path));
        }
        QVERIFY(QFileInfo(capture).size() > 0);
    }
    QSettings().sync();
    QFile ini(QSettings().fileName());
    if (ini.open(QIODevice::ReadOnly))
        QVERIFY(!ini.readAll().contains(planted));
}

// The dialogs the window opened (tellLater's message boxes), as "title: text".
QStringList dialogsOf(const QWidget& w)
{
    QStringList out;
    for (const QMessageBox* box : w.findChildren<QMessageBox*>())
        if (box->isVisible())
            out << box->windowTitle() + ": " + box->text();
    return out;
}

// MM2's console formatters print no times: the window says so instead of showing 1970.
void ExplorerWindow::formatterTextHasNoTimes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("records.txt");
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    for (const char* name : {"/demo_offset_syncs.txt", "/demo_checkpoints.txt"}) {
        QFile in(QString(DRIFTSCOPE_SAMPLES) + name);
        QVERIFY(in.open(QIODevice::ReadOnly));
        out.write(in.readAll());
    }
    out.close();
    MainWindow w;
    w.openFile(path);
    QVERIFY(settle(w));
    QVERIFY(w.result()->summary->info.recordTimesUnknown);
    QCOMPARE(w.timeCursor()->labelText(), QString("time unknown: the records carry none"));
    const QString details = w.page(0)->details();
    QVERIFY2(details.contains("emitted at an unknown time") && !details.contains("1970"),
             qPrintable(details));
    QCOMPARE(rowCell(w, "analytics", "clicks-0", 5), QString("unknown")); // the Age column
    // Compared with another release: no time axis shows a time, no CSV or difference line a 1970.
    w.setCompareRelease(release("2.4.0"));
    QVERIFY(settle(w));
    QCOMPARE(w.result()->releases.size(), size_t(2));
    for (int i = 0; i < 2; ++i)
        for (widgets::ExplorerPlot* plot : w.page(i)->plots()) {
            for (QCPAxis* axis : plot->timeAxes()) {
                QVERIFY(!axis->tickLabels());
                QVERIFY2(axis->label().startsWith("time unknown"), qPrintable(axis->label()));
            }
            const QString csv = plot->csv();
            QVERIFY2(!csv.contains("1970"), qPrintable(plot->title()));
            if (!plot->timeAxes().empty() && csv.count('\n') > 2)
                QVERIFY2(csv.contains(",,unknown (the records carry no times),"), qPrintable(plot->title()));
        }
    QVERIFY(!w.result()->differenceLines.empty());
    for (const std::string& line : w.result()->differenceLines)
        QVERIFY2(line.find("1970") == std::string::npos, line.c_str());
    QVERIFY(!w.differenceView()->toPlainText().contains("1970"));
}

void ExplorerWindow::badFileIsAMessageNotACrash()
{
    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.capture"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("SQLite format 3\0garbage", 23);
    bad.close();
    MainWindow w;
    w.show();
    QStringList failures;
    connect(&w, &MainWindow::failed, this,
            [&](const QString& t, const QString& m) { failures << t + ": " + m; });
    w.openFile(bad.fileName());
    QVERIFY(QTest::qWaitFor([&] { return !w.sources().loading(); }, 10'000));
    QTest::qWait(50);
    QVERIFY(w.statusBar()->currentMessage().contains("Cannot open bad.capture"));
    // A dialog names the file and the reason (a failure of its own, for --screenshot to end on).
    QCOMPARE(failures.size(), 1);
    QVERIFY2(failures[0].startsWith("Cannot open bad.capture: " + bad.fileName() + ": "),
             qPrintable(failures[0]));
    QCOMPARE(dialogsOf(w), failures);
    const QString missing = dir.filePath("nosuch.capture");
    w.openFile(missing);
    QVERIFY(QTest::qWaitFor([&] { return failures.size() == 2; }, 10'000));
    QCOMPARE(failures[1],
             "Cannot open nosuch.capture: " + missing + ": cannot open: No such file or directory");
    QVERIFY(dialogsOf(w).contains(failures[1]));
}

void ExplorerWindow::cursorOutsideTheSessionIsRefused()
{
    // The command line's --at, checked against the session once it is there, with the CLI's message.
    MainWindow w;
    w.show();
    QStringList failures;
    connect(&w, &MainWindow::failed, this,
            [&](const QString& t, const QString& m) { failures << t + ": " + m; });
    w.moveCursorOnceLoaded("2000-01-01T00:00:00Z");
    w.openFile(kCapture);
    QVERIFY(settle(w));
    QTRY_COMPARE(
        failures,
        QStringList{"Time cursor: --at 2000-01-01T00:00:00.000Z is outside the session, which covers "
                    "2026-11-29T13:36:20.381Z to 2026-11-29T13:37:51.856Z"});
    QCOMPARE(dialogsOf(w), failures);
    QCOMPARE(w.result()->cursorMs, *parseUserTime("2026-11-29T13:37:51.856Z")); // where it was: the end
    // A moment inside, in any of the CLI's forms, is where the cursor goes.
    const int64_t at = *parseUserTime("2026-11-29T14:37:00+01:00");
    w.moveCursorOnceLoaded("2026-11-29T14:37:00+01:00");
    QVERIFY(settle(w));
    QTRY_COMPARE(w.result()->cursorMs, at);
    QCOMPARE(failures.size(), 1);
}

namespace {

// The action of the window's Bookmarks menu whose text starts with `text`, as the user sees the
// menu (filled when it opens).
QAction* bookmarksEntry(MainWindow& w, const QString& text)
{
    for (QAction* top : w.menuBar()->actions())
        if (top->text() == "&Bookmarks") {
            Q_EMIT top->menu()->aboutToShow();
            for (QAction* a : top->menu()->actions())
                if (a->text().startsWith(text))
                    return a;
        }
    return nullptr;
}

int bookmarkItems(widgets::ExplorerPlot* plot)
{
    int items = 0;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* label = qobject_cast<QCPItemText*>(plot->item(i)); label && label->objectName() == "mark")
            items += 1;
    return items;
}

} // namespace

// A reviewer names moments of a capture: each is written into the capture at once, drawn and
// named on every time axis, listed in the menu and jumped to, taken by --at, and in the report.
void ExplorerWindow::bookmarksAreKeptWithTheCaptureAndDrawn()
{
    QTemporaryDir dir;
    const QString copy = dir.filePath("reviewed.capture");
    QVERIFY(QFile::copy(kCapture, copy));
    MainWindow w;
    w.show();
    w.openFile(copy);
    QVERIFY(settle(w));
    QVERIFY(w.bookmarks().empty());
    const int64_t incident = *parseUserTime("2026-11-29T13:37:30Z");
    QCOMPARE(w.addBookmark("incident", incident), QString());
    QCOMPARE(w.statusBar()->currentMessage(),
             QString("Bookmark 'incident' at 2026-11-29T13:37:30.000Z, saved in reviewed.capture"));
    QCOMPARE(w.addBookmark("incident", incident + 1),
             QString("a bookmark named 'incident' is already at 2026-11-29T13:37:30.000Z"));
    QCOMPARE(w.addBookmark(" failover", incident),
             QString("the bookmark name ' failover' starts or ends with a space"));
    QCOMPARE(w.addBookmark("failover", incident + 15'000), QString());
    const std::vector<Bookmark> both = {{incident, "incident"}, {incident + 15'000, "failover"}};
    QCOMPARE(w.bookmarks(), both);
    QCOMPARE(readCapture(copy.toStdString())->observations.info.bookmarks, both); // in the file at once
    QVERIFY(settle(w));
    for (widgets::ExplorerPlot* plot : w.page(0)->plots()) {
        const auto isBookmark = [](const TimelineMark& m) {
            return m.kind == MarkKind::Bookmark;
        };
        // Every plot keeps them (the offset map too, though it has no time axis to draw them on).
        QCOMPARE(std::count_if(plot->marks().begin(), plot->marks().end(), isBookmark), 2);
        QCOMPARE(bookmarkItems(plot), static_cast<int>(2 * plot->timeAxes().size())); // a name per axis
    }
    // Jumped to from the menu, and from --at by name.
    QAction* jump = bookmarksEntry(w, "incident");
    QVERIFY(jump);
    QCOMPARE(jump->text(), QString("incident  —  2026-11-29T13:37:30.000Z"));
    jump->trigger();
    QVERIFY(settle(w));
    QCOMPARE(w.result()->cursorMs, incident);
    w.moveCursorOnceLoaded("failover");
    QVERIFY(settle(w));
    QCOMPARE(w.result()->cursorMs, incident + 15'000);
    QVERIFY(!w.cursorPending());
    const QString html = dir.filePath("report.html");
    QCOMPARE(w.exportIncidentReport(html), QString());
    QFile report(html);
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(report.readAll());
    QVERIFY(page.contains("<h2>Bookmarks</h2><ul><li>incident: 2026-11-29T13:37:30.000Z</li>"
                          "<li>failover: 2026-11-29T13:37:45.000Z (the time cursor)</li></ul>"));
    // Removed from the file too; another window opening it finds what is left.
    QCOMPARE(w.removeBookmark("failover"), QString());
    QCOMPARE(w.removeBookmark("failover"), QString("no bookmark is named 'failover'"));
    MainWindow other;
    other.openFile(copy);
    QVERIFY(settle(other));
    QCOMPARE(other.bookmarks(), (std::vector<Bookmark>{{incident, "incident"}}));
    QVERIFY(bookmarksEntry(other, "incident"));
    other.moveCursorOnceLoaded("nosuch");
    QTRY_VERIFY(!other.cursorPending());
    QCOMPARE(
        other.statusBar()->currentMessage(),
        QString("Time cursor: --at: 'nosuch' is neither an ISO 8601 time (2026-11-29T03:12:00Z) nor "
                "milliseconds since the epoch, nor a bookmark of the session (its bookmarks: 'incident')"));
}

// A simulation (or live session, or records in text) has no capture: its bookmarks stay for the
// run, and File > Save capture as writes them into the new capture.
void ExplorerWindow::bookmarksOfASessionWithoutAFileAreSavedWithIt()
{
    MainWindow w;
    auto scenario = sim::namedScenario("checkpoint-task-restart").value();
    scenario.durationMs = 35 * 60'000;
    w.runSimulation(scenario);
    QVERIFY(settle(w));
    const int64_t restart = *parseUserTime("2026-01-01T00:30:00Z");
    QCOMPARE(w.addBookmark("restart", restart), QString());
    QCOMPARE(
        w.statusBar()->currentMessage(),
        QString("Bookmark 'restart' at 2026-01-01T00:30:00.000Z (kept for this run: File > Save capture as "
                "keeps them with the session)"));
    QTemporaryDir dir;
    const QString capture = dir.filePath("saved.capture");
    QString error = "not saved";
    w.analysis().withSession([&, marks = w.bookmarks()](
                                 const Session& session) { return saveCapture(session, capture, 0, marks); },
                             [&](const QString& e) { error = e; });
    QTRY_COMPARE(error, QString());
    QCOMPARE(readCapture(capture.toStdString())->observations.info.bookmarks,
             (std::vector<Bookmark>{{restart, "restart"}}));
    // Another source: its own bookmarks, none of the simulation's.
    w.openFile(kCapture);
    QTRY_COMPARE(w.windowTitle(),
                 QString("demo.capture — driftscope")); // once its session replaced the other
    QVERIFY(w.bookmarks().empty());
}

void ExplorerWindow::themeOfThisRunIsNotRemembered()
{
    QSettings().setValue("theme", "light");
    MainWindow w;
    w.setTheme(Theme::Dark); // what --theme dark does
    QCOMPARE(QSettings().value("theme").toString(), QString("light"));
    // The View menu's choice is a preference.
    QAction* dark = nullptr;
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == "&Dark theme")
                    dark = a;
    QVERIFY(dark);
    dark->trigger();
    QCOMPARE(QSettings().value("theme").toString(), QString("dark"));
    QSettings().setValue("theme", "light");
}

void ExplorerWindow::newerReleaseAppliesKnownRulesWithANote()
{
    const QString note =
        "note: MM2 4.4.1 is not a release driftscope knows; it applies the rules of 4.4.0, the "
        "newest it knows of line 4.4: a newer release can change MM2's offset translation "
        "(3.4.1, 3.5.2 and 3.7.1 did), which a newer driftscope would know";
    {
        // The command line's release stays, whatever the capture recorded (3.9.0).
        MainWindow w;
        w.show();
        w.pinRelease(resolveRelease("4.4.1").value());
        w.openFile(kCapture);
        QVERIFY(settle(w));
        QTRY_VERIFY(w.result()->releases[0].release == release("4.4.0"));
        QVERIFY2(w.statusText().endsWith(" | " + note), qPrintable(w.statusText()));
        // Compared with a release as new, side by side (the same rules would be one page).
        w.applyCompareRelease(resolveRelease("3.9.3").value());
        QVERIFY(settle(w));
        QTRY_COMPARE(w.result()->releases.size(), size_t(2));
        QCOMPARE(w.result()->releases[1].release, release("3.9.2"));
        QVERIFY2(w.statusText().endsWith(
                     "; MM2 3.9.3 is not a release driftscope knows; it applies the rules of "
                     "3.9.2, the newest it knows of line 3.9: a newer release can change MM2's "
                     "offset translation (3.4.1, 3.5.2 and 3.7.1 did), which a newer "
                     "driftscope would know"),
                 qPrintable(w.statusText()));
        // Choosing a known release ends the notes.
        w.selectRelease(release("3.9.0"));
        w.setCompareRelease(std::nullopt);
        QVERIFY(settle(w));
        QVERIFY2(!w.statusText().contains("note:"), qPrintable(w.statusText()));
    }
    {
        // A capture that recorded 4.4.1 applies 4.4.0 and says so.
        QTemporaryDir dir;
        const QString path = dir.filePath("newer.jsonl");
        QFile in(DRIFTSCOPE_SAMPLES "/demo_session.jsonl"), out(path);
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("\"mm2_release\":\"3.9.0\""));
        out.write(text.replace("\"mm2_release\":\"3.9.0\"", "\"mm2_release\":\"4.4.1\""));
        out.close();
        MainWindow w;
        w.show();
        w.openFile(path);
        QVERIFY(settle(w));
        QTRY_VERIFY(w.result()->releases[0].release == release("4.4.0"));
        QVERIFY2(w.statusText().endsWith(" | " + note), qPrintable(w.statusText()));
    }
    // A connection profile names its release as the CLI's --mm2-version does.
    ConnectionProfile p;
    p.sourceBootstrap = "127.0.0.1:1";
    p.targetBootstrap = "127.0.0.1:2";
    p.release = "4.4.1";
    QCOMPARE(releaseOf(p)->rules, release("4.4.0"));
    QVERIFY(connectionOf(p).ok());
    p.release = "2.3.0";
    QVERIFY(!connectionOf(p).ok());
    QVERIFY(connectionOf(p).error().starts_with("MM2 release '2.3.0' is not a known Apache Kafka release"));
    MainWindow w;
    QVERIFY(w.connectProfile(p).startsWith("MM2 release '2.3.0' is not a known Apache Kafka release"));
}

void ExplorerWindow::liveSessionWithoutOffsetSyncsSaysWhy()
{
    // The demo clusters read with a wrong offset-syncs topic: the status bar says why the plots
    // are empty, in the CLI's words.
    auto demo = kafka::DemoClusters::start(kafka::demoScenario("steady").value());
    QVERIFY(demo.ok());
    kafka::LiveReaderOptions options;
    options.connection = (*demo)->connection();
    options.connection.offsetSyncsTopic = "wrong-syncs";
    MainWindow w;
    w.show();
    w.connectLive({options});
    const QString why =
        "no offset syncs: wrong-syncs does not exist on the source cluster A; MM2 4.4.0's configuration "
        "implies "
        "mm2-offset-syncs.B.internal on the source cluster A (aliases A and B, the default replication "
        "policy "
        "with separator '.', offset-syncs.topic.location source); topics whose names look like offset-syncs "
        "topics: mm2-offset-syncs.B.internal on A";
    QVERIFY2(QTest::qWaitFor([&] { return w.statusText().contains(why); }, 30'000),
             qPrintable(w.statusText()));
    // The right topic: no such notice.
    options.connection.offsetSyncsTopic.reset();
    w.connectLive({options});
    QVERIFY(QTest::qWaitFor([&] { return w.result() && w.result()->summary->syncs > 0; }, 30'000));
    QTest::qWait(1500); // a status poll or two
    QVERIFY2(!w.statusText().contains("no offset syncs"), qPrintable(w.statusText()));
}

void ExplorerWindow::everyFlowOfAnMm2ConfigurationIsRead()
{
    // Both directions enabled on the demo clusters: A->B is the demo's, B->A has no MM2 behind
    // it. The window reads both at once and shows A->B; the flow selector shows B->A, whose
    // status says why it has no syncs, and back.
    auto demo = kafka::DemoClusters::start(kafka::demoScenario("steady").value());
    QVERIFY(demo.ok());
    QTemporaryDir dir;
    QFile config(dir.filePath("mm2.properties"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(("clusters = A, B\nA.bootstrap.servers = " + (*demo)->info().sourceBootstrap +
                  "\nB.bootstrap.servers = " + (*demo)->info().targetBootstrap +
                  "\nA->B.enabled = true\nB->A.enabled = true\n")
                     .c_str());
    config.close();
    ConnectionProfile p;
    p.useMm2File = true;
    p.mm2File = config.fileName();
    const auto flows = connectionsOf(p);
    QVERIFY(flows.ok());
    QCOMPARE(flows->size(), size_t(2));
    QCOMPARE((*flows)[1].source.alias, std::string("B"));
    // The Connect dialog takes the profile as it is; with a client setting, which names a cluster
    // by its role (B's in B->A), it asks for one flow.
    QSettings settings(dir.filePath("settings.ini"), QSettings::IniFormat);
    ConnectDialog dialog(settings);
    dialog.setProfile(p);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    ConnectionProfile withSetting = p;
    withSetting.clientSettings = {"source.client.id=x"};
    QVERIFY(!connectionsOf(withSetting).ok());
    QVERIFY2(
        connectionsOf(withSetting)
            .error()
            .ends_with(" enables 2 flows, and client settings name a cluster by its role (source., target.), "
                       "which differs per flow: name one flow in Flow (A->B) to give them"),
        connectionsOf(withSetting).error().c_str());
    MainWindow w;
    w.show();
    QCOMPARE(w.connectProfile(p), QString());
    QCOMPARE(w.flowSelector()->count(), 2);
    QTRY_VERIFY(w.flowSelector()->isVisible()); // once the toolbar laid it out
    QCOMPARE(w.flowSelector()->currentText(), QString("A->B"));
    QCOMPARE(w.windowTitle(), QString("live A → B (flow 1 of 2) — driftscope"));
    QVERIFY(QTest::qWaitFor([&] { return w.result() && w.result()->summary->syncs > 0; }, 30'000));

    w.flowSelector()->setCurrentIndex(1);
    QCOMPARE(w.windowTitle(), QString("live B → A (flow 2 of 2) — driftscope"));
    // The status names the clusters of the flow read, not those of the last answer.
    QVERIFY2(w.statusText().startsWith("B: "), qPrintable(w.statusText()));
    QCOMPARE(w.sources().live()->options().connection.source.alias, std::string("B"));
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return w.statusText().contains("no offset syncs: mm2-offset-syncs.A.internal "
                                                    "does not exist on the source cluster B");
                 },
                 30'000),
             qPrintable(w.statusText()));
    QVERIFY(QTest::qWaitFor([&] { return w.result() && w.result()->summary->syncs == 0; }, 30'000));

    // Back to A->B: its history is there at once, from the reader that kept reading.
    w.flowSelector()->setCurrentIndex(0);
    QVERIFY(QTest::qWaitFor([&] { return w.result() && w.result()->summary->syncs > 0; }, 10'000));
    QTest::qWait(1500); // a status poll or two
    QVERIFY2(!w.statusText().contains("no offset syncs"), qPrintable(w.statusText()));
    // The flow not shown still says why it cannot answer, beside its name.
    QVERIFY(w.flowSelector()->itemIcon(0).isNull());
    QVERIFY(!w.flowSelector()->itemIcon(1).isNull());
    const QString problem = w.flowSelector()->itemData(1, Qt::ToolTipRole).toString();
    QVERIFY2(problem.startsWith("no offset syncs: mm2-offset-syncs.A.internal does not exist on the source "
                                "cluster B"),
             qPrintable(problem));

    // Stopped, the flows keep what they read, and another can still be shown.
    w.sources().stop();
    w.flowSelector()->setCurrentIndex(1);
    QCOMPARE(w.sources().live()->options().connection.source.alias, std::string("B"));
    QVERIFY(
        QTest::qWaitFor([&] { return w.result() && w.result()->summary->info.sourceAlias == "B"; }, 10'000));
    QVERIFY2(w.statusText().startsWith("B: stopped · A: stopped"), qPrintable(w.statusText()));

    // One flow named: no selector.
    p.flow = "A->B";
    QCOMPARE(w.connectProfile(p), QString());
    QTRY_VERIFY(!w.flowSelector()->isVisible());
    QCOMPARE(w.windowTitle(), QString("live A → B — driftscope"));
}

void ExplorerWindow::outageLeavesNoOkStanding()
{
    // The sample session with the source unreachable from 13:36:50 on: at a moment in the outage
    // the drill and every badge say as of when they hold, and why.
    QTemporaryDir dir;
    const QString path = dir.filePath("outage.jsonl");
    QVERIFY(QFile::copy(DRIFTSCOPE_SAMPLES "/demo_session.jsonl", path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::Append));
    file.write("{\"kind\":\"event\",\"at_ms\":1795959410000,\"side\":\"source\",\"state\":\"unreachable\","
               "\"message\":\"A (source) unreachable: Connection refused\"}\n");
    file.close();
    MainWindow w;
    w.show();
    w.openFile(path);
    QVERIFY(settle(w));
    w.selectGroup("analytics");
    w.moveCursor(1795959430000);
    QVERIFY(settle(w));
    QTRY_VERIFY(w.result()->releases[0].cursor.report.atMs == 1795959430000);
    const Report& report = w.result()->releases[0].cursor.report;
    QCOMPARE(report.staleBecause, std::string("source unreachable since 2026-11-29T13:36:50.000Z (A (source) "
                                              "unreachable: Connection refused)"));
    QVERIFY2(w.drill()->summary().startsWith(
                 "<b>Not current</b>: source unreachable since 2026-11-29T13:36:50.000Z"),
             qPrintable(w.drill()->summary()));
    for (const char* g : {"analytics", "audit", "billing", "fraud"}) {
        const QString badge = w.panel()->badgeOf(g);
        QVERIFY2(badge.endsWith(" as of 13:36:50"), qPrintable(badge));
    }
}

namespace {
std::vector<std::array<int64_t, 4>> slotsOf(const CursorView& view)
{
    std::vector<std::array<int64_t, 4>> out;
    for (const RetainedSync& r : view.retained)
        out.push_back({r.sync.upstream, r.sync.downstream, r.firstSlot, r.slotCount});
    return out;
}
} // namespace

void ExplorerWindow::firstAnswerIsTheSelectedPartitionsExactRow()
{
    // A large session answers the selected partition first from a state of its syncs alone;
    // that answer must be exactly what the whole session's state gives for it.
    AnalysisService service;
    service.setFirstAnswerFrom(1); // the sample capture counts as large
    auto file = readSessionFile(kCapture);
    QVERIFY(file);
    service.setSession(std::make_shared<Session>(std::move(file->session)));
    std::vector<std::shared_ptr<const AnalysisResult>> results;
    connect(&service, &AnalysisService::resultReady, this, [&](auto r) { results.push_back(r); });
    for (const char* text : {"3.9.0", "3.4.0"}) {
        results.clear();
        ExplorerRequest request;
        request.state.release = release(text);
        request.selection = m_selection;
        service.request(request);
        QVERIFY(QTest::qWaitFor([&] { return !service.busy(); }, 20'000));
        QCOMPARE(results.size(), size_t(2));
        const CursorView& first = results[0]->releases.front().cursor;
        const CursorView& full = results[1]->releases.front().cursor;
        QVERIFY(!results[0]->complete && results[1]->complete);
        QCOMPARE(first.report.rows.size(), size_t(1));
        QVERIFY(full.report.rows.size() > 1);
        QVERIFY(first.row && full.row);
        // The row's CSV line (every field) is the same in both.
        const auto lines = [](const Report& report) {
            return QString::fromStdString(reportCsv(report)).split('\n');
        };
        const QStringList firstLines = lines(first.report);
        QVERIFY(lines(full.report).contains(firstLines.at(1)));
        QCOMPARE(first.explanation, full.explanation);
        QCOMPARE(slotsOf(first), slotsOf(full));
        QCOMPARE(first.steps.size(), full.steps.size());
        for (size_t i = 0; i < first.steps.size(); ++i)
            QVERIFY(first.steps[i].upstream == full.steps[i].upstream &&
                    first.steps[i].downstream == full.steps[i].downstream);
    }
}

QTEST_MAIN(ExplorerWindow)
#include "tst_explorer_window.moc"
