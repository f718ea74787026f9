#include "model/io/kafka/live_reader.h"

#include "model/io/thread_priority.h"

#include "model/io/kafka/cluster_reader.h"

#include <thread>

namespace driftscope::kafka {

struct LiveReader::Shared {
    explicit Shared(LiveReaderOptions options) : live(std::move(options)) {}
    LiveReading live;
    std::vector<std::thread> workers;
};

LiveReader::LiveReader(LiveReaderOptions options) : m_shared(std::make_unique<Shared>(std::move(options)))
{
}

LiveReader::~LiveReader()
{
    stop();
}

void LiveReader::start()
{
    if (!m_shared->workers.empty())
        return;
    for (ClusterSide side : {ClusterSide::Source, ClusterSide::Target})
        m_shared->workers.emplace_back([live = &m_shared->live, side] {
            if (live->options.background)
                lowerThisThreadsPriority();
            ClusterReader reader(*live, side);
            reader.run();
        });
}

void LiveReader::stop()
{
    m_shared->live.stopping = true;
    for (std::thread& worker : m_shared->workers)
        worker.join();
    m_shared->workers.clear();
}

Session LiveReader::since(const Session::Mark& from) const
{
    std::lock_guard lock(m_shared->live.mutex);
    return m_shared->live.session.since(from);
}

LiveStatus LiveReader::status() const
{
    std::lock_guard lock(m_shared->live.mutex);
    return m_shared->live.status;
}

bool LiveReader::waitFor(const std::function<bool(const LiveStatus&)>& done, int64_t timeoutMs) const
{
    std::unique_lock lock(m_shared->live.mutex);
    return m_shared->live.changed.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                           [&] { return done(m_shared->live.status); });
}

bool LiveReader::waitUntilReady(int64_t timeoutMs) const
{
    return waitFor([](const LiveStatus& s) { return s.ready() || s.failed(); }, timeoutMs) &&
           status().ready();
}

} // namespace driftscope::kafka
