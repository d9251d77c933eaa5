// The German translation is compiled into the ui library and loads from :/i18n like the app loads it.
#include "ui/apptranslator.h"
#include "ui/mainwindow.h"

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
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
