// Parses one JSON Lines record in the form written by writeRecordFields() (model/core/record_json.h).
// Unknown keys are ignored, so `decode --json` output and capture exports can be imported back.
#pragma once

#include "model/core/formatter_text.h"

#include <string_view>

namespace driftscope {

Result<MirrorRecord> parseJsonRecordLine(std::string_view line);

} // namespace driftscope
