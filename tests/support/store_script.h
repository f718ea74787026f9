// The compact notation in which the tests spell out Kafka's OffsetSyncStoreTest vectors, as a front
// end to the one reference script interpreter (tests/support/reference_script.h): every command
// becomes reference-language lines on partition topic1-2 and is answered by the same code that the
// differential tests against Kafka's own classes use. Commands, separated by ';':
//   sync U [D]       one sync (D defaults to U)
//   syncs A..B/S     syncs U = D = A, A+S, ..., B
//   start            the initial read-to-end finished
//   T U=R            translate(U) gives R: an integer, or E for no answer (empty)
//   state RUNS       the slots in describeSlots() notation, e.g. [0..4]=10 [5..63]=0
//   statefull RUNS   the same with downstream offsets, e.g. [0..4]=10:510 [5..63]=0:500
//   SS S P           sparse sync: T(S-1) = (P = -1 ? -1 : P+1), T(S) = S, T(S+1) = T(S+2) = S+1
// After every sync of a slotted store, Kafka's invariant checker runs too.
#pragma once

#include "model/records/formatter_text.h"
#include "model/util/integer_text.h"
#include "tests/support/reference_script.h"
#include "tests/support/store_checks.h"

#include <regex>
#include <sstream>
#include <string>
#include <string_view>

namespace driftscope::test {

inline const TopicPartition kTp{"topic1", 2};
inline constexpr const char* kScriptTp = "topic1-2"; // kTp as the script language spells it

// Returns an empty string when every expectation held, else the first failure.
inline std::string runStoreScript(const Release& release, bool checkpointsRestored, std::string_view script)
{
    ReferenceInterpreter interpreter(release);
    std::string ignored;
    interpreter.run(checkpointsRestored ? "store restored" : "store failed", ignored);
    const std::string tp = kScriptTp;

    auto number = [](const std::string& text) {
        return parseInt64(text).value();
    };
    // One reference query; its answer without the query and " = ".
    auto ask = [&](const std::string& query) {
        std::string answer;
        interpreter.run(query, answer);
        const size_t eq = answer.find(" = ");
        std::string result = eq == std::string::npos ? answer : answer.substr(eq + 3);
        while (!result.empty() && result.back() == '\n')
            result.pop_back();
        return result;
    };
    auto expectT = [&](int64_t u, const std::string& want) -> std::string {
        const std::string got = ask("t " + tp + " " + std::to_string(u));
        return got == want ? "" : "T(" + std::to_string(u) + ") = " + got + ", expected " + want;
    };
    auto applySync = [&](int64_t u, int64_t d) -> std::string {
        std::string none;
        interpreter.run("sync " + tp + " " + std::to_string(u) + " " + std::to_string(d), none);
        if (const SyncSlots* syncs = interpreter.store()->slotsOf(kTp))
            return sparseSyncInvariantViolation(*syncs);
        return {};
    };

    size_t start = 0;
    while (start < script.size()) {
        size_t end = script.find(';', start);
        if (end == std::string_view::npos)
            end = script.size();
        std::string command(script.substr(start, end - start));
        start = end + 1;
        std::istringstream in(command);
        std::string verb;
        in >> verb;
        std::string failure;
        if (verb.empty()) {
            continue;
        } else if (verb == "sync") {
            std::string u, d;
            in >> u >> d;
            failure = applySync(number(u), number(d.empty() ? u : d));
        } else if (verb == "syncs") {
            std::string range;
            in >> range;
            const size_t dots = range.find(".."), slash = range.find('/');
            const int64_t from = number(range.substr(0, dots));
            const int64_t to = number(range.substr(dots + 2, slash - dots - 2));
            const int64_t step = number(range.substr(slash + 1));
            for (int64_t u = from; u <= to && failure.empty(); u += step)
                failure = applySync(u, u);
        } else if (verb == "start") {
            interpreter.run("start", ignored);
        } else if (verb == "T") {
            std::string expr;
            in >> expr;
            const size_t eq = expr.find('=');
            failure = expectT(number(expr.substr(0, eq)), expr.substr(eq + 1));
        } else if (verb == "state" || verb == "statefull") {
            std::string want;
            std::getline(in >> std::ws, want);
            std::string got = ask("state " + tp);
            if (got == "(none)")
                got = "(no slots)";
            else if (verb == "state")
                got = std::regex_replace(got, std::regex(":-?[0-9]+"), ""); // upstream offsets only
            if (got != want)
                failure = "state is " + got + ", expected " + want;
        } else if (verb == "SS") {
            std::string s, p;
            in >> s >> p;
            const int64_t sync = number(s), previous = number(p);
            for (const auto& [u, want] :
                 {std::pair{sync - 1, previous == -1 ? -1 : previous + 1}, std::pair{sync, sync},
                  std::pair{sync + 1, sync + 1}, std::pair{sync + 2, sync + 1}}) {
                failure = expectT(u, std::to_string(want));
                if (!failure.empty())
                    break;
            }
        } else {
            failure = "unknown script command '" + verb + "'";
        }
        if (!failure.empty())
            return "at '" + command + "': " + failure;
    }
    return {};
}

} // namespace driftscope::test
