// The JSON form of MM2 records, shared by `decode --json`, JSON Lines imports and exports:
//   {"kind":"offset-sync","topic":"orders","partition":0,"upstream":1234,"downstream":1200}
//   {"kind":"checkpoint","group":"app1","topic":"A.orders","partition":0,"upstream":1234,
//    "downstream":1201,"metadata":""}
//   {"kind":"heartbeat","source":"A","target":"B","timestamp":1700000000000}
#pragma once

#include "model/core/formatter_text.h"
#include "model/core/json_writer.h"

namespace driftscope {

// Writes "kind" and the record's fields into the object currently open in `json`.
void writeRecordFields(JsonWriter& json, const MirrorRecord& record);

} // namespace driftscope
