// driftscope-bench part: the Java peer, a JVM running Kafka's real OffsetSyncStore of one release
// (tests/reference/src/main/java/org/driftscope/reference/StoreBench.java) on the bench's own
// workloads, one command at a time, so that the bench can alternate its rounds with driftscope's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace bench {

class JavaPeer {
public:
    struct Run {
        uint64_t operations = 0;
        double seconds = 0; // the timed sections only
        int64_t checksum = 0;
        double rate() const { return seconds > 0 ? static_cast<double>(operations) / seconds : 0; }
    };

    // Starts the JVM on `release`'s connect-mirror classpath as prepared in `workDir` by
    // tests/reference/prepare.sh (cp-RELEASE.txt, driver.jar, driver.classpath) and waits until it
    // is ready. nullptr, with `why` set, when it cannot run (no java, no prepared work dir, ...).
    static std::unique_ptr<JavaPeer> start(const std::string& workDir, const std::string& release,
                                           std::string& why);
    ~JavaPeer(); // asks the JVM to quit and waits for it

    JavaPeer(const JavaPeer&) = delete;
    JavaPeer& operator=(const JavaPeer&) = delete;

    const std::string& version() const { return m_version; } // kafka-clients' own version
    const std::string& mode() const { return m_mode; }       // how store updates are timed

    // Every workload `repeats` times at `count` syncs, for the JIT. False (with `why`) on failure.
    bool warmup(uint64_t count, int repeats, std::string& why);

    // One run of a workload on a fresh store: "store_update_1p N", "translate_1p N",
    // "store_update_1000p P K" or "decode_update_1p N".
    std::optional<Run> run(const std::string& command, std::string& why);

private:
    JavaPeer() = default;
    bool send(const std::string& line, std::string& why);
    std::optional<std::string> readLine(int timeoutSeconds, std::string& why);
    std::string stderrTail() const;

    int m_pid = -1;
    int m_in = -1;  // the JVM's stdin
    int m_out = -1; // the JVM's stdout
    std::string m_buffer;
    std::string m_stderrPath;
    std::string m_version;
    std::string m_mode;
};

} // namespace bench
