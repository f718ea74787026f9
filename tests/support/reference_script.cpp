#include "tests/support/reference_script.h"

#include "model/mm2/checkpoint_task.h"
#include "model/mm2/group_offset_sync.h"
#include "model/mm2/sync_emitter.h"
#include "model/records/formatter_text.h"
#include "model/util/integer_text.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace driftscope::test {
namespace {

std::vector<std::string> words(std::string_view line)
{
    std::vector<std::string> out;
    std::istringstream in{std::string(line)};
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

int64_t number(const std::string& text)
{
    const auto v = parseInt64(text);
    if (!v)
        throw std::runtime_error("not a Java long: '" + text + "'");
    return *v;
}

TopicPartition partitionOf(const std::string& text)
{
    auto tp = parseTopicPartition(text);
    if (!tp)
        throw std::runtime_error("not a topic-partition: '" + text + "'");
    return *tp;
}

// Metadata travels as one token, "-" for the empty string (as the Java driver writes it).
std::string unquote(const std::string& token)
{
    return token == "-" ? std::string() : token;
}

std::string quote(const std::string& metadata)
{
    return metadata.empty() ? "-" : metadata;
}

} // namespace

// The state of one script: a checkpoint task (whose store is the script's store), an emitter and
// the group offsets and idle target groups the script has set.
class ReferenceInterpreter::State {
public:
    explicit State(const Release& release) : m_profile(profileFor(release)) {}

    const SyncStore* storeIfAny() const { return m_task ? &m_task->store() : nullptr; }

    // Returns false for "---": the caller starts a new state.
    bool run(std::string_view line, std::string& out)
    {
        const size_t answer = line.find(" = ");
        const std::string command(line.substr(0, answer));
        const std::vector<std::string> w = words(command);
        if (w.empty() || w[0][0] == '#')
            return true;
        const std::string& verb = w[0];
        auto need = [&](size_t n) {
            if (w.size() < n)
                throw std::runtime_error("'" + command + "' needs " + std::to_string(n - 1) + " arguments");
        };
        if (verb == "---") {
            out += "---\n";
            return false;
        } else if (verb == "restore") {
            need(6);
            m_restored.push_back(
                Checkpoint{w[1], partitionOf(w[2]), number(w[3]), number(w[4]), unquote(w[5])});
        } else if (verb == "store") {
            const bool failed = w.size() > 1 && w[1] == "failed";
            m_task = std::make_unique<CheckpointTask>(
                m_profile, CheckpointTaskSettings{},
                failed ? std::nullopt : std::optional<std::vector<Checkpoint>>(m_restored));
            m_groupSync = std::make_unique<GroupOffsetSync>(m_profile);
        } else if (verb == "sync") {
            need(4);
            store().apply(OffsetSync{partitionOf(w[1]), number(w[2]), number(w[3])});
        } else if (verb == "start") {
            store().finishInitialLoad();
        } else if (verb == "t") {
            need(3);
            const Translation t = store().translate(partitionOf(w[1]), number(w[2]));
            out += command + " = " + (t.downstream ? std::to_string(*t.downstream) : "E") + "\n";
        } else if (verb == "state") {
            need(2);
            out += command + " = " + describeRetained(store().retained(partitionOf(w[1]))) + "\n";
        } else if (verb == "emitter") {
            need(2);
            m_emitter = std::make_unique<SyncEmitter>(m_profile, EmitterSettings{number(w[1]), 10});
        } else if (verb == "rec") {
            need(4);
            emitter().commitRecord(partitionOf(w[1]), number(w[2]), number(w[3]));
            printSent(out);
        } else if (verb == "commit") {
            emitter().commit();
            printSent(out);
        } else if (verb == "ack") {
            if (emitter().inFlight() > 0)
                emitter().sendCompleted();
        } else if (verb == "restart") {
            emitter().restart();
        } else if (verb == "offset") {
            need(4);
            std::optional<CommittedOffset> committed;
            if (w[3] != "null") {
                need(5);
                committed = CommittedOffset{number(w[3]), unquote(w[4])};
            }
            GroupOffsets& offsets = m_offsets[w[1]];
            const TopicPartition tp = partitionOf(w[2]);
            auto it =
                std::find_if(offsets.begin(), offsets.end(), [&](const auto& e) { return e.first == tp; });
            if (it == offsets.end())
                offsets.emplace_back(tp, committed);
            else
                it->second = committed;
        } else if (verb == "idle") {
            need(2);
            auto& offsets = m_idle[w[1]];
            if (w.size() > 3)
                offsets[partitionOf(w[2])] =
                    w[3] == "null" ? std::nullopt : std::optional<int64_t>(number(w[3]));
        } else if (verb == "poll") {
            std::vector<std::pair<std::string, GroupOffsets>> groups;
            for (size_t i = 1; i < w.size(); ++i)
                groups.emplace_back(w[i], m_offsets[w[i]]);
            const CheckpointTask::PollResult result = task().poll(groups, 0);
            if (result.failed) {
                out += command + " = failed\n";
                return true;
            }
            std::vector<std::string> lines;
            for (const EmittedCheckpoint& e : result.checkpoints) {
                const Checkpoint& c = e.checkpoint;
                lines.push_back("checkpoint " + c.group + " " + toString(c.tp) + " " +
                                std::to_string(c.upstream) + " " + std::to_string(c.downstream) + " " +
                                quote(c.metadata));
            }
            printBlock(command, lines, out);
        } else if (verb == "syncgroups") {
            task();
            std::vector<TargetGroup> idle;
            for (const auto& [group, offsets] : m_idle)
                idle.push_back(
                    TargetGroup{group, TargetGroup::State::Empty, {offsets.begin(), offsets.end()}});
            m_groupSync->refresh(idle);
            const GroupOffsetSync::SyncResult result = m_groupSync->sync(task().memory());
            if (result.aborted) {
                out += command + " = failed\n";
                return true;
            }
            m_idle.clear(); // MM2 forgets the idle groups after a sync run that finished
            std::vector<std::string> lines;
            for (const GroupOffsetWrite& write : result.writes)
                for (const auto& [tp, offset] : write.offsets)
                    lines.push_back("write " + write.group + " " + toString(tp) + " " +
                                    std::to_string(offset.offset));
            printBlock(command, lines, out);
        } else {
            throw std::runtime_error("unknown command '" + verb + "'");
        }
        return true;
    }

private:
    CheckpointTask& task()
    {
        if (!m_task)
            throw std::runtime_error("no store: a script starts with 'store'");
        return *m_task;
    }
    SyncStore& store() { return task().store(); }
    SyncEmitter& emitter()
    {
        if (!m_emitter)
            throw std::runtime_error("no emitter: 'emitter LAG' first");
        return *m_emitter;
    }

    static std::string describeRetained(const std::vector<RetainedSync>& retained)
    {
        if (retained.empty())
            return "(none)";
        std::string out;
        for (const RetainedSync& r : retained) {
            if (!out.empty())
                out += ' ';
            out += "[" + std::to_string(r.firstSlot);
            if (r.slotCount > 1)
                out += ".." + std::to_string(r.firstSlot + r.slotCount - 1);
            out += "]=" + std::to_string(r.sync.upstream) + ":" + std::to_string(r.sync.downstream);
        }
        return out;
    }

    void printSent(std::string& out)
    {
        for (const OffsetSync& s : m_emitter->takeSent())
            out += "send " + toString(s.tp) + " " + std::to_string(s.upstream) + " " +
                   std::to_string(s.downstream) + "\n";
    }

    static void printBlock(const std::string& command, std::vector<std::string> lines, std::string& out)
    {
        std::sort(lines.begin(), lines.end());
        out += command + " = " + std::to_string(lines.size()) + "\n";
        for (const std::string& l : lines)
            out += l + "\n";
    }

    ReleaseProfile m_profile;
    std::vector<Checkpoint> m_restored;
    std::unique_ptr<CheckpointTask> m_task;
    std::unique_ptr<GroupOffsetSync> m_groupSync;
    std::unique_ptr<SyncEmitter> m_emitter;
    std::map<std::string, GroupOffsets> m_offsets;
    std::map<std::string, std::map<TopicPartition, std::optional<int64_t>>> m_idle;
};

ReferenceInterpreter::ReferenceInterpreter(const Release& release)
    : m_state(std::make_unique<State>(release)), m_release(release)
{
}

ReferenceInterpreter::~ReferenceInterpreter() = default;

void ReferenceInterpreter::run(std::string_view line, std::string& out)
{
    if (!m_state->run(line, out))
        m_state = std::make_unique<State>(m_release);
}

const SyncStore* ReferenceInterpreter::store() const
{
    return m_state->storeIfAny();
}

std::string runReferenceScript(const Release& release, std::string_view script)
{
    ReferenceInterpreter interpreter(release);
    std::string out;
    size_t start = 0, lineNumber = 0;
    while (start < script.size()) {
        size_t end = script.find('\n', start);
        if (end == std::string_view::npos)
            end = script.size();
        ++lineNumber;
        const std::string_view line = script.substr(start, end - start);
        try {
            interpreter.run(line, out);
        } catch (const std::runtime_error& e) {
            throw std::runtime_error("script line " + std::to_string(lineNumber) + " '" + std::string(line) +
                                     "': " + e.what());
        }
        start = end + 1;
    }
    return out;
}

std::string checkAnsweredScript(const Release& release, std::string_view withAnswers)
{
    const std::string ours = runReferenceScript(release, withAnswers);
    std::istringstream expected{std::string(withAnswers)}, got{ours};
    std::string want, have, failures;
    int lineNumber = 0;
    while (std::getline(expected, want)) {
        ++lineNumber;
        if (want.find(" = ") == std::string::npos)
            continue;
        if (!std::getline(got, have))
            have = "(nothing)";
        if (have != want)
            failures += "line " + std::to_string(lineNumber) + ": expected '" + want +
                        "', driftscope gives '" + have + "'\n";
    }
    return failures;
}

} // namespace driftscope::test
