#include "model/io/kafka/demo_scenario.h"

namespace driftscope::kafka {
namespace {

using Habit = DemoGroup::Habit;

DemoScenario steady()
{
    DemoScenario s;
    s.name = "steady";
    s.description =
        "MM2 3.9.0 mirroring three topics; payments has gaps (filtered records); billing keeps up, "
        "analytics is far behind, audit stalls after 20 s, fraud commits every 30 s";
    s.topics = {{"orders", 4, 20, 0}, {"payments", 2, 10, 0.25}, {"clicks", 2, 50, 0}};
    s.groups = {{"billing", Habit::KeepsUp, 5000},
                {"analytics", Habit::FarBehind, 10'000, 0.5},
                {"audit", Habit::Stalls, 5000, 0, 20'000},
                {"fraud", Habit::KeepsUp, 30'000}};
    return s;
}

} // namespace

std::vector<std::string> demoScenarioNames()
{
    return {"steady", "legacy", "busy"};
}

Result<DemoScenario> demoScenario(const std::string& name)
{
    DemoScenario s = steady();
    if (name == "steady")
        return s;
    if (name == "legacy") {
        s.name = name;
        s.release = {2, 8, 0};
        s.description =
            "the steady workload under MM2 2.8.0, which extrapolates from the latest sync: over the "
            "gaps of payments, checkpoints point past the records the groups had read";
        return s;
    }
    if (name == "busy") {
        s.name = name;
        s.description =
            "ten times the steady rates: syncs every offset.lag.max records, and the 64-slot store "
            "thins older syncs out";
        for (DemoTopic& t : s.topics)
            t.recordsPerSecond *= 10;
        return s;
    }
    std::string known;
    for (const std::string& n : demoScenarioNames())
        known += (known.empty() ? "" : ", ") + n;
    return Error{"unknown demo scenario '" + name + "' (known: " + known + ")"};
}

} // namespace driftscope::kafka
