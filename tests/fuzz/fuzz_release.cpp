// The --release argument and the mm2_release of sessions (release.h parseRelease).
//
// Checks: what parses is a known release whose name is exactly the input (no other spelling is
// accepted), every known release's name parses, and profileFor() takes whatever parses.
#include "fuzz_support.h"

#include "model/mm2/release.h"

#include <algorithm>

using namespace driftscope;
using fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text = fuzz::asText(data, size);
    const auto release = parseRelease(text);
    const auto known = knownReleases();
    const bool namesKnown =
        std::any_of(known.begin(), known.end(), [&](const Release& r) { return toString(r) == text; });
    check(release.ok() == namesKnown, "exactly the names of known releases parse", std::string(text));
    if (!release) {
        check(!release.error().empty(), "a refusal says why");
        return 0;
    }
    check(toString(*release) == text, "a parsed release is named by the input");
    check(profileFor(*release).release == *release, "the profile is the release's");
    return 0;
}
