#include "model/io/thread_priority.h"

#include <cerrno>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace driftscope {

void lowerThisThreadsPriority()
{
    // Linux applies PRIO_PROCESS with a thread id to that thread alone.
    constexpr int kBackgroundNice = 10;
    const auto tid = static_cast<id_t>(syscall(SYS_gettid));
    errno = 0;
    const int current = getpriority(PRIO_PROCESS, tid);
    if (errno == 0 && current < kBackgroundNice)
        setpriority(PRIO_PROCESS, tid, kBackgroundNice);
}

} // namespace driftscope
