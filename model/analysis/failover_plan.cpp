#include "model/analysis/failover_plan.h"

#include "model/analysis/report_format.h"
#include "model/analysis/row_text.h"
#include "model/analysis/translation_text.h"
#include "model/util/json_writer.h"
#include "model/util/text_format.h"

#include <algorithm>
#include <cstdio>

namespace driftscope {
namespace {

bool has(const PartitionReport& row, Verdict v)
{
    return std::find(row.verdicts.begin(), row.verdicts.end(), v) != row.verdicts.end();
}

// Why a row gets no line in the reset file, or nothing when it gets one. A partition that may
// skip is left out: resetting it there would lose records.
std::optional<LeftOut> leftOut(const PartitionReport& row)
{
    const std::string noPoint = "the consumer starts there from its auto.offset.reset; choose a position "
                                "(kafka-consumer-groups --reset-offsets --to-datetime) or re-read from the "
                                "earliest offset";
    if (!row.resume)
        return LeftOut{row.upstream, row.downstream, row.noResumeReason, noPoint};
    // A log that went back: the resume offset was translated on records that are gone.
    for (Verdict v : {Verdict::SourceTopicRecreated, Verdict::TargetTruncated})
        if (has(row, v)) {
            std::string reason(verdictName(v));
            std::replace(reason.begin(), reason.end(), '-', ' ');
            return LeftOut{row.upstream, row.downstream, reason,
                           evidenceOf(row, v) + "; " + withThousands(row.resume->offset) +
                               " may not hold the record it stands for: " + noPoint};
        }
    if (has(row, Verdict::SkipPossible) || row.replay.skips()) {
        std::string advice = "resuming at " + withThousands(row.resume->offset) + " may skip records";
        if (row.checkpoint && row.checkpoint->sync)
            advice += "; the checkpoint's sync " + withThousands(row.checkpoint->sync->upstream) + " -> " +
                      withThousands(row.checkpoint->sync->downstream) +
                      " is a safe earlier position: " + withThousands(row.checkpoint->sync->downstream) +
                      " replays from upstream " + withThousands(row.checkpoint->sync->upstream);
        return LeftOut{row.upstream, row.downstream, "skip possible", advice};
    }
    if (has(row, Verdict::BeyondTargetEnd))
        return LeftOut{row.upstream, row.downstream, "beyond target end",
                       "the resume offset " + withThousands(row.resume->offset) +
                           " is past the target partition's end; wait until MM2 has replicated up to it"};
    return std::nullopt;
}

std::string shellQuoted(const std::string& text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string commandLine(const GroupPlan& g, const PlanCommand& c)
{
    std::string line = "kafka-consumer-groups.sh --bootstrap-server " + shellQuoted(c.targetBootstrap);
    if (c.commandConfig)
        line += " --command-config " + shellQuoted(*c.commandConfig);
    std::string path = c.directory.empty() ? g.fileName : c.directory + "/" + g.fileName;
    return line + " --group " + shellQuoted(g.group) + " --reset-offsets --from-file " + shellQuoted(path) +
           " --execute";
}

} // namespace

std::string planFileName(const std::string& group)
{
    std::string out;
    for (size_t i = 0; i < group.size(); ++i) {
        const auto c = static_cast<unsigned char>(group[i]);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           c == '_' || c == '-' || (c == '.' && i > 0);
        if (plain) {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    if (out.empty())
        out.push_back('%'); // the empty group id
    // Appended, not `"literal" + ...`: GCC 12's -Wrestrict false positive at -O3 (text_format.h).
    out += ".csv";
    return out;
}

FailoverPlan planFailover(const Report& report)
{
    FailoverPlan plan;
    plan.atMs = report.atMs;
    plan.recordTimesUnknown = report.recordTimesUnknown;
    plan.at = reportMomentText(report);
    plan.release = toString(report.release);
    plan.sourceAlias = report.sourceAlias;
    plan.targetAlias = report.targetAlias;
    plan.groupOffsetSync = report.groupOffsetSync;
    plan.notes = reportNotes(report);
    for (const PartitionReport& row : report.rows) {
        if (plan.groups.empty() || plan.groups.back().group != row.group) {
            plan.groups.push_back({});
            plan.groups.back().group = row.group;
            plan.groups.back().fileName = planFileName(row.group);
        }
        GroupPlan& g = plan.groups.back();
        if (auto out = leftOut(row)) {
            g.leftOut.push_back(std::move(*out));
            continue;
        }
        std::optional<int64_t> lag;
        if (row.targetEnd && row.targetCommitted)
            lag = *row.targetEnd - *row.targetCommitted;
        PlannedReset reset;
        reset.upstream = row.upstream;
        reset.target = row.downstream;
        reset.offset = row.resume->offset;
        reset.source = row.resume->source;
        reset.replayUnknownBecause = row.replayUnknownBecause;
        reset.overBudget = row.overBudget;
        reset.targetLag = lag;
        if (row.replay.known) {
            reset.replay = row.replay.replay;
            reset.replayTimeMs = row.outcomeTimeMs;
            g.replayTotal += row.replay.replay;
        } else {
            ++g.replayUnknown;
        }
        g.resets.push_back(std::move(reset));
    }
    return plan;
}

std::string resetFileCsv(const GroupPlan& group)
{
    std::string out;
    for (const PlannedReset& r : group.resets)
        out +=
            r.target.topic + ',' + std::to_string(r.target.partition) + ',' + std::to_string(r.offset) + '\n';
    return out;
}

std::string groupPlanSummary(const GroupPlan& g)
{
    const size_t total = g.resets.size() + g.leftOut.size();
    std::string text = g.group + ": " + std::to_string(g.resets.size()) + " of " + std::to_string(total) +
                       " partitions go in the reset file";
    const size_t known = g.resets.size() - g.replayUnknown;
    if (!g.resets.empty() && g.replayUnknown == 0)
        text += "; resetting them replays " + withThousands(g.replayTotal) + " offsets in all";
    else if (known > 0)
        text += "; resetting them replays " + withThousands(g.replayTotal) + " offsets on the " +
                std::to_string(known) + " where it is known, and an unknown amount on " +
                std::to_string(g.replayUnknown) + " (replay unknown)";
    else if (!g.resets.empty())
        text += "; resetting them replays an unknown amount (replay unknown)";
    // Partitions are read side by side: the longest one's time is the group's, at best.
    const PlannedReset* longest = nullptr;
    for (const PlannedReset& r : g.resets)
        if (r.replayTimeMs && (!longest || *r.replayTimeMs > *longest->replayTimeMs))
            longest = &r;
    if (longest)
        text += " (the longest, " + toString(longest->target) + ", about " +
                formatDurationMs(*longest->replayTimeMs) + " of processing)";
    const auto overBudget = std::count_if(g.resets.begin(), g.resets.end(),
                                          [](const PlannedReset& r) { return r.overBudget.has_value(); });
    if (overBudget > 0)
        text += "; " + std::to_string(overBudget) + " replay more than the budget";
    size_t skips = 0;
    for (const LeftOut& l : g.leftOut)
        skips += l.reason == "skip possible";
    if (skips > 0)
        text += "; " + std::to_string(skips) + " may SKIP records (left out)";
    if (g.leftOut.size() > skips)
        text += "; " + std::to_string(g.leftOut.size() - skips) + " have no resume point (left out)";
    if (g.targetState)
        text += "; the target group is " + *g.targetState;
    return text;
}

std::string planTargetBootstrap(const SessionInfo& info, const std::string& connected)
{
    if (!connected.empty())
        return connected;
    for (const auto& [key, value] : info.configuration)
        if (key == "target.bootstrap.servers" && !value.empty())
            return value;
    return "TARGET-BOOTSTRAP";
}

std::string planText(const FailoverPlan& plan, const PlanCommand& command)
{
    std::string out = "driftscope failover plan as of " + plan.at + ": MM2 " + plan.release + " rules, " +
                      plan.sourceAlias + " -> " + plan.targetAlias + "\n";
    out += "Stop the group's consumers on " + plan.sourceAlias +
           " first; the target group must be empty "
           "(no active member) for kafka-consumer-groups to reset it.\n";
    for (const std::string& note : plan.notes)
        out += note + "\n";
    if (plan.groupOffsetSync == GroupOffsetSyncMode::Enabled ||
        plan.groupOffsetSync == GroupOffsetSyncMode::Observed)
        out +=
            "MM2 syncs group offsets: the resume offsets are the target group offsets it synced; applying a "
            "file pins them.\n";
    for (const GroupPlan& g : plan.groups) {
        out += '\n';
        out += groupPlanSummary(g);
        out += '\n';
        if (!g.resets.empty()) {
            out += "  ";
            out += commandLine(g, command);
            out += '\n';
        } else
            out += "  no reset file: no partition of this group has a resume offset\n";
        for (const PlannedReset& r : g.resets)
            if (r.overBudget)
                out += "  over the replay budget " + toString(r.target) + ": replays " +
                       budgetExcessText(*r.overBudget) + "\n";
        for (const LeftOut& l : g.leftOut)
            out += "  left out " + toString(l.target) + " (" + l.reason + "): " + l.advice + "\n";
    }
    if (plan.groups.empty())
        out += "\nno consumer group has committed offsets or checkpoints by then\n";
    return out;
}

std::string planJson(const FailoverPlan& plan, const PlanCommand& command)
{
    JsonWriter json;
    json.beginObject();
    // No moment when the records carry no times.
    if (plan.recordTimesUnknown) {
        json.key("at_ms").null();
        json.key("at").null();
    } else {
        json.key("at_ms").value(plan.atMs);
        json.key("at").value(formatUtcMs(plan.atMs));
    }
    json.key("mm2_release").value(plan.release);
    json.key("flow").value(flowName(plan.sourceAlias, plan.targetAlias));
    json.key("source").value(plan.sourceAlias);
    json.key("target").value(plan.targetAlias);
    json.key("group_offset_sync").value(groupOffsetSyncModeName(plan.groupOffsetSync));
    json.key("notes").beginArray();
    for (const std::string& note : plan.notes)
        json.value(note);
    json.endArray();
    json.key("groups").beginArray();
    for (const GroupPlan& g : plan.groups) {
        json.beginObject();
        json.key("group").value(g.group);
        json.key("file");
        g.resets.empty() ? json.null() : json.value(g.fileName);
        json.key("command");
        g.resets.empty() ? json.null() : json.value(commandLine(g, command));
        json.key("target_state");
        g.targetState ? json.value(*g.targetState) : json.null();
        // No total where no partition's replay is known: 0 would read as "nothing replayed".
        json.key("replay_total");
        g.replayUnknown < g.resets.size() ? json.value(g.replayTotal) : json.null();
        json.key("replay_unknown_partitions").value(static_cast<uint64_t>(g.replayUnknown));
        json.key("resets").beginArray();
        for (const PlannedReset& r : g.resets) {
            json.beginObject();
            json.key("topic").value(r.upstream.topic);
            json.key("partition").value(r.upstream.partition);
            json.key("target_topic").value(r.target.topic);
            json.key("resume_offset").value(r.offset);
            json.key("resume_from").value(resumeSourceName(r.source));
            json.key("replay");
            r.replay ? json.value(*r.replay) : json.null();
            json.key("replay_unknown_because");
            r.replay ? json.null() : json.value(r.replayUnknownBecause);
            json.key("replay_time_ms");
            r.replayTimeMs ? json.value(*r.replayTimeMs) : json.null();
            json.key("over_replay_budget");
            r.overBudget ? json.value(budgetExcessText(*r.overBudget)) : json.null();
            json.key("target_lag");
            r.targetLag ? json.value(*r.targetLag) : json.null();
            json.endObject();
        }
        json.endArray();
        json.key("left_out").beginArray();
        for (const LeftOut& l : g.leftOut) {
            json.beginObject();
            json.key("topic").value(l.upstream.topic);
            json.key("partition").value(l.upstream.partition);
            json.key("target_topic").value(l.target.topic);
            json.key("reason").value(l.reason);
            json.key("advice").value(l.advice);
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.str();
}

} // namespace driftscope
