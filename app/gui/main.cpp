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
#include "model/util/integer_text.h"
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

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        "Explorer of Kafka MirrorMaker 2 offset translation: where a consumer group resumes after a "
        "failover, how much it replays, and why. Without FILE it starts the embedded demo clusters.\n"
        "Options apply to this run only; the saved preferences stay as they are.\n"
        "Exit codes: 0 ok, 1 the screenshot could not be saved, or with --screenshot the window could not do "
        "what it was asked (a file that does not open, --at outside the session: the reason on stderr, no "
        "picture), 2 usage error (a wrong option value).");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("FILE", "A capture, or MM2 formatter text / JSON Lines, to open.", "[FILE]");
    parser.addOptions({
        {"demo",
         "Start the embedded demo clusters with this scenario (" + oneOf(kafka::demoScenarioNames()) + ").",
         "SCENARIO", "steady"},
        {"simulate", "Open the what-if simulator on this scenario (" + oneOf(sim::scenarioNames()) + ").",
         "SCENARIO"},
        {"mm2-version",
         "Apply this MM2 release's rules (default: the capture's, else 4.4.0). A release newer than "
         "driftscope "
         "knows gets the rules of the newest known one of its line, or of 4.4.0, with a note.",
         "V"},
        {"compare", "Compare with this MM2 release side by side.", "V"},
        {"group", "Select this consumer group.", "GROUP"},
        {"partition", "Select this partition of the group (topic-N).", "TP"},
        {"theme", "light or dark.", "THEME"},
        {"at",
         "Put the time cursor at this moment, as driftscope-cli's --at takes it: ISO 8601 (UTC unless a zone "
         "is given), milliseconds since the epoch, or the name of one of the capture's bookmarks. A moment "
         "outside the session is refused.",
         "TIME"},
        {"page", "Show this page first: partition, groups, drill or steps.", "PAGE"},
        {"help-dialog",
         "Open this Help dialog beside the window: guide (how MM2 translates offsets, on the session) or "
         "releases (what changed between MM2 releases). Screenshots include it.",
         "DIALOG"},
        {"export-report",
         "Write the incident report of the page at the time cursor (--at, --group, --partition) to this HTML "
         "or PDF file and exit, without a window; exit code 1 with the reason when it cannot.",
         "OUT"},
        {"screenshot", "Save a PNG of the window after --screenshot-delay, then quit.", "PNG"},
        {"screenshot-delay", "Seconds to wait before the screenshot (default 2).", "S", "2"},
        {"mm2-config",
         "Connect to the clusters of this MM2 configuration, mm2.properties or a Strimzi KafkaMirrorMaker2 "
         "resource (as File > Connect does).",
         "FILE"},
        {"X",
         "With --mm2-config: a librdkafka setting over the file's, or a Secret a Strimzi resource names, "
         "e.g. "
         "-X target.sasl.password=... (as driftscope-cli -X). Repeatable.",
         "source.KEY=VALUE|target.KEY=VALUE"},
        {"flow", "The flow of --mm2-config, e.g. A->B (default: its only one).", "A->B"},
        {"max-replay-records",
         "A replay budget: partitions whose failover would replay more than N offsets are over it (as "
         "driftscope-cli report --max-replay-records; View > Replay budget).",
         "N"},
        {"max-replay-seconds",
         "A replay budget in time, at the group's pace (as driftscope-cli report --max-replay-seconds).",
         "T"},
        {"recommend",
         "With --simulate and --max-replay-records or --max-replay-seconds: the target panel recommends the "
         "settings that keep a failover's replay within it at p99 (as driftscope-cli tune)."},
    });
}

const QStringList kPages{"partition", "groups", "drill", "steps"};

// What the command line asks of this run, read and checked before the application exists: a
// wrong value needs no display.
struct Launch {
    std::optional<ResolvedRelease> release, compare;
    std::optional<TopicPartition> partition;
    ReplayBudget budget;
    std::optional<sim::Scenario> simulated;
    double screenshotDelaySeconds = 2;
};

// The options whose values come from a fixed list, and those that need another.
void checkChoices(const QCommandLineParser& parser)
{
    if (parser.isSet("demo"))
        if (const auto scenario = kafka::demoScenario(parser.value("demo").toStdString()); !scenario)
            usageError("--demo: " + QString::fromStdString(scenario.error()));
    if (parser.isSet("page") && !kPages.contains(parser.value("page")))
        usageError("--page: expected partition, groups, drill or steps, got '" + parser.value("page") + "'");
    if (parser.isSet("export-report") && parser.positionalArguments().isEmpty() && !parser.isSet("simulate"))
        usageError(
            "--export-report needs a FILE or --simulate: a live session is never complete at a moment");
    if (parser.isSet("help-dialog") &&
        !QStringList{"guide", "releases"}.contains(parser.value("help-dialog")))
        usageError("--help-dialog: expected guide or releases, got '" + parser.value("help-dialog") + "'");
    if (parser.isSet("theme") && parser.value("theme") != "light" && parser.value("theme") != "dark")
        usageError("--theme: expected light or dark, got '" + parser.value("theme") + "'");
    // Only a file may carry bookmarks: without one, --at is a time or a mistake, said at once.
    if (parser.isSet("at") && parser.positionalArguments().isEmpty())
        if (const auto time = resolveMoment(parser.value("at").toStdString(), {}); !time)
            usageError("--at: " + QString::fromStdString(time.error()));
}

// As driftscope-cli reads --mm2-version: a newer release than driftscope knows is noted on
// stderr too, and the window shows the note.
std::optional<ResolvedRelease> releaseOption(const QCommandLineParser& parser, const QString& name)
{
    if (!parser.isSet(name))
        return std::nullopt;
    auto r = resolveRelease(parser.value(name).toStdString());
    if (!r)
        usageError("--" + name + ": " + QString::fromStdString(r.error()));
    if (!r->warning.empty())
        std::fprintf(stderr, "driftscope: note: %s\n", r->warning.c_str());
    return *r;
}

ReplayBudget budgetOptions(const QCommandLineParser& parser)
{
    ReplayBudget budget;
    bool ok = true;
    if (parser.isSet("max-replay-records")) {
        // As driftscope-cli reads it.
        const auto n = parseInt64(parser.value("max-replay-records").toStdString());
        if (!n || *n < 0)
            usageError("--max-replay-records: expected a number of offsets, got '" +
                       parser.value("max-replay-records") + "'");
        budget.maxRecords = *n;
    }
    if (parser.isSet("max-replay-seconds")) {
        const double t = parser.value("max-replay-seconds").toDouble(&ok);
        if (!ok || t < 0 || t > 86'400.0 * 365)
            usageError("--max-replay-seconds: expected seconds, got '" + parser.value("max-replay-seconds") +
                       "'");
        budget.maxMs = static_cast<int64_t>(t * 1000 + 0.5);
    }
    return budget;
}

Launch readLaunch(const QCommandLineParser& parser)
{
    checkChoices(parser);
    Launch launch;
    bool ok = true;
    launch.screenshotDelaySeconds = parser.value("screenshot-delay").toDouble(&ok);
    if (!ok || launch.screenshotDelaySeconds < 0 || launch.screenshotDelaySeconds > 86'400)
        usageError("--screenshot-delay: expected seconds between 0 and 86400, got '" +
                   parser.value("screenshot-delay") + "'");
    launch.release = releaseOption(parser, "mm2-version");
    launch.compare = releaseOption(parser, "compare");
    if (parser.isSet("partition")) {
        // Kafka's "topic-N", read by the one parser the CLI and the record readers use.
        const auto tp = parseTopicPartition(parser.value("partition").toStdString());
        if (!tp)
            usageError("--partition: expected topic-N: " + QString::fromStdString(tp.error()));
        if (!parser.isSet("group"))
            usageError("--partition needs --group");
        launch.partition = *tp;
    }
    if (parser.isSet("X") && !parser.isSet("mm2-config"))
        usageError("-X needs --mm2-config (File > Connect takes client settings for bootstrap servers)");
    launch.budget = budgetOptions(parser);
    if (parser.isSet("simulate")) {
        auto scenario = sim::namedScenario(parser.value("simulate").toStdString());
        if (!scenario)
            usageError("--simulate: " + QString::fromStdString(scenario.error()));
        launch.simulated = *scenario;
    }
    if (parser.isSet("recommend") && (!launch.simulated || !launch.budget.any()))
        usageError("--recommend needs --simulate and --max-replay-records or --max-replay-seconds");
    if (parser.isSet("recommend") && launch.budget.maxRecords && launch.budget.maxMs)
        usageError("--recommend takes one target: --max-replay-records or --max-replay-seconds");
    return launch;
}

// With --screenshot or --export-report nobody is there to read a dialog: what the window cannot do
// ends the run with the reason on stderr and exit code 1, and no picture or report.
void exitOnFailure(gui::MainWindow& window, bool& failed)
{
    QObject::connect(&window, &gui::MainWindow::failed, &window,
                     [&failed](const QString& title, const QString& message) {
                         if (failed)
                             return;
                         failed = true;
                         std::fprintf(stderr, "driftscope: %s: %s\n", qPrintable(title), qPrintable(message));
                         QApplication::exit(1);
                     });
}

// The release, the selection, the page and the help dialog asked for.
void applyChoices(gui::MainWindow& window, const QCommandLineParser& parser, const Launch& launch)
{
    if (launch.release)
        window.pinRelease(*launch.release);
    if (launch.compare)
        window.applyCompareRelease(*launch.compare);
    if (launch.partition)
        window.selectPartition(parser.value("group"), *launch.partition);
    else if (parser.isSet("group"))
        window.selectGroup(parser.value("group"));
    if (parser.isSet("page"))
        window.tabs()->setCurrentIndex(static_cast<int>(kPages.indexOf(parser.value("page"))));
    if (parser.value("help-dialog") == "guide")
        window.showGuide();
    else if (parser.value("help-dialog") == "releases")
        gui::showReleaseChanges(&window);
}

// Opens what the window reads: the file, the clusters of an MM2 configuration, a simulation or
// the demo clusters. False when the configuration's clusters cannot be connected to.
bool openSource(gui::MainWindow& window, const QCommandLineParser& parser, Launch& launch)
{
    if (!parser.positionalArguments().isEmpty()) {
        window.openFile(parser.positionalArguments().constFirst());
    } else if (parser.isSet("mm2-config")) {
        gui::ConnectionProfile profile;
        profile.useMm2File = true;
        profile.mm2File = parser.value("mm2-config");
        profile.flow = parser.value("flow");
        profile.clientSettings = parser.values("X");
        profile.release =
            QString::fromStdString(launch.release ? launch.release->asked : toString(kDefaultRelease));
        if (const QString error = window.connectProfile(profile); !error.isEmpty()) {
            std::fprintf(stderr, "driftscope: --mm2-config: %s\n", qPrintable(error));
            return false;
        }
    } else if (launch.simulated) {
        if (launch.release)
            launch.simulated->release = launch.release->rules;
        window.runSimulation(*launch.simulated);
        if (parser.isSet("recommend")) {
            const ReplayBudget& b = launch.budget;
            const tuning::Target target =
                b.maxRecords
                    ? tuning::Target{tuning::Unit::Records, static_cast<double>(*b.maxRecords), 99}
                    : tuning::Target{tuning::Unit::Seconds, static_cast<double>(*b.maxMs) / 1000, 99};
            window.tunePanel()->setTarget(target);
            window.recommendSettings(target);
        }
    } else {
        window.startDemo(parser.value("demo"));
    }
    return true;
}

// Saves the window after the delay, says on stderr what it showed, and quits.
void screenshotAfter(gui::MainWindow& window, const QString& path, double delaySeconds, const bool& failed)
{
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

} // namespace

int main(int argc, char** argv)
{
    QApplication::setApplicationName("driftscope");
    QApplication::setOrganizationName("driftscope");
    QApplication::setApplicationVersion(DRIFTSCOPE_VERSION);

    QCommandLineParser parser;
    addOptions(parser);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (!parser.parse(arguments))
        usageError(parser.errorText());
    if (parser.isSet("help")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet("version")) {
        std::printf("driftscope %s\n%s\n", DRIFTSCOPE_VERSION, driftscope::kafka::librdkafkaInUse().c_str());
        return 0;
    }
    Launch launch = readLaunch(parser);

    useOffscreenToExport(argc, argv);
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(driftscope); // the resources live in the driftscope_gui library
    QApplication::setWindowIcon(QIcon(":/driftscope.svg"));

    gui::MainWindow window;
    // Options apply to this run only: the saved preferences (QSettings) stay as they were.
    if (parser.isSet("theme"))
        window.setTheme(gui::themeFromName(parser.value("theme")));
    if (launch.budget.any())
        window.pinReplayBudget(launch.budget);
    const bool headless = parser.isSet("export-report");
    if (!headless)
        window.show();
    bool failed = false;
    if (parser.isSet("screenshot") || headless)
        exitOnFailure(window, failed);
    applyChoices(window, parser, launch);
    if (!openSource(window, parser, launch))
        return 1;
    // A time or a bookmark's name: the window resolves it once the session is there.
    if (parser.isSet("at"))
        window.moveCursorOnceLoaded(parser.value("at"));
    if (headless)
        exportReportOnceSettled(window, parser.value("export-report"));
    if (parser.isSet("screenshot"))
        screenshotAfter(window, parser.value("screenshot"), launch.screenshotDelaySeconds, failed);
    return app.exec();
}
