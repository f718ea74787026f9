// driftscope: the desktop explorer of Kafka MirrorMaker 2 offset translation.
#include "app/gui/main_window.h"

#include "driftscope_version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("driftscope");
    QApplication::setOrganizationName("driftscope");
    QApplication::setApplicationVersion(DRIFTSCOPE_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription("Explorer of Kafka MirrorMaker 2 offset translation.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("FILE", "Offset-sync records to open (formatter text or JSON Lines).",
                                 "[FILE]");
    QCommandLineOption screenshot("screenshot", "Save a PNG of the window once it is shown, then quit.",
                                  "PNG");
    parser.addOption(screenshot);
    parser.process(app);

    driftscope::gui::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openOffsetSyncs(parser.positionalArguments().constFirst());
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        QTimer::singleShot(500, &window, [&window, path] {
            const bool saved = window.grab().save(path);
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
