// Explains a translation in words, the way the details pane and reports show it:
//   "committed 12,345 -> newest retained sync at or before it is 12,300 -> 11,950; the group is
//    ahead of it, so 11,951"
#pragma once

#include "model/mm2/sync_store.h"

#include <string>

namespace driftscope {

// 12345 -> "12,345"; -1234567 -> "-1,234,567".
std::string withThousands(int64_t value);

std::string explainTranslation(const TopicPartition& tp, int64_t committed, const Translation& t,
                               TranslationRule rule);

// How `rule` picks the downstream offset of an upstream one, in words, for wherever a translation
// is shown without its details (plot tooltips): "the newest retained sync at or before it, +1 when
// the group is ahead" (3.4.1+), "the only sync kept, plus the distance to it" (up to 3.4.0).
std::string translationRuleInWords(TranslationRule rule);

} // namespace driftscope
