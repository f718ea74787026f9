// The explorer's model follows a growing session instead of rebuilding it: fed the sample
// capture slice by slice (as a live reader hands it over), every answer equals a fresh model's
// on the session so far where the two must agree (the report at the cursor, the store, the
// explanation, sync lifetimes, the summary), and every point of its series is what a fresh
// sweep over the session so far gives at that moment, also after a record arrives stamped in the
// past. A session that does not grow gets exactly buildSelectionSeries. Samples taken in late
// count as if they had been there from the start.
#include "model/analysis/explorer_model.h"
#include "model/analysis/guide.h"
#include "model/analysis/release_difference.h"
#include "model/analysis/report_format.h"
#include "model/analysis/store_step.h"
#include "support/demo_capture.h"
#include "support/qtest_printers.h"

#include <QTest>

#include <algorithm>

using namespace driftscope;

namespace {

using test::demoCapture;

// The session as it was when `readAtMs` had passed: each list cut after its last record read
// (or sample taken) by then. Ids stay those of the whole session.
Session readBy(const Session& whole, int64_t readAtMs)
{
    Session s = whole.since({}); // a copy, with the same ids
    const auto cut = [&](auto& list, auto time) {
        const auto end =
            std::find_if(list.begin(), list.end(), [&](const auto& x) { return time(x) > readAtMs; });
        list.erase(end, list.end());
    };
    cut(s.syncs, [](const ObservedSync& x) { return x.stamp.readAtMs; });
    cut(s.checkpoints, [](const ObservedCheckpoint& x) { return x.stamp.readAtMs; });
    cut(s.heartbeats, [](const ObservedHeartbeat& x) { return x.stamp.readAtMs; });
    cut(s.undecodable, [](const UndecodableRecord& x) { return x.stamp.readAtMs; });
    cut(s.groupOffsets, [](const GroupOffsetSample& x) { return x.sampledAtMs; });
    cut(s.logOffsets, [](const LogOffsetSample& x) { return x.sampledAtMs; });
    cut(s.events, [](const ReaderEvent& x) { return x.atMs; });
    return s;
}

ExplorerRequest requestFor(const char* release, const char* group, size_t maxMoments)
{
    ExplorerRequest r;
    r.state.release = parseRelease(release).value();
    r.selection.group = group;
    r.maxMoments = maxMoments;
    return r;
}

std::string reportOf(const SharedChunks<PartitionReport>& rows, const Report& frame)
{
    Report r = frame;
    r.rows = rows.toVector();
    return reportJson(r);
}

// Every point of `got` is what a fresh sweep over `session` gives at its moment.
void checkPointsAreFresh(const Session& session, const ExplorerRequest& request, const ExplorerAnswer& answer)
{
    const ReleaseAnswer& release = answer.releases.front();
    const GroupSeries& got = release.series->series;
    ReportOptions options;
    options.state = request.state;
    options.staleAfterMs = request.staleAfterMs;
    options.partitions = seriesPartitions(session, answer.selection);
    QVERIFY(std::is_sorted(got.atMs.begin(), got.atMs.end()));
    const GroupSeries fresh = buildGroupSeries(session, options, answer.selection.group, got.atMs);
    QCOMPARE(got.atMs, fresh.atMs);
    QCOMPARE(got.heartbeatAgeMs, fresh.heartbeatAgeMs);
    QCOMPARE(got.partitions.size(), fresh.partitions.size());
    for (size_t p = 0; p < got.partitions.size(); ++p) {
        QCOMPARE(got.partitions[p].upstream, fresh.partitions[p].upstream);
        QCOMPARE(got.partitions[p].atMs, fresh.partitions[p].atMs);
        QCOMPARE(reportOf(got.partitions[p].rows, release.cursor.report),
                 reportOf(fresh.partitions[p].rows, release.cursor.report));
    }
}

// What must not depend on how the session arrived.
void checkSameAsFresh(const ExplorerAnswer& got, const ExplorerAnswer& fresh)
{
    QCOMPARE(got.selection.group, fresh.selection.group);
    QCOMPARE(got.selection.partition, fresh.selection.partition);
    QCOMPARE(got.fromMs, fresh.fromMs);
    QCOMPARE(got.toMs, fresh.toMs);
    QCOMPARE(got.cursorMs, fresh.cursorMs);
    QCOMPARE(got.summary->groups, fresh.summary->groups);
    QCOMPARE(got.summary->upstreamPartitions, fresh.summary->upstreamPartitions);
    QCOMPARE(got.summary->syncs, fresh.summary->syncs);
    QCOMPARE(got.summary->checkpoints, fresh.summary->checkpoints);
    QCOMPARE(got.summary->events, fresh.summary->events);
    QCOMPARE(got.releases.size(), fresh.releases.size());
    for (size_t i = 0; i < got.releases.size(); ++i) {
        const CursorView& a = got.releases[i].cursor;
        const CursorView& b = fresh.releases[i].cursor;
        QCOMPARE(reportJson(a.report), reportJson(b.report));
        QCOMPARE(a.explanation, b.explanation);
        QCOMPARE(a.retained.size(), b.retained.size());
        for (size_t k = 0; k < a.retained.size(); ++k) {
            QCOMPARE(a.retained[k].sync.upstream, b.retained[k].sync.upstream);
            QCOMPARE(a.retained[k].sync.downstream, b.retained[k].sync.downstream);
            QCOMPARE(a.retained[k].firstSlot, b.retained[k].firstSlot);
            QCOMPARE(a.retained[k].slotCount, b.retained[k].slotCount);
        }
        const auto& la = got.releases[i].series->lifetimes;
        const auto& lb = fresh.releases[i].series->lifetimes;
        QCOMPARE(la.size(), lb.size());
        for (size_t k = 0; k < la.size(); ++k) {
            QCOMPARE(la[k].index, lb[k].index);
            QCOMPARE(la[k].expiredAtMs, lb[k].expiredAtMs);
        }
    }
}

} // namespace

class ExplorerModelTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aSessionThatDoesNotGrowGetsBuildSelectionSeries();
    void growingSliceBySliceAgreesWithAFreshModel_data();
    void growingSliceBySliceAgreesWithAFreshModel();
    void aRecordStampedInThePastStartsTheSeriesAgain();
    void answersShareWhatDidNotChange();
    void lateSamplesCountAsIfTheyHadBeenThere();
    void aCaptureComparedIsReadUnderBothReleases();
    void theFirstViewIsAGroupWithSyncs();
    void theGuideTellsTheStoryWithTheSelectionsNumbers();
    void storeStepsAgreeWithTheSyncLifetimes_data();
    void storeStepsAgreeWithTheSyncLifetimes();
};

void ExplorerModelTest::aSessionThatDoesNotGrowGetsBuildSelectionSeries()
{
    const Session& session = demoCapture();
    ExplorerModel model;
    model.replace(session.since({}));
    const ExplorerRequest request = requestFor("3.9.0", "analytics", 400);
    const ExplorerAnswer answer = model.answer(request);
    ReportOptions options;
    options.state = request.state;
    const SelectionSeries expected = buildSelectionSeries(session, options, answer.selection, 400);
    const SelectionSeries& got = *answer.releases.front().series;
    QCOMPARE(got.series.atMs, expected.series.atMs);
    QCOMPARE(got.series.partitions.size(), expected.series.partitions.size());
    for (size_t p = 0; p < got.series.partitions.size(); ++p)
        QCOMPARE(reportOf(got.series.partitions[p].rows, answer.releases.front().cursor.report),
                 reportOf(expected.series.partitions[p].rows, answer.releases.front().cursor.report));
    QCOMPARE(got.lifetimes.size(), expected.lifetimes.size());
    QVERIFY(got.series.atMs.size() > 100);
}

void ExplorerModelTest::growingSliceBySliceAgreesWithAFreshModel_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<QString>("group");
    QTest::addColumn<int>("maxMoments");
    QTest::addColumn<int>("stepMs");
    QTest::addRow("3.9.0 analytics, 1 s slices") << "3.9.0"
                                                 << "analytics" << 1500 << 1000;
    QTest::addRow("3.9.0 billing, few moments: thinned") << "3.9.0"
                                                         << "billing" << 24 << 700;
    QTest::addRow("2.4.0 analytics, 3 s slices") << "2.4.0"
                                                 << "analytics" << 300 << 3000;
    QTest::addRow("3.4.1 fraud, compared with 3.4.0") << "3.4.1"
                                                      << "fraud" << 200 << 2000;
}

void ExplorerModelTest::growingSliceBySliceAgreesWithAFreshModel()
{
    QFETCH(QString, release);
    QFETCH(QString, group);
    QFETCH(int, maxMoments);
    QFETCH(int, stepMs);
    const Session& whole = demoCapture();
    const int64_t firstRead = whole.syncs.front().stamp.readAtMs;
    const int64_t lastRead = whole.lastActivityMs();
    ExplorerRequest request = requestFor(release.toLatin1().constData(), group.toLatin1().constData(),
                                         static_cast<size_t>(maxMoments));
    if (group == "fraud")
        request.compare = parseRelease("3.4.0").value();

    ExplorerModel live;
    live.replace(readBy(whole, firstRead));
    Session before = readBy(whole, firstRead);
    size_t answers = 0, maxSeen = 0;
    for (int64_t t = firstRead + stepMs; t < lastRead + stepMs; t += stepMs) {
        const Session now = readBy(whole, t);
        QVERIFY(live.append(now.since(before.mark())));
        const ExplorerAnswer got = live.answer(request);
        ExplorerModel fresh;
        fresh.replace(now.since({}));
        checkSameAsFresh(got, fresh.answer(request));
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QString("at %1 ms of the session").arg(t - firstRead)));
        checkPointsAreFresh(now, request, got);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QString("series at %1 ms of the session").arg(t - firstRead)));
        before = now.since({});
        maxSeen = std::max(maxSeen, got.releases.front().series->series.atMs.size());
        ++answers;
    }
    QVERIFY(answers > 20);
    // Followed, not rebuilt: the cursor's state once per release; the series again only when the
    // group gained a partition or the checkpoints first showed their cadence.
    const ExplorerModel::Work& work = live.work();
    qInfo("%zu answers: series built %zu times, extended %zu times; cursor states built %zu; longest series "
          "%zu",
          answers, work.seriesBuilt, work.seriesExtended, work.cursorsBuilt, maxSeen);
    QCOMPARE(work.cursorsBuilt, request.compare ? size_t(2) : size_t(1));
    QCOMPARE(work.seriesBuilt + work.seriesExtended, answers * (request.compare ? 2 : 1));
    QVERIFY(work.seriesBuilt <= 6 * (request.compare ? 2 : 1));
    // Thinned, never longer than the request's moments plus the settling seconds.
    const size_t settling = static_cast<size_t>(ExplorerModel::kSettleMs / 100) + 40;
    QVERIFY2(maxSeen <= static_cast<size_t>(maxMoments) + settling, qPrintable(QString::number(maxSeen)));
    if (maxMoments < 100) // the session outgrew the moments: they were thinned
        QVERIFY(work.seriesThinned > 0);
}

void ExplorerModelTest::aRecordStampedInThePastStartsTheSeriesAgain()
{
    const Session& whole = demoCapture();
    const ExplorerRequest request = requestFor("3.9.0", "analytics", 300);
    ExplorerModel live;
    const int64_t half = (whole.syncs.front().stamp.readAtMs + whole.lastActivityMs()) / 2;
    Session now = readBy(whole, half);
    live.replace(now.since({}));
    const ExplorerAnswer first = live.answer(request);
    const TopicPartition partition = *first.selection.partition;
    // A sample of the group's committed offset taken at the session's start, read only now (a
    // reader that was cut off and catches up): every moment after it changes.
    Session late = now.since({});
    const Session::Mark before = late.mark();
    GroupOffsetSample sample;
    sample.sampledAtMs = first.fromMs + 1;
    sample.side = ClusterSide::Source;
    sample.group = *late.findGroup("analytics");
    sample.partition = *late.findPartition(partition);
    sample.offset = 1;
    late.groupOffsets.push_back(sample);
    QVERIFY(live.append(late.since(before)));
    const ExplorerAnswer got = live.answer(request);
    ExplorerModel fresh;
    fresh.replace(late.since({}));
    checkSameAsFresh(got, fresh.answer(request));
    checkPointsAreFresh(late, request, got);
    // The sample is in the series from its moment on: the first point after it shows it.
    const PartitionSeries* series = got.releases.front().series->series.find(partition);
    QVERIFY(series);
    QVERIFY(std::any_of(series->rows.begin(), series->rows.end(),
                        [](const PartitionReport& r) { return r.committed == 1; }));
}

void ExplorerModelTest::answersShareWhatDidNotChange()
{
    ExplorerModel model;
    model.replace(demoCapture().since({}));
    ExplorerRequest request = requestFor("3.9.0", "analytics", 300);
    const ExplorerAnswer a = model.answer(request);
    request.cursorMs = (a.fromMs + a.toMs) / 2;
    const ExplorerAnswer b = model.answer(request);
    QCOMPARE(a.summary.get(), b.summary.get());
    QCOMPARE(a.releases.front().series.get(), b.releases.front().series.get());
    QCOMPARE(b.releases.front().cursor.atMs, *request.cursorMs);
}

void ExplorerModelTest::lateSamplesCountAsIfTheyHadBeenThere()
{
    Session session;
    const uint32_t group = session.groupId("g");
    const uint32_t p0 = session.partitionId({"t", 0});
    SampleState cursor(session);
    const auto sample = [&](int64_t at, int64_t offset) {
        session.groupOffsets.push_back({at, ClusterSide::Source, group, p0, offset});
    };
    sample(1000, 10);
    sample(3000, 30);
    cursor.advanceTo(3500);
    QCOMPARE(cursor.committed(ClusterSide::Source, group, p0)->offset, int64_t(30));
    sample(2000, 20); // taken before the one in force, read after it: it does not win
    sample(3000, 31); // same moment, later in the list: it wins, as for a fresh cursor
    sample(5000, 50); // in the future of the cursor
    cursor.advanceTo(3500);
    SampleState fresh(session);
    fresh.advanceTo(3500);
    QCOMPARE(cursor.committed(ClusterSide::Source, group, p0)->offset, int64_t(31));
    QCOMPARE(fresh.committed(ClusterSide::Source, group, p0)->offset, int64_t(31));
    QCOMPARE(cursor.committed(ClusterSide::Source, group, p0)->atMs, int64_t(3000));
    cursor.advanceTo(5000);
    QCOMPARE(cursor.committed(ClusterSide::Source, group, p0)->offset, int64_t(50));
}

// Compare on a capture: the same records read under two releases' rules, and where they part.
void ExplorerModelTest::aCaptureComparedIsReadUnderBothReleases()
{
    ExplorerModel model;
    model.replace(demoCapture().since({}));
    ExplorerRequest request = requestFor("2.4.0", "analytics", 400);
    request.compare = parseRelease("3.9.0").value();
    const ExplorerAnswer answer = model.answer(request);
    QCOMPARE(answer.releases.size(), size_t{2});
    const TopicPartition tp = answer.selection.partition.value();
    const Release releases[2] = {answer.releases[0].release, answer.releases[1].release};
    const ReleaseDifference d = compareReleases(releases, *answer.releases[0].series->series.find(tp),
                                                *answer.releases[1].series->series.find(tp));
    // The checkpoints are the capture's own; under 2.4.0's rules no sync explains them.
    const std::vector<std::string> expected = {
        "2.4.0 and 3.9.0 first differ on clicks-0 at 2026-11-29T13:36:30.381Z, of the moments compared",
        "translation of the committed offset: differs at 358 of 358 moments, first at "
        "2026-11-29T13:36:30.381Z "
        "(2.4.0: committed 225 does not translate (too-old); 3.9.0: committed 225 translates to 102)",
        "checkpoint in force: the same at every moment",
        "failover outcome: differs at 358 of 358 moments, first at 2026-11-29T13:36:30.381Z (2.4.0: resumes "
        "at "
        "102, replays an unknown number of offsets (checkpoint-unexplained); 3.9.0: resumes at 102, replays "
        "123 "
        "offsets)",
        "2.4.0: of 358 moments with a resume position, a failover skips at 0, may skip at 0, replays an "
        "unknown "
        "number of offsets at 358 and a known number at 0",
        "3.9.0: of 358 moments with a resume position, a failover skips at 0, may skip at 0, replays an "
        "unknown "
        "number of offsets at 0 and a known number at 358 (up to 815 offsets)"};
    QCOMPARE(differenceLines(d), expected);
}

// Without a group asked for, the explorer opens on the first group with offset syncs, not on an
// idle group listed first; and says whether that choice can stay.
void ExplorerModelTest::theFirstViewIsAGroupWithSyncs()
{
    Session session = demoCapture().since({});
    session.info.groups.insert(session.info.groups.begin(), "aaa-idle"); // listed, never committed
    ExplorerModel model;
    model.replace(std::move(session));
    ExplorerRequest request;
    const ExplorerAnswer answer = model.answer(request);
    QCOMPARE(answer.selection.group, std::string("analytics"));
    QCOMPARE(answer.selection.partition, std::optional<TopicPartition>(TopicPartition{"clicks", 0}));
    QVERIFY(answer.selectionSettled);
    // Asked for by name, the idle group is shown, without a partition.
    request.selection.group = "aaa-idle";
    const ExplorerAnswer idle = model.answer(request);
    QCOMPARE(idle.selection.group, std::string("aaa-idle"));
    QVERIFY(!idle.selection.partition && !idle.selectionSettled);
    // Before any sync, the first group is chosen, and the choice does not stay.
    Session early = demoCapture().since({});
    early.syncs.clear();
    model.replace(std::move(early));
    const ExplorerAnswer unsettled = model.answer({});
    QCOMPARE(unsettled.selection.group, std::string("analytics"));
    QVERIFY(!unsettled.selectionSettled);
}

// The guide tells MM2's story with the numbers of the selection at the cursor.
void ExplorerModelTest::theGuideTellsTheStoryWithTheSelectionsNumbers()
{
    ExplorerModel model;
    model.replace(demoCapture().since({}));
    const ExplorerAnswer answer = model.answer(requestFor("3.9.0", "analytics", 400));
    const ReleaseAnswer& shown = answer.releases.front();
    const std::vector<GuideStep> steps = guideSteps(shown.cursor, shown.series->lifetimes, shown.release);
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"1. Offset syncs are sparse",
         "The session holds 63 offset syncs of clicks-0 written by the cursor (the compacted offset-syncs "
         "topic may have dropped older ones), over source offsets 101 to 4,545: one every 71 offsets on "
         "average, not one per record. Between two syncs, nothing records which target offset holds which "
         "source record."},
        {"2. Translation goes back to a sync",
         "From 3.4.1 on, MM2 translates a committed offset to the newest retained sync at or before it, "
         "so the translation never lands past the committed record: the failover replays instead (it can "
         "still skip when the group rewound, or resumes at a synced target group offset that MM2 never "
         "moves back). Here under MM2 3.9.0: committed 1,975 -> newest retained sync at or before it is "
         "1,736 -> 1,736; the group is ahead of it, so 1,737."},
        {"3. The store keeps a few syncs, spread into the past",
         "MM2 3.9.0's checkpoint task keeps up to 64 syncs per partition, newest in slot 0, slot j at most "
         "2^j - 1 offsets behind the newest and apart from its neighbours, so old and recent offsets both "
         "translate; the slots' update rewritten (KAFKA-15202): it walks the old slots and keeps more "
         "history w"
         "hen syncs come unevenly. At the cursor it holds 7 distinct syncs of this partition, the newest "
         "4,545 -> 4,545 and the oldest 101 -> 101, 4,444 offsets behind it: a group that far behind stil"
         "l translates."},
        {"4. Checkpoints come at intervals, and age",
         "MM2 emits checkpoints every 10.0 s (emit.checkpoints.interval.seconds); between two, the group "
         "commits on and the checkpoint falls behind. The checkpoint in force, 1,975 -> 1,737, was emitte"
         "d 11.4 s before the cursor."},
        {"5. A failover replays: its parts",
         "The replay adds up granularity (the committed offset back to its sync), staleness (the group's "
         "progress since the checkpoint), commit cadence (its progress since its last commit) and, where "
         "MM2 syncs group offsets, the group-offset sync's age. Here: a failover now resumes at 1,737 on "
         "A.clicks-0 (the checkpoint) and replays 238 offsets (source offsets [1,737, 1,975)), about "
         "10.1 s of analytics's processing at 23.4 offsets/s over the last 1 min 3 s of readings "
         "(granularity 238 + staleness 0 + commit cadence 0)."},
        {"6. Tune for an RPO, and make consumers idempotent",
         "Smaller offset.lag.max and emit.checkpoints.interval.seconds (and, with group-offset sync, sync"
         ".group.offsets.interval.seconds) cut the replay, at a cost: more offset-sync records, more chec"
         "kpoint work and load on both clusters. So one chooses an RPO, how much a failover may replay (d"
         "riftscope-cli tune, or the simulator's Replay target), and tunes MM2 for it. What remains is re"
         "played after every failover, so consumers must be idempotent: processing a record twice must do"
         " no harm. Here that is 238 offsets, about 10.1 s of the group's processing."}};
    QCOMPARE(steps.size(), expected.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(steps[i].title, expected[i].first);
        QCOMPARE(steps[i].text, expected[i].second);
    }
}

void ExplorerModelTest::storeStepsAgreeWithTheSyncLifetimes_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("taskStart");
    QTest::newRow("4.4.0") << "4.4.0" << 0;
    QTest::newRow("3.4.1") << "3.4.1" << 0;
    QTest::newRow("3.4.1, task restarted at record 100") << "3.4.1" << 100;
    QTest::newRow("2.4.0") << "2.4.0" << 0;
}

// Each step of the store, sync by sync, agrees with the store's own history (the sync lifetimes
// the explorer draws): a sync leaves the slots at the step its lifetime ends, and one step's
// "after" is the next one's "before".
void ExplorerModelTest::storeStepsAgreeWithTheSyncLifetimes()
{
    QFETCH(QString, release);
    QFETCH(int, taskStart);
    const Session& session = demoCapture();
    Mm2StateOptions options;
    options.release = parseRelease(release.toStdString()).value();
    options.taskStart = static_cast<size_t>(taskStart);
    const TopicPartition tp{"clicks", 0};
    const SharedChunks<SyncLifetime> lives =
        syncLifetimes(session, options, session.findPartition(tp).value(), INT64_MAX);
    const std::vector<int64_t> times = syncTimes(session, tp);
    QCOMPARE(times.size(), lives.size());
    std::vector<std::optional<SlotSync>> previous;
    size_t expiredSeen = 0;
    for (size_t k = 0; k < times.size(); ++k) {
        const std::optional<StoreStep> step = storeStep(session, options, tp, k, 1975);
        QVERIFY(step);
        QCOMPARE(step->atMs, times[k]);
        QCOMPARE(step->upstream, lives[k].upstream);
        if (k > 0)
            QCOMPARE(step->before, previous);
        for (size_t j = 0; j < k; ++j) {
            const bool before = std::any_of(step->before.begin(), step->before.end(),
                                            [&](const auto& s) { return s && s->ordinal == j; });
            const bool after = std::any_of(step->after.begin(), step->after.end(),
                                           [&](const auto& s) { return s && s->ordinal == j; });
            if (before && !after)
                QCOMPARE(lives[j].expiredAtMs, std::optional<int64_t>(times[k]));
        }
        expiredSeen += step->expired.size();
        for (int slot : step->changedSlots)
            QVERIFY(step->before[static_cast<size_t>(slot)] != step->after[static_cast<size_t>(slot)]);
        previous = step->after;
    }
    const size_t expiredInLives = static_cast<size_t>(std::count_if(
        lives.begin(), lives.end(), [](const SyncLifetime& l) { return l.expiredAtMs.has_value(); }));
    QCOMPARE(expiredSeen, expiredInLives);
    QVERIFY(!storeStep(session, options, tp, times.size()));
    if (release != "4.4.0" || taskStart != 0)
        return;
    // Step 7 (sync #7, 606 -> 606) under 4.4.0: one sync past its slot's bound, one dropped for spacing.
    const StoreStep seven = storeStep(session, options, tp, 7, 1975).value();
    QCOMPARE(seven.changedSlots.size(), size_t{9});
    const std::vector<std::string> expected = {
        "476 -> 476 (sync #5) left the store: it is now 130 offsets behind the newest sync, past the bound "
        "2^7 - 1 = 127 of slot 7, the last it held, and slot 8 keeps 505 -> 505 (sync #6)",
        "404 -> 404 (sync #4) left the store: it is 202 offsets behind the newest sync, within the bound 2^8 "
        "- 1 "
        "of slot 8, and the update, which keeps the slots' syncs spaced apart, did not keep it (slot 8 now "
        "holds "
        "505 -> 505 (sync #6)); which of its checks dropped it is not worked out here"};
    QCOMPARE(seven.expired, expected);
    // Before its first sync, 1975 does not translate; the store translates it once syncs are there.
    QCOMPARE(storeStep(session, options, tp, 0, 1975)->translatedBefore->status, TranslationStatus::NoSync);
    QCOMPARE(seven.translatedBefore->downstream, std::optional<int64_t>(506)); // ahead of 505 -> 505: +1
    QCOMPARE(seven.translatedAfter->downstream, std::optional<int64_t>(607));  // ahead of 606 -> 606: +1
}

QTEST_GUILESS_MAIN(ExplorerModelTest)
#include "tst_explorer_model.moc"
