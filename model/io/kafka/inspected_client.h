// The one configuration of the clients driftscope makes for clusters it inspects (the live
// reader's, one per cluster), built here and nowhere else so that tests can check exactly what
// librdkafka is given.
//
// Read-only by construction: a consumer-type client without group.id, so librdkafka itself
// refuses to join, subscribe, assign or commit ("Local: Unknown group"); the offset store, the
// legacy consumer's offset commits and topic auto-creation are off; nothing is produced (a
// consumer handle queues rd_kafka_producev but never sends it; rd_kafka_flush answers "Not
// implemented"). A user setting that would change any of this is refused with the setting's
// name rather than overridden silently: whoever wrote it expects something driftscope will not
// do, and should learn it before connecting.
#pragma once

#include "model/io/kafka/kafka_client.h"

#include <map>
#include <string>

namespace driftscope::kafka {

struct ClientConfig {
    rd_kafka_type_t type = RD_KAFKA_CONSUMER;
    Properties global; // given to rd_kafka_conf_set in this order: the user's, then driftscope's
    Properties topic;  // the configuration of every topic the client reads
};

// The settings driftscope fixes on every inspected cluster's client (global and topic level);
// a user may only repeat them with the same value. group.id is absent: none is ever set.
const Properties& readOnlyGlobalSettings();
const Properties& readOnlyTopicSettings();

// The configuration for a cluster with the user's client settings, or why a user setting is
// refused: librdkafka does not accept it, or it would let the client join a group (group.id,
// group.instance.id), commit or create topics. Names the setting, never a secret's value.
Result<ClientConfig> inspectedClientConfig(const Properties& user);

Result<Handle> makeClient(const ClientConfig& config, ClientCallbacks* callbacks = nullptr);
// A topic configuration for rd_kafka_topic_new; its opaque is set to `opaque`.
rd_kafka_topic_conf_t* makeTopicConf(const ClientConfig& config, void* opaque);

// What librdkafka holds (rd_kafka_conf_dump / rd_kafka_topic_conf_dump), by name. Holds the
// values of secret settings too: compare, never print.
std::map<std::string, std::string> dumpConf(const rd_kafka_conf_t* conf);
std::map<std::string, std::string> dumpTopicConf(const rd_kafka_topic_conf_t* conf);

} // namespace driftscope::kafka
