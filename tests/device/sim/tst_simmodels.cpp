#include "device/sim/simstream.h"
#include "device/wire/wireparser.h"
#include "model/tflite/tflitemodel.h"
#include "simtestsupport.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QTest>

using namespace hpx::device;

// The SoC profiles (model/board) the simulated board plays here: 0 apollo510 (PMU, MVE), 1 apollo4p (DWT only).
static hpx::model::SocProfile simSoc(int index)
{
    return *hpx::model::socs::byName(index == 1 ? QStringLiteral("apollo4p") : QStringLiteral("apollo510"));
}

// Every real model in tests/data/models, on every engine and both SoC profiles: the stream is line-format valid and
// its records equal the ground truth.
class TestSimModels : public QObject {
    Q_OBJECT
private slots:
    void everyModelEngineAndSoc_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("engine");
        QTest::addColumn<int>("soc");
        const QStringList files = QDir(hpx::test::dataPath(QStringLiteral("models")))
                                      .entryList({ QStringLiteral("*.tflite") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        const char *engines[] = { "tflm", "helia-rt", "helia-aot", "executorch" };
        const char *socs[] = { "apollo510", "apollo4p" };
        for (const QString &f : files)
            for (int e = 0; e < 4; ++e)
                for (int s = 0; s < 2; ++s)
                    QTest::addRow("%s/%s/%s", qPrintable(f), engines[e], socs[s]) << f << e << s;
    }
    void everyModelEngineAndSoc()
    {
        QFETCH(QString, file);
        QFETCH(int, engine);
        QFETCH(int, soc);
        const auto loaded = hpx::model::loadModel(hpx::test::dataPath(QStringLiteral("models/") + file));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        SimulatorConfig c;
        c.model = *loaded.model;
        c.engine = hpx::model::Engine(engine);
        c.soc = simSoc(soc);
        c.firmwareTransport = hpx::model::FirmwareTransport((engine + soc) % 3);
        c.iterations = 2;
        c.seed = 42;
        if (soc == 0)
            c.passes = { WirePass { QStringLiteral("cpu_0"),
                             { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                                 QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
                WirePass { QStringLiteral("mve_0"),
                    { QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
                        QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") } } };
        QCOMPARE(validateSimulatorConfig(c), QString());
        SimStreamRenderer renderer(c);
        const GroundTruth truth = renderer.groundTruth(renderer.builtInPlan());
        const auto parsed = hpx::simtest::parseStrict(renderSimulatedStream(c));
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QVERIFY(parsed.sawEnd);
        const QString diff = hpx::simtest::compareWithTruth(parsed, truth);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(!truth.layers.isEmpty());

        // The project's wire parser reads the same records, value for value.
        const StreamOrigin kinds[] = { hpx::model::FirmwareTransport::Uart, hpx::model::FirmwareTransport::UsbCdc,
            hpx::model::FirmwareTransport::Rtt };
        const hpx::model::Capture cap = WireParser::parse(renderSimulatedStream(c), kinds[int(c.firmwareTransport)]);
        QVERIFY(cap.sawStart);
        QVERIFY(cap.sawEnd);
        QVERIFY(!cap.error);
        // The only expected problem: HPX_WARN=unusual_dtype for UINT64/INT64 tensors.
        for (const auto &problem : cap.problems)
            QVERIFY2(problem.kind == QLatin1String("firmware_warning"),
                qPrintable(problem.kind + QStringLiteral(": ") + problem.message));
        QCOMPARE(cap.passes.size(), truth.passes.size());
        for (int p = 0; p < truth.passes.size(); ++p) {
            const auto &a = cap.passes.at(p);
            const auto &b = truth.passes.at(p);
            QCOMPARE(a.name, b.name);
            QCOMPARE(a.counters, b.counters);
            QCOMPARE(a.iterations.size(), b.iterations.size());
            for (int i = 0; i < b.iterations.size(); ++i) {
                QCOMPARE(a.iterations.at(i).rows.size(), b.iterations.at(i).rows.size());
                for (int r = 0; r < b.iterations.at(i).rows.size(); ++r) {
                    const auto &ra = a.iterations.at(i).rows.at(r);
                    const auto &rb = b.iterations.at(i).rows.at(r);
                    QCOMPARE(ra.position, r);
                    QCOMPARE(ra.op, rb.op);
                    QCOMPARE(ra.overflow, rb.overflow);
                    QCOMPARE(ra.values.size(), rb.values.size());
                    for (int k = 0; k < rb.values.size(); ++k) {
                        QVERIFY(ra.values.at(k).has_value());
                        QCOMPARE(*ra.values.at(k), double(rb.values.at(k)));
                    }
                }
            }
        }

        // Cycles are positive for every recorded row (except DWT without debugger, not used here).
        for (const auto &row : truth.passes.first().iterations.first().rows)
            QVERIFY2(row.values.first() > 0, qPrintable(row.op));
        // Control flow: the WHILE model's rows include its called subgraphs' operators, attributed to them.
        if (file == QLatin1String("multi_subgraphs_while.tflite")
            && (c.engine == hpx::model::Engine::Tflm || c.engine == hpx::model::Engine::HeliaRt)) {
            QSet<int> subgraphs;
            for (const auto &layer : truth.layers)
                for (const auto &m : layer.members)
                    subgraphs.insert(m.first);
            QCOMPARE(subgraphs, (QSet<int> { 0, 1, 2 }));
            QVERIFY(truth.layers.size() > c.model.subgraphs.first().operators.size());
        }
        // helia-aot tags keep the original operator index.
        if (c.engine == hpx::model::Engine::HeliaAot)
            for (const auto &layer : truth.layers) {
                const int id = layer.tag.section(QLatin1Char(':'), 1).toInt();
                QCOMPARE(id, layer.members.first().second);
                QCOMPARE(layer.tag.section(QLatin1Char(':'), 0, 0), c.model.subgraphs.first().operators.at(id).op);
            }
    }
};

QTEST_GUILESS_MAIN(TestSimModels)
#include "tst_simmodels.moc"
