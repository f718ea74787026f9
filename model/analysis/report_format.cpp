#include "model/analysis/report_format.h"

#include "model/analysis/translation_text.h"
#include "model/util/json_writer.h"
#include "model/util/text_format.h"

#include <algorithm>

namespace driftscope {
namespace {

std::string health(const PartitionReport& row, const char* separator)
{
    if (row.verdicts.empty())
        return "ok";
    std::string text;
    for (Verdict v : row.verdicts)
        text += (text.empty() ? "" : separator) + std::string(verdictName(v));
    return text;
}

std::string thousands(const std::optional<int64_t>& v)
{
    return v ? withThousands(*v) : "-";
}

std::string committedText(const PartitionReport& row)
{
    return thousands(row.committed) + (row.committed && row.committedFromCheckpoint ? "*" : "");
}

std::string committedFrom(const PartitionReport& row)
{
    return row.committed ? (row.committedFromCheckpoint ? "checkpoint" : "sample") : "";
}

std::string plain(const std::optional<int64_t>& v)
{
    return v ? std::to_string(*v) : std::string();
}

std::string translatedText(const PartitionReport& row)
{
    if (!row.translated)
        return "-";
    const Translation& t = *row.translated;
    if (t.status == TranslationStatus::Translated)
        return withThousands(*t.downstream);
    if (t.status == TranslationStatus::Identity)
        return withThousands(*t.downstream) + " (identity)";
    return std::string(statusName(t.status));
}

void optional(JsonWriter& json, const char* key, const std::optional<int64_t>& v)
{
    json.key(key);
    v ? json.value(*v) : json.null();
}

void syncJson(JsonWriter& json, const std::optional<StoredSync>& sync)
{
    json.key("sync");
    if (!sync) {
        json.null();
        return;
    }
    json.beginObject();
    json.key("upstream").value(sync->upstream);
    json.key("downstream").value(sync->downstream);
    json.endObject();
}

void rowJson(JsonWriter& json, const PartitionReport& row)
{
    json.beginObject();
    json.key("group").value(row.group);
    json.key("topic").value(row.upstream.topic);
    json.key("partition").value(row.upstream.partition);
    json.key("target_topic").value(row.downstream.topic);
    optional(json, "committed", row.committed);
    optional(json, "committed_at_ms", row.committedAtMs);
    json.key("committed_from");
    row.committed ? json.value(committedFrom(row)) : json.null();
    json.key("translated");
    if (row.translated) {
        json.beginObject();
        optional(json, "result", row.translated->downstream);
        json.key("status").value(statusName(row.translated->status));
        syncJson(json, row.translated->sync);
        json.endObject();
    } else {
        json.null();
    }
    json.key("checkpoint");
    if (row.checkpoint) {
        const CheckpointView& c = *row.checkpoint;
        json.beginObject();
        json.key("upstream").value(c.upstream);
        json.key("downstream").value(c.downstream);
        json.key("emitted_at_ms").value(c.emittedAtMs);
        json.key("age_ms").value(c.ageMs);
        syncJson(json, c.sync);
        json.key("explained").value(c.explained);
        json.endObject();
    } else {
        json.null();
    }
    json.key("replay");
    if (row.replay.available) {
        const ReplayWindow& r = row.replay;
        json.beginObject();
        json.key("window").value(r.window);
        json.key("granularity").value(r.granularity);
        json.key("staleness").value(r.staleness);
        json.key("cadence").value(r.cadence);
        json.key("upstream_equivalent").value(r.upstreamEquivalent);
        json.key("exact").value(r.exact);
        json.key("skip").value(r.skip);
        json.endObject();
    } else {
        json.null();
    }
    optional(json, "target_committed", row.targetCommitted);
    optional(json, "source_end", row.sourceEnd);
    optional(json, "target_end", row.targetEnd);
    json.key("health").beginArray();
    for (Verdict v : row.verdicts)
        json.value(verdictName(v));
    json.endArray();
    json.endObject();
}

std::string undecodableText(const Report& report)
{
    std::string out = withThousands(static_cast<int64_t>(report.undecodableRecords)) + " undecodable records";
    if (report.undecodableRecords == 0)
        return out;
    const auto& by = report.reader.undecodable;
    return out + " (" + withThousands(static_cast<int64_t>(by[0])) + " offset syncs, " +
           withThousands(static_cast<int64_t>(by[1])) + " checkpoints, " +
           withThousands(static_cast<int64_t>(by[2])) + " heartbeats)";
}

std::string sideText(const std::optional<ClusterSide>& side)
{
    return side ? std::string(sideName(*side)) : std::string("reader");
}

void stateJson(JsonWriter& json, const char* key, const std::optional<std::string>& state)
{
    json.key(key);
    state ? json.value(*state) : json.null();
}

void readerJson(JsonWriter& json, const ReaderSummary& reader)
{
    json.key("undecodable_by_topic").beginObject();
    for (InternalTopic t :
         {InternalTopic::OffsetSyncs, InternalTopic::Checkpoints, InternalTopic::Heartbeats})
        json.key(internalTopicName(t))
            .value(static_cast<uint64_t>(reader.undecodable[static_cast<size_t>(t)]));
    json.endObject();
    json.key("clusters").beginObject();
    stateJson(json, "source", reader.sourceState);
    stateJson(json, "target", reader.targetState);
    json.endObject();
    json.key("reader_problems").beginArray();
    for (const ReaderProblem& p : reader.problems) {
        json.beginObject();
        json.key("cluster");
        p.side ? json.value(sideName(*p.side)) : json.null();
        json.key("state").value(p.state);
        json.key("message").value(p.message);
        json.key("count").value(static_cast<uint64_t>(p.count));
        json.key("first_at_ms").value(p.firstAtMs);
        json.key("last_at_ms").value(p.lastAtMs);
        json.endObject();
    }
    json.endArray();
}

} // namespace

std::vector<std::string> readerProblemLines(const Report& report)
{
    std::vector<std::string> lines;
    const ReaderSummary& r = report.reader;
    for (const auto& [side, state] :
         {std::pair{ClusterSide::Source, &r.sourceState}, std::pair{ClusterSide::Target, &r.targetState}})
        if (*state && **state != "connected")
            lines.push_back("reader: the " + std::string(sideName(side)) + " cluster was " + **state +
                            " at the time");
    for (const ReaderProblem& p : r.problems)
        lines.push_back("reader: " + sideText(p.side) + " " + p.state + ": " + p.message +
                        (p.count > 1 ? " (" + withThousands(static_cast<int64_t>(p.count)) +
                                           " times, last at " + formatUtcMs(p.lastAtMs) + ")"
                                     : " (at " + formatUtcMs(p.firstAtMs) + ")"));
    return lines;
}

std::string reportText(const Report& report)
{
    std::string out = "driftscope report at " + formatUtcMs(report.atMs) + ": MM2 " +
                      toString(report.release) + " rules, " + report.sourceAlias + " -> " +
                      report.targetAlias + "\n";
    out += withThousands(static_cast<int64_t>(report.syncsApplied)) + " offset syncs and " +
           withThousands(static_cast<int64_t>(report.checkpointsApplied)) + " checkpoints by then, " +
           undecodableText(report) + "; checkpoints are stale after " +
           formatDurationMs(report.staleAfterMs) + "\n";
    for (const std::string& line : readerProblemLines(report))
        out += line + "\n";
    if (report.unexplainedCheckpoints > 0)
        out += "note: " + withThousands(static_cast<int64_t>(report.unexplainedCheckpoints)) +
               " checkpoints do not follow from the syncs under MM2 " + toString(report.release) +
               " rules: is --mm2-version the release MM2 runs?\n";
    if (report.rows.empty())
        return out + "no consumer group offsets or checkpoints known by then\n";
    TextTable table;
    table.addRow({"GROUP", "PARTITION", "COMMITTED", "MM2 NOW", "CHECKPOINT U -> D", "AGE", "REPLAY",
                  "= GRAN", "+ STALE", "+ CADENCE", "HEALTH"});
    for (const PartitionReport& row : report.rows) {
        const auto& c = row.checkpoint;
        const auto& r = row.replay;
        table.addRow({row.group, toString(row.upstream), committedText(row), translatedText(row),
                      c ? withThousands(c->upstream) + " -> " + withThousands(c->downstream) : "-",
                      c ? formatDurationMs(c->ageMs) : "-", r.available ? withThousands(r.window) : "-",
                      r.available ? withThousands(r.granularity) : "-",
                      r.available ? withThousands(r.staleness) : "-",
                      r.available ? withThousands(r.cadence) : "-", health(row, ", ")});
    }
    const bool fromCheckpoints =
        std::any_of(report.rows.begin(), report.rows.end(),
                    [](const PartitionReport& r) { return r.committedFromCheckpoint; });
    out += table.str() + "\n";
    if (fromCheckpoints)
        out += "* the committed offset as MM2 read it for its last checkpoint (newer than any sample)\n";
    return out;
}

std::string reportJson(const Report& report)
{
    JsonWriter json;
    json.beginObject();
    json.key("at_ms").value(report.atMs);
    json.key("at").value(formatUtcMs(report.atMs));
    json.key("mm2_release").value(toString(report.release));
    json.key("source").value(report.sourceAlias);
    json.key("target").value(report.targetAlias);
    json.key("stale_after_ms").value(report.staleAfterMs);
    json.key("syncs_read").value(static_cast<uint64_t>(report.syncsApplied));
    json.key("checkpoints_read").value(static_cast<uint64_t>(report.checkpointsApplied));
    json.key("unexplained_checkpoints").value(static_cast<uint64_t>(report.unexplainedCheckpoints));
    json.key("undecodable_records").value(static_cast<uint64_t>(report.undecodableRecords));
    readerJson(json, report.reader);
    json.key("rows").beginArray();
    for (const PartitionReport& row : report.rows)
        rowJson(json, row);
    json.endArray();
    json.endObject();
    return json.str();
}

std::string reportCsv(const Report& report)
{
    std::string out =
        "group,topic,partition,target_topic,committed,committed_from,translated,status,checkpoint_upstream,"
        "checkpoint_downstream,checkpoint_emitted_at_ms,checkpoint_age_ms,replay_window,granularity,"
        "staleness,cadence,upstream_equivalent,skip,target_committed,source_end,target_end,health\n";
    for (const PartitionReport& row : report.rows) {
        const auto& c = row.checkpoint;
        const auto& r = row.replay;
        out += csvField(row.group) + ',' + csvField(row.upstream.topic) + ',' +
               std::to_string(row.upstream.partition) + ',' + csvField(row.downstream.topic) + ',' +
               plain(row.committed) + ',' + committedFrom(row) + ',';
        out += row.translated
                   ? plain(row.translated->downstream) + ',' + std::string(statusName(row.translated->status))
                   : std::string(",");
        out += ',';
        out += c ? std::to_string(c->upstream) + ',' + std::to_string(c->downstream) + ',' +
                       std::to_string(c->emittedAtMs) + ',' + std::to_string(c->ageMs)
                 : ",,,";
        out += ',';
        out += r.available ? std::to_string(r.window) + ',' + std::to_string(r.granularity) + ',' +
                                 std::to_string(r.staleness) + ',' + std::to_string(r.cadence) + ',' +
                                 std::to_string(r.upstreamEquivalent) + ',' + (r.skip ? "1" : "0")
                           : ",,,,,";
        out += ',' + plain(row.targetCommitted) + ',' + plain(row.sourceEnd) + ',' + plain(row.targetEnd) +
               ',' + csvField(health(row, ";")) + '\n';
    }
    return out;
}

} // namespace driftscope
