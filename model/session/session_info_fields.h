// A session's description (SessionInfo) as named fields: the one place that says which keys a
// capture's metadata and a session's JSON Lines carry, what type each has, and how a value is
// checked when read back. The capture stores every value as text; JSON writes the type.
#pragma once

#include "model/session/session.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace driftscope {

enum class InfoFieldType { Text, Integer, Boolean };

struct InfoField {
    const char* key;
    InfoFieldType type;
    // Files written before the field existed lack it: reading keeps the default then.
    bool required;
};

// Every field but the lists (configuration, selected groups), which have tables of their own.
const std::vector<InfoField>& sessionInfoFields();

// The field's value as text: integers in decimal, booleans "true"/"false"; none when unknown
// (written as null in JSON, left out of a capture).
std::optional<std::string> sessionInfoValue(const SessionInfo& info, const InfoField& field);

// Reads every field through `valueOf` (the field's text, or none when the file lacks it) into a
// copy of `info`, which it replaces only when all are valid. The error names the key.
std::optional<std::string>
readSessionInfo(const std::function<std::optional<std::string>(const InfoField&)>& valueOf,
                SessionInfo& info);

} // namespace driftscope
