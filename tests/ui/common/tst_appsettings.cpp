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
            s.setLastExportFolder(QStringLiteral("/tmp/exports"));
            s.setCompareProfile(QStringLiteral("/profiles/gate.json"));
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
        QCOMPARE(s.lastExportFolder(), QStringLiteral("/tmp/exports"));
        QCOMPARE(s.compareProfile(), QStringLiteral("/profiles/gate.json"));
    }

    // A settings file written before the keys became one table still reads: every key is spelled as then, and what
    // an INI file gives back as text (numbers, booleans, a one-entry list) reads as its type.
    void anEarlierSettingsFileStillReads()
    {
        {
            QSettings raw;
            raw.setValue(QStringLiteral("files/recent"), QStringLiteral("/m/a.tflite"));
            raw.setValue(QStringLiteral("board/port"), QStringLiteral("/dev/ttyACM1"));
            raw.setValue(QStringLiteral("board/baud"), QStringLiteral("460800"));
            raw.setValue(QStringLiteral("profile/counters"), QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
            raw.setValue(QStringLiteral("board/board"), QStringLiteral("apollo4p_evb"));
            raw.setValue(QStringLiteral("board/link"), QStringLiteral("uart"));
            raw.setValue(QStringLiteral("board/engine"), QStringLiteral("helia-aot"));
            raw.setValue(QStringLiteral("run/iterations"), QStringLiteral("9"));
            raw.setValue(QStringLiteral("run/warmup"), 3);
            raw.setValue(QStringLiteral("board/simulatorTimeScale"), QStringLiteral("0.5"));
            raw.setValue(QStringLiteral("board/simulatedSoc"), QStringLiteral("apollo3p"));
            raw.setValue(QStringLiteral("graph/heatScale"), QStringLiteral("log"));
            raw.setValue(QStringLiteral("export/lastFolder"), QStringLiteral("/exports"));
            raw.setValue(QStringLiteral("compare/profile"), QStringLiteral("/p.json"));
            raw.setValue(QStringLiteral("ui/language"), QStringLiteral("de"));
            raw.setValue(QStringLiteral("ui/welcomeDismissed"), QStringLiteral("true"));
            raw.setValue(QStringLiteral("window/geometry"), QByteArray("g"));
            raw.setValue(QStringLiteral("window/state"), QByteArray("s"));
            raw.setValue(QStringLiteral("window/splitter"), QByteArray("p"));
            raw.sync();
        }
        const AppSettings s;
        QCOMPARE(s.recentFiles(), QStringList { QStringLiteral("/m/a.tflite") });
        QCOMPARE(s.lastPort(), QStringLiteral("/dev/ttyACM1"));
        QCOMPARE(s.baud(), 460800);
        QCOMPARE(s.counters(), QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QCOMPARE(s.board(), QStringLiteral("apollo4p_evb"));
        QCOMPARE(s.link(), QStringLiteral("uart"));
        QCOMPARE(s.engine(), QStringLiteral("helia-aot"));
        QCOMPARE(s.iterations(), 9);
        QCOMPARE(s.warmup(), 3);
        QCOMPARE(s.simulatorTimeScale(), 0.5);
        QCOMPARE(s.simulatedSoc(), QStringLiteral("apollo3p"));
        QCOMPARE(s.heatScale(), QStringLiteral("log"));
        QCOMPARE(s.lastExportFolder(), QStringLiteral("/exports"));
        QCOMPARE(s.compareProfile(), QStringLiteral("/p.json"));
        QCOMPARE(s.language(), QStringLiteral("de"));
        QVERIFY(s.welcomeDismissed());
        QCOMPARE(s.windowGeometry(), QByteArray("g"));
        QCOMPARE(s.windowState(), QByteArray("s"));
        QCOMPARE(s.splitterState(), QByteArray("p"));
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
