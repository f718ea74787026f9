#include "model/demo/demo_scenario.h"

#include "model/util/named_registry.h"

#include <cstdio>

namespace driftscope::kafka {
namespace {

using Habit = DemoGroup::Habit;

DemoScenario steady()
{
    DemoScenario s;
    s.name = "steady";
    s.description =
        "MM2 4.4.0 mirroring three topics; payments has gaps (filtered records); billing keeps up, "
        "analytics is far behind, audit stalls after 20 s, fraud commits every 30 s";
    s.topics = {{"orders", 4, 20, 0}, {"payments", 2, 10, 0.25}, {"clicks", 2, 50, 0}};
    s.groups = {{"billing", Habit::KeepsUp, 5000},
                {"analytics", Habit::FarBehind, 10'000, 0.5},
                {"audit", Habit::Stalls, 5000, 0, 20'000},
                {"fraud", Habit::KeepsUp, 30'000}};
    return s;
}

// Many partitions and groups, for checking that the reader and the explorer keep up: 20 topics
// of 100 partitions at 2 records a second each, and 200 groups of ten teams, each group
// consuming one topic (the checkpoint task then writes 20,000 checkpoints per round).
DemoScenario load()
{
    DemoScenario s;
    s.name = "load";
    s.description = "2,000 partitions (20 topics of 100) and 200 consumer groups, one topic each: "
                    "most keep up at cadences from 5 to 30 s, every tenth is far behind, a few stall";
    // 2 records a second per partition: batches of ten keep the mock's 2,000 logs short
    // (docs/demo.md).
    s.produceIntervalMs = 5000;
    for (int t = 0; t < 20; ++t) {
        char name[16];
        std::snprintf(name, sizeof name, "events-%02d", t);
        s.topics.push_back({name, 100, 2, t % 5 == 0 ? 0.1 : 0});
    }
    for (int g = 0; g < 200; ++g) {
        char name[16];
        std::snprintf(name, sizeof name, "team-%03d", g);
        DemoGroup group{name, Habit::KeepsUp, 5000 + (g % 6) * 5000};
        if (g % 10 == 3)
            group.habit = Habit::FarBehind;
        else if (g % 50 == 7)
            group.habit = Habit::Stalls;
        group.topics = {s.topics[static_cast<size_t>(g) % s.topics.size()].name};
        s.groups.push_back(std::move(group));
    }
    return s;
}

DemoScenario legacy()
{
    DemoScenario s = steady();
    s.name = "legacy";
    s.release = {2, 8, 0};
    s.description = "the steady workload under MM2 2.8.0, which extrapolates from the latest sync: over the "
                    "gaps of payments, checkpoints point past the records the groups had read";
    return s;
}

DemoScenario busy()
{
    DemoScenario s = steady();
    s.name = "busy";
    s.description = "ten times the steady rates: syncs every offset.lag.max records, and the 64-slot store "
                    "thins older syncs out";
    for (DemoTopic& t : s.topics)
        t.recordsPerSecond *= 10;
    return s;
}

const NamedRegistry<DemoScenario>& demoScenarios()
{
    static const NamedRegistry<DemoScenario> registry(
        "demo scenario", "known", {{"steady", steady}, {"legacy", legacy}, {"busy", busy}, {"load", load}});
    return registry;
}

} // namespace

int64_t demoMirrorLagLimitMs(const DemoScenario& scenario)
{
    return 2 * scenario.produceIntervalMs + 5000;
}

std::vector<std::string> demoScenarioNames()
{
    return demoScenarios().names();
}

Result<DemoScenario> demoScenario(const std::string& name)
{
    return demoScenarios().find(name);
}

} // namespace driftscope::kafka
