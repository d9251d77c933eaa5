// The German translation is compiled into the ui library and loads from :/i18n like the app loads it.
#include "model/board/socprofile.h"
#include "ui/window/apptranslator.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QLocale>
#include <QMenuBar>
#include <QTest>
#include <QTranslator>

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void germanCatalogueLoadsAndTranslatesTheWindow()
    {
        hpx::ui::MainWindow probe; // registers the ui library's resources
        hpx::ui::AppTranslator translator;
        QVERIFY(translator.load(QLocale(QStringLiteral("de"))));
        QVERIFY(!translator.isEmpty());
        QVERIFY(QApplication::installTranslator(&translator));
        const QString file = QCoreApplication::translate("hpx::ui::MainWindow", "&File");
        QVERIFY2(file != QLatin1String("&File") && !file.isEmpty(), qPrintable(file));
        hpx::ui::MainWindow window;
        const QList<QAction *> menus = window.menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.first()->text(), file);
        QVERIFY(QCoreApplication::translate("hpx::ui::RunPanel", "&Cancel") != QLatin1String("&Cancel"));
        QApplication::removeTranslator(&translator);
    }

    // The run service's messages are filed by lupdate under the namespace of the file's tr() helper ("hpx::run"),
    // not under the context the code asks with; both reach the German text.
    void germanCatalogueTranslatesTheRunService()
    {
        hpx::ui::MainWindow probe; // registers the ui library's resources
        hpx::ui::AppTranslator translator;
        QVERIFY(translator.load(QLocale(QStringLiteral("de"))));
        QVERIFY(QApplication::installTranslator(&translator));
        // runrequest.cpp's tr() asks with "hpx::run::RunRequest".
        const QString noSoc
            = QCoreApplication::translate("hpx::run::RunRequest", "board '%1' has no SoC profile in this app.");
        QVERIFY2(noSoc.contains(QLatin1String("kein SoC-Profil")), qPrintable(noSoc));
        const QString merging = QCoreApplication::translate("hpx::run::ProfileJob", "Merging passes");
        QVERIFY2(merging != QLatin1String("Merging passes") && !merging.isEmpty(), qPrintable(merging));
        QApplication::removeTranslator(&translator);
    }

    // Files whose tr() helper names one context while lupdate filed the strings under the class or namespace
    // around each call: the config parser, the publisher, the planner. German all the same.
    void germanCatalogueTranslatesWhereLupdateFiledElsewhere()
    {
        hpx::ui::MainWindow probe; // registers the ui library's resources
        hpx::ui::AppTranslator translator;
        QVERIFY(translator.load(QLocale(QStringLiteral("de"))));
        QVERIFY(QApplication::installTranslator(&translator));
        const struct {
            const char *context; // as the code's helper asks
            const char *source;
        } asked[] = { { "hpx::model::Config", "duplicate key %1" }, { "hpx::model::BundleWriter", "Cannot remove %1." },
            { "hpx::model::PassPlanner", "no PMU counters selected" } };
        for (const auto &a : asked) {
            const QString text = QCoreApplication::translate(a.context, a.source);
            QVERIFY2(!text.isEmpty() && text != QLatin1String(a.source), a.source);
        }
        QApplication::removeTranslator(&translator);
    }

    // Issue 24 (2.12): the board pickers' names of our own boards are German too; Ambiq's product names stay.
    void germanBoardNames()
    {
        hpx::ui::MainWindow probe; // registers the ui library's resources
        const hpx::model::SocProfile *sim = hpx::model::socs::byName(QStringLiteral("sim_m55"));
        const hpx::model::SocProfile *apollo = hpx::model::socs::byName(QStringLiteral("apollo510"));
        QVERIFY(sim && apollo);
        QCOMPARE(sim->displayName(), QStringLiteral("Simulated Apollo510-like (Cortex-M55)"));
        hpx::ui::AppTranslator translator;
        QVERIFY(translator.load(QLocale(QStringLiteral("de"))));
        QVERIFY(QApplication::installTranslator(&translator));
        QCOMPARE(sim->displayName(), QStringLiteral("Simuliert: Apollo510-artig (Cortex-M55)"));
        QCOMPARE(apollo->displayName(), QStringLiteral("Apollo510 (Cortex-M55)"));
        QApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
