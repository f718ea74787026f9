// driftscope-cli: the command-line twin of the driftscope explorer.
#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "model/io/kafka/kafka_client.h"

#include "driftscope_version.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace {

constexpr const char* kUsage =
    "Usage: driftscope-cli <command> [options]\n"
    "\n"
    "Explore Kafka MirrorMaker 2 offset translation exactly as a chosen MM2 release performs it.\n"
    "\n"
    "Commands:\n"
    "  translate   translate committed upstream offsets with the syncs of an offset-syncs dump\n"
    "  syncs       list the syncs MM2's store retains for one partition\n"
    "  decode      decode one offset-sync, checkpoint or heartbeat record from its bytes\n"
    "  simulate    run producers, MM2 and consumer groups over time and print the replay timeline\n"
    "  report      per group and partition: translation, checkpoint, resume offset, replay and health\n"
    "  failover-plan  reset files for kafka-consumer-groups, with the commands and what is left out\n"
    "  tune        MM2 settings for a replay budget: recommended values, their cost, a simulated check\n"
    "  record      record live clusters into a capture file\n"
    "  serve       watch a live flow and serve Prometheus metrics (/metrics) and the report (/report)\n"
    "  import      MM2 formatter text or JSON Lines into a capture file\n"
    "  export      a capture as JSON Lines\n"
    "  demo-cluster  run the embedded demo clusters (source and target with MM2) in the foreground\n"
    "  releases    the MM2 releases driftscope knows and what each changed from the one before\n"
    "  bookmarks   list, add or remove a capture's bookmarks (named moments; --at takes their names)\n"
    "\n"
    "Run 'driftscope-cli <command> --help' for a command's options.\n"
    "Exit codes: 0 success, 1 input error, 2 usage error, 3 (report, failover-plan) a --fail-on verdict,\n"
    "(tune) a target out of reach.\n"
    "--json gives machine-readable output.\n";

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("driftscope-cli");
    QCoreApplication::setApplicationVersion(DRIFTSCOPE_VERSION);
    using namespace driftscope::cli;

    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2)
        return report({kUsageError, std::string("a command is required\n") + kUsage});
    const QString command = args.at(1);
    const QStringList commandArgs = args.mid(1);
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, stdout);
        return kOk;
    }
    if (command == "--version" || command == "-v") {
        printOut(std::string("driftscope-cli ") + DRIFTSCOPE_VERSION);
        printOut(driftscope::kafka::librdkafkaInUse());
        return kOk;
    }
    int code;
    if (command == "translate")
        code = runTranslate(commandArgs);
    else if (command == "syncs")
        code = runSyncs(commandArgs);
    else if (command == "decode")
        code = runDecode(commandArgs);
    else if (command == "simulate")
        code = runSimulate(commandArgs);
    else if (command == "tune")
        code = runTune(commandArgs);
    else if (command == "report")
        code = runReport(commandArgs);
    else if (command == "failover-plan")
        code = runFailoverPlan(commandArgs);
    else if (command == "record")
        code = runRecord(commandArgs);
    else if (command == "releases")
        code = runReleases(commandArgs);
    else if (command == "serve")
        code = runServe(commandArgs);
    else if (command == "import")
        code = runImport(commandArgs);
    else if (command == "export")
        code = runExport(commandArgs);
    else if (command == "bookmarks")
        code = runBookmarks(commandArgs);
    else if (command == "demo-cluster")
        code = runDemoCluster(commandArgs);
    else
        return report({kUsageError, "unknown command '" + toStd(command) + "'\n" + kUsage});
    // A script must not mistake a truncated answer (full disk, closed pipe) for a complete one.
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        return report({kInputError, std::string("cannot write the output: ") + std::strerror(errno)});
    return code;
}
