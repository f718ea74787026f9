#include "app/gui/exports.h"

#include "model/io/capture_file.h"
#include "widgets/plots/explorer_plot.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QSaveFile>

namespace driftscope::gui {
namespace {

QString fileStem(const QString& title)
{
    QString stem = title.toLower();
    stem.replace(QRegularExpression("[^a-z0-9]+"), "-");
    return stem.remove(QRegularExpression("^-|-$"));
}

QString tell(QWidget* parent, const QString& error)
{
    if (!error.isEmpty())
        QMessageBox::warning(parent, "Export failed", error);
    return {};
}

} // namespace

QString writeTextFile(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return "cannot write " + path + ": " + file.errorString();
    if (file.write(bytes) != bytes.size() || !file.commit())
        return "cannot write " + path + ": " + file.errorString();
    return {};
}

QString saveCapture(const Session& session, const QString& path, int64_t finishedAtMs,
                    const std::vector<Bookmark>& bookmarks)
{
    // Written beside `path` and renamed over it once complete, like the text exports (QSaveFile):
    // a failed save leaves the file that was there as it was.
    if (auto error =
            writeCapture(path.toStdString(), session, finishedAtMs, ExistingFile::Replace, &bookmarks))
        return QString::fromStdString(*error);
    return {};
}

QString exportPlotImage(QWidget* parent, widgets::ExplorerPlot* plot)
{
    QString filter = "PNG image (*.png)";
    const QString path =
        QFileDialog::getSaveFileName(parent, "Export " + plot->title(), fileStem(plot->title()) + ".png",
                                     "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)", &filter);
    if (path.isEmpty())
        return {};
    const QString error = plot->exportImage(path);
    return error.isEmpty() ? path : tell(parent, error);
}

QString exportPlotCsv(QWidget* parent, widgets::ExplorerPlot* plot)
{
    return exportText(parent, "Export the values of " + plot->title(), "CSV (*.csv)",
                      fileStem(plot->title()) + ".csv", plot->csv().toUtf8());
}

QString exportText(QWidget* parent, const QString& title, const QString& filter, const QString& suggested,
                   const QByteArray& bytes)
{
    const QString path = QFileDialog::getSaveFileName(parent, title, suggested, filter);
    if (path.isEmpty())
        return {};
    const QString error = writeTextFile(path, bytes);
    return error.isEmpty() ? path : tell(parent, error);
}

} // namespace driftscope::gui
