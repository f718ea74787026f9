#include "model/demo/demo_status.h"

#include "model/util/text_format.h"

namespace driftscope::kafka {

std::string demoStatusText(const DemoStats& s)
{
    std::string lag =
        std::to_string(s.mirrorLagRecords) + " records, oldest " + formatDurationMs(s.mirrorLagMs);
    if (!s.keepingUp())
        return "the demo cannot keep up: its MM2 is " + lag + " behind the source (the scenario allows " +
               formatDurationMs(s.mirrorLagLimitMs) + "); this lag is the demo's own, not MM2 behaviour";
    return "demo MM2 lag " + lag + " (largest " + formatDurationMs(s.mirrorLagMaxMs) + ", design up to " +
           formatDurationMs(s.mirrorLagLimitMs) + ")";
}

std::string demoRunSummary(const DemoStats& s)
{
    return std::to_string(s.produced) + " records produced, " + std::to_string(s.replicated) +
           " replicated (" + std::to_string(s.filtered) + " filtered), " + std::to_string(s.syncsSent) +
           " offset syncs, " + std::to_string(s.checkpoints) + " checkpoints, " +
           std::to_string(s.heartbeats) + " heartbeats, " + std::to_string(s.groupCommits) +
           " group commits" +
           (s.groupResets
                ? " (" + std::to_string(s.groupResets) + " positions pruned, reset to the log start)"
                : std::string()) +
           "; " + demoStatusText(s);
}

void writeDemoStatusJson(JsonWriter& json, const DemoStats& s, int64_t elapsedMs)
{
    json.beginObject();
    json.key("elapsed_ms").value(elapsedMs);
    json.key("produced").value(static_cast<int64_t>(s.produced));
    json.key("replicated").value(static_cast<int64_t>(s.replicated));
    json.key("filtered").value(static_cast<int64_t>(s.filtered));
    json.key("offset_syncs").value(static_cast<int64_t>(s.syncsSent));
    json.key("checkpoints").value(static_cast<int64_t>(s.checkpoints));
    json.key("group_commits").value(static_cast<int64_t>(s.groupCommits));
    json.key("group_resets_to_log_start").value(static_cast<int64_t>(s.groupResets));
    json.key("mirror_lag_records").value(s.mirrorLagRecords);
    json.key("mirror_lag_ms").value(s.mirrorLagMs);
    json.key("mirror_lag_max_ms").value(s.mirrorLagMaxMs);
    json.key("mirror_lag_limit_ms").value(s.mirrorLagLimitMs);
    json.key("keeping_up").value(s.keepingUp());
    json.key("status").value(demoStatusText(s));
    json.endObject();
}

} // namespace driftscope::kafka
