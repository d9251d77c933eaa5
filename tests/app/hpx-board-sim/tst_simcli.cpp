#include "device/sim/simstream.h"
#include "model/tflite/tflitemodel.h"
#include "tests/device/sim/simtestsupport.h"
#include "tests/support/testdata.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

using namespace hpx::device;

namespace {
const QString sim = QStringLiteral(HPX_BOARD_SIM);

QString model(const char *name)
{
    return hpx::test::dataPath(QStringLiteral("models/") + QLatin1String(name));
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run run(const QStringList &args, const QByteArray &input = {})
{
    QProcess p;
    p.start(sim, args);
    p.write(input);
    p.closeWriteChannel();
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

SimulatorConfig configFor(const char *name)
{
    SimulatorConfig c;
    c.model = *hpx::model::loadModel(model(name)).model;
    return c;
}

// Serves MODEL on a pty, sends `host` once the path is known, reads until END (or the board closes the pty).
QByteArray capturePty(const QStringList &args, const QByteArray &host, int *exitCode = nullptr)
{
    QProcess p;
    p.start(sim, args + QStringList { QStringLiteral("--pty") });
    if (!p.waitForReadyRead(10000))
        return "no pty path";
    const QByteArray path = p.readLine().trimmed();
    const int fd = ::open(path.constData(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return "cannot open " + path;
    termios raw {};
    ::tcgetattr(fd, &raw);
    ::cfmakeraw(&raw);
    ::tcsetattr(fd, TCSANOW, &raw);
    if (::write(fd, host.constData(), size_t(host.size())) != host.size())
        return "write failed";
    QByteArray got;
    QElapsedTimer clock;
    clock.start();
    while (!got.contains("--- HPX_END ---\n") && clock.elapsed() < 30000) {
        pollfd pfd { fd, POLLIN, 0 };
        if (::poll(&pfd, 1, 200) > 0) {
            char buffer[4096];
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n > 0)
                got.append(buffer, int(n));
            else if (n < 0 && errno != EAGAIN)
                break; // the board closed the link
        }
    }
    ::close(fd);
    p.waitForFinished(10000);
    if (exitCode)
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return got;
}
} // namespace

class TestSimCli : public QObject {
    Q_OBJECT
private slots:
    void stdoutStreamEqualsRenderer()
    {
        const Run r = run({ model("micro_speech_quantized.tflite"), QStringLiteral("--stdout"),
            QStringLiteral("--time-scale"), QStringLiteral("0"), QStringLiteral("--engine"), QStringLiteral("helia-rt"),
            QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--pmu-counters"),
            QStringLiteral("cpu:default"), QStringLiteral("--pmu-counters"), QStringLiteral("memory:default") });
        QCOMPARE(r.exitCode, 0);
        SimulatorConfig c = configFor("micro_speech_quantized.tflite");
        c.engine = hpx::model::Engine::HeliaRt;
        c.seed = 7;
        // hpx's planner: cpu_0 and memory_0, each with the cycle counter column.
        QVERIFY(r.out.contains("HPX_PRESETS=cpu_0,memory_0\n"));
        QVERIFY(r.out.contains("\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_MEM_ACCESS\""));
        const auto parsed = hpx::simtest::parseStrict(r.out);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        for (const auto &pass : parsed.passes)
            c.passes.append(WirePass { pass.name, pass.counters });
        QCOMPARE(r.out, renderSimulatedStream(c));
    }

    void groundTruthAndManifestFiles()
    {
        QTemporaryDir dir;
        const QString truth = dir.filePath(QStringLiteral("gt.json"));
        const QString manifest = dir.filePath(QStringLiteral("aot_operator_manifest.json"));
        const Run r = run({ model("kws_ref_model.tflite"), QStringLiteral("--time-scale"), QStringLiteral("0"),
            QStringLiteral("--engine"), QStringLiteral("helia-aot"), QStringLiteral("--ground-truth"), truth,
            QStringLiteral("--aot-manifest"), manifest });
        QCOMPARE(r.exitCode, 0);
        QFile t(truth);
        QVERIFY(t.open(QIODevice::ReadOnly));
        const QJsonObject gt = QJsonDocument::fromJson(t.readAll()).object();
        const auto parsed = hpx::simtest::parseStrict(r.out);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        const QJsonArray rows = gt.value(QStringLiteral("passes"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("iterations"))
                                    .toArray()
                                    .at(1)
                                    .toObject()
                                    .value(QStringLiteral("rows"))
                                    .toArray();
        QCOMPARE(rows.size(), parsed.passes.first().iterations.at(1).rows.size());
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonArray values = rows.at(i).toObject().value(QStringLiteral("values")).toArray();
            const auto &row = parsed.passes.first().iterations.at(1).rows.at(i);
            QCOMPARE(rows.at(i).toObject().value(QStringLiteral("op")).toString(), row.op);
            for (int k = 0; k < values.size(); ++k)
                QCOMPARE(quint32(values.at(k).toInteger()), row.values.at(k));
        }
        QFile m(manifest);
        QVERIFY(m.open(QIODevice::ReadOnly));
        const QJsonArray ops = QJsonDocument::fromJson(m.readAll()).array();
        QCOMPARE(ops.size(), rows.size());
        QCOMPARE(ops.at(0).toObject().value(QStringLiteral("op_type")).toString() + QLatin1Char(':')
                + QString::number(ops.at(0).toObject().value(QStringLiteral("id")).toInt()),
            parsed.passes.first().iterations.first().rows.first().op);
    }

    void hostPlanOnStdin()
    {
        const Run r = run({ model("hello_world_int8.tflite"), QStringLiteral("--time-scale"), QStringLiteral("0"),
                              QStringLiteral("--plan-support") },
            "HPX_PLAN iterations=1 warmup=0 pass=x:ARM_PMU_CPU_CYCLES\n");
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("HPX_PLAN_SUPPORTED=1\nHPX_PLAN_ACK passes=1\n\n--- HPX_START ---\n"));
        QVERIFY(r.out.contains("HPX_PRESETS=x\n"));
        QVERIFY(r.err.contains("host-planned"));
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        const QString m = model("hello_world_int8.tflite");
        QTest::newRow("no model") << QStringList {} << QByteArray("exactly one MODEL");
        QTest::newRow("missing model") << QStringList { QStringLiteral("/nonexistent/x.tflite") }
                                       << QByteArray("x.tflite");
        QTest::newRow("engine") << QStringList { m, QStringLiteral("--engine"), QStringLiteral("tvm") }
                                << QByteArray("unknown engine 'tvm'");
        QTest::newRow("soc") << QStringList { m, QStringLiteral("--soc"), QStringLiteral("apollo9") }
                             << QByteArray("unknown SoC");
        QTest::newRow("fault") << QStringList { m, QStringLiteral("--fault"), QStringLiteral("explode") }
                               << QByteArray("Unknown fault 'explode'");
        QTest::newRow("fault engine") << QStringList { m, QStringLiteral("--fault"),
            QStringLiteral("error=executorch") }
                                      << QByteArray("never prints HPX_ERROR=executorch");
        QTest::newRow("dwt pmu") << QStringList { m, QStringLiteral("--soc"), QStringLiteral("apollo4p"),
            QStringLiteral("--passes"), QStringLiteral("m:ARM_PMU_MEM_ACCESS") }
                                 << QByteArray("no memory events");
        QTest::newRow("iterations") << QStringList { m, QStringLiteral("--iterations"), QStringLiteral("0") }
                                    << QByteArray("--iterations");
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void helpListsEveryOption()
    {
        const Run r = run({ QStringLiteral("--help") });
        QCOMPARE(r.exitCode, 0);
        for (const char *option :
            { "--engine", "--soc", "--transport", "--passes", "--pmu-counters", "--iterations", "--warmup", "--seed",
                "--wrap", "--fault", "--ground-truth", "--aot-manifest", "--plan-support", "--pty", "--baud",
                "--stdout", "--start-delay", "--repeat", "--time-scale", "corrupt=RATE", "disconnect" })
            QVERIFY2(r.out.contains(option), option);
    }

    void injectedDisconnectExitsWithLinkError()
    {
        const Run r = run({ model("hello_world_int8.tflite"), QStringLiteral("--time-scale"), QStringLiteral("0"),
            QStringLiteral("--fault"), QStringLiteral("disconnect@0:1:1"), QStringLiteral("--iterations"),
            QStringLiteral("3") });
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.out.contains("--- HPX_ITER 1 ---"));
        QVERIFY(!r.out.contains("HPX_END"));
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(lines.at(lines.size() - 2).startsWith("0,FULLY_CONNECTED,")); // row 0 printed, row 1 never
    }

    void servesOnAPty()
    {
        int code = -1;
        const QByteArray got
            = capturePty({ model("hello_world_int8.tflite"), QStringLiteral("--time-scale"), QStringLiteral("0"),
                             QStringLiteral("--transport"), QStringLiteral("uart"), QStringLiteral("--baud"),
                             QStringLiteral("921600") },
                "\n", &code);
        QCOMPARE(code, 0);
        SimulatorConfig c = configFor("hello_world_int8.tflite");
        c.firmwareTransport = hpx::model::FirmwareTransport::Uart;
        QCOMPARE(got, renderSimulatedStream(c));
    }

    void hostPlanOverAPty()
    {
        const QByteArray got = capturePty(
            { model("hello_world_int8.tflite"), QStringLiteral("--time-scale"), QStringLiteral("0"),
                QStringLiteral("--plan-support"), QStringLiteral("--transport"), QStringLiteral("usb_cdc") },
            "HPX_PLAN iterations=2 warmup=0 pass=mve_0:ARM_PMU_MVE_INST_RETIRED,0x0264\n");
        QVERIFY2(got.startsWith("HPX_PLAN_SUPPORTED=1\nHPX_PLAN_ACK passes=1\n\n--- HPX_START ---\n"),
            got.left(200).constData());
        QVERIFY(got.contains("\"Layer\",\"Op\",\"ARM_PMU_MVE_INST_RETIRED\",\"0x0264\",\"overflow\"\n"));
        QVERIFY(got.endsWith("--- HPX_END ---\n"));
    }
};

QTEST_GUILESS_MAIN(TestSimCli)
#include "tst_simcli.moc"
