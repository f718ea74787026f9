// What the explorer's answers rely on to share instead of copy: a SharedChunks copy keeps what it
// was whatever the original does next (appends, element changes, clearing), copies share full
// chunks, and iteration visits every element in order. A SideThread runs each task once, in
// turn, hands back what a task threw, and stops with its owner.
#include "model/util/shared_chunks.h"
#include "model/util/side_thread.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <stdexcept>

using namespace driftscope;

class SharedListsTest : public QObject {
    Q_OBJECT
private slots:
    void aCopyKeepsWhatItWas();
    void iteratesInOrderAcrossChunks();
    void equalityIsByElements();
    void sideThreadRunsTasksInTurn();
    void sideThreadHandsBackWhatATaskThrew();
};

void SharedListsTest::aCopyKeepsWhatItWas()
{
    SharedChunks<int, 4> list;
    for (int i = 0; i < 10; ++i)
        list.push_back(i);
    const SharedChunks<int, 4> copy = list;
    list.push_back(10);     // the last chunk (8, 9) is shared: copied before it grows
    list.mutableAt(1) = -1; // a full chunk: copied before it changes
    list.mutableAt(9) = -9;
    QCOMPARE(copy.size(), size_t(10));
    QCOMPARE(copy.toVector(), std::vector<int>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    QCOMPARE(list.toVector(), std::vector<int>({0, -1, 2, 3, 4, 5, 6, 7, 8, -9, 10}));
    // Held alone now: changed in place, and the copy still does not see it.
    list.mutableAt(2) = -2;
    QCOMPARE(list[2], -2);
    QCOMPARE(copy[2], 2);
    list.clear();
    QVERIFY(list.empty());
    QCOMPARE(copy.back(), 9);
}

void SharedListsTest::iteratesInOrderAcrossChunks()
{
    SharedChunks<int, 3> list;
    for (int i = 0; i < 11; ++i)
        list.push_back(i * i);
    std::vector<int> seen(list.begin(), list.end());
    std::vector<int> expected(11);
    for (int i = 0; i < 11; ++i)
        expected[static_cast<size_t>(i)] = i * i;
    QCOMPARE(seen, expected);
    QCOMPARE(std::vector<int>(list.rbegin(), list.rend()),
             std::vector<int>(expected.rbegin(), expected.rend()));
    QCOMPARE(list.end() - list.begin(), std::ptrdiff_t(11));
    QCOMPARE(*std::lower_bound(list.begin(), list.end(), 50), 64);
    QCOMPARE(std::accumulate(list.begin(), list.end(), 0), 385);
    QCOMPARE(list.front(), 0);
    QCOMPARE(list.back(), 100);
}

void SharedListsTest::equalityIsByElements()
{
    SharedChunks<int, 2> a{1, 2, 3};
    SharedChunks<int, 2> b;
    for (int i = 1; i <= 3; ++i)
        b.push_back(i);
    QVERIFY(a == b);
    b.mutableAt(2) = 4;
    QVERIFY(!(a == b));
    b.mutableAt(2) = 3;
    b.push_back(4);
    QVERIFY(!(a == b));
}

void SharedListsTest::sideThreadRunsTasksInTurn()
{
    std::vector<int> order;
    {
        SideThread thread("test-side");
        for (int i = 0; i < 100; ++i) {
            std::atomic<bool> ran = false;
            thread.start([&, i] {
                order.push_back(i);
                ran = true;
            });
            thread.wait();
            QVERIFY(ran);
        }
    } // joins
    QCOMPARE(order.size(), size_t(100));
    QVERIFY(std::is_sorted(order.begin(), order.end()));
    QCOMPARE(order.back(), 99);
}

void SharedListsTest::sideThreadHandsBackWhatATaskThrew()
{
    SideThread thread("test-side");
    thread.start([] { throw std::runtime_error("no series"); });
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, thread.wait());
    // Once: the next task starts clean.
    int value = 0;
    thread.start([&] { value = 7; });
    thread.wait();
    QCOMPARE(value, 7);
}

QTEST_GUILESS_MAIN(SharedListsTest)
#include "tst_shared_lists.moc"
