#include "java_peer.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace bench {

namespace {

// The JVM as Kafka's own scripts start MirrorMaker 2 (connect-mirror-maker.sh's heap,
// kafka-run-class.sh's G1 settings; not -XX:+ExplicitGCInvokesConcurrent, so that the peer's
// System.gc() after a run finishes before the C++ side runs), on the classpath driver.sh uses.
// The release's slf4j-api has no binding on that classpath: MM2's logging is slf4j's NOP logger.
constexpr const char* kScript =
    "command -v java > /dev/null || { echo 'error java is not on the PATH'; exit 1; }\n"
    "exec java -Xms256M -Xmx2G -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 "
    "-cp \"$(cat \"$1/cp-$2.txt\"):$1/driver.jar:$(cat \"$1/driver.classpath\")\" "
    "org.driftscope.reference.StoreBench 2> \"$1/storebench-$2.stderr\"\n";

bool nonEmptyFile(const std::filesystem::path& path)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) > 0;
}

std::vector<std::string> words(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

} // namespace

std::unique_ptr<JavaPeer> JavaPeer::start(const std::string& workDir, const std::string& release,
                                          std::string& why)
{
    const std::filesystem::path dir(workDir);
    for (const std::string& name :
         {"cp-" + release + ".txt", std::string("driver.jar"), std::string("driver.classpath")}) {
        if (!nonEmptyFile(dir / name)) {
            why = (dir / name).string() + " is missing (bash tests/reference/prepare.sh " + workDir + " " +
                  release + " prepares it)";
            return nullptr;
        }
    }
    std::signal(SIGPIPE, SIG_IGN); // a JVM that died is an error to report, not the bench's end

    int toJava[2], fromJava[2];
    if (pipe2(toJava, O_CLOEXEC) != 0) {
        why = std::string("pipe: ") + std::strerror(errno);
        return nullptr;
    }
    if (pipe2(fromJava, O_CLOEXEC) != 0) {
        why = std::string("pipe: ") + std::strerror(errno);
        close(toJava[0]);
        close(toJava[1]);
        return nullptr;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toJava[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fromJava[1], STDOUT_FILENO);
    std::string script = kScript, arg0 = "bash", dirArg = workDir, releaseArg = release;
    std::string c = "-c";
    char* argv[] = {arg0.data(),   c.data(),          script.data(), arg0.data(),
                    dirArg.data(), releaseArg.data(), nullptr};
    pid_t pid = -1;
    const int spawned = posix_spawnp(&pid, "bash", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(toJava[0]);
    close(fromJava[1]);
    if (spawned != 0) {
        why = std::string("cannot start bash: ") + std::strerror(spawned);
        close(toJava[1]);
        close(fromJava[0]);
        return nullptr;
    }

    std::unique_ptr<JavaPeer> peer(new JavaPeer);
    peer->m_pid = pid;
    peer->m_in = toJava[1];
    peer->m_out = fromJava[0];
    peer->m_stderrPath = (dir / ("storebench-" + release + ".stderr")).string();
    const std::optional<std::string> ready = peer->readLine(120, why);
    if (!ready)
        return nullptr;
    const std::vector<std::string> w = words(*ready);
    if (w.size() != 3 || w[0] != "ready") {
        why = "the JVM did not start the store: " + *ready;
        return nullptr;
    }
    peer->m_version = w[1];
    peer->m_mode = w[2];
    if (peer->m_version != release) {
        why = "the classpath of " + release + " runs Kafka " + peer->m_version;
        return nullptr;
    }
    return peer;
}

JavaPeer::~JavaPeer()
{
    if (m_in >= 0) {
        std::string ignored;
        send("quit", ignored);
        close(m_in);
    }
    if (m_out >= 0)
        close(m_out);
    if (m_pid > 0) {
        int status = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (waitpid(m_pid, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                kill(m_pid, SIGKILL);
                waitpid(m_pid, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
}

bool JavaPeer::send(const std::string& line, std::string& why)
{
    const std::string text = line + "\n";
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(m_in, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            why = "the JVM stopped reading (" + std::string(std::strerror(errno)) + ")" + stderrTail();
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

std::optional<std::string> JavaPeer::readLine(int timeoutSeconds, std::string& why)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
    for (;;) {
        const size_t newline = m_buffer.find('\n');
        if (newline != std::string::npos) {
            std::string line = m_buffer.substr(0, newline);
            m_buffer.erase(0, newline + 1);
            return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            why = "the JVM did not answer within " + std::to_string(timeoutSeconds) + " s";
            return std::nullopt;
        }
        pollfd p{m_out, POLLIN, 0};
        const int ready = poll(&p, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue; // the deadline check above reports it
        char chunk[4096];
        const ssize_t n = read(m_out, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            why = "the JVM exited" + stderrTail();
            return std::nullopt;
        }
        m_buffer.append(chunk, static_cast<size_t>(n));
    }
}

// ": <the last line of the JVM's stderr> (see FILE)", or "" when it wrote nothing.
std::string JavaPeer::stderrTail() const
{
    std::ifstream in(m_stderrPath);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty() && line.rfind("SLF4J:", 0) != 0)
            last = line;
    if (last.empty())
        return "";
    std::string hint;
    if (last.find("StoreBench") != std::string::npos)
        hint = "; driver.jar predates StoreBench? run tests/reference/prepare.sh again";
    return ": " + last + " (see " + m_stderrPath + hint + ")";
}

bool JavaPeer::warmup(uint64_t count, int repeats, std::string& why)
{
    if (!send("warmup " + std::to_string(count) + " " + std::to_string(repeats), why))
        return false;
    const std::optional<std::string> answer = readLine(600, why);
    if (!answer)
        return false;
    if (answer->rfind("warm ", 0) != 0) {
        why = "warm-up failed: " + *answer;
        return false;
    }
    return true;
}

std::optional<JavaPeer::Run> JavaPeer::run(const std::string& command, std::string& why)
{
    if (!send("run " + command, why))
        return std::nullopt;
    const std::optional<std::string> answer = readLine(600, why);
    if (!answer)
        return std::nullopt;
    const std::vector<std::string> w = words(*answer);
    if (w.size() != 5 || w[0] != "ok") {
        why = "run " + command + ": " + *answer;
        return std::nullopt;
    }
    Run r;
    r.operations = std::stoull(w[2]);
    r.seconds = static_cast<double>(std::stoll(w[3])) / 1e9;
    r.checksum = std::stoll(w[4]);
    return r;
}

} // namespace bench
