// Series over time for the explorer's plots: a state advanced in steps equals one built at the
// moment, every plotted point equals the report at its moment, sync lifetimes agree with the
// store at every moment, the translation step function, and simulations seen as sessions.
#include "model/analysis/group_series.h"
#include "model/analysis/report_format.h"
#include "model/sim/sim_session.h"
#include "support/demo_capture.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace driftscope;

namespace {

using test::demoCapture;

ReportOptions withRelease(const char* release)
{
    ReportOptions options;
    options.state.release = parseRelease(release).value();
    return options;
}

} // namespace

class GroupSeriesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void advancingInStepsEqualsBuildingAtTheMoment_data();
    void advancingInStepsEqualsBuildingAtTheMoment();
    void everyPointIsTheReportAtItsMoment_data();
    void everyPointIsTheReportAtItsMoment();
    void momentsCoverCheckpointsAndTheSpan();
    void spanStartsAtTheEarliestRecordOrSample();
    void lifetimesAgreeWithTheStoreAtEveryMoment_data();
    void lifetimesAgreeWithTheStoreAtEveryMoment();
    void legacyStoreExpiresEachSyncAtTheNext();
    void rewindExpiresEverything();
    void translationStepsFollowTheStore();
    void simulationAsASession();
};

void GroupSeriesTest::advancingInStepsEqualsBuildingAtTheMoment_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("taskStart");
    for (const char* r : {"2.4.0", "3.4.0", "3.4.1", "3.6.0", "3.7.1", "3.9.0"}) {
        QTest::addRow("%s", r) << QString(r) << 0;
        QTest::addRow("%s task start 300", r) << QString(r) << 300;
    }
}

void GroupSeriesTest::advancingInStepsEqualsBuildingAtTheMoment()
{
    QFETCH(QString, release);
    QFETCH(int, taskStart);
    const Session& session = demoCapture();
    ReportOptions options = withRelease(release.toLatin1().constData());
    options.state.taskStart = static_cast<size_t>(taskStart);
    const auto [from, to] = sessionSpan(session);
    QVERIFY(to - from > 60'000);
    Mm2State stepped(session, options.state);
    SampleState samples(session);
    for (int64_t t = from - 1000; t <= to + 1000; t += 997) {
        stepped.advanceTo(t);
        samples.advanceTo(t);
        const Mm2State once(session, options.state, t);
        QCOMPARE(stepped.syncsApplied(), once.syncsApplied());
        QCOMPARE(stepped.checkpointsApplied(), once.checkpointsApplied());
        QCOMPARE(stepped.unexplainedCheckpoints(), once.unexplainedCheckpoints());
        ReportOptions atT = options;
        atT.atMs = t;
        QCOMPARE(reportJson(buildReport(session, stepped, samples, atT)),
                 reportJson(buildReport(session, atT)));
    }
}

void GroupSeriesTest::everyPointIsTheReportAtItsMoment_data()
{
    // Series rebuild only the group's partitions (StateScope): every group is checked.
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("release");
    for (const char* g : {"analytics", "audit", "billing", "fraud"})
        for (const char* r : {"3.9.0", "2.4.0"})
            QTest::addRow("%s %s", g, r) << QString(g) << QString(r);
}

void GroupSeriesTest::everyPointIsTheReportAtItsMoment()
{
    QFETCH(QString, group);
    QFETCH(QString, release);
    const std::string name = group.toStdString();
    const Session& session = demoCapture();
    const ReportOptions options = withRelease(release.toLatin1().constData());
    const auto [from, to] = sessionSpan(session);
    const std::vector<int64_t> moments = seriesMoments(session, name, from, to, 200);
    const GroupSeries series = buildGroupSeries(session, options, name, moments);
    QCOMPARE(series.atMs, moments);
    QCOMPARE(series.heartbeatAgeMs.size(), moments.size());
    QVERIFY(series.partitions.size() >= 2);
    size_t points = 0;
    for (const PartitionSeries& p : series.partitions) {
        QCOMPARE(p.rows.size(), p.atMs.size());
        for (size_t i = 0; i < p.rows.size(); ++i) {
            ReportOptions atT = options;
            atT.atMs = p.atMs[i];
            atT.groups = {name};
            Report expected = buildReport(session, atT);
            std::erase_if(expected.rows, [&](const PartitionReport& r) { return r.upstream != p.upstream; });
            QCOMPARE(expected.rows.size(), size_t(1));
            Report got = expected;
            got.rows = {p.rows[i]};
            QCOMPARE(reportJson(got), reportJson(expected));
            ++points;
        }
    }
    QVERIFY(points > 200);
}

void GroupSeriesTest::momentsCoverCheckpointsAndTheSpan()
{
    const Session& session = demoCapture();
    const auto [from, to] = sessionSpan(session);
    const std::vector<int64_t> moments = seriesMoments(session, "analytics", from, to, 400);
    QVERIFY(std::is_sorted(moments.begin(), moments.end()));
    QCOMPARE(moments.front(), from);
    QCOMPARE(moments.back(), to);
    QVERIFY(moments.size() <= 400);
    const uint32_t group = *session.findGroup("analytics");
    for (const ObservedCheckpoint& c : session.checkpoints)
        if (c.group == group && c.stamp.timestampMs >= from) {
            QVERIFY(std::binary_search(moments.begin(), moments.end(), c.stamp.timestampMs));
            QVERIFY(std::binary_search(moments.begin(), moments.end(), c.stamp.timestampMs - 1) ||
                    c.stamp.timestampMs - 1 < from);
        }
    // Thinned evenly when there are more events than room.
    const std::vector<int64_t> few = seriesMoments(session, "analytics", from, to, 20);
    QVERIFY(few.size() <= 20);
    QCOMPARE(few.back(), to);
}

// One span for the window, the CLI and the report: the earliest record time or sample, wherever it
// is in its list, to the last moment anything was read.
void GroupSeriesTest::spanStartsAtTheEarliestRecordOrSample()
{
    const Session& session = demoCapture();
    // The demo's log-end samples start two seconds before its first offset sync (13:36:22.384).
    const std::pair<int64_t, int64_t> demo{1795959380381, 1795959471856};
    QCOMPARE(sessionSpan(session), demo);
    QCOMPARE(firstMoment(session), std::optional<int64_t>(demo.first));
    QCOMPARE(firstMoment(Session{}), std::nullopt);
    QCOMPARE(sessionSpan(Session{}), (std::pair<int64_t, int64_t>{0, 0}));

    // Grown by a sync stamped before everything (a producer's clock), the span starts there.
    Session growing;
    QVERIFY(growing.append(session));
    SessionSpan span;
    QCOMPARE(span.of(growing), demo);
    ObservedSync early = growing.syncs.back();
    early.stamp.timestampMs = demo.first - 5'000;
    growing.syncs.push_back(early);
    QCOMPARE(span.of(growing), (std::pair<int64_t, int64_t>{demo.first - 5'000, demo.second}));
    QCOMPARE(sessionSpan(growing), span.of(growing));
    // A record stamped after it was read does not start the span after its end.
    Session ahead;
    ahead.heartbeats.push_back(session.heartbeats.front());
    ahead.heartbeats.back().stamp.timestampMs = ahead.heartbeats.back().stamp.readAtMs + 60'000;
    const int64_t readAt = ahead.heartbeats.back().stamp.readAtMs;
    QCOMPARE(sessionSpan(ahead), (std::pair<int64_t, int64_t>{readAt, readAt}));
}

void GroupSeriesTest::lifetimesAgreeWithTheStoreAtEveryMoment_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("taskStart");
    for (const char* r : {"2.4.0", "3.4.1", "3.5.0", "3.6.0", "3.7.1", "3.9.0"}) {
        QTest::addRow("%s", r) << QString(r) << 0;
        QTest::addRow("%s task start 400", r) << QString(r) << 400;
    }
}

void GroupSeriesTest::lifetimesAgreeWithTheStoreAtEveryMoment()
{
    QFETCH(QString, release);
    QFETCH(int, taskStart);
    const Session& session = demoCapture();
    Mm2StateOptions options;
    options.release = parseRelease(release.toStdString()).value();
    options.taskStart = static_cast<size_t>(taskStart);
    const auto [from, to] = sessionSpan(session);
    for (uint32_t p = 0; p < session.partitionCount(); ++p) {
        const SharedChunks<SyncLifetime> lives = syncLifetimes(session, options, p, to);
        if (lives.empty())
            continue;
        const TopicPartition& tp = session.partition(p);
        Mm2State state(session, options);
        for (int64_t t = from; t <= to; t += 1499) {
            state.advanceTo(t);
            // The store's ids count every sync applied; map them back to topic indices.
            std::set<size_t> expected;
            for (const RetainedSync& r : state.store().retained(tp))
                expected.insert(static_cast<size_t>(r.sync.id));
            std::set<size_t> alive;
            for (const SyncLifetime& l : lives)
                if (l.writtenAtMs <= t && (!l.expiredAtMs || *l.expiredAtMs > t))
                    alive.insert(l.index);
            // Mm2State's store numbers syncs in topic order as well (one apply per record).
            QCOMPARE(alive, expected);
        }
    }
}

void GroupSeriesTest::legacyStoreExpiresEachSyncAtTheNext()
{
    Session o;
    const uint32_t tp = o.partitionId({"t", 0});
    o.syncs = {{{0, 10, 10}, tp, 5, 5}, {{1, 20, 20}, tp, 8, 7}, {{2, 30, 30}, tp, 3, 3}};
    Mm2StateOptions options;
    options.release = parseRelease("3.4.0").value();
    const SharedChunks<SyncLifetime> lives = syncLifetimes(o, options, tp, 100);
    QCOMPARE(lives.size(), size_t(3));
    QCOMPARE(lives[0].expiredAtMs, std::optional<int64_t>(20));
    QCOMPARE(lives[1].expiredAtMs, std::optional<int64_t>(30));
    QCOMPARE(lives[2].expiredAtMs, std::optional<int64_t>());
    QCOMPARE(syncLifetimes(o, options, tp, 25).size(), size_t(2));
}

void GroupSeriesTest::rewindExpiresEverything()
{
    // §6.1 testOffsetTranslation: (100,200) (150,251) (200,10), then (20,20) rewinds.
    Session o;
    const uint32_t tp = o.partitionId({"t", 0});
    o.syncs = {{{0, 1, 1}, tp, 100, 200},
               {{1, 2, 2}, tp, 150, 251},
               {{2, 3, 3}, tp, 200, 10},
               {{3, 4, 4}, tp, 20, 20}};
    const SharedChunks<SyncLifetime> lives = syncLifetimes(o, Mm2StateOptions{}, tp, 10);
    QCOMPARE(lives.size(), size_t(4));
    for (size_t i = 0; i < 3; ++i)
        QCOMPARE(lives[i].expiredAtMs, std::optional<int64_t>(4));
    QVERIFY(!lives[3].expiredAtMs);
}

void GroupSeriesTest::translationStepsFollowTheStore()
{
    SyncStore store(profileFor(parseRelease("3.9.0").value()));
    store.finishInitialLoad();
    const TopicPartition tp{"t", 0};
    store.apply({tp, 100, 200});
    store.apply({tp, 150, 251});
    const std::vector<StepPoint> steps = translationSteps(store, tp, 300);
    const std::vector<std::pair<int64_t, int64_t>> expected = {
        {100, 200}, {101, 201}, {150, 251}, {151, 252}, {300, 252}};
    QCOMPARE(steps.size(), expected.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(steps[i].upstream, expected[i].first);
        QCOMPARE(steps[i].downstream, expected[i].second);
    }
    SyncStore legacy(profileFor(parseRelease("3.4.0").value()));
    legacy.apply({tp, 100, 200});
    const std::vector<StepPoint> line = translationSteps(legacy, tp, 300);
    QCOMPARE(line.size(), size_t(3));
    QCOMPARE(line[2].downstream, int64_t(400)); // extrapolated: 200 + (300 - 100)
    QVERIFY(translationSteps(store, {"other", 0}, 300).empty());
}

void GroupSeriesTest::simulationAsASession()
{
    auto scenario = sim::namedScenario("steady");
    QVERIFY(scenario.ok());
    scenario->durationMs = 600'000;
    constexpr int64_t kEpoch = 1'767'225'600'000; // 2026-01-01T00:00:00Z
    const sim::SimulatedSession run = sim::simulateSession(*scenario, kEpoch);
    const Session& o = run.session;
    QCOMPARE(o.checkpoints.size(), size_t(run.summary.checkpointsEmitted));
    QCOMPARE(o.syncs.size(), size_t(run.summary.syncsSent));
    QVERIFY(!o.syncs.empty());
    QCOMPARE(o.info.release, std::string("4.4.0")); // the steady scenario runs the default release
    // Every checkpoint the simulated MM2 emitted is explained by the syncs a reader would have.
    const Mm2State state(o, Mm2StateOptions{}, kEpoch + scenario->durationMs);
    QCOMPARE(state.unexplainedCheckpoints(), size_t(0));
    QCOMPARE(state.checkpointsApplied(), o.checkpoints.size());
    // One truth series per group and partition, one point per sample.
    QCOMPARE(run.truth.size(), scenario->groups.size() * static_cast<size_t>(scenario->partitions));
    const size_t samples = static_cast<size_t>(scenario->durationMs / sim::sampleIntervalOf(*scenario));
    for (const auto& [key, points] : run.truth)
        QCOMPARE(points.size(), samples);
    QCOMPARE(o.logOffsets.size(), samples * 2 * static_cast<size_t>(scenario->partitions));
}

QTEST_GUILESS_MAIN(GroupSeriesTest)
#include "tst_group_series.moc"
