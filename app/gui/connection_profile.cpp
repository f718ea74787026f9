#include "app/gui/connection_profile.h"

#include "model/config/mm2_configuration.h"
#include "model/io/record_file.h"

#include <algorithm>

namespace driftscope::gui {
namespace {

constexpr const char* kGroup = "connectionProfiles";

// "source.sasl.password=..." -> ("source.sasl.password", "...").
std::pair<QString, QString> splitSetting(const QString& line)
{
    const qsizetype eq = line.indexOf('=');
    if (eq < 0)
        return {line.trimmed(), QString()};
    return {line.left(eq).trimmed(), line.mid(eq + 1).trimmed()};
}

std::vector<std::string> dashXOf(const ConnectionProfile& p)
{
    std::vector<std::string> dashX;
    for (const QString& line : p.clientSettings)
        if (!line.trimmed().isEmpty() && !line.trimmed().startsWith('#'))
            dashX.push_back(line.trimmed().toStdString());
    return dashX;
}

std::optional<std::string> flowOf(const ConnectionProfile& p)
{
    if (p.flow.trimmed().isEmpty())
        return std::nullopt;
    return p.flow.trimmed().toStdString();
}

Result<Mm2Configuration> mm2ConfigurationOf(const ConnectionProfile& p)
{
    auto text = readTextFile(p.mm2File.toStdString());
    if (!text)
        return Error{text.error()};
    auto config = parseMm2Configuration(*text);
    if (!config)
        return Error{p.mm2File.toStdString() + ": " + config.error()};
    return config;
}

} // namespace

bool secretName(const QString& name)
{
    const qsizetype dot = name.indexOf('.');
    return isSecretKey((dot < 0 ? name : name.mid(dot + 1)).toStdString());
}

QStringList ConnectionProfile::secretSettingNames() const
{
    QStringList names;
    for (const QString& line : clientSettings)
        if (const auto [key, value] = splitSetting(line); secretName(key))
            names << key;
    return names;
}

ConnectionProfile ConnectionProfile::withoutSecrets() const
{
    ConnectionProfile p = *this;
    p.clientSettings.clear();
    for (const QString& line : clientSettings) {
        const auto [key, value] = splitSetting(line);
        p.clientSettings << (secretName(key) ? key + "=" : line.trimmed());
    }
    return p;
}

QStringList ConnectionProfile::missingSecrets() const
{
    QStringList names;
    for (const QString& line : clientSettings)
        if (const auto [key, value] = splitSetting(line); secretName(key) && value.isEmpty())
            names << key;
    return names;
}

void ConnectionProfile::setSetting(const QString& key, const QString& value)
{
    for (QString& line : clientSettings)
        if (splitSetting(line).first == key) {
            line = key + "=" + value;
            return;
        }
    clientSettings << key + "=" + value;
}

Result<ResolvedRelease> releaseOf(const ConnectionProfile& p)
{
    return resolveRelease(p.release.trimmed().toStdString());
}

Result<ConnectionSettings> connectionOf(const ConnectionProfile& p)
{
    const auto release = releaseOf(p);
    if (!release)
        return Error{release.error()};
    Result<ConnectionSettings> settings = Error{""};
    if (p.useMm2File) {
        const auto config = mm2ConfigurationOf(p);
        if (!config)
            return Error{config.error()};
        // The release decides how the file reads (the *.blacklist aliases stopped working in 4.0.0).
        settings = settingsFromMm2Configuration(*config, flowOf(p), profileFor(release->rules), dashXOf(p));
        if (!settings)
            return Error{p.mm2File.toStdString() + ": " + settings.error()};
    } else {
        const auto optional = [](const QString& s) -> std::optional<std::string> {
            if (s.trimmed().isEmpty())
                return std::nullopt;
            return s.trimmed().toStdString();
        };
        settings = settingsFromParts(p.sourceAlias.trimmed().toStdString(),
                                     p.targetAlias.trimmed().toStdString(), optional(p.sourceBootstrap),
                                     optional(p.targetBootstrap), dashXOf(p), nullptr, nullptr);
        if (!settings)
            return Error{settings.error()};
    }
    return settings;
}

Result<std::vector<ConnectionSettings>> connectionsOf(const ConnectionProfile& p)
{
    std::vector<ConnectionProfile> flows = {p};
    if (p.useMm2File && !flowOf(p)) {
        const auto config = mm2ConfigurationOf(p);
        if (!config)
            return Error{config.error()};
        const auto names = enabledFlowNames(config->properties);
        if (!names)
            return Error{p.mm2File.toStdString() + ": " + names.error()};
        if (names->size() > 1 && !dashXOf(p).empty())
            // "source." and "target." name a different cluster in each flow (a secret included).
            return Error{p.mm2File.toStdString() + " enables " + std::to_string(names->size()) +
                         " flows, and client settings name a cluster by its role (source., target.), "
                         "which differs per flow: name one flow in Flow (" +
                         names->front() + ") to give them"};
        if (names->size() > 1) {
            flows.clear();
            for (const std::string& name : *names) {
                flows.push_back(p);
                flows.back().flow = QString::fromStdString(name);
            }
        }
    }
    std::vector<ConnectionSettings> out;
    for (const ConnectionProfile& flow : flows) {
        auto settings = connectionOf(flow);
        if (!settings)
            return Error{settings.error()};
        out.push_back(std::move(*settings));
    }
    return out;
}

QStringList settingsTheFileNeeds(const ConnectionProfile& p)
{
    QStringList names;
    const auto release = releaseOf(p);
    const auto config = p.useMm2File ? mm2ConfigurationOf(p) : Result<Mm2Configuration>(Error{""});
    if (!release || !config || config->secrets.empty())
        return names;
    const auto settings = settingsFromMm2Config(config->properties, flowOf(p), profileFor(release->rules));
    if (!settings)
        return names; // connectionOf says why
    for (const std::string& name : secretSettingsNeeded(*config, *settings)) {
        const QString key = QString::fromStdString(name);
        const bool given =
            std::any_of(p.clientSettings.begin(), p.clientSettings.end(), [&](const QString& line) {
                const auto [k, v] = splitSetting(line);
                return k == key && !v.isEmpty();
            });
        if (!given)
            names << key;
    }
    return names;
}

QStringList profileNames(QSettings& settings)
{
    settings.beginGroup(kGroup);
    QStringList names = settings.childGroups();
    settings.endGroup();
    return names;
}

ConnectionProfile loadProfile(QSettings& settings, const QString& name)
{
    ConnectionProfile p;
    settings.beginGroup(kGroup);
    settings.beginGroup(name);
    p.name = name;
    p.useMm2File = settings.value("useMm2File", false).toBool();
    p.mm2File = settings.value("mm2File").toString();
    p.flow = settings.value("flow").toString();
    p.sourceAlias = settings.value("sourceAlias", "A").toString();
    p.targetAlias = settings.value("targetAlias", "B").toString();
    p.sourceBootstrap = settings.value("sourceBootstrap").toString();
    p.targetBootstrap = settings.value("targetBootstrap").toString();
    p.clientSettings = settings.value("clientSettings").toStringList();
    p.groups = settings.value("groups").toStringList();
    p.release = settings.value("release", QString::fromStdString(toString(kDefaultRelease))).toString();
    settings.endGroup();
    settings.endGroup();
    return p;
}

void saveProfile(QSettings& settings, const ConnectionProfile& profile)
{
    const ConnectionProfile p = profile.withoutSecrets();
    settings.beginGroup(kGroup);
    settings.remove(p.name);
    settings.beginGroup(p.name);
    settings.setValue("useMm2File", p.useMm2File);
    settings.setValue("mm2File", p.mm2File);
    settings.setValue("flow", p.flow);
    settings.setValue("sourceAlias", p.sourceAlias);
    settings.setValue("targetAlias", p.targetAlias);
    settings.setValue("sourceBootstrap", p.sourceBootstrap);
    settings.setValue("targetBootstrap", p.targetBootstrap);
    settings.setValue("clientSettings", p.clientSettings);
    settings.setValue("groups", p.groups);
    settings.setValue("release", p.release);
    settings.endGroup();
    settings.endGroup();
}

} // namespace driftscope::gui
