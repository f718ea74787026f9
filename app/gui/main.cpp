// driftscope: the desktop explorer of Kafka MirrorMaker 2 offset translation.
#include "app/gui/main_window.h"

#include "driftscope_version.h"

#include <QApplication>
#include <QCommandLineParser>

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
    parser.process(app);

    driftscope::gui::MainWindow window;
    window.show();
    return app.exec();
}
