// A session imported from text lines (session_json.h SessionLineReader): driftscope's JSON Lines
// export, record JSON and formatter text, mixed, as `import` and readSessionFile read them.
//
// Checks: a bad line adds nothing; the session keeps the invariants of model_checks.h; it exports
// to lines that all import again without a problem, and that import exports to the very same lines.
#include "model_checks.h"

#include "model/session/session_json.h"

using namespace driftscope;
using fuzz::check;

namespace {

std::vector<std::string> exported(const Session& session)
{
    std::vector<std::string> lines;
    exportSession(session, [&](const std::string& line) { lines.push_back(line); });
    return lines;
}

// What a bad line must leave as it was: every list and dictionary size, and the set-up.
std::vector<std::string> shape(const Session& s)
{
    const Session::Mark c = s.mark();
    std::vector<std::string> out;
    for (size_t n :
         {c.partitions, c.groups, c.syncs, c.checkpoints, c.heartbeats, c.undecodable, c.groupOffsets,
          c.logOffsets, c.events, c.positions, s.info.configuration.size(), s.info.groups.size()})
        out.push_back(std::to_string(n));
    const SessionInfo& i = s.info;
    for (const std::string* text :
         {&i.sourceAlias, &i.targetAlias, &i.release, &i.offsetSyncsTopic, &i.checkpointsTopic,
          &i.heartbeatsTopic, &i.connectOffsetsTopic, &i.policy.separator, &i.policy.identitySourceAlias,
          &i.origin, &i.toolVersion})
        out.push_back(*text);
    for (int64_t n :
         {int64_t(i.offsetSyncsSide), int64_t(i.policy.kind), int64_t(i.policy.internalTopicSeparatorEnabled),
          i.emitCheckpointsIntervalMs, i.startedAtMs})
        out.push_back(std::to_string(n));
    return out;
}

std::string joinedLines(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& line : lines)
        out += line + '\n';
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Session session;
    session.info.origin = "import"; // as readSessionTexts starts
    SessionLineReader reader(session);
    for (std::string_view line : fuzz::linesOf(fuzz::asText(data, size))) {
        const std::vector<std::string> before = shape(session);
        if (reader.read(line))
            check(shape(session) == before, "a bad line adds nothing", std::string(line));
    }

    fuzz::checkSession(session);
    const std::vector<std::string> first = exported(session);
    Session again;
    SessionLineReader reread(again);
    for (const std::string& line : first) {
        const auto problem = reread.read(line);
        check(!problem, "an exported line imports", line + "\n" + problem.value_or(""));
    }
    const std::vector<std::string> second = exported(again);
    check(first == second, "export(import(export)) == export",
          joinedLines(first) + "--\n" + joinedLines(second));
    return 0;
}
