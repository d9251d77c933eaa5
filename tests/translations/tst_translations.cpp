// The German translation is compiled into the ui library and loads from :/i18n like the app loads it. Every tr() is a
// class's own, so a string is looked up under the context lupdate filed it in: these tests record every lookup of
// ours that finds no German under the context the code asked with, and fail on any.
#include "device/link/linkspec.h"
#include "device/wire/wireparser.h"
#include "model/board/counterselection.h"
#include "model/board/passplanner.h"
#include "model/board/socprofile.h"
#include "model/bundle/bundlereader.h"
#include "model/config/config.h"
#include "model/json/jsonparser.h"
#include "run/runrequest.h"
#include "ui/window/apptranslator.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLocale>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

#include <memory>

namespace {

// Asks the German catalogue by context only, as the app's translator does, and remembers what it did not find. Qt's
// own contexts (QShortcut, QDialogButtonBox, ...) are left to Qt's catalogue.
class MissRecorder : public QTranslator {
public:
    // `english`: "context | source" pairs that are English in every language.
    MissRecorder(const QTranslator *german, const QSet<QString> &english)
        : m_german(german)
        , m_english(english)
    {
    }

    QString translate(
        const char *context, const char *sourceText, const char *disambiguation = nullptr, int n = -1) const override
    {
        const QString text = m_german->translate(context, sourceText, disambiguation, n);
        const QByteArray ctx(context);
        // The PMU events' descriptions (model/board/pmuevents.def) are read through an X-macro lupdate cannot follow:
        // they are English in every language.
        if (text.isEmpty() && !ctx.startsWith('Q') && ctx != "hpx::model::Counters") {
            const QString miss = QString::fromUtf8(ctx) + QStringLiteral(" | ") + QString::fromUtf8(sourceText);
            if (!m_english.contains(miss))
                m_misses.insert(miss);
        }
        return text;
    }
    bool isEmpty() const override { return false; }

    QStringList misses() const
    {
        QStringList list(m_misses.cbegin(), m_misses.cend());
        list.sort();
        return list;
    }

private:
    const QTranslator *m_german;
    const QSet<QString> m_english;
    mutable QSet<QString> m_misses;
};

bool isGerman(const QString &text, const char *english)
{
    return !text.isEmpty() && !text.contains(QLatin1String(english));
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const hpx::ui::MainWindow probe; // registers the ui library's resources
        QVERIFY(m_german.load(QLocale(QStringLiteral("de"))));
        // Ambiq's product names ("Apollo510 (Cortex-M55)") are asked for like our boards' names and stay as they are.
        for (const hpx::model::SocProfile &soc : hpx::model::socs::all()) {
            if (!soc.simulated && !soc.emulated)
                m_english.insert(
                    QStringLiteral("hpx::model::SocProfile | ") + QString::fromUtf8(soc.displayNameSource));
        }
    }

    void init()
    {
        m_recorder = std::make_unique<MissRecorder>(&m_german, m_english);
        QVERIFY(QApplication::installTranslator(m_recorder.get()));
    }

    void cleanup()
    {
        QApplication::removeTranslator(m_recorder.get());
        m_recorder.reset();
    }

    void germanCatalogueLoadsAndTranslatesTheWindow()
    {
        const QString file = hpx::ui::MainWindow::tr("&File");
        QVERIFY2(isGerman(file, "&File"), qPrintable(file));
        hpx::ui::MainWindow window;
        const QList<QAction *> menus = window.menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.first()->text(), file);
        QVERIFY(window.openModel(QStringLiteral(HPX_TEST_DATA_DIR "/models/kws_ref_model.tflite")));
        QVERIFY(!window.openModel(QStringLiteral(HPX_TEST_DATA_DIR "/models/no-such-model.tflite")));
        QVERIFY2(m_recorder->misses().isEmpty(), qPrintable(m_recorder->misses().join(QLatin1Char('\n'))));
    }

    // The libraries' messages, from functions (the planner, the config, the bundle reader, the run service, the
    // wire parser) whose tr() was a file's helper asking with one context while lupdate filed the strings under
    // another: German under the context they ask with, with no fallback.
    void libraryMessagesAreGermanUnderTheirContext()
    {
        QString error;
        QVERIFY(!hpx::model::planner::resolve(hpx::model::CounterSelection {}, &error));
        QVERIFY2(isGerman(error, "no PMU counters selected"), qPrintable(error));

        QVERIFY(!hpx::model::CounterSelection::fromArguments({ QStringLiteral("cpu") }, &error));
        QVERIFY2(isGerman(error, "invalid --pmu-counters value"), qPrintable(error));

        const hpx::model::SocProfile *soc = hpx::model::socs::byName(QStringLiteral("apollo510"));
        QVERIFY(soc);
        const hpx::model::PlanOutcome plan
            = hpx::model::planner::plan(hpx::model::CounterSelection::hpxDefault(), *soc);
        QVERIFY(plan.ok());
        const QString planText = plan.plan->text();
        QVERIFY2(isGerman(planText, "selected"), qPrintable(planText));

        hpx::model::Config config;
        hpx::model::ConfigDiagnostics diagnostics;
        QVERIFY(!config.loadYaml(
            "profiling:\n  iterations: 2\n  iterations: 3\n", QStringLiteral("hpx.yml"), &diagnostics));
        QVERIFY(!diagnostics.isEmpty());
        QVERIFY2(isGerman(diagnostics.first().message, "duplicate key"), qPrintable(diagnostics.first().message));
        QVERIFY2(isGerman(diagnostics.first().toString(), "error"), qPrintable(diagnostics.first().toString()));

        hpx::model::parseJson("{\"a\": 1} x", &error);
        QVERIFY2(isGerman(error, "unexpected text after the JSON value"), qPrintable(error));

        const hpx::model::BundleReadResult bundle = hpx::model::BundleReader::read(QStringLiteral("/no/such/bundle"));
        QVERIFY(!bundle.error.isEmpty());

        QVERIFY(!hpx::device::parseLinkSpec(QStringLiteral("tcp://"), 115200, &error));
        QVERIFY2(!error.isEmpty(), "parseLinkSpec names what is wrong");

        const hpx::model::Capture capture = hpx::device::WireParser::parse("--- HPX_START ---\n");
        QVERIFY(!capture.problems.isEmpty());

        // runrequest.cpp's message for a board without a SoC profile, which no board of the table reaches.
        const QString noSoc = hpx::run::RunRequest::tr("board '%1' has no SoC profile in this app.");
        QVERIFY2(noSoc.contains(QLatin1String("kein SoC-Profil")), qPrintable(noSoc));

        QVERIFY2(m_recorder->misses().isEmpty(), qPrintable(m_recorder->misses().join(QLatin1Char('\n'))));
    }

    // The other side of the same promise, for every string and not only those run above: each context lupdate filed
    // a string of hpx_de.ts under is one the code asks with, a Q_DECLARE_TR_FUNCTIONS argument, a Q_OBJECT class's
    // qualified name or the literal context of a translate() or QT_TRANSLATE_NOOP(). A file's free tr() helper, or a
    // tr() in a class without its own, is filed under a namespace or a bare class name and fails here.
    void everyCatalogueContextIsOneTheCodeAsks()
    {
        const QDir root(QStringLiteral(HPX_TEST_DATA_DIR "/../.."));
        QSet<QString> asked;
        const QRegularExpression declared(QStringLiteral("Q_DECLARE_TR_FUNCTIONS\\(([^)]*)\\)"));
        const QRegularExpression literal(
            QStringLiteral("(?:QCoreApplication::translate|QT_TRANSLATE_NOOP|QT_TRANSLATE_N_NOOP)\\(\\s*\"([^\"]*)\""));
        const QRegularExpression nameSpace(QStringLiteral("^namespace ([\\w:]+) \\{"));
        const QRegularExpression className(QStringLiteral("^\\s*class (\\w+)\\b[^;]*$"));
        const QRegularExpression qObject(QStringLiteral("^\\s*Q_OBJECT\\b"));
        for (const QString &folder : { QStringLiteral("model"), QStringLiteral("device"), QStringLiteral("run"),
                 QStringLiteral("ui"), QStringLiteral("app") }) {
            QDirIterator it(root.filePath(folder), { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files,
                QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(file.readAll());
                for (const QRegularExpression &re : { declared, literal }) {
                    for (auto m = re.globalMatch(text); m.hasNext();)
                        asked.insert(m.next().captured(1));
                }
                QString ns;
                QString cls;
                for (const QString &line : text.split(QLatin1Char('\n'))) {
                    if (const auto m = nameSpace.match(line); m.hasMatch())
                        ns = m.captured(1);
                    if (const auto m = className.match(line); m.hasMatch())
                        cls = m.captured(1);
                    if (qObject.match(line).hasMatch())
                        asked.insert(ns.isEmpty() ? cls : ns + QStringLiteral("::") + cls);
                }
            }
        }
        QFile ts(root.filePath(QStringLiteral("translations/hpx_de.ts")));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        QStringList notAsked;
        int contexts = 0;
        for (QXmlStreamReader xml(&ts); !xml.atEnd();) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("name")) {
                ++contexts;
                const QString context = xml.readElementText();
                if (!asked.contains(context))
                    notAsked << context;
            }
        }
        QVERIFY(contexts > 50);
        QVERIFY2(notAsked.isEmpty(), qPrintable(notAsked.join(QStringLiteral(", "))));
    }

    // Issue 38: a text is its class's (tr()); a literal QCoreApplication::translate() context is left only where no
    // class owns the text, and these are the few: a new one fails here until it is argued for in its file and added.
    void literalContextsAreTheFewWithoutAClass()
    {
        const QSet<QString> allowed = {
            QStringLiteral("hpx::model::SocProfile"), // QT_TRANSLATE_NOOP table of SoC names (socprofile.cpp)
            QStringLiteral("hpx::model::Counters"), // QT_TRANSLATE_NOOP X-macro of event descriptions (counters.cpp)
            QStringLiteral("hpx::ui::ResultViews"), // label functions every view shares (resultviewdata.cpp)
        };
        const QDir root(QStringLiteral(HPX_TEST_DATA_DIR "/../.."));
        const QRegularExpression literal(QStringLiteral("Q(?:Core)?Application::translate\\(\\s*\"([^\"]*)\""));
        QStringList found;
        for (const QString &folder : { QStringLiteral("model"), QStringLiteral("device"), QStringLiteral("run"),
                 QStringLiteral("ui"), QStringLiteral("app") }) {
            QDirIterator it(root.filePath(folder), { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files,
                QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(file.readAll());
                for (auto m = literal.globalMatch(text); m.hasNext();) {
                    const QString context = m.next().captured(1);
                    if (!allowed.contains(context))
                        found << root.relativeFilePath(file.fileName()) + QStringLiteral(": ") + context;
                }
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Issue 24 (2.12): the board pickers' names of our own boards are German too; Ambiq's product names stay.
    void germanBoardNames()
    {
        const hpx::model::SocProfile *sim = hpx::model::socs::byName(QStringLiteral("sim_m55"));
        const hpx::model::SocProfile *apollo = hpx::model::socs::byName(QStringLiteral("apollo510"));
        QVERIFY(sim && apollo);
        QCOMPARE(sim->displayName(), QStringLiteral("Simuliert: Apollo510-artig (Cortex-M55)"));
        QCOMPARE(apollo->displayName(), QStringLiteral("Apollo510 (Cortex-M55)"));
        QApplication::removeTranslator(m_recorder.get());
        QCOMPARE(sim->displayName(), QStringLiteral("Simulated Apollo510-like (Cortex-M55)"));
    }

private:
    hpx::ui::AppTranslator m_german;
    QSet<QString> m_english;
    std::unique_ptr<MissRecorder> m_recorder;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
