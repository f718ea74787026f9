// Replaying the offset-syncs topic with the initial-load gate (model/mm2/store_replay.h): the
// records before the task start are the initial read-to-end, which 3.5.0-3.7.0 (and 3.7.1+
// without restored checkpoints) reduce to the last sync of each partition.
#include "model/mm2/store_replay.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

namespace {

const TopicPartition kOrders{"orders", 0};
const TopicPartition kClicks{"clicks", 0};

// Upstream offsets of the distinct retained syncs, newest first.
std::vector<int64_t> retainedUpstream(const SyncStore& store)
{
    std::vector<int64_t> out;
    for (const RetainedSync& r : store.retained(kOrders))
        out.push_back(r.sync.upstream);
    return out;
}

std::vector<OffsetSync> topic()
{
    return {{kOrders, 100, 10}, {kOrders, 200, 20}, {kOrders, 300, 30}, {kOrders, 400, 40}};
}

} // namespace

class StoreReplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initialLoadEndsAtTheTaskStart();
    void skippedRecordsCountTowardsTheTaskStart();
    void aTaskStartAtTheEndFinishesWithTheTopic();
};

void StoreReplay::initialLoadEndsAtTheTaskStart()
{
    // All live: the 64-slot store thins 200 out (KAFKA-15202's spacing, checked against Kafka's
    // own store elsewhere).
    const Release gated{3, 6, 0};
    const std::vector<int64_t> live{400, 300, 100};
    QCOMPARE(retainedUpstream(replaySyncs(topic(), {gated, 0, true})), live);
    // The first three records are the initial load: only 300 is kept of them.
    QCOMPARE(retainedUpstream(replaySyncs(topic(), {gated, 3, true})), (std::vector<int64_t>{400, 300}));
    // 3.7.1+ keeps the initial load's history when it restored its checkpoints.
    const Release restoring{3, 9, 0};
    QCOMPARE(retainedUpstream(replaySyncs(topic(), {restoring, 3, true})), live);
    QCOMPARE(retainedUpstream(replaySyncs(topic(), {restoring, 3, false})), (std::vector<int64_t>{400, 300}));
}

void StoreReplay::skippedRecordsCountTowardsTheTaskStart()
{
    // A replay that follows orders only still counts the clicks record in between.
    SyncsReplay replay({Release{3, 6, 0}, 2, true});
    QCOMPARE(replay.store().translate(kOrders, 100).status, TranslationStatus::NotReady);
    replay.apply({kOrders, 100, 10});
    QCOMPARE(replay.store().translate(kOrders, 150).status, TranslationStatus::NotReady);
    replay.skip(); // {kClicks, 5, 5}: the load's last record
    QCOMPARE(replay.recordsRead(), size_t{2});
    // The load is over with its last record, before any live one: a restarted MM2 on the
    // real-Kafka rig checkpointed in between (tst_real_kafka mm2Restart).
    QCOMPARE(replay.store().translate(kOrders, 150).downstream, std::optional<int64_t>(11));
    replay.apply({kOrders, 200, 20}); // the first live record
    QCOMPARE(replay.store().translate(kClicks, 5).status, TranslationStatus::NoSync);
    QCOMPARE(retainedUpstream(replay.store()), (std::vector<int64_t>{200, 100}));
}

void StoreReplay::aTaskStartAtTheEndFinishesWithTheTopic()
{
    SyncsReplay replay({Release{3, 6, 0}, 9, true});
    for (const OffsetSync& s : topic())
        replay.apply(s);
    QCOMPARE(replay.store().translate(kOrders, 400).status, TranslationStatus::NotReady);
    replay.endOfTopic();
    QCOMPARE(replay.store().translate(kOrders, 400).downstream, std::optional<int64_t>(40));
    QCOMPARE(retainedUpstream(replay.store()), (std::vector<int64_t>{400}));
    // Releases without the gate (up to 3.4.0) translate from the first record whatever the start.
    SyncsReplay legacy({Release{3, 4, 0}, 9, true});
    legacy.apply({kOrders, 100, 10});
    QCOMPARE(legacy.store().translate(kOrders, 150).downstream, std::optional<int64_t>(60));
}

QTEST_APPLESS_MAIN(StoreReplay)
#include "tst_store_replay.moc"
