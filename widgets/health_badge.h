// The health badge of a group partition (or of a whole group: its worst partition), as the side
// panel and the tables show it: OK, over replay budget, checkpoint stale, not translatable, no
// syncs, skip possible.
#pragma once

#include "model/analysis/health_report.h"
#include "model/util/text_format.h"
#include "widgets/health_colors.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace driftscope::widgets {

inline Health healthOf(const std::vector<Verdict>& verdicts)
{
    Health worst = Health::Ok;
    for (Verdict v : verdicts) {
        Health h = Health::Ok;
        switch (v) {
        case Verdict::SkipPossible:
        case Verdict::BeyondTargetEnd:
            h = Health::SkipPossible;
            break;
        case Verdict::NoSync:
            h = Health::NoSyncs;
            break;
        case Verdict::TooOld:
        case Verdict::NotReady:
        case Verdict::NoCheckpoint:
            h = Health::NotTranslatable;
            break;
        case Verdict::CheckpointStale:
            h = Health::CheckpointStale;
            break;
        case Verdict::OverReplayBudget:
            h = Health::OverReplayBudget;
            break;
        case Verdict::SourceTopicRecreated:
        case Verdict::TargetTruncated:
        case Verdict::SourceRecordsLost:
            h = Health::RecordsLost;
            break;
        case Verdict::GroupOffsetSyncBlocked:
            h = Health::GroupSyncBlocked;
            break;
        case Verdict::NeverCheckpointed:
            h = Health::NotTranslatable;
            break;
        case Verdict::OffsetSyncsTopicAtRisk:
            h = Health::SyncsAtRisk;
            break;
        }
        worst = std::max(worst, h);
    }
    return worst;
}

inline QString healthLabel(Health h)
{
    switch (h) {
    case Health::Ok:
        return "OK";
    case Health::OverReplayBudget:
        return "over replay budget";
    case Health::SyncsAtRisk:
        return "syncs at risk";
    case Health::CheckpointStale:
        return "checkpoint stale";
    case Health::NotTranslatable:
        return "not translatable";
    case Health::NoSyncs:
        return "no syncs";
    case Health::SkipPossible:
        return "skip possible";
    case Health::GroupSyncBlocked:
        return "group sync blocked";
    case Health::RecordsLost:
        return "records lost";
    }
    return {};
}

// "checkpoint-stale, too-old" for tool tips and tables ("ok" when healthy).
inline QString verdictText(const std::vector<Verdict>& verdicts)
{
    QStringList names;
    for (Verdict v : verdicts)
        names << QString::fromUtf8(verdictName(v).data(), static_cast<qsizetype>(verdictName(v).size()));
    return names.isEmpty() ? QString("ok") : names.join(", ");
}

// The verdicts with what each means, and a row's evidence where it has one, for tool tips ("OK:
// ..." when healthy).
inline QString verdictTip(const std::vector<Verdict>& verdicts,
                          const std::vector<std::pair<Verdict, std::string>>& evidence = {})
{
    if (verdicts.empty())
        return "OK: MM2 can translate the committed offset and the checkpoint is fresh";
    QStringList lines;
    for (Verdict v : verdicts) {
        QString line =
            QString::fromUtf8(verdictName(v).data(), static_cast<qsizetype>(verdictName(v).size())) + ": " +
            QString::fromUtf8(verdictMeaning(v).data(), static_cast<qsizetype>(verdictMeaning(v).size()));
        for (const auto& [about, words] : evidence)
            if (about == v)
                line += "\n  here: " + QString::fromStdString(words);
        lines << line;
    }
    return lines.join("\n");
}

// A badge of a report that is not current says so: an outage never leaves an OK standing.
// "OK as of 18:57:05" in grey, with the reason in the tool tip.
inline QString badgeLabel(Health h, const Report& report)
{
    if (report.staleBecause.empty())
        return healthLabel(h);
    return healthLabel(h) + " as of " + QString::fromStdString(formatUtcMs(report.asOfMs)).mid(11, 8);
}

inline QColor badgeColor(Health h, const Report& report)
{
    return report.staleBecause.empty() ? healthColor(h) : notCurrentColor();
}

inline QString badgeTip(const std::vector<Verdict>& verdicts, const Report& report)
{
    const QString tip = verdictTip(verdicts);
    if (report.staleBecause.empty())
        return tip;
    return "Not current: " + QString::fromStdString(report.staleBecause) + "; as of " +
           QString::fromStdString(formatUtcMs(report.asOfMs)) + ":\n" + tip;
}

} // namespace driftscope::widgets
