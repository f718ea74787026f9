// driftscope: the desktop explorer of Kafka MirrorMaker 2 offset translation. Given nothing, it
// starts the embedded demo clusters and reads them through the Kafka protocol.
#include "app/gui/main_window.h"
#include "model/records/formatter_text.h"

#include "driftscope_version.h"
#include "widgets/time_cursor_bar.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

using namespace driftscope;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(driftscope); // the resources live in the driftscope_gui library
    QApplication::setApplicationName("driftscope");
    QApplication::setOrganizationName("driftscope");
    QApplication::setApplicationVersion(DRIFTSCOPE_VERSION);
    QApplication::setWindowIcon(QIcon(":/driftscope.svg"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Explorer of Kafka MirrorMaker 2 offset translation: where a consumer group resumes after a "
        "failover, how "
        "much it replays, and why. Without FILE it starts the embedded demo clusters.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("FILE", "A capture, or MM2 formatter text / JSON Lines, to open.", "[FILE]");
    const QCommandLineOption demo(
        "demo", "Start the embedded demo clusters with this scenario (steady, legacy, busy, load).",
        "SCENARIO", "steady");
    const QCommandLineOption simulate("simulate", "Open the what-if simulator on this scenario.", "SCENARIO");
    const QCommandLineOption release("mm2-version", "Apply this MM2 release's rules (default 4.4.0).", "V");
    const QCommandLineOption compare("compare", "Compare with this MM2 release side by side.", "V");
    const QCommandLineOption group("group", "Select this consumer group.", "GROUP");
    const QCommandLineOption partition("partition", "Select this partition of the group (topic-N).", "TP");
    const QCommandLineOption theme("theme", "light or dark.", "THEME");
    const QCommandLineOption at("at", "Put the time cursor at this many seconds after the session's start.",
                                "S");
    const QCommandLineOption page("page", "Show this page first: partition, groups or drill.", "PAGE");
    const QCommandLineOption screenshot(
        "screenshot", "Save a PNG of the window after --screenshot-delay, then quit.", "PNG");
    const QCommandLineOption delay("screenshot-delay", "Seconds to wait before the screenshot (default 2).",
                                   "S", "2");
    const QCommandLineOption mm2Config(
        "mm2-config", "Connect to the clusters of this MM2 properties file (as File > Connect does).",
        "FILE");
    const QCommandLineOption flow("flow", "The flow of --mm2-config, e.g. A->B (default: its only one).",
                                  "A->B");
    for (const auto& o : {demo, simulate, release, compare, group, partition, theme, at, page, screenshot,
                          delay, mm2Config, flow})
        parser.addOption(o);
    parser.process(app);

    const auto releaseOf = [&](const QCommandLineOption& option) -> std::optional<Release> {
        if (!parser.isSet(option))
            return std::nullopt;
        auto r = parseRelease(parser.value(option).toStdString());
        if (!r) {
            std::fprintf(stderr, "driftscope: --%s: %s\n", qPrintable(option.names().front()),
                         r.error().c_str());
            std::exit(2);
        }
        return *r;
    };
    const std::optional<Release> chosen = releaseOf(release);
    const std::optional<Release> compared = releaseOf(compare);

    gui::MainWindow window;
    if (parser.isSet(theme))
        window.setTheme(gui::themeFromName(parser.value(theme)));
    window.show();
    if (chosen)
        window.selectRelease(*chosen);
    if (compared)
        window.setCompareRelease(*compared);
    if (parser.isSet(group) && parser.isSet(partition)) {
        // Kafka's "topic-N", read by the one parser the CLI and the record readers use.
        const auto tp = parseTopicPartition(parser.value(partition).toStdString());
        if (!tp) {
            std::fprintf(stderr, "driftscope: --partition: expected topic-N: %s\n", tp.error().c_str());
            return 2;
        }
        window.selectPartition(parser.value(group), *tp);
    } else if (parser.isSet(group))
        window.selectGroup(parser.value(group));
    if (parser.isSet(page))
        window.tabs()->setCurrentIndex(
            QStringList{"partition", "groups", "drill"}.indexOf(parser.value(page)));
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    else if (parser.isSet(mm2Config)) {
        gui::ConnectionProfile profile;
        profile.useMm2File = true;
        profile.mm2File = parser.value(mm2Config);
        profile.flow = parser.value(flow);
        profile.release = QString::fromStdString(toString(chosen ? *chosen : kDefaultRelease));
        if (const QString error = window.connectProfile(profile); !error.isEmpty()) {
            std::fprintf(stderr, "driftscope: --mm2-config: %s\n", qPrintable(error));
            return 1;
        }
    } else if (parser.isSet(simulate)) {
        auto scenario = sim::namedScenario(parser.value(simulate).toStdString());
        if (!scenario) {
            std::fprintf(stderr, "driftscope: --simulate: %s\n", scenario.error().c_str());
            return 2;
        }
        if (chosen)
            scenario->release = *chosen;
        window.runSimulation(*scenario);
    } else
        window.startDemo(parser.value(demo));

    if (parser.isSet(at)) {
        const int64_t seconds = parser.value(at).toLongLong();
        // Once the session is there: the cursor counts from its start.
        QObject::connect(
            &window.analysis(), &gui::AnalysisService::resultReady, &window,
            [&window, seconds, done = false](std::shared_ptr<const gui::AnalysisResult> r) mutable {
                if (done || r->toMs <= r->fromMs)
                    return;
                done = true;
                window.moveCursor(r->fromMs + seconds * 1000);
            });
    }
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        QTimer::singleShot(static_cast<int>(parser.value(delay).toDouble() * 1000), &window, [&window, path] {
            const bool saved = window.grab().save(path);
            // What the status bar said, for scripts: the clusters' states and the records read.
            std::fprintf(stderr, "driftscope: status: %s\n", qPrintable(window.statusText()));
            std::fprintf(stderr, "driftscope: %s %s\n", saved ? "saved" : "could not save", qPrintable(path));
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
