// Opens any file driftscope reads sessions from, told apart by content: a capture (SQLite), or
// text lines (MM2 formatter text, record JSON, or driftscope's JSON Lines export, mixed freely).
#pragma once

#include "model/session/session.h"
#include "model/util/result.h"

#include <string>
#include <vector>

namespace driftscope {

struct SessionFile {
    Session session;
    bool isCapture = false;
};

// A bad line fails the whole file with up to ten "path:line: problem" lines, so that nothing is
// silently left out.
Result<SessionFile> readSessionFile(const std::string& path);

// Several text files into one session, in order (for import); captures are refused here.
Result<Session> readSessionTexts(const std::vector<std::string>& paths);

} // namespace driftscope
