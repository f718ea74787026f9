#include "model/sim/scenario.h"

#include "model/records/formatter_text.h"
#include "model/util/integer_text.h"
#include "model/util/named_registry.h"

#include <algorithm>
#include <cmath>

namespace driftscope::sim {
namespace {

std::vector<std::string> splitColons(const std::string& text)
{
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon - start));
        if (colon == std::string::npos)
            return parts;
        start = colon + 1;
    }
}

Result<int64_t> seconds(const std::string& text, const std::string& what)
{
    auto value = parseInt64(text);
    if (!value || *value < 0 || *value > 10LL * 365 * 86400)
        return Error{what + " '" + text + "' is not a number of seconds"};
    return *value * 1000;
}

Scenario steady()
{
    Scenario s;
    s.name = "steady";
    s.groups = {{"app-fast", -1, 1000}, {"app-default", -1, 5000}, {"app-slow-commits", -1, 60'000}};
    s.focusGroup = "app-slow-commits"; // its replay is mostly commit cadence
    return s;
}

Scenario bursty()
{
    Scenario s = steady();
    s.name = "bursty";
    s.produceRate = 10;
    s.burstFactor = 20;
    s.burstPeriodMs = 300'000;
    s.burstLengthMs = 30'000;
    s.groups.push_back({"app-behind", 40, 5000}); // cannot keep up with bursts
    s.focusGroup = "app-behind";
    return s;
}

Scenario gappyTransactions()
{
    Scenario s = steady();
    s.name = "gappy-transactions";
    s.gapRatio = 0.1; // transactions of 9 records and their commit markers
    s.compactionGapEvery = 5000;
    s.compactionGapSize = 300;
    return s;
}

// A group that falls further behind commits offsets far older than the newest syncs. After the
// restart, 3.4.1-3.7.0 keep only the last sync per partition and stop translating it (its
// checkpoint ages); 3.7.1+ restored their checkpoints and kept the (coarse, logarithmic)
// history, so it keeps getting checkpoints.
Scenario checkpointTaskRestart()
{
    Scenario s = steady();
    s.name = "checkpoint-task-restart";
    s.groups.push_back({"app-behind", 30, 5000});
    s.focusGroup = "app-behind";
    Event restart;
    restart.atMs = 1'800'000;
    restart.kind = EventKind::CheckpointTaskRestart;
    restart.durationMs = 10'000;
    s.events.push_back(restart);
    return s;
}

// Up to 3.4.0 MM2 extrapolates from the latest sync. On a transactional topic that also has large
// gaps (aborted or compacted batches), a group whose application stops right after committing
// gets a checkpoint past records it never processed: a failover skips them. From 3.4.1 the same
// run replays instead.
Scenario legacySkip()
{
    Scenario s = steady();
    s.name = "legacy-skip";
    s.release = Release{2, 4, 0};
    s.produceRate = 200;
    s.gapRatio = 0.2;           // transactions of 4 records
    s.compactionGapEvery = 300; // and every 300 records an aborted batch of 20,000 offsets
    s.compactionGapSize = 20'000;
    s.syncReadLagMs = 2000;
    s.groups = {{"app-stops", -1, 1000}, {"app-default", -1, 5000}};
    s.focusGroup = "app-stops";
    Event stop;
    stop.atMs = 1'801'000;
    stop.kind = EventKind::ConsumerStall;
    stop.group = "app-stops";
    stop.durationMs = 3'600'000;
    s.events.push_back(stop);
    return s;
}

const NamedRegistry<Scenario>& builtInScenarios()
{
    static const NamedRegistry<Scenario> registry("scenario", "built-in scenarios",
                                                  {{"steady", steady},
                                                   {"bursty", bursty},
                                                   {"gappy-transactions", gappyTransactions},
                                                   {"checkpoint-task-restart", checkpointTaskRestart},
                                                   {"legacy-skip", legacySkip}});
    return registry;
}

} // namespace

std::vector<GroupSpec> defaultGroups(int count)
{
    static constexpr int64_t kCadences[] = {5000, 30'000, 60'000};
    std::vector<GroupSpec> groups;
    for (int i = 0; i < count; ++i)
        groups.push_back({"app-" + std::to_string(i + 1), -1, kCadences[i % 3]});
    return groups;
}

int64_t transactionSizeFor(double gapRatio)
{
    if (gapRatio <= 0)
        return 0;
    // One marker per transaction of T records: a share of 1 / (T + 1).
    return std::max<int64_t>(1, std::llround((1 - gapRatio) / gapRatio));
}

int64_t defaultSampleIntervalMs(const Scenario& s)
{
    int64_t shortest = s.emitCheckpointsIntervalMs;
    for (const GroupSpec& g : s.groups)
        shortest = std::min(shortest, g.commitIntervalMs);
    if (s.syncGroupOffsets)
        shortest = std::min(shortest, s.syncGroupOffsetsIntervalMs);
    const int64_t tick = std::max<int64_t>(1, s.tickMs);
    const int64_t tenth = std::max<int64_t>(1, shortest / 10 / tick) * tick;
    const auto groupPartitions = static_cast<int64_t>(s.groups.size()) * s.partitions;
    const int64_t bounded = (s.durationMs * groupPartitions + kMaxDefaultSamples - 1) / kMaxDefaultSamples;
    return std::max(tenth, (bounded + tick - 1) / tick * tick);
}

int64_t sampleIntervalOf(const Scenario& s)
{
    return s.sampleIntervalMs > 0 ? s.sampleIntervalMs : defaultSampleIntervalMs(s);
}

std::vector<std::string> scenarioNames()
{
    return builtInScenarios().names();
}

Result<Scenario> namedScenario(const std::string& name)
{
    return builtInScenarios().find(name);
}

Result<Event> parseEvent(const std::string& spec)
{
    const std::vector<std::string> p = splitColons(spec);
    const std::string usage = "event '" + spec + "': ";
    if (p.size() < 2)
        return Error{usage + "expected TIME_S:KIND[:ARGS]"};
    auto at = seconds(p[0], "time");
    if (!at)
        return Error{usage + at.error()};
    Event e;
    e.atMs = *at;
    const std::string& kind = p[1];
    if (kind == "source-task-restart" || kind == "checkpoint-task-restart") {
        e.kind =
            kind == "source-task-restart" ? EventKind::SourceTaskRestart : EventKind::CheckpointTaskRestart;
        e.durationMs = 5000;
        if (p.size() > 2) {
            auto downtime = seconds(p[2], "downtime");
            if (!downtime)
                return Error{usage + downtime.error()};
            e.durationMs = *downtime;
        }
        if (p.size() == 4 && e.kind == EventKind::CheckpointTaskRestart && p[3] == "restore-fails")
            e.restoreFails = true;
        else if (p.size() == 4 && e.kind == EventKind::SourceTaskRestart && p[3] == "graceful")
            e.graceful = true;
        else if (p.size() > 3)
            return Error{usage + "unexpected '" + p[3] + "'"};
        return e;
    }
    if (kind == "consumer-stall") {
        if (p.size() != 4 || p[2].empty())
            return Error{usage + "expected TIME_S:consumer-stall:GROUP:SECONDS"};
        auto length = seconds(p[3], "stall length");
        if (!length)
            return Error{usage + length.error()};
        e.kind = EventKind::ConsumerStall;
        e.group = p[2];
        e.durationMs = *length;
        return e;
    }
    if (kind == "truncate-target") {
        e.kind = EventKind::TruncateTarget;
        if (p.size() > 3)
            return Error{usage + "expected TIME_S:truncate-target[:PARTITION]"};
        if (p.size() == 3) {
            auto partition = parseInt64(p[2]);
            if (!partition || *partition < 0 || *partition > 100'000)
                return Error{usage + "'" + p[2] + "' is not a partition number"};
            e.partition = static_cast<int>(*partition);
        }
        return e;
    }
    return Error{usage + "unknown kind '" + kind +
                 "' (source-task-restart, checkpoint-task-restart, consumer-stall, truncate-target)"};
}

std::string describeEvent(const Event& e)
{
    std::string at = std::to_string(e.atMs / 1000) + ":";
    switch (e.kind) {
    case EventKind::SourceTaskRestart:
        return at + "source-task-restart:" + std::to_string(e.durationMs / 1000) +
               (e.graceful ? ":graceful" : "");
    case EventKind::CheckpointTaskRestart:
        return at + "checkpoint-task-restart:" + std::to_string(e.durationMs / 1000) +
               (e.restoreFails ? ":restore-fails" : "");
    case EventKind::ConsumerStall:
        return at + "consumer-stall:" + e.group + ":" + std::to_string(e.durationMs / 1000);
    case EventKind::TruncateTarget: {
        // Appended, not `":" + std::to_string(...)`: GCC 12's -Wrestrict false positive at -O3
        // (model/util/text_format.h).
        std::string text = at + "truncate-target";
        if (e.partition >= 0) {
            text += ':';
            text += std::to_string(e.partition);
        }
        return text;
    }
    }
    return at;
}

std::string validate(const Scenario& s)
{
    if (s.partitions < 1 || s.partitions > 100'000)
        return "partitions must be between 1 and 100000";
    if (!(s.produceRate >= 0) || s.produceRate > 1e7)
        return "the produce rate must be between 0 and 10000000 records/s";
    if (!(s.burstFactor >= 0) || s.burstFactor > 1e4)
        return "the burst factor must be between 0 and 10000";
    if (!(s.gapRatio >= 0) || s.gapRatio > 0.5)
        return "the gap ratio must be between 0 and 0.5 (one marker per record at most)";
    if (s.tickMs < 1 || s.tickMs > 60'000)
        return "the tick must be between 1 ms and 60 s";
    if (s.durationMs < 0 || s.durationMs > 31LL * 86'400'000)
        return "the duration must be between 0 and 31 days";
    if (s.sampleIntervalMs != 0 && s.sampleIntervalMs < s.tickMs)
        return "the sample interval must be at least one tick";
    if (s.emitCheckpointsIntervalMs < 1 || s.offsetFlushIntervalMs < 1 || s.syncGroupOffsetsIntervalMs < 1)
        return "intervals must be positive";
    if (s.replicationLagMs < 0 || s.syncAckLatencyMs < 0 || s.syncReadLagMs < 0)
        return "lags and latencies cannot be negative";
    if (s.compactionGapEvery < 0 || s.compactionGapSize < 0 || s.compactionGapSize > 1'000'000'000)
        return "compaction gaps must be between 0 and 1000000000 offsets";
    if (s.syncGroupOffsets && !profileFor(s.release).groupOffsetSync)
        return "sync.group.offsets.enabled is not in MM2 " + toString(s.release) + " (it came with 2.7.0)";
    if (s.groups.empty())
        return "at least one consumer group is needed";
    for (size_t i = 0; i < s.groups.size(); ++i) {
        const GroupSpec& g = s.groups[i];
        if (g.name.empty() || g.commitIntervalMs < 1 || g.consumeRate > 1e7 || g.commitPhaseMs < 0)
            return "group '" + g.name + "' needs a name, a positive commit interval and a sane rate";
        for (size_t j = 0; j < i; ++j)
            if (s.groups[j].name == g.name)
                return "group '" + g.name + "' is listed twice";
    }
    for (const Event& e : s.events) {
        if (e.kind == EventKind::ConsumerStall) {
            bool known = false;
            for (const GroupSpec& g : s.groups)
                known = known || g.name == e.group;
            if (!known)
                return "event " + describeEvent(e) + " names an unknown group";
        }
        if (e.kind == EventKind::TruncateTarget && e.partition >= s.partitions)
            return "event " + describeEvent(e) + " names a partition the topic does not have";
    }
    return {};
}

} // namespace driftscope::sim
