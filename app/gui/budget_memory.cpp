#include "app/gui/budget_memory.h"

#include <QCryptographicHash>
#include <QFileInfo>

namespace driftscope::gui {
namespace {

// QSettings reads '/' in a key as groups and some characters not at all: a path or a profile
// name goes in as a hash.
QString hashed(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex());
}

} // namespace

QString budgetKeyOfFile(const QString& path)
{
    return path.isEmpty() ? QString() : "budgets/file/" + hashed(QFileInfo(path).absoluteFilePath());
}

QString budgetKeyOfProfile(const QString& profileName)
{
    return profileName.isEmpty() ? QString() : "budgets/profile/" + hashed(profileName);
}

std::optional<ReplayBudget> loadBudget(QSettings& settings, const QString& key)
{
    if (key.isEmpty() || !settings.contains(key + "/kept"))
        return std::nullopt;
    ReplayBudget budget;
    bool ok = false;
    if (const qlonglong n = settings.value(key + "/maxRecords").toLongLong(&ok); ok && n >= 0)
        budget.maxRecords = n;
    if (const qlonglong ms = settings.value(key + "/maxMs").toLongLong(&ok); ok && ms >= 0)
        budget.maxMs = ms;
    return budget;
}

void saveBudget(QSettings& settings, const QString& key, const ReplayBudget& budget)
{
    if (key.isEmpty())
        return;
    settings.remove(key);
    if (!budget.any())
        return;
    settings.setValue(key + "/kept", true);
    if (budget.maxRecords)
        settings.setValue(key + "/maxRecords", static_cast<qlonglong>(*budget.maxRecords));
    if (budget.maxMs)
        settings.setValue(key + "/maxMs", static_cast<qlonglong>(*budget.maxMs));
}

} // namespace driftscope::gui
