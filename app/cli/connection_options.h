// The options that name the clusters a command reads (report, record): either an MM2
// properties file (--mm2-config FILE [--flow A->B]) or bootstrap servers with aliases, -X
// side.KEY=VALUE client settings and per-cluster properties files; plus what to read.
#pragma once

#include "app/cli/cli_support.h"

#include "model/io/kafka/live_reader.h"

namespace driftscope::cli {

void addConnectionOptions(QCommandLineParser& parser);
bool hasConnectionOptions(const QCommandLineParser& parser);

// The reader's options from the command line: connection, --group, --sample-interval and the
// release (for MM2's topic names); `flow` replaces --flow. Client settings librdkafka refuses are a usage
// error (an input error naming the file with --mm2-config). Notes about the configuration go to stderr.
std::optional<Failure> readLiveOptions(const QCommandLineParser& parser, const Release& release,
                                       kafka::LiveReaderOptions& out,
                                       const std::optional<std::string>& flow = std::nullopt);
// The flows a command reads: every flow an --mm2-config enables when it names none with --flow
// (readLiveOptions reads one of them given its name); otherwise one, which readLiveOptions finds
// itself (--flow, the file's only flow, or the clusters the other options name).
std::optional<Failure> readFlowsToRead(const QCommandLineParser& parser,
                                       std::vector<std::optional<std::string>>& out);

// Events of a live session that are not plain progress (unreachable clusters, missing
// topics...) as notes on stderr, from `from` on, each after `prefix` (the flow's name when
// several are read); returns where it stopped.
size_t printEvents(const Session& session, size_t from, const std::string& prefix = {});

} // namespace driftscope::cli
