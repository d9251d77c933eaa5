// The hpx agent's power windows (docs/power.md) on the host: the gate pin high for exactly each window, the marker
// toggled at the end of every operator event of the marker window (a control-flow operator's included) and nothing
// printed meanwhile, then the power terminal record in heliaPROFILER's format, read back by the wire parser.
#include "device/wire/wireparser.h"
#include "fakecore.h"
#include "hpx_agent.h"

#include <QtTest>

using hpx::firmwaretest::CoreKind;
using hpx::firmwaretest::FakeCore;

namespace {

hpx_row_t g_rows[8];
char g_plan[256];

struct PinChange {
    quint64 cycle;
    uint8_t pin;
    uint8_t level;
};
QVector<PinChange> g_pins;

void gpioWrite(uint8_t pin, uint8_t level)
{
    g_pins.append({ FakeCore::instance().cyclesRun(), pin, level });
}

constexpr uint8_t kGate = 5;
constexpr uint8_t kMarker = 6;

hpx_config_t powerConfig(bool withHook)
{
    hpx_config_t c {};
    c.write = FakeCore::write;
    c.read = FakeCore::read;
    c.cycles = FakeCore::cycles;
    c.clock_hz = 100'000'000;
    c.transport = HPX_TRANSPORT_RTT;
    c.iterations = 1;
    c.warmup = 0;
    c.rows = g_rows;
    c.max_layers = 8;
    c.plan_buffer = g_plan;
    c.plan_buffer_size = sizeof g_plan;
    c.gpio_write = withHook ? gpioWrite : nullptr;
    c.power_gate_pin = kGate;
    c.power_marker_pin = kMarker;
    return c;
}

// One inference of a model with control flow: CONV_2D, then WHILE whose event encloses ADD; 3 events.
void inference(FakeCore &core, bool hooks)
{
    if (hooks) {
        hpx_layer_begin(0, "CONV_2D");
        core.run(1000);
        hpx_layer_end();
        hpx_layer_begin(1, "WHILE");
        core.run(100);
        hpx_layer_begin(2, "ADD");
        core.run(500);
        hpx_layer_end();
        core.run(50);
        hpx_layer_end();
    } else {
        core.run(1650);
    }
}

} // namespace

class TestFirmwarePower : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void windowsAndRecord()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M4);
        g_pins.clear();
        const hpx_config_t c = powerConfig(true);
        hpx_init(&c);
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            inference(core, true);
            hpx_inference_end();
        }
        const int beforeWindows = int(core.fromBoard.size());
        const int n = 4;
        hpx_power_window_begin(n);
        for (int i = 0; i < n; ++i) {
            inference(core, false); // the clean window: no hooks
            hpx_power_inference_done();
        }
        hpx_power_window_end();
        core.run(300);
        hpx_marker_window_begin(n);
        for (int i = 0; i < n; ++i) {
            hpx_inference_begin();
            inference(core, true);
            hpx_inference_end();
            hpx_power_inference_done();
        }
        hpx_marker_window_end();
        QCOMPARE(int(core.fromBoard.size()), beforeWindows); // nothing printed in the windows
        hpx_power_terminal(0, "complete");
        hpx_session_end();

        // The gate: high for the clean window, low, high for the marker window, low.
        QVector<PinChange> gate, marker;
        for (const PinChange &p : std::as_const(g_pins))
            (p.pin == kGate ? gate : marker).append(p);
        QCOMPARE(gate.size(), 4);
        QCOMPARE(int(gate.at(0).level), 1);
        QCOMPARE(int(gate.at(1).level), 0);
        QCOMPARE(gate.at(1).cycle - gate.at(0).cycle, quint64(n * 1650));
        QCOMPARE(int(gate.at(2).level), 1);
        QCOMPARE(int(gate.at(3).level), 0);
        // The marker: set low before the window, then one toggle per operator event (CONV_2D, ADD, WHILE) per
        // inference, each at its event's end, all inside the gate.
        QCOMPARE(marker.size(), 1 + 3 * n);
        QCOMPARE(int(marker.first().level), 0);
        for (int i = 1; i < marker.size(); ++i) {
            QCOMPARE(int(marker.at(i).level), i % 2);
            QVERIFY(marker.at(i).cycle > gate.at(2).cycle && marker.at(i).cycle <= gate.at(3).cycle);
        }
        const quint64 start = gate.at(2).cycle;
        QCOMPARE(marker.at(1).cycle - start, quint64(1000)); // CONV_2D ends
        QCOMPARE(marker.at(2).cycle - start, quint64(1600)); // ADD ends inside WHILE
        QCOMPARE(marker.at(3).cycle - start, quint64(1650)); // WHILE ends last

        const hpx::model::Capture cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY2(cap.powerTerminal, qPrintable(cap.powerTerminalError));
        QVERIFY(cap.powerTerminal->ok);
        QCOMPARE(cap.powerTerminal->requestedCount, n);
        QCOMPARE(cap.powerTerminal->completedCount, n);
        QCOMPARE(cap.powerTerminal->elapsedUs, n * 1650 / 100); // 100 MHz
        QCOMPARE(cap.powerTerminal->finalPhase, QStringLiteral("complete"));
        QVERIFY(cap.powerTerminal->gateAsserted && cap.powerTerminal->gateLowered);
        QVERIFY(cap.sawEnd);
        QVERIFY(!cap.hasMeta(QStringLiteral("power_status")));
    }
    void withoutHookAndError()
    {
        // No GPIO hook (the QEMU example's case is a no-op hook): the windows still run and time themselves.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M4);
        g_pins.clear();
        const hpx_config_t c = powerConfig(false);
        hpx_init(&c);
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            inference(core, true);
            hpx_inference_end();
        }
        hpx_power_window_begin(3);
        inference(core, false);
        hpx_power_inference_done();
        hpx_power_window_end();
        hpx_power_terminal(7, "clean_window");
        hpx_session_end();
        QVERIFY(g_pins.isEmpty());
        const hpx::model::Capture cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY2(cap.powerTerminal, qPrintable(cap.powerTerminalError));
        QVERIFY(!cap.powerTerminal->ok);
        QCOMPARE(cap.powerTerminal->errorCode, 7);
        QCOMPARE(cap.powerTerminal->completedCount, 1);
        QCOMPARE(cap.powerTerminal->requestedCount, 3);
        QCOMPARE(cap.powerTerminal->finalPhase, QStringLiteral("clean_window"));
    }
};

QTEST_GUILESS_MAIN(TestFirmwarePower)
#include "tst_firmwarepower.moc"
