#include "app/gui/incident_report.h"

#include "app/gui/exports.h"
#include "driftscope_version.h"
#include "model/analysis/report_format.h"
#include "model/analysis/row_text.h"
#include "model/util/text_format.h"
#include "widgets/partition_page.h"
#include "widgets/plots/explorer_plot.h"
#include "widgets/qt_text.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTextDocument>

#include <vector>

namespace driftscope::gui {

using widgets::qHtml;
namespace {

struct Picture {
    QString name; // how the HTML refers to it
    QImage image;
};

// The report with pictures referred to by name: HTML embeds them, a PDF adds them as resources.
struct Draft {
    QString html;
    std::vector<Picture> pictures;
};

QString factsTable(const AnalysisResult& r, const Report& report, const QString& source)
{
    const SessionInfo& info = r.summary->info;
    const std::vector<std::pair<QString, QString>> facts = {
        {"Flow", qHtml(flowName(info.sourceAlias, info.targetAlias))},
        {"Source", source.toHtmlEscaped()},
        {"MM2 rules", qHtml(toString(r.releases.front().release))},
        {"At", qHtml(reportMomentText(report))},
        {"Current", report.staleBecause.empty() ? QString("yes") : "NO: " + qHtml(report.staleBecause)},
        {"Group", qHtml(r.selection.group)},
        {"Partition", r.selection.partition ? qHtml(toString(*r.selection.partition)) : QString("-")},
        {"Records", QString("%1 offset syncs, %2 checkpoints, %3 heartbeats, %4 undecodable")
                        .arg(r.summary->syncs)
                        .arg(r.summary->checkpoints)
                        .arg(r.summary->heartbeats)
                        .arg(r.summary->undecodable.size())},
        {"Written", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) + " by driftscope " +
                        DRIFTSCOPE_VERSION}};
    QString html = "<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\">";
    for (const auto& [name, value] : facts)
        html += "<tr><th align=\"left\">" + name + "</th><td>" + value + "</td></tr>";
    return html + "</table>";
}

QString listOf(const std::vector<std::string>& lines)
{
    if (lines.empty())
        return "<p>None.</p>";
    QString html = "<ul>";
    for (const std::string& line : lines)
        html += "<li>" + qHtml(line) + "</li>";
    return html + "</ul>";
}

// The selected group's rows, as driftscope-cli report prints them.
std::string groupRowsText(const Report& report, const std::string& group)
{
    Report own = report;
    std::erase_if(own.rows, [&group](const PartitionReport& row) { return row.group != group; });
    return reportText(own);
}

// Every plot of the page as its export draws it (with the line saying what it shows).
std::optional<QString> addPlots(const widgets::PartitionPage& page, Draft& draft)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return "no temporary folder for the plots: " + dir.errorString();
    for (widgets::ExplorerPlot* plot : page.plots()) {
        const QString file = dir.filePath(QString("plot-%1.png").arg(draft.pictures.size()));
        if (const QString error = plot->exportImage(file, 1200, 620); !error.isEmpty())
            return error;
        Picture picture{QString("plot-%1.png").arg(draft.pictures.size()), QImage(file)};
        draft.html += "<h3>" + plot->title().toHtmlEscaped() + "</h3><p><img src=\"" + picture.name +
                      "\" width=\"900\"></p>";
        draft.pictures.push_back(std::move(picture));
    }
    return std::nullopt;
}

// "incident: 2026-... (the time cursor)", one per bookmark, then the damaged rows.
std::vector<std::string> bookmarkLines(const BookmarkRows& bookmarks, int64_t cursorMs)
{
    std::vector<std::string> lines;
    for (const Bookmark& b : bookmarks.kept)
        lines.push_back(b.name + ": " + formatUtcMs(b.atMs) +
                        (b.atMs == cursorMs ? " (the time cursor)" : ""));
    for (const DamagedBookmark& d : bookmarks.damaged)
        lines.push_back(damagedBookmarkText(d));
    return lines;
}

std::optional<QString> draftOf(const AnalysisResult& r, const widgets::PartitionPage& page,
                               const QString& source, const BookmarkRows& bookmarks, Draft& draft)
{
    const Report& report = r.releases.front().cursor.report;
    QString& html = draft.html;
    html = "<html><head><meta charset=\"utf-8\"><title>driftscope incident report</title></head><body>"
           "<h1>driftscope incident report</h1>" +
           factsTable(r, report, source);
    html += "<h2>Notes and warnings</h2>" + listOf(reportNotes(report));
    std::vector<std::string> marks;
    if (r.marks)
        for (const TimelineMark& m : *r.marks)
            marks.push_back(std::string(markKindName(m.kind)) + ": " + m.text);
    html += "<h2>What happened</h2>" + listOf(marks);
    html += "<h2>Bookmarks</h2>" + listOf(bookmarkLines(bookmarks, r.cursorMs));
    html += "<h2>At the time cursor</h2><p>" + page.cursorText().toHtmlEscaped() + "</p>";
    if (!r.selection.group.empty())
        html += "<h2>The group's partitions</h2><pre>" + qHtml(groupRowsText(report, r.selection.group)) +
                "</pre>";
    html += "<h2>Plots</h2>";
    if (auto error = addPlots(page, draft))
        return error;
    html += "</body></html>";
    return std::nullopt;
}

QByteArray pngBytes(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QByteArray htmlBytes(Draft draft)
{
    for (const Picture& p : draft.pictures)
        draft.html.replace("src=\"" + p.name + "\"", "src=\"data:image/png;base64," +
                                                         QString::fromLatin1(pngBytes(p.image).toBase64()) +
                                                         "\"");
    return draft.html.toUtf8();
}

QByteArray pdfBytes(const Draft& draft)
{
    QTextDocument document;
    for (const Picture& p : draft.pictures)
        document.addResource(QTextDocument::ImageResource, QUrl(p.name), p.image);
    document.setHtml(draft.html);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setTitle("driftscope incident report");
    pdf.setCreator(QString("driftscope ") + DRIFTSCOPE_VERSION);
    document.print(&pdf);
    return bytes;
}

} // namespace

QString writeIncidentReport(const QString& path, const AnalysisResult& result,
                            const widgets::PartitionPage& page, const QString& source,
                            const BookmarkRows& bookmarks)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != "html" && suffix != "pdf")
        return "unknown report format '" + suffix + "': use .html or .pdf";
    if (result.releases.empty() || !result.summary)
        return "nothing to report: the window has no answer yet";
    Draft draft;
    if (auto error = draftOf(result, page, source, bookmarks, draft))
        return *error;
    return writeTextFile(path, suffix == "html" ? htmlBytes(std::move(draft)) : pdfBytes(draft));
}

} // namespace driftscope::gui
