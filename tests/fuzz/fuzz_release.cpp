// The --mm2-version argument and the mm2_release of sessions (release.h parseRelease and
// resolveRelease).
//
// Checks: what parses is a known release whose name is exactly the input (no other spelling is
// accepted), every known release's name parses, and profileFor() takes whatever parses; what
// resolves applies a known release's rules, with a warning (naming both releases) exactly when the
// input names no known release.
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
    const auto resolved = resolveRelease(text);
    check(!release || resolved.ok(), "every known release resolves", std::string(text));
    if (resolved) {
        check(std::find(known.begin(), known.end(), resolved->rules) != known.end(),
              "rules of a known release");
        check(resolved->warning.empty() == namesKnown, "a warning exactly for an unknown release");
        check(resolved->asked == text, "the release asked is the input");
        if (!namesKnown)
            check(resolved->warning.starts_with("MM2 " + resolved->asked +
                                                " is not a release driftscope knows; "
                                                "it applies the rules of " +
                                                toString(resolved->rules)),
                  "the warning names both releases");
    } else {
        check(!resolved.error().empty(), "a refusal says why");
    }
    if (!release) {
        check(!release.error().empty(), "a refusal says why");
        return 0;
    }
    check(toString(*release) == text, "a parsed release is named by the input");
    check(profileFor(*release).release == *release, "the profile is the release's");
    return 0;
}
