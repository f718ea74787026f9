// The marks on the explorer's time axes: what the reader's events, MM2's checkpoints and the
// samples show happened, and what a scenario made happen, each with its exact words.
#include "model/analysis/timeline_marks.h"
#include "model/sim/scenario.h"
#include "model/sim/scenario_marks.h"

#include <QTest>

using namespace driftscope;

class TimelineMarksTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readerEventsCheckpointGapsLogsAndStalls();
    void marksOfAnotherSelectionStayOut();
    void scenarioEventsOfTheSelection();
    void mergedMarksStaySorted();
};

namespace {

constexpr int64_t kMinute = 60'000;

// A session of flow A->B with one group `g` on orders-0 (mirrored as A.orders-0).
Session sessionWithMarks()
{
    Session s;
    s.info.emitCheckpointsIntervalMs = kMinute;
    const uint32_t upstream = s.partitionId({"orders", 0});
    const uint32_t downstream = s.partitionId({"A.orders", 0});
    const uint32_t g = s.groupId("g");
    s.events = {{1'000, ClusterSide::Source, "unreachable", "timed out"},
                {3'000, ClusterSide::Source, "unreachable", "timed out again"},
                {5'000, ClusterSide::Target, "topic-missing", "topic B.checkpoints.internal does not exist"},
                {7'000, ClusterSide::Target, "topic-missing", "topic B.checkpoints.internal does not exist"},
                {8'000, ClusterSide::Source, "sampled", ""},
                {9'000, ClusterSide::Source, "connected", ""},
                {700'000, ClusterSide::Target, "unreachable", "broker down"}};
    for (const int64_t t : {10'000, 70'000, 400'000})
        s.checkpoints.push_back({{0, t, t}, g, downstream, 80, 75, 0, ""});
    s.logOffsets = {
        {10'000, ClusterSide::Source, upstream, 0, 100},  {20'000, ClusterSide::Source, upstream, 0, 150},
        {30'000, ClusterSide::Source, upstream, 0, 50},   {130'000, ClusterSide::Source, upstream, 0, 200},
        {10'000, ClusterSide::Target, downstream, 0, 90}, {20'000, ClusterSide::Target, downstream, 5, 95}};
    s.groupOffsets = {{10'000, ClusterSide::Source, g, upstream, 80},
                      {60'000, ClusterSide::Source, g, upstream, 80},
                      {140'000, ClusterSide::Source, g, upstream, 80},
                      {150'000, ClusterSide::Source, g, upstream, 90},
                      {160'000, ClusterSide::Source, g, upstream, GroupOffsetSample::kNoOffset}};
    return s;
}

} // namespace

void TimelineMarksTest::readerEventsCheckpointGapsLogsAndStalls()
{
    const Session s = sessionWithMarks();
    const auto marks = timelineMarks(s, {"g", TopicPartition{"orders", 0}}, kMinute, 800'000);
    const std::vector<TimelineMark> expected = {
        {1'000, 9'000, MarkKind::ClusterOutage,
         "source cluster A unreachable from 1970-01-01T00:00:01.000Z to 1970-01-01T00:00:09.000Z (8.0 s), "
         "answered "
         "again: timed out"},
        {5'000, 7'000, MarkKind::ReaderProblem,
         "from 1970-01-01T00:00:05.000Z to 1970-01-01T00:00:07.000Z (2.0 s), said 2 times, target cluster B: "
         "topic-missing: topic B.checkpoints.internal does not exist"},
        {10'000, 140'000, MarkKind::GroupStall,
         "g committed nothing new on orders-0 from 1970-01-01T00:00:10.000Z to 1970-01-01T00:02:20.000Z (2 "
         "min 10 "
         "s): it stayed at 80 while the log's end reached 200"},
        {20'000, 30'000, MarkKind::LogWentBack,
         "source log orders-0 went back between 1970-01-01T00:00:20.000Z and 1970-01-01T00:00:30.000Z: start "
         "0 -> "
         "0, end 150 -> 50 (recreated or truncated)"},
        {70'000, 400'000, MarkKind::CheckpointGap,
         "no checkpoint of any group from 1970-01-01T00:01:10.000Z to 1970-01-01T00:06:40.000Z (5 min 30 s); "
         "MM2 "
         "emits every 1 min 0 s when it runs: its checkpoint task was stopped or restarting, or (3.4.1+) no "
         "group's "
         "translation moved"},
        {400'000, 800'000, MarkKind::CheckpointGap,
         "no checkpoint of any group from 1970-01-01T00:06:40.000Z to 1970-01-01T00:13:20.000Z (6 min 40 s), "
         "to the "
         "session's end; MM2 emits every 1 min 0 s when it runs: its checkpoint task was stopped or "
         "restarting, or "
         "(3.4.1+) no group's translation moved"},
        {700'000, 800'000, MarkKind::ClusterOutage,
         "target cluster B unreachable from 1970-01-01T00:11:40.000Z to 1970-01-01T00:13:20.000Z (1 min 40 "
         "s), "
         "still unreachable then: broker down"},
    };
    QCOMPARE(marks.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(QString::fromStdString(marks[i].text), QString::fromStdString(expected[i].text));
        QCOMPARE(marks[i], expected[i]);
    }
    // The target log's start went up, not back: no mark. A stall shorter than two intervals
    // (the same 80 without the sample at 140 s) is commit cadence: no mark.
    Session shorter = sessionWithMarks();
    shorter.groupOffsets.erase(shorter.groupOffsets.begin() + 2);
    const auto fewer = timelineMarks(shorter, {"g", TopicPartition{"orders", 0}}, kMinute, 800'000);
    QCOMPARE(fewer.size(), expected.size() - 1);
    QVERIFY(std::none_of(fewer.begin(), fewer.end(),
                         [](const TimelineMark& m) { return m.kind == MarkKind::GroupStall; }));
    // With a log end that never passed the offset, the group was idle, not stalled.
    Session idle = sessionWithMarks();
    idle.logOffsets[3].end = 80;
    const auto idleMarks = timelineMarks(idle, {"g", TopicPartition{"orders", 0}}, kMinute, 800'000);
    QVERIFY(std::none_of(idleMarks.begin(), idleMarks.end(),
                         [](const TimelineMark& m) { return m.kind == MarkKind::GroupStall; }));
}

void TimelineMarksTest::marksOfAnotherSelectionStayOut()
{
    const Session s = sessionWithMarks();
    // Another group on the same partition: the flow's and the partition's marks, no stall.
    const auto other = timelineMarks(s, {"h", TopicPartition{"orders", 0}}, kMinute, 800'000);
    QCOMPARE(other.size(), size_t{6});
    // No partition: only the flow's marks (reader, checkpoints).
    const auto flow = timelineMarks(s, {"g", std::nullopt}, kMinute, 800'000);
    QCOMPARE(flow.size(), size_t{5});
    QVERIFY(std::none_of(flow.begin(), flow.end(), [](const TimelineMark& m) {
        return m.kind == MarkKind::GroupStall || m.kind == MarkKind::LogWentBack;
    }));
}

void TimelineMarksTest::scenarioEventsOfTheSelection()
{
    sim::Scenario s;
    s.topic = "orders";
    s.events = {{1'800'000, sim::EventKind::CheckpointTaskRestart, 10'000, "", -1, true, false},
                {600'000, sim::EventKind::ConsumerStall, 120'000, "app-stops", -1, false, false},
                {900'000, sim::EventKind::TruncateTarget, 0, "", 2, false, false},
                {60'000, sim::EventKind::SourceTaskRestart, 5'000, "", -1, false, true}};
    const int64_t epoch = 1'767'225'600'000; // 2026-01-01T00:00:00Z
    const auto marks = sim::scenarioMarks(s, epoch, {"app-stops", TopicPartition{"orders", 2}});
    const std::vector<TimelineMark> expected = {
        {epoch + 60'000, epoch + 65'000, MarkKind::TaskRestart,
         "scenario: MM2's source task stops at 2026-01-01T00:01:00.000Z for 5.0 s; a clean stop commits its "
         "source "
         "positions first"},
        {epoch + 600'000, epoch + 720'000, MarkKind::ScenarioStall,
         "scenario: app-stops stops consuming and committing at 2026-01-01T00:10:00.000Z for 2 min 0 s"},
        {epoch + 900'000, epoch + 900'000, MarkKind::TargetRecreated,
         "scenario: 2026-01-01T00:15:00.000Z, target partition A.orders-2 recreated: its offsets start again "
         "at 0"},
        {epoch + 1'800'000, epoch + 1'810'000, MarkKind::TaskRestart,
         "scenario: MM2's checkpoint task restarts at 2026-01-01T00:30:00.000Z for 10.0 s and rebuilds its "
         "store from "
         "the offset-syncs topic; reading the checkpoints topic fails"},
    };
    QCOMPARE(marks.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(QString::fromStdString(marks[i].text), QString::fromStdString(expected[i].text));
        QCOMPARE(marks[i], expected[i]);
    }
    // Another group on another partition: only the task restarts concern it.
    const auto other = sim::scenarioMarks(s, epoch, {"app-default", TopicPartition{"orders", 1}});
    QCOMPARE(other.size(), size_t{2});
    QCOMPARE(other[0].kind, MarkKind::TaskRestart);
    QCOMPARE(other[1].kind, MarkKind::TaskRestart);
    // The built-in checkpoint-task-restart scenario: one restart at 30 min for 10 s.
    const sim::Scenario restart = *sim::namedScenario("checkpoint-task-restart");
    const auto builtIn = sim::scenarioMarks(restart, epoch, {"app-behind", TopicPartition{"orders", 0}});
    QCOMPARE(builtIn.size(), size_t{1});
    QCOMPARE(builtIn[0].fromMs, epoch + 1'800'000);
    QCOMPARE(builtIn[0].toMs, epoch + 1'810'000);
}

void TimelineMarksTest::mergedMarksStaySorted()
{
    const std::vector<TimelineMark> a = {{1, 1, MarkKind::ReaderProblem, "a1"},
                                         {5, 9, MarkKind::GroupStall, "a5"}};
    const std::vector<TimelineMark> b = {{0, 2, MarkKind::TaskRestart, "b0"},
                                         {5, 5, MarkKind::TaskRestart, "b5"}};
    const auto merged = mergeMarks(a, b);
    QCOMPARE(merged.size(), size_t{4});
    QCOMPARE(merged[0].text, std::string("b0"));
    QCOMPARE(merged[1].text, std::string("a1"));
    QCOMPARE(merged[2].text, std::string("a5")); // equal times: the first list's first
    QCOMPARE(merged[3].text, std::string("b5"));
}

QTEST_GUILESS_MAIN(TimelineMarksTest)
#include "tst_timeline_marks.moc"
