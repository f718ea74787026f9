// MM2's translation rule, written once (model/mm2/translation_rule.h): forward, inverse, and the
// store's answers, which must be the rule applied to the sync the store picked.
#include "model/mm2/sync_store.h"
#include "model/mm2/translation_rule.h"
#include "support/qtest_printers.h"

#include <QTest>

using namespace driftscope;

class TranslationRuleTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void forwardCapsAtOnePastTheSync();
    void forwardExtrapolatesUpTo340();
    void inverseGivesTheUpstreamEquivalent();
    void storeAnswersByTheRule();
};

void TranslationRuleTest::forwardCapsAtOnePastTheSync()
{
    const StoredSync sync{1000, 700, 0};
    const auto rule = TranslationRule::CappedPlusOne;
    QCOMPARE(downstreamOf(rule, sync, 1000), int64_t{700}); // exact hit: d_s
    QCOMPARE(downstreamOf(rule, sync, 1001), int64_t{701}); // ahead: d_s + 1
    QCOMPARE(downstreamOf(rule, sync, 5000), int64_t{701}); // never further
    // Java's long: d_s + 1 wraps at 2^63.
    QCOMPARE(downstreamOf(rule, StoredSync{0, INT64_MAX, 0}, 1), INT64_MIN);
}

void TranslationRuleTest::forwardExtrapolatesUpTo340()
{
    const StoredSync sync{1000, 700, 0};
    const auto rule = TranslationRule::Extrapolate;
    QCOMPARE(downstreamOf(rule, sync, 1000), int64_t{700});
    QCOMPARE(downstreamOf(rule, sync, 1234), int64_t{934}); // d + (U - u)
    QCOMPARE(downstreamOf(rule, StoredSync{-1, -1, 0}, 41), int64_t{41});
    QCOMPARE(downstreamOf(rule, StoredSync{0, INT64_MAX, 0}, 2), INT64_MIN + 1);
}

void TranslationRuleTest::inverseGivesTheUpstreamEquivalent()
{
    const StoredSync sync{1000, 700, 0};
    const auto capped = TranslationRule::CappedPlusOne;
    QCOMPARE(upstreamEquivalentOf(capped, sync, 700), std::optional<int64_t>(1000));
    QCOMPARE(upstreamEquivalentOf(capped, sync, 701), std::optional<int64_t>(1001));
    QCOMPARE(upstreamEquivalentOf(capped, sync, 702), std::optional<int64_t>());
    QCOMPARE(upstreamEquivalentOf(capped, sync, 699), std::optional<int64_t>());
    // The sync's own position is its record under every rule; positions extrapolated past it say
    // nothing about the records the target holds.
    const auto extrapolate = TranslationRule::Extrapolate;
    QCOMPARE(upstreamEquivalentOf(extrapolate, sync, 700), std::optional<int64_t>(1000));
    QCOMPARE(upstreamEquivalentOf(extrapolate, sync, 701), std::optional<int64_t>());
    QCOMPARE(upstreamEquivalentOf(extrapolate, sync, 950), std::optional<int64_t>());
    // Forward then inverse: the upstream equivalent is at or below the committed offset.
    for (const int64_t committed : {1000, 1001, 1500})
        QVERIFY(*upstreamEquivalentOf(capped, sync, downstreamOf(capped, sync, committed)) <= committed);
}

void TranslationRuleTest::storeAnswersByTheRule()
{
    const TopicPartition tp{"orders", 0};
    for (const Release release : {Release{2, 4, 0}, Release{3, 4, 0}, Release{3, 4, 1}, Release{3, 9, 0}}) {
        SyncStore store(profileFor(release));
        store.finishInitialLoad();
        store.apply(OffsetSync{tp, 100, 40});
        store.apply(OffsetSync{tp, 300, 90});
        const TranslationRule rule = store.profile().translation;
        for (const int64_t upstream : {300, 301, 1000}) {
            const Translation t = store.translate(tp, upstream);
            QCOMPARE(t.status, TranslationStatus::Translated);
            QCOMPARE(*t.downstream, downstreamOf(rule, *t.sync, upstream));
        }
    }
    // Exact values under both rules from the newest sync (300 -> 90).
    SyncStore capped(profileFor(Release{3, 9, 0}));
    SyncStore legacy(profileFor(Release{3, 4, 0}));
    for (SyncStore* store : {&capped, &legacy}) {
        store->finishInitialLoad();
        store->apply(OffsetSync{tp, 300, 90});
    }
    QCOMPARE(*capped.translate(tp, 1000).downstream, int64_t{91});
    QCOMPARE(*legacy.translate(tp, 1000).downstream, int64_t{790});
}

QTEST_APPLESS_MAIN(TranslationRuleTest)
#include "tst_translation_rule.moc"
