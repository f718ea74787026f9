// Waiting in tests for what other threads (readers, clusters) bring about.
#pragma once

#include <chrono>
#include <thread>

// Polls `condition` every 50 ms for up to `timeoutMs`.
template <class Condition>
bool eventually(Condition condition, int timeoutMs = 20'000)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}
