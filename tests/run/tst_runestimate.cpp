// The run time the window shows before anything was measured (issue 11): run::estimateRun renders the stream the
// simulated board would send for the request and adds its modelled delays and its bytes' line time.
#include "model/tflite/tflitemodel.h"
#include "run/runestimate.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace hpx;

namespace {

std::shared_ptr<const model::ModelInfo> kws()
{
    auto loaded = model::loadModel(test::dataPath(QStringLiteral("models/kws_ref_model.tflite")));
    return loaded.model ? std::make_shared<const model::ModelInfo>(std::move(*loaded.model)) : nullptr;
}

// A request as `hpx profile --port PORT --board apollo510_evb` with four counters (two passes on a 4-counter PMU
// once the cycle counter takes its slot) builds it.
std::optional<run::RunRequest> request(const QString &port, int baud, double timeScale, int iterations = 5)
{
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    auto model = kws();
    if (!model || !config.setModelPath(model->filePath, &diagnostics) || !config.setPort(port, &diagnostics)
        || !config.setBaud(baud, &diagnostics) || !config.setBoard(QStringLiteral("apollo510_evb"), &diagnostics)
        || !config.setIterations(iterations, &diagnostics) || !config.setWarmup(1, &diagnostics)
        || !config.setCounters(QStringLiteral("cpu:ARM_PMU_INST_RETIRED,ARM_PMU_MEM_ACCESS,ARM_PMU_STALL_BACKEND,"
                                              "ARM_PMU_L1D_CACHE_REFILL"),
            QStringLiteral("--pmu-counters"), &diagnostics))
        return std::nullopt;
    run::RunSetup setup;
    setup.findBoardPort = false;
    setup.simulatorTimeScale = timeScale;
    setup.knownPorts = QList<device::PortInfo>(); // none: a typed port
    QString error;
    return run::buildRunRequest(config, model, nullptr, setup, &error);
}

} // namespace

class TestRunEstimate : public QObject {
    Q_OBJECT
private slots:
    void simulatedBoardFollowsItsTimeScale()
    {
        const auto realTime = request(QStringLiteral("sim"), 115200, 1.0);
        const auto fast = request(QStringLiteral("sim"), 115200, 0.05);
        QVERIFY(realTime && fast);
        const run::RunEstimate slow = run::estimateRun(*realTime);
        const run::RunEstimate quick = run::estimateRun(*fast);
        QVERIFY(slow.fromSimulator);
        QVERIFY(slow.isValid() && quick.isValid());
        // The same passes, one PRESET each, in order, within the run.
        QCOMPARE(slow.passStartMs.size(), realTime->plan.passes.size());
        QVERIFY(realTime->plan.passes.size() >= 2);
        for (int i = 1; i < slow.passStartMs.size(); ++i)
            QVERIFY(slow.passStartMs.at(i) > slow.passStartMs.at(i - 1));
        QVERIFY(slow.totalMs > slow.passStartMs.constLast());
        // Real time holds the UART-free preamble's clean timing window (about a second) and every inference.
        QVERIFY2(slow.totalMs > 1000, qPrintable(QString::number(slow.totalMs)));
        // Every modelled delay scales with the time scale (the in-process board sends its bytes unpaced).
        QVERIFY2(qAbs(double(quick.totalMs) - double(slow.totalMs) * 0.05) <= 2.0,
            qPrintable(QStringLiteral("%1 vs %2").arg(quick.totalMs).arg(slow.totalMs)));
        // An instant board is a valid estimate of nothing to wait for.
        const auto instant = request(QStringLiteral("sim"), 115200, 0.0);
        QVERIFY(instant);
        QCOMPARE(run::estimateRun(*instant).totalMs, 0);
    }

    void realBoardAddsItsLineTime()
    {
        const auto uart115k = request(QStringLiteral("/dev/ttyUSB7"), 115200, 0.05);
        const auto uart921k = request(QStringLiteral("/dev/ttyUSB7"), 921600, 0.05);
        QVERIFY(uart115k && uart921k);
        const run::RunEstimate slow = run::estimateRun(*uart115k);
        const run::RunEstimate fast = run::estimateRun(*uart921k);
        QVERIFY(!slow.fromSimulator);
        QVERIFY(slow.isValid() && fast.isValid());
        // A real board runs in real time whatever the simulator's speed setting says, and its bytes take
        // 10 bit times each: eight times the baud rate, less line time.
        const auto sim = request(QStringLiteral("sim"), 115200, 1.0);
        QVERIFY(sim);
        QVERIFY(fast.totalMs >= run::estimateRun(*sim).totalMs);
        QVERIFY2(slow.totalMs > fast.totalMs + 100,
            qPrintable(QStringLiteral("%1 vs %2").arg(slow.totalMs).arg(fast.totalMs)));
        // More iterations, more time.
        const auto longer = request(QStringLiteral("/dev/ttyUSB7"), 921600, 0.05, 20);
        QVERIFY(longer);
        QVERIFY(run::estimateRun(*longer).totalMs > fast.totalMs);
    }

    void positionWithinTheRun()
    {
        run::RunEstimate estimate;
        QCOMPARE(estimate.positionMs(1, 0.5), 0);
        estimate.totalMs = 1000;
        estimate.passStartMs = { 200, 600 };
        QCOMPARE(estimate.positionMs(1, 0.0), 200);
        QCOMPARE(estimate.positionMs(1, 0.5), 400);
        QCOMPARE(estimate.positionMs(2, 0.5), 800);
        QCOMPARE(estimate.positionMs(2, 2.0), 1000); // clamped to the pass
        QCOMPARE(estimate.positionMs(3, 0.0), 1000); // a pass the estimate does not know: the end
    }
};

QTEST_GUILESS_MAIN(TestRunEstimate)
#include "tst_runestimate.moc"
