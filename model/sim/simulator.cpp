#include "model/sim/simulator.h"

#include "model/mm2/checkpoint_task.h"
#include "model/mm2/group_offset_sync.h"
#include "model/mm2/sync_emitter.h"
#include "model/sim/record_layout.h"
#include "model/sim/rng.h"
#include "model/sim/target_log.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <deque>
#include <memory>

namespace driftscope::sim {
namespace {

struct SourcePartition {
    RecordLayout layout;
    int64_t produced = 0;                            // records written so far
    int64_t producedBefore = 0;                      // before the current step
    double carry = 0;                                // fractional records for the next tick
    std::deque<std::pair<int64_t, int64_t>> history; // (time, produced) for the replication lag
};

struct SyncRecord {
    int64_t landMs;
    int partition;
    int64_t upstream;
    int64_t downstream;
};

struct GroupPartition {
    bool atEnd = true;    // a group that keeps up has read everything produced (processed unused)
    double processed = 0; // records, when not at the end
    std::optional<int64_t> committed;
    std::optional<ResumePoint> inForce;
    std::optional<int64_t> lastTranslatedMs;
    std::optional<int64_t> synced; // target-side committed offset written by MM2
};

class Run {
public:
    Run(const Scenario& scenario, const std::function<void(const Sample&)>& onSample, const RecordSink& sink)
        : m_s(scenario), m_profile(profileFor(scenario.release)), m_onSample(onSample), m_sink(sink),
          m_rng(scenario.seed), m_sources(static_cast<size_t>(scenario.partitions)),
          m_targets(static_cast<size_t>(scenario.partitions)),
          m_nextRecord(static_cast<size_t>(scenario.partitions), 0),
          m_committedRecord(static_cast<size_t>(scenario.partitions), 0),
          m_groups(scenario.groups.size(),
                   std::vector<GroupPartition>(static_cast<size_t>(scenario.partitions))),
          m_stalledUntil(scenario.groups.size(), 0), m_nextGroupCommit(scenario.groups.size()),
          m_lagging(scenario.groups.size(), 0),
          m_groupPartitions(scenario.groups.size() * static_cast<size_t>(scenario.partitions)),
          // Whole seconds (whole ticks of a second or more): a minute of them per group partition.
          m_rateSlotMs(scenario.tickMs * ((1000 + scenario.tickMs - 1) / scenario.tickMs)),
          m_windowSlots(std::max<int64_t>(1, kReplayRateWindowMs / m_rateSlotMs)),
          m_processedAtSlot(static_cast<size_t>(m_windowSlots + 1) * m_groupPartitions, 0),
          m_tenthsPerRecord(m_groupPartitions, -1)
    {
        const int64_t txSize = transactionSizeFor(scenario.gapRatio);
        for (size_t p = 0; p < m_sources.size(); ++p) {
            RecordLayout& l = m_sources[p].layout;
            l.transactionSize = txSize;
            l.gapEvery = scenario.compactionGapEvery;
            l.gapSize = scenario.compactionGapSize;
            m_tps.push_back({scenario.topic, static_cast<int32_t>(p)});
            m_replicationOffsetMs.push_back(static_cast<int64_t>(p) * scenario.tickMs / scenario.partitions);
        }
        for (size_t g = 0; g < m_nextGroupCommit.size(); ++g) {
            m_nextGroupCommit[g] = scenario.groups[g].commitIntervalMs + scenario.groups[g].commitPhaseMs;
            if (scenario.groups[g].consumeRate >= 0) // fixed-rate groups are followed step by step
                for (GroupPartition& gp : m_groups[g])
                    gp.atEnd = false;
        }
        m_checkpointSettings.sourceAlias = scenario.sourceAlias;
        m_checkpointSettings.targetAlias = scenario.targetAlias;
        m_events = scenario.events;
        std::stable_sort(m_events.begin(), m_events.end(),
                         [](const Event& a, const Event& b) { return a.atMs < b.atMs; });
        startReplicator(0);
        startCheckpointTask(0, false);
    }

    RunSummary run()
    {
        const int64_t sampleEvery = sampleIntervalOf(m_s);
        m_summary.sampleIntervalMs = sampleEvery;
        for (int64_t t = 0; t <= m_s.durationMs; t += m_s.tickMs) {
            applyEvents(t);
            produce(t);
            replicate(t);
            runCheckpointTask(t);
            consume(t);
            rememberProcessed(t);
            if (t > 0)
                observe(t, t % sampleEvery < m_s.tickMs);
            m_summary.simulatedMs = t;
        }
        m_summary.syncsTriggered += m_emitter->triggered();
        m_summary.syncsSent += m_emitter->sent();
        m_summary.syncsDropped += m_emitter->dropped();
        m_summary.stepsWithCheckpoint = m_replayRecords.count();
        if (m_summary.stepsWithCheckpoint > 0)
            m_summary.replayRecordsAnyStep = m_replayRecords.percentiles();
        m_summary.stepsWithReplayTime = m_replayTenths.count();
        if (m_summary.stepsWithReplayTime > 0)
            m_summary.replayTenthsAnyStep = m_replayTenths.percentiles();
        m_summary.replayRecordsDistribution = m_replayRecords;
        m_summary.replayTenthsDistribution = m_replayTenths;
        return m_summary;
    }

private:
    // --- events --------------------------------------------------------------------------
    void applyEvents(int64_t t)
    {
        while (m_nextEvent < m_events.size() && m_events[m_nextEvent].atMs <= t) {
            const Event& e = m_events[m_nextEvent++];
            switch (e.kind) {
            case EventKind::SourceTaskRestart:
                // A graceful stop still gets a final offset commit; a crash loses what was
                // replicated since the last periodic one.
                if (e.graceful)
                    m_committedRecord = m_nextRecord;
                m_replicatorRunning = false;
                m_replicatorResumeMs = t + e.durationMs;
                break;
            case EventKind::CheckpointTaskRestart:
                m_checkpointTask.reset();
                m_groupSync.reset();
                m_checkpointResumeMs = t + e.durationMs;
                m_restoreFails = e.restoreFails;
                break;
            case EventKind::ConsumerStall:
                for (size_t g = 0; g < m_s.groups.size(); ++g)
                    if (m_s.groups[g].name == e.group)
                        m_stalledUntil[g] = std::max(m_stalledUntil[g], t + e.durationMs);
                break;
            case EventKind::TruncateTarget:
                for (size_t p = 0; p < m_targets.size(); ++p)
                    if (e.partition < 0 || static_cast<size_t>(e.partition) == p)
                        m_targets[p].recreate();
                break;
            }
        }
    }

    // --- producers -----------------------------------------------------------------------
    double produceRateAt(int64_t t) const
    {
        const bool burst = m_s.burstPeriodMs > 0 && t % m_s.burstPeriodMs < m_s.burstLengthMs;
        return m_s.produceRate * (burst ? m_s.burstFactor : 1.0);
    }

    void produce(int64_t t)
    {
        const double perTick = produceRateAt(t) * static_cast<double>(m_s.tickMs) / 1000.0;
        for (SourcePartition& src : m_sources) {
            // +-10% jitter per tick keeps partitions from moving in lockstep.
            src.carry += perTick * (0.9 + 0.2 * m_rng.unit());
            const auto n = static_cast<int64_t>(src.carry);
            src.carry -= static_cast<double>(n);
            src.producedBefore = src.produced;
            src.produced += n;
            m_summary.recordsProduced += static_cast<uint64_t>(n);
            src.history.emplace_back(t, src.produced);
        }
    }

    int64_t producedAt(SourcePartition& src, int64_t t)
    {
        // The newest (time, produced) at or before t; older entries are no longer needed.
        while (src.history.size() > 1 && src.history[1].first <= t)
            src.history.pop_front();
        return src.history.empty() || src.history.front().first > t ? 0 : src.history.front().second;
    }

    // --- MM2 source task -----------------------------------------------------------------
    void startReplicator(int64_t t)
    {
        if (m_emitter) {
            m_summary.syncsTriggered += m_emitter->triggered();
            m_summary.syncsSent += m_emitter->sent();
            m_summary.syncsDropped += m_emitter->dropped();
        }
        m_emitter = std::make_unique<SyncEmitter>(m_profile, EmitterSettings{m_s.offsetLagMax, 10});
        m_emitterIds.clear();
        for (const TopicPartition& tp : m_tps)
            m_emitterIds.push_back(m_emitter->partitionId(tp));
        m_acks.clear(); // the old producer's callbacks free the old task's permits, not ours
        for (size_t p = 0; p < m_nextRecord.size(); ++p) {
            // A restarted task resumes after its last committed source offset.
            m_summary.recordsReplicatedAgain += static_cast<uint64_t>(m_nextRecord[p] - m_committedRecord[p]);
            m_nextRecord[p] = m_committedRecord[p];
        }
        m_replicatorRunning = true;
        m_nextFlushMs = t + m_s.offsetFlushIntervalMs;
    }

    void collectSends(int64_t atMs)
    {
        for (const OffsetSync& s : m_emitter->takeSent()) {
            const int64_t landed = atMs + m_s.syncAckLatencyMs;
            m_syncsTopic.push_back({landed, s.tp.partition, s.upstream, s.downstream});
            if (m_sink.offsetSync)
                m_sink.offsetSync(landed, s);
            m_acks.push_back(landed);
        }
    }

    void replicate(int64_t t)
    {
        if (!m_replicatorRunning) {
            if (t < m_replicatorResumeMs)
                return;
            startReplicator(t);
        }
        for (size_t p = 0; p < m_sources.size(); ++p) {
            // Partitions are replicated one after the other within the tick, so sends and their
            // acknowledgements interleave as they would over the step.
            const int64_t now = t + m_replicationOffsetMs[p];
            while (!m_acks.empty() && m_acks.front() <= now) {
                m_acks.pop_front();
                m_emitter->sendCompleted();
            }
            SourcePartition& src = m_sources[p];
            const int64_t available = producedAt(src, t - m_s.replicationLagMs);
            int64_t k = m_nextRecord[p];
            while (k < available) {
                const int64_t run = src.layout.runFrom(k, available - k);
                const int64_t d0 = m_targets[p].append(k, run);
                m_emitter->commitRun(m_emitterIds[p], src.layout.offsetOf(k), d0, run);
                m_summary.recordsReplicated += static_cast<uint64_t>(run);
                k += run;
            }
            m_nextRecord[p] = k;
            collectSends(now);
        }
        if (t >= m_nextFlushMs) {
            // The runtime commits the source offsets of what was replicated, then calls commit().
            for (size_t p = 0; p < m_nextRecord.size(); ++p)
                if (m_sink.position && m_nextRecord[p] > 0 && m_nextRecord[p] != m_committedRecord[p])
                    m_sink.position(t, m_tps[p], m_sources[p].layout.offsetOf(m_nextRecord[p] - 1));
            m_committedRecord = m_nextRecord;
            m_emitter->commit();
            collectSends(t + m_replicationOffsetMs.back()); // after this step's partition sends

            m_nextFlushMs += m_s.offsetFlushIntervalMs;
        }
    }

    // --- MM2 checkpoint task -------------------------------------------------------------
    void startCheckpointTask(int64_t t, bool restoreFails)
    {
        std::optional<std::vector<Checkpoint>> restored = m_checkpointsTopic;
        if (restoreFails)
            restored.reset();
        m_checkpointTask = std::make_unique<CheckpointTask>(m_profile, m_checkpointSettings, restored);
        // The initial load: everything the offset-syncs topic holds when the task starts.
        m_syncCursor = 0;
        feedSyncs(t);
        m_checkpointTask->store().finishInitialLoad();
        m_nextPollMs = t + m_s.emitCheckpointsIntervalMs;
        if (m_s.syncGroupOffsets && m_profile.groupOffsetSync) {
            m_groupSync = std::make_unique<GroupOffsetSync>(m_profile);
            m_nextRefreshMs = t;
            m_nextGroupSyncMs = t + m_s.syncGroupOffsetsIntervalMs;
        }
    }

    void feedSyncs(int64_t upTo)
    {
        SyncStore& store = m_checkpointTask->store();
        while (m_syncCursor < m_syncsTopic.size() && m_syncsTopic[m_syncCursor].landMs <= upTo) {
            const SyncRecord& r = m_syncsTopic[m_syncCursor++];
            store.apply(OffsetSync{m_tps[static_cast<size_t>(r.partition)], r.upstream, r.downstream});
        }
    }

    void runCheckpointTask(int64_t t)
    {
        if (!m_checkpointTask) {
            if (t < m_checkpointResumeMs)
                return;
            startCheckpointTask(t, m_restoreFails);
        }
        feedSyncs(t - m_s.syncReadLagMs);
        if (t >= m_nextPollMs) {
            poll(t);
            m_nextPollMs = t + m_s.emitCheckpointsIntervalMs;
        }
        if (m_groupSync && t >= m_nextRefreshMs) {
            refreshTargetGroups();
            m_nextRefreshMs = t + m_s.syncGroupOffsetsIntervalMs;
        }
        if (m_groupSync && t >= m_nextGroupSyncMs) {
            syncGroupOffsets();
            m_nextGroupSyncMs = t + m_s.syncGroupOffsetsIntervalMs;
        }
    }

    void poll(int64_t t)
    {
        std::vector<std::pair<std::string, GroupOffsets>> groups;
        for (size_t g = 0; g < m_s.groups.size(); ++g) {
            GroupOffsets offsets;
            for (size_t p = 0; p < m_sources.size(); ++p)
                if (m_groups[g][p].committed)
                    offsets.emplace_back(m_tps[p], CommittedOffset{*m_groups[g][p].committed, ""});
            // The connector lists the groups its filter accepts (groups / groups.exclude), and
            // only those with committed offsets.
            if (!offsets.empty() && m_groupFilter.accepts(m_s.groups[g].name))
                groups.emplace_back(m_s.groups[g].name, std::move(offsets));
        }
        const CheckpointTask::PollResult result = m_checkpointTask->poll(groups, t);
        if (result.failed) {
            ++m_summary.checkpointPollsFailed;
            return;
        }
        for (const EmittedCheckpoint& e : result.checkpoints) {
            m_checkpointsTopic.push_back(e.checkpoint);
            if (m_sink.checkpoint)
                m_sink.checkpoint(t, e.checkpoint);
            const size_t g = groupIndex(e.checkpoint.group);
            const auto p = static_cast<size_t>(e.upstreamPartition.partition);
            m_groups[g][p].inForce =
                ResumePoint{e.checkpoint.upstream, e.checkpoint.downstream, t, e.syncUsed};
            ++m_summary.checkpointsEmitted;
        }
        // What the task translated this round, emitted or not (the monotonic filter repeats none).
        const SyncStore& store = m_checkpointTask->store();
        for (const auto& [group, offsets] : groups) {
            const size_t g = groupIndex(group);
            for (const auto& [tp, committed] : offsets) {
                const Translation tr = store.translate(tp, committed->offset);
                if (tr.downstream && *tr.downstream >= 0)
                    m_groups[g][static_cast<size_t>(tp.partition)].lastTranslatedMs = t;
            }
        }
    }

    void refreshTargetGroups()
    {
        // The groups consume on the source only: on the target they are EMPTY, with whatever
        // MM2 wrote for them so far.
        std::vector<TargetGroup> targets;
        for (size_t g = 0; g < m_s.groups.size(); ++g) {
            TargetGroup tg{m_s.groups[g].name, TargetGroup::State::Empty, {}};
            for (size_t p = 0; p < m_sources.size(); ++p)
                if (m_groups[g][p].synced)
                    tg.offsets.emplace_back(renamed(p), *m_groups[g][p].synced);
            targets.push_back(std::move(tg));
        }
        m_groupSync->refresh(targets);
    }

    void syncGroupOffsets()
    {
        const auto result = m_groupSync->sync(m_checkpointTask->memory());
        for (const GroupOffsetWrite& w : result.writes) {
            const size_t g = groupIndex(w.group);
            for (const auto& [tp, offset] : w.offsets) {
                m_groups[g][static_cast<size_t>(tp.partition)].synced = offset.offset;
                ++m_summary.groupOffsetWrites;
            }
        }
    }

    TopicPartition renamed(size_t p) const
    {
        return checkpointPartition(m_checkpointSettings.policy, m_s.sourceAlias, m_s.targetAlias, m_tps[p]);
    }

    size_t groupIndex(const std::string& name) const
    {
        for (size_t g = 0; g < m_s.groups.size(); ++g)
            if (m_s.groups[g].name == name)
                return g;
        assert(false);
        return 0;
    }

    // --- consumers -----------------------------------------------------------------------
    int64_t processedRecords(size_t g, size_t p) const
    {
        const GroupPartition& gp = m_groups[g][p];
        return gp.atEnd ? m_sources[p].produced : static_cast<int64_t>(gp.processed);
    }

    int64_t processedOffset(size_t g, size_t p) const
    {
        const SourcePartition& src = m_sources[p];
        const int64_t k = processedRecords(g, p);
        // A consumer at the end of the log has also read past trailing transaction markers.
        if (k >= src.produced)
            return src.layout.endOffset(src.produced);
        return k == 0 ? src.layout.firstOffset : src.layout.offsetOf(k - 1) + 1;
    }

    void consume(int64_t t)
    {
        for (size_t g = 0; g < m_s.groups.size(); ++g) {
            const bool keepsUp = m_s.groups[g].consumeRate < 0;
            if (t < m_stalledUntil[g]) {
                // Stalled since this step: it read what was there before the step, no more.
                for (size_t p = 0; p < m_sources.size(); ++p) {
                    GroupPartition& gp = m_groups[g][p];
                    if (gp.atEnd) {
                        gp.atEnd = false;
                        gp.processed = static_cast<double>(m_sources[p].producedBefore);
                        ++m_lagging[g];
                    }
                }
                continue;
            }
            if (!keepsUp || m_lagging[g] > 0) {
                // A group that keeps up catches up after a stall at twice the produce rate.
                const double rate = keepsUp ? 2 * produceRateAt(t) : m_s.groups[g].consumeRate;
                const double step = rate * static_cast<double>(m_s.tickMs) / 1000.0;
                for (size_t p = 0; p < m_sources.size(); ++p) {
                    GroupPartition& gp = m_groups[g][p];
                    if (gp.atEnd)
                        continue;
                    const auto produced = static_cast<double>(m_sources[p].produced);
                    gp.processed = std::min(produced, gp.processed + step);
                    if (keepsUp && gp.processed >= produced) {
                        gp.atEnd = true;
                        --m_lagging[g];
                    }
                }
            }
            if (t >= m_nextGroupCommit[g]) {
                for (size_t p = 0; p < m_sources.size(); ++p)
                    m_groups[g][p].committed = processedOffset(g, p);
                m_nextGroupCommit[g] = t + m_s.groups[g].commitIntervalMs;
            }
        }
    }

    // --- what a failover would do, at every step ------------------------------------------
    // What a failover now would do to one group partition, from the ground truth: the records
    // it would read twice or never, and the time the replay represents.
    struct StepTruth {
        bool hasCheckpoint = false;
        int64_t replayRecords = 0;
        int64_t skippedRecords = 0;
        std::optional<int64_t> replayTenths;
    };

    size_t groupPartition(size_t g, size_t p) const { return g * m_sources.size() + p; }

    // Once per whole second: the records each group processed so far, and from them the time a
    // replayed record represents at the pace it processed over the last minute of whole seconds
    // (or since the start). Between whole seconds the replay's time uses the last one's pace.
    void rememberProcessed(int64_t t)
    {
        if (t % m_rateSlotMs != 0)
            return;
        const int64_t slot = t / m_rateSlotMs;
        const int64_t fromSlot = std::max<int64_t>(0, slot - m_windowSlots);
        const int64_t windowMs = (slot - fromSlot) * m_rateSlotMs;
        int64_t* now = processedAtSlot(slot);
        const int64_t* then = processedAtSlot(fromSlot);
        for (size_t g = 0; g < m_s.groups.size(); ++g)
            for (size_t p = 0; p < m_sources.size(); ++p) {
                const size_t gp = groupPartition(g, p);
                now[gp] = processedRecords(g, p);
                const int64_t advanced = now[gp] - then[gp];
                // Tenths of a second per record: window / advanced; none (-1) without progress.
                m_tenthsPerRecord[gp] =
                    windowMs > 0 && advanced > 0
                        ? static_cast<double>(windowMs) / (static_cast<double>(advanced) * 100.0)
                        : -1;
            }
    }

    int64_t* processedAtSlot(int64_t slot)
    {
        return &m_processedAtSlot[static_cast<size_t>(slot % (m_windowSlots + 1)) * m_groupPartitions];
    }

    StepTruth stepTruth(size_t g, size_t p) const
    {
        const GroupPartition& gp = m_groups[g][p];
        StepTruth truth;
        if (!gp.inForce)
            return truth;
        truth.hasCheckpoint = true;
        // With sync.group.offsets a consumer fails over to its synced target group offset.
        const int64_t first = recordAt(p, gp.synced ? *gp.synced : gp.inForce->downstream);
        const int64_t processed = processedRecords(g, p);
        truth.replayRecords = std::max<int64_t>(0, processed - first);
        truth.skippedRecords = std::max<int64_t>(0, first - processed);
        // The replay at the group's recent pace, rounded half up to a tenth of a second.
        if (const double perRecord = m_tenthsPerRecord[groupPartition(g, p)]; perRecord >= 0)
            truth.replayTenths = std::llround(static_cast<double>(truth.replayRecords) * perRecord);
        return truth;
    }

    // Every group partition's step into the run's figures. Steps with a checkpoint are the
    // replay distribution's count, those with a known time the time's; the rest is counted here,
    // in locals that the distributions' counts cannot alias.
    void observe(int64_t t, bool sampled)
    {
        uint64_t skips = 0;
        int64_t maxSkipped = m_summary.maxSkippedRecordsAnyStep;
        for (size_t g = 0; g < m_s.groups.size(); ++g)
            for (size_t p = 0; p < m_sources.size(); ++p) {
                const StepTruth truth = stepTruth(g, p);
                if (truth.hasCheckpoint) {
                    m_replayRecords.add(truth.replayRecords);
                    if (truth.replayTenths)
                        m_replayTenths.add(*truth.replayTenths);
                    skips += truth.skippedRecords > 0 ? 1 : 0;
                    maxSkipped = std::max(maxSkipped, truth.skippedRecords);
                }
                if (sampled)
                    sample(t, g, p, truth);
            }
        m_summary.steps += m_groupPartitions;
        m_summary.stepsWithSkip += skips;
        m_summary.maxSkippedRecordsAnyStep = maxSkipped;
    }

    // --- samples -------------------------------------------------------------------------
    void sample(int64_t t, size_t g, size_t p, const StepTruth& truth)
    {
        const SourcePartition& src = m_sources[p];
        const GroupPartition& gp = m_groups[g][p];
        Sample s;
        s.timeMs = t;
        s.groupIndex = static_cast<int>(g);
        s.partition = static_cast<int>(p);
        s.sourceEndOffset = src.layout.endOffset(src.produced);
        s.targetEndOffset = m_targets[p].endOffset();
        s.committed = gp.committed;
        s.processed = processedOffset(g, p);
        s.checkpoint = gp.inForce;
        if (gp.lastTranslatedMs)
            s.translatedAgeMs = t - *gp.lastTranslatedMs;
        s.syncedGroupOffset = gp.synced;

        ReplayInput in;
        in.nowMs = t;
        in.committed = gp.committed.value_or(src.layout.firstOffset);
        in.processed = s.processed;
        in.resume = gp.inForce;
        in.rule = m_profile.translation;
        if (gp.synced && gp.inForce)
            in.synced = SyncedGroupOffset{*gp.synced, std::nullopt};
        in.upstreamAt = [this, p](int64_t downstream) {
            return std::optional<int64_t>(m_sources[p].layout.offsetOf(recordAt(p, downstream)));
        };
        s.replay = analyzeReplay(in);
        s.checkpointBeyondTargetEnd = gp.inForce && gp.inForce->downstream >= m_targets[p].endOffset();
        s.replayRecords = truth.replayRecords;
        s.skippedRecords = truth.skippedRecords;
        s.replayTenths = truth.replayTenths;
        ++m_summary.samples;
        if (s.skippedRecords > 0)
            ++m_summary.samplesWithSkip;
        m_onSample(s);
    }

    // Ground truth: the source record (its index) a consumer resuming at `downstream` now would
    // read first. Past the target's end the fetch is out of range and the consumer resets
    // (auto.offset.reset=latest): it reads the next record replicated.
    int64_t recordAt(size_t p, int64_t downstream) const
    {
        return m_targets[p].recordAtOrAfter(downstream,
                                            m_replicatorRunning ? m_nextRecord[p] : m_committedRecord[p]);
    }

    const Scenario& m_s;
    ReleaseProfile m_profile;
    const std::function<void(const Sample&)>& m_onSample;
    const RecordSink& m_sink;
    Rng m_rng;
    RunSummary m_summary;

    std::vector<TopicPartition> m_tps;
    std::vector<int64_t> m_replicationOffsetMs; // when within a step each partition is replicated
    std::vector<SourcePartition> m_sources;
    std::vector<TargetLog> m_targets;
    std::vector<Event> m_events;
    size_t m_nextEvent = 0;

    // MM2 source task
    std::unique_ptr<SyncEmitter> m_emitter;
    std::vector<uint32_t> m_emitterIds;     // the emitter's ids of m_tps
    std::deque<int64_t> m_acks;             // when each in-flight offset-sync send completes
    std::vector<int64_t> m_nextRecord;      // next record to replicate, per partition
    std::vector<int64_t> m_committedRecord; // source position committed at the last flush
    bool m_replicatorRunning = false;
    int64_t m_replicatorResumeMs = 0;
    int64_t m_nextFlushMs = 0;
    std::vector<SyncRecord> m_syncsTopic;

    // MM2 checkpoint task
    CheckpointTaskSettings m_checkpointSettings;
    NameFilter m_groupFilter = NameFilter::defaultGroupFilter();
    std::unique_ptr<CheckpointTask> m_checkpointTask;
    std::unique_ptr<GroupOffsetSync> m_groupSync;
    size_t m_syncCursor = 0;
    int64_t m_checkpointResumeMs = 0;
    bool m_restoreFails = false;
    int64_t m_nextPollMs = 0;
    int64_t m_nextRefreshMs = 0;
    int64_t m_nextGroupSyncMs = 0;
    std::vector<Checkpoint> m_checkpointsTopic;

    // consumer groups
    std::vector<std::vector<GroupPartition>> m_groups; // [group][partition]
    std::vector<int64_t> m_stalledUntil;
    std::vector<int64_t> m_nextGroupCommit;
    std::vector<int64_t> m_lagging; // per keep-up group: partitions not at the end

    // every step's figures
    size_t m_groupPartitions;
    int64_t m_rateSlotMs;                   // records processed are kept at multiples of this
    int64_t m_windowSlots;                  // slots in kReplayRateWindowMs
    std::vector<int64_t> m_processedAtSlot; // [slot % (m_windowSlots + 1)][group partition]
    std::vector<double> m_tenthsPerRecord;  // by group partition; -1: no progress, time unknown
    ExactDistribution m_replayRecords;
    ExactDistribution m_replayTenths;
};

} // namespace

RunSummary simulate(const Scenario& scenario, const std::function<void(const Sample&)>& onSample,
                    const RecordSink& sink)
{
    return Run(scenario, onSample, sink).run();
}

} // namespace driftscope::sim
