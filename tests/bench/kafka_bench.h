// driftscope-bench part: rebuilding the store from an offset-syncs topic on an embedded (mock)
// cluster through driftscope's live reader, against a bare librdkafka consumer reading the same
// records.
#pragma once

#include <cstddef>

namespace bench {

struct KafkaFigures {
    size_t records = 0;
    bool complete = false; // all records were still in the topic (the mock keeps ~5 MB)
    // Medians of twenty-one rounds each:
    double bareSeconds = 0;   // connect, consume from the beginning to the end, nothing else
    double readerSeconds = 0; // LiveReader: connect, consume, decode, keep, until caught up
    double storeSeconds = 0;  // store rebuild from what it read
    double ratio() const { return bareSeconds > 0 ? (readerSeconds + storeSeconds) / bareSeconds : 0; }
};

KafkaFigures runKafkaBench(size_t records);

} // namespace bench
