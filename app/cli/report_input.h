// What `report` and `failover-plan` share: where the session comes from (a capture or live
// clusters), the options that rebuild MM2's state at a moment, the checks that turn an empty
// answer into an error, and --fail-on.
#pragma once

#include "app/cli/cli_support.h"

#include "model/analysis/health_report.h"
#include "model/io/kafka/live_reader.h"

#include <QCommandLineParser>

#include <optional>
#include <vector>

namespace driftscope::cli {

enum : int { kUnhealthy = 3 }; // --fail-on matched a row

struct ReportInput {
    std::string command; // "report", "failover-plan": for messages
    Session session;
    ReportOptions options;
    bool live = false;
    int64_t observeMs = 0; // live: keep sampling this long once the history is in (tune's rates)
    kafka::LiveReaderOptions liveOptions;   // when live
    std::optional<int64_t> firstMs, lastMs; // the session's time range, for --at
    std::optional<std::string> at;          // --at as given: a time or a bookmark's name
};

// The rules a report applies, as report and serve take them: --stale-after and the replay budget
// (--max-replay-records, --max-replay-seconds) declared; read with --group and the store replay
// options (--mm2-version, --task-start, --checkpoints-restored), which are declared elsewhere.
void addReportRuleOptions(QCommandLineParser& parser);

std::optional<Failure> readReportRuleOptions(const QCommandLineParser& parser, ReportOptions& options);

// The connection options, the capture positional, --mm2-version, --task-start,
// --checkpoints-restored, --at, --stale-after, --timeout, --group and --fail-on.
void addReportInputOptions(QCommandLineParser& parser);
// The sessions to answer from, each with `common`'s command and observeMs: a capture, or live
// clusters; with `everyFlow`, every flow an --mm2-config enables when --flow names none (read at
// once, within one --timeout), else the one flow the options name.
std::optional<Failure> readReportInputs(const QCommandLineParser& parser, const ReportInput& common,
                                        bool everyFlow, std::vector<ReportInput>& out);

// One flow's session and its report at the moment asked for.
struct FlowAnswer {
    ReportInput input;
    Report report;
};

// An answer with nothing in it is an error with the reason: a --group no flow's session knows
// (the known ones are listed), no group at all.
std::optional<Failure> checkAnswers(const std::vector<FlowAnswer>& flows);

// What report and failover-plan do once their own options are checked: --fail-on, every flow's
// session, its report at the moment asked for, and the empty-answer checks. The exit code (the
// failure printed) when the command must stop.
std::optional<int> readAnswers(const QCommandLineParser& parser, const ReportInput& common,
                               std::vector<FlowAnswer>& out, std::optional<std::vector<Verdict>>& failOn);
// The same for one flow (tune): an --mm2-config of several flows needs --flow.
std::optional<int> readOneFlowAnswer(const QCommandLineParser& parser, ReportInput& input, Report& answer,
                                     std::optional<std::vector<Verdict>>& failOn);

// --fail-on VERDICT[,VERDICT...] or any: the verdicts that make the command exit 3.
std::optional<Failure> readFailOn(const QCommandLineParser& parser, std::optional<std::vector<Verdict>>& out);
// Exit 3 with "3 of 121 groups unhealthy: a (skip-possible), ..." on stderr when a row has one
// of `failOn` (a group is named with its flow when several are read); none otherwise.
std::optional<int> failOnExit(const std::vector<FlowAnswer>& flows,
                              const std::optional<std::vector<Verdict>>& failOn);

} // namespace driftscope::cli
