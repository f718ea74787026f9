#include "model/io/json_record_line.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <limits>

namespace driftscope {
namespace {

class FieldReader {
public:
    explicit FieldReader(const QJsonObject& object) : m_object(object) {}

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

    std::string string(const char* name)
    {
        const QJsonValue v = field(name);
        if (failed())
            return {};
        if (!v.isString()) {
            fail(std::string("\"") + name + "\" must be a string");
            return {};
        }
        return v.toString().toStdString();
    }

    int64_t integer(const char* name, int64_t min = std::numeric_limits<int64_t>::min(),
                    int64_t max = std::numeric_limits<int64_t>::max())
    {
        const QJsonValue v = field(name);
        if (failed())
            return 0;
        // Qt keeps integers of up to 64 bits exact; toInteger() refuses fractions and doubles
        // outside the int64 range, which the two sentinels detect.
        const qint64 a = v.toInteger(std::numeric_limits<qint64>::min());
        const qint64 b = v.toInteger(std::numeric_limits<qint64>::max());
        if (!v.isDouble() || (a != b) || a < min || a > max) {
            fail(std::string("\"") + name + "\" must be an integer from " + std::to_string(min) + " to " +
                 std::to_string(max));
            return 0;
        }
        return a;
    }

private:
    QJsonValue field(const char* name)
    {
        if (failed())
            return {};
        const auto it = m_object.constFind(QLatin1String(name));
        if (it == m_object.constEnd()) {
            fail(std::string("missing \"") + name + "\"");
            return {};
        }
        return *it;
    }

    void fail(std::string message)
    {
        if (m_error.empty())
            m_error = std::move(message);
    }

    const QJsonObject& m_object;
    std::string m_error;
};

template <class Record>
Result<MirrorRecord> finish(Record record, const FieldReader& fields)
{
    if (fields.failed())
        return Error{fields.error()};
    return MirrorRecord{std::move(record)};
}

} // namespace

Result<MirrorRecord> parseJsonRecordLine(std::string_view line)
{
    QJsonParseError parseError;
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(line.data(), static_cast<qsizetype>(line.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{"invalid JSON at character " + std::to_string(parseError.offset + 1) + ": " +
                     parseError.errorString().toStdString()};
    if (!doc.isObject())
        return Error{"a JSON Lines record must be an object"};
    const QJsonObject object = doc.object();
    FieldReader fields(object);
    const std::string kind = fields.string("kind");
    if (fields.failed())
        return Error{fields.error() + " (\"offset-sync\", \"checkpoint\" or \"heartbeat\")"};

    constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
    constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
    if (kind == "offset-sync") {
        OffsetSync sync;
        sync.tp.topic = fields.string("topic");
        sync.tp.partition = static_cast<int32_t>(fields.integer("partition", kInt32Min, kInt32Max));
        sync.upstream = fields.integer("upstream");
        sync.downstream = fields.integer("downstream");
        return finish(std::move(sync), fields);
    }
    if (kind == "checkpoint") {
        Checkpoint cp;
        cp.group = fields.string("group");
        cp.tp.topic = fields.string("topic");
        cp.tp.partition = static_cast<int32_t>(fields.integer("partition", kInt32Min, kInt32Max));
        cp.upstream = fields.integer("upstream");
        cp.downstream = fields.integer("downstream");
        cp.metadata = object.contains(QLatin1String("metadata")) ? fields.string("metadata") : std::string();
        return finish(std::move(cp), fields);
    }
    if (kind == "heartbeat") {
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
