// Helpers of the MM2-configuration and client-settings tests: properties from text, the
// settings of a flow of a two-cluster MM2 file, and their notes and dumps as text.
#pragma once

#include "model/config/connection_settings.h"
#include "model/config/java_properties.h"

#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driftscope::test {

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

inline QString dump(const std::vector<std::pair<std::string, std::string>>& properties)
{
    QStringList out;
    for (const auto& [key, value] : properties)
        out << q(key + "=" + value);
    return out.join("; ");
}

inline QString notesOf(const ConnectionSettings& settings)
{
    QStringList out;
    for (const std::string& note : settings.notes)
        out << q(note);
    return out.join("\n");
}

inline Properties props(const std::string& text)
{
    auto parsed = Properties::parse(text);
    if (!parsed)
        qFatal("test properties do not parse: %s", parsed.error().c_str());
    return *parsed;
}

inline const std::string kTwoClusters = "clusters = A, B\n"
                                        "A.bootstrap.servers = a1:9092, a2:9092\n"
                                        "B.bootstrap.servers = b1:9092\n";

// Settings of A->B (or `flow`) from kTwoClusters plus `extra`, as `release` reads them.
inline ConnectionSettings flowSettings(const std::string& extra,
                                       const std::optional<std::string>& flow = "A->B",
                                       const Release& release = kDefaultRelease)
{
    auto settings = settingsFromMm2Config(props(kTwoClusters + extra), flow, profileFor(release));
    if (!settings)
        qFatal("settings fail: %s", settings.error().c_str());
    return *settings;
}

inline QString flowError(const std::string& text, const std::optional<std::string>& flow = "A->B")
{
    auto settings = settingsFromMm2Config(props(text), flow, profileFor(kDefaultRelease));
    return settings ? QString("(no error)") : q(settings.error());
}

} // namespace driftscope::test
