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

// A checkpoint older than the stale limit that MM2 keeps in force because it emits none that
// would go back, though the group committed since: where the stale verdict would otherwise be.
bool heldPastStaleLimit(const PartitionReport& row, int64_t staleAfterMs)
{
    return row.checkpointHeld && checkpointOutOfDate(row, staleAfterMs);
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

// "replay", "skip" or "none" (the group resumes exactly where it stopped).
std::string_view outcomeName(const ReplayWindow& r)
{
    return r.skip > 0 ? "skip" : r.replay > 0 ? "replay" : "none";
}

std::string resumeText(const PartitionReport& row)
{
    if (!row.resume)
        return "- (" + row.noResumeReason + ")";
    return withThousands(row.resume->offset) +
           (row.resume->source == ResumeSource::SyncedGroupOffset ? " (synced)" : " (checkpoint)");
}

std::string outcomeText(const ReplayWindow& r)
{
    if (!r.available)
        return "-";
    if (r.skip > 0)
        return "SKIPS " + withThousands(r.skip);
    return "replays " + withThousands(r.replay);
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
    // "MM2 now": what MM2 would translate the committed offset to at this moment, not where a
    // failover resumes (that is resume_offset).
    json.key("mm2_now");
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
        json.key("held").value(row.checkpointHeld);
        json.endObject();
    } else {
        json.null();
    }
    optional(json, "resume_offset", row.resume ? std::optional<int64_t>(row.resume->offset) : std::nullopt);
    json.key("resume_from");
    row.resume ? json.value(resumeSourceName(row.resume->source)) : json.null();
    json.key("no_resume_reason");
    row.resume ? json.null() : json.value(row.noResumeReason);
    json.key("replay");
    if (row.replay.available) {
        const ReplayWindow& r = row.replay;
        json.beginObject();
        json.key("outcome").value(outcomeName(r));
        json.key("replay").value(r.replay);
        json.key("skip").value(r.skip);
        json.key("granularity").value(r.granularity);
        json.key("group_sync").value(r.groupSync);
        json.key("staleness").value(r.staleness);
        json.key("cadence").value(r.cadence);
        json.key("overshoot").value(r.overshoot);
        json.key("rewind").value(r.rewind);
        json.key("upstream_equivalent").value(r.upstreamEquivalent);
        json.key("exact").value(r.exact);
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

void stateJson(JsonWriter& json, const char* key, const std::optional<ClusterState>& state)
{
    json.key(key);
    state ? json.value(clusterStateName(*state)) : json.null();
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
    if (!report.staleBecause.empty())
        lines.push_back("NOT CURRENT: " + report.staleBecause + "; the rows hold as of " +
                        formatUtcMs(report.asOfMs));
    for (const auto& [side, state] :
         {std::pair{ClusterSide::Source, &r.sourceState}, std::pair{ClusterSide::Target, &r.targetState}})
        if (*state && **state != ClusterState::Connected)
            lines.push_back("reader: the " + std::string(sideName(side)) + " cluster was " +
                            std::string(clusterStateName(**state)) + " at the time");
    for (const ReaderProblem& p : r.problems)
        lines.push_back("reader: " + sideText(p.side) + " " + p.state + ": " + p.message +
                        (p.count > 1 ? " (" + withThousands(static_cast<int64_t>(p.count)) +
                                           " times, last at " + formatUtcMs(p.lastAtMs) + ")"
                                     : " (at " + formatUtcMs(p.firstAtMs) + ")"));
    return lines;
}

namespace {

std::string groupOffsetSyncText(const Report& report)
{
    switch (report.groupOffsetSync) {
    case GroupOffsetSyncMode::Enabled:
        return "group offsets: MM2 syncs them to the target every " +
               formatDurationMs(report.groupOffsetSyncIntervalMs) +
               " (sync.group.offsets.enabled): a failed-over consumer resumes at its synced target group "
               "offset";
    case GroupOffsetSyncMode::Disabled:
        return "group offsets: not synced by MM2 (sync.group.offsets.enabled=false): a failover resumes at "
               "the "
               "checkpoints once the target groups are reset to them (driftscope-cli failover-plan)";
    case GroupOffsetSyncMode::Observed:
        return "group offsets: the target groups have committed offsets (MM2's sync.group.offsets is not "
               "known "
               "here): a failed-over consumer resumes there";
    case GroupOffsetSyncMode::Unknown:
        break;
    }
    return "group offsets: no target group offset seen (MM2's sync.group.offsets is not known here): a "
           "failover "
           "resumes at the checkpoints once the target groups are reset to them (driftscope-cli "
           "failover-plan)";
}

} // namespace

std::string reportText(const Report& report)
{
    std::string out = "driftscope report at " + formatUtcMs(report.atMs) + ": MM2 " +
                      toString(report.release) + " rules, " + report.sourceAlias + " -> " +
                      report.targetAlias + "\n";

    out += withThousands(static_cast<int64_t>(report.syncsApplied)) + " offset syncs and " +
           withThousands(static_cast<int64_t>(report.checkpointsApplied)) + " checkpoints by then, " +
           undecodableText(report) + "\n";
    out += "checkpoints are stale after " + formatDurationMs(report.staleAfterMs) + " (" +
           report.staleAfterFrom + ")\n";
    out += groupOffsetSyncText(report) + "\n";
    for (const std::string& line : readerProblemLines(report))
        out += line + "\n";
    if (report.unexplainedCheckpoints > 0)
        out += "note: " + withThousands(static_cast<int64_t>(report.unexplainedCheckpoints)) +
               " checkpoints do not follow from the syncs under MM2 " + toString(report.release) +
               " rules: is --mm2-version the release MM2 runs?\n";
    if (report.rows.empty())
        return out + "no consumer group offsets or checkpoints known by then\n";
    const bool groupSyncPart = report.groupOffsetSync == GroupOffsetSyncMode::Enabled ||
                               report.groupOffsetSync == GroupOffsetSyncMode::Observed;
    const bool backwardParts =
        std::any_of(report.rows.begin(), report.rows.end(),
                    [](const PartitionReport& r) { return r.replay.overshoot > 0 || r.replay.rewind > 0; });
    std::vector<std::string> header = {"GROUP", "PARTITION",     "COMMITTED", "MM2 NOW", "CHECKPOINT U -> D",
                                       "AGE",   "RESUME OFFSET", "OUTCOME",   "= GRAN"};
    if (groupSyncPart)
        header.push_back("+ GROUP SYNC");
    header.insert(header.end(), {"+ STALE", "+ CADENCE"});
    if (backwardParts)
        header.insert(header.end(), {"- OVERSHOOT", "- REWIND"});
    header.push_back("HEALTH");
    TextTable table;
    table.addRow(header);
    for (const PartitionReport& row : report.rows) {
        const auto& c = row.checkpoint;
        const auto& r = row.replay;
        const auto part = [&r](int64_t v) {
            return r.available ? withThousands(v) : std::string("-");
        };
        std::vector<std::string> cells = {
            row.group,
            toString(row.upstream),
            committedText(row),
            translatedText(row),
            c ? withThousands(c->upstream) + " -> " + withThousands(c->downstream) +
                    (heldPastStaleLimit(row, report.staleAfterMs) ? " (held)" : "")
              : "-",
            c ? formatDurationMs(c->ageMs) : "-",
            resumeText(row),
            outcomeText(r),
            part(r.granularity)};
        if (groupSyncPart)
            cells.push_back(part(r.groupSync));
        cells.insert(cells.end(), {part(r.staleness), part(r.cadence)});
        if (backwardParts)
            cells.insert(cells.end(), {part(r.overshoot), part(r.rewind)});
        cells.push_back(health(row, ", "));
        table.addRow(cells);
    }
    const bool fromCheckpoints =
        std::any_of(report.rows.begin(), report.rows.end(),
                    [](const PartitionReport& r) { return r.committedFromCheckpoint; });
    out += table.str() + "\n";
    if (fromCheckpoints)
        out += "* the committed offset as MM2 read it for its last checkpoint (newer than any sample)\n";
    if (std::any_of(report.rows.begin(), report.rows.end(),
                    [&](const PartitionReport& r) { return heldPastStaleLimit(r, report.staleAfterMs); }))
        out +=
            "(held) older than the stale limit but not stale: MM2 emits a checkpoint only when its "
            "downstream "
            "offset moves forward (from 3.4.1), and it translates the committed offset to no more than this "
            "one, which stays in force\n";
    std::vector<Verdict> shown;
    for (const PartitionReport& row : report.rows)
        for (Verdict v : row.verdicts)
            if (std::find(shown.begin(), shown.end(), v) == shown.end())
                shown.push_back(v);
    std::sort(shown.begin(), shown.end());
    for (Verdict v : shown)
        out += std::string(verdictName(v)) + ": " + std::string(verdictMeaning(v)) + "\n";
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
    json.key("current").value(report.staleBecause.empty());
    json.key("as_of_ms").value(report.asOfMs);
    json.key("not_current_because");
    report.staleBecause.empty() ? json.null() : json.value(report.staleBecause);
    json.key("stale_after_ms").value(report.staleAfterMs);
    json.key("stale_after_from").value(report.staleAfterFrom);
    json.key("group_offset_sync").value(groupOffsetSyncModeName(report.groupOffsetSync));
    optional(json, "group_offset_sync_interval_ms",
             report.groupOffsetSync == GroupOffsetSyncMode::Enabled
                 ? std::optional<int64_t>(report.groupOffsetSyncIntervalMs)
                 : std::nullopt);
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
    std::string out = "group,topic,partition,target_topic,committed,committed_from,mm2_now,mm2_now_status,"
                      "checkpoint_upstream,checkpoint_downstream,checkpoint_emitted_at_ms,checkpoint_age_ms,"
                      "resume_offset,resume_from,no_resume_reason,outcome,replay,skip,granularity,group_sync,"
                      "staleness,cadence,overshoot,rewind,upstream_equivalent,target_committed,source_end,"
                      "target_end,health\n";
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
        out += row.resume ? std::to_string(row.resume->offset) + ',' +
                                std::string(resumeSourceName(row.resume->source)) + ','
                          : ",," + csvField(row.noResumeReason);
        out += ',';
        out += r.available ? std::string(outcomeName(r)) + ',' + std::to_string(r.replay) + ',' +
                                 std::to_string(r.skip) + ',' + std::to_string(r.granularity) + ',' +
                                 std::to_string(r.groupSync) + ',' + std::to_string(r.staleness) + ',' +
                                 std::to_string(r.cadence) + ',' + std::to_string(r.overshoot) + ',' +
                                 std::to_string(r.rewind) + ',' + std::to_string(r.upstreamEquivalent)
                           : ",,,,,,,,,";
        out += ',' + plain(row.targetCommitted) + ',' + plain(row.sourceEnd) + ',' + plain(row.targetEnd) +
               ',' + csvField(health(row, ";")) + '\n';
    }
    return out;
}

} // namespace driftscope
