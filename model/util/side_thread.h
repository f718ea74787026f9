// A thread that lives as long as its owner and runs one task at a time beside the caller: the
// explorer computes a release's series on it while the caller builds the cursor's view. One
// thread for the model's whole life rather than one per answer: a live session asks every
// second, and the thread's name makes its CPU time visible (top -H, /proc/PID/task).
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace driftscope {

class SideThread {
public:
    // `name`: at most 15 characters (what Linux keeps).
    explicit SideThread(std::string name);
    ~SideThread();
    SideThread(const SideThread&) = delete;
    SideThread& operator=(const SideThread&) = delete;

    // Runs `task` on the thread; the task before it must have been waited for.
    void start(std::function<void()> task);
    // Until the task has run; rethrows what it threw.
    void wait();

private:
    void loop();

    std::string m_name;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::function<void()> m_task;
    bool m_busy = false, m_stopping = false;
    std::exception_ptr m_error;
    std::thread m_thread; // last: starts once the members above exist
};

} // namespace driftscope
