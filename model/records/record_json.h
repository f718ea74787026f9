// The JSON form of MM2 records, shared by `decode --json`, JSON Lines imports and exports:
//   {"kind":"offset-sync","topic":"orders","partition":0,"upstream":1234,"downstream":1200}
//   {"kind":"checkpoint","group":"app1","topic":"A.orders","partition":0,"upstream":1234,
//    "downstream":1201,"metadata":""}
//   {"kind":"heartbeat","source":"A","target":"B","timestamp":1700000000000}
// "metadata" may be left out of a checkpoint (empty).
#pragma once

#include "model/records/formatter_text.h"
#include "model/util/json_writer.h"

namespace driftscope {

// Writes "kind" and the record's fields into the object currently open in `json`.
void writeRecordFields(JsonWriter& json, const MirrorRecord& record);

// Reads one JSON Lines record of that form. Unknown keys are ignored, so `decode --json` output
// and capture exports can be read back; offsets must be integer literals (no 1e3, no 5.0).
Result<MirrorRecord> parseJsonRecord(std::string_view line);

} // namespace driftscope
