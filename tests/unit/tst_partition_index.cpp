// PartitionIndex gives dense ids in first-seen order, whichever of its paths answers: the
// one-entry cache (runs of one partition), the topic table (by name, then partitions by number;
// the last topic found first), or the table of partition numbers outside the by-number range.
// Checked against a std::map on an interleaving of topics (enough to grow the topic table),
// partition numbers beyond the by-number range, negative numbers, names that differ only at
// their ends, and long names that share their length and first and last eight bytes (the topic
// table's key) and differ only in the middle.
#include "model/mm2/partition_index.h"
#include "support/qtest_printers.h"

#include <QTest>

#include <map>
#include <random>

using namespace driftscope;

class PartitionIndexTest : public QObject {
    Q_OBJECT
private slots:
    void idsAreFirstSeenOrderWhicheverPathAnswers();
    void aPartitionNotRegisteredIsAbsent();
};

void PartitionIndexTest::idsAreFirstSeenOrderWhicheverPathAnswers()
{
    std::vector<std::string> topics = {"orders-eu",
                                       "orders-us",
                                       "o",
                                       "",
                                       "abcd",
                                       "abce",
                                       "topic-with-a-long-name-1",
                                       "topic-with-a-long-name-2",
                                       "prefix12-middle-A-suffix12",
                                       "prefix12-middle-B-suffix12",
                                       "exactly-16-bytes",
                                       "exactly-16-bytez",
                                       "seventeen-bytes-1",
                                       "seventeen-bytes-2"};
    for (int i = 0; i < 40; ++i) // grow the topic table several times
        topics.push_back("t" + std::to_string(i));
    const std::vector<int32_t> numbers = {0, 1, 2, 7, 999, 65535, 65536, 1 << 30, -1, INT32_MIN};
    std::mt19937_64 rng(7);
    PartitionIndex index;
    std::map<TopicPartition, uint32_t> expected;
    for (int step = 0; step < 200'000; ++step) {
        // Round-robin runs over one topic, runs of one partition, and random jumps.
        const std::string& topic = topics[(step / 500) % topics.size()];
        int32_t number;
        switch (rng() % 3) {
        case 0:
            number = step % 1200;
            break;
        case 1:
            number = numbers[(step / 7) % numbers.size()];
            break;
        default:
            number = numbers[rng() % numbers.size()];
        }
        const TopicPartition tp{topic, number};
        const auto [it, added] = expected.try_emplace(tp, static_cast<uint32_t>(expected.size()));
        const bool findFirst = rng() % 2;
        if (findFirst) {
            const int64_t found = index.find(tp);
            QCOMPARE(found, added ? PartitionIndex::kAbsent : int64_t{it->second});
        }
        QCOMPARE(index.intern(tp), it->second);
        QCOMPARE(index.find(tp), int64_t{it->second});
    }
    QCOMPARE(index.size(), expected.size());
    for (const auto& [tp, id] : expected) {
        QCOMPARE(index.at(id), tp);
        QCOMPARE(index.find(tp), int64_t{id});
    }
    // A copy answers alike, also once the original has grown its arrays further.
    const PartitionIndex copy = index;
    for (int32_t number = 0; number < 5000; ++number)
        index.intern({"orders-eu", number});
    for (const auto& [tp, id] : expected)
        QCOMPARE(copy.find(tp), int64_t{id});
    QCOMPARE(copy.find({"orders-eu", 4999}), PartitionIndex::kAbsent);
    QCOMPARE(copy.size(), expected.size());
}

void PartitionIndexTest::aPartitionNotRegisteredIsAbsent()
{
    PartitionIndex index;
    QCOMPARE(index.intern({"orders", 0}), uint32_t{0});
    QCOMPARE(index.intern({"orders", 2}), uint32_t{1});
    // Inside the last topic's numbers but never registered, beyond them, another topic.
    QCOMPARE(index.find({"orders", 1}), PartitionIndex::kAbsent);
    QCOMPARE(index.find({"orders", 3}), PartitionIndex::kAbsent);
    QCOMPARE(index.find({"orderz", 2}), PartitionIndex::kAbsent);
    QCOMPARE(index.find({"orders-x", 2}), PartitionIndex::kAbsent);
    QCOMPARE(index.intern({"orders", 1}), uint32_t{2});
    QCOMPARE(index.find({"orders", 1}), int64_t{2});
}

QTEST_GUILESS_MAIN(PartitionIndexTest)
#include "tst_partition_index.moc"
