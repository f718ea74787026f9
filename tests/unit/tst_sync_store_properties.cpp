// Properties of the 64-slot store over long random streams (regular, gappy, rewinding, near
// 2^63): Kafka's invariants B and C after every update, the expiration bounds of §2.4.8, and,
// from 3.4.1 on, translations that never pass the true downstream position of the queried record.
#include "model/mm2/sync_store.h"
#include "model/util/java_long.h"
#include "tests/support/store_checks.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace driftscope;
using namespace driftscope::test;

namespace {

const TopicPartition kTp{"orders", 0};

enum class Stream { Regular, Gappy, Rewinding, NearMax, Bursty };

const char* streamName(Stream s)
{
    switch (s) {
    case Stream::Regular:
        return "regular";
    case Stream::Gappy:
        return "gappy";
    case Stream::Rewinding:
        return "rewinding";
    case Stream::NearMax:
        return "near-2^63";
    case Stream::Bursty:
        return "bursty";
    }
    return "?";
}

// Upstream offsets of a sync stream of the given shape (downstream offsets are derived by the
// caller). Rewinding streams restart below the current head now and then, like a source task
// that resumes from an older committed offset.
std::vector<int64_t> upstreamStream(Stream shape, size_t count, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<int64_t> out;
    out.reserve(count);
    int64_t u = shape == Stream::NearMax ? int64_t{1} << 62 : 0;
    for (size_t i = 0; i < count; ++i) {
        out.push_back(u);
        switch (shape) {
        case Stream::Regular:
            u += 101;
            break;
        case Stream::Gappy:
            u += 1 + static_cast<int64_t>(rng() % 101) +
                 (rng() % 8 == 0 ? static_cast<int64_t>(rng() % 5000) : 0);
            break;
        case Stream::Rewinding:
            if (rng() % 500 == 0)
                u = std::max<int64_t>(0, u - static_cast<int64_t>(rng() % 3000));
            else
                u += static_cast<int64_t>(rng() % 150); // equal offsets happen too
            break;
        case Stream::NearMax:
            // Mostly small steps, now and then a jump of up to half the room left below 2^63:
            // the update then walks far down the slots, where B's and C's bounds wrap. Steps stop
            // at 2^63 - 1 (offsets are Java longs; going past it would be undefined behaviour).
            if (rng() % 100 == 0) {
                u += static_cast<int64_t>(rng() % static_cast<uint64_t>((INT64_MAX - u) / 2 + 1));
            } else {
                const int64_t step = 1 + static_cast<int64_t>(rng() % (uint64_t{1} << (rng() % 21)));
                u = step > INT64_MAX - u ? INT64_MAX : u + step;
            }
            break;
        case Stream::Bursty:
            u += rng() % 4 == 0 ? static_cast<int64_t>(rng() % 100000) : 1;
            break;
        }
    }
    return out;
}

std::vector<Release> slottedReleases()
{
    return {Release{3, 4, 1}, Release{3, 5, 1}, Release{3, 5, 2}, Release{3, 7, 1}, Release{3, 9, 0}};
}

} // namespace

class SyncStoreProperties : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void invariantsHoldAfterEveryUpdate_data();
    void invariantsHoldAfterEveryUpdate();
    void regularStreamsExpireAtMostOne_data();
    void regularStreamsExpireAtMostOne();
    void translationNeverPassesTheTrueDownstreamPosition_data();
    void translationNeverPassesTheTrueDownstreamPosition();
    void legacyExtrapolationCanOvershoot();
    void wrapsLikeJavaLong();
    void equalOffsetsAreDistinctSyncs();
};

void SyncStoreProperties::invariantsHoldAfterEveryUpdate_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("shape");
    for (const Release& r : slottedReleases())
        for (Stream s : {Stream::Regular, Stream::Gappy, Stream::Rewinding, Stream::NearMax, Stream::Bursty})
            QTest::newRow((toString(r) + "/" + streamName(s)).c_str())
                << QString::fromStdString(toString(r)) << static_cast<int>(s);
}

void SyncStoreProperties::invariantsHoldAfterEveryUpdate()
{
    QFETCH(QString, release);
    QFETCH(int, shape);
    SyncStore store(profileFor(parseRelease(release.toStdString()).value()));
    store.finishInitialLoad();
    const std::vector<int64_t> stream = upstreamStream(static_cast<Stream>(shape), 20000, 7);
    for (size_t i = 0; i < stream.size(); ++i) {
        store.apply(OffsetSync{kTp, stream[i], javalong::add(stream[i], 1000)});
        const SyncSlots& s = *store.slotsOf(kTp);
        QCOMPARE(s[0].upstream, stream[i]); // invariant A
        // B and C over adjacent pairs after every update; over all pairs (quadratic) after each of
        // the first 3,000 updates and every 17th one later.
        {
            const bool allPairs = i < 3000 || i % 17 == 0;
            const std::string violation = sparseSyncInvariantViolation(s, !allPairs);
            if (!violation.empty())
                QFAIL(("after sync " + std::to_string(i) + ": " + violation).c_str());
        }
        const bool nonIncreasing =
            std::is_sorted(s.rbegin(), s.rend(),
                           [](const StoredSync& a, const StoredSync& b) { return a.upstream < b.upstream; });
        if (!nonIncreasing)
            QFAIL(("upstream offsets increase along the slots: " + describeSlots(s)).c_str());
    }
}

void SyncStoreProperties::regularStreamsExpireAtMostOne_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<qint64>("first");
    QTest::addColumn<qint64>("step");
    for (const Release& r : slottedReleases())
        for (qint64 step : {qint64(1), qint64(101), qint64(1000), qint64(65537), qint64(1) << 40})
            for (qint64 first : {qint64(0), qint64(12345), qint64(INT64_MAX / 2)})
                QTest::newRow(
                    (toString(r) + "/step " + std::to_string(step) + "/first " + std::to_string(first))
                        .c_str())
                    << QString::fromStdString(toString(r)) << first << step;
}

void SyncStoreProperties::regularStreamsExpireAtMostOne()
{
    QFETCH(QString, release);
    QFETCH(qint64, first);
    QFETCH(qint64, step);
    SyncStore store(profileFor(parseRelease(release.toStdString()).value()));
    store.finishInitialLoad();
    int lastCount = 1;
    int64_t u = first;
    for (int i = 0; i < 100000 && u <= INT64_MAX - step; ++i, u += step) {
        store.apply(OffsetSync{kTp, u, u});
        const SyncSlots& s = *store.slotsOf(kTp);
        QCOMPARE(s[63].upstream, static_cast<int64_t>(first)); // invariant D
        const int count = distinctSyncs(s);
        if (expiredSyncs(lastCount, count) > 1)
            QFAIL(("more than one sync expired: " + describeSlots(s)).c_str());
        lastCount = count;
    }
}

void SyncStoreProperties::translationNeverPassesTheTrueDownstreamPosition_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<int>("seed");
    for (const Release& r : slottedReleases())
        for (int seed : {1, 2, 3})
            QTest::newRow((toString(r) + "/seed " + std::to_string(seed)).c_str())
                << QString::fromStdString(toString(r)) << seed;
}

void SyncStoreProperties::translationNeverPassesTheTrueDownstreamPosition()
{
    // Ground truth: upstream offsets with holes (markers, compaction, filtered records) are
    // replicated to consecutive downstream offsets; syncs are a sparse subset of those pairs.
    // A group committed at U resumes correctly at the downstream offset of the first replicated
    // record at or after U; MM2 may translate to less (replay) but never more (skip).
    QFETCH(QString, release);
    QFETCH(int, seed);
    std::mt19937_64 rng(static_cast<uint64_t>(seed));
    std::vector<int64_t> upstreamOf; // index = downstream offset - base
    const int64_t base = 5000;
    int64_t u = 100;
    for (int i = 0; i < 50000; ++i) {
        upstreamOf.push_back(u);
        u += 1 + (rng() % 5 == 0 ? static_cast<int64_t>(rng() % 40) : 0);
    }
    auto trueDownstream = [&](int64_t committed) {
        const auto it = std::lower_bound(upstreamOf.begin(), upstreamOf.end(), committed);
        return base + static_cast<int64_t>(it - upstreamOf.begin());
    };

    SyncStore store(profileFor(parseRelease(release.toStdString()).value()));
    store.finishInitialLoad();
    int translated = 0;
    for (size_t i = 0; i < upstreamOf.size(); ++i) {
        if (i == 0 || rng() % 90 == 0)
            store.apply(OffsetSync{kTp, upstreamOf[i], base + static_cast<int64_t>(i)});
        if (i % 97 == 0) {
            const int64_t committed = upstreamOf.front() + static_cast<int64_t>(rng() % (upstreamOf[i] + 2));
            const Translation t = store.translate(kTp, committed);
            if (t.status == TranslationStatus::Translated) {
                ++translated;
                if (*t.downstream > trueDownstream(committed))
                    QFAIL(("committed " + std::to_string(committed) + " -> " + std::to_string(*t.downstream) +
                           " but the record resumes at " + std::to_string(trueDownstream(committed)))
                              .c_str());
            }
        }
    }
    QVERIFY(translated > 300);
}

void SyncStoreProperties::legacyExtrapolationCanOvershoot()
{
    // §2.2: sync 100 -> 200, then 101..149 hold only 20 replicated records (target end 221).
    // A group at 150 is translated to 250 by 2.4.0-3.4.0: 29 records would be skipped.
    for (const Release& r : {Release{2, 4, 0}, Release{3, 4, 0}}) {
        SyncStore store(profileFor(r));
        store.apply(OffsetSync{kTp, 100, 200});
        QCOMPARE(store.translate(kTp, 150).downstream, std::optional<int64_t>(250));
    }
    SyncStore capped(profileFor(Release{3, 4, 1}));
    capped.finishInitialLoad();
    capped.apply(OffsetSync{kTp, 100, 200});
    QCOMPARE(capped.translate(kTp, 150).downstream, std::optional<int64_t>(201));
}

void SyncStoreProperties::wrapsLikeJavaLong()
{
    // Java: downstreamOffset + 1 and d + (U - u) wrap silently at 2^63.
    SyncStore capped(profileFor(Release{3, 9, 0}));
    capped.finishInitialLoad();
    capped.apply(OffsetSync{kTp, 10, INT64_MAX});
    QCOMPARE(*capped.translate(kTp, 11).downstream, INT64_MIN);
    QCOMPARE(*capped.translate(kTp, 10).downstream, INT64_MAX);

    SyncStore legacy(profileFor(Release{2, 8, 2}));
    legacy.apply(OffsetSync{kTp, -5, INT64_MAX - 1});
    QCOMPARE(*legacy.translate(kTp, 10).downstream, INT64_MIN + 13);
    legacy.apply(OffsetSync{kTp, INT64_MIN, 0});
    QCOMPARE(*legacy.translate(kTp, INT64_MAX).downstream, int64_t{-1});
}

void SyncStoreProperties::equalOffsetsAreDistinctSyncs()
{
    // Two records with the same offsets are two syncs: both are listed and fill separate slots.
    SyncStore store(profileFor(Release{3, 9, 0}));
    store.finishInitialLoad();
    store.apply(OffsetSync{kTp, 0, 0});
    store.apply(OffsetSync{kTp, 100, 100});
    store.apply(OffsetSync{kTp, 100, 100});
    const std::vector<RetainedSync> retained = store.retained(kTp);
    QCOMPARE(retained.size(), size_t{3});
    QCOMPARE(retained[0].sync.upstream, int64_t{100});
    QCOMPARE(retained[0].slotCount, 1);
    QCOMPARE(retained[1].sync.upstream, int64_t{100});
    QCOMPARE(retained[1].slotCount, 7);
    QCOMPARE(describeSlots(*store.slotsOf(kTp)), std::string("[0]=100 [1..7]=100 [8..63]=0"));
}

QTEST_APPLESS_MAIN(SyncStoreProperties)
#include "tst_sync_store_properties.moc"
