// The words the details pane uses to explain a translation, per status and release rule.
#include "model/analysis/translation_text.h"

#include <QTest>

using namespace driftscope;

class TranslationText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void thousands();
    void explains();
    void ruleInWords();
};

void TranslationText::thousands()
{
    QCOMPARE(withThousands(0), std::string("0"));
    QCOMPARE(withThousands(999), std::string("999"));
    QCOMPARE(withThousands(12345), std::string("12,345"));
    QCOMPARE(withThousands(-1234567), std::string("-1,234,567"));
    QCOMPARE(withThousands(INT64_MIN), std::string("-9,223,372,036,854,775,808"));
}

void TranslationText::explains()
{
    const TopicPartition tp{"orders", 3};
    SyncStore store(profileFor(Release{3, 9, 0}));
    QCOMPARE(
        explainTranslation(tp, 5, store.translate(tp, 5), TranslationRule::CappedPlusOne),
        std::string("the store has not finished its initial read of the offset-syncs topic: MM2 does not "
                    "translate yet"));
    store.finishInitialLoad();
    QCOMPARE(explainTranslation(tp, 5, store.translate(tp, 5), TranslationRule::CappedPlusOne),
             std::string("no offset sync for orders-3: MM2 emits no checkpoint for it"));
    store.apply(OffsetSync{tp, 12300, 11950});
    QCOMPARE(
        explainTranslation(tp, 12345, store.translate(tp, 12345), TranslationRule::CappedPlusOne),
        std::string("committed 12,345 -> newest retained sync at or before it is 12,300 -> 11,950; the group "
                    "is ahead of it, so 11,951"));
    QCOMPARE(
        explainTranslation(tp, 12300, store.translate(tp, 12300), TranslationRule::CappedPlusOne),
        std::string("committed 12,300 -> newest retained sync at or before it is 12,300 -> 11,950, an exact "
                    "hit, so 11,950"));
    QCOMPARE(
        explainTranslation(tp, 100, store.translate(tp, 100), TranslationRule::CappedPlusOne),
        std::string("committed 100 is older than the oldest retained sync (12,300 -> 11,950): MM2 answers -1 "
                    "and emits no checkpoint"));

    SyncStore legacy(profileFor(Release{2, 8, 2}));
    QCOMPARE(explainTranslation(tp, 42, legacy.translate(tp, 42), TranslationRule::Extrapolate),
             std::string("no offset sync for orders-3: MM2 up to 3.2.x translates the offset to itself, 42"));
    legacy.apply(OffsetSync{tp, 12300, 11950});
    QCOMPARE(
        explainTranslation(tp, 12345, legacy.translate(tp, 12345), TranslationRule::Extrapolate),
        std::string("committed 12,345 -> the latest sync is 12,300 -> 11,950; MM2 up to 3.4.0 extrapolates "
                    "11,950 + (12,345 - 12,300) = 11,995"));
}

void TranslationText::ruleInWords()
{
    QCOMPARE(translationRuleInWords(TranslationRule::CappedPlusOne),
             std::string("the newest retained sync at or before it, +1 when the group is ahead"));
    QCOMPARE(translationRuleInWords(TranslationRule::Extrapolate),
             std::string("the only sync MM2 up to 3.4.0 keeps, plus the distance to it"));
}

QTEST_APPLESS_MAIN(TranslationText)
#include "tst_translation_text.moc"
