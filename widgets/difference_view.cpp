#include "widgets/difference_view.h"

#include <QUrl>

namespace driftscope::widgets {

DifferenceView::DifferenceView(QWidget* parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setAccessibleName("Difference between the compared releases");
    // Six lines: the headline, three aspects, and each release's outcomes (more scroll).
    setFixedHeight(fontMetrics().lineSpacing() * 7 + 8);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl&) {
        if (m_firstMs)
            Q_EMIT momentChosen(*m_firstMs);
    });
}

void DifferenceView::display(const std::vector<std::string>& lines, std::optional<int64_t> firstMs,
                             const std::string& problem)
{
    m_firstMs = firstMs;
    QString html;
    if (!problem.empty())
        html = "<b>Compare:</b> " + QString::fromStdString(problem).toHtmlEscaped();
    for (size_t i = 0; i < lines.size(); ++i) {
        const QString line = QString::fromStdString(lines[i]).toHtmlEscaped();
        if (i == 0)
            html += "<b>" + line + "</b>" + (firstMs ? " · <a href=\"first\">go there</a>" : QString());
        else
            html += "<br>" + line;
    }
    setHtml(html);
}

} // namespace driftscope::widgets
