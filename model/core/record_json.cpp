#include "model/core/record_json.h"

namespace driftscope {

void writeRecordFields(JsonWriter& json, const MirrorRecord& record)
{
    json.key("kind").value(kindName(kindOf(record)));
    if (const auto* sync = std::get_if<OffsetSync>(&record)) {
        json.key("topic").value(sync->tp.topic);
        json.key("partition").value(sync->tp.partition);
        json.key("upstream").value(sync->upstream);
        json.key("downstream").value(sync->downstream);
    } else if (const auto* cp = std::get_if<Checkpoint>(&record)) {
        json.key("group").value(cp->group);
        json.key("topic").value(cp->tp.topic);
        json.key("partition").value(cp->tp.partition);
        json.key("upstream").value(cp->upstream);
        json.key("downstream").value(cp->downstream);
        json.key("metadata").value(cp->metadata);
    } else {
        const auto& hb = std::get<Heartbeat>(record);
        json.key("source").value(hb.sourceAlias);
        json.key("target").value(hb.targetAlias);
        json.key("timestamp").value(hb.timestampMs);
    }
}

} // namespace driftscope
