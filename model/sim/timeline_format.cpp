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

} // namespace

std::string csvHeader()
{
    return "time_ms,group,topic,partition,source_end_offset,target_end_offset,committed,processed,"
           "checkpoint_upstream,checkpoint_downstream,checkpoint_age_ms,translated_age_ms,sync_upstream,"
           "sync_downstream,resume_offset,resume_from,upstream_equivalent,replay_offsets,skip_offsets,"
           "granularity,"
           "group_sync,staleness,cadence,overshoot,rewind,replay_records,skipped_records,skip,"
           "checkpoint_beyond_target_end,synced_group_offset";
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
                   num(s.replayRecords) + ',' + num(s.skippedRecords) + ',' + (s.skips() ? "1" : "0")
             : ",,,,,,,,,,,,,";
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
    json.key("sample_interval_ms").value(s.sampleIntervalMs);
    json.key("tick_ms").value(s.tickMs);
    json.key("topic").value(s.topic);
    json.key("partitions").value(static_cast<int64_t>(s.partitions));
    json.key("produce_rate").value(std::to_string(s.produceRate));
    json.key("gap_ratio").value(std::to_string(s.gapRatio));
    json.key("offset_lag_max").value(s.offsetLagMax);
    json.key("emit_checkpoints_interval_ms").value(s.emitCheckpointsIntervalMs);
    json.key("offset_flush_interval_ms").value(s.offsetFlushIntervalMs);
    json.key("sync_group_offsets").value(s.syncGroupOffsets);
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
    json.key("samples").value(r.samples);
    json.key("samples_with_skip").value(r.samplesWithSkip);
    json.key("max_replay_records").value(r.maxReplayRecords);
    json.key("max_skipped_records").value(r.maxSkippedRecords);
    json.endObject();
}

std::string summaryText(const RunSummary& r)
{
    return formatDurationMs(r.simulatedMs) + " simulated: " + std::to_string(r.syncsSent) +
           " offset syncs (" + std::to_string(r.syncsDropped) + " dropped), " +
           std::to_string(r.checkpointsEmitted) + " checkpoints, " + std::to_string(r.samplesWithSkip) +
           " of " + std::to_string(r.samples) + " samples skip records";
}

} // namespace driftscope::sim
