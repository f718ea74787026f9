// A failover plan: per consumer group, the offsets to reset the target group to (what
// `kafka-consumer-groups --reset-offsets --from-file` reads) and the partitions it leaves out,
// each with the reason and what to do instead. Built from a report, so the plan, the report's
// resume offsets and the GUI's drill always agree.
#pragma once

#include "model/analysis/health_report.h"

#include <optional>
#include <string>
#include <vector>

namespace driftscope {

struct PlannedReset {
    TopicPartition upstream;
    TopicPartition target; // the name on the target cluster, as the reset file names it
    int64_t offset = 0;    // the report's resume offset
    ResumeSource source = ResumeSource::Checkpoint;
    // Upstream offsets read again after the reset; none when nothing says which source record
    // the target holds at the offset (replayUnknownBecause says why).
    std::optional<int64_t> replay;
    std::string replayUnknownBecause;
    std::optional<int64_t> replayTimeMs;    // at the group's pace, when both are known
    std::optional<BudgetExcess> overBudget; // the replay passes the report's replay budget
    // The target group's lag before the reset (target log end - its committed offset there),
    // where both were sampled.
    std::optional<int64_t> targetLag;
};

struct LeftOut {
    TopicPartition upstream;
    TopicPartition target;
    std::string reason; // "no checkpoint", "too old", "no sync", "not ready", "skip possible", ...
    std::string advice; // what to do with it instead
};

struct GroupPlan {
    std::string group;
    std::string fileName; // of the reset file in the plan's folder
    std::vector<PlannedReset> resets;
    std::vector<LeftOut> leftOut;
    int64_t replayTotal = 0;                // over the resets whose replay is known
    size_t replayUnknown = 0;               // resets whose replay is not known
    std::optional<std::string> targetState; // the target group's state where the target was read
};

struct FailoverPlan {
    int64_t atMs = 0;
    bool recordTimesUnknown = false; // atMs is then no time (Report::recordTimesUnknown)
    std::string at;                  // reportMomentText: the time, or that the records carry none
    std::string release;
    std::string sourceAlias, targetAlias;
    GroupOffsetSyncMode groupOffsetSync = GroupOffsetSyncMode::Unknown;
    std::vector<std::string> notes; // the report's, in the same words (reportNotes)
    std::vector<GroupPlan> groups;  // by name
};

FailoverPlan planFailover(const Report& report);

// A name that can be a file name on every system: letters, digits, '.', '_' and '-' stay;
// every other byte becomes %XX (so '%' itself too); a leading '.' too. Distinct groups always
// get distinct names.
std::string planFileName(const std::string& group);

// "topic,partition,offset" lines without a header, as kafka-consumer-groups --from-file reads.
std::string resetFileCsv(const GroupPlan& group);

// One line for a group: "orders-app: 12 of 12 partitions go in the reset file; resetting them
// replays 1,234 offsets in all; 1 may SKIP records (left out)". Never says nothing is skipped
// when a partition may skip, and counts a replay it cannot know apart from those it can.
std::string groupPlanSummary(const GroupPlan& group);

struct PlanCommand {
    std::string targetBootstrap;              // for the kafka-consumer-groups command lines
    std::optional<std::string> commandConfig; // a client properties file for the target, if any
    std::string directory;                    // where the reset files are
};

// The target bootstrap the plan's commands name: `connected` (a live session's target) when
// given, else the target.bootstrap.servers the session recorded, else the placeholder
// TARGET-BOOTSTRAP for the user to replace (records imported from text name no cluster).
std::string planTargetBootstrap(const SessionInfo& info, const std::string& connected = {});

// plan.txt: per group the exact command to apply its reset file, and the partitions left out.
std::string planText(const FailoverPlan& plan, const PlanCommand& command);
// plan.json: the same, and which file holds which group.
std::string planJson(const FailoverPlan& plan, const PlanCommand& command);

} // namespace driftscope
