// driftscope: the desktop explorer of Kafka MirrorMaker 2 offset translation. Given nothing, it
// starts the embedded demo clusters and reads them through the Kafka protocol.
#include "app/gui/dialogs.h"
#include "app/gui/main_window.h"
#include "model/analysis/row_text.h"
#include "model/demo/demo_scenario.h"
#include "model/io/kafka/kafka_client.h"
#include "model/records/formatter_text.h"
#include "model/session/bookmarks.h"
#include "model/sim/scenario.h"
#include "model/util/named_registry.h"
#include "model/util/text_format.h"
#include "widgets/tune_panel.h"

#include "driftscope_version.h"
#include "widgets/time_cursor_bar.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QPainter>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>

using namespace driftscope;

namespace {

// A wrong value gets the CLI's treatment: the reason on stderr and exit code 2.
[[noreturn]] void usageError(const QString& message)
{
    std::fprintf(stderr, "driftscope: %s\n(see --help)\n", qPrintable(message));
    std::exit(2);
}

QString oneOf(const std::vector<std::string>& names)
{
    return QString::fromStdString(joinNames(names));
}

// --export-report runs without a window, so without a display too.
void useOffscreenToExport(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (QString(argv[i]).startsWith("--export-report") && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
}

// Writes the incident report once the window's answer settled (complete, nothing left to compute,
// at the asked moment), then quits: 0 when written, 1 with the reason on stderr.
void exportReportOnceSettled(gui::MainWindow& window, const QString& path)
{
    constexpr int kPollMs = 200, kMaxWaitMs = 180'000;
    auto* timer = new QTimer(&window);
    auto waited = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, &window, [&window, path, timer, waited] {
        const gui::AnalysisResult* r = window.result();
        const bool settled = r && r->complete && !window.analysis().busy() && !window.cursorPending();
        if (!settled && (*waited += kPollMs) < kMaxWaitMs)
            return;
        timer->stop();
        const QString error =
            settled ? window.exportIncidentReport(path) : QString("the answer did not settle within 3 min");
        std::fprintf(
            stderr, "driftscope: %s\n",
            qPrintable(error.isEmpty() ? "wrote the incident report " + path : "incident report: " + error));
        QApplication::exit(error.isEmpty() ? 0 : 1);
    });
    timer->start(kPollMs);
}

// The window as it looks, with the dialogs open over it drawn where they stand.
QPixmap windowWithDialogs(QWidget& window)
{
    QPixmap shot = window.grab();
    QPainter painter(&shot);
    for (QWidget* top : QApplication::topLevelWidgets())
        if (auto* dialog = qobject_cast<QDialog*>(top); dialog && dialog->isVisible())
            painter.drawPixmap(dialog->geometry().topLeft() - window.geometry().topLeft(), dialog->grab());
    return shot;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication::setApplicationName("driftscope");
    QApplication::setOrganizationName("driftscope");
    QApplication::setApplicationVersion(DRIFTSCOPE_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Explorer of Kafka MirrorMaker 2 offset translation: where a consumer group resumes after a "
        "failover, how much it replays, and why. Without FILE it starts the embedded demo clusters.\n"
        "Options apply to this run only; the saved preferences stay as they are.\n"
        "Exit codes: 0 ok, 1 the screenshot could not be saved, or with --screenshot the window could not do "
        "what it was asked (a file that does not open, --at outside the session: the reason on stderr, no "
        "picture), 2 usage error (a wrong option value).");
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addPositionalArgument("FILE", "A capture, or MM2 formatter text / JSON Lines, to open.", "[FILE]");
    const QCommandLineOption demo("demo",
                                  "Start the embedded demo clusters with this scenario (" +
                                      oneOf(kafka::demoScenarioNames()) + ").",
                                  "SCENARIO", "steady");
    const QCommandLineOption simulate(
        "simulate", "Open the what-if simulator on this scenario (" + oneOf(sim::scenarioNames()) + ").",
        "SCENARIO");
    const QCommandLineOption release(
        "mm2-version",
        "Apply this MM2 release's rules (default: the capture's, else 4.4.0). A release newer than "
        "driftscope "
        "knows gets the rules of the newest known one of its line, or of 4.4.0, with a note.",
        "V");
    const QCommandLineOption compare("compare", "Compare with this MM2 release side by side.", "V");
    const QCommandLineOption group("group", "Select this consumer group.", "GROUP");
    const QCommandLineOption partition("partition", "Select this partition of the group (topic-N).", "TP");
    const QCommandLineOption theme("theme", "light or dark.", "THEME");
    const QCommandLineOption at(
        "at",
        "Put the time cursor at this moment, as driftscope-cli's --at takes it: ISO 8601 "
        "(UTC unless a zone is given), milliseconds since the epoch, or the name of one of the capture's "
        "bookmarks. A moment outside the session is refused.",
        "TIME");
    const QCommandLineOption page("page", "Show this page first: partition, groups, drill or steps.", "PAGE");
    const QCommandLineOption exportReport(
        "export-report",
        "Write the incident report of the page at the time cursor (--at, --group, --partition) to this HTML "
        "or "
        "PDF file and exit, without a window; exit code 1 with the reason when it cannot.",
        "OUT");
    const QCommandLineOption helpDialog(
        "help-dialog",
        "Open this Help dialog beside the window: guide (how MM2 translates offsets, on the session) "
        "or releases (what changed between MM2 releases). Screenshots include it.",
        "DIALOG");
    const QCommandLineOption screenshot(
        "screenshot", "Save a PNG of the window after --screenshot-delay, then quit.", "PNG");
    const QCommandLineOption delay("screenshot-delay", "Seconds to wait before the screenshot (default 2).",
                                   "S", "2");
    const QCommandLineOption mm2Config(
        "mm2-config",
        "Connect to the clusters of this MM2 configuration, mm2.properties or a Strimzi KafkaMirrorMaker2 "
        "resource (as File > Connect does).",
        "FILE");
    const QCommandLineOption clientSetting(
        "X",
        "With --mm2-config: a librdkafka setting over the file's, or a Secret a Strimzi resource names, e.g. "
        "-X target.sasl.password=... (as driftscope-cli -X). Repeatable.",
        "source.KEY=VALUE|target.KEY=VALUE");
    const QCommandLineOption maxRecords(
        "max-replay-records",
        "A replay budget: partitions whose failover would replay more than N offsets are over it "
        "(as driftscope-cli report --max-replay-records; View > Replay budget).",
        "N");
    const QCommandLineOption maxSeconds(
        "max-replay-seconds",
        "A replay budget in time, at the group's pace (as driftscope-cli report --max-replay-seconds).", "T");
    const QCommandLineOption recommend(
        "recommend",
        "With --simulate and --max-replay-records or --max-replay-seconds: the target panel recommends the "
        "settings that keep a failover's replay within it at p99 (as driftscope-cli tune).");
    const QCommandLineOption flow("flow", "The flow of --mm2-config, e.g. A->B (default: its only one).",
                                  "A->B");
    for (const auto& o :
         {demo, simulate, release, compare, group, partition, theme, at, page, helpDialog, exportReport,
          screenshot, delay, mm2Config, clientSetting, flow, maxRecords, maxSeconds, recommend})
        parser.addOption(o);

    // Options are read and checked before the application exists: --help, --version and a wrong
    // value need no display.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (!parser.parse(arguments))
        usageError(parser.errorText());
    if (parser.isSet(help)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("driftscope %s\n%s\n", DRIFTSCOPE_VERSION, driftscope::kafka::librdkafkaInUse().c_str());
        return 0;
    }
    const auto names = kafka::demoScenarioNames();
    if (parser.isSet(demo) &&
        std::find(names.begin(), names.end(), parser.value(demo).toStdString()) == names.end())
        usageError("--demo: unknown scenario '" + parser.value(demo) + "' (" + oneOf(names) + ")");
    const QStringList pages{"partition", "groups", "drill", "steps"};
    if (parser.isSet(page) && !pages.contains(parser.value(page)))
        usageError("--page: expected partition, groups, drill or steps, got '" + parser.value(page) + "'");
    if (parser.isSet(exportReport) && parser.positionalArguments().isEmpty() && !parser.isSet(simulate))
        usageError(
            "--export-report needs a FILE or --simulate: a live session is never complete at a moment");
    const QStringList helpDialogs{"guide", "releases"};
    if (parser.isSet(helpDialog) && !helpDialogs.contains(parser.value(helpDialog)))
        usageError("--help-dialog: expected guide or releases, got '" + parser.value(helpDialog) + "'");
    if (parser.isSet(theme) && parser.value(theme) != "light" && parser.value(theme) != "dark")
        usageError("--theme: expected light or dark, got '" + parser.value(theme) + "'");
    // Only a file may carry bookmarks: without one, --at is a time or a mistake, said at once.
    if (parser.isSet(at) && parser.positionalArguments().isEmpty())
        if (const auto time = resolveMoment(parser.value(at).toStdString(), {}); !time)
            usageError("--at: " + QString::fromStdString(time.error()));
    bool ok = true;
    const double delaySeconds = parser.value(delay).toDouble(&ok);
    if (!ok || delaySeconds < 0 || delaySeconds > 86'400)
        usageError("--screenshot-delay: expected seconds between 0 and 86400, got '" + parser.value(delay) +
                   "'");
    // As driftscope-cli reads --mm2-version: a newer release than driftscope knows is noted on
    // stderr too, and the window shows the note.
    const auto releaseOf = [&](const QCommandLineOption& option) -> std::optional<ResolvedRelease> {
        if (!parser.isSet(option))
            return std::nullopt;
        auto r = resolveRelease(parser.value(option).toStdString());
        if (!r)
            usageError("--" + option.names().front() + ": " + QString::fromStdString(r.error()));
        if (!r->warning.empty())
            std::fprintf(stderr, "driftscope: note: %s\n", r->warning.c_str());
        return *r;
    };
    const std::optional<ResolvedRelease> chosen = releaseOf(release);
    const std::optional<ResolvedRelease> compared = releaseOf(compare);
    std::optional<TopicPartition> selectedPartition;
    if (parser.isSet(partition)) {
        // Kafka's "topic-N", read by the one parser the CLI and the record readers use.
        const auto tp = parseTopicPartition(parser.value(partition).toStdString());
        if (!tp)
            usageError("--partition: expected topic-N: " + QString::fromStdString(tp.error()));
        if (!parser.isSet(group))
            usageError("--partition needs --group");
        selectedPartition = *tp;
    }
    if (parser.isSet(clientSetting) && !parser.isSet(mm2Config))
        usageError("-X needs --mm2-config (File > Connect takes client settings for bootstrap servers)");
    ReplayBudget budget;
    if (parser.isSet(maxRecords)) {
        const qlonglong n = parser.value(maxRecords).toLongLong(&ok);
        if (!ok || n < 0)
            usageError("--max-replay-records: expected a number of offsets, got '" +
                       parser.value(maxRecords) + "'");
        budget.maxRecords = n;
    }
    if (parser.isSet(maxSeconds)) {
        const double t = parser.value(maxSeconds).toDouble(&ok);
        if (!ok || t < 0 || t > 86'400.0 * 365)
            usageError("--max-replay-seconds: expected seconds, got '" + parser.value(maxSeconds) + "'");
        budget.maxMs = static_cast<int64_t>(t * 1000 + 0.5);
    }
    std::optional<sim::Scenario> simulated;
    if (parser.isSet(simulate)) {
        auto scenario = sim::namedScenario(parser.value(simulate).toStdString());
        if (!scenario)
            usageError("--simulate: " + QString::fromStdString(scenario.error()));
        simulated = *scenario;
    }

    if (parser.isSet(recommend) && (!simulated || budget.any() == false))
        usageError("--recommend needs --simulate and --max-replay-records or --max-replay-seconds");
    if (parser.isSet(recommend) && budget.maxRecords && budget.maxMs)
        usageError("--recommend takes one target: --max-replay-records or --max-replay-seconds");

    useOffscreenToExport(argc, argv);
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(driftscope); // the resources live in the driftscope_gui library
    QApplication::setWindowIcon(QIcon(":/driftscope.svg"));

    gui::MainWindow window;
    // Options apply to this run only: the saved preferences (QSettings) stay as they were.
    if (parser.isSet(theme))
        window.setTheme(gui::themeFromName(parser.value(theme)));
    if (budget.any())
        window.pinReplayBudget(budget);
    const bool headless = parser.isSet(exportReport);
    if (!headless)
        window.show();
    // With --screenshot or --export-report nobody is there to read a dialog: what the window cannot
    // do ends the run with the reason on stderr and exit code 1, and no picture or report.
    bool failed = false;
    if (parser.isSet(screenshot) || headless)
        QObject::connect(&window, &gui::MainWindow::failed, &window,
                         [&failed](const QString& title, const QString& message) {
                             if (failed)
                                 return;
                             failed = true;
                             std::fprintf(stderr, "driftscope: %s: %s\n", qPrintable(title),
                                          qPrintable(message));
                             QApplication::exit(1);
                         });
    if (chosen)
        window.pinRelease(*chosen);
    if (compared)
        window.applyCompareRelease(*compared);
    if (selectedPartition)
        window.selectPartition(parser.value(group), *selectedPartition);
    else if (parser.isSet(group))
        window.selectGroup(parser.value(group));
    if (parser.isSet(page))
        window.tabs()->setCurrentIndex(static_cast<int>(pages.indexOf(parser.value(page))));
    if (parser.value(helpDialog) == "guide")
        window.showGuide();
    else if (parser.value(helpDialog) == "releases")
        gui::showReleaseChanges(&window);
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    else if (parser.isSet(mm2Config)) {
        gui::ConnectionProfile profile;
        profile.useMm2File = true;
        profile.mm2File = parser.value(mm2Config);
        profile.flow = parser.value(flow);
        profile.clientSettings = parser.values(clientSetting);
        profile.release = QString::fromStdString(chosen ? chosen->asked : toString(kDefaultRelease));
        if (const QString error = window.connectProfile(profile); !error.isEmpty()) {
            std::fprintf(stderr, "driftscope: --mm2-config: %s\n", qPrintable(error));
            return 1;
        }
    } else if (simulated) {
        if (chosen)
            simulated->release = chosen->rules;
        window.runSimulation(*simulated);
        if (parser.isSet(recommend)) {
            const tuning::Target target =
                budget.maxRecords
                    ? tuning::Target{tuning::Unit::Records, static_cast<double>(*budget.maxRecords), 99}
                    : tuning::Target{tuning::Unit::Seconds, static_cast<double>(*budget.maxMs) / 1000, 99};
            window.tunePanel()->setTarget(target);
            window.recommendSettings(target);
        }
    } else
        window.startDemo(parser.value(demo));

    // A time or a bookmark's name: the window resolves it once the session is there.
    if (parser.isSet(at))
        window.moveCursorOnceLoaded(parser.value(at));
    if (headless)
        exportReportOnceSettled(window, parser.value(exportReport));
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        QTimer::singleShot(static_cast<int>(delaySeconds * 1000), &window, [&window, &failed, path] {
            if (failed)
                return;
            const bool saved = windowWithDialogs(window).save(path);
            // What the status bar said, for scripts: the clusters' states and the records read.
            std::fprintf(stderr, "driftscope: status: %s\n", qPrintable(window.statusText()));
            if (const gui::AnalysisResult* shown = window.result()) {
                // As the page's heading says it: no 1970 for records without times.
                const std::string cursor = shown->releases.empty()
                                               ? formatUtcMs(shown->cursorMs)
                                               : reportMomentText(shown->releases.front().cursor.report);
                std::fprintf(stderr, "driftscope: cursor: %s\n", cursor.c_str());
            }
            std::fprintf(stderr, "driftscope: %s %s\n", saved ? "saved" : "could not save", qPrintable(path));
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
