#include "model/analysis/health_report.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

namespace driftscope {
namespace {

constexpr std::array<std::string_view, 7> kVerdictNames = {
    "no-sync",          "too-old",       "not-ready",        "no-checkpoint",
    "checkpoint-stale", "skip-possible", "beyond-target-end"};

std::vector<std::string> reportedGroups(const Observations& session, const ReportOptions& options)
{
    std::vector<std::string> groups = options.groups;
    if (groups.empty()) {
        groups = session.info.groups;
        for (uint32_t g = 0; g < session.groupCount(); ++g)
            groups.push_back(session.group(g));
    }
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    return groups;
}

void judge(PartitionReport& row, const SessionState& state, std::optional<uint32_t> upstreamId,
           int64_t staleAfterMs)
{
    if (row.translated) {
        switch (row.translated->status) {
        case TranslationStatus::NoSync:
        case TranslationStatus::Identity:
            row.verdicts.push_back(Verdict::NoSync);
            break;
        case TranslationStatus::TooOld:
            row.verdicts.push_back(Verdict::TooOld);
            break;
        case TranslationStatus::NotReady:
            row.verdicts.push_back(Verdict::NotReady);
            break;
        case TranslationStatus::Translated:
            if (!row.checkpoint)
                row.verdicts.push_back(Verdict::NoCheckpoint);
            break;
        }
    }
    if (!row.checkpoint)
        return;
    const CheckpointView& c = *row.checkpoint;
    if (row.committed && *row.committed != c.upstream && c.ageMs > staleAfterMs)
        row.verdicts.push_back(Verdict::CheckpointStale);
    // Extrapolating releases assume D_c holds the record U_c. Over gaps (transaction markers,
    // compaction) the target has fewer records than that, so D_c lies past U_c's copy.
    const bool extrapolatedOverGaps = state.store().profile().translation == TranslationRule::Extrapolate &&
                                      c.sync && c.upstream > c.sync->upstream && upstreamId &&
                                      state.driftVaries(*upstreamId);
    if (row.replay.skip || extrapolatedOverGaps)
        row.verdicts.push_back(Verdict::SkipPossible);
    if (row.targetEnd && c.downstream > *row.targetEnd)
        row.verdicts.push_back(Verdict::BeyondTargetEnd);
}

} // namespace

std::string_view verdictName(Verdict verdict)
{
    return kVerdictNames[static_cast<size_t>(verdict)];
}

Report buildReport(const Observations& session, const ReportOptions& options)
{
    const SessionState state(session, options.state, options.atMs.value_or(session.lastActivityMs()));
    return buildReport(session, state, options);
}

Report buildReport(const Observations& session, const SessionState& state, const ReportOptions& options)
{
    SampleCursor samples(session);
    samples.advanceTo(state.atMs());
    return buildReport(session, state, samples, options);
}

Report buildReport(const Observations& session, const SessionState& state, const SampleCursor& samples,
                   const ReportOptions& options)
{
    const int64_t at = state.atMs();
    const SessionInfo& info = session.info;
    Report report;
    report.atMs = at;
    report.release = state.store().profile().release;
    report.sourceAlias = info.sourceAlias;
    report.targetAlias = info.targetAlias;
    report.staleAfterMs =
        options.staleAfterMs > 0 ? options.staleAfterMs : info.emitCheckpointsIntervalMs * 3 / 2;
    report.syncsApplied = state.syncsApplied();
    report.checkpointsApplied = state.checkpointsApplied();
    report.unexplainedCheckpoints = state.unexplainedCheckpoints();
    report.reader = summarizeReader(session, at);
    for (const size_t n : report.reader.undecodable)
        report.undecodableRecords += n;

    const auto& upstreamOf = state.upstreamOf();
    const TranslationRule rule = state.store().profile().translation;

    for (const std::string& name : reportedGroups(session, options)) {
        const auto group = session.findGroup(name);
        if (!group)
            continue;
        // The group's partitions: those it committed on the source, and those with checkpoints.
        std::map<TopicPartition, std::optional<uint32_t>> partitions; // upstream -> its session id
        const auto& sampled = samples.allCommitted();
        for (auto it = sampled.lower_bound({ClusterSide::Source, *group, 0});
             it != sampled.end() && std::get<0>(it->first) == ClusterSide::Source &&
             std::get<1>(it->first) == *group;
             ++it)
            partitions.emplace(session.partition(std::get<2>(it->first)), std::get<2>(it->first));
        std::map<TopicPartition, const CheckpointInForce*> checkpointOf; // by upstream partition
        for (auto it = state.checkpoints().lower_bound({*group, 0});
             it != state.checkpoints().end() && it->first.first == *group; ++it) {
            const uint32_t target = it->first.second;
            const auto upstream = upstreamOf[target];
            const TopicPartition tp = checkpointUpstream(session, upstreamOf, target);
            partitions.emplace(tp, upstream);
            checkpointOf[tp] = &it->second;
        }

        for (const auto& [tp, upstreamId] : partitions) {
            if (!options.partitions.empty() && std::find(options.partitions.begin(), options.partitions.end(),
                                                         tp) == options.partitions.end())
                continue;
            PartitionReport row;
            row.group = name;
            row.upstream = tp;
            row.downstream = checkpointPartition(info.policy, info.sourceAlias, info.targetAlias, tp);
            const auto downstreamId = session.findPartition(row.downstream);
            if (const auto committed = samples.committed(ClusterSide::Source, *group, upstreamId)) {
                row.committed = committed->offset;
                row.committedAtMs = committed->atMs;
            }
            if (const auto it = checkpointOf.find(tp); it != checkpointOf.end()) {
                const ObservedCheckpoint& c = session.checkpoints[it->second->index];
                row.checkpoint = CheckpointView{c.upstream,          c.downstream,
                                                c.stamp.timestampMs, at - c.stamp.timestampMs,
                                                it->second->sync,    it->second->explained};
                // A checkpoint is MM2's reading of the committed offset when it was emitted:
                // newer than the last sample, it is the better knowledge of S (samples come every
                // few seconds, and imported text has none).
                if (!row.committedAtMs || *row.committedAtMs < c.stamp.timestampMs) {
                    row.committed = c.upstream;
                    row.committedAtMs = c.stamp.timestampMs;
                    row.committedFromCheckpoint = true;
                }
            }
            if (row.committed)
                row.translated = state.store().translate(tp, *row.committed);
            if (row.committed && row.checkpoint) {
                const CheckpointView& c = *row.checkpoint;
                row.replay = analyzeReplay({at, *row.committed, std::nullopt,
                                            ResumePoint{c.upstream, c.downstream, c.emittedAtMs, c.sync},
                                            rule, nullptr});
            }
            if (const auto target = samples.committed(ClusterSide::Target, *group, downstreamId))
                row.targetCommitted = target->offset;
            if (const auto log = samples.log(ClusterSide::Source, upstreamId))
                row.sourceEnd = log->end;
            if (const auto log = samples.log(ClusterSide::Target, downstreamId))
                row.targetEnd = log->end;
            judge(row, state, upstreamId, report.staleAfterMs);
            report.rows.push_back(std::move(row));
        }
    }
    return report;
}

} // namespace driftscope
