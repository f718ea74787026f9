#include "model/util/side_thread.h"

#include <pthread.h>

#include <utility>

namespace driftscope {

SideThread::SideThread(std::string name) : m_name(std::move(name)), m_thread([this] { loop(); })
{
}

SideThread::~SideThread()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void SideThread::start(std::function<void()> task)
{
    {
        std::lock_guard lock(m_mutex);
        m_task = std::move(task);
        m_busy = true;
        m_error = nullptr;
    }
    m_changed.notify_all();
}

void SideThread::wait()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_busy; });
    if (m_error)
        std::rethrow_exception(std::exchange(m_error, nullptr));
}

void SideThread::loop()
{
    pthread_setname_np(pthread_self(), m_name.substr(0, 15).c_str());
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [&] { return m_stopping || (m_busy && m_task); });
        if (m_stopping)
            return;
        std::function<void()> task = std::move(m_task);
        m_task = nullptr;
        lock.unlock();
        std::exception_ptr error;
        try {
            task();
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        m_error = error;
        m_busy = false;
        m_changed.notify_all();
    }
}

} // namespace driftscope
