// The hpx agent's core alone (-DHPX_HOST_PLAN=0, docs/firmware.md "Footprint"): it runs its built-in passes, never
// offers the host plan, and still refuses built-in events the core cannot count.
#include "device/wire/wireparser.h"
#include "fakecore.h"
#include "hpx_agent.h"

#include <QtTest>

using hpx::firmwaretest::CoreKind;
using hpx::firmwaretest::FakeCore;

namespace {
hpx_row_t g_rows[8];
char g_plan[256];

hpx_config_t coreConfig(const char *builtin)
{
    hpx_config_t c {};
    c.write = FakeCore::write;
    c.read = FakeCore::read;
    c.clock_hz = 100'000'000;
    c.transport = HPX_TRANSPORT_RTT;
    c.builtin_passes = builtin;
    c.iterations = 2;
    c.warmup = 1;
    c.rows = g_rows;
    c.max_layers = 8;
    c.plan_buffer = g_plan;
    c.plan_buffer_size = sizeof g_plan;
    return c;
}

hpx::model::Capture runSession(const QByteArray &hostBytes)
{
    FakeCore &core = FakeCore::instance();
    core.toBoard = hostBytes;
    hpx_session_begin();
    while (hpx_session_next()) {
        hpx_inference_begin();
        hpx_layer_begin(0, "CONV_2D");
        core.run(4321, { { 0x0008, 99 } });
        hpx_layer_end();
        hpx_inference_end();
    }
    hpx_session_end();
    return hpx::device::WireParser::parse(core.fromBoard);
}
} // namespace

class TestFirmwareCore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void builtInPassesWithoutThePlanExchange()
    {
        static_assert(HPX_HOST_PLAN == 0, "this test is of the core alone");
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        const hpx_config_t c = coreConfig("pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED pass=mve_0:0x0200");
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_PMU);
        core.probing = false;
        // A host plan is not read: the core never offers one.
        const auto cap = runSession("\nHPX_PLAN pass=x:ARM_PMU_CPU_CYCLES\n");
        QVERIFY(!core.fromBoard.contains("HPX_PLAN_SUPPORTED"));
        QVERIFY(!core.fromBoard.contains("HPX_PLAN_ACK"));
        QVERIFY(cap.sawEnd);
        QCOMPARE(cap.meta(QStringLiteral("plan_source")).toString(), QStringLiteral("built-in"));
        QCOMPARE(cap.announcedPresets, QStringList({ QStringLiteral("cpu_0"), QStringLiteral("mve_0") }));
        QCOMPARE(cap.passes.size(), 2);
        const auto &row = cap.passes.at(0).iterations.at(0).rows.at(0);
        QCOMPARE(*row.values.at(0), 4321.0);
        QCOMPARE(*row.values.at(1), 99.0);
        QCOMPARE(cap.passes.at(1).iterations.size(), 2);
    }

    void builtInEventsTheCoreCannotCountAreRefused()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M4);
        const hpx_config_t c = coreConfig("pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED");
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_DWT);
        core.probing = false;
        const auto cap = runSession({});
        QVERIFY(core.fromBoard.contains("HPX_WARN=builtin_passes_refused reason=event_not_capturable\n"));
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).counters, QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QCOMPARE(*cap.passes.at(0).iterations.at(0).rows.at(0).values.at(0), 4321.0);
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));

        core.reset(CoreKind::M55);
        const hpx_config_t unknown = coreConfig("pass=cpu_0:ARM_PMU_CPU_CYCLES,NOT_AN_EVENT");
        hpx_init(&unknown);
        core.probing = false;
        runSession({});
        QVERIFY(core.fromBoard.contains("HPX_WARN=builtin_passes_refused reason=unknown_event\n"));
    }

    void waitingForTheHost()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        hpx_config_t c = coreConfig(nullptr);
        c.cycles = FakeCore::cycles;
        hpx_init(&c);
        core.probing = false;
        QCOMPARE(hpx_wait_host(20), 0);
        core.toBoard = "\n";
        QCOMPARE(hpx_wait_host(0), 1);
    }
};

QTEST_GUILESS_MAIN(TestFirmwareCore)
#include "tst_firmwarecore.moc"
