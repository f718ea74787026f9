#include "model/watch/report_metrics.h"

#include "model/util/java_long.h"

#include <prometheus/text_serializer.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

namespace driftscope {
namespace {

using prometheus::ClientMetric;
using prometheus::MetricFamily;
using prometheus::MetricType;
using Labels = std::vector<ClientMetric::Label>;

double seconds(int64_t ms)
{
    return static_cast<double>(ms) / 1000.0;
}

// Families in the order they are first named; series added to them by name.
class Families {
public:
    explicit Families(std::string flow) : m_flow(std::move(flow)) {}

    // Declares a family (its HELP and TYPE are exposed even while it has no series).
    void declare(const std::string& name, const std::string& help, MetricType type = MetricType::Gauge)
    {
        m_index[name] = m_families.size();
        m_families.push_back({name, help, type, {}});
    }
    void add(const std::string& name, Labels labels, double value)
    {
        MetricFamily& family = m_families[m_index.at(name)];
        ClientMetric metric;
        labels.insert(labels.begin(), {"flow", m_flow});
        metric.label = std::move(labels);
        if (family.type == MetricType::Counter)
            metric.counter.value = value;
        else
            metric.gauge.value = value;
        family.metric.push_back(std::move(metric));
    }
    std::vector<MetricFamily> take() { return std::move(m_families); }

private:
    std::string m_flow;
    std::vector<MetricFamily> m_families;
    std::map<std::string, size_t> m_index;
};

Labels rowLabels(const PartitionReport& row)
{
    return {{"group", row.group},
            {"topic", row.upstream.topic},
            {"partition", std::to_string(row.upstream.partition)}};
}

Labels with(Labels labels, std::string name, std::string value)
{
    labels.push_back({std::move(name), std::move(value)});
    return labels;
}

bool replayKnown(const PartitionReport& row)
{
    return row.replay.available && row.replay.known;
}

constexpr std::array<TranslationStatus, 5> kStatuses = {
    TranslationStatus::Translated, TranslationStatus::TooOld, TranslationStatus::NoSync,
    TranslationStatus::NotReady, TranslationStatus::Identity};

void declarePartitionFamilies(Families& f)
{
    f.declare("driftscope_committed_offset", "The group's committed offset on the source, as last read.");
    f.declare("driftscope_source_log_end_offset", "The source partition's log end offset, as last sampled.");
    f.declare("driftscope_target_log_end_offset", "The target partition's log end offset, as last sampled.");
    f.declare(
        "driftscope_resume_offset",
        "Where the group resumes on the target after a failover: the checkpoint's downstream offset, or "
        "the target group offset MM2 synced (label source).");
    f.declare("driftscope_replay_window_offsets",
              "Offsets a failover now would replay (absent when unknown or when it skips).");
    f.declare("driftscope_skip_offsets", "Offsets a failover now would skip (absent when unknown).");
    f.declare("driftscope_replay_window_seconds",
              "The replay at the group's pace over the last minute (absent when either is unknown).");
    f.declare("driftscope_replay_part_offsets",
              "The replay's parts: granularity, group_sync, checkpoint_staleness, commit_cadence.");
    f.declare(
        "driftscope_replay_unknown",
        "1 when nothing says which source record the target holds at the resume offset (label because).");
    f.declare("driftscope_checkpoint_age_seconds", "Age of the checkpoint in force.");
    f.declare("driftscope_checkpoint_held",
              "1 when MM2 would emit no newer checkpoint though the group committed since (never stale).");
    f.declare("driftscope_translation_status",
              "1 for what MM2 answers for the committed offset now (translated, too-old, no-sync, not-ready, "
              "identity), 0 for the others.");
    f.declare("driftscope_verdict", "1 for each health verdict that holds for the group partition.");
}

void addPartitionRow(Families& f, const PartitionReport& row)
{
    const Labels labels = rowLabels(row);
    if (row.committed)
        f.add("driftscope_committed_offset", labels, static_cast<double>(*row.committed));
    if (row.sourceEnd)
        f.add("driftscope_source_log_end_offset", labels, static_cast<double>(*row.sourceEnd));
    if (row.targetEnd)
        f.add("driftscope_target_log_end_offset", labels, static_cast<double>(*row.targetEnd));
    if (row.resume)
        f.add("driftscope_resume_offset",
              with(labels, "source", std::string(resumeSourceName(row.resume->source))),
              static_cast<double>(row.resume->offset));
    const ReplayWindow& w = row.replay;
    if (replayKnown(row)) {
        if (w.skips())
            f.add("driftscope_skip_offsets", labels, static_cast<double>(w.skip));
        else
            f.add("driftscope_replay_window_offsets", labels, static_cast<double>(w.replay));
        if (!w.skips() && row.outcomeTimeMs)
            f.add("driftscope_replay_window_seconds", labels, seconds(*row.outcomeTimeMs));
        const std::array<std::pair<const char*, int64_t>, 4> parts = {{{"granularity", w.granularity},
                                                                       {"group_sync", w.groupSync},
                                                                       {"checkpoint_staleness", w.staleness},
                                                                       {"commit_cadence", w.cadence}}};
        for (const auto& [part, value] : parts)
            f.add("driftscope_replay_part_offsets", with(labels, "part", part), static_cast<double>(value));
    }
    if (row.replayUnknown != UnknownReplay::No)
        f.add("driftscope_replay_unknown",
              with(labels, "because", std::string(unknownReplayName(row.replayUnknown))), 1);
    if (row.checkpoint) {
        if (row.checkpoint->ageMs) // none: the records carry no times
            f.add("driftscope_checkpoint_age_seconds", labels, seconds(*row.checkpoint->ageMs));
        f.add("driftscope_checkpoint_held", labels, row.checkpointKept == CheckpointKept::No ? 0 : 1);
    }
    if (row.translated)
        for (TranslationStatus status : kStatuses)
            f.add("driftscope_translation_status", with(labels, "status", std::string(statusName(status))),
                  row.translated->status == status ? 1 : 0);
    for (Verdict v : row.verdicts)
        f.add("driftscope_verdict", with(labels, "verdict", std::string(verdictName(v))), 1);
}

// The store's syncs per upstream partition: how many it retains, how old the newest is, and the
// offset drift (upstream - downstream) of the newest.
void addSyncPartitions(Families& f, const Session& session, const Mm2State& state, int64_t atMs)
{
    f.declare("driftscope_retained_syncs",
              "Distinct offset syncs MM2's OffsetSyncStore retains for the partition.");
    f.declare("driftscope_sync_age_seconds", "Age of the partition's newest offset sync.");
    f.declare("driftscope_offset_drift",
              "Upstream minus downstream offset of the partition's newest offset sync.");
    const SyncStore& store = state.store();
    for (uint32_t p = 0; p < session.partitionCount(); ++p) {
        const TopicPartition& tp = session.partition(p);
        const std::vector<RetainedSync> retained = store.retained(tp);
        if (retained.empty())
            continue;
        const Labels labels = {{"topic", tp.topic}, {"partition", std::to_string(tp.partition)}};
        f.add("driftscope_retained_syncs", labels, static_cast<double>(retained.size()));
        const StoredSync& newest = retained.front().sync;
        f.add("driftscope_offset_drift", labels,
              static_cast<double>(javalong::sub(newest.upstream, newest.downstream)));
        if (newest.id < session.syncs.size())
            f.add("driftscope_sync_age_seconds", labels,
                  seconds(atMs - session.syncs[newest.id].stamp.timestampMs));
    }
}

// MM2's replication position per upstream partition, from the rows (each partition once): how
// far its source connector committed, how long ago, and how far the source's log start is from it.
void addReplicationPartitions(Families& f, const Report& report)
{
    f.declare("driftscope_replication_next_offset",
              "The next source offset MM2 would replicate, as its source connector last committed it.");
    f.declare("driftscope_replication_position_age_seconds",
              "Age of MM2's last committed replication position of the partition.");
    f.declare("driftscope_replication_headroom_offsets",
              "The next offset MM2 would replicate minus the source's log start: how many records "
              "retention may delete before it reaches records MM2 has not replicated; below 0 it has "
              "(except records MM2 had read and not yet flushed).");
    std::set<std::pair<std::string, int32_t>> done;
    for (const PartitionReport& row : report.rows) {
        if (!row.replication || !done.insert({row.upstream.topic, row.upstream.partition}).second)
            continue;
        const Labels labels = {{"topic", row.upstream.topic},
                               {"partition", std::to_string(row.upstream.partition)}};
        f.add("driftscope_replication_next_offset", labels, static_cast<double>(row.replication->nextOffset));
        f.add("driftscope_replication_position_age_seconds", labels,
              seconds(report.atMs - row.replication->committedAtMs));
        if (row.sourceStart)
            f.add("driftscope_replication_headroom_offsets", labels,
                  static_cast<double>(javalong::sub(row.replication->nextOffset, *row.sourceStart)));
    }
}

struct GroupFigures {
    size_t partitions = 0, unknown = 0, skipping = 0, noOutcome = 0;
    int64_t replayMax = 0, replaySum = 0, skipMax = 0;
    std::optional<int64_t> replaySecondsMax; // none once a row's time is unknown
    bool replaySecondsKnown = true;
    std::optional<int64_t> checkpointAgeMax;
    std::map<Verdict, size_t> verdicts;
};

std::map<std::string, GroupFigures> groupFigures(const Report& report)
{
    std::map<std::string, GroupFigures> groups;
    for (const PartitionReport& row : report.rows) {
        GroupFigures& g = groups[row.group];
        ++g.partitions;
        for (Verdict v : row.verdicts)
            ++g.verdicts[v];
        if (row.checkpoint && row.checkpoint->ageMs)
            g.checkpointAgeMax = std::max(g.checkpointAgeMax.value_or(0), *row.checkpoint->ageMs);
        if (!row.replay.available) { // no checkpoint: no failover position, no outcome
            ++g.noOutcome;
            continue;
        }
        if (!row.replay.known) {
            ++g.unknown;
            continue;
        }
        if (row.replay.skips()) {
            ++g.skipping;
            g.skipMax = std::max(g.skipMax, row.replay.skip);
            continue;
        }
        g.replayMax = std::max(g.replayMax, row.replay.replay);
        g.replaySum = javalong::add(g.replaySum, row.replay.replay);
        if (row.outcomeTimeMs)
            g.replaySecondsMax = std::max(g.replaySecondsMax.value_or(0), *row.outcomeTimeMs);
        else
            g.replaySecondsKnown = false;
    }
    return groups;
}

void addGroups(Families& f, const Report& report)
{
    f.declare("driftscope_group_partitions",
              "Partitions the group has a committed offset or a checkpoint for.");
    f.declare("driftscope_group_replay_window_offsets_max",
              "The largest replay over the group's partitions (absent while one is unknown, skips or has no "
              "checkpoint).");
    f.declare("driftscope_group_replay_window_offsets_across_partitions",
              "The replay summed over the group's partitions (absent while one is unknown, skips or has no "
              "checkpoint).");
    f.declare("driftscope_group_replay_window_seconds_max",
              "The longest replay in time over the group's partitions (absent while one is unknown).");
    f.declare("driftscope_group_skip_offsets_max", "The largest skip over the group's partitions that skip.");
    f.declare("driftscope_group_replay_unknown_partitions", "Partitions whose failover outcome is unknown.");
    f.declare("driftscope_group_checkpoint_age_seconds_max",
              "Age of the group's oldest checkpoint in force.");
    f.declare("driftscope_group_verdict_partitions", "Partitions of the group for which each verdict holds.");
    for (const auto& [group, g] : groupFigures(report)) {
        const Labels labels = {{"group", group}};
        f.add("driftscope_group_partitions", labels, static_cast<double>(g.partitions));
        f.add("driftscope_group_replay_unknown_partitions", labels, static_cast<double>(g.unknown));
        // Over every partition, or not at all: a maximum over some would pass for the group's.
        if (g.unknown == 0 && g.skipping == 0 && g.noOutcome == 0) {
            f.add("driftscope_group_replay_window_offsets_max", labels, static_cast<double>(g.replayMax));
            f.add("driftscope_group_replay_window_offsets_across_partitions", labels,
                  static_cast<double>(g.replaySum));
            if (g.replaySecondsKnown && g.replaySecondsMax)
                f.add("driftscope_group_replay_window_seconds_max", labels, seconds(*g.replaySecondsMax));
        }
        if (g.skipping > 0)
            f.add("driftscope_group_skip_offsets_max", labels, static_cast<double>(g.skipMax));
        if (g.checkpointAgeMax)
            f.add("driftscope_group_checkpoint_age_seconds_max", labels, seconds(*g.checkpointAgeMax));
        for (int v = 0; v <= static_cast<int>(kLastVerdict); ++v) {
            const auto verdict = static_cast<Verdict>(v);
            const auto it = g.verdicts.find(verdict);
            f.add("driftscope_group_verdict_partitions",
                  with(labels, "verdict", std::string(verdictName(verdict))),
                  static_cast<double>(it == g.verdicts.end() ? 0 : it->second));
        }
    }
}

// What the reader read and how the clusters answered, by `atMs`.
void addReader(Families& f, const Session& session, const ReaderSummary& reader, const Session::Mark& read)
{
    f.declare("driftscope_reader_up", "1 when the cluster answered the reader's last round.");
    f.declare("driftscope_records_read_total", "Records read from MM2's internal topics.",
              MetricType::Counter);
    f.declare("driftscope_undecodable_records_total",
              "Records of MM2's internal topics that could not be decoded.", MetricType::Counter);
    for (const auto& [cluster, state] :
         {std::pair{"source", reader.sourceState}, std::pair{"target", reader.targetState}})
        f.add("driftscope_reader_up", {{"cluster", cluster}}, state == ClusterState::Connected ? 1 : 0);
    const SessionInfo& info = session.info;
    // Of the Connect offsets topic, the positions of the source cluster.
    const std::array<std::pair<const std::string*, size_t>, kInternalTopics.size()> counts = {
        {{&info.offsetSyncsTopic, read.syncs},
         {&info.checkpointsTopic, read.checkpoints},
         {&info.heartbeatsTopic, read.heartbeats},
         {&info.connectOffsetsTopic, read.positions}}};
    for (size_t t = 0; t < counts.size(); ++t) {
        if (counts[t].first->empty()) // a capture of a reader that did not read it
            continue;
        const Labels labels = {{"topic", *counts[t].first}};
        f.add("driftscope_records_read_total", labels, static_cast<double>(counts[t].second));
        f.add("driftscope_undecodable_records_total", labels, static_cast<double>(reader.undecodable[t]));
    }
}

void addSettings(Families& f, const Report& report)
{
    f.declare("driftscope_ready",
              "1 once the clusters' history is read and both were sampled: the report holds.");
    f.add("driftscope_ready", {}, 1);
    f.declare("driftscope_report_timestamp_seconds", "The moment the report is computed at (Unix time).");
    f.add("driftscope_report_timestamp_seconds", {}, seconds(report.atMs));
    f.declare("driftscope_unexplained_checkpoints",
              "Checkpoints no offset sync explains under the chosen MM2 release's rules.");
    f.add("driftscope_unexplained_checkpoints", {}, static_cast<double>(report.unexplainedCheckpoints));
    f.declare("driftscope_records_of_other_version",
              "Checkpoint and heartbeat records whose value version is not 0 among those the watcher holds "
              "(--sync-history thins older ones): MM2 4.4.0 and later fail on them (KAFKA-20659), earlier "
              "releases read them as version 0.");
    f.add("driftscope_records_of_other_version", {{"kind", "checkpoint"}},
          static_cast<double>(report.otherVersion.checkpoints));
    f.add("driftscope_records_of_other_version", {{"kind", "heartbeat"}},
          static_cast<double>(report.otherVersion.heartbeats));
    f.declare("driftscope_emit_interval_seconds",
              "emit.checkpoints.interval.seconds as configured or observed (absent while neither says).");
    if (!report.emitIntervalAssumed)
        f.add("driftscope_emit_interval_seconds", {}, seconds(report.emitIntervalMs));
    f.declare("driftscope_stale_after_seconds",
              "Age after which a checkpoint of a group that moved on is stale.");
    f.add("driftscope_stale_after_seconds", {}, seconds(report.staleAfterMs));
    f.declare("driftscope_replay_budget_offsets", "The replay budget in offsets per partition, when given.");
    if (report.budget.maxRecords)
        f.add("driftscope_replay_budget_offsets", {}, static_cast<double>(*report.budget.maxRecords));
    f.declare("driftscope_replay_budget_seconds",
              "The replay budget in seconds at the group's pace, when given.");
    if (report.budget.maxMs)
        f.add("driftscope_replay_budget_seconds", {}, seconds(*report.budget.maxMs));
}

} // namespace

std::vector<MetricFamily> reportMetrics(const Session& session, const Mm2State& state, const Report& report,
                                        const MetricsOptions& options, const Session::Mark& read)
{
    Families f(options.flow);
    addSettings(f, report);
    addReader(f, session, report.reader, read);
    addGroups(f, report);
    if (options.partitionMetrics) {
        declarePartitionFamilies(f);
        for (const PartitionReport& row : report.rows)
            addPartitionRow(f, row);
        addSyncPartitions(f, session, state, report.atMs);
        addReplicationPartitions(f, report);
    }
    return f.take();
}

std::vector<MetricFamily> waitingMetrics(const Session& session, const MetricsOptions& options, int64_t nowMs,
                                         const Session::Mark& read)
{
    Families f(options.flow);
    f.declare("driftscope_ready",
              "1 once the clusters' history is read and both were sampled: the report holds.");
    f.add("driftscope_ready", {}, 0);
    addReader(f, session, summarizeReader(session, nowMs), read);
    return f.take();
}

std::vector<MetricFamily> ageMetrics(const MetricsOptions& options, int64_t nowMs, int64_t builtAtMs,
                                     int64_t asOfMs)
{
    Families f(options.flow);
    f.declare("driftscope_state_age_seconds",
              "Now minus the moment the served state holds as of (when a cluster became unreachable, if it "
              "did).");
    f.add("driftscope_state_age_seconds", {}, seconds(nowMs - asOfMs));
    f.declare("driftscope_snapshot_age_seconds", "Now minus when the served state was computed.");
    f.add("driftscope_snapshot_age_seconds", {}, seconds(nowMs - builtAtMs));
    return f.take();
}

std::vector<MetricFamily> watcherMetrics(const MetricsOptions& options, const WatcherFigures& figures)
{
    Families f(options.flow);
    f.declare("driftscope_watcher_held_records",
              "Records and samples the watcher keeps of what it read (thinned to what answers still use).");
    f.add("driftscope_watcher_held_records", {}, static_cast<double>(figures.recordsHeld));
    f.declare("driftscope_watcher_held_bytes", "Bytes of the lists holding them.");
    f.add("driftscope_watcher_held_bytes", {}, static_cast<double>(figures.bytesHeld));
    f.declare("driftscope_watcher_refresh_seconds",
              "How long the last refresh took (report, metrics, thinning).");
    f.add("driftscope_watcher_refresh_seconds", {}, figures.refreshSeconds);
    return f.take();
}

std::vector<RenderedFamily> render(const std::vector<MetricFamily>& families)
{
    std::vector<RenderedFamily> out;
    out.reserve(families.size());
    for (const MetricFamily& family : families) {
        const std::string header = exposition({{family.name, family.help, family.type, {}}});
        std::string text = exposition({family});
        out.push_back({family.name, header, text.substr(header.size())});
    }
    return out;
}

std::string joinRendered(const std::vector<const std::vector<RenderedFamily>*>& lists)
{
    // Each family's header, then the series of every list that has it; copied once, into a
    // string reserved for all of it (tens of megabytes at a fleet's scale).
    struct Parts {
        const std::string* header;
        std::vector<const std::string*> series;
    };
    std::vector<std::string_view> order;
    std::map<std::string_view, Parts> byName;
    size_t size = 0;
    for (const auto* list : lists)
        for (const RenderedFamily& family : *list) {
            auto [it, added] = byName.try_emplace(family.name, Parts{&family.header, {}});
            if (added) {
                order.push_back(family.name);
                size += family.header.size();
            }
            it->second.series.push_back(&family.series);
            size += family.series.size();
        }
    std::string out;
    out.reserve(size);
    for (std::string_view name : order) {
        const Parts& parts = byName.at(name);
        out += *parts.header;
        for (const std::string* series : parts.series)
            out += *series;
    }
    return out;
}

std::string exposition(const std::vector<MetricFamily>& families)
{
    std::ostringstream out;
    prometheus::TextSerializer().Serialize(out, families);
    return out.str();
}

} // namespace driftscope
