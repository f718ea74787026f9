#include "model/analysis/translation_text.h"

namespace driftscope {

std::string withThousands(int64_t value)
{
    const std::string digits = std::to_string(value);
    const size_t sign = digits[0] == '-' ? 1 : 0;
    std::string out = digits.substr(0, sign);
    for (size_t i = sign; i < digits.size(); ++i) {
        out += digits[i];
        const size_t remaining = digits.size() - i - 1;
        if (remaining > 0 && remaining % 3 == 0)
            out += ',';
    }
    return out;
}

std::string explainTranslation(const TopicPartition& tp, int64_t committed, const Translation& t,
                               TranslationRule rule)
{
    const std::string c = "committed " + withThousands(committed);
    auto syncText = [&] {
        return withThousands(t.sync->upstream) + " -> " + withThousands(t.sync->downstream);
    };
    switch (t.status) {
    case TranslationStatus::NotReady:
        return "the store has not finished its initial read of the offset-syncs topic: MM2 does not "
               "translate "
               "yet";
    case TranslationStatus::NoSync:
        return "no offset sync for " + toString(tp) + ": MM2 emits no checkpoint for it";
    case TranslationStatus::Identity:
        return "no offset sync for " + toString(tp) + ": MM2 up to 3.2.x translates the offset to itself, " +
               withThousands(*t.downstream);
    case TranslationStatus::TooOld:
        if (!t.sync)
            return c + " is before the synthetic sync -1 -> -1: MM2 answers -1 and emits no checkpoint";
        if (rule == TranslationRule::Extrapolate)
            return c + " is behind the only sync MM2 keeps (" + syncText() +
                   "): MM2 answers -1 and emits no checkpoint";
        return c + " is older than the oldest retained sync (" + syncText() +
               "): MM2 answers -1 and emits no checkpoint";
    case TranslationStatus::Translated:
        break;
    }
    if (rule == TranslationRule::Extrapolate)
        return c + " -> the latest sync is " + syncText() + "; MM2 up to 3.4.0 extrapolates " +
               withThousands(t.sync->downstream) + " + (" + withThousands(committed) + " - " +
               withThousands(t.sync->upstream) + ") = " + withThousands(*t.downstream);
    if (t.sync->upstream == committed)
        return c + " -> newest retained sync at or before it is " + syncText() + ", an exact hit, so " +
               withThousands(*t.downstream);
    return c + " -> newest retained sync at or before it is " + syncText() +
           "; the group is ahead of it, so " + withThousands(*t.downstream);
}

std::string translationRuleInWords(TranslationRule rule)
{
    if (rule == TranslationRule::Extrapolate)
        return "the only sync MM2 up to 3.4.0 keeps, plus the distance to it";
    return "the newest retained sync at or before it, +1 when the group is ahead";
}

} // namespace driftscope
