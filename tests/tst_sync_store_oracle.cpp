// Replays tests/data/store_oracle_cases.txt: random scripts (many near the int64 limits) whose
// expected results come from Kafka's OffsetSyncStore logic run on a JVM. They pin the Java long
// wrap-around of invariants B and C and of the translation arithmetic, which properties alone
// cannot see.
#include "model/core/formatter_text.h"
#include "model/core/sync_store.h"

#include <QFile>
#include <QTest>

#include <optional>
#include <sstream>

using namespace driftscope;

namespace {

Release releaseForKind(const std::string& kind)
{
    if (kind == "L0")
        return {2, 4, 0};
    if (kind == "L3")
        return {3, 3, 0};
    if (kind == "S1")
        return {3, 5, 1};
    return {3, 9, 0};
}

} // namespace

class SyncStoreOracle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesKafkasLogic();
};

void SyncStoreOracle::matchesKafkasLogic()
{
    QFile file(QFINDTESTDATA("data/store_oracle_cases.txt"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    std::istringstream in(file.readAll().toStdString());

    std::string kind;
    bool mustReadToEnd = true;
    std::optional<SyncStore> store;
    auto ensureStore = [&] {
        if (!store)
            store.emplace(profileFor(releaseForKind(kind)), !mustReadToEnd);
    };
    int lineNumber = 0, checked = 0;
    std::string line;
    while (std::getline(in, line)) {
        ++lineNumber;
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream words(line);
        std::string op;
        words >> op;
        const size_t eq = line.find(" = ");
        const std::string expected = eq == std::string::npos ? "" : line.substr(eq + 3);
        const std::string where = "line " + std::to_string(lineNumber) + ": " + line;
        if (op == "kind") {
            words >> kind;
            mustReadToEnd = true;
            store.reset();
        } else if (op == "must") {
            int must = 1;
            words >> must;
            mustReadToEnd = must != 0;
            store.reset();
        } else if (op == "start") {
            ensureStore();
            store->finishInitialLoad();
        } else if (op == "sync") {
            ensureStore();
            std::string tp, u, d;
            words >> tp >> u >> d;
            store->apply(OffsetSync{{tp, 0}, parseJavaLong(u).value(), parseJavaLong(d).value()});
        } else if (op == "t") {
            ensureStore();
            std::string tp, u;
            words >> tp >> u;
            const Translation t = store->translate(TopicPartition{tp, 0}, parseJavaLong(u).value());
            const std::string got = t.downstream ? std::to_string(*t.downstream) : "E";
            if (got != expected)
                QFAIL((where + " gave " + got).c_str());
            ++checked;
        } else if (op == "state") {
            ensureStore();
            std::string tp;
            words >> tp;
            const SyncSlots* syncs = store->slotsOf(TopicPartition{tp, 0});
            const std::string got = syncs ? describeSlots(*syncs, true) : "(none)";
            if (got != expected)
                QFAIL((where + " gave " + got).c_str());
            ++checked;
        } else {
            QFAIL(("unknown operation at " + where).c_str());
        }
    }
    QCOMPARE(checked, 3185); // every expectation in the file was checked
}

QTEST_APPLESS_MAIN(SyncStoreOracle)
#include "tst_sync_store_oracle.moc"
