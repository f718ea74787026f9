// What the connect dialog asks for, saved as named profiles in QSettings. Secrets never reach
// the settings: secret -X values (isSecretKey) are dropped when a profile is saved and their
// names kept, so that connecting asks for them again; an MM2 properties file is saved by its path
// and read again (with its secrets) at every connect.
#pragma once

#include "model/config/connection_settings.h"

#include <QSettings>
#include <QString>
#include <QStringList>

namespace driftscope::gui {

struct ConnectionProfile {
    QString name;
    bool useMm2File = false;
    QString mm2File, flow; // with useMm2File
    QString sourceAlias = "A", targetAlias = "B";
    QString sourceBootstrap, targetBootstrap;
    QStringList clientSettings; // "source.KEY=VALUE" / "target.KEY=VALUE", one per line
    QStringList groups;
    QString release = QString::fromStdString(toString(kDefaultRelease));

    // "source.sasl.password" and the like: settings whose values are secret.
    QStringList secretSettingNames() const;
    // The same profile without secret values (the names stay, with empty values).
    ConnectionProfile withoutSecrets() const;
    // Settings named but without a value: secrets to ask for before connecting.
    QStringList missingSecrets() const;
    void setSetting(const QString& key, const QString& value);
};

// The profile's MM2 release, resolved as the CLI resolves --mm2-version (a newer release than
// driftscope knows gets a known one's rules and a warning); an error says what is wrong with it.
Result<ResolvedRelease> releaseOf(const ConnectionProfile& profile);

// The connection the profile describes, through the same model functions as the CLI; a release
// that does not resolve is an error.
Result<ConnectionSettings> connectionOf(const ConnectionProfile& profile);
// Every flow the profile reads: each flow an MM2 file enables when the profile names none (the
// CLI's report reads them so too), else the one connectionOf gives.
Result<std::vector<ConnectionSettings>> connectionsOf(const ConnectionProfile& profile);

// The client settings a Strimzi resource only references (its Kubernetes Secrets) that the
// profile does not give yet, as "target.sasl.password": to ask for before connecting.
QStringList settingsTheFileNeeds(const ConnectionProfile& profile);
// Whether a "source.KEY" setting holds a secret (isSecretKey of KEY).
bool secretName(const QString& name);

QStringList profileNames(QSettings& settings);
ConnectionProfile loadProfile(QSettings& settings, const QString& name);
void saveProfile(QSettings& settings, const ConnectionProfile& profile); // without secrets

} // namespace driftscope::gui
