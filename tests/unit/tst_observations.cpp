// How records enter a session: one way for decoded records (Session::add), which the
// wire decoder, formatter text, JSON Lines and the simulator all use, so the same record read
// any of these ways is the same observation with the same ids.
#include "model/records/connect_offset.h"
#include "model/records/wire_codec.h"
#include "model/session/session.h"
#include "model/session/session_info_fields.h"
#include "model/session/session_json.h"
#include "support/qtest_printers.h"

#include <QTest>

#include <map>

using namespace driftscope;

class ObservationsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void decodedRecordsInternTheirNames();
    void everyReaderEntersTheSameWay();
    void theGroupListHoldsSelectedAndSeenGroupsOnce();
    void sessionInfoToAndFromKeyValue();
    void replicationPositionsOfTheSourceAreKept();
    void bookmarksTravelAsJsonLines();
    void readerEventStatesKeepTheirNames();
};

void ObservationsTest::decodedRecordsInternTheirNames()
{
    Session o;
    o.add({7, 1000, 1001}, OffsetSync{{"orders", 3}, 1500, 1432});
    o.add({8, 2000, 2001}, Checkpoint{"billing", {"A.orders", 3}, 1500, 1433, "meta", 0});
    o.add({9, 3000, 3001}, MirrorRecord(OffsetSync{{"orders", 3}, 1600, 1500}));
    o.add({0, 4000, 4001}, Heartbeat{"A", "B", 3999, 0});
    QCOMPARE(o.partitionCount(), size_t{2});
    QCOMPARE(o.partition(0), (TopicPartition{"orders", 3}));
    QCOMPARE(o.partition(1), (TopicPartition{"A.orders", 3}));
    QCOMPARE(o.group(0), std::string("billing"));
    QCOMPARE(o.syncs,
             (std::vector<ObservedSync>{{{7, 1000, 1001}, 0, 1500, 1432}, {{9, 3000, 3001}, 0, 1600, 1500}}));
    QCOMPARE(o.checkpoints,
             (std::vector<ObservedCheckpoint>{{{8, 2000, 2001}, 0, 1, 1500, 1433, 0, "meta"}}));
    QCOMPARE(o.heartbeats, (std::vector<ObservedHeartbeat>{{{0, 4000, 4001}, Heartbeat{"A", "B", 3999, 0}}}));
    QCOMPARE(o.countOfKind(Checkpoint{}), size_t{1});
    QCOMPARE(o.countOfKind(OffsetSync{}), size_t{2});
}

void ObservationsTest::everyReaderEntersTheSameWay()
{
    const OffsetSync sync{{"orders", 3}, 1500, 1432};
    const Checkpoint checkpoint{"billing", {"A.orders", 3}, 1500, 1433, "", 0};

    Session fromBytes;
    const Bytes syncKey = encodeOffsetSyncKey(sync).value(), syncValue = encodeOffsetSyncValue(sync);
    const Bytes cpKey = encodeCheckpointKey(checkpoint).value(),
                cpValue = encodeCheckpointValue(checkpoint).value();
    QVERIFY(fromBytes.addRecord(InternalTopic::OffsetSyncs, 0, {0, 0, 0}, ByteView(syncKey),
                                ByteView(syncValue)));
    QVERIFY(
        fromBytes.addRecord(InternalTopic::Checkpoints, 0, {0, 0, 0}, ByteView(cpKey), ByteView(cpValue)));

    Session fromText;
    SessionLineReader text(fromText);
    QCOMPARE(text.read("OffsetSync{topicPartition=orders-3, upstreamOffset=1500, downstreamOffset=1432}"),
             std::optional<std::string>());
    QCOMPARE(text.read("Checkpoint{consumerGroupId=billing, topicPartition=A.orders-3, upstreamOffset=1500, "
                       "downstreamOffset=1433, metadata=}"),
             std::optional<std::string>());

    Session fromJson;
    SessionLineReader json(fromJson);
    QCOMPARE(
        json.read(
            R"({"kind":"offset-sync","topic":"orders","partition":3,"upstream":1500,"downstream":1432})"),
        std::optional<std::string>());
    QCOMPARE(json.read(R"({"kind":"checkpoint","group":"billing","topic":"A.orders","partition":3,)"
                       R"("upstream":1500,"downstream":1433,"metadata":""})"),
             std::optional<std::string>());

    const std::vector<ObservedSync> syncs{{{0, 0, 0}, 0, 1500, 1432}};
    const std::vector<ObservedCheckpoint> checkpoints{{{0, 0, 0}, 0, 1, 1500, 1433, 0, ""}};
    for (const Session* o : {&fromBytes, &fromText, &fromJson}) {
        QCOMPARE(o->syncs, syncs);
        QCOMPARE(o->checkpoints, checkpoints);
        QCOMPARE(o->partition(1), (TopicPartition{"A.orders", 3}));
    }
}

void ObservationsTest::theGroupListHoldsSelectedAndSeenGroupsOnce()
{
    Session o;
    QCOMPARE(knownGroups(o), std::vector<std::string>());
    o.info.groups = {"zeta", "billing"}; // selected, in the order named
    o.add({0, 0, 0}, Checkpoint{"audit", {"A.orders", 0}, 1, 1, "", 0});
    o.groupId("billing"); // sampled, and selected too
    o.groupId("analytics");
    QCOMPARE(knownGroups(o), (std::vector<std::string>{"analytics", "audit", "billing", "zeta"}));
}

// SessionInfo as key/value (session_info_fields.h), the one rule captures and JSON Lines share.
void ObservationsTest::sessionInfoToAndFromKeyValue()
{
    SessionInfo info;
    info.release = "3.9.0";
    info.offsetSyncsTopic = "mm2-offset-syncs.B.internal";
    info.offsetSyncsSide = ClusterSide::Target;
    info.emitCheckpointsIntervalMs = 10'000;
    info.emitIntervalConfigured = true;
    info.startedAtMs = 1'764'400'000'123;
    info.recordTimesUnknown = true;
    std::map<std::string, std::string> written;
    for (const InfoField& field : sessionInfoFields())
        if (const auto value = sessionInfoValue(info, field))
            written[field.key] = *value;
    // All 20 but sync_group_offsets_enabled, which is unknown, and connect_offsets_topic, unread.
    QCOMPARE(written.size(), size_t{18});
    QCOMPARE(written["record_times_unknown"], std::string("true"));
    QCOMPARE(written["offset_flush_interval_ms"], std::string("60000"));
    QCOMPARE(written["mm2_release"], std::string("3.9.0"));
    QCOMPARE(written["offset_syncs_cluster"], std::string("target"));
    QCOMPARE(written["replication_policy"], std::string("default"));
    QCOMPARE(written["emit_checkpoints_interval_ms"], std::string("10000"));
    QCOMPARE(written["emit_interval_configured"], std::string("true"));
    QCOMPARE(written["started_at_ms"], std::string("1764400000123"));
    QVERIFY(!written.count("sync_group_offsets_enabled"));

    const auto valueOf = [&written](const InfoField& f) -> std::optional<std::string> {
        const auto it = written.find(f.key);
        return it == written.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    SessionInfo read;
    QCOMPARE(readSessionInfo(valueOf, read), std::optional<std::string>());
    QCOMPARE(read.release, std::string("3.9.0"));
    QCOMPARE(read.offsetSyncsSide, ClusterSide::Target);
    QCOMPARE(read.emitCheckpointsIntervalMs, int64_t{10'000});
    QVERIFY(read.emitIntervalConfigured);
    QVERIFY(!read.syncGroupOffsets);
    QCOMPARE(read.startedAtMs, int64_t{1'764'400'000'123});
    QVERIFY(read.recordTimesUnknown);
    // Files written before the field existed have their times.
    written.erase("record_times_unknown");
    SessionInfo older;
    QCOMPARE(readSessionInfo(valueOf, older), std::optional<std::string>());
    QVERIFY(!older.recordTimesUnknown);

    // A bad value is refused naming its key, and nothing is read.
    written["emit_interval_configured"] = "yes";
    SessionInfo untouched;
    QCOMPARE(readSessionInfo(valueOf, untouched),
             std::optional<std::string>("emit_interval_configured must be true or false, not 'yes'"));
    QCOMPARE(untouched.release, std::string());
    written.erase("source_alias");
    QCOMPARE(readSessionInfo(valueOf, untouched), std::optional<std::string>("source_alias is missing"));
}

// Captures written by older readers carry these names: each state keeps its own, and only the
// progress states are progress.
void ObservationsTest::readerEventStatesKeepTheirNames()
{
    using enum ReaderEventState;
    const std::map<ReaderEventState, std::string> names = {
        {Started, "started"},
        {GroupFilterInvalid, "group-filter-invalid"},
        {GroupsCapped, "groups-capped"},
        {ClientRenewed, "client-renewed"},
        {TopicFound, "topic-found"},
        {TopicMissing, "topic-missing"},
        {TopicUnreadable, "topic-unreadable"},
        {FetchError, "fetch-error"},
        {Fetching, "fetching"},
        {SampleFailed, "sample-failed"},
        {Sampled, "sampled"},
        {GroupNotListed, "group-not-listed"},
        {GroupListingUnavailable, "group-listing-unavailable"},
        {TopicConfigs, "topic-configs"},
        {TopicConfigsUnknown, "topic-configs-unknown"},
    };
    QCOMPARE(names.size(), size_t{15});
    std::vector<std::string> progress;
    for (const auto& [state, name] : names) {
        QCOMPARE(std::string(readerEventName(state)), name);
        const ReaderEvent e{0, std::nullopt, name, ""};
        QVERIFY(e.is(state));
        QVERIFY(!parseClusterState(name));
        if (isProgressState(name))
            progress.push_back(name);
    }
    QCOMPARE(progress,
             (std::vector<std::string>{"started", "topic-found", "fetching", "sampled", "topic-configs"}));
    QVERIFY(isProgressState("connected"));
    QVERIFY(!isProgressState("unreachable"));
    QVERIFY(!isProgressState("failed"));
    QVERIFY(!isProgressState("a-state-of-a-newer-reader"));
    QVERIFY((ReaderEvent{0, ClusterSide::Source, "unreachable", ""}.is(ClusterState::Unreachable)));
}

QTEST_APPLESS_MAIN(ObservationsTest)
// Of Connect's offsets topic the session keeps MirrorSourceConnector's positions of its own
// source cluster; other connectors' and other clusters' records are not MM2's of this flow, and
// a malformed one is kept aside with the reason. Exports and imports keep them.
namespace {

Bytes bytesOf(std::string_view text)
{
    return Bytes(text.begin(), text.end());
}

} // namespace

void ObservationsTest::replicationPositionsOfTheSourceAreKept()
{
    Session o;
    o.info.sourceAlias = "east";
    const auto add = [&](const ConnectPosition& p, int64_t topicOffset) {
        const Bytes key = encodeConnectOffsetKey(p);
        const auto value = encodeConnectOffsetValue(p);
        return o.addRecord(InternalTopic::ConnectOffsets, 2, {topicOffset, 5000 + topicOffset, 6000},
                           ByteView(key), value ? std::optional<ByteView>(*value) : std::nullopt);
    };
    QVERIFY(add({"MirrorSourceConnector", "east", {"orders", 1}, 41}, 0));
    QVERIFY(add({"MirrorSourceConnector", "west", {"orders", 1}, 7}, 1)); // the other flow's
    QVERIFY(add({"MirrorSourceConnector", "east", {"orders", 1}, std::nullopt}, 2));
    const Bytes checkpointKey =
        bytesOf(R"(["MirrorCheckpointConnector",{"group":"g","partition":0,"topic":"t"}])");
    const Bytes offset = bytesOf(R"({"offset":3})");
    QVERIFY(
        o.addRecord(InternalTopic::ConnectOffsets, 0, {3, 0, 0}, ByteView(checkpointKey), ByteView(offset)));
    const Bytes broken = bytesOf("not json");
    QVERIFY(!o.addRecord(InternalTopic::ConnectOffsets, 0, {4, 0, 0}, ByteView(broken), ByteView(offset)));
    const uint32_t orders1 = o.findPartition({"orders", 1}).value();
    QCOMPARE(o.positions,
             (std::vector<ObservedPosition>{{{0, 5000, 6000}, orders1, 41},
                                            {{2, 5002, 6000}, orders1, ObservedPosition::kNone}}));
    QCOMPARE(o.undecodable.size(), size_t{1});
    QVERIFY(o.undecodable[0].topic == InternalTopic::ConnectOffsets);
    QCOMPARE(
        o.undecodable[0].reason,
        std::string("the key: invalid JSON at character 1: expected '[' (a name and an object in an array)"));

    std::vector<std::string> lines;
    exportSession(o, [&](const std::string& line) { lines.push_back(line); });
    QVERIFY(std::find(lines.begin(), lines.end(),
                      R"({"kind":"replication-position","topic":"orders","partition":1,"offset":null,)"
                      R"("topic_offset":2,"timestamp_ms":5002,"read_at_ms":6000})") != lines.end());
    Session again;
    SessionLineReader reader(again);
    for (const std::string& line : lines)
        QCOMPARE(reader.read(line), std::optional<std::string>());
    QCOMPARE(again.positions, o.positions);
    QCOMPARE(again.undecodable, o.undecodable);
}

// export and import keep a capture's bookmarks; a line that breaks their rules is refused.
void ObservationsTest::bookmarksTravelAsJsonLines()
{
    Session o;
    o.info.bookmarks = {{-5, "before the epoch"}, {1'795'959'450'000, "incident \"quoted\""}};
    std::vector<std::string> lines;
    exportSession(o, [&](const std::string& line) { lines.push_back(line); });
    QCOMPARE(
        lines.back(),
        std::string("{\"kind\":\"bookmark\",\"at_ms\":1795959450000,\"name\":\"incident \\\"quoted\\\"\"}"));
    Session again;
    SessionLineReader reader(again);
    for (const std::string& line : lines)
        QCOMPARE(reader.read(line), std::optional<std::string>());
    QCOMPARE(again.info.bookmarks, o.info.bookmarks);
    QCOMPARE(reader.read("{\"kind\":\"bookmark\",\"at_ms\":7,\"name\":\"before the epoch\"}"),
             std::optional<std::string>(
                 "a bookmark named 'before the epoch' is already at 1969-12-31T23:59:59.995Z"));
    QCOMPARE(reader.read("{\"kind\":\"bookmark\",\"at_ms\":7,\"name\":\"\"}"),
             std::optional<std::string>("a bookmark needs a name"));
    QCOMPARE(again.info.bookmarks.size(), size_t{2});
}

#include "tst_observations.moc"
