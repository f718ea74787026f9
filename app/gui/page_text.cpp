#include "app/gui/page_text.h"

#include "model/analysis/row_text.h"
#include "model/util/text_format.h"
#include "widgets/qt_text.h"

namespace driftscope::gui {

using widgets::q;
using widgets::qHtml;

QString flowHeadingHtml(const SessionInfo& info, const Release& release, const QString& sourceDescription)
{
    const std::string& syncsCluster =
        info.offsetSyncsSide == ClusterSide::Source ? info.sourceAlias : info.targetAlias;
    return QString("<b>%1 → %2</b> (%3)<br>MM2 %4 rules · offset syncs in <i>%5</i> on %6")
        .arg(qHtml(info.sourceAlias), qHtml(info.targetAlias), sourceDescription.toHtmlEscaped(),
             q(toString(release)),
             qHtml(info.offsetSyncsTopic.empty() ? std::string("?") : info.offsetSyncsTopic),
             qHtml(syncsCluster));
}

QString pageHeadingHtml(const Selection& selection, const Release& release, const Report& report)
{
    if (selection.group.empty())
        return QString("<b>No consumer group yet</b> · MM2 %1 rules").arg(q(toString(release)));
    return QString("<b>%1</b> on <b>%2</b> · MM2 <b>%3</b> rules · at %4")
        .arg(qHtml(selection.group), selection.partition ? qHtml(toString(*selection.partition)) : "-",
             q(toString(release)), q(reportMomentText(report)));
}

QString plotExportContext(const SessionInfo& info, const Selection& selection, const Release& release,
                          const Report& report, const QString& sourceDescription)
{
    return QString("%1 · group %2 · %3 · MM2 %4 rules · at %5 · %6")
        .arg(q(flowName(info.sourceAlias, info.targetAlias)), q(selection.group),
             selection.partition ? q(toString(*selection.partition)) : QString("-"), q(toString(release)),
             q(reportMomentText(report)), sourceDescription);
}

} // namespace driftscope::gui
