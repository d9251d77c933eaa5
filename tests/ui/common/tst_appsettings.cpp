#include "model/config/config.h"
#include "ui/common/appsettings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using hpx::ui::AppSettings;

class TestAppSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_appsettings"));
    }
    void init() { QSettings().clear(); }

    void defaultsForAFreshUser()
    {
        const AppSettings s;
        QCOMPARE(s.lastPort(), QStringLiteral("sim"));
        // target.baud's default, the one `hpx profile` uses (the window used 921600 before the shared run request).
        QCOMPARE(s.baud(), hpx::model::Config().baud());
        QCOMPARE(s.baud(), 115200);
        QVERIFY(s.recentFiles().isEmpty());
        QVERIFY(s.counters().isEmpty());
        QCOMPARE(s.simulatedSoc(), QStringLiteral("apollo510"));
        QVERIFY(s.board().isEmpty());
        QVERIFY(s.link().isEmpty());
        QVERIFY(s.engine().isEmpty());
        QCOMPARE(s.simulatorTimeScale(), AppSettings::DefaultSimulatorTimeScale);
        QCOMPARE(s.iterations(), AppSettings::DefaultIterations);
        QCOMPARE(s.warmup(), AppSettings::DefaultWarmup);
        QVERIFY(s.language().isEmpty());
        QVERIFY(!s.welcomeDismissed());
    }

    void valuesSurviveANewSettingsObject()
    {
        {
            AppSettings s;
            s.setLastPort(QStringLiteral("/dev/ttyACM3"));
            s.setBaud(921600);
            s.setCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_MEM_ACCESS") });
            s.setSimulatedSoc(QStringLiteral("apollo4p"));
            s.setBoard(QStringLiteral("apollo3p_evb"));
            s.setLink(QStringLiteral("usb_cdc"));
            s.setEngine(QStringLiteral("tflm"));
            s.setSimulatorTimeScale(1.0);
            s.setIterations(7);
            s.setHeatScale(QStringLiteral("rank"));
            s.setWarmup(0);
            s.setLanguage(QStringLiteral("de"));
            s.setWelcomeDismissed(true);
            s.setWindowGeometry(QByteArray("geometry-bytes"));
            s.setWindowState(QByteArray("state-bytes"));
            s.setSplitterState(QByteArray("splitter-bytes"));
        }
        QSettings().sync();
        const AppSettings s;
        QCOMPARE(s.lastPort(), QStringLiteral("/dev/ttyACM3"));
        QCOMPARE(s.baud(), 921600);
        QCOMPARE(
            s.counters(), QStringList({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_MEM_ACCESS") }));
        QCOMPARE(s.simulatedSoc(), QStringLiteral("apollo4p"));
        QCOMPARE(s.board(), QStringLiteral("apollo3p_evb"));
        QCOMPARE(s.link(), QStringLiteral("usb_cdc"));
        QCOMPARE(s.engine(), QStringLiteral("tflm"));
        QCOMPARE(s.simulatorTimeScale(), 1.0);
        QCOMPARE(s.iterations(), 7);
        QCOMPARE(s.heatScale(), QStringLiteral("rank"));
        QCOMPARE(s.warmup(), 0);
        QCOMPARE(s.language(), QStringLiteral("de"));
        QVERIFY(s.welcomeDismissed());
        QCOMPARE(s.windowGeometry(), QByteArray("geometry-bytes"));
        QCOMPARE(s.windowState(), QByteArray("state-bytes"));
        QCOMPARE(s.splitterState(), QByteArray("splitter-bytes"));
    }

    void recentFilesAreMostRecentFirstUniqueAndCapped()
    {
        AppSettings s;
        for (int i = 0; i < AppSettings::MaxRecentFiles + 3; ++i)
            s.addRecentFile(QStringLiteral("/models/m%1.tflite").arg(i));
        s.addRecentFile(QStringLiteral("/models/m5.tflite"));
        const QStringList files = s.recentFiles();
        QCOMPARE(files.size(), AppSettings::MaxRecentFiles);
        QCOMPARE(files.first(), QStringLiteral("/models/m5.tflite"));
        QCOMPARE(files.count(QStringLiteral("/models/m5.tflite")), 1);
        QCOMPARE(files.at(1), QStringLiteral("/models/m%1.tflite").arg(AppSettings::MaxRecentFiles + 2));
        s.removeRecentFile(QStringLiteral("/models/m5.tflite"));
        QVERIFY(!s.recentFiles().contains(QStringLiteral("/models/m5.tflite")));
    }
};

QTEST_GUILESS_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
