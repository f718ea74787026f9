// The reference script language and driftscope's interpreter of it. The same scripts run through
// Kafka's own MirrorMaker 2 classes (tests/reference, the Java driver): both answer every query
// line with the line itself plus " = result", so their outputs compare line by line, and a script
// with its answers (tests/data/store_oracle_cases.txt) is itself a script. The language is
// described in tests/reference/README.md.
#pragma once

#include "model/mm2/release.h"
#include "model/mm2/sync_store.h"

#include <memory>
#include <string>
#include <string_view>

namespace driftscope::test {

// The interpreter, one command at a time (for tests that check more than the answers, such as
// Kafka's invariant checker after every sync).
class ReferenceInterpreter {
public:
    explicit ReferenceInterpreter(const Release& release);
    ~ReferenceInterpreter();
    // Runs one command line and appends its answers, one a line, to `out`. Throws
    // std::runtime_error on a malformed line.
    void run(std::string_view line, std::string& out);
    // The script's store; nullptr before its 'store' command.
    const SyncStore* store() const;

private:
    class State;
    std::unique_ptr<State> m_state;
    Release m_release;
};

// Runs `script` (one command a line; "---" lines separate independent scripts) under `release`
// and returns the answers, one a line. Throws std::runtime_error on a malformed line.
std::string runReferenceScript(const Release& release, std::string_view script);

// The query lines of `withAnswers` (lines containing " = ") whose answer differs from what
// driftscope gives, as "line N: expected ..., driftscope gives ..."; empty when all agree.
std::string checkAnsweredScript(const Release& release, std::string_view withAnswers);

} // namespace driftscope::test
