#include "model/core/record_json.h"

#include "model/core/json_reader.h"

#include <limits>

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

namespace {

// Reads required fields of a record object; the first problem is kept.
class RecordFields {
public:
    explicit RecordFields(const JsonObject& object) : m_object(object) {}

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

    std::string string(const char* name, bool required = true)
    {
        const JsonValue* v = field(name, required);
        if (!v)
            return {};
        if (const auto* s = std::get_if<std::string>(v))
            return *s;
        fail(std::string("\"") + name + "\" must be a string");
        return {};
    }

    int64_t integer(const char* name, int64_t min = std::numeric_limits<int64_t>::min(),
                    int64_t max = std::numeric_limits<int64_t>::max())
    {
        const JsonValue* v = field(name, true);
        if (!v)
            return 0;
        const auto* i = std::get_if<int64_t>(v);
        if (!i || *i < min || *i > max) {
            fail(std::string("\"") + name + "\" must be an integer from " + std::to_string(min) + " to " +
                 std::to_string(max));
            return 0;
        }
        return *i;
    }

    int32_t partition() { return static_cast<int32_t>(integer("partition", INT32_MIN, INT32_MAX)); }

private:
    const JsonValue* field(const char* name, bool required)
    {
        if (failed())
            return nullptr;
        const JsonValue* v = m_object.find(name);
        if (!v && required)
            fail(std::string("missing \"") + name + "\"");
        return v;
    }

    void fail(std::string message)
    {
        if (m_error.empty())
            m_error = std::move(message);
    }

    const JsonObject& m_object;
    std::string m_error;
};

template <class Record>
Result<MirrorRecord> finish(Record record, const RecordFields& fields)
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
    RecordFields fields(*object);
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
        return finish(std::move(cp), fields);
    }
    if (kind == kindName(RecordKind::Heartbeat)) {
        Heartbeat hb;
        hb.sourceAlias = fields.string("source");
        hb.targetAlias = fields.string("target");
        hb.timestampMs = fields.integer("timestamp");
        return finish(std::move(hb), fields);
    }
    return Error{"unknown \"kind\" \"" + kind +
                 "\" (expected \"offset-sync\", \"checkpoint\" or \"heartbeat\")"};
}

} // namespace driftscope
