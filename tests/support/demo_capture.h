// The sample capture of the demo clusters (resources/samples/demo.capture), read once per test
// executable. Tests that use it define DRIFTSCOPE_SAMPLES (tests/CMakeLists.txt).
#pragma once

#include "model/io/capture_file.h"

#include <QtGlobal>

namespace driftscope::test {

inline const Session& demoCapture()
{
    static const Session session = [] {
        auto capture = readCapture(DRIFTSCOPE_SAMPLES "/demo.capture");
        if (!capture)
            qFatal("%s", capture.error().c_str());
        return std::move(capture->observations);
    }();
    return session;
}

} // namespace driftscope::test
