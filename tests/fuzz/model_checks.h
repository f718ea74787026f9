// Invariants every record and session must keep, however they were read: ids refer to entries
// of the session's dictionaries, and every name and text is well-formed UTF-8 (what the JSON
// Lines export can write and what MM2's own decoding gives, records.h).
#pragma once

#include "fuzz_support.h"

#include "model/records/formatter_text.h"
#include "model/session/session.h"

namespace driftscope::fuzz {

inline void checkUtf8(const std::string& text, const char* what)
{
    check(isWellFormedUtf8(text), what, text);
}

inline void checkRecord(const MirrorRecord& record)
{
    if (const auto* sync = std::get_if<OffsetSync>(&record)) {
        checkUtf8(sync->tp.topic, "topics are well-formed UTF-8");
    } else if (const auto* cp = std::get_if<Checkpoint>(&record)) {
        checkUtf8(cp->group, "groups are well-formed UTF-8");
        checkUtf8(cp->tp.topic, "topics are well-formed UTF-8");
        checkUtf8(cp->metadata, "checkpoint metadata is well-formed UTF-8");
    } else {
        const auto& hb = std::get<Heartbeat>(record);
        checkUtf8(hb.sourceAlias, "heartbeat aliases are well-formed UTF-8");
        checkUtf8(hb.targetAlias, "heartbeat aliases are well-formed UTF-8");
    }
}

inline void checkSession(const Session& o)
{
    for (uint32_t id = 0; id < o.partitionCount(); ++id)
        checkUtf8(o.partition(id).topic, "topics are well-formed UTF-8");
    for (uint32_t id = 0; id < o.groupCount(); ++id)
        checkUtf8(o.group(id), "groups are well-formed UTF-8");
    for (const auto& s : o.syncs)
        check(s.partition < o.partitionCount(), "sync partition ids are in the dictionary");
    for (const auto& c : o.checkpoints) {
        check(c.partition < o.partitionCount() && c.group < o.groupCount(),
              "checkpoint ids are in the dictionaries");
        checkUtf8(c.metadata, "checkpoint metadata is well-formed UTF-8");
    }
    for (const auto& h : o.heartbeats) {
        checkUtf8(h.heartbeat.sourceAlias, "heartbeat aliases are well-formed UTF-8");
        checkUtf8(h.heartbeat.targetAlias, "heartbeat aliases are well-formed UTF-8");
    }
    for (const auto& g : o.groupOffsets)
        check(g.partition < o.partitionCount() && g.group < o.groupCount(),
              "sample ids are in the dictionaries");
    for (const auto& l : o.logOffsets)
        check(l.partition < o.partitionCount(), "log offset ids are in the dictionary");
    for (const auto& p : o.positions)
        check(p.partition < o.partitionCount() && p.offset >= ObservedPosition::kNone,
              "replication positions are in the dictionary, none below -1");
    for (const auto& u : o.undecodable)
        checkUtf8(u.reason, "reasons are well-formed UTF-8");
    for (const auto& e : o.events) {
        checkUtf8(e.state, "event states are well-formed UTF-8");
        checkUtf8(e.message, "event messages are well-formed UTF-8");
    }
}

} // namespace driftscope::fuzz
