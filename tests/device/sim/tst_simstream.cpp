#include "device/sim/costmodel.h"
#include "device/sim/simevents.h"
#include "device/sim/simstream.h"
#include "device/wire/wireparser.h"
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "simtestsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using hpx::simtest::compareWithTruth;
using hpx::simtest::parseStrict;

namespace {

// The SoC profiles (model/board) the simulated board plays here: 0 apollo510 (PMU, MVE), 1 apollo4p (DWT only).
hpx::model::SocProfile simSoc(int index)
{
    return *hpx::model::socs::byName(index == 1 ? QStringLiteral("apollo4p") : QStringLiteral("apollo510"));
}
SimulatorConfig configFor(const hpx::model::ModelInfo &model, hpx::model::Engine engine,
    const hpx::model::SocProfile &soc, hpx::model::FirmwareTransport transport)
{
    SimulatorConfig c;
    c.model = model;
    c.engine = engine;
    c.soc = soc;
    c.firmwareTransport = transport;
    c.iterations = 3;
    c.warmup = 1;
    c.heartbeatEveryNOps = 2;
    if (soc.pmuTier == hpx::model::PmuTier::Pmu)
        c.passes = { WirePass { QStringLiteral("cpu_0"),
                         { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                             QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
            WirePass { QStringLiteral("memory_0"),
                { QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                    QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") } } };
    return c;
}

QString metaValue(const hpx::simtest::ParsedStream &p, const char *key)
{
    for (const auto &m : p.metadata)
        if (m.first == QLatin1String(key))
            return m.second;
    return {};
}

QStringList tags(const GroundTruth &truth)
{
    QStringList t;
    for (const auto &l : truth.layers)
        t.append(l.tag);
    return t;
}
} // namespace

class TestSimStream : public QObject {
    Q_OBJECT
private slots:
    void streamIsValidAndEqualsGroundTruth_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("engine");
        QTest::addColumn<int>("soc");
        QTest::addColumn<int>("transport");
        const char *models[] = { "small", "float", "while", "stateful" };
        const char *engines[] = { "tflm", "helia-rt", "helia-aot", "executorch" };
        const char *socs[] = { "apollo510", "apollo4p" };
        int k = 0;
        for (int m = 0; m < 4; ++m)
            for (int e = 0; e < 4; ++e)
                for (int s = 0; s < 2; ++s, ++k)
                    QTest::addRow("%s/%s/%s", models[m], engines[e], socs[s]) << m << e << s << (k % 3);
    }
    void streamIsValidAndEqualsGroundTruth()
    {
        QFETCH(int, model);
        QFETCH(int, engine);
        QFETCH(int, soc);
        QFETCH(int, transport);
        const hpx::model::ModelInfo models[] = { hpx::simtest::smallModel(), hpx::simtest::floatModel(),
            hpx::simtest::whileModel(), hpx::simtest::statefulModel() };
        const SimulatorConfig c = configFor(
            models[model], hpx::model::Engine(engine), simSoc(soc), hpx::model::FirmwareTransport(transport));
        QCOMPARE(validateSimulatorConfig(c), QString());
        const QByteArray stream = renderSimulatedStream(c);
        const auto parsed = parseStrict(stream);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QVERIFY(parsed.sawStart);
        QVERIFY(parsed.sawEnd);
        QVERIFY(parsed.errors.isEmpty());
        const GroundTruth truth = SimStreamRenderer(c).groundTruth(SimStreamRenderer(c).builtInPlan());
        QVERIFY(!truth.passes.isEmpty());
        QCOMPARE(truth.passes.first().iterations.size(), 3);
        QVERIFY(!truth.passes.first().iterations.first().rows.isEmpty());
        const QString diff = compareWithTruth(parsed, truth);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));

        // Engine-specific metadata (§1.4, §1.8).
        const hpx::model::Engine e = hpx::model::Engine(engine);
        QCOMPARE(metaValue(parsed, "HPX_ENGINE"), hpx::model::engineWireName(e));
        QCOMPARE(metaValue(parsed, "HPX_MODEL_SIZE").isEmpty(), e == hpx::model::Engine::HeliaAot);
        QCOMPARE(metaValue(parsed, "HPX_ALLOCATED_ARENA").isEmpty(),
            e == hpx::model::Engine::HeliaAot || e == hpx::model::Engine::Executorch);
        QCOMPARE(metaValue(parsed, "HPX_PROFILED_INFER_COUNT").isEmpty(), e == hpx::model::Engine::Executorch);
        if (e != hpx::model::Engine::Executorch)
            QCOMPARE(metaValue(parsed, "HPX_PROFILED_INFER_COUNT").toInt(), truth.passes.size() * 3);
        QCOMPARE(metaValue(parsed, "HPX_PMU_INIT_STATUS").isEmpty(), e != hpx::model::Engine::Executorch);
        QCOMPARE(metaValue(parsed, "HPX_NUM_PRESETS").toInt(), truth.passes.size());
        QVERIFY(!metaValue(parsed, "HPX_CLEAN_INFER_COUNT").isEmpty());
        QCOMPARE(metaValue(parsed, "HPX_CLEAN_DWT_RATE_US").isEmpty(), soc == 0);
        // Preamble per transport (§1.3).
        const int ready = int(parsed.preSessionLines.count(QStringLiteral("HPX_READY")));
        QCOMPARE(ready,
            transport == int(hpx::model::FirmwareTransport::Uart)      ? 40
                : transport == int(hpx::model::FirmwareTransport::Rtt) ? 1
                                                                       : 0);
        QCOMPARE(parsed.heartbeats.contains(QStringLiteral("HPX_HEARTBEAT phase=flushing")),
            transport == int(hpx::model::FirmwareTransport::Rtt));
        // DWT-only SoC: cycles only, never an overflow flag.
        if (soc == 1)
            for (const auto &p : truth.passes) {
                QCOMPARE(p.counters, QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
                for (const auto &it : p.iterations)
                    for (const auto &r : it.rows)
                        QVERIFY(!r.overflow);
            }
    }

    void exampleLikeHeaderAndHeartbeats()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::HeliaRt, simSoc(0), hpx::model::FirmwareTransport::UsbCdc);
        c.iterations = 2;
        c.heartbeatEveryNOps = 5;
        const QByteArray stream = renderSimulatedStream(c);
        QVERIFY(stream.startsWith("\n--- HPX_START ---\nHPX_VERSION=1\nHPX_ENGINE=helia_rt\nHPX_EXTREME_MODE=0\n"
                                  "HPX_MODEL_SIZE="));
        QVERIFY(
            stream.contains("\n\n--- HPX_ITER 0 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\","
                            "\"ARM_PMU_STALL_FRONTEND\",\"ARM_PMU_STALL_BACKEND\",\"overflow\"\n0,CONV_2D,"));
        QVERIFY(stream.contains("HPX_HEARTBEAT phase=init t=0\nHPX_HEARTBEAT phase=allocate\n"
                                "HPX_HEARTBEAT phase=allocated arena_used="));
        // Pass 1's warm-up carries pass 0's last labels (stale, as real firmware does).
        QVERIFY(stream.contains(
            "--- HPX_PRESET memory_0 ---\nHPX_HEARTBEAT phase=infer pass=0 iter=1 layer=5\n"
            "HPX_HEARTBEAT phase=warmup_done pass=1\nHPX_HEARTBEAT phase=infer pass=1 iter=0 layer=5\n"));
        QVERIFY(stream.endsWith("\n\n--- HPX_END ---\n"));
        QVERIFY(!stream.contains("HPX_READY"));
    }

    void engineTags()
    {
        auto truthOf = [](const hpx::model::ModelInfo &m, hpx::model::Engine e) {
            SimulatorConfig c;
            c.model = m;
            c.engine = e;
            SimStreamRenderer r(c);
            return r.groundTruth(r.builtInPlan());
        };
        // tflm: WHILE first, then cond/body whileIterations times, then the final cond; rows attributed to their
        // own subgraph and operator.
        const GroundTruth w = truthOf(hpx::simtest::whileModel(), hpx::model::Engine::Tflm);
        QStringList expected { QStringLiteral("WHILE") };
        for (int i = 0; i < 3; ++i)
            expected << QStringLiteral("LESS") << QStringLiteral("ADD") << QStringLiteral("MUL")
                     << QStringLiteral("ADD");
        expected << QStringLiteral("LESS");
        QCOMPARE(tags(w), expected);
        QCOMPARE(w.layers.at(0).members, (QVector<QPair<int, int>> { { 0, 0 } }));
        QCOMPARE(w.layers.at(1).members, (QVector<QPair<int, int>> { { 1, 0 } }));
        QCOMPARE(w.layers.at(4).members, (QVector<QPair<int, int>> { { 2, 2 } }));
        QCOMPARE(w.layers.at(13).members, (QVector<QPair<int, int>> { { 1, 0 } }));

        // helia-aot: skipped ops keep their index out of the tags (no renumbering).
        QCOMPARE(tags(truthOf(hpx::simtest::statefulModel(), hpx::model::Engine::HeliaAot)),
            (QStringList { QStringLiteral("READ_VARIABLE:2"), QStringLiteral("FULLY_CONNECTED:3"),
                QStringLiteral("ASSIGN_VARIABLE:4") }));
        QCOMPARE(tags(truthOf(hpx::simtest::smallModel(), hpx::model::Engine::HeliaAot)),
            (QStringList { QStringLiteral("CONV_2D:0"), QStringLiteral("DEPTHWISE_CONV_2D:1"),
                QStringLiteral("FULLY_CONNECTED:3"), QStringLiteral("SOFTMAX:4") }));
        // executorch: delegate partitions fuse, instruction indices are plan indices (not positions).
        const GroundTruth et = truthOf(hpx::simtest::smallModel(), hpx::model::Engine::Executorch);
        QCOMPARE(tags(et),
            (QStringList { QStringLiteral("DELEGATE_CALL:c0i0"), QStringLiteral("OPERATOR_CALL:c0i2"),
                QStringLiteral("DELEGATE_CALL:c0i3"), QStringLiteral("OPERATOR_CALL:c0i5") }));
        QCOMPARE(et.layers.at(0).members, (QVector<QPair<int, int>> { { 0, 0 }, { 0, 1 } }));
        // tflm on the stateful model: CALL_ONCE's init subgraph ran in the clean-window warm-up: not recorded.
        QCOMPARE(tags(truthOf(hpx::simtest::statefulModel(), hpx::model::Engine::Tflm)).size(), 5);
    }

    void whileEventEnclosesItsBody()
    {
        // TFLM's WHILE event encloses its cond and body events, and the simulated board prints it so (issue 22): the
        // WHILE row's counts are its own work plus every row it called. The merge must take that apart again.
        SimulatorConfig c = configFor(
            hpx::simtest::whileModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        const SimStreamRenderer renderer(c);
        const GroundTruth truth = renderer.groundTruth(renderer.builtInPlan());
        QCOMPARE(truth.layers.at(0).tag, QStringLiteral("WHILE"));
        QCOMPARE(truth.layers.at(0).parent, -1);
        for (int i = 1; i < truth.layers.size(); ++i)
            QCOMPARE(truth.layers.at(i).parent, 0);
        // Per iteration, the WHILE row's own work (printed minus what it encloses), for the cycles column.
        const GroundTruthPass &cpu = truth.passes.first();
        QCOMPARE(cpu.counters.first(), hpx::model::cyclesCounterName());
        double ownSum = 0;
        double topLevelSum = 0;
        for (const GroundTruthIteration &it : cpu.iterations) {
            double enclosed = 0;
            for (int r = 1; r < it.rows.size(); ++r)
                enclosed += it.rows.at(r).values.first();
            const double own = double(it.rows.at(0).values.first()) - enclosed;
            QVERIFY2(own > 0 && own < enclosed, "the WHILE kernel's own work is small beside its body's");
            ownSum += own;
            topLevelSum += it.rows.at(0).values.first();
        }

        hpx::model::MergeOptions options;
        options.engine = hpx::model::Engine::Tflm;
        options.aggregation = hpx::model::Aggregation::Mean; // linear, so the mean of the own work is exact
        const hpx::model::ModelInfo model = hpx::simtest::whileModel();
        options.model = &model;
        const hpx::model::MergeOutcome merged
            = hpx::model::mergeCapture(WireParser::parse(renderSimulatedStream(c)), options);
        QVERIFY(merged.ok());
        const hpx::model::ProfileResult &result = *merged.result;
        QCOMPARE(result.layers.first().op, QStringLiteral("WHILE"));
        QVERIFY(result.layers.first().encloses());
        const QString cycles = hpx::model::cyclesCounterName();
        const int n = int(cpu.iterations.size());
        QVERIFY(qAbs(*result.selfValue(0, cycles) - ownSum / n) < 1e-6);
        QCOMPARE(*result.cycles(0), topLevelSum / n); // inclusive, as printed
        for (int i = 1; i < result.layers.size(); ++i) {
            QCOMPARE(result.layers.at(i).parentLayer, 0);
            QVERIFY(!result.layers.at(i).encloses());
        }
        // Every cycle once: the self total is the WHILE's inclusive cycles; heliaPROFILER's sum counts the body twice.
        QVERIFY(qAbs(result.selfTotalCycles() - topLevelSum / n) < 1e-6);
        QVERIFY(result.totalCycles() > 1.5 * result.selfTotalCycles());
    }

    void aotLabelsWithoutManifestAndManifestFile()
    {
        SimulatorConfig c;
        c.model = hpx::simtest::smallModel();
        c.engine = hpx::model::Engine::HeliaAot;
        c.aotOpIdTags = false;
        SimStreamRenderer plain(c);
        QCOMPARE(tags(plain.groundTruth(plain.builtInPlan())),
            (QStringList {
                QStringLiteral("op:0"), QStringLiteral("op:1"), QStringLiteral("op:2"), QStringLiteral("op:3") }));

        c.aotOpIdTags = true;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("aot_operator_manifest.json"));
        SimStreamRenderer r(c);
        QString error;
        QVERIFY2(r.writeAotManifest(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray ops = QJsonDocument::fromJson(f.readAll()).array();
        QCOMPARE(ops.size(), 4);
        const int ids[] = { 0, 1, 3, 4 };
        for (int i = 0; i < 4; ++i) {
            const QJsonObject o = ops.at(i).toObject();
            QCOMPARE(o.value(QStringLiteral("idx")).toInt(), i);
            QCOMPARE(o.value(QStringLiteral("id")).toInt(), ids[i]);
            QVERIFY(!o.value(QStringLiteral("inputs")).toArray().isEmpty());
        }
        QCOMPARE(ops.at(2).toObject().value(QStringLiteral("op_type")).toString(), QStringLiteral("FULLY_CONNECTED"));
    }

    void deterministicPerSeed()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        const QByteArray a = renderSimulatedStream(c);
        QCOMPARE(renderSimulatedStream(c), a);
        c.seed = 2;
        const QByteArray b = renderSimulatedStream(c);
        QVERIFY(a != b);
        QCOMPARE(a.count('\n'), b.count('\n'));
    }

    void noiseIsSmallAndCountsAreExact()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        c.iterations = 8;
        c.noise = 0.02;
        SimStreamRenderer r(c);
        const GroundTruth t = r.groundTruth(r.builtInPlan());
        const auto &pass = t.passes.first(); // cycles, instructions, stalls
        bool cyclesVary = false;
        for (int l = 0; l < pass.iterations.first().rows.size(); ++l) {
            const quint32 c0 = pass.iterations.first().rows.at(l).values.at(0);
            const quint32 i0 = pass.iterations.first().rows.at(l).values.at(1);
            for (const auto &it : pass.iterations) {
                const auto &row = it.rows.at(l);
                QCOMPARE(row.values.at(1), i0); // INST_RETIRED does not jitter
                QVERIFY(qAbs(double(row.values.at(0)) - c0) <= 0.25 * c0);
                QVERIFY(row.values.at(0) >= row.values.at(1)); // cycles >= instructions
                cyclesVary = cyclesVary || row.values.at(0) != c0;
            }
        }
        QVERIFY(cyclesVary);
    }

    void costModelRelations_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("int8") << 0;
        QTest::newRow("float") << 1;
        QTest::newRow("while") << 2;
    }
    void costModelRelations()
    {
        QFETCH(int, model);
        const hpx::model::ModelInfo models[]
            = { hpx::simtest::smallModel(), hpx::simtest::floatModel(), hpx::simtest::whileModel() };
        SimulatorConfig c;
        c.model = models[model];
        const CostModel cost(c);
        auto v = [](const QVector<double> &b, quint16 n) { return b.at(CostModel::eventIndex(n)); };
        for (const SimLayer &layer : simExecution(c).layers) {
            const QVector<double> b = cost.base(layer);
            QCOMPARE(b.size(), simEvents().size());
            QVERIFY(v(b, 0x0011) >= v(b, 0x0008)); // CPU_CYCLES >= INST_RETIRED
            QVERIFY(v(b, 0x0008) >= v(b, 0x0006) + v(b, 0x0007)); // INST >= LD + ST
            QVERIFY(v(b, 0x003C) < v(b, 0x0011)); // STALL < CPU_CYCLES
            QVERIFY(qAbs(v(b, 0x003C) - v(b, 0x0023) - v(b, 0x0024)) < 1e-6);
            QVERIFY(v(b, 0x0013) >= v(b, 0x0004)); // MEM_ACCESS >= L1D_CACHE
            QVERIFY(v(b, 0x0004) >= v(b, 0x0040)); // L1D_CACHE >= L1D_CACHE_RD
            QVERIFY(v(b, 0x0040) >= v(b, 0x0039)); // L1D_CACHE_RD >= L1D_CACHE_MISS_RD
            QVERIFY(v(b, 0x0200) <= v(b, 0x0008)); // MVE_INST <= INST
            QVERIFY(qAbs(v(b, 0x0238) - v(b, 0x023C) - v(b, 0x0240)) < 1e-6); // MVE_LDST = LD + ST
            QVERIFY(v(b, 0x0021) >= v(b, 0x0022)); // BR >= BR_MIS_PRED
            QVERIFY(v(b, 0x02CC) <= v(b, 0x0011)); // MVE_STALL <= cycles
            for (double x : b)
                QVERIFY(x >= 0);
        }
        // Work drives cost: the conv costs more cycles than the reshape.
        if (model == 0) {
            const auto layers = simExecution(c).layers;
            QVERIFY(cost.cycles(cost.base(layers.at(0))) > 5 * cost.cycles(cost.base(layers.at(2))));
        }
    }

    void allCatalogueEventsGetValues()
    {
        SimulatorConfig c;
        c.model = hpx::simtest::floatModel();
        const auto &events = simEvents();
        QCOMPARE(events.size(), 70);
        for (int i = 0; i < events.size(); i += 4) {
            WirePass p { QStringLiteral("all_") + QString::number(i / 4), {} };
            for (int k = i; k < std::min(i + 4, int(events.size())); ++k)
                p.events.append(events.at(k).name);
            c.passes.append(p);
        }
        QCOMPARE(c.passes.size(), 18);
        QCOMPARE(validateSimulatorConfig(c), QString());
        const auto parsed = parseStrict(renderSimulatedStream(c));
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        // Events a profiled kernel cannot trigger stay zero; every other one counts something somewhere.
        const QStringList zero { QStringLiteral("ARM_PMU_SW_INCR"), QStringLiteral("ARM_PMU_EXC_TAKEN"),
            QStringLiteral("ARM_PMU_EXC_RETURN"), QStringLiteral("ARM_PMU_SE_CALL_S"),
            QStringLiteral("ARM_PMU_SE_CALL_NS"), QStringLiteral("ARM_PMU_MEMORY_ERROR"),
            QStringLiteral("ARM_PMU_MVE_FP_HP_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_RETIRED"),
            QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"), QStringLiteral("ARM_PMU_MVE_VREDUCE_INT_RETIRED"),
            QStringLiteral("ARM_PMU_MVE_STALL_RESOURCE_INT") };
        for (const auto &pass : parsed.passes)
            for (int col = 0; col < pass.counters.size(); ++col) {
                quint64 sum = 0;
                for (const auto &row : pass.iterations.first().rows)
                    sum += row.values.at(col);
                QVERIFY2((sum == 0) == zero.contains(pass.counters.at(col)), qPrintable(pass.counters.at(col)));
            }
    }

    void wrapOnRequest()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        c.wrap = true;
        c.iterations = 4;
        SimStreamRenderer r(c);
        const GroundTruth t = r.groundTruth(r.builtInPlan());
        for (const auto &pass : t.passes)
            for (const auto &it : pass.iterations) {
                int wrapped = 0;
                for (const auto &row : it.rows)
                    for (int k = 0; k < row.values.size(); ++k)
                        if (row.values.at(k) >= 0x80000000u) {
                            ++wrapped;
                            QVERIFY(
                                row.trueValues.at(k) < 0x80000000u); // the wide counter did not really count that far
                        }
                QCOMPARE(wrapped, it.number == 0 ? 0 : 1);
            }
        const auto parsed = parseStrict(renderSimulatedStream(c));
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(compareWithTruth(parsed, t), QString());
    }

    void dwtWithoutDebuggerReadsZero()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::Tflm, simSoc(1), hpx::model::FirmwareTransport::Uart);
        c.debuggerAttached = false;
        SimStreamRenderer r(c);
        const GroundTruth truth = r.groundTruth(r.builtInPlan());
        QVERIFY(!truth.passes.first().iterations.first().rows.isEmpty());
        for (const auto &row : truth.passes.first().iterations.first().rows)
            QCOMPARE(row.values, QVector<quint32> { 0 });
    }

    void uartGlitchByteBeforeCleanCount()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::smallModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Uart);
        QVERIFY(renderSimulatedStream(c).contains("\n\xE0HPX_CLEAN_INFER_COUNT="));
        c.uartGlitch = false;
        QVERIFY(renderSimulatedStream(c).contains("\nHPX_CLEAN_INFER_COUNT="));
    }

    void groundTruthJson()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::whileModel(), hpx::model::Engine::Tflm, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        SimStreamRenderer r(c);
        const GroundTruth t = r.groundTruth(r.builtInPlan());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("truth.json"));
        QString error;
        QVERIFY2(t.writeJson(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("hpx-sim.ground-truth"));
        const QJsonArray passes = o.value(QStringLiteral("passes")).toArray();
        QCOMPARE(passes.size(), 2);
        const QJsonObject row = passes.at(1)
                                    .toObject()
                                    .value(QStringLiteral("iterations"))
                                    .toArray()
                                    .at(2)
                                    .toObject()
                                    .value(QStringLiteral("rows"))
                                    .toArray()
                                    .at(3)
                                    .toObject();
        QCOMPARE(row.value(QStringLiteral("op")).toString(), t.passes.at(1).iterations.at(2).rows.at(3).op);
        QCOMPARE(row.value(QStringLiteral("values")).toArray().at(2).toInteger(),
            qint64(t.passes.at(1).iterations.at(2).rows.at(3).values.at(2)));
        QCOMPARE(o.value(QStringLiteral("layers")).toArray().size(), 14);
        QVERIFY(!t.writeJson(dir.filePath(QStringLiteral("missing/dir/truth.json")), &error));
        QVERIFY(error.contains(QStringLiteral("missing/dir")));
    }

    void everySocProfileShapesTheBoard()
    {
        // The simulated board plays model/board's SoC profiles and keeps no table of its own: the operators recorded
        // per inference, the events per pass and the PMU tier all come from the profile.
        const QStringList six = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
            QStringLiteral("ARM_PMU_STALL"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
            QStringLiteral("ARM_PMU_STALL_BACKEND"), QStringLiteral("ARM_PMU_BR_RETIRED") };
        QCOMPARE(hpx::model::socs::all().size(), 11); // the ten Ambiq-style SoCs and the virtual board (qemu_an547)
        for (const hpx::model::SocProfile &profile : hpx::model::socs::all()) {
            SimulatorConfig c = configFor(
                hpx::simtest::bigModel(4200), hpx::model::Engine::HeliaRt, profile, hpx::model::FirmwareTransport::Rtt);
            c.iterations = 1;
            c.warmup = 0;
            QCOMPARE(validateSimulatorConfig(c), QString());
            const auto parsed = parseStrict(renderSimulatedStream(c));
            QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
            QCOMPARE(parsed.passes.first().iterations.first().rows.size(), profile.pmuMaxOps);
            QString nak;
            QVERIFY(!validateSimPasses({ WirePass { QStringLiteral("p"), six } }, profile, &nak).isEmpty());
            if (profile.pmuTier == hpx::model::PmuTier::Pmu)
                QCOMPARE(nak, QStringLiteral("too_many_events pass=p count=5 max=%1").arg(profile.eventsPerPass()));
            else
                QCOMPARE(
                    nak, QStringLiteral("event_not_capturable pass=p event=ARM_PMU_INST_RETIRED soc=") + profile.name);
            QCOMPARE(simSocFromString(profile.name.toUpper())->name, profile.name);
        }
        QVERIFY(!simSocFromString(QStringLiteral("apollo9")));
        QCOMPARE(defaultSimPasses(defaultSimSoc()).first().events,
            hpx::model::counters::defaults(hpx::model::CounterGroup::Cpu));
    }

    void bigModelStaysValid()
    {
        SimulatorConfig c = configFor(
            hpx::simtest::bigModel(3000), hpx::model::Engine::HeliaRt, simSoc(0), hpx::model::FirmwareTransport::Rtt);
        c.iterations = 1;
        c.warmup = 0;
        const auto parsed = parseStrict(renderSimulatedStream(c));
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.passes.first().iterations.first().rows.size(), 3000);
        // Beyond pmu_max_ops the firmware records no more rows (Apollo4: 2048).
        c.soc = simSoc(1);
        c.passes.clear();
        const auto dwt = parseStrict(renderSimulatedStream(c));
        QCOMPARE(dwt.passes.first().iterations.first().rows.size(), 2048);
        // ExecuTorch halts with operator_count_exceeds_capacity after the ITER marker.
        c.engine = hpx::model::Engine::Executorch;
        c.model = hpx::simtest::bigModel(9000);
        c.soc = simSoc(0);
        const auto et = parseStrict(renderSimulatedStream(c));
        QCOMPARE(et.errors, QStringList { QStringLiteral("operator_count_exceeds_capacity capacity=4096") });
        QVERIFY(!et.sawEnd);
    }
};

QTEST_GUILESS_MAIN(TestSimStream)
#include "tst_simstream.moc"
