#include "model/session/session_info_fields.h"

#include "model/mm2/name_filter.h"
#include "model/util/integer_text.h"

namespace driftscope {
namespace {

using Get = std::function<std::optional<std::string>(const SessionInfo&)>;
using Set = std::function<std::optional<std::string>(SessionInfo&, const std::string&)>;

struct FieldRule {
    InfoField field;
    Get get;
    Set set;
};

std::string boolText(bool value)
{
    return value ? "true" : "false";
}

FieldRule text(const char* key, std::string SessionInfo::*member)
{
    return {{key, InfoFieldType::Text, true},
            [member](const SessionInfo& i) { return std::optional<std::string>(i.*member); },
            [member](SessionInfo& i, const std::string& v) {
                i.*member = v;
                return std::optional<std::string>();
            }};
}

// Text that files written before it existed lack; empty is unknown, and not written.
FieldRule optionalText(const char* key, std::string SessionInfo::*member)
{
    FieldRule rule = text(key, member);
    rule.field.required = false;
    rule.get = [member](const SessionInfo& i) {
        return (i.*member).empty() ? std::nullopt : std::optional<std::string>(i.*member);
    };
    return rule;
}

FieldRule integer(const char* key, int64_t SessionInfo::*member, bool required = true,
                  int64_t min = INT64_MIN)
{
    return {{key, InfoFieldType::Integer, required},
            [member](const SessionInfo& i) { return std::optional<std::string>(std::to_string(i.*member)); },
            [member, key, min](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
                const auto value = parseInt64(v);
                if (!value || *value < min)
                    return std::string(key) + " is not " + (min > 0 ? "a positive integer" : "an integer") +
                           ": '" + v + "'";
                i.*member = *value;
                return std::nullopt;
            }};
}

// A list of MM2's (comma-separated, as MM2 reads it); none when not known.
FieldRule list(const char* key, std::optional<std::vector<std::string>> SessionInfo::*member)
{
    return {{key, InfoFieldType::Text, false},
            [member](const SessionInfo& i) -> std::optional<std::string> {
                if (!(i.*member))
                    return std::nullopt;
                std::string joined;
                for (const std::string& item : *(i.*member))
                    joined += (joined.empty() ? "" : ", ") + item;
                return joined;
            },
            [member](SessionInfo& i, const std::string& v) {
                i.*member = splitList(v);
                return std::optional<std::string>();
            }};
}

std::optional<bool> parseBool(const std::string& v)
{
    if (v == "true" || v == "false")
        return v == "true";
    return std::nullopt;
}

std::string notBoolean(const char* key, const std::string& v)
{
    return std::string(key) + " must be true or false, not '" + v + "'";
}

// A flag that files written before it existed lack: false when absent.
FieldRule flag(const char* key, bool SessionInfo::*member)
{
    return {{key, InfoFieldType::Boolean, false},
            [member](const SessionInfo& i) { return std::optional<std::string>(boolText(i.*member)); },
            [member, key](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
                const auto b = parseBool(v);
                if (!b)
                    return notBoolean(key, v);
                i.*member = *b;
                return std::nullopt;
            }};
}

const std::vector<FieldRule>& rules()
{
    static const std::vector<FieldRule> all = {
        text("source_alias", &SessionInfo::sourceAlias),
        text("target_alias", &SessionInfo::targetAlias),
        text("mm2_release", &SessionInfo::release),
        text("offset_syncs_topic", &SessionInfo::offsetSyncsTopic),
        {{"offset_syncs_cluster", InfoFieldType::Text, true},
         [](const SessionInfo& i) { return std::optional<std::string>(sideName(i.offsetSyncsSide)); },
         [](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
             const auto side = parseSide(v);
             if (!side)
                 return "offset_syncs_cluster must be source or target, not '" + v + "'";
             i.offsetSyncsSide = *side;
             return std::nullopt;
         }},
        text("checkpoints_topic", &SessionInfo::checkpointsTopic),
        text("heartbeats_topic", &SessionInfo::heartbeatsTopic),
        optionalText("connect_offsets_topic", &SessionInfo::connectOffsetsTopic),
        {{"replication_policy", InfoFieldType::Text, true},
         [](const SessionInfo& i) {
             return std::optional<std::string>(
                 i.policy.kind == ReplicationPolicy::Kind::Identity ? "identity" : "default");
         },
         [](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
             if (v != "default" && v != "identity")
                 return "replication_policy must be default or identity, not '" + v + "'";
             i.policy.kind =
                 v == "identity" ? ReplicationPolicy::Kind::Identity : ReplicationPolicy::Kind::Default;
             return std::nullopt;
         }},
        {{"replication_policy_separator", InfoFieldType::Text, true},
         [](const SessionInfo& i) { return std::optional<std::string>(i.policy.separator); },
         [](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
             if (v.empty())
                 return std::string("replication_policy_separator must not be empty");
             i.policy.separator = v;
             return std::nullopt;
         }},
        {{"internal_topic_separator_enabled", InfoFieldType::Boolean, true},
         [](const SessionInfo& i) {
             return std::optional<std::string>(boolText(i.policy.internalTopicSeparatorEnabled));
         },
         [](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
             const auto b = parseBool(v);
             if (!b)
                 return notBoolean("internal_topic_separator_enabled", v);
             i.policy.internalTopicSeparatorEnabled = *b;
             return std::nullopt;
         }},
        integer("emit_checkpoints_interval_ms", &SessionInfo::emitCheckpointsIntervalMs, true, 1),
        flag("emit_interval_configured", &SessionInfo::emitIntervalConfigured),
        {{"sync_group_offsets_enabled", InfoFieldType::Boolean, false},
         [](const SessionInfo& i) {
             return i.syncGroupOffsets ? std::optional<std::string>(boolText(*i.syncGroupOffsets))
                                       : std::nullopt;
         },
         [](SessionInfo& i, const std::string& v) -> std::optional<std::string> {
             const auto b = parseBool(v);
             if (!b)
                 return notBoolean("sync_group_offsets_enabled", v);
             i.syncGroupOffsets = *b;
             return std::nullopt;
         }},
        integer("sync_group_offsets_interval_ms", &SessionInfo::syncGroupOffsetsIntervalMs, false, 1),
        integer("offset_flush_interval_ms", &SessionInfo::offsetFlushIntervalMs, false, 1),
        list("groups", &SessionInfo::groupsInclude),
        list("groups_exclude", &SessionInfo::groupsExclude),
        text("origin", &SessionInfo::origin),
        text("tool_version", &SessionInfo::toolVersion),
        integer("started_at_ms", &SessionInfo::startedAtMs),
        flag("record_times_unknown", &SessionInfo::recordTimesUnknown),
    };
    return all;
}

} // namespace

const std::vector<InfoField>& sessionInfoFields()
{
    static const std::vector<InfoField> fields = [] {
        std::vector<InfoField> out;
        for (const FieldRule& r : rules())
            out.push_back(r.field);
        return out;
    }();
    return fields;
}

std::optional<std::string> sessionInfoValue(const SessionInfo& info, const InfoField& field)
{
    for (const FieldRule& r : rules())
        if (std::string_view(r.field.key) == field.key)
            return r.get(info);
    return std::nullopt;
}

std::optional<std::string>
readSessionInfo(const std::function<std::optional<std::string>(const InfoField&)>& valueOf, SessionInfo& info)
{
    SessionInfo next = info;
    for (const FieldRule& r : rules()) {
        const auto value = valueOf(r.field);
        if (!value) {
            if (r.field.required)
                return std::string(r.field.key) + " is missing";
            continue;
        }
        if (auto error = r.set(next, *value))
            return error;
    }
    next.policy.identitySourceAlias = next.sourceAlias;
    info = std::move(next);
    return std::nullopt;
}

} // namespace driftscope
