#include "model/session/reader_problems.h"

#include <map>
#include <tuple>

namespace driftscope {

bool isClusterState(std::string_view state)
{
    return state == "connected" || state == "unreachable" || state == "failed";
}

ReaderSummary summarizeReader(const Session& session, int64_t atMs)
{
    ReaderSummary summary;
    for (const UndecodableRecord& r : session.undecodable)
        if (r.stamp.timestampMs <= atMs)
            ++summary.undecodable[static_cast<size_t>(r.topic)];
    using Key = std::tuple<int, std::string, std::string>;
    std::map<Key, size_t> index; // -> position in problems
    for (const ReaderEvent& e : session.events) {
        if (e.atMs > atMs)
            continue;
        if (e.side && isClusterState(e.state)) {
            const bool source = *e.side == ClusterSide::Source;
            auto& state = source ? summary.sourceState : summary.targetState;
            if (state != e.state) {
                (source ? summary.sourceSinceMs : summary.targetSinceMs) = e.atMs;
                (source ? summary.sourceDetail : summary.targetDetail) = e.message;
            }
            state = e.state;
        }
        if (isProgressState(e.state))
            continue;
        const Key key{e.side ? static_cast<int>(*e.side) : -1, e.state, e.message};
        const auto [it, added] = index.emplace(key, summary.problems.size());
        if (added)
            summary.problems.push_back({e.side, e.state, e.message, 0, e.atMs, e.atMs});
        ReaderProblem& p = summary.problems[it->second];
        ++p.count;
        p.lastAtMs = e.atMs;
    }
    return summary;
}

} // namespace driftscope
