#include "tests/support/reference_oracle.h"

#include "tests/support/reference_script.h"

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace driftscope::test {
namespace {

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

std::string joinLines(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& l : lines)
        out += l + '\n';
    return out;
}

// Offsets wrap like Java longs: the generator adds in uint64_t and reinterprets.
int64_t wrapAdd(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

class Gen {
public:
    explicit Gen(uint64_t seed) : m_rng(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() { return m_rng(); }
    int64_t range(int64_t lo, int64_t hi) // inclusive, hi - lo < 2^63
    {
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(m_rng) < p; }
    int64_t gapBelowPowerOfTwo(int n)
    {
        return n >= 63 ? static_cast<int64_t>(next() >> 1) : range(0, (int64_t{1} << n) - 1);
    }
    // A starting offset: small, large, or within reach of either int64 limit.
    int64_t base(double nearLimits)
    {
        if (!chance(nearLimits))
            return range(0, 1'000'000);
        switch (next() % 4) {
        case 0:
            return INT64_MAX - range(0, 100'000);
        case 1:
            return INT64_MIN + range(0, 100'000);
        case 2:
            return (int64_t{1} << 62) - range(0, 100'000);
        default:
            return static_cast<int64_t>(next());
        }
    }

private:
    std::mt19937_64 m_rng;
};

std::string tpName(const std::string& topic, int partition)
{
    return topic + "-" + std::to_string(partition);
}

// Store scripts: an initial load, start, then live syncs and queries, in one of seven shapes.
std::string storeScript(Gen& g, int lines)
{
    enum Shape { Regular, Gappy, Rewinding, Bursty, Restarting, NearLimits, ManyPartitions };
    const Shape shape = static_cast<Shape>(g.next() % 7);
    const int partitions =
        shape == ManyPartitions ? static_cast<int>(g.range(20, 200)) : static_cast<int>(g.range(1, 3));
    struct P {
        int64_t u, d;
        std::vector<std::pair<int64_t, int64_t>> history; // what the syncs topic holds for it
    };
    std::vector<P> ps(static_cast<size_t>(partitions));
    for (P& p : ps) {
        p.u = g.base(shape == NearLimits ? 0.9 : 0.1);
        p.d = g.chance(0.8) ? wrapAdd(p.u, g.range(-1000, 1000)) : g.base(0.5);
    }
    const int64_t regularStep = std::vector<int64_t>{1, 3, 7, 100, 101, 1023, 65535}[g.next() % 7];
    const int gapBits = static_cast<int>(g.range(1, 62));
    auto name = [&](size_t i) {
        return tpName(i % 3 == 2 ? "topic-with-dash" : (i % 3 ? "orders" : "t"), static_cast<int>(i));
    };

    std::string out = g.chance(0.5) ? "store restored\n" : "store failed\n";
    int count = 1;
    const int initial = static_cast<int>(g.range(0, lines / 4));
    bool started = false;
    auto emitSync = [&](size_t i) {
        P& p = ps[i];
        int64_t gap = regularStep;
        switch (shape) {
        case Regular:
        case ManyPartitions:
            gap = regularStep;
            break;
        case Gappy:
        case NearLimits:
            gap = g.gapBelowPowerOfTwo(gapBits);
            break;
        case Rewinding:
            gap = g.chance(0.03) ? -g.range(1, 5000) : g.range(0, 300);
            break;
        case Bursty:
            gap = g.chance(0.9) ? 1 : g.gapBelowPowerOfTwo(gapBits);
            break;
        case Restarting:
            gap = g.range(1, 400);
            break;
        }
        p.u = wrapAdd(p.u, gap);
        const int64_t dgap = gap <= 0
                                 ? g.range(0, 3)
                                 : (g.chance(0.7) ? gap : g.range(0, gap < INT64_MAX / 2 ? gap * 2 : gap));
        p.d = wrapAdd(p.d, dgap);
        p.history.emplace_back(p.u, p.d);
        out += "sync " + name(i) + " " + std::to_string(p.u) + " " + std::to_string(p.d) + "\n";
    };
    auto query = [&](size_t i) {
        const P& p = ps[i];
        int64_t u;
        switch (g.next() % 6) {
        case 0:
            u = p.u;
            break;
        case 1:
            u = wrapAdd(p.u, g.range(1, 3));
            break;
        case 2:
            u = wrapAdd(p.u, -g.gapBelowPowerOfTwo(static_cast<int>(g.range(1, 40))));
            break;
        case 3:
            u = p.history.empty() ? p.u : p.history[g.next() % p.history.size()].first + g.range(-1, 2);
            break;
        case 4:
            u = g.chance(0.5) ? INT64_MAX : INT64_MIN;
            break;
        default:
            u = static_cast<int64_t>(g.next());
            break;
        }
        out += "t " + name(i) + " " + std::to_string(u) + "\n";
    };
    while (count < lines) {
        const size_t i = g.next() % ps.size();
        if (!started && count >= initial) {
            out += "start\n";
            started = true;
        } else if (shape == Restarting && started && g.chance(0.01)) {
            // The checkpoint task restarts: a new store reads what the (compacted) topic still
            // holds, then goes live again.
            out += g.chance(0.5) ? "store restored\n" : "store failed\n";
            for (size_t j = 0; j < ps.size(); ++j) {
                const auto& h = ps[j].history;
                const size_t keep = std::min<size_t>(h.size(), static_cast<size_t>(g.range(1, 40)));
                for (size_t k = h.size() - keep; k < h.size(); ++k)
                    out += "sync " + name(j) + " " + std::to_string(h[k].first) + " " +
                           std::to_string(h[k].second) + "\n";
                count += static_cast<int>(keep);
            }
            started = g.chance(0.1); // sometimes queried before the new load finished
            if (started)
                out += "start\n";
        } else {
            const uint64_t r = g.next() % 100;
            if (r < 65)
                emitSync(i);
            else if (r < 92)
                query(i);
            else
                out += "state " + name(i) + "\n";
        }
        ++count;
    }
    return out;
}

// Emission scripts: records replicated through one source task, with its acks, commits and restarts.
std::string emissionScript(Gen& g, int lines)
{
    const std::vector<int64_t> lags{0, 1, 2, 10, 50, 100, -5};
    const int64_t lag = g.chance(0.8) ? lags[g.next() % lags.size()] : g.range(0, 300);
    const int partitions = static_cast<int>(g.range(1, 12));
    struct P {
        int64_t u, d;
    };
    std::vector<P> ps(static_cast<size_t>(partitions));
    const bool nearLimits = g.chance(0.2);
    for (P& p : ps) {
        p.u = g.base(nearLimits ? 0.9 : 0.05);
        p.d = g.base(nearLimits ? 0.9 : 0.05);
    }
    std::string out = "emitter " + std::to_string(lag) + "\n";
    const double ackRate = g.chance(0.3) ? 0.02 : 0.3; // sometimes the permits run out
    for (int count = 1; count < lines; ++count) {
        const uint64_t r = g.next() % 1000;
        if (r < 40) {
            out += "commit\n";
            continue;
        }
        if (r < 40 + static_cast<uint64_t>(ackRate * 300)) {
            out += "ack\n";
            continue;
        }
        if (r < 40 + static_cast<uint64_t>(ackRate * 300) + 3) {
            out += "restart\n";
            continue;
        }
        P& p = ps[g.next() % ps.size()];
        const uint64_t kind = g.next() % 100;
        if (kind < 80) { // contiguous
            p.u = wrapAdd(p.u, 1);
            p.d = wrapAdd(p.d, 1);
        } else if (kind < 88) { // upstream gap (markers, compaction)
            p.u = wrapAdd(p.u, g.range(2, 50));
            p.d = wrapAdd(p.d, 1);
        } else if (kind < 93) { // downstream drift (markers on the target)
            p.u = wrapAdd(p.u, 1);
            p.d = wrapAdd(p.d, g.range(2, 2 * (lag > 0 ? lag : 1) + 2));
        } else if (kind < 96) { // upstream rewind (a restarted task re-reads)
            p.u = wrapAdd(p.u, -g.range(0, 20));
            p.d = wrapAdd(p.d, 1);
        } else if (kind < 98) { // downstream truncation
            p.u = wrapAdd(p.u, 1);
            p.d = wrapAdd(p.d, -g.range(1, 1000));
        } else {
            p.u = wrapAdd(p.u, 1);
            p.d = wrapAdd(p.d, 1);
        }
        if (p.d == -1) // RecordMetadata without an offset: MM2 skips it, driftscope is never given one
            p.d = 0;
        const size_t i = static_cast<size_t>(&p - ps.data());
        out += "rec " + tpName(i % 2 ? "orders" : "clicks", static_cast<int>(i)) + " " + std::to_string(p.u) +
               " " + std::to_string(p.d) + "\n";
    }
    return out;
}

// Checkpoint scripts: a store with syncs for mirrored, back-mirrored and filtered topics, groups
// committing on them, polls, idle target groups and group-offset syncs.
std::string checkpointScript(Gen& g, int lines)
{
    const std::vector<std::string> topics{
        "orders", "clicks", "B.back", "B.A.orders", "app.internal", "__consumer_offsets", "x.replica"};
    const std::vector<std::string> groups{"g1", "g2", "g3", "console-consumer-1"};
    struct P {
        std::string tp;
        int64_t u, d;
        std::vector<int64_t> syncs;
    };
    std::vector<P> ps;
    for (const std::string& t : topics)
        for (int part = 0; part < 2; ++part)
            ps.push_back(P{tpName(t, part), g.base(0.1), 0, {}});
    for (P& p : ps)
        p.d = wrapAdd(p.u, g.range(-500, 500));
    auto renamed = [](const std::string& tp) {
        // what MM2 names the partition on the target under DefaultReplicationPolicy, A -> B
        if (tp.rfind("B.A.", 0) == 0)
            return tp.substr(4);
        if (tp.rfind("B.", 0) == 0)
            return tp.substr(2);
        return "A." + tp;
    };
    std::string out;
    int count = 0;
    if (g.chance(0.4)) { // checkpoints the task restores at start (3.7.1+)
        const int n = static_cast<int>(g.range(1, 6));
        for (int k = 0; k < n; ++k, ++count) {
            // What a checkpoints topic can hold: MM2 never emits a negative offset.
            const P& p = ps[g.next() % ps.size()];
            int64_t u = wrapAdd(p.u, g.range(-300, 300)), d = wrapAdd(u, g.range(-600, 600));
            u = u < 0 ? g.range(0, 3) : u;
            d = d < 0 ? g.range(0, 3) : d;
            out += "restore " + groups[g.next() % 3] + " " + renamed(p.tp) + " " + std::to_string(u) + " " +
                   std::to_string(d) + " -\n";
        }
    }
    out += g.chance(0.8) ? "store restored\n" : "store failed\n";
    const int startAt = static_cast<int>(g.range(count, count + lines / 5));
    bool started = false;
    std::string metas[] = {"-", "-", "m1", "commit-meta"};
    while (++count < lines) {
        if (!started && count >= startAt) {
            out += "start\n";
            started = true;
            continue;
        }
        const uint64_t r = g.next() % 100;
        P& p = ps[g.next() % ps.size()];
        if (r < 40) {
            p.u = wrapAdd(p.u, g.range(0, 250));
            p.d = wrapAdd(p.d, g.range(0, 250));
            if (g.chance(0.01))
                p.u = wrapAdd(p.u, -g.range(1, 2000)); // rewind
            p.syncs.push_back(p.u);
            out += "sync " + p.tp + " " + std::to_string(p.u) + " " + std::to_string(p.d) + "\n";
        } else if (r < 75) {
            const std::string& group = groups[g.next() % groups.size()];
            if (g.chance(0.02)) {
                out += "offset " + group + " " + p.tp + " null\n";
            } else {
                int64_t u = p.syncs.empty() || g.chance(0.5)
                                ? wrapAdd(p.u, -g.range(-5, 3000))
                                : p.syncs[g.next() % p.syncs.size()] + g.range(0, 2);
                if (g.chance(0.05) || u < 0)
                    u = g.range(0,
                                3); // committed offsets are never negative (OffsetAndMetadata refuses them)
                out += "offset " + group + " " + p.tp + " " + std::to_string(u) + " " + metas[g.next() % 4] +
                       "\n";
            }
        } else if (r < 88) {
            out += "poll g1 g2 g3 console-consumer-1\n";
        } else if (r < 95) {
            const std::string& group = groups[g.next() % 3];
            if (g.chance(0.2))
                out += "idle " + group + "\n";
            else if (g.chance(0.03))
                out += "idle " + group + " " + renamed(p.tp) + " null\n";
            else {
                const int64_t d = wrapAdd(p.d, g.range(-300, 50));
                out += "idle " + group + " " + renamed(p.tp) + " " +
                       std::to_string(d < 0 ? g.range(0, 3) : d) + "\n";
            }
        } else {
            out += "syncgroups\n";
        }
    }
    return out;
}

} // namespace

std::vector<std::string> JavaDriver::run(const Release& release,
                                         const std::vector<std::string>& scripts) const
{
    char inPath[] = "/tmp/driftscope-reference-in-XXXXXX";
    const int fd = mkstemp(inPath);
    if (fd < 0)
        throw std::runtime_error("cannot create a temporary script file");
    close(fd);
    {
        std::ofstream in(inPath, std::ios::binary);
        for (size_t i = 0; i < scripts.size(); ++i) {
            if (i > 0)
                in << "---\n";
            in << scripts[i];
        }
    }
    const std::string outPath = std::string(inPath) + ".out";
    const std::string command = "bash '" + sourceDir + "/driver.sh' '" + workDir + "' " + toString(release) +
                                " < '" + inPath + "' > '" + outPath + "'";
    const int status = std::system(command.c_str());
    std::ifstream answers(outPath, std::ios::binary);
    std::stringstream all;
    all << answers.rdbuf();
    std::remove(inPath);
    std::remove(outPath.c_str());
    if (status != 0)
        throw std::runtime_error("the reference driver for " + toString(release) + " failed (" + command +
                                 "; its stderr is in " + workDir + "/driver-" + toString(release) +
                                 ".stderr)");
    std::vector<std::string> out(1);
    for (const std::string& line : splitLines(all.str())) {
        if (line == "---")
            out.emplace_back();
        else
            out.back() += line + '\n';
    }
    if (out.size() != scripts.size())
        throw std::runtime_error("the reference driver answered " + std::to_string(out.size()) +
                                 " scripts of " + std::to_string(scripts.size()));
    return out;
}

std::string generateScript(ScriptKind kind, uint64_t seed, int lines)
{
    Gen g(seed ^ (static_cast<uint64_t>(kind) << 56));
    switch (kind) {
    case ScriptKind::Store:
        return storeScript(g, lines);
    case ScriptKind::Emission:
        return emissionScript(g, lines);
    case ScriptKind::Checkpoints:
        return checkpointScript(g, lines);
    }
    return {};
}

int64_t commandCount(const std::string& script)
{
    int64_t n = 0;
    for (char c : script)
        n += c == '\n';
    return n;
}

std::string firstDifference(const std::string& ours, const std::string& kafkas)
{
    const std::vector<std::string> a = splitLines(ours), b = splitLines(kafkas);
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const std::string x = i < a.size() ? a[i] : "(nothing)";
        const std::string y = i < b.size() ? b[i] : "(nothing)";
        if (x != y)
            return "answer " + std::to_string(i + 1) + ": Kafka '" + y + "', driftscope '" + x + "'";
    }
    return {};
}

std::string shrink(const JavaDriver& driver, const Release& release, const std::string& failing)
{
    std::vector<std::string> lines = splitLines(failing);
    auto disagreeAll = [&](const std::vector<std::vector<std::string>>& candidates) {
        std::vector<std::string> scripts;
        for (const auto& c : candidates)
            scripts.push_back(joinLines(c));
        const std::vector<std::string> kafka = driver.run(release, scripts);
        std::vector<bool> result;
        for (size_t i = 0; i < scripts.size(); ++i) {
            bool differs = false;
            try {
                differs = kafka[i].find("error line") == std::string::npos &&
                          !firstDifference(runReferenceScript(release, scripts[i]), kafka[i]).empty();
            } catch (const std::runtime_error&) {
                differs = false; // not a valid script any more
            }
            result.push_back(differs);
        }
        return result;
    };
    // Prefixes first (the disagreement shows at some line; what follows it is not needed), then
    // chunks of decreasing size, each round in one JVM.
    for (size_t chunk = std::max<size_t>(1, lines.size() / 2); chunk >= 1;) {
        std::vector<std::vector<std::string>> candidates;
        for (size_t cut = 1; cut * chunk < lines.size() && candidates.size() < 64; ++cut)
            candidates.emplace_back(lines.begin(), lines.begin() + static_cast<long>(cut * chunk));
        const std::vector<bool> differs = candidates.empty() ? std::vector<bool>{} : disagreeAll(candidates);
        bool shortened = false;
        for (size_t i = 0; i < differs.size(); ++i)
            if (differs[i]) {
                lines = candidates[i];
                shortened = true;
                break;
            }
        if (!shortened) {
            if (chunk == 1)
                break;
            chunk /= 2;
        }
    }
    for (size_t chunk = std::max<size_t>(1, lines.size() / 4); chunk >= 1;) {
        std::vector<std::vector<std::string>> candidates;
        for (size_t at = 0; at < lines.size() && candidates.size() < 256; at += chunk) {
            std::vector<std::string> c(lines.begin(), lines.begin() + static_cast<long>(at));
            c.insert(c.end(), lines.begin() + static_cast<long>(std::min(lines.size(), at + chunk)),
                     lines.end());
            candidates.push_back(std::move(c));
        }
        const std::vector<bool> differs = disagreeAll(candidates);
        bool removed = false;
        for (size_t i = 0; i < differs.size(); ++i)
            if (differs[i]) {
                lines = candidates[i];
                removed = true;
                break;
            }
        if (!removed) {
            if (chunk == 1)
                break;
            chunk /= 2;
        }
    }
    return joinLines(lines);
}

} // namespace driftscope::test
