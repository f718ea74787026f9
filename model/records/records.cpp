#include "model/records/records.h"

namespace driftscope {

std::string toString(const TopicPartition& tp)
{
    return tp.topic + '-' + std::to_string(tp.partition);
}

std::string_view kindName(RecordKind kind)
{
    switch (kind) {
    case RecordKind::OffsetSync:
        return "offset-sync";
    case RecordKind::Checkpoint:
        return "checkpoint";
    case RecordKind::Heartbeat:
        return "heartbeat";
    }
    return "unknown";
}

} // namespace driftscope
