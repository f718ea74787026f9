// Background threads that yield the processor to the GUI thread.
//
// On a machine of two cores, the explorer's reader, model and embedded demo clusters can keep
// both busy; at the same priority the GUI thread then waits for a turn often enough to stutter.
// Lowering a background thread's priority (its nice value, per thread on Linux) costs it
// nothing on an idle machine. Threads it creates afterwards (librdkafka's among them) inherit it.
#pragma once

namespace driftscope {

// Lowers the calling thread's priority to that of background work; never raises it.
void lowerThisThreadsPriority();

} // namespace driftscope
