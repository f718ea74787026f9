#include "model/sim/timeline_format.h"

#include "model/util/text_format.h"

namespace driftscope::sim {
namespace {

std::string num(int64_t v)
{
    return std::to_string(v);
}

std::string opt(const std::optional<int64_t>& v)
{
    return v ? std::to_string(*v) : std::string();
}

void optJson(JsonWriter& json, const char* key, const std::optional<int64_t>& v)
{
    json.key(key);
    v ? json.value(*v) : json.null();
}

void optTenthsJson(JsonWriter& json, const char* key, const std::optional<int64_t>& tenths)
{
    json.key(key);
    tenths ? json.decimal(*tenths, 1) : json.null();
}

// "max_replay_records_any_step", "p50_replay_records_any_step", ...: null when no step counted.
void percentilesJson(JsonWriter& json, const std::string& figure, const std::optional<Percentiles>& p,
                     int decimals)
{
    const std::pair<const char*, int64_t Percentiles::*> parts[] = {{"max_", &Percentiles::max},
                                                                    {"p50_", &Percentiles::p50},
                                                                    {"p95_", &Percentiles::p95},
                                                                    {"p99_", &Percentiles::p99}};
    for (const auto& [prefix, member] : parts) {
        json.key(prefix + figure + "_any_step");
        p ? json.decimal((*p).*member, decimals) : json.null();
    }
}

// The share of steps with a checkpoint at which a failover would skip, in hundredths of a per
// cent, rounded up so that any skip shows.
std::optional<int64_t> skipShareHundredths(const RunSummary& r)
{
    if (r.stepsWithCheckpoint == 0)
        return std::nullopt;
    return static_cast<int64_t>((r.stepsWithSkip * 10'000 + r.stepsWithCheckpoint - 1) /
                                r.stepsWithCheckpoint);
}

} // namespace

const std::vector<FieldDoc>& csvColumns()
{
    static const std::vector<FieldDoc> columns = {
        {"time_ms", "simulated time of the sample, ms from the start"},
        {"group", "the consumer group"},
        {"topic", "the source topic"},
        {"partition", "the source partition"},
        {"source_end_offset", "the source partition's log end offset"},
        {"target_end_offset", "the target partition's log end offset"},
        {"committed", "S, the group's committed offset on the source (empty before its first commit)"},
        {"processed",
         "P, the offset after the last record the group processed (ground truth, committed or not)"},
        {"checkpoint_upstream", "U_c, the committed offset of the checkpoint in force (empty: none yet)"},
        {"checkpoint_downstream", "D_c, where that checkpoint resumes the group on the target"},
        {"checkpoint_age_ms", "time since that checkpoint was emitted"},
        {"translated_age_ms", "time since the checkpoint task last translated the group's offset (even when "
                              "it emitted nothing new)"},
        {"sync_upstream", "u_s, the offset sync MM2 translated with: upstream"},
        {"sync_downstream", "d_s, the same sync: downstream"},
        {"resume_offset", "where a failover now resumes on the target (D_c, or the synced group offset)"},
        {"resume_from", "checkpoint or synced-group-offset"},
        {"upstream_equivalent",
         "Ueq, the source offset of the first record read after resuming (ground truth)"},
        {"replay_offsets", "P - Ueq when Ueq <= P: offsets read twice"},
        {"skip_offsets", "Ueq - P when Ueq > P: offsets never read"},
        {"granularity", "U_c - Ueq of D_c: rounding back to a sync point"},
        {"group_sync", "how far the synced group offset lags the checkpoint"},
        {"staleness", "S - U_c: progress committed since the checkpoint"},
        {"cadence", "P - S: processed but not yet committed"},
        {"overshoot", "the resume position past the checkpoint's sync point (subtracted)"},
        {"rewind", "the committed offset moved back since the checkpoint (subtracted)"},
        {"replay_records",
         "source records a failover now would read twice (markers and gaps are not records)"},
        {"replay_seconds",
         "the time those records represent at the records/s the group processed on this partition over "
         "the 60 s up to the last whole second (or since the start, when shorter); empty when it "
         "processed nothing then (stalled: unknown)"},
        {"skipped_records", "source records a failover now would never read"},
        {"skip", "1 when skipped_records > 0"},
        {"checkpoint_beyond_target_end",
         "1 when the checkpoint points at or past the target's end (a failover resets to the end)"},
        {"synced_group_offset", "the target group offset MM2 wrote (sync.group.offsets)"},
    };
    return columns;
}

const std::vector<FieldDoc>& summaryFields()
{
    static const std::vector<FieldDoc> fields = {
        {"simulated_ms", "simulated time"},
        {"records_produced", "records written to the source"},
        {"records_replicated", "records written to the target"},
        {"records_replicated_again", "of those, duplicates after source-task restarts"},
        {"syncs_triggered", "offset syncs MM2's rules asked for"},
        {"syncs_sent", "offset syncs written to the offset-syncs topic"},
        {"syncs_dropped", "offset syncs dropped (no permit free)"},
        {"checkpoints_emitted", "checkpoints written"},
        {"checkpoint_polls_failed", "checkpoint task rounds that failed"},
        {"group_offset_writes", "target group offsets MM2 wrote (sync.group.offsets), per partition"},
        {"sample_interval_ms", "the interval between printed samples"},
        {"samples", "printed samples (sample times x group partitions)"},
        {"samples_with_skip", "printed samples with skip = 1"},
        {"steps",
         "every simulated step: ticks x group partitions, printed or not; the fields below cover them all"},
        {"steps_with_checkpoint", "steps with a checkpoint in force (a failover has a position)"},
        {"steps_with_skip", "steps at which a failover would skip records"},
        {"skip_percent_of_steps_with_checkpoint",
         "steps_with_skip in % of steps_with_checkpoint, rounded up"},
        {"max_replay_records_any_step", "the most records a failover at any step would replay"},
        {"p50_replay_records_any_step", "the median over the steps with a checkpoint (nearest rank)"},
        {"p95_replay_records_any_step", "the 95th percentile over them"},
        {"p99_replay_records_any_step", "the 99th percentile over them"},
        {"max_skipped_records_any_step", "the most records a failover at any step would skip"},
        {"steps_with_replay_seconds",
         "steps with a checkpoint whose replay time is known (the group processed)"},
        {"max_replay_seconds_any_step", "the longest replay_seconds at any step"},
        {"p50_replay_seconds_any_step", "its median over those steps"},
        {"p95_replay_seconds_any_step", "its 95th percentile"},
        {"p99_replay_seconds_any_step", "its 99th percentile"},
    };
    return fields;
}

std::string csvHeader()
{
    std::string header;
    for (const FieldDoc& column : csvColumns()) {
        if (!header.empty())
            header += ',';
        header += column.name;
    }
    return header;
}

std::string csvRow(const Scenario& scenario, const Sample& s)
{
    const auto& cp = s.checkpoint;
    const auto& sync = cp ? cp->sync : std::nullopt;
    const bool r = s.replay.available;
    std::string row = num(s.timeMs) + ',' +
                      csvField(scenario.groups[static_cast<size_t>(s.groupIndex)].name) + ',' +
                      csvField(scenario.topic) + ',' + num(s.partition) + ',' + num(s.sourceEndOffset) + ',' +
                      num(s.targetEndOffset) + ',' + opt(s.committed) + ',' + num(s.processed) + ',';
    row += cp ? num(cp->upstream) + ',' + num(cp->downstream) + ',' + num(s.replay.checkpointAgeMs) : ",,";
    row += ',' + opt(s.translatedAgeMs) + ',';
    row += sync ? num(sync->upstream) + ',' + num(sync->downstream) : ",";
    row += ',';
    const ReplayWindow& w = s.replay;
    row += r ? num(w.resumeAt) + ',' + (w.fromSyncedGroupOffset ? "synced-group-offset" : "checkpoint") +
                   ',' + num(w.upstreamEquivalent) + ',' + num(w.replay) + ',' + num(w.skip) + ',' +
                   num(w.granularity) + ',' + num(w.groupSync) + ',' + num(w.staleness) + ',' +
                   num(w.cadence) + ',' + num(w.overshoot) + ',' + num(w.rewind) + ',' +
                   num(s.replayRecords) + ',' + (s.replayTenths ? formatFixed(*s.replayTenths, 1) : "") +
                   ',' + num(s.skippedRecords) + ',' + (s.skips() ? "1" : "0")
             : ",,,,,,,,,,,,,,";
    row += std::string(",") + (s.checkpointBeyondTargetEnd ? "1" : "0") + ',' + opt(s.syncedGroupOffset);
    return row;
}

void writeSampleJson(JsonWriter& json, const Scenario& scenario, const Sample& s)
{
    json.beginObject();
    json.key("time_ms").value(s.timeMs);
    json.key("group").value(scenario.groups[static_cast<size_t>(s.groupIndex)].name);
    json.key("topic").value(scenario.topic);
    json.key("partition").value(static_cast<int64_t>(s.partition));
    json.key("source_end_offset").value(s.sourceEndOffset);
    json.key("target_end_offset").value(s.targetEndOffset);
    optJson(json, "committed", s.committed);
    json.key("processed").value(s.processed);
    json.key("checkpoint");
    if (s.checkpoint) {
        json.beginObject();
        json.key("upstream").value(s.checkpoint->upstream);
        json.key("downstream").value(s.checkpoint->downstream);
        json.key("age_ms").value(s.replay.checkpointAgeMs);
        json.endObject();
    } else {
        json.null();
    }
    optJson(json, "translated_age_ms", s.translatedAgeMs);
    json.key("sync");
    if (s.checkpoint && s.checkpoint->sync) {
        json.beginObject();
        json.key("upstream").value(s.checkpoint->sync->upstream);
        json.key("downstream").value(s.checkpoint->sync->downstream);
        json.endObject();
    } else {
        json.null();
    }
    json.key("replay");
    if (s.replay.available) {
        json.beginObject();
        json.key("resume_offset").value(s.replay.resumeAt);
        json.key("resume_from").value(s.replay.fromSyncedGroupOffset ? "synced-group-offset" : "checkpoint");
        json.key("upstream_equivalent").value(s.replay.upstreamEquivalent);
        json.key("replay_offsets").value(s.replay.replay);
        json.key("skip_offsets").value(s.replay.skip);
        json.key("granularity").value(s.replay.granularity);
        json.key("group_sync").value(s.replay.groupSync);
        json.key("staleness").value(s.replay.staleness);
        json.key("cadence").value(s.replay.cadence);
        json.key("overshoot").value(s.replay.overshoot);
        json.key("rewind").value(s.replay.rewind);
        json.key("records").value(s.replayRecords);
        optTenthsJson(json, "replay_seconds", s.replayTenths);
        json.key("skipped_records").value(s.skippedRecords);
        json.key("skip").value(s.skips());
        json.key("beyond_target_end").value(s.checkpointBeyondTargetEnd);
        json.endObject();
    } else {
        json.null();
    }
    optJson(json, "synced_group_offset", s.syncedGroupOffset);
    json.endObject();
}

void writeScenarioJson(JsonWriter& json, const Scenario& s)
{
    json.beginObject();
    json.key("name").value(s.name);
    json.key("mm2_version").value(toString(s.release));
    json.key("seed").value(s.seed);
    json.key("duration_ms").value(s.durationMs);
    json.key("sample_interval_ms").value(sampleIntervalOf(s));
    json.key("tick_ms").value(s.tickMs);
    json.key("topic").value(s.topic);
    json.key("partitions").value(static_cast<int64_t>(s.partitions));
    json.key("produce_rate").value(std::to_string(s.produceRate));
    json.key("gap_ratio").value(std::to_string(s.gapRatio));
    json.key("offset_lag_max").value(s.offsetLagMax);
    json.key("emit_checkpoints_interval_ms").value(s.emitCheckpointsIntervalMs);
    json.key("offset_flush_interval_ms").value(s.offsetFlushIntervalMs);
    json.key("sync_group_offsets").value(s.syncGroupOffsets);
    json.key("sync_group_offsets_interval_ms").value(s.syncGroupOffsetsIntervalMs);
    json.key("groups").beginArray();
    for (const GroupSpec& g : s.groups) {
        json.beginObject();
        json.key("name").value(g.name);
        json.key("consume_rate")
            .value(g.consumeRate < 0 ? std::string("keeps up") : std::to_string(g.consumeRate));
        json.key("commit_interval_ms").value(g.commitIntervalMs);
        json.endObject();
    }
    json.endArray();
    json.key("events").beginArray();
    for (const Event& e : s.events)
        json.value(describeEvent(e));
    json.endArray();
    json.endObject();
}

void writeSummaryJson(JsonWriter& json, const RunSummary& r)
{
    json.beginObject();
    json.key("simulated_ms").value(r.simulatedMs);
    json.key("records_produced").value(r.recordsProduced);
    json.key("records_replicated").value(r.recordsReplicated);
    json.key("records_replicated_again").value(r.recordsReplicatedAgain);
    json.key("syncs_triggered").value(r.syncsTriggered);
    json.key("syncs_sent").value(r.syncsSent);
    json.key("syncs_dropped").value(r.syncsDropped);
    json.key("checkpoints_emitted").value(r.checkpointsEmitted);
    json.key("checkpoint_polls_failed").value(r.checkpointPollsFailed);
    json.key("group_offset_writes").value(r.groupOffsetWrites);
    json.key("sample_interval_ms").value(r.sampleIntervalMs);
    json.key("samples").value(r.samples);
    json.key("samples_with_skip").value(r.samplesWithSkip);
    json.key("steps").value(r.steps);
    json.key("steps_with_checkpoint").value(r.stepsWithCheckpoint);
    json.key("steps_with_skip").value(r.stepsWithSkip);
    json.key("skip_percent_of_steps_with_checkpoint");
    if (const auto share = skipShareHundredths(r))
        json.decimal(*share, 2);
    else
        json.null();
    percentilesJson(json, "replay_records", r.replayRecordsAnyStep, 0);
    json.key("max_skipped_records_any_step").value(r.maxSkippedRecordsAnyStep);
    json.key("steps_with_replay_seconds").value(r.stepsWithReplayTime);
    percentilesJson(json, "replay_seconds", r.replayTenthsAnyStep, 1);
    json.endObject();
}

std::string summaryText(const RunSummary& r)
{
    std::string text = formatDurationMs(r.simulatedMs) + " simulated: " + std::to_string(r.syncsSent) +
                       " offset syncs (" + std::to_string(r.syncsDropped) + " dropped), " +
                       std::to_string(r.checkpointsEmitted) + " checkpoints; at every step ";
    if (!r.replayRecordsAnyStep)
        return text + "a failover has no checkpoint to resume from";
    const Percentiles& records = *r.replayRecordsAnyStep;
    text += "a failover replays at most " + std::to_string(records.max) + " records (p50 " +
            std::to_string(records.p50) + ", p95 " + std::to_string(records.p95) + ", p99 " +
            std::to_string(records.p99) + "), ";
    text += r.replayTenthsAnyStep
                ? "at most " + formatFixed(r.replayTenthsAnyStep->max, 1) + " s of processing"
                : "time unknown (the groups processed nothing)";
    return text + ", and skips at " + std::to_string(r.stepsWithSkip) + " of " +
           std::to_string(r.stepsWithCheckpoint) + " steps with a checkpoint (at most " +
           std::to_string(r.maxSkippedRecordsAnyStep) + " records)";
}

} // namespace driftscope::sim
