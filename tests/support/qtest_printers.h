// QCOMPARE for driftscope's own types, so that a failure prints both sides.
//
// QTest prints a compared value with toString(), found by argument-dependent lookup; but
// driftscope already has toString(TopicPartition) and toString(Release) returning std::string,
// which QTest's lookup would pick and fail to compile on. So the values print through
// driftscope::testText() instead, and QTest::qCompare gets one overload for the types that have
// it (domain types, and optionals and vectors of them): more specialised than QTest's generic
// one, it compares with the same operator== and only adds the printing.
#pragma once

#include "model/analysis/health_report.h"
#include "model/capture/capture_blocks.h"
#include "model/mm2/release.h"
#include "model/mm2/replication_policy.h"
#include "model/mm2/sync_store.h"
#include "model/records/cluster_side.h"
#include "model/records/formatter_text.h"
#include "model/records/records.h"
#include "model/session/reader_states.h"
#include "model/session/session.h"

#include <QTest>

#include <concepts>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace driftscope {

inline std::string testText(const TopicPartition& tp)
{
    return toString(tp);
}
inline std::string testText(const Release& r)
{
    return toString(r);
}
inline std::string testText(TranslationStatus s)
{
    return std::string(statusName(s));
}
inline std::string testText(Verdict v)
{
    return std::string(verdictName(v));
}
inline std::string testText(ClusterSide s)
{
    return std::string(sideName(s));
}
inline std::string testText(CaptureStream s)
{
    return std::string(streamName(s));
}
inline std::string testText(ClusterState s)
{
    return std::string(clusterStateName(s));
}
inline std::string testText(InternalTopic t)
{
    return std::string(internalTopicName(t));
}
inline std::string testText(ReplicationPolicy::Kind k)
{
    return k == ReplicationPolicy::Kind::Identity ? "Identity" : "Default";
}
inline std::string testText(const OffsetSync& s)
{
    return "OffsetSync{" + toString(s.tp) + ", " + std::to_string(s.upstream) + " -> " +
           std::to_string(s.downstream) + "}";
}
inline std::string testText(const Checkpoint& c)
{
    return "Checkpoint{" + c.group + ", " + toString(c.tp) + ", " + std::to_string(c.upstream) + " -> " +
           std::to_string(c.downstream) + ", metadata '" + c.metadata + "', v" + std::to_string(c.version) +
           "}";
}
inline std::string testText(const Heartbeat& h)
{
    return "Heartbeat{" + h.sourceAlias + " -> " + h.targetAlias + ", " + std::to_string(h.timestampMs) +
           " ms, v" + std::to_string(h.version) + "}";
}
inline std::string testText(const MirrorRecord& r)
{
    return std::visit([](const auto& record) { return testText(record); }, r);
}
inline std::string testText(const RecordStamp& s)
{
    return "@" + std::to_string(s.topicOffset) + " t" + std::to_string(s.timestampMs) + " read " +
           std::to_string(s.readAtMs);
}
inline std::string testText(const ObservedSync& s)
{
    return "ObservedSync{" + testText(s.stamp) + " p" + std::to_string(s.partition) + ", " +
           std::to_string(s.upstream) + " -> " + std::to_string(s.downstream) + "}";
}
inline std::string testText(const ObservedCheckpoint& c)
{
    return "ObservedCheckpoint{" + testText(c.stamp) + " g" + std::to_string(c.group) + " p" +
           std::to_string(c.partition) + ", " + std::to_string(c.upstream) + " -> " +
           std::to_string(c.downstream) + ", v" + std::to_string(c.version) + ", metadata '" + c.metadata +
           "'}";
}
inline std::string testText(const ObservedHeartbeat& h)
{
    return "Observed" + testText(h.heartbeat) + testText(h.stamp);
}
inline std::string testText(const GroupOffsetSample& s)
{
    return "GroupOffsetSample{" + std::to_string(s.sampledAtMs) + " ms " + testText(s.side) + " g" +
           std::to_string(s.group) + " p" + std::to_string(s.partition) + " @" + std::to_string(s.offset) +
           "}";
}
inline std::string testText(const LogOffsetSample& s)
{
    return "LogOffsetSample{" + std::to_string(s.sampledAtMs) + " ms " + testText(s.side) + " p" +
           std::to_string(s.partition) + " [" + std::to_string(s.start) + ", " + std::to_string(s.end) + ")}";
}
inline std::string testText(const ReaderEvent& e)
{
    return "ReaderEvent{" + std::to_string(e.atMs) + " ms " +
           (e.side ? testText(*e.side) : std::string("-")) + " " + e.state + ": " + e.message + "}";
}

namespace test_printers {

template <typename T>
concept Shown = requires(const T& t)
{
    {
        testText(t)
        } -> std::convertible_to<std::string>;
};

template <typename T>
concept Plain = std::is_arithmetic_v<T> || std::same_as<T, std::string>;

template <typename T>
std::string plainText(const T& t)
{
    if constexpr (std::same_as<T, std::string>)
        return '"' + t + '"';
    else if constexpr (std::same_as<T, bool>)
        return t ? "true" : "false";
    else
        return std::to_string(t);
}

template <typename T>
std::string elementText(const T& t)
{
    if constexpr (Shown<T>)
        return testText(t);
    else
        return plainText(t);
}

// An optional of a domain type or a plain value, or a vector of domain types.
template <typename T>
struct Printable : std::bool_constant<Shown<T>> {
};
template <typename T>
requires Shown<T> || Plain<T>
struct Printable<std::optional<T>> : std::true_type {
};
template <typename T>
requires Shown<T>
struct Printable<std::vector<T>> : std::true_type {
};

template <typename T>
std::string text(const T& t)
{
    if constexpr (Shown<T>) {
        return testText(t);
    } else if constexpr (requires { t.has_value(); }) {
        return t ? elementText(*t) : std::string("nullopt");
    } else {
        // At most the first 20 elements: enough to see where two long vectors part.
        std::string out = std::to_string(t.size()) + " [";
        for (size_t i = 0; i < t.size() && i < 20; ++i)
            out += (i ? ", " : "") + elementText(t[i]);
        return out + (t.size() > 20 ? ", ...]" : "]");
    }
}

} // namespace test_printers
} // namespace driftscope

namespace QTest {

template <typename T>
requires driftscope::test_printers::Printable<T>::value inline bool
qCompare(const T& t1, const T& t2, const char* actual, const char* expected, const char* file, int line)
{
    return compare_helper(
        t1 == t2, "Compared values are not the same",
        [&t1] { return static_cast<const char*>(qstrdup(driftscope::test_printers::text(t1).c_str())); },
        [&t2] { return static_cast<const char*>(qstrdup(driftscope::test_printers::text(t2).c_str())); },
        actual, expected, file, line);
}

} // namespace QTest
