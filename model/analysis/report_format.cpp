#include "model/analysis/report_format.h"

#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/util/json_writer.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <map>

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

// " (+745 offsets, staleness)" after the verdicts of a row over the replay budget, " (budget
// undecided)" where its replay or its time is unknown.
std::string budgetMark(const PartitionReport& row)
{
    const auto& e = row.overBudget;
    if (!e)
        return row.budgetUndecidedBecause.empty() ? std::string() : " (budget undecided)";
    const std::string by =
        e->inTime ? formatDurationMs(e->amount - e->limit) : withThousands(e->amount - e->limit) + " offsets";
    return " (+" + by + ", " + e->dominantPart + ")";
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

// What MM2 would translate the committed offset to if it checkpointed now: not where a failover
// resumes (that is resume_offset).
void translationJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("if_checkpointed_now");
    if (row.translated) {
        json.beginObject();
        optional(json, "result", row.translated->downstream);
        json.key("status").value(statusName(row.translated->status));
        syncJson(json, row.translated->sync);
        json.endObject();
    } else {
        json.null();
    }
}

void checkpointJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("checkpoint");
    if (row.checkpoint) {
        const CheckpointView& c = *row.checkpoint;
        json.beginObject();
        json.key("upstream").value(c.upstream);
        json.key("downstream").value(c.downstream);
        // Both null when the records carry no times.
        optional(json, "emitted_at_ms", c.ageMs ? std::optional<int64_t>(c.emittedAtMs) : std::nullopt);
        optional(json, "age_ms", c.ageMs);
        syncJson(json, c.sync);
        json.key("explained").value(c.explained);
        json.key("held").value(row.checkpointKept != CheckpointKept::No);
        json.key("held_because");
        row.checkpointKept == CheckpointKept::No ? json.null()
                                                 : json.value(checkpointKeptName(row.checkpointKept));
        json.endObject();
    } else {
        json.null();
    }
}

void replayJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("replay");
    if (row.replay.available) {
        const ReplayWindow& r = row.replay;
        const auto known = [&r](int64_t v) {
            return r.known ? std::optional<int64_t>(v) : std::nullopt;
        };
        json.beginObject();
        json.key("outcome").value(outcomeName(outcomeOf(row)));
        optional(json, "replay", known(r.replay));
        optional(json, "skip", known(r.skip));
        optional(json, "granularity", known(r.granularity));
        optional(json, "group_sync", known(r.groupSync));
        optional(json, "staleness", known(r.staleness));
        optional(json, "cadence", known(r.cadence));
        optional(json, "overshoot", known(r.overshoot));
        optional(json, "rewind", known(r.rewind));
        optional(json, "upstream_equivalent", known(r.upstreamEquivalent));
        // The source offsets [from, to) read again (or, for a skip, never read).
        const std::optional<SourceRange> range = r.sourceRange();
        optional(json, "source_from", range ? std::optional<int64_t>(range->from) : std::nullopt);
        optional(json, "source_to", range ? std::optional<int64_t>(range->to) : std::nullopt);
        json.key("unknown_because");
        r.known ? json.null() : json.value(row.replayUnknownBecause);
        optional(json, "time_ms", row.outcomeTimeMs);
        json.endObject();
    } else {
        json.null();
    }
}

void paceJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("pace");
    if (row.pace) {
        json.beginObject();
        json.key("advanced").value(row.pace->advanced);
        json.key("span_ms").value(row.pace->spanMs);
        json.key("per_second").decimal(paceTenthsPerSecond(*row.pace), 1);
        json.endObject();
    } else {
        json.null();
    }
    json.key("pace_unknown_because");
    row.pace ? json.null() : json.value(row.paceUnknownBecause);
}

void replicationJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("replication");
    if (row.replication) {
        json.beginObject();
        json.key("next_offset").value(row.replication->nextOffset);
        json.key("committed_at_ms").value(row.replication->committedAtMs);
        json.endObject();
    } else {
        json.null();
    }
    json.key("replication_unknown_because");
    row.replication ? json.null() : json.value(row.replicationUnknownBecause);
}

void budgetJson(JsonWriter& json, const PartitionReport& row)
{
    json.key("over_replay_budget");
    if (const auto& e = row.overBudget) {
        json.beginObject();
        json.key("unit").value(e->inTime ? "ms" : "offsets");
        json.key("replay").value(e->amount);
        json.key("budget").value(e->limit);
        json.key("over_by").value(e->amount - e->limit);
        json.key("dominant_part").value(e->dominantPart);
        json.key("dominant_offsets").value(e->dominantOffsets);
        json.endObject();
    } else {
        json.null();
    }
    json.key("budget_undecided_because");
    row.budgetUndecidedBecause.empty() ? json.null() : json.value(row.budgetUndecidedBecause);
}

void rowJson(JsonWriter& json, const std::string& flow, const PartitionReport& row)
{
    json.beginObject();
    json.key("flow").value(flow);
    json.key("group").value(row.group);
    json.key("topic").value(row.upstream.topic);
    json.key("partition").value(row.upstream.partition);
    json.key("target_topic").value(row.downstream.topic);
    optional(json, "committed", row.committed);
    optional(json, "committed_at_ms", row.committedAtMs);
    json.key("committed_from");
    row.committed ? json.value(committedFrom(row)) : json.null();
    translationJson(json, row);
    checkpointJson(json, row);
    optional(json, "resume_offset", row.resume ? std::optional<int64_t>(row.resume->offset) : std::nullopt);
    json.key("resume_from");
    row.resume ? json.value(resumeSourceName(row.resume->source)) : json.null();
    json.key("no_resume_reason");
    row.resume ? json.null() : json.value(row.noResumeReason);
    replayJson(json, row);
    paceJson(json, row);
    optional(json, "target_committed", row.targetCommitted);
    optional(json, "source_start", row.sourceStart);
    optional(json, "source_end", row.sourceEnd);
    replicationJson(json, row);
    optional(json, "target_end", row.targetEnd);
    json.key("health").beginArray();
    for (Verdict v : row.verdicts)
        json.value(verdictName(v));
    json.endArray();
    json.key("evidence").beginObject();
    for (const auto& [v, words] : row.evidence)
        json.key(verdictName(v)).value(words);
    json.endObject();
    budgetJson(json, row);
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
    for (InternalTopic t : kInternalTopics)
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

// What the reader last described of the offset-syncs topic: its configs and whether they put the
// syncs at risk, or why they are unknown; null when it never asked.
void offsetSyncsTopicJson(JsonWriter& json, const Report& report)
{
    json.key("offset_syncs_topic");
    const auto& reading = report.offsetSyncsConfigs;
    if (!reading) {
        json.null();
        return;
    }
    json.beginObject();
    json.key("described_at_ms").value(reading->atMs);
    if (const auto& c = reading->configs) {
        json.key("cleanup_policy").value(c->cleanupPolicy);
        json.key("retention_ms").value(c->retentionMs);
        json.key("retention_bytes").value(c->retentionBytes);
        json.key("at_risk").value(report.offsetSyncsRisk.has_value());
        json.key("unknown_because").null();
    } else {
        json.key("at_risk").null();
        json.key("unknown_because").value(reading->unknownBecause);
    }
    json.endObject();
}

// One line per verdict and evidence, naming the rows it holds on: evidence of the whole flow (the
// offset-syncs topic's configs) is said once, not once per row.
std::vector<std::string> evidenceLines(const Report& report)
{
    constexpr size_t kRowsNamed = 3;
    std::vector<std::pair<std::pair<Verdict, std::string>, std::vector<std::string>>> lines;
    std::map<std::pair<Verdict, std::string>, size_t> lineOf;
    for (const PartitionReport& row : report.rows)
        for (const auto& [v, words] : row.evidence) {
            const auto [it, added] = lineOf.try_emplace({v, words}, lines.size());
            if (added)
                lines.push_back({{v, words}, {}});
            lines[it->second].second.push_back(row.group + ", " + toString(row.upstream));
        }
    std::vector<std::string> out;
    for (const auto& [key, rows] : lines) {
        std::string where = rows.front();
        if (rows.size() > 1) {
            where = withThousands(static_cast<int64_t>(rows.size())) + " rows: " + rows[0];
            for (size_t i = 1; i < std::min(rows.size(), kRowsNamed); ++i)
                where += "; " + rows[i];
            if (rows.size() > kRowsNamed)
                where += " and " + withThousands(static_cast<int64_t>(rows.size() - kRowsNamed)) + " more";
        }
        out.push_back(std::string(verdictName(key.first)) + " (" + where + "): " + key.second);
    }
    return out;
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

// Why the outcome of some rows is unknown, for all of them at once: "no sync read by then
// explains their checkpoint under MM2 2.8.0 rules (is 2.8.0 the release MM2 runs?)".
std::string unknownReplayMeaning(UnknownReplay why, const Release& release)
{
    const std::string rel = toString(release);
    switch (why) {
    case UnknownReplay::No:
        break;
    case UnknownReplay::NoSyncRead:
        return "no offset sync of their partition was read by then, so nothing says which source record the "
               "target holds at the resume offset (is the offset-syncs topic the one MM2 writes?)";
    case UnknownReplay::CheckpointUnexplained:
        return "no sync read by then explains their checkpoint under MM2 " + rel + " rules (is " + rel +
               " the release MM2 runs?)";
    case UnknownReplay::PassedThrough:
        return "their checkpoint came from no sync (MM2 up to 3.2.x passes an offset it cannot translate "
               "through unchanged)";
    case UnknownReplay::Extrapolated:
        return "MM2 " + rel +
               " extrapolated their checkpoint past its sync, and gaps (transaction markers, compaction, "
               "filtered records) put the record the target holds there later by an amount the syncs do not "
               "show";
    case UnknownReplay::SyncedOffsetUnexplained:
        return "no retained sync explains the target group offset their consumers resume at";
    }
    return {};
}

std::string countOf(size_t n, const char* one, const char* many)
{
    return withThousands(static_cast<int64_t>(n)) + " " + (n == 1 ? one : many);
}

// null when every checkpoint and heartbeat read has version 0.
void otherVersionJson(JsonWriter& json, const OtherVersionRecords& o)
{
    json.key("records_of_other_version");
    if (o.total() == 0) {
        json.null();
        return;
    }
    json.beginObject();
    json.key("checkpoints").value(static_cast<uint64_t>(o.checkpoints));
    json.key("heartbeats").value(static_cast<uint64_t>(o.heartbeats));
    json.key("first_version").value(static_cast<int64_t>(o.firstVersion));
    json.key("first_stamped_at"); // null: imported without record times
    o.firstStampMs > 0 ? json.value(formatUtcMs(o.firstStampMs)) : json.null();
    json.key("mm2_fails_on_them").value(o.mm2FailsOnThem);
    json.endObject();
}

// One line per reason why some outcomes are unknown, with how many rows it covers.
std::vector<std::string> unknownReplayLines(const Report& report)
{
    std::map<UnknownReplay, size_t> rows;
    for (const PartitionReport& row : report.rows)
        if (row.replayUnknown != UnknownReplay::No)
            ++rows[row.replayUnknown];
    std::vector<std::string> lines;
    for (const auto& [why, n] : rows)
        lines.push_back("replay unknown for " + countOf(n, "group partition", "group partitions") + ": " +
                        unknownReplayMeaning(why, report.release));
    return lines;
}

// The rows as a table for terminals; the resume offset, the one number to act on, in bold where
// the terminal shows it.
std::string rowsTable(const Report& report, TextStyle style)
{
    const bool groupSyncPart = report.groupOffsetSync == GroupOffsetSyncMode::Enabled ||
                               report.groupOffsetSync == GroupOffsetSyncMode::Observed;
    const bool backwardParts =
        std::any_of(report.rows.begin(), report.rows.end(),
                    [](const PartitionReport& r) { return r.replay.overshoot > 0 || r.replay.rewind > 0; });
    std::vector<std::string> header = {
        "GROUP", "PARTITION",     "COMMITTED", "IF CHECKPOINTED NOW", "CHECKPOINT U -> D",
        "AGE",   "RESUME OFFSET", "OUTCOME",   "SOURCE [FROM, TO)",   "= GRAN"};
    if (groupSyncPart)
        header.push_back("+ GROUP SYNC");
    header.insert(header.end(), {"+ STALE", "+ CADENCE"});
    if (backwardParts)
        header.insert(header.end(), {"- OVERSHOOT", "- REWIND"});
    header.push_back("HEALTH");
    TextTable table;
    table.addRow(header);
    if (style == TextStyle::Terminal)
        table.setBoldColumn(6);
    for (const PartitionReport& row : report.rows) {
        const auto& r = row.replay;
        const auto part = [&row](int64_t v) {
            return outcomePartText(row, v);
        };
        std::vector<std::string> cells = {row.group,
                                          toString(row.upstream),
                                          committedText(row),
                                          ifCheckpointedNowText(row),
                                          checkpointText(row, report.staleAfterMs),
                                          checkpointAgeText(row),
                                          resumeText(row),
                                          outcomeText(row),
                                          sourceRangeText(row),
                                          part(r.granularity)};
        if (groupSyncPart)
            cells.push_back(part(r.groupSync));
        cells.insert(cells.end(), {part(r.staleness), part(r.cadence)});
        if (backwardParts)
            cells.insert(cells.end(), {part(r.overshoot), part(r.rewind)});
        cells.push_back(health(row, ", ") + budgetMark(row));
        table.addRow(cells);
    }
    return table.str();
}

// What the table's marks mean, and each verdict it shows.
std::vector<std::string> rowsFootnotes(const Report& report)
{
    std::vector<std::string> lines;
    const auto any = [&report](auto&& predicate) {
        return std::any_of(report.rows.begin(), report.rows.end(), predicate);
    };
    if (any([](const PartitionReport& r) { return r.outcomeTimeMs.has_value(); }))
        lines.push_back("(about T) the time the replay or skip represents at the group's pace: how far its "
                        "committed offset moved over the last " +
                        formatDurationMs(kPaceWindowMs) +
                        " of readings (samples and checkpoints; JSON pace)");
    if (any([](const PartitionReport& r) { return r.committedFromCheckpoint; }))
        lines.push_back(
            "* the committed offset as MM2 read it for its last checkpoint (newer than any sample)");
    for (const CheckpointKept kept : {CheckpointKept::MonotonicFilter, CheckpointKept::TooOld,
                                      CheckpointKept::NotReady, CheckpointKept::NoSync}) {
        if (!any([&](const PartitionReport& r) {
                return r.checkpointKept == kept && keptPastStaleLimit(r, report.staleAfterMs);
            }))
            continue;
        const std::string mark = kept == CheckpointKept::MonotonicFilter
                                     ? "(held)"
                                     : "(held: " + std::string(checkpointKeptName(kept)) + ")";
        lines.push_back(mark + " older than the stale limit but not stale: " +
                        std::string(checkpointKeptMeaning(kept)) + "; the checkpoint in force stays");
    }
    std::vector<Verdict> shown;
    for (const PartitionReport& row : report.rows)
        for (Verdict v : row.verdicts)
            if (std::find(shown.begin(), shown.end(), v) == shown.end())
                shown.push_back(v);
    std::sort(shown.begin(), shown.end());
    for (Verdict v : shown)
        lines.push_back(std::string(verdictName(v)) + ": " + std::string(verdictMeaning(v)));
    return lines;
}

// "replay budget: at most 1,000 offsets of replay per partition: 3 group partitions over it, 2
// undecided (the replay is unknown)".
std::string budgetNote(const Report& report)
{
    size_t over = 0, undecided = 0;
    std::map<std::string, size_t> why;
    for (const PartitionReport& row : report.rows) {
        over += row.overBudget.has_value();
        if (!row.budgetUndecidedBecause.empty()) {
            ++undecided;
            ++why[row.budgetUndecidedBecause.substr(0, row.budgetUndecidedBecause.find(':'))];
        }
    }
    std::string text = "replay budget: " + budgetText(report.budget) + ": " +
                       countOf(over, "group partition", "group partitions") + " over it";
    if (undecided > 0) {
        std::string reasons;
        for (const auto& [reason, n] : why)
            reasons += (reasons.empty() ? "" : "; ") + reason +
                       (why.size() > 1 ? " (" + std::to_string(n) + ")" : "");
        text += ", " + withThousands(static_cast<int64_t>(undecided)) + " undecided (" + reasons + ")";
    }
    return text;
}

} // namespace

// KAFKA-20659: records of a version MM2 never writes, and what the report's release does with them
// (4.4 sources: CheckpointStore and MirrorClient catch only SchemaException; MM2 copies heartbeats
// as bytes, only the HeartbeatFormatter decodes them).
std::optional<std::string> otherVersionNote(const Report& report)
{
    const OtherVersionRecords& o = report.otherVersion;
    if (o.total() == 0)
        return std::nullopt;
    const std::string mm2 = "MM2 " + toString(report.release);
    // Records imported without times (formatter text) carry none: no 1970 date for them.
    const std::string stamped =
        o.firstStampMs > 0 ? ", stamped " + formatUtcMs(o.firstStampMs) : ", its record time unknown";
    std::string text = "note: " + withThousands(static_cast<int64_t>(o.checkpoints)) + " checkpoint and " +
                       withThousands(static_cast<int64_t>(o.heartbeats)) +
                       " heartbeat records carry a value version other than 0 (the first: version " +
                       std::to_string(o.firstVersion) + stamped + "): ";
    if (!o.mm2FailsOnThem)
        return text + mm2 +
               " reads them as version 0, as driftscope shows them; from 4.4.0 MM2 refuses them " +
               "(KAFKA-20659)";
    text += mm2 +
            " refuses them (KAFKA-20659: UnsupportedVersionException), where earlier releases read them as "
            "version 0, as driftscope shows them";
    if (o.checkpoints > 0)
        text +=
            "; a checkpoint task that starts fails to load its stored checkpoints and starts as 3.7.0 did, "
            "without them and with its sync store rebuilt without history (driftscope assumes restored "
            "checkpoints unless told --checkpoints-restored no), and MirrorClient.remoteConsumerOffsets "
            "(RemoteClusterUtils.translateOffsets) throws";
    if (o.heartbeats > 0)
        text += "; MM2 copies heartbeats as bytes, so only readers that decode them (its HeartbeatFormatter) "
                "fail";
    return text;
}

std::vector<std::string> reportNotes(const Report& report)
{
    std::vector<std::string> notes;
    if (!report.releaseWarning.empty())
        notes.push_back("note: " + report.releaseWarning);
    if (report.recordTimesUnknown)
        notes.push_back(std::string(kTimesUnknownNote));
    else
        notes.push_back("checkpoints are stale after " + formatDurationMs(report.staleAfterMs) + " (" +
                        report.staleAfterFrom + ")");
    notes.push_back(groupOffsetSyncText(report));
    for (std::string& line : readerProblemLines(report))
        notes.push_back(std::move(line));
    if (report.unexplainedCheckpoints > 0)
        notes.push_back("note: " + withThousands(static_cast<int64_t>(report.unexplainedCheckpoints)) +
                        " checkpoints do not follow from the syncs under MM2 " + toString(report.release) +
                        " rules: is --mm2-version the release MM2 runs?");
    if (auto line = otherVersionNote(report))
        notes.push_back(std::move(*line));
    for (std::string& line : unknownReplayLines(report))
        notes.push_back(std::move(line));
    for (std::string& line : evidenceLines(report))
        notes.push_back(std::move(line));
    if (report.budget.any())
        notes.push_back(budgetNote(report));
    return notes;
}

std::string reportText(const Report& report, TextStyle style)
{
    std::string out = "driftscope report at " + reportMomentText(report) + ": MM2 " +
                      toString(report.release) + " rules, " + report.sourceAlias + " -> " +
                      report.targetAlias + "\n";

    out += withThousands(static_cast<int64_t>(report.syncsApplied)) + " offset syncs and " +
           withThousands(static_cast<int64_t>(report.checkpointsApplied)) + " checkpoints by then, " +
           undecodableText(report) + "\n";
    for (const std::string& note : reportNotes(report))
        out += note + "\n";
    if (report.rows.empty())
        return out + "no consumer group offsets or checkpoints known by then\n";
    out += rowsTable(report, style) + "\n";
    for (const std::string& line : rowsFootnotes(report))
        out += line + "\n";
    return out;
}

std::string flowName(const Report& report)
{
    return driftscope::flowName(report.sourceAlias, report.targetAlias);
}

std::string reportJson(const Report& report)
{
    const std::string flow = flowName(report);
    JsonWriter json;
    json.beginObject();
    // No moment when the records carry no times.
    optional(json, "at_ms", report.recordTimesUnknown ? std::nullopt : std::optional<int64_t>(report.atMs));
    json.key("at");
    report.recordTimesUnknown ? json.null() : json.value(formatUtcMs(report.atMs));
    json.key("mm2_release").value(toString(report.release));
    json.key("flow").value(flow);
    json.key("source").value(report.sourceAlias);
    json.key("target").value(report.targetAlias);
    json.key("current").value(report.staleBecause.empty());
    json.key("as_of_ms").value(report.asOfMs);
    json.key("not_current_because");
    report.staleBecause.empty() ? json.null() : json.value(report.staleBecause);
    json.key("release_warning");
    report.releaseWarning.empty() ? json.null() : json.value(report.releaseWarning);
    json.key("notes").beginArray();
    for (const std::string& note : reportNotes(report))
        json.value(note);
    json.endArray();
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
    otherVersionJson(json, report.otherVersion);
    readerJson(json, report.reader);
    offsetSyncsTopicJson(json, report);
    json.key("rows").beginArray();
    for (const PartitionReport& row : report.rows)
        rowJson(json, flow, row);
    json.endArray();
    json.endObject();
    return json.str();
}

namespace {

// One line of reportCsv: `flow` is the flow's field and its comma.
void appendCsvRow(std::string& out, const std::string& flow, const PartitionReport& row)
{
    const auto& c = row.checkpoint;
    const auto& r = row.replay;
    out += flow + csvField(row.group) + ',' + csvField(row.upstream.topic) + ',' +
           std::to_string(row.upstream.partition) + ',' + csvField(row.downstream.topic) + ',' +
           plain(row.committed) + ',' + committedFrom(row) + ',';
    out += row.translated
               ? plain(row.translated->downstream) + ',' + std::string(statusName(row.translated->status))
               : std::string(",");
    out += ',';
    out += c ? std::to_string(c->upstream) + ',' + std::to_string(c->downstream) + ',' +
                   (c->ageMs ? std::to_string(c->emittedAtMs) : std::string()) + ',' + plain(c->ageMs) + ',' +
                   std::string(checkpointKeptName(row.checkpointKept))
             : ",,,,";
    out += ',';
    if (row.resume) {
        out += std::to_string(row.resume->offset) + ',';
        out += resumeSourceName(row.resume->source);
        out += ',';
    } else {
        out += ",,"; // appended, not ",," + field: GCC 12 -O3 reads that as an overlapping copy
        out += csvField(row.noResumeReason);
    }
    out += ',';
    if (!r.available)
        out += ",,,,,,,,,,";
    else if (!r.known)
        out += std::string(outcomeName(outcomeOf(row))) + ",,,,,,,,,," + csvField(row.replayUnknownBecause);
    else
        out += std::string(outcomeName(outcomeOf(row))) + ',' + std::to_string(r.replay) + ',' +
               std::to_string(r.skip) + ',' + std::to_string(r.granularity) + ',' +
               std::to_string(r.groupSync) + ',' + std::to_string(r.staleness) + ',' +
               std::to_string(r.cadence) + ',' + std::to_string(r.overshoot) + ',' +
               std::to_string(r.rewind) + ',' + std::to_string(r.upstreamEquivalent) + ',';
    out += ',' + plain(row.outcomeTimeMs) + ',' +
           (row.pace ? formatFixed(paceTenthsPerSecond(*row.pace), 1) + ','
                     : ',' + csvField(row.paceUnknownBecause));
    out += ',' + plain(row.targetCommitted) + ',' + plain(row.sourceEnd) + ',' + plain(row.targetEnd) + ',' +
           csvField(health(row, ";")) + ',' +
           csvField(row.overBudget ? budgetExcessText(*row.overBudget) : std::string()) + ',' +
           csvField(row.budgetUndecidedBecause) + ',';
    const std::optional<SourceRange> range = r.sourceRange();
    out += range ? std::to_string(range->from) + ',' + std::to_string(range->to) + '\n' : ",\n";
}

} // namespace

std::string reportCsv(const Report& report, CsvHeader header)
{
    std::vector<const PartitionReport*> rows;
    rows.reserve(report.rows.size());
    for (const PartitionReport& row : report.rows)
        rows.push_back(&row);
    return reportCsv(report, rows, header);
}

std::string reportCsv(const Report& report, const std::vector<const PartitionReport*>& rows, CsvHeader header)
{
    const std::string flow = csvField(flowName(report)) + ',';
    std::string out =
        header == CsvHeader::Without
            ? std::string()
            : "flow,group,topic,partition,target_topic,committed,committed_from,if_checkpointed_now,"
              "if_checkpointed_now_status,checkpoint_upstream,checkpoint_downstream,"
              "checkpoint_emitted_at_ms,checkpoint_age_ms,checkpoint_held_because,resume_offset,"
              "resume_from,no_resume_reason,outcome,replay,skip,granularity,group_sync,staleness,"
              "cadence,overshoot,rewind,upstream_equivalent,replay_unknown_because,outcome_time_ms,"
              "pace_per_second,pace_unknown_because,target_committed,source_end,target_end,health,"
              "over_replay_budget,budget_undecided_because,source_from,source_to\n";
    for (const PartitionReport* row : rows)
        appendCsvRow(out, flow, *row);
    return out;
}

} // namespace driftscope
