// The store explorer panel shows what the model computes: the plotted slot distances are the
// store's retained syncs, and switching release changes the translation as the model says.
#include "model/io/record_file.h"
#include "widgets/store_explorer.h"
#include "widgets/sync_slots_plot.h"

#include <QTest>

using namespace driftscope;

class StoreExplorerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plotsTheRetainedSyncs();
    void releaseSwitchChangesTheTranslation();

private:
    static std::vector<OffsetSync> workedExample();
};

std::vector<OffsetSync> StoreExplorerTest::workedExample()
{
    std::vector<OffsetSync> syncs;
    const auto file = readRecordFile(QFINDTESTDATA("data/worked_example.txt").toStdString());
    for (const NumberedRecord& r : file->records)
        if (const auto* s = std::get_if<OffsetSync>(&r.record))
            syncs.push_back(*s);
    return syncs;
}

void StoreExplorerTest::plotsTheRetainedSyncs()
{
    widgets::StoreExplorer explorer;
    explorer.setSyncs(workedExample());
    explorer.selectPartition({"orders", 3});
    // 3.9.0: [0..4]=100 [5]=90 [6]=60 [7..63]=0, as distances from the newest sync (100).
    std::vector<int64_t> expected(64, 100);
    std::fill(expected.begin(), expected.begin() + 5, 0);
    expected[5] = 10;
    expected[6] = 40;
    QCOMPARE(explorer.plot()->slotDistances(), expected);

    explorer.selectRelease(Release{3, 4, 0}); // the latest-only store keeps one sync
    QCOMPARE(explorer.plot()->slotDistances(), std::vector<int64_t>{0});
}

void StoreExplorerTest::releaseSwitchChangesTheTranslation()
{
    widgets::StoreExplorer explorer;
    explorer.setSyncs(workedExample());
    explorer.selectPartition({"orders", 3});
    explorer.setCommittedOffset(95);
    QCOMPARE(
        explorer.explanation(),
        QString("committed 95 -> newest retained sync at or before it is 90 -> 590; the group is ahead of "
                "it, so 591"));
    explorer.selectRelease(Release{2, 4, 0});
    QCOMPARE(explorer.explanation(),
             QString("committed 95 is behind the only sync MM2 keeps (100 -> 600): MM2 "
                     "answers -1 and emits no checkpoint"));
    explorer.setCommittedOffset(150);
    QCOMPARE(explorer.explanation(),
             QString("committed 150 -> the latest sync is 100 -> 600; MM2 up to 3.4.0 "
                     "extrapolates 600 + (150 - 100) = 650"));
}

QTEST_MAIN(StoreExplorerTest)
#include "tst_store_explorer.moc"
