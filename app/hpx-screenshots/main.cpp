// Renders the README's screenshots of hpx Studio: a model open, a run in progress, and the results
// (table, heat graph and chart). Run through scripts/screenshots.sh, which writes docs/images/.
#include "ui/graph/heatgraphview.h"
#include "ui/memory/memoryview.h"
#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"
#include "ui/run/runpanel.h"
#include "ui/window/apptranslator.h"
#include "ui/window/examplemodels.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QPalette>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

namespace {

void settle(int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool waitFor(const std::function<bool()> &condition, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!condition()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

bool save(QWidget *window, const QString &path)
{
    const bool ok = window->grab().save(path, "PNG");
    QTextStream(ok ? stdout : stderr) << (ok ? "wrote " : "could not write ") << path << '\n';
    return ok;
}

// A dark desktop palette (the colours of KDE's Breeze Dark), for the dark-mode picture.
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x20, 0x23, 0x26), base(0x1b, 0x1e, 0x20), text(0xfc, 0xfc, 0xfc);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x29, 0x2c, 0x30));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, text);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa1, 0xa9, 0xb1));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6e, 0x72, 0x76));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6e, 0x72, 0x76));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6e, 0x72, 0x76));
    return p;
}

} // namespace

int main(int argc, char *argv[])
{
    // The pictures show the window on a 1440x900 screen. Offscreen (scripts/screenshots.sh) that screen is made
    // through the platform's configfile option; the window is fitted to its screen, and the plugin's default
    // screen is smaller.
    // --help prints and quits: it must answer where no display is (ssh, CI), so no display is asked for.
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--help") == 0 || qstrcmp(argv[i], "-h") == 0 || qstrcmp(argv[i], "-?") == 0)
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QTemporaryDir screenDir;
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen" && screenDir.isValid()) {
        QFile screen(screenDir.filePath(QStringLiteral("screen.json")));
        if (screen.open(QIODevice::WriteOnly)
            && screen.write(R"({ "windowFrameMargins": false, "screens": [ { "name": "screen", "x": 0, "y": 0,
                "width": 1440, "height": 900,
                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1 } ] })")
                > 0) {
            screen.close();
            qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + screen.fileName().toLocal8Bit());
        }
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("hpx-studio-screenshots"));
    QApplication::setApplicationName(QStringLiteral("hpx-studio"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Renders the README's screenshots of hpx Studio (model.png, run.png, results.png, results-dark.png)\n"
        "by opening the example model and profiling it on the simulated board. Needs a display; run it\n"
        "through scripts/screenshots.sh (Xvfb) to update docs/images."));
    parser.addHelpOption();
    const QCommandLineOption language(QStringLiteral("language"),
        QStringLiteral("User interface language of the pictures, e.g. de (default: en, as in the README)."),
        QStringLiteral("code"), QStringLiteral("en"));
    parser.addOption(language);
    parser.addPositionalArgument(QStringLiteral("folder"),
        QStringLiteral("Where to write the PNG files (default: docs/images)."), QStringLiteral("[folder]"));
    parser.process(app);
    if (parser.positionalArguments().size() > 1) {
        QTextStream(stderr) << "hpx-screenshots: one output folder at most; see --help\n";
        return 2;
    }
    const QString out = parser.positionalArguments().value(0, QStringLiteral("docs/images"));
    // The same catalogues as hpx-studio: German, or the English plural forms ("1 counter", not "1 counter(s)").
    hpx::ui::AppTranslator::installForApplication(&app, parser.value(language));
    const QString model = hpx::ui::defaultExampleModel();
    if (model.isEmpty()) {
        QTextStream(stderr) << "no example model found\n";
        return 1;
    }

    hpx::ui::MainWindow window;
    window.boardPanel()->setTimeScale(1.0); // real time, so the run picture catches the run in progress
    window.resize(1440, 900);
    window.show();
    if (!window.openModel(model))
        return 1;
    window.showWelcome(model);
    waitFor([&] { return !window.heatGraph()->isLayoutPending(); }, 30000);
    settle(300);
    bool ok = save(&window, out + QStringLiteral("/model.png"));

    // Two passes and enough iterations that the run is still going when the second picture is taken.
    window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES"),
        QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
        QStringLiteral("ARM_PMU_STALL_BACKEND"), QStringLiteral("ARM_PMU_MEM_ACCESS"),
        QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"), QStringLiteral("ARM_PMU_BUS_ACCESS") });
    window.iterationsBox()->setValue(150);
    bool finished = false;
    QObject::connect(&window, &hpx::ui::MainWindow::runFinished, [&finished] { finished = true; });
    window.startRun();
    waitFor([&] { return finished || window.runPanel()->progressPercent() >= 35; }, 60000);
    ok = save(&window, out + QStringLiteral("/run.png")) && ok;

    if (!waitFor([&] { return finished; }, 120000)) {
        QTextStream(stderr) << "the run did not finish\n";
        return 1;
    }
    if (auto *charts = window.findChild<QDockWidget *>(QStringLiteral("ChartsDock")))
        charts->raise();
    window.heatGraph()->find(QStringLiteral("#2"));
    settle(500);
    ok = save(&window, out + QStringLiteral("/results.png")) && ok;

    // The Memory view of the same model, following the heat graph's selection (docs/memory.md).
    if (auto *memory = window.charts()->findChild<hpx::ui::MemoryView *>())
        window.charts()->setCurrentWidget(memory);
    settle(300);
    ok = save(&window, out + QStringLiteral("/memory.png")) && ok;
    window.charts()->setCurrentIndex(0);

    // The same results under a dark palette, as on a desktop in dark mode: every view repaints from it.
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(darkPalette());
    settle(500);
    ok = save(&window, out + QStringLiteral("/results-dark.png")) && ok;
    return ok ? 0 : 1;
}
