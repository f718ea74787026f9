// The driftscope window run as a process (offscreen), as scripts run it with --screenshot: what it
// cannot do ends the run with the reason on stderr and exit code 1, and no picture; options apply
// to the run only, never to the saved preferences.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {

const char* const kCapture = DRIFTSCOPE_SAMPLES "/demo.capture";

struct WindowRun {
    int exitCode = -1; // -1: did not finish in time
    QStringList err;   // stderr lines, without Qt's own platform chatter
};

class WindowRunner {
public:
    WindowRunner()
    {
        // Settings and runtime files of the run's own: the user's stay untouched.
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert("QT_QPA_PLATFORM", "offscreen");
        m_env.insert("XDG_CONFIG_HOME", m_home.filePath("config"));
        m_env.insert("XDG_RUNTIME_DIR", m_home.filePath("runtime"));
        QDir().mkpath(m_home.filePath("runtime"));
        QFile::setPermissions(m_home.filePath("runtime"),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    WindowRun run(const QStringList& args) const
    {
        QProcess p;
        p.setProcessEnvironment(m_env);
        p.start(DRIFTSCOPE_GUI, args);
        if (!p.waitForFinished(60'000)) {
            p.kill();
            p.waitForFinished();
            return {};
        }
        WindowRun r{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, {}};
        for (const QString& line :
             QString::fromUtf8(p.readAllStandardError()).split('\n', Qt::SkipEmptyParts))
            if (line.startsWith("driftscope: "))
                r.err << line;
        return r;
    }

    QString settingsFile() const { return m_home.filePath("config/driftscope/driftscope.conf"); }
    QString path(const QString& name) const { return m_home.filePath(name); }

private:
    QTemporaryDir m_home;
    QProcessEnvironment m_env;
};

} // namespace

class WindowCommandLine : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fileThatCannotBeOpenedEndsTheRun();
    void cursorTakesTheCliTimes();
    void cursorOutsideTheSessionEndsTheRun();
    void optionsAreNotRemembered();
    void newerReleaseIsNoted();
    void helpDialogIsInTheScreenshot();
    void incidentReportWithoutAWindow();
    void recommendNeedsASimulationAndATarget();
};

void WindowCommandLine::fileThatCannotBeOpenedEndsTheRun()
{
    WindowRunner runner;
    const QString png = runner.path("never.png");
    const QString missing = runner.path("nosuch.capture");
    const WindowRun r = runner.run({missing, "--screenshot", png, "--screenshot-delay", "20"});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringList{"driftscope: Cannot open nosuch.capture: " + missing +
                                ": cannot open: No such file or directory"});
    QVERIFY(!QFile::exists(png));
}

void WindowCommandLine::cursorTakesTheCliTimes()
{
    WindowRunner runner;
    const QString png = runner.path("at.png");
    for (const QString& at : {QString("2026-11-29T13:37:00Z"), QString("2026-11-29T14:37:00.000+01:00"),
                              QString("1795959420000")}) {
        const WindowRun r =
            runner.run({kCapture, "--at", at, "--screenshot", png, "--screenshot-delay", "4"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("driftscope: cursor: 2026-11-29T13:37:00.000Z"),
                 qPrintable(r.err.join('\n')));
        QVERIFY(QFile::exists(png));
        QVERIFY(QFile::remove(png));
    }
}

void WindowCommandLine::cursorOutsideTheSessionEndsTheRun()
{
    WindowRunner runner;
    const QString png = runner.path("never.png");
    const WindowRun r = runner.run(
        {kCapture, "--at", "2026-11-29T13:40:00Z", "--screenshot", png, "--screenshot-delay", "20"});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err,
             QStringList{"driftscope: Time cursor: --at 2026-11-29T13:40:00.000Z is outside the session, "
                         "which covers 2026-11-29T13:36:20.381Z to 2026-11-29T13:37:51.856Z"});
    QVERIFY(!QFile::exists(png));
}

void WindowCommandLine::optionsAreNotRemembered()
{
    WindowRunner runner;
    const QString png = runner.path("dark.png");
    {
        QDir().mkpath(runner.path("config/driftscope"));
        QSettings settings(runner.settingsFile(), QSettings::IniFormat);
        settings.setValue("theme", "light");
    }
    const WindowRun r =
        runner.run({kCapture, "--theme", "dark", "--mm2-version", "3.4.0", "--compare", "4.3.2", "--page",
                    "drill", "--screenshot", png, "--screenshot-delay", "3"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFile::exists(png));
    QSettings settings(runner.settingsFile(), QSettings::IniFormat);
    QCOMPARE(settings.value("theme").toString(), QString("light"));
    // What the run did keep: the file it opened, in the recent files (as File > Open does).
    QCOMPARE(settings.allKeys(), (QStringList{"recentFiles", "theme"}));
}

// A trainer opens the session with the release notes (or the guide) beside it; the screenshot
// shows the dialog over the window. A wrong name is a usage error.
void WindowCommandLine::helpDialogIsInTheScreenshot()
{
    WindowRunner runner;
    const QString plain = runner.path("plain.png");
    const QString withNotes = runner.path("notes.png");
    const QStringList common = {kCapture, "--at", "2026-11-29T13:37:00Z", "--screenshot-delay", "4"};
    QCOMPARE(runner.run(common + QStringList{"--screenshot", plain}).exitCode, 0);
    QCOMPARE(
        runner.run(common + QStringList{"--help-dialog", "releases", "--screenshot", withNotes}).exitCode, 0);
    QFile a(plain), b(withNotes);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray pictureA = a.readAll(), pictureB = b.readAll();
    QVERIFY(pictureA.startsWith("\x89PNG") && pictureB.startsWith("\x89PNG"));
    QVERIFY(pictureA != pictureB); // the dialog is drawn over the window
    const WindowRun wrong = runner.run({kCapture, "--help-dialog", "notes"});
    QCOMPARE(wrong.exitCode, 2);
    QCOMPARE(wrong.err, QStringList{"driftscope: --help-dialog: expected guide or releases, got 'notes'"});
}

// A reviewer's incident report, written headless: the page at the cursor as one HTML file with its
// plots embedded, or one PDF; what cannot be written ends the run with the reason.
void WindowCommandLine::incidentReportWithoutAWindow()
{
    WindowRunner runner;
    const QString html = runner.path("incident.html");
    const QStringList at = {kCapture, "--group", "analytics", "--at", "2026-11-29T13:37:30Z"};
    const WindowRun r = runner.run(at + QStringList{"--export-report", html});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QStringList{"driftscope: wrote the incident report " + html});
    QFile file(html);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(file.readAll());
    QCOMPARE(page.count("<img src=\"data:image/png;base64,"), 6); // every plot, embedded
    for (const char* expected : {"<h1>driftscope incident report</h1>",
                                 "<th align=\"left\">At</th><td>2026-11-29T13:37:30.000Z</td>",
                                 "<th align=\"left\">Group</th><td>analytics</td>",
                                 "<th align=\"left\">Source</th><td>demo.capture</td>",
                                 "replays 565 offsets (source offsets [910, 1,475))",
                                 "analytics  clicks-0    1,475      102                  975 -&gt; 910 "
                                 "(held)  29.6 s  910 (checkpoint)  "
                                 "replays 565 (about 25.4 s)  [910, 1,475)"})
        QVERIFY2(page.contains(QString::fromUtf8(expected)), expected);
    const QString pdf = runner.path("incident.pdf");
    QCOMPARE(runner.run(at + QStringList{"--export-report", pdf}).exitCode, 0);
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));
    const WindowRun wrongKind = runner.run(at + QStringList{"--export-report", runner.path("incident.txt")});
    QCOMPARE(wrongKind.exitCode, 1);
    QCOMPARE(wrongKind.err,
             QStringList{"driftscope: incident report: unknown report format 'txt': use .html or .pdf"});
    const WindowRun nowhere =
        runner.run(at + QStringList{"--export-report", "/nonexistent/dir/incident.html"});
    QCOMPARE(nowhere.exitCode, 1);
    QVERIFY2(nowhere.err.value(0).startsWith("driftscope: incident report: "),
             qPrintable(nowhere.err.join('\n')));
    QVERIFY(!QFile::exists(runner.path("incident.txt")));
    // A live session is never complete at a moment: a file or a simulation is needed.
    const WindowRun live = runner.run({"--export-report", html});
    QCOMPARE(live.exitCode, 2);
    QCOMPARE(live.err.value(0),
             QString("driftscope: --export-report needs a FILE or --simulate: a live session "
                     "is never complete at a moment"));
    // Formatter text carries no times: --at is refused as the CLI refuses it.
    const WindowRun noTimes = runner.run({QString(DRIFTSCOPE_SAMPLES "/demo_checkpoints.txt"), "--at",
                                          "2026-11-29T13:37:30Z", "--export-report", html});
    QCOMPARE(noTimes.exitCode, 1);
    QCOMPARE(noTimes.err.value(0), QString("driftscope: Time cursor: --at: the records carry no times (MM2's "
                                           "console formatters print none), so the session has no moment but "
                                           "its end"));
    // A session of a single moment has that moment, and no other (this run once waited forever).
    const QString oneMoment = runner.path("one-moment.jsonl");
    QFile lines(oneMoment);
    QVERIFY(lines.open(QIODevice::WriteOnly));
    lines.write(
        "{\"kind\":\"offset-sync\",\"topic\":\"orders\",\"partition\":0,\"upstream\":100,"
        "\"downstream\":90,\"topic_offset\":0,\"timestamp_ms\":1795959390000,\"read_at_ms\":1795959390000}\n"
        "{\"kind\":\"checkpoint\",\"group\":\"billing\",\"topic\":\"A.orders\",\"partition\":0,"
        "\"upstream\":120,\"downstream\":90,\"metadata\":\"\",\"topic_offset\":0,"
        "\"timestamp_ms\":1795959390000,\"read_at_ms\":1795959390000}\n");
    lines.close();
    const WindowRun single = runner.run({oneMoment, "--at", "2026-11-29T13:36:30Z", "--export-report", html});
    QCOMPARE(single.exitCode, 0);
    QFile singleFile(html);
    QVERIFY(singleFile.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(singleFile.readAll())
                .contains("<th align=\"left\">At</th><td>2026-11-29T13:36:30.000Z</td>"));
    const WindowRun before = runner.run({oneMoment, "--at", "2026-11-29T13:36:29Z", "--export-report", html});
    QCOMPARE(before.exitCode, 1);
    QCOMPARE(before.err.value(0),
             QString("driftscope: Time cursor: --at 2026-11-29T13:36:29.000Z is outside the session, which "
                     "covers 2026-11-29T13:36:30.000Z to 2026-11-29T13:36:30.000Z"));
}

void WindowCommandLine::newerReleaseIsNoted()
{
    WindowRunner runner;
    const QString png = runner.path("newer.png");
    const QString note =
        "MM2 4.4.1 is not a release driftscope knows; it applies the rules of 4.4.0, the newest it "
        "knows of line 4.4: a newer release can change MM2's offset translation (3.4.1, 3.5.2 and "
        "3.7.1 did), which a newer driftscope would know";
    const WindowRun r =
        runner.run({kCapture, "--mm2-version", "4.4.1", "--screenshot", png, "--screenshot-delay", "3"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err.value(0), "driftscope: note: " + note);
    QVERIFY2(r.err.value(1).startsWith("driftscope: status: ") && r.err.value(1).endsWith(" | note: " + note),
             qPrintable(r.err.join('\n')));
    // Older than any release driftscope knows: a usage error, before any window.
    const WindowRun old = runner.run({kCapture, "--mm2-version", "2.3.0"});
    QCOMPARE(old.exitCode, 2);
    QVERIFY2(old.err.value(0).startsWith(
                 "driftscope: --mm2-version: MM2 release '2.3.0' is not a known Apache Kafka "
                 "release with MirrorMaker 2"),
             qPrintable(old.err.join('\n')));
}

void WindowCommandLine::recommendNeedsASimulationAndATarget()
{
    WindowRunner runner;
    const QString expected =
        "driftscope: --recommend needs --simulate and --max-replay-records or --max-replay-seconds";
    for (const QStringList& args : {QStringList{"--recommend", "--max-replay-records", "1000"},
                                    QStringList{"--simulate", "steady", "--recommend"}}) {
        const WindowRun r = runner.run(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.value(0), expected);
    }
}

QTEST_GUILESS_MAIN(WindowCommandLine)
#include "tst_window_command_line.moc"
