// The options that build a simulator scenario (a built-in one, with overrides), shared by
// `simulate` and `tune`.
#pragma once

#include "app/cli/cli_support.h"

#include "model/sim/scenario.h"

#include <QCommandLineParser>

namespace driftscope::cli {

// --scenario and the options that override it; --mm2-version and --sample-interval too when
// `standalone` (commands that also read sessions register their own).
void addScenarioOptions(QCommandLineParser& parser, bool standalone);
std::optional<Failure> buildScenario(const QCommandLineParser& parser, sim::Scenario& s);

} // namespace driftscope::cli
