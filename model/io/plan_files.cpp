#include "model/io/plan_files.h"

#include <QDir>
#include <QSaveFile>

namespace driftscope {
namespace {

std::optional<std::string> writeWhole(const QString& path, const std::string& text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return path.toStdString() + ": cannot write: " + file.errorString().toStdString();
    if (file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !file.commit())
        return path.toStdString() + ": cannot write: " + file.errorString().toStdString();
    return std::nullopt;
}

} // namespace

std::optional<std::string> writeFailoverPlan(const std::string& directory, const FailoverPlan& plan,
                                             const PlanCommand& command)
{
    const QString dir = QString::fromStdString(directory);
    if (!QDir().mkpath(dir))
        return directory + ": cannot create the folder";
    const QDir folder(dir);
    for (const GroupPlan& g : plan.groups)
        if (!g.resets.empty())
            if (auto error = writeWhole(folder.filePath(QString::fromStdString(g.fileName)), resetFileCsv(g)))
                return error;
    if (auto error = writeWhole(folder.filePath("plan.json"), planJson(plan, command) + "\n"))
        return error;
    return writeWhole(folder.filePath("plan.txt"), planText(plan, command));
}

} // namespace driftscope
