// The source side's offset syncs against Kafka's own unit-test numbers (docs/mm2-behaviour.md §6:
// MirrorSourceTaskTest.testOffsetSync, testZeroOffsetSync, the legacy sequence, testSendSyncEvent
// per release, OffsetSyncWriterTest) and the worked example of §1.3.
#include "model/mm2/sync_emitter.h"
#include "support/qtest_printers.h"

#include <QTest>

#include <random>

using namespace driftscope;

namespace {

const TopicPartition kTp{"topic1", 2};

struct Step {
    int64_t upstream;
    int64_t downstream;
    bool resetAfter;
    bool expected;
};

ReleaseProfile profileOf(Release r)
{
    return profileFor(r);
}

// Drives a SyncEmitter the way MirrorSourceTaskTest drives a task with a mocked producer.
class Harness {
public:
    Harness(Release release, int64_t lagMax, int permits) : m_emitter(profileOf(release), {lagMax, permits})
    {
    }

    void commitRecord(int64_t u, int64_t d)
    {
        m_emitter.commitRecord(kTp, u, d);
        collect();
    }
    void commit()
    {
        m_emitter.commit();
        collect();
    }
    void ack()
    {
        if (m_unacked > 0) {
            --m_unacked;
            m_emitter.sendCompleted();
        }
    }
    void setAutoAck(bool on) { m_autoAck = on; }
    int sends() const { return static_cast<int>(m_all.size()); }
    const std::vector<OffsetSync>& all() const { return m_all; }
    SyncEmitter& emitter() { return m_emitter; }

private:
    void collect()
    {
        for (const OffsetSync& s : m_emitter.takeSent()) {
            m_all.push_back(s);
            if (m_autoAck)
                m_emitter.sendCompleted();
            else
                ++m_unacked;
        }
    }
    SyncEmitter m_emitter;
    std::vector<OffsetSync> m_all;
    bool m_autoAck = false;
    int m_unacked = 0;
};

} // namespace

Q_DECLARE_METATYPE(std::vector<Step>)

class SyncEmission : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void partitionState_data();
    void partitionState();
    void sendSyncEvent_data();
    void sendSyncEvent();
    void offsetSyncWriter();
    void workedExample_data();
    void workedExample();
    void legacyDropsWhenTenAreInFlight();
    void restartStartsAfresh();
    void runsEqualRecordByRecord_data();
    void runsEqualRecordByRecord();
};

void SyncEmission::partitionState_data()
{
    QTest::addColumn<int>("rule");
    QTest::addColumn<qint64>("lagMax");
    QTest::addColumn<std::vector<Step>>("steps");
    const int e1 = static_cast<int>(EmissionRule::LagSinceLastSync);
    const int e0 = static_cast<int>(EmissionRule::DeadReckoning);
    QTest::newRow("testOffsetSync") << e1 << qint64(50)
                                    << std::vector<Step>{{0, 100, true, true},  {2, 102, true, true},
                                                         {3, 152, true, false}, {4, 153, true, true},
                                                         {5, 154, true, false}, {6, 203, true, false},
                                                         {7, 204, true, true},  {2, 206, true, true},
                                                         {3, 207, true, false}, {4, 3, true, true},
                                                         {5, 4, false, false},  {7, 6, false, true},
                                                         {7, 6, false, true},   {8, 7, false, true},
                                                         {10, 57, true, true},  {11, 58, false, false}};
    QTest::newRow("testZeroOffsetSync")
        << e1 << qint64(0)
        << std::vector<Step>{
               {0, 100, true, true}, {2, 102, true, true}, {3, 153, true, true}, {4, 154, true, true},
               {5, 155, true, true}, {6, 207, true, true}, {7, 204, true, true}, {2, 208, true, true},
               {3, 209, true, true}, {4, 3, true, true},   {5, 4, false, true},  {7, 6, false, true},
               {7, 6, false, true},  {8, 7, false, true},  {10, 57, true, true}, {11, 58, false, true}};
    QTest::newRow("legacy E0") << e0 << qint64(50)
                               << std::vector<Step>{{0, 100, false, true},  {2, 102, false, true},
                                                    {3, 152, false, false}, {4, 153, false, false},
                                                    {5, 154, false, false}, {6, 205, false, true},
                                                    {2, 206, false, true},  {3, 207, false, false},
                                                    {4, 3, false, true},    {5, 4, false, false}};
}

void SyncEmission::partitionState()
{
    QFETCH(int, rule);
    QFETCH(qint64, lagMax);
    QFETCH(std::vector<Step>, steps);
    PartitionSyncState state(static_cast<EmissionRule>(rule), lagMax);
    for (size_t i = 0; i < steps.size(); ++i) {
        const Step& s = steps[i];
        const bool got = state.update(s.upstream, s.downstream);
        QVERIFY2(got == s.expected, ("step " + std::to_string(i) + " (" + std::to_string(s.upstream) + "," +
                                     std::to_string(s.downstream) + ")")
                                        .c_str());
        if (s.resetAfter) {
            state.reset();
            QVERIFY(!state.shouldSync());
        }
    }
}

void SyncEmission::sendSyncEvent_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<bool>("delayedSyncs");
    QTest::newRow("3.6.0") << "3.6.0" << false;
    QTest::newRow("3.4.1") << "3.4.1" << false;
    QTest::newRow("3.7.0") << "3.7.0" << true;
    QTest::newRow("3.8.1") << "3.8.1" << true;
    QTest::newRow("3.9.0") << "3.9.0" << true;
}

void SyncEmission::sendSyncEvent()
{
    // MirrorSourceTaskTest.testSendSyncEvent: offset.lag.max 50, one permit; counts are the
    // cumulative sends.
    QFETCH(QString, release);
    QFETCH(bool, delayedSyncs);
    Harness h(parseRelease(release.toStdString()).value(), 50, 1);
    h.setAutoAck(true);
    h.commitRecord(0, 100);
    QCOMPARE(h.sends(), 1);
    h.commit();
    QCOMPARE(h.sends(), 1);
    h.setAutoAck(false);
    h.commitRecord(2, 102);
    QCOMPARE(h.sends(), 2);
    h.commit();
    QCOMPARE(h.sends(), 2);
    h.commitRecord(4, 104); // no permit: stays pending
    h.commit();
    QCOMPARE(h.sends(), 2);
    QVERIFY(h.emitter().isPending(kTp));
    h.ack();
    h.commit();
    QCOMPARE(h.sends(), 3);
    QCOMPARE(h.all().back(), (OffsetSync{kTp, 4, 104}));
    h.ack();
    h.commitRecord(6, 106);
    QCOMPARE(h.sends(), 4);
    h.commit();
    QCOMPARE(h.sends(), 4);
    if (!delayedSyncs)
        return;
    h.ack();
    h.commit();
    QCOMPARE(h.sends(), 4);
    h.commitRecord(7, 107); // 107 - (106 + 1) < 50 and no gap: delayed
    QCOMPARE(h.sends(), 4);
    QVERIFY(h.emitter().isDelayed(kTp));
    h.commit(); // the delayed sync is promoted and sent
    QCOMPARE(h.sends(), 5);
    QCOMPARE(h.all().back(), (OffsetSync{kTp, 7, 107}));
    h.ack();
    h.commit();
    QCOMPARE(h.sends(), 5);
}

void SyncEmission::offsetSyncWriter()
{
    const ReleaseProfile head = profileFor(Release{3, 9, 0});
    {
        // testMaybeQueueOffsetSyncs (offset.lag.max 2)
        SyncEmitter w(head, {2, 1});
        w.queue(kTp, 0, 1);
        QVERIFY(w.isPending(kTp));
        QVERIFY(!w.isDelayed(kTp));
        QCOMPARE(w.lastSyncDownstream(kTp), int64_t{1});
        w.queue(kTp, 1, 2); // 2 - (1 + 1) = 0 < 2
        QVERIFY(w.isDelayed(kTp));
        QCOMPARE(w.lastSyncDownstream(kTp), int64_t{1});
    }
    {
        // testFirePendingOffsetSyncs (offset.lag.max 1)
        SyncEmitter w(head, {1, 1});
        w.queue(kTp, 0, 100);
        QCOMPARE(w.lastSyncDownstream(kTp), int64_t{100});
        w.fire();
        QCOMPARE(w.sent(), uint64_t{1}); // never acknowledged
        w.queue(kTp, 2, 102);
        QCOMPARE(w.lastSyncDownstream(kTp), int64_t{102});
        w.fire();
        QCOMPARE(w.sent(), uint64_t{1}); // no permit
    }
    {
        // testPromoteDelayedOffsetSyncs (offset.lag.max 50)
        SyncEmitter w(head, {50, 1});
        w.queue(kTp, 0, 100);
        w.queue(kTp, 1, 101);
        QVERIFY(w.isDelayed(kTp));
        w.promoteDelayed();
        QVERIFY(!w.isDelayed(kTp));
        QVERIFY(w.isPending(kTp));
        QCOMPARE(*w.pendingSync(kTp), (OffsetSync{kTp, 1, 101})); // replaced the older pending one
    }
}

void SyncEmission::workedExample_data()
{
    // §1.3: offset.lag.max 100, u = 0..250 replicated contiguously to d = 1000..1250, permits free,
    // then one commit().
    QTest::addColumn<QString>("release");
    QTest::addColumn<QString>("syncs");
    QTest::newRow("2.4.0 (E0)") << "2.4.0"
                                << "0:1000";
    QTest::newRow("3.4.0 (E0)") << "3.4.0"
                                << "0:1000";
    QTest::newRow("3.4.1 (E1)") << "3.4.1"
                                << "0:1000 101:1101 202:1202";
    QTest::newRow("3.6.2 (E1)") << "3.6.2"
                                << "0:1000 101:1101 202:1202";
    QTest::newRow("3.7.0 (E2)") << "3.7.0"
                                << "0:1000 101:1101 202:1202 250:1250";
    QTest::newRow("3.9.0 (E3)") << "3.9.0"
                                << "0:1000 101:1101 202:1202 250:1250";
}

void SyncEmission::workedExample()
{
    QFETCH(QString, release);
    QFETCH(QString, syncs);
    Harness h(parseRelease(release.toStdString()).value(), 100, 10);
    h.setAutoAck(true);
    for (int64_t u = 0; u <= 250; ++u)
        h.commitRecord(u, 1000 + u);
    h.commit();
    QStringList got;
    for (const OffsetSync& s : h.all())
        got << QString("%1:%2").arg(s.upstream).arg(s.downstream);
    QCOMPARE(got.join(' '), syncs);
}

void SyncEmission::legacyDropsWhenTenAreInFlight()
{
    // Up to 3.4.0 a sync that finds no permit is lost, and the partition state has moved on
    // anyway (KAFKA-12558): the next sync only comes with the next gap.
    Harness h(Release{3, 4, 0}, 100, 10);
    for (int p = 0; p < 11; ++p) // eleven first records: eleven triggers, nothing acknowledged
        h.emitter().commitRecord(TopicPartition{"t", p}, 0, 0);
    QCOMPARE(h.emitter().sent(), uint64_t{10});
    QCOMPARE(h.emitter().dropped(), uint64_t{1});
    for (int i = 0; i < 10; ++i)
        h.emitter().sendCompleted();
    h.emitter().commitRecord(TopicPartition{"t", 10}, 1, 1); // contiguous: no trigger, nothing resent
    QCOMPARE(h.emitter().sent(), uint64_t{10});
    // From 3.4.1 the triggered sync waits and goes out once a permit is free.
    SyncEmitter newer(profileFor(Release{3, 4, 1}), {100, 10});
    for (int p = 0; p < 11; ++p)
        newer.commitRecord(TopicPartition{"t", p}, 0, 0);
    QCOMPARE(newer.sent(), uint64_t{10});
    QVERIFY(newer.isPending(TopicPartition{"t", 10}));
    newer.sendCompleted();
    newer.commitRecord(TopicPartition{"t", 0}, 1, 1); // any commitRecord fires pending syncs
    QCOMPARE(newer.sent(), uint64_t{11});
}

void SyncEmission::restartStartsAfresh()
{
    // A restarted task treats the next record as the first of its lifetime (a sync) and has lost
    // its queued syncs.
    SyncEmitter e(profileFor(Release{3, 9, 0}), {100, 10});
    e.commitRecord(kTp, 0, 0);
    e.commitRecord(kTp, 1, 1);
    QVERIFY(e.isDelayed(kTp));
    e.restart();
    QVERIFY(!e.isDelayed(kTp));
    e.commitRecord(kTp, 2, 2);
    const auto sent = e.takeSent();
    QCOMPARE(sent.size(), size_t{2});
    QCOMPARE(sent.back(), (OffsetSync{kTp, 2, 2}));
}

void SyncEmission::runsEqualRecordByRecord_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<qint64>("lagMax");
    for (const char* r : {"3.4.0", "3.6.2", "3.9.0"})
        for (qint64 lag : {qint64(-3), qint64(0), qint64(1), qint64(7), qint64(100), qint64(5000)})
            QTest::newRow((std::string(r) + "/L=" + std::to_string(lag)).c_str()) << QString(r) << lag;
}

void SyncEmission::runsEqualRecordByRecord()
{
    // commitRun() must be indistinguishable from one commitRecord() per record: same sends in
    // the same order, same queued syncs, same counters, over random runs, commits, acks and
    // restarts (offsets near the int64 limits included).
    QFETCH(QString, release);
    QFETCH(qint64, lagMax);
    const ReleaseProfile profile = profileFor(parseRelease(release.toStdString()).value());
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        std::mt19937_64 rng(seed);
        SyncEmitter batched(profile, {lagMax, 3});
        SyncEmitter single(profile, {lagMax, 3});
        const TopicPartition tps[] = {{"a", 0}, {"a", 1}, {"b", 0}};
        int64_t nextU[3] = {0, 0, 0}, nextD[3] = {0, 0, 0};
        if (seed % 5 == 0)
            for (int p = 0; p < 3; ++p)
                nextU[p] = nextD[p] = INT64_MAX - 400;
        for (int op = 0; op < 400; ++op) {
            const int what = static_cast<int>(rng() % 20);
            if (what < 14) {
                const int p = static_cast<int>(rng() % 3);
                int64_t u = nextU[p], d = nextD[p];
                if (rng() % 6 == 0) { // gap or rewind, stopping at 2^63 - 1 (skipped below)
                    const int64_t gap = static_cast<int64_t>(rng() % 50) - 10;
                    u = gap > INT64_MAX - u ? INT64_MAX : u + gap;
                }
                if (rng() % 10 == 0)
                    d -= static_cast<int64_t>(rng() % 30); // truncation
                const int64_t count = 1 + static_cast<int64_t>(rng() % (rng() % 3 == 0 ? 400 : 20));
                if (u > INT64_MAX - count || d > INT64_MAX - count)
                    continue;
                batched.commitRun(tps[p], u, d, count);
                for (int64_t i = 0; i < count; ++i)
                    single.commitRecord(tps[p], u + i, d + i);
                nextU[p] = u + count;
                nextD[p] = d + count;
            } else if (what < 17) {
                batched.commit();
                single.commit();
            } else if (what < 19) {
                batched.sendCompleted();
                single.sendCompleted();
            } else {
                batched.restart();
                single.restart();
            }
            const auto a = batched.takeSent();
            const auto b = single.takeSent();
            QVERIFY2(a == b, ("seed " + std::to_string(seed) + " op " + std::to_string(op)).c_str());
            QCOMPARE(batched.inFlight(), single.inFlight());
            QCOMPARE(batched.triggered(), single.triggered());
            QCOMPARE(batched.dropped(), single.dropped());
            for (const TopicPartition& tp : tps) {
                QCOMPARE(batched.isPending(tp), single.isPending(tp));
                QCOMPARE(batched.isDelayed(tp), single.isDelayed(tp));
                QCOMPARE(batched.lastSyncDownstream(tp), single.lastSyncDownstream(tp));
                if (batched.isPending(tp))
                    QCOMPARE(*batched.pendingSync(tp), *single.pendingSync(tp));
            }
        }
        // The delayed syncs' order only shows when they are promoted: compare what goes out.
        for (int i = 0; i < 6; ++i) {
            batched.sendCompleted();
            single.sendCompleted();
        }
        batched.commit();
        single.commit();
        QCOMPARE(batched.takeSent(), single.takeSent());
    }
}

QTEST_APPLESS_MAIN(SyncEmission)
#include "tst_sync_emission.moc"
