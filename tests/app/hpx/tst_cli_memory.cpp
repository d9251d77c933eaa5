// `hpx model-info --memory [--json]` as users run it (docs/model-info.md "--memory"): the built binary.
#include "model/tflite/syntheticmodel.h"
#include "tests/app/hpx/clitest.h"
#include "tests/support/testdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using hpx::test::runHpx;
using Run = hpx::test::HpxRun;

QString model(const char *name)
{
    return hpx::test::dataPath(QStringLiteral("models/") + QLatin1String(name));
}

} // namespace

class TestCliMemory : public QObject {
    Q_OBJECT

private slots:
    void jsonFieldsInOrder()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"), QStringLiteral("--json"),
            QStringLiteral("--kernels"), QStringLiteral("reference"), model("person_detect.tflite") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(r.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        // Key order on the text itself (QJsonObject sorts).
        const QList<QByteArray> keys { "\"file\"", "\"sha256\"", "\"planner\"", "\"alignment\"", "\"offline_plan\"",
            "\"steps\"", "\"peak\"", "\"non_persistent_bytes\"", "\"arena\"", "\"notes\"", "\"subgraphs\"",
            "\"largest_tensors\"", "\"tensors\"" };
        qsizetype last = -1;
        for (const QByteArray &k : keys) {
            const qsizetype at = r.out.indexOf(QByteArray("\n  " + k + ":")); // top level: two spaces in
            QVERIFY2(at > last, k.constData());
            last = at;
        }
        // person_detect: TFLM's planner gives 55,296 bytes (tests/model/memory/tst_memoryplan_tflm checks it against
        // TFLM itself); the peak is operator 2, CONV_2D, with the 36,864- and 18,432-byte activations alive.
        QCOMPARE(root.value(QLatin1String("non_persistent_bytes")).toInteger(), 55296);
        QCOMPARE(root.value(QLatin1String("alignment")).toInt(), 16);
        const QJsonObject peak = root.value(QLatin1String("peak")).toObject();
        QCOMPARE(peak.value(QLatin1String("operator")).toInt(), 2);
        QCOMPARE(peak.value(QLatin1String("op")).toString(), QStringLiteral("CONV_2D"));
        QCOMPARE(peak.value(QLatin1String("live_bytes")).toInteger(), 55296);
        QCOMPARE(peak.value(QLatin1String("tensors")).toArray().size(), 2);

        const QJsonObject arena = root.value(QLatin1String("arena")).toObject();
        const QJsonArray parts = arena.value(QLatin1String("parts")).toArray();
        qint64 sum = 0;
        for (const QJsonValue &p : parts)
            sum += p.toObject().value(QLatin1String("bytes")).toInteger();
        QCOMPARE(arena.value(QLatin1String("estimate_bytes")).toInteger(), sum);
        // TFLM's reference kernels, as --kernels says; what TFLM used on the virtual board for it.
        QCOMPARE(arena.value(QLatin1String("kernels")).toString(), QStringLiteral("reference"));
        QCOMPARE(sum, 82292);
        QVERIFY(parts.first().toObject().value(QLatin1String("bytes")).toInteger() == 55296);

        const QJsonArray ops = root.value(QLatin1String("subgraphs"))
                                   .toArray()
                                   .first()
                                   .toObject()
                                   .value(QLatin1String("operators"))
                                   .toArray();
        QCOMPARE(ops.size(), 31);
        QCOMPARE(ops.at(2).toObject().value(QLatin1String("live_bytes")).toInteger(), 55296);
        QCOMPARE(ops.at(0).toObject().value(QLatin1String("step")).toInt(), 1);

        const QJsonArray largest = root.value(QLatin1String("largest_tensors")).toArray();
        QCOMPARE(largest.size(), 10);
        QCOMPARE(largest.first().toObject().value(QLatin1String("aligned_bytes")).toInteger(), 36864);
        QCOMPARE(largest.first().toObject().value(QLatin1String("storage")).toString(), QStringLiteral("planned"));
        for (const QJsonValue &t : root.value(QLatin1String("tensors")).toArray())
            QCOMPARE(t.toObject().value(QLatin1String("offset")).toInteger() % 16, 0);
    }

    void textNamesPeakPlanAndEstimate()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"), QStringLiteral("--kernels"),
            QStringLiteral("reference"), model("multi_subgraphs_while.tflite") });
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains(QLatin1String("Peak live bytes:      128 at step 5, subgraph 2, operator 0 (ADD)")),
            qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Non-persistent plan:  128 bytes")));
        QVERIFY(text.contains(QLatin1String("kernel scratch buffers")));
        QVERIFY2(text.contains(QLatin1String("Arena estimate:       1,024 bytes, with TFLM's reference kernels")),
            qPrintable(text));
        QVERIFY(text.contains(QLatin1String("(estimated)")));
        QVERIFY(text.contains(QLatin1String("Subgraph 2 (graph id \"while_body\"): live bytes per operator")));
    }

    // Issue 23: the kernel set changes the estimate (CMSIS-NN's larger kernel data and scratch buffers), not the plan;
    // an unknown one is a usage error.
    void kernelsChooseTheEstimate()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"), QStringLiteral("--json"),
            QStringLiteral("--kernels"), QStringLiteral("cmsis-nn"), model("kws_ref_model.tflite") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        const QJsonObject arena = root.value(QLatin1String("arena")).toObject();
        QCOMPARE(arena.value(QLatin1String("kernels")).toString(), QStringLiteral("cmsis-nn"));
        QCOMPARE(arena.value(QLatin1String("estimate_bytes")).toInteger(), 27300); // TFLM on the virtual board
        QCOMPARE(root.value(QLatin1String("non_persistent_bytes")).toInteger(), 16000);
        qint64 scratch = -1;
        for (const QJsonValue &p : arena.value(QLatin1String("parts")).toArray()) {
            if (p.toObject().value(QLatin1String("name")).toString() == QLatin1String("scratch_buffers"))
                scratch = p.toObject().value(QLatin1String("bytes")).toInteger();
        }
        QCOMPARE(scratch, 4464);
        // Issue 34: without --kernels, the kernel set `hpx profile --port qemu` and the window run (target.kernels'
        // default), so the estimate is for the firmware that runs.
        const Run byDefault = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"),
            QStringLiteral("--json"), model("kws_ref_model.tflite") });
        QCOMPARE(byDefault.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(byDefault.out)
                     .object()
                     .value(QLatin1String("arena"))
                     .toObject()
                     .value(QLatin1String("kernels"))
                     .toString(),
            QStringLiteral("cmsis-nn"));

        const Run bad = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"), QStringLiteral("--kernels"),
            QStringLiteral("helium"), model("kws_ref_model.tflite") });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.out.isEmpty());
        QCOMPARE(bad.err,
            QByteArray("hpx model-info: unknown kernel set \"helium\" for --kernels (choose cmsis-nn or reference)\n"));
    }

    void modelTflmCannotPlanExitsTwo()
    {
        hpx::model::SyntheticModel m;
        hpx::model::SyntheticModel::Subgraph &main = m.addSubgraph(QStringLiteral("main"));
        const int x = main.addTensor(QStringLiteral("x"), QStringLiteral("INT8"), { 4 });
        main.addOperator(QStringLiteral("CALL_ONCE"), {}, {}).calledSubgraphs = { 0 };
        main.inputs = { x };
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("loop.tflite"));
        QVERIFY(m.writeFile(path));
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--memory"), path });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(
            r.err, QByteArray("hpx: loop.tflite: subgraph 0 calls itself through control flow; TFLM cannot plan it\n"));
        // Without --memory the same model is read as before.
        QCOMPARE(runHpx({ QStringLiteral("model-info"), path }).exitCode, 0);
    }

    void helpMentionsMemory()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--help") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Usage: hpx model-info [--memory | --placement [--arena-location L] "
                               "[--weights-location L] [--arena-size BYTES]] [--kernels SET] [--json] MODEL"));
        QVERIFY(r.out.contains("--memory"));
        QVERIFY(r.out.contains("--kernels"));
        QVERIFY(r.out.contains("--placement"));
    }

    // Issue 33 item 5: where the virtual board puts the arena and the weights (scripts/qemu-board.sh reads this).
    void placementForTheVirtualBoard()
    {
        Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--placement"), QStringLiteral("--kernels"),
            QStringLiteral("reference"), model("vww_96_float.tflite") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        // The estimate (321,808 bytes, tst_memoryplan) and a quarter: in the DTCM; the 866 KB of weights beside it
        // do not fit there, so the next fastest, the 4 MiB SRAM.
        QCOMPARE(r.out, QByteArray("ARENA_REGION=DTCM\nARENA_SIZE=402272\nWEIGHTS_REGION=SRAM2\n"));
        r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--placement"), QStringLiteral("--arena-location"),
            QStringLiteral("psram"), QStringLiteral("--weights-location"), QStringLiteral("mram"),
            model("kws_ref_model.tflite") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("ARENA_REGION=DDR\n") && r.out.endsWith("WEIGHTS_REGION=SRAM\n"), r.out.constData());
        r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--placement"), QStringLiteral("--json"),
            model("kws_ref_model.tflite") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject plan = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(plan.value(QLatin1String("engine")).toString(), QStringLiteral("tflm"));
        QCOMPARE(plan.value(QLatin1String("regions")).toArray().size(), 4);
        QVERIFY(r.out.indexOf("\"has_overflow\"") < r.out.indexOf("\"regions\""));
        // Refused: the arena in read-only memory.
        r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--placement"), QStringLiteral("--arena-location"),
            QStringLiteral("mram"), model("kws_ref_model.tflite") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("hpx: kws_ref_model.tflite: the arena cannot go to mram"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliMemory)
#include "tst_cli_memory.moc"
