// docs/power.md "Without hardware", as a user runs it: the simulated board writes its stream and a recording that
// matches it, hpx import makes the bundle, hpx power adds the measurement, hpx show says it is simulated.
#include "model/bundle/bundlereader.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run run(const QString &program, const QStringList &arguments, const QString &stdoutFile = {})
{
    QProcess p;
    if (!stdoutFile.isEmpty())
        p.setStandardOutputFile(stdoutFile);
    p.start(program, arguments);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TstSimPowerCli : public QObject {
    Q_OBJECT
private slots:
    void demo_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("recording");
        QTest::newRow("kws csv") << QStringLiteral("kws_ref_model.tflite") << QStringLiteral("sim.csv");
        QTest::newRow("while jls") << QStringLiteral("multi_subgraphs_while.tflite") << QStringLiteral("sim.jls");
    }
    void demo()
    {
        QFETCH(QString, model);
        QFETCH(QString, recording);
        QTemporaryDir dir;
        const QString modelPath = hpx::test::dataPath(QStringLiteral("models/") + model);
        const QString stream = dir.filePath(QStringLiteral("capture.log"));
        const QString rec = dir.filePath(recording);
        Run r = run(QStringLiteral(HPX_BOARD_SIM),
            { modelPath, QStringLiteral("--stdout"), QStringLiteral("--time-scale"), QStringLiteral("0"),
                QStringLiteral("--power-recording"), rec },
            stream);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        if (recording.endsWith(QStringLiteral(".jls")) && r.err.contains("cannot write JLS"))
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        QVERIFY2(QFile::exists(rec), r.err.constData());
        const QString bundle = dir.filePath(QStringLiteral("bundle"));
        r = run(QStringLiteral(HPX_BIN),
            { QStringLiteral("import"), stream, modelPath, QStringLiteral("--output-dir"), bundle });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = run(QStringLiteral(HPX_BIN),
            { QStringLiteral("power"), bundle, rec, QStringLiteral("--gate"), QStringLiteral("gate"),
                QStringLiteral("--marker"), QStringLiteral("marker") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("Inferences:  10 (terminal_record)"), r.out.constData());
        QVERIFY2(r.out.contains("Gate duration \xc3\xb7 firmware's clean inferences: 1.0"), r.out.constData());
        QVERIFY(r.out.contains("Simulated:"));
        QVERIFY(r.out.contains("Integrity:   valid"));
        QVERIFY2(r.out.contains("Energy per layer: columns energy_j"), r.out.constData());
        r = run(QStringLiteral(HPX_BIN), { QStringLiteral("show"), bundle });
        QVERIFY(r.out.contains("SIMULATED: not a measurement"));
        const auto read = hpx::model::BundleReader::read(bundle);
        QVERIFY2(read.bundle, qPrintable(read.error));
        QCOMPARE(
            read.bundle->summary.path({ QStringLiteral("power"), QStringLiteral("measurement_source") }).toString(),
            QStringLiteral("simulated"));
        QVERIFY(read.bundle->result.counterIndex(QStringLiteral("energy_j")) >= 0);
    }
};

QTEST_GUILESS_MAIN(TstSimPowerCli)
#include "tst_simpowercli.moc"
