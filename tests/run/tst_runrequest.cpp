// What the device layer gets from a configuration: the capture session's and the simulated board's own options,
// built by the run service from Config's typed fields (the device layer knows no Config).
#include "model/board/kernelset.h"
#include "model/config/config.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "run/runrequest.h"

#include <QTest>

#include <chrono>

using namespace hpx;
using namespace std::chrono_literals;

namespace {

model::Config configFrom(const QByteArray &yaml)
{
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    if (!config.loadYaml(yaml, QStringLiteral("hpx.yml"), &diagnostics))
        qFatal("refused: %s", qPrintable(diagnostics.value(0).toString()));
    return config;
}

std::optional<run::RunRequest> requestFor(const model::Config &config, QString *error)
{
    run::RunSetup setup;
    setup.findBoardPort = false;
    setup.knownPorts = QList<device::PortInfo>(); // none: a typed port
    return run::buildRunRequest(config, nullptr, nullptr, setup, error);
}

// A float chain of two ADDs over `elements` floats (few, large activations).
std::shared_ptr<const model::ModelInfo> floatChain(qint64 elements)
{
    model::SyntheticModel m;
    model::SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
    const int x = sg.addTensor(QStringLiteral("x"), QStringLiteral("FLOAT32"), { 1, elements });
    const int y = sg.addTensor(QStringLiteral("y"), QStringLiteral("FLOAT32"), { 1, elements });
    const int z = sg.addTensor(QStringLiteral("z"), QStringLiteral("FLOAT32"), { 1, elements });
    sg.addOperator(QStringLiteral("ADD"), { x, x }, { y });
    sg.addOperator(QStringLiteral("ADD"), { y, y }, { z });
    sg.inputs = { x };
    sg.outputs = { z };
    const model::ModelLoadResult r = model::parseModel(m.build(), QStringLiteral("chain.tflite"), model::Digest::None);
    return r.model ? std::make_shared<const model::ModelInfo>(*r.model) : nullptr;
}

} // namespace

class TestRunRequest : public QObject {
    Q_OBJECT
private slots:
    void sessionOptionsFromTheConfig()
    {
        const model::Config config = configFrom("target:\n  transport: usb_cdc\n  heartbeat:\n    enabled: false\n"
                                                "    host_timeout_s: 45\n    overall_timeout_s: 600\n"
                                                "profiling:\n  iterations: 7\n  warmup: 2\n");
        model::PassPlan plan;
        model::PlannedPass pass;
        pass.name = QStringLiteral("cpu_0");
        plan.passes.append(pass);
        const device::SessionOptions options = run::sessionOptionsFor(config, model::FirmwareTransport::UsbCdc, plan);
        QCOMPARE(options.firmwareTransport, model::FirmwareTransport::UsbCdc);
        QVERIFY(!options.heartbeatsEnabled);
        QCOMPARE(options.hostTimeoutS, 45.0);
        QCOMPARE(options.overallTimeoutS, std::optional(600.0));
        QVERIFY(options.plan);
        QCOMPARE(options.plan->iterations, 7);
        QCOMPARE(options.plan->warmup, 2);
        QCOMPARE(options.plan->passes.size(), 1);
        QCOMPARE(options.plan->passes.at(0).name, QStringLiteral("cpu_0"));

        // The defaults: heartbeats on, 30 s without a byte, no overall bound.
        const device::SessionOptions defaults
            = run::sessionOptionsFor(model::Config(), model::FirmwareTransport::Rtt, {});
        QVERIFY(defaults.heartbeatsEnabled);
        QCOMPARE(defaults.hostTimeoutS, 30.0);
        QVERIFY(!defaults.overallTimeoutS);
    }

    void realBoardTakesTheChosenFirmwareTransport()
    {
        // A TCP link suggests RTT; target.transport, when given, is what the board is started and timed as.
        QString error;
        const auto chosen = requestFor(configFrom("target:\n  port: tcp://127.0.0.1:19021\n  transport: uart\n"
                                                  "  heartbeat:\n    host_timeout_s: 12\n"),
            &error);
        QVERIFY2(chosen, qPrintable(error));
        QCOMPARE(chosen->link.kind, device::LinkSpec::Kind::Tcp);
        QCOMPARE(chosen->session.firmwareTransport, model::FirmwareTransport::Uart);
        QCOMPARE(chosen->session.hostTimeoutS, 12.0);
        QCOMPARE(chosen->context.transport, QStringLiteral("uart"));
        const auto suggested = requestFor(configFrom("target:\n  port: tcp://127.0.0.1:19021\n"), &error);
        QVERIFY2(suggested, qPrintable(error));
        QCOMPARE(suggested->session.firmwareTransport, model::FirmwareTransport::Rtt);
    }

    void theVirtualBoardIsALinkOfItsOwn()
    {
        // Issue 34: `target.port: qemu` is the virtual board, resolved here for both front ends: its own board
        // profile, TFLM, UART behind QEMU's TCP socket, the kernel set from target.kernels, the emulator recorded.
        QString error;
        const auto byDefault = requestFor(configFrom("target:\n  port: qemu\n"), &error);
        QVERIFY2(byDefault, qPrintable(error));
        QVERIFY(byDefault->isVirtual());
        QCOMPARE(byDefault->link.text(), QStringLiteral("qemu"));
        QCOMPARE(byDefault->config.board(), QStringLiteral("qemu_an547"));
        QCOMPARE(byDefault->engine, model::Engine::Tflm);
        QCOMPARE(byDefault->session.firmwareTransport, model::FirmwareTransport::Uart);
        QCOMPARE(byDefault->context.transport, QStringLiteral("uart"));
        QCOMPARE(byDefault->config.kernels(), model::defaultKernelSet);
        QCOMPARE(byDefault->plan.passCount(), 1); // QEMU counts instructions only: the cycle column
        QCOMPARE(byDefault->context.emulator.value(QStringLiteral("kernels")).toString(), QStringLiteral("cmsis-nn"));
        QCOMPARE(byDefault->context.emulator.value(QStringLiteral("cycles")).toString(),
            QStringLiteral("instructions (emulated), not cycles"));
        const auto reference = requestFor(configFrom("target:\n  port: qemu\n  kernels: reference\n"), &error);
        QVERIFY2(reference, qPrintable(error));
        QCOMPARE(reference->config.kernels(), model::KernelSet::Reference);
        QCOMPARE(reference->context.emulator.value(QStringLiteral("kernels")).toString(), QStringLiteral("reference"));
        // The plan `hpx profile --plan` prints is the same one.
        const auto plan = run::planFor(configFrom("target:\n  port: qemu\n"), &error);
        QVERIFY2(plan, qPrintable(error));
        QCOMPARE(plan->passCount(), 1);

        // What contradicts it is refused, naming what to change.
        QVERIFY(!requestFor(configFrom("target:\n  port: qemu\n  board: apollo510_evb\n"), &error));
        QVERIFY2(error.contains(QLatin1String("qemu_an547")), qPrintable(error));
        QVERIFY(!requestFor(configFrom("target:\n  port: qemu\nengine:\n  type: helia-rt\n"), &error));
        QVERIFY2(error.contains(QLatin1String("TensorFlow Lite Micro")), qPrintable(error));
        QVERIFY(!requestFor(configFrom("target:\n  port: sim\n  kernels: reference\n"), &error));
        QVERIFY2(error.contains(QLatin1String("--port qemu")), qPrintable(error));
    }

    void theVirtualBoardPlacesTheModelBeforeAnythingRuns()
    {
        // Issue 33 item 5: the arena and the weights placed (the fastest memory that fits, the arena first, or where
        // model.arena_location / model.weights_location pin them), summary.json's memory_plan from it, and a model
        // that fits nowhere refused here, before anything is built or started.
        run::RunSetup setup;
        setup.findBoardPort = false;
        setup.knownPorts = QList<device::PortInfo>();
        QString error;
        const auto big = floatChain(4 * 1024 * 1024); // 32 MiB of activations live at once
        QVERIFY(big);
        auto request = run::buildRunRequest(configFrom("target:\n  port: qemu\n"), big, nullptr, setup, &error);
        QVERIFY2(request, qPrintable(error));
        const model::JsonValue plan = request->context.memoryPlan;
        QCOMPARE(plan.value(QStringLiteral("engine")).toString(), QStringLiteral("tflm"));
        const model::JsonValue regions = plan.value(QStringLiteral("regions"));
        QCOMPARE(regions.size(), 4);
        const model::JsonValue psram = regions.at(3);
        QCOMPARE(psram.value(QStringLiteral("region")).toString(), QStringLiteral("psram"));
        QVERIFY(psram.value(QStringLiteral("used")).toInt() > 32 * 1024 * 1024);

        // Pinned where it does not fit: refused, naming the location.
        QVERIFY(!run::buildRunRequest(
            configFrom("target:\n  port: qemu\nmodel:\n  arena_location: sram\n"), big, nullptr, setup, &error));
        QVERIFY2(
            error.contains(QLatin1String("chain.tflite")) && error.contains(QLatin1String("SRAM2")), qPrintable(error));
        // Fits nowhere: the bytes needed and the largest region, never an operator.
        const auto huge = floatChain(300'000'000);
        QVERIFY(!run::buildRunRequest(configFrom("target:\n  port: qemu\n"), huge, nullptr, setup, &error));
        QVERIFY2(error.contains(QLatin1String("largest region, psram (DDR at 0x60000000), has 2147483648 bytes")),
            qPrintable(error));
        // Other boards are not the virtual board: no placement, no memory_plan.
        request = run::buildRunRequest(configFrom("target:\n  port: sim\n"), huge, nullptr, setup, &error);
        QVERIFY2(request, qPrintable(error));
        QVERIFY(request->context.memoryPlan.isNull());
    }

    void simulatedBoardFromTheConfig()
    {
        // The simulated board keeps its own firmware transport (SWO is read like RTT), engine and clock.
        QString error;
        const auto request = requestFor(configFrom("engine:\n  type: tflm\ntarget:\n  port: sim\n  transport: swo\n"
                                                   "  board: apollo4p_evb\n  clock:\n    cpu: hp\n"
                                                   "profiling:\n  iterations: 3\n  warmup: 1\n"),
            &error);
        QVERIFY2(request, qPrintable(error));
        QVERIFY(request->isSimulated());
        QCOMPARE(request->simulator.firmwareTransport, model::FirmwareTransport::Rtt);
        QCOMPARE(request->session.firmwareTransport, model::FirmwareTransport::Rtt);
        QCOMPARE(request->simulator.engine, model::Engine::Tflm);
        QCOMPARE(request->simulator.soc.name, QStringLiteral("apollo4p"));
        QCOMPARE(request->simulator.iterations, 3);
        QCOMPARE(request->simulator.warmup, 1);
        QCOMPARE(request->engine, model::Engine::Tflm);
        QCOMPARE(request->context.transport, QStringLiteral("sim"));
        QCOMPARE(request->context.platform.cpuClockName, QStringLiteral("hp"));
        QVERIFY(request->simulator.clockHz > 0);
    }
};

QTEST_GUILESS_MAIN(TestRunRequest)
#include "tst_runrequest.moc"
