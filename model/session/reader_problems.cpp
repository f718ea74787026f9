#include "model/session/reader_problems.h"

#include <cctype>
#include <map>
#include <tuple>

namespace driftscope {
namespace {

// What a reader event about an internal topic names first: the topic ("T does not exist",
// "T: reading N records", "T cannot be read: ...") or one of its partitions ("T-3: ..."). Returns
// the subject ("T" or "T-3"), or none when the message is about something else.
std::optional<std::string_view> topicSubject(std::string_view message, const std::string& topic)
{
    if (!message.starts_with(topic))
        return std::nullopt;
    const std::string_view rest = message.substr(topic.size());
    if (rest.empty() || rest[0] == ' ' || rest[0] == ':')
        return message.substr(0, topic.size());
    if (rest[0] != '-')
        return std::nullopt;
    size_t digits = 1;
    while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits])))
        ++digits;
    if (digits == 1 || digits == rest.size() || rest[digits] != ':')
        return std::nullopt;
    return message.substr(0, topic.size() + digits);
}

} // namespace

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
        // A cluster's own states, as opposed to a topic's or a sample's.
        const auto clusterState = parseClusterState(e.state);
        if (e.side && clusterState &&
            (*clusterState == ClusterState::Connected || *clusterState == ClusterState::Unreachable ||
             *clusterState == ClusterState::Failed)) {
            const bool source = *e.side == ClusterSide::Source;
            auto& state = source ? summary.sourceState : summary.targetState;
            if (state != clusterState) {
                (source ? summary.sourceSinceMs : summary.targetSinceMs) = e.atMs;
                (source ? summary.sourceDetail : summary.targetDetail) = e.message;
            }
            state = clusterState;
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

std::optional<ReaderEvent> topicTroubleAt(const Session& session, ClusterSide side, const std::string& topic,
                                          int64_t atMs)
{
    if (topic.empty()) // a session that never read the topic
        return std::nullopt;
    std::map<std::string, const ReaderEvent*, std::less<>> unresolved; // by subject
    for (const ReaderEvent& e : session.events) {
        if (e.atMs > atMs || e.side != side)
            continue;
        const auto subject = topicSubject(e.message, topic);
        if (!subject)
            continue;
        if (e.is(ReaderEventState::TopicFound))
            unresolved.clear();
        else if (e.is(ReaderEventState::Fetching))
            unresolved.erase(std::string(*subject));
        else if (e.is(ReaderEventState::TopicMissing) || e.is(ReaderEventState::TopicUnreadable) ||
                 e.is(ReaderEventState::FetchError))
            unresolved[std::string(*subject)] = &e;
    }
    const ReaderEvent* newest = nullptr;
    for (const auto& [subject, e] : unresolved)
        if (!newest || e->atMs >= newest->atMs)
            newest = e;
    return newest ? std::optional<ReaderEvent>(*newest) : std::nullopt;
}

namespace {

constexpr std::string_view kNotListedWords =
    ": has committed offsets on the source, but the source's group listing leaves it out. MM2 lists "
    "the same groups (classic and consumer groups) and checkpoints only those, so it never checkpoints "
    "this one: a streams group (KIP-1071), say, which commits offsets but is listed as another type";

} // namespace

std::string groupNotListedMessage(const std::string& group)
{
    return group + std::string(kNotListedWords);
}

std::optional<std::string> groupNotListedAt(const Session& session, const std::string& group, int64_t atMs)
{
    const std::string message = groupNotListedMessage(group);
    for (const ReaderEvent& e : session.events)
        if (e.atMs <= atMs && e.side == ClusterSide::Source && e.is(ReaderEventState::GroupNotListed) &&
            e.message == message)
            return message;
    return std::nullopt;
}

} // namespace driftscope
