#include "model/records/record_json.h"

#include "model/util/json_fields.h"

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
        if (cp->version != 0) // MM2 writes 0; other values only come from foreign writers
            json.key("version").value(static_cast<int64_t>(cp->version));
    } else {
        const auto& hb = std::get<Heartbeat>(record);
        json.key("source").value(hb.sourceAlias);
        json.key("target").value(hb.targetAlias);
        json.key("timestamp").value(hb.timestampMs);
        if (hb.version != 0)
            json.key("version").value(static_cast<int64_t>(hb.version));
    }
}

namespace {

template <class Record>
Result<MirrorRecord> finish(Record record, const JsonFields& fields)
{
    if (fields.failed())
        return Error{fields.error()};
    return MirrorRecord{std::move(record)};
}

} // namespace

Result<MirrorRecord> parseJsonRecord(std::string_view line)
{
    auto object = parseJsonObject(line);
    if (!object)
        return Error{object.error()};
    JsonFields fields(*object);
    const std::string kind = fields.string("kind");
    if (fields.failed())
        return Error{fields.error() + " (\"offset-sync\", \"checkpoint\" or \"heartbeat\")"};
    if (kind == kindName(RecordKind::OffsetSync)) {
        OffsetSync sync;
        sync.tp.topic = fields.string("topic");
        sync.tp.partition = fields.partition();
        sync.upstream = fields.integer("upstream");
        sync.downstream = fields.integer("downstream");
        return finish(std::move(sync), fields);
    }
    if (kind == kindName(RecordKind::Checkpoint)) {
        Checkpoint cp;
        cp.group = fields.string("group");
        cp.tp.topic = fields.string("topic");
        cp.tp.partition = fields.partition();
        cp.upstream = fields.integer("upstream");
        cp.downstream = fields.integer("downstream");
        cp.metadata = fields.string("metadata", false);
        cp.version =
            static_cast<int16_t>(fields.optionalInteger("version", false, INT16_MIN, INT16_MAX).value_or(0));
        return finish(std::move(cp), fields);
    }
    if (kind == kindName(RecordKind::Heartbeat)) {
        Heartbeat hb;
        hb.sourceAlias = fields.string("source");
        hb.targetAlias = fields.string("target");
        hb.timestampMs = fields.integer("timestamp");
        hb.version =
            static_cast<int16_t>(fields.optionalInteger("version", false, INT16_MIN, INT16_MAX).value_or(0));
        return finish(std::move(hb), fields);
    }
    return Error{"unknown \"kind\" \"" + kind +
                 "\" (expected \"offset-sync\", \"checkpoint\" or \"heartbeat\")"};
}

} // namespace driftscope
