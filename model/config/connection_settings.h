// What driftscope needs to connect to the two clusters of one MM2 flow, read from an MM2
// properties file (MirrorMakerConfig semantics) or assembled from command-line pieces.
//
// Client properties are always librdkafka names: Java client settings from an MM2 file are
// translated where librdkafka has an equivalent and reported in `notes` where it has not.
// Neither errors nor notes ever contain the value of a secret setting (isSecretKey).
#pragma once

#include "model/config/java_properties.h"
#include "model/mm2/release.h"
#include "model/mm2/replication_policy.h"
#include "model/records/cluster_side.h"
#include "model/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace driftscope {

struct ClusterConnection {
    std::string alias;
    // librdkafka property names, sorted by name; always includes "bootstrap.servers".
    std::vector<std::pair<std::string, std::string>> clientProperties;

    std::optional<std::string> property(std::string_view name) const;
    // Sets or replaces one property, keeping the order.
    void setProperty(const std::string& name, const std::string& value);
};

struct ConnectionSettings {
    ClusterConnection source;
    ClusterConnection target;
    ClusterSide syncsLocation = ClusterSide::Source;
    // identitySourceAlias is always the source alias, whatever the kind.
    ReplicationPolicy policy;
    int64_t emitCheckpointsIntervalMs = 60000; // emit.checkpoints.interval.seconds * 1000
    bool emitIntervalConfigured = false;       // read from an MM2 configuration
    // sync.group.offsets.enabled / .interval.seconds * 1000 of an MM2 configuration; none when
    // the connection came from bootstrap servers alone (the flow's setting is not known).
    std::optional<bool> syncGroupOffsets;
    int64_t syncGroupOffsetsIntervalMs = 60000;
    int64_t offsetLagMax = 100; // offset.lag.max
    std::vector<std::string> groups = {".*"};
    std::vector<std::string> groupsExclude = {"console-consumer-.*", "connect-.*", "__.*"};
    // topics / topics.exclude; without topics.exclude (nullopt) the release's default applies.
    std::vector<std::string> topics = {".*"};
    std::optional<std::vector<std::string>> topicsExclude;
    bool heartbeatsReplicationEnabled = true; // heartbeats.replication.enabled (4.0.0+)
    bool emitCheckpointsEnabled = true;       // emit.checkpoints.enabled
    // Explicit topic names (not MM2 settings; set by the command line) replacing the derived ones.
    std::optional<std::string> offsetSyncsTopic;
    std::optional<std::string> checkpointsTopic;
    std::optional<std::string> heartbeatsTopic;
    // offset.flush.interval.ms of the flow's worker: how often MM2's source connector commits its
    // replication position (Connect's default 60 s).
    int64_t offsetFlushIntervalMs = 60'000;
    // The Connect offsets topic holding MM2's replication position: the MM2 configuration's
    // offset.storage.topic (top-level, else `<target>.`), or the command line's.
    std::optional<std::string> connectOffsetsTopic;
    // Human-readable notes about settings that were ignored or translated.
    std::vector<std::string> notes;

    const ClusterConnection& cluster(ClusterSide side) const
    {
        return side == ClusterSide::Source ? source : target;
    }
};

// The flow `flow` ("A->B") of an MM2 configuration, or without one the only enabled flow, read
// as MM2 `profile.release` reads it.
//
// Connector settings (offset-syncs.topic.location, replication.policy.class / .separator /
// .internal.topic.separator.enabled, emit.checkpoints.enabled / .interval.seconds, offset.lag.max,
// groups, groups.exclude, topics, topics.exclude, heartbeats.replication.enabled) resolve as
// `A->B.KEY`, then `KEY`, then MM2's default. The deprecated aliases groups.blacklist and
// topics.blacklist stand for groups.exclude and topics.exclude up to 3.9.x; from 4.0.0 they (and
// config.properties.blacklist) are ignored, with a note naming the release. Client settings of a cluster
// resolve as `A.consumer.KEY`, `A.admin.KEY`, `A.KEY`, then top-level `KEY` for the keys MM2 shares with
// every cluster (bootstrap.servers, security.protocol, ssl.*, sasl.*). Producer settings are not used:
// driftscope never produces.
//
// Java client settings become librdkafka ones: an allowlist passes through unchanged, a PEM
// truststore becomes ssl.ca.location, a PlainLoginModule / ScramLoginModule sasl.jaas.config
// becomes sasl.username and sasl.password; what librdkafka cannot use is skipped with a note.
// Fails on a missing `clusters`, an unknown, malformed or (without `flow`) ambiguous flow, a
// cluster without bootstrap servers, a bad connector value, or an unreadable PLAIN/SCRAM JAAS
// value; errors name the line of the setting when it came from text.
Result<ConnectionSettings> settingsFromMm2Config(const Properties& props,
                                                 const std::optional<std::string>& flow,
                                                 const ReleaseProfile& profile);

// The flows an MM2 configuration enables ("A->B", in the order of `clusters`), as MM2 reads
// `A->B.enabled`; fails without a usable `clusters` setting.
Result<std::vector<std::string>> enabledFlowNames(const Properties& props);

// One -X source.KEY=VALUE / target.KEY=VALUE: a librdkafka property of one cluster.
struct ClientOverride {
    ClusterSide side = ClusterSide::Source;
    std::string key, value; // trimmed
};
// Fails on an argument without '=' or a side (the message never shows a secret's value).
Result<std::vector<ClientOverride>> parseClientOverrides(const std::vector<std::string>& dashX);

// --source-alias/--target-alias, --source-bootstrap/--target-bootstrap, -X source.KEY=VALUE /
// -X target.KEY=VALUE and --source-properties/--target-properties files. Everything is a
// librdkafka property taken as-is (values trimmed); -X overrides the files and a bootstrap
// option overrides both. Each side needs bootstrap servers from one of them.
Result<ConnectionSettings> settingsFromParts(const std::string& sourceAlias, const std::string& targetAlias,
                                             const std::optional<std::string>& sourceBootstrap,
                                             const std::optional<std::string>& targetBootstrap,
                                             const std::vector<std::string>& dashX,
                                             const Properties* sourceFile, const Properties* targetFile);

// Whether a property holds a secret, compared case-insensitively: names containing "password",
// "secret", "jaas", "token", "credential" or "user.info" (basic.auth.user.info), names ending
// in ".key" (ssl.keystore.key), and ssl.key.pem, ssl_key, sasl.oauthbearer.config and
// sasl.oauthbearer.extensions.
bool isSecretKey(std::string_view key);

// The same properties with each secret value replaced by "[redacted]".
std::vector<std::pair<std::string, std::string>>
redactedProperties(const std::vector<std::pair<std::string, std::string>>& properties);

// The topics the flow's MirrorSourceConnector mirrors under the release (replicatesTopic):
// topics / topics.exclude (or the release's default exclude list) and heartbeats.replication.enabled.
// Fails when an entry is not a valid regular expression.
Result<TopicSelection> topicSelectionFor(const ConnectionSettings& settings, const ReleaseProfile& profile);

// Whether MM2 writes checkpoints for the flow at all: not with emit.checkpoints.enabled=false
// (from 2.5.0 the connector then has no tasks; 2.4.x kept emitting, with a -1 ms interval).
bool checkpointsExpected(const ConnectionSettings& settings, const ReleaseProfile& profile);

// internalTopics() for the flow, with the explicit topic names applied.
InternalTopics internalTopicsFor(const ConnectionSettings& settings, const ReleaseProfile& profile);

} // namespace driftscope
