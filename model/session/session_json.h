// A session as JSON Lines (driftscope-cli export, and import of such exports): one flat object
// per line, with a "kind" saying what it is:
//   session, config, selected-group       how the session was set up
//   offset-sync, checkpoint, heartbeat    records (record_json.h fields plus "topic_offset",
//                                         "timestamp_ms", "read_at_ms")
//   undecodable                           a record kept raw: "internal_topic", "partition",
//                                         stamps, "key_hex" / "value_hex" (null: a null key or
//                                         value) and "reason"
//   group-offset, log-offsets             samples, with "side" and "sampled_at_ms"
//   event                                 what happened to the reader
//   bookmark                              a moment a reviewer named: "at_ms", "name"
// Plain MM2 record lines (formatter text or record JSON without stamps) read too: they get
// their position in the file as topic offset and no times.
#pragma once

#include "model/session/session.h"

#include <functional>
#include <string>
#include <string_view>

namespace driftscope {

// Calls `line` for every line of the export, in order: set-up lines, then records per topic in
// topic order, undecodable records, samples, events and bookmarks.
void exportSession(const Session& session, const std::function<void(const std::string&)>& line);

// Builds a session from lines of an export, of formatter text and of record JSON, in any mix.
class SessionLineReader {
public:
    explicit SessionLineReader(Session& into) : m_into(into) {}
    // One line (without its line break). Blank lines are ignored. Returns the problem, if any;
    // nothing is added for a bad line.
    std::optional<std::string> read(std::string_view line);

private:
    std::optional<std::string> readJson(std::string_view line);
    Session& m_into;
};

} // namespace driftscope
