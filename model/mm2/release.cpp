#include "model/mm2/release.h"

#include "model/util/text_format.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

namespace driftscope {
namespace {

// Apache Kafka releases (tags with a release announcement). 3.3.0 was published to Maven Central
// although announced together with 3.3.1; it is accepted because it shipped. 4.3.2 and 4.4.0 are
// released (their brokers and clients are on Maven Central) though Maven Central serves no
// connect-mirror of them; MM2's sources of both lines keep 4.0's rules.
constexpr std::array kReleases = {
    Release{2, 4, 0}, Release{2, 4, 1}, Release{2, 5, 0}, Release{2, 5, 1}, Release{2, 6, 0},
    Release{2, 6, 1}, Release{2, 6, 2}, Release{2, 6, 3}, Release{2, 7, 0}, Release{2, 7, 1},
    Release{2, 7, 2}, Release{2, 8, 0}, Release{2, 8, 1}, Release{2, 8, 2}, Release{3, 0, 0},
    Release{3, 0, 1}, Release{3, 0, 2}, Release{3, 1, 0}, Release{3, 1, 1}, Release{3, 1, 2},
    Release{3, 2, 0}, Release{3, 2, 1}, Release{3, 2, 2}, Release{3, 2, 3}, Release{3, 3, 0},
    Release{3, 3, 1}, Release{3, 3, 2}, Release{3, 4, 0}, Release{3, 4, 1}, Release{3, 5, 0},
    Release{3, 5, 1}, Release{3, 5, 2}, Release{3, 6, 0}, Release{3, 6, 1}, Release{3, 6, 2},
    Release{3, 7, 0}, Release{3, 7, 1}, Release{3, 7, 2}, Release{3, 8, 0}, Release{3, 8, 1},
    Release{3, 9, 0}, Release{3, 9, 1}, Release{3, 9, 2}, Release{4, 0, 0}, Release{4, 0, 1},
    Release{4, 0, 2}, Release{4, 1, 0}, Release{4, 1, 1}, Release{4, 1, 2}, Release{4, 2, 0},
    Release{4, 2, 1}, Release{4, 2, 2}, Release{4, 3, 0}, Release{4, 3, 1}, Release{4, 3, 2},
    Release{4, 4, 0},
};
static_assert(kReleases.back() == kDefaultRelease, "the default is the newest known release");

std::string acceptedList()
{
    std::string out;
    for (const Release& r : kReleases) {
        if (!out.empty())
            out += r.patch == 0 ? "\n  " : ", ";
        out += toString(r);
    }
    return "  " + out;
}

// Parses a non-negative decimal without sign or leading zeros.
bool parseComponent(std::string_view text, int& out)
{
    if (text.empty() || text.size() > 4 || (text.size() > 1 && text[0] == '0'))
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    std::from_chars(text.data(), text.data() + text.size(), out);
    return true;
}

} // namespace

std::string toString(const Release& r)
{
    return std::to_string(r.major) + '.' + std::to_string(r.minor) + '.' + std::to_string(r.patch);
}

std::span<const Release> knownReleases()
{
    return kReleases;
}

namespace {

// "MAJOR.MINOR.PATCH" of any release, known or not.
Result<Release> parseReleaseText(std::string_view text)
{
    const std::string quoted = singleQuoted(text);
    const size_t dot1 = text.find('.');
    const size_t dot2 = dot1 == std::string_view::npos ? dot1 : text.find('.', dot1 + 1);
    Release r;
    const bool twoParts = dot1 != std::string_view::npos && dot2 == std::string_view::npos &&
                          parseComponent(text.substr(0, dot1), r.major) &&
                          parseComponent(text.substr(dot1 + 1), r.minor);
    if (twoParts) {
        return Error{"MM2 release " + quoted +
                     " needs its patch level: releases of one line can behave differently (3.4.0 vs 3.4.1, "
                     "3.7.0 vs 3.7.1). Accepted releases:\n" +
                     acceptedList()};
    }
    const bool threeParts = dot2 != std::string_view::npos && parseComponent(text.substr(0, dot1), r.major) &&
                            parseComponent(text.substr(dot1 + 1, dot2 - dot1 - 1), r.minor) &&
                            parseComponent(text.substr(dot2 + 1), r.patch);
    if (!threeParts)
        return Error{"MM2 release " + quoted + " is not of the form MAJOR.MINOR.PATCH. Accepted releases:\n" +
                     acceptedList()};
    return r;
}

bool isKnown(const Release& r)
{
    return std::find(kReleases.begin(), kReleases.end(), r) != kReleases.end();
}

// The newest known release of r's line (MAJOR.MINOR), if driftscope knows the line.
std::optional<Release> newestOfLine(const Release& r)
{
    std::optional<Release> newest;
    for (const Release& known : kReleases)
        if (known.major == r.major && known.minor == r.minor)
            newest = known; // the list is in order
    return newest;
}

std::string lineName(const Release& r)
{
    return std::to_string(r.major) + '.' + std::to_string(r.minor);
}

} // namespace

Result<Release> parseRelease(std::string_view text)
{
    auto r = parseReleaseText(text);
    if (!r || isKnown(*r))
        return r;
    return Error{"MM2 release " + singleQuoted(text) +
                 " is not a known Apache Kafka release with MirrorMaker 2. " + "Accepted releases:\n" +
                 acceptedList()};
}

Result<ResolvedRelease> resolveRelease(std::string_view text)
{
    auto r = parseReleaseText(text);
    if (!r)
        return Error{r.error()};
    const std::string asked = toString(*r);
    if (isKnown(*r))
        return ResolvedRelease{*r, asked, ""};
    // Patch releases have changed MM2's translation before: a newer release is taken, but said so.
    const std::string why = ": a newer release can change MM2's offset translation (3.4.1, 3.5.2 and 3.7.1 "
                            "did), which a newer driftscope would know";
    const std::optional<Release> line = newestOfLine(*r);
    if (line && *r > *line)
        return ResolvedRelease{*line, asked,
                               "MM2 " + asked +
                                   " is not a release driftscope knows; it applies the rules of " +
                                   toString(*line) + ", the newest it knows of line " + lineName(*r) + why};
    if (!line && *r > kDefaultRelease)
        return ResolvedRelease{kDefaultRelease, asked,
                               "MM2 " + asked +
                                   " is not a release driftscope knows; it applies the rules of " +
                                   toString(kDefaultRelease) + ", the newest it knows" + why};
    return Error{
        "MM2 release " + singleQuoted(text) +
        " is not a known Apache Kafka release with MirrorMaker 2 (a newer patch of a line below, or a "
        "release newer than " +
        toString(kDefaultRelease) + ", is taken with a warning). Accepted releases:\n" + acceptedList()};
}

ResolvedRelease resolveRecordedRelease(std::string_view recorded, Release fallback)
{
    if (recorded.empty())
        return {fallback, toString(fallback), ""};
    if (auto resolved = resolveRelease(recorded))
        return *resolved;
    return {fallback, std::string(recorded),
            "the session records MM2 release " + singleQuoted(recorded) +
                ", which is not a release driftscope can apply; it applies the rules of " +
                toString(fallback)};
}

ReleaseProfile profileFor(const Release& r)
{
    // Every boundary below is a release in the map of docs/mm2-behaviour.md §7; 3.4.1 received almost
    // the whole 3.5.0 MM2 fix set, so "3.4.1+" means 3.4.1 and everything from 3.5.0 on.
    const bool fixSet35 = r >= Release{3, 4, 1};
    ReleaseProfile p;
    p.release = r;

    if (fixSet35) {
        // KAFKA-15202 reached 3.5.2 and 3.6.0; 3.4.1, 3.5.0 and 3.5.1 keep the original update.
        p.store = r < Release{3, 5, 2} ? StoreKind::SlotsOriginal : StoreKind::SlotsKafka15202;
        p.translation = TranslationRule::CappedPlusOne;
        p.noSync = NoSyncRule::None;
        // KAFKA-15905 (checkpoint restore, conditional initial load) reached 3.7.1 and 3.8.0.
        p.initialLoad =
            r < Release{3, 7, 1} ? InitialLoadRule::KeepLastOnly : InitialLoadRule::KeepHistoryIfRestored;
    } else {
        p.store = StoreKind::LatestOnly;
        p.translation = TranslationRule::Extrapolate;
        p.noSync = r < Release{3, 3, 0} ? NoSyncRule::Identity : NoSyncRule::None;
        p.initialLoad = InitialLoadRule::NotGated;
    }

    p.emission = fixSet35 ? EmissionRule::LagSinceLastSync : EmissionRule::DeadReckoning;
    if (!fixSet35)
        p.dispatch = SyncDispatch::DropWhenFull;
    else
        p.dispatch =
            r < Release{3, 7, 0} ? SyncDispatch::NewestPending : SyncDispatch::NewestPendingAndDelayed;

    p.checkpointNeedsPositiveDownstream = r < Release{2, 7, 0};
    p.nullOffsetsSkipped = fixSet35;
    p.monotonicCheckpoints = fixSet35;
    p.groupsNeedFilteredTopicOffsets = fixSet35;
    p.restoresCheckpoints = r >= Release{3, 7, 1};

    // The 4.0 edge changes of docs/mm2-behaviour.md §7 (KIP-1074, the dropped *.blacklist aliases,
    // KIP-1089, KAFKA-18021) and 4.1's group listing.
    const bool kafka4 = r >= Release{4, 0, 0};
    p.disabledCheckpoints = r < Release{2, 5, 0} ? DisabledCheckpoints::BusyLoop
                            : kafka4             ? DisabledCheckpoints::NoTasksAtOnce
                                                 : DisabledCheckpoints::NoTasks;
    p.groupListing =
        r >= Release{4, 1, 0} ? GroupListing::ConsumerAndClassicTypes : GroupListing::ConsumerGroups;
    p.internalTopicRule = kafka4 ? InternalTopicRule::Mm2Only : InternalTopicRule::AnyInternalSuffix;
    p.blacklistAliases = kafka4 ? BlacklistAliases::Ignored : BlacklistAliases::TranslatedToExclude;
    p.heartbeatsReplicationToggle = kafka4;
    p.cycleIncludesSourceAlias = r >= Release{4, 4, 0};
    p.refusesOtherRecordVersions = r >= Release{4, 4, 0};

    p.groupOffsetSync = r >= Release{2, 7, 0};
    p.checkpointMemoryMerged = fixSet35;
    p.nullTargetOffsetsHandled = r >= Release{3, 5, 2} && r != Release{3, 6, 0};

    p.checkpointLabel = r < Release{3, 5, 1} ? MetadataLabel::Misspelt : MetadataLabel::Current;
    p.offsetSyncsTopicLocation = r >= Release{3, 0, 0};
    p.identityReplicationPolicy = r >= Release{3, 0, 0};
    p.internalTopicsUseSeparator = r >= Release{3, 1, 0};
    p.internalSeparatorToggle = r >= Release{3, 5, 2};
    return p;
}

} // namespace driftscope
