// driftscope-bench part: opening a capture to a ready model (the store and the checkpoints in
// force rebuilt at the end of the capture).
#pragma once

#include <string>

namespace bench {

struct CaptureFigures {
    std::string path; // the fixture
    size_t partitions = 0, syncs = 0, checkpoints = 0;
    double fileMegabytes = 0;
    double writeSeconds = 0; // building the fixture, not part of the target
    double readSeconds = 0;  // readCapture: SQLite and block decoding
    double modelSeconds = 0; // Mm2State: store rebuild and checkpoints in force
    size_t unexplained = 0;  // must be 0: the fixture's checkpoints follow its syncs
    std::string error;       // why there are no figures (the fixture could not be written or read)
};

// Writes (or reuses, in `directory`) a capture of `partitions` partitions, exactly `syncs` offset
// syncs and exactly `checkpoints` checkpoints (at most one per sync), then times opening it.
CaptureFigures runCaptureBench(const std::string& directory, size_t partitions, size_t syncs,
                               size_t checkpoints);

} // namespace bench
