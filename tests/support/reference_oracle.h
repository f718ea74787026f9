// Differential testing against Kafka's own MirrorMaker 2 classes: seeded random reference scripts,
// the Java driver that runs them on a release's real classes, and a shrinker that cuts a script on
// which driftscope and Kafka disagree down to the shortest one that still disagrees.
#pragma once

#include "model/mm2/release.h"

#include <cstdint>
#include <string>
#include <vector>

namespace driftscope::test {

// Where the driver was prepared (tests/reference/prepare.sh) and how to start it.
struct JavaDriver {
    std::string sourceDir; // tests/reference
    std::string workDir;   // prepare.sh's WORK_DIR

    // Runs the scripts in one JVM, separated by "---"; the answers of each script, in order.
    // Throws std::runtime_error when the JVM cannot be started or answers fewer scripts.
    std::vector<std::string> run(const Release& release, const std::vector<std::string>& scripts) const;
};

enum class ScriptKind { Store, Emission, Checkpoints };

// A seeded random script of about `lines` commands: for Store one of the shapes regular, gappy,
// rewinding, bursty, restarting, near the int64 limits and many partitions (chosen by the seed);
// for Emission replicated records with gaps, rewinds, truncations, commits, acknowledgements and
// restarts; for Checkpoints syncs, group offsets (some null, some on excluded or back-mirrored
// topics), restored checkpoints, polls and group-offset syncs.
std::string generateScript(ScriptKind kind, uint64_t seed, int lines);

// The number of commands in a script (the operations it makes the store, emitter or task do).
int64_t commandCount(const std::string& script);

// The first line where two answers differ, "" when they are the same.
std::string firstDifference(const std::string& ours, const std::string& kafkas);

// The shortest script found (by removing chunks of lines, then single lines) on which driftscope
// and Kafka's classes still disagree. Every round of candidates runs in one JVM.
std::string shrink(const JavaDriver& driver, const Release& release, const std::string& failing);

} // namespace driftscope::test
