// What every driftscope-cli command shares: the exit-code contract (0 ok, 1 input error,
// 2 usage error), option parsing, the MM2 release options and loading --offset-syncs.
#pragma once

#include "model/mm2/store_replay.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace driftscope::cli {

enum ExitCode { kOk = 0, kInputError = 1, kUsageError = 2 };

// Why a command stops early: the message for stderr and the exit code.
struct Failure {
    ExitCode code;
    std::string message;
};

// A usage error: the message plus a pointer to --help.
Failure usage(std::string message);

// Prints the failure on stderr ("driftscope-cli: ...") and returns its exit code.
int report(const Failure& failure);

void printOut(const std::string& text);  // one line on stdout
void printNote(const std::string& text); // one line on stderr, for notes that are not errors

// Parses the command's arguments (args[0] is the command name). Returns an exit code when the
// command must stop now: 0 after printing --help, 2 after a usage error.
std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args);

// How MM2's store is rebuilt, for every command that rebuilds one: --mm2-version (whose help
// ends with `releaseDefault`, e.g. "Default: 4.4.0."), --task-start, --checkpoints-restored.
void addStoreReplayOptions(QCommandLineParser& parser, const QString& releaseDefault);
// Reads them; the release is `fallback` when --mm2-version is not given. A release applied with
// the rules of another (resolveRelease) has its warning printed and kept in out.releaseWarning.
std::optional<Failure> readStoreReplayOptions(const QCommandLineParser& parser, Release fallback,
                                              StoreReplayOptions& out);
// A task start beyond the `syncs` offset-sync records `where` holds is an input error.
std::optional<Failure> checkTaskStart(size_t taskStart, size_t syncs, const std::string& where);

// The store replay options and --offset-syncs FILE, for commands that rebuild the store from a file.
void addStoreOptions(QCommandLineParser& parser);

// Reads the store options and the file, and rebuilds the store as the chosen release would.
struct LoadedStore {
    std::optional<SyncStore> store;
    Release release;
    std::string path;                             // the --offset-syncs file
    std::vector<TopicPartition> syncedPartitions; // those the file holds an offset sync of, sorted
};
std::optional<Failure> loadStore(const QCommandLineParser& parser, LoadedStore& out);
// An answer about a partition the file holds no offset sync of would read as what MM2 does
// there, while the partition is most likely mistyped: an input error that names the partitions
// of `asked` without syncs and those the file does hold. None when every one has syncs.
std::optional<Failure> requireSyncsOf(const LoadedStore& loaded, const std::vector<TopicPartition>& asked);

std::string toStd(const QString& text);

// Reads numeric options, keeping the first usage error.
struct OptionReader {
    const QCommandLineParser& parser;
    std::optional<Failure> failure;

    std::optional<int64_t> integer(const char* name, int64_t min, int64_t max);
    std::optional<double> real(const char* name, double min, double max);
};

// Ctrl-C (SIGINT) and SIGTERM ask long-running commands to stop cleanly instead of killing them.
void catchInterrupts();
bool interrupted();

// --mm2-version (default `fallback`), resolved as resolveRelease does: a known release, or a newer
// one with the rules of a known one and a warning, which is printed here, once, on stderr
// (printReleaseWarning).
std::optional<Failure> readRelease(const QCommandLineParser& parser, Release fallback, ResolvedRelease& out);
// The same, for commands that need only the rules.
std::optional<Failure> readRelease(const QCommandLineParser& parser, Release fallback, Release& out);
// "driftscope-cli: note: WARNING" on stderr, when there is one.
void printReleaseWarning(const std::string& warning);

} // namespace driftscope::cli
