// hpx import through the run service (issue 10): run::importStream parses a saved stream, folds it, and decides the
// engine — a flag or the config file wins over the stream's HPX_ENGINE, which wins over engine.type's default — so the
// CLI only collects choices and prints.
#include "device/sim/simstream.h"
#include "model/digest/sha256.h"
#include "model/results/capturefold.h"
#include "model/tflite/tflitemodel.h"
#include "run/importstream.h"
#include "run/profilejob.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx;
using model::Engine;

namespace {

QByteArray stream(const QByteArray &engineLine)
{
    QByteArray s = "--- HPX_START ---\nHPX_VERSION=1\n";
    if (!engineLine.isEmpty())
        s += engineLine + '\n';
    s += "HPX_ITERATIONS=2\n--- HPX_PRESET cpu_0 ---\n";
    for (int it = 0; it < 2; ++it) {
        s += "--- HPX_ITER " + QByteArray::number(it) + " ---\n";
        s += "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n";
        s += "0,CONV_2D," + QByteArray::number(100 + it) + ",0\n";
        s += "1,ADD," + QByteArray::number(200 + it) + ",0\n";
    }
    s += "--- HPX_END ---\n";
    return s;
}

model::Config configWith(const QString &engineFlag)
{
    model::Config config;
    if (!engineFlag.isEmpty()) {
        model::ConfigDiagnostics diagnostics;
        if (!config.set(QStringLiteral("engine.type"), engineFlag, QStringLiteral("--engine"), &diagnostics))
            qFatal("engine.type %s refused", qPrintable(engineFlag));
    }
    return config;
}

std::shared_ptr<const model::ModelInfo> loadTestModel(const QString &name)
{
    model::ModelLoadResult loaded = model::loadModel(test::dataPath(QStringLiteral("models/") + name));
    if (!loaded.ok())
        qFatal("%s", qPrintable(loaded.error));
    return std::make_shared<const model::ModelInfo>(std::move(*loaded.model));
}

// The simulated board's stream for `model` run with `engine`; for helia-aot its operator manifest too, when asked.
QByteArray simulatedStream(const model::ModelInfo &model, Engine engine, QByteArray *manifest = nullptr)
{
    device::SimulatorConfig config;
    config.model = model;
    config.engine = engine;
    if (manifest)
        *manifest = device::SimStreamRenderer(config).aotManifestJson();
    return device::renderSimulatedStream(config);
}

struct Imported {
    run::ProfileOutcome outcome;
    QStringList overlays; // files in model_explorer/
};

Imported importInto(const QString &dir, const QByteArray &bytes, std::shared_ptr<const model::ModelInfo> model,
    std::shared_ptr<const model::AotManifest> manifest = nullptr)
{
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    if (!config.setOutputDir(dir, &diagnostics))
        qFatal("output dir refused");
    const run::StreamImport imported
        = run::importStream(bytes, QString(), config, std::move(model), std::move(manifest));
    Imported out;
    out.outcome = run::ProfileJob::finishCapture(imported.captured, imported.request);
    out.overlays = QDir(dir + QStringLiteral("/model_explorer")).entryList(QDir::Files);
    return out;
}

const model::Issue *findIssue(const model::ProfileResult &result, const QString &code)
{
    for (const model::Issue &issue : result.issues) {
        if (issue.code == code)
            return &issue;
    }
    return nullptr;
}

} // namespace

class TestImportStream : public QObject {
    Q_OBJECT
private slots:
    void enginePrecedence_data();
    void enginePrecedence();
    void foldedAndMerged();
    void notAStream();
    void wrongModelIsNeverValid_data();
    void wrongModelIsNeverValid();
    void aotManifestOfAnotherModel();
    void boardTheStreamContradicts();
    void boardTheStreamImplies();
};

void TestImportStream::enginePrecedence_data()
{
    QTest::addColumn<QByteArray>("engineLine");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<int>("engine");
    QTest::addColumn<bool>("overridden");
    QTest::addColumn<QString>("configSource");

    QTest::newRow("stream decides without a flag")
        << QByteArray("HPX_ENGINE=tflm") << QString() << int(Engine::Tflm) << false << QStringLiteral("HPX_ENGINE");
    QTest::newRow("flag wins over the stream") << QByteArray("HPX_ENGINE=tflm") << QStringLiteral("helia-rt")
                                               << int(Engine::HeliaRt) << true << QStringLiteral("--engine");
    QTest::newRow("flag agrees with the stream") << QByteArray("HPX_ENGINE=tflm") << QStringLiteral("tflm")
                                                 << int(Engine::Tflm) << false << QStringLiteral("--engine");
    QTest::newRow("no HPX_ENGINE: the default")
        << QByteArray() << QString() << int(Engine::HeliaRt) << false << QStringLiteral("default");
    QTest::newRow("no HPX_ENGINE: the flag")
        << QByteArray() << QStringLiteral("helia-aot") << int(Engine::HeliaAot) << false << QStringLiteral("--engine");
    QTest::newRow("unknown HPX_ENGINE: the default") << QByteArray("HPX_ENGINE=warp_drive") << QString()
                                                     << int(Engine::HeliaRt) << false << QStringLiteral("default");
}

void TestImportStream::enginePrecedence()
{
    QFETCH(QByteArray, engineLine);
    QFETCH(QString, flag);
    QFETCH(int, engine);
    QFETCH(bool, overridden);
    QFETCH(QString, configSource);

    const model::Config config = configWith(flag);
    const run::StreamImport imported = run::importStream(stream(engineLine), QString(), config, nullptr, nullptr);
    QVERIFY(!imported.failure);
    QCOMPARE(int(imported.engine), engine);
    QCOMPARE(imported.engineOverridden, overridden);
    QCOMPARE(imported.streamEngine, QString::fromLatin1(engineLine.mid(engineLine.indexOf('=') + 1)));
    // The request merges for the engine decided, and its config snapshot records it.
    QCOMPARE(int(imported.request.engine), engine);
    QCOMPARE(imported.request.config.engine(), Engine(engine));
    QCOMPARE(
        imported.request.config.value(QStringLiteral("engine.type")).toString(), model::engineName(Engine(engine)));
    // engine.type is left at its default only when neither a flag nor the stream named an engine.
    QCOMPARE(
        imported.request.config.isExplicit(QStringLiteral("engine.type")), configSource != QLatin1String("default"));
}

void TestImportStream::foldedAndMerged()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    QVERIFY(config.setOutputDir(dir.filePath(QStringLiteral("bundle")), &diagnostics));
    const QByteArray bytes = stream("HPX_ENGINE=tflm");
    const run::StreamImport imported = run::importStream(bytes, QString(), config, nullptr, nullptr);
    QCOMPARE(imported.captured.status, device::CaptureResult::Status::Complete);
    QCOMPARE(imported.captured.rawStream, bytes);
    // Folded while parsed: no rows kept, the passes already aggregated.
    QVERIFY(imported.captured.capture.fold);
    QCOMPARE(imported.captured.capture.passes.size(), 1);
    QCOMPARE(imported.captured.capture.passes.first().iterations.size(), 2);
    QVERIFY(imported.captured.capture.passes.first().iterations.first().rows.isEmpty());
    QCOMPARE(imported.captured.capture.passes.first().iterations.first().rowCount(), 2);

    const run::ProfileOutcome outcome = run::ProfileJob::finishCapture(imported.captured, imported.request);
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QVERIFY(outcome.bundle && outcome.bundle->ok);
    QCOMPARE(outcome.bundle->directory, dir.filePath(QStringLiteral("bundle")));
    // The stream's digest was taken while it was parsed; the manifest lists it for the bundle's copy.
    QCOMPARE(imported.captured.rawStreamSha256, model::Sha256::hex(bytes));
    QFile manifest(dir.filePath(QStringLiteral("bundle/result_manifest.json")));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    bool listed = false;
    for (const QJsonValue &artifact :
        QJsonDocument::fromJson(manifest.readAll())[QStringLiteral("artifacts")].toArray()) {
        if (artifact[QStringLiteral("path")].toString() == QLatin1String("capture.log")) {
            listed = true;
            QCOMPARE(artifact[QStringLiteral("sha256")].toString(),
                model::Sha256::hexOfFile(dir.filePath(QStringLiteral("bundle/capture.log"))));
        }
    }
    QVERIFY(listed);
    QCOMPARE(outcome.result->layers.size(), 2);
    QCOMPARE(outcome.result->layers.at(0).valueAt(0), std::optional<double>(100.5)); // median of 100 and 101
    QCOMPARE(outcome.result->layers.at(1).valueAt(0), std::optional<double>(200.5));
}

void TestImportStream::notAStream()
{
    const run::StreamImport imported
        = run::importStream(QByteArrayLiteral("hello\nworld\n"), QString(), configWith({}), nullptr, nullptr);
    QVERIFY(imported.failure);
    QCOMPARE(imported.failure->kind, QStringLiteral("no_start"));
}

void TestImportStream::wrongModelIsNeverValid_data()
{
    QTest::addColumn<int>("engine");
    QTest::newRow("tflm") << int(Engine::Tflm);
    QTest::newRow("helia-rt") << int(Engine::HeliaRt);
    QTest::newRow("helia-aot") << int(Engine::HeliaAot);
    QTest::newRow("executorch") << int(Engine::Executorch);
}

// Issue 36, item 2: a micro_speech stream imported with kws_ref_model is invalid for every engine (model.mismatch),
// writes no overlay and puts none of its values on kws's operators; with micro_speech itself it is not.
void TestImportStream::wrongModelIsNeverValid()
{
    QFETCH(int, engine);
    const auto microSpeech = loadTestModel(QStringLiteral("micro_speech_quantized.tflite"));
    const auto kws = loadTestModel(QStringLiteral("kws_ref_model.tflite"));
    const QByteArray bytes = simulatedStream(*microSpeech, Engine(engine));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const Imported right = importInto(dir.filePath(QStringLiteral("right")), bytes, microSpeech);
    QVERIFY2(right.outcome.ok, qPrintable(right.outcome.error));
    QVERIFY(!findIssue(*right.outcome.result, QStringLiteral("model.mismatch")));
    QVERIFY(right.outcome.result->validity() != QLatin1String("invalid"));
    QCOMPARE(right.overlays.isEmpty(), Engine(engine) == Engine::Executorch);

    const Imported wrong = importInto(dir.filePath(QStringLiteral("wrong")), bytes, kws);
    QVERIFY2(wrong.outcome.ok, qPrintable(wrong.outcome.error));
    const model::ProfileResult &result = *wrong.outcome.result;
    const model::Issue *mismatch = findIssue(result, QStringLiteral("model.mismatch"));
    QVERIFY(mismatch);
    QCOMPARE(mismatch->severity, QStringLiteral("error"));
    QVERIFY2(mismatch->message.contains(QStringLiteral("kws_ref_model.tflite")), qPrintable(mismatch->message));
    QCOMPARE(result.validity(), QStringLiteral("invalid"));
    QVERIFY2(wrong.overlays.isEmpty(), qPrintable(wrong.overlays.join(QLatin1Char(' '))));
    QVERIFY(!result.overlaysSkippedReason.isEmpty());
    if (Engine(engine) == Engine::HeliaAot) {
        // No layer carries kws's MACs, even where an operator type happens to match at that index.
        for (const model::LayerResult &layer : result.layers) {
            QCOMPARE(layer.sourceIndex, -1);
            QVERIFY(!layer.macs);
        }
    }
    if (Engine(engine) == Engine::Executorch)
        QVERIFY2(mismatch->message.contains(QStringLiteral("HPX_MODEL_SIZE")), qPrintable(mismatch->message));
}

// A manifest made for another model names operators this model does not have there: invalid, nothing attributed.
void TestImportStream::aotManifestOfAnotherModel()
{
    const auto microSpeech = loadTestModel(QStringLiteral("micro_speech_quantized.tflite"));
    const auto kws = loadTestModel(QStringLiteral("kws_ref_model.tflite"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray manifestJson;
    const QByteArray bytes = simulatedStream(*microSpeech, Engine::HeliaAot, &manifestJson);
    QString error;
    const std::optional<model::AotManifest> manifest = model::AotManifest::parse(manifestJson, &error);
    QVERIFY2(manifest, qPrintable(error));
    const auto shared = std::make_shared<const model::AotManifest>(*manifest);

    const Imported right = importInto(dir.filePath(QStringLiteral("right")), bytes, microSpeech, shared);
    QVERIFY2(right.outcome.ok, qPrintable(right.outcome.error));
    QVERIFY(!findIssue(*right.outcome.result, QStringLiteral("model.mismatch")));
    QVERIFY(!right.overlays.isEmpty());

    const Imported wrong = importInto(dir.filePath(QStringLiteral("wrong")), bytes, kws, shared);
    QVERIFY2(wrong.outcome.ok, qPrintable(wrong.outcome.error));
    const model::Issue *mismatch = findIssue(*wrong.outcome.result, QStringLiteral("model.mismatch"));
    QVERIFY(mismatch);
    QCOMPARE(wrong.outcome.result->validity(), QStringLiteral("invalid"));
    QVERIFY(wrong.overlays.isEmpty());
    for (const model::LayerResult &layer : wrong.outcome.result->layers)
        QVERIFY(!layer.macs);
}

// Issue 36, item 3: a Cortex-M55 stream (PMU events counted) imported as an apollo4p (DWT cycles only) is an issue
// naming both, and no overlay is written for a counter an apollo4p cannot count.
void TestImportStream::boardTheStreamContradicts()
{
    const auto kws = loadTestModel(QStringLiteral("kws_ref_model.tflite"));
    device::SimulatorConfig sim;
    sim.model = *kws;
    sim.soc = *model::socs::byName(QStringLiteral("apollo510"));
    const QByteArray bytes = device::renderSimulatedStream(sim);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    model::Config config;
    model::ConfigDiagnostics diagnostics;
    QVERIFY(config.setOutputDir(dir.filePath(QStringLiteral("b")), &diagnostics));
    QVERIFY(config.setBoard(QStringLiteral("apollo4p_evb"), &diagnostics));
    const run::StreamImport imported = run::importStream(bytes, QString(), config, kws, nullptr);
    QVERIFY(imported.boardNote.isEmpty()); // the board was chosen: it is kept, and checked
    const run::ProfileOutcome outcome = run::ProfileJob::finishCapture(imported.captured, imported.request);
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    const model::Issue *board = findIssue(*outcome.result, QStringLiteral("board.preset_disagrees"));
    QVERIFY(board);
    QVERIFY2(board->message.contains(QStringLiteral("apollo4p_evb")), qPrintable(board->message));
    QVERIFY2(board->message.contains(QStringLiteral("ARM_PMU_INST_RETIRED")), qPrintable(board->message));
    QVERIFY(outcome.result->validity() != QLatin1String("valid"));
    const QStringList overlays = QDir(dir.filePath(QStringLiteral("b/model_explorer"))).entryList(QDir::Files);
    QCOMPARE(overlays, QStringList { QStringLiteral("me_overlay_ARM_PMU_CPU_CYCLES.json") });

    // Chosen right, nothing is said and every counter has its overlay.
    model::Config right;
    QVERIFY(right.setOutputDir(dir.filePath(QStringLiteral("c")), &diagnostics));
    QVERIFY(right.setBoard(QStringLiteral("apollo510_evb"), &diagnostics));
    const run::StreamImport again = run::importStream(bytes, QString(), right, kws, nullptr);
    const run::ProfileOutcome good = run::ProfileJob::finishCapture(again.captured, again.request);
    QVERIFY(!findIssue(*good.result, QStringLiteral("board.preset_disagrees")));
    QVERIFY(QDir(dir.filePath(QStringLiteral("c/model_explorer"))).entryList(QDir::Files).size() > 1);
}

// Without --board: an Apollo4-like stream (a DWT-timed clean window, no PMU events) is not recorded as the default
// Cortex-M55 board; it fits several Cortex-M4 SoCs, so the core is recorded and the board marked assumed.
void TestImportStream::boardTheStreamImplies()
{
    const auto kws = loadTestModel(QStringLiteral("kws_ref_model.tflite"));
    device::SimulatorConfig sim;
    sim.model = *kws;
    sim.soc = *model::socs::byName(QStringLiteral("apollo4p"));
    const QByteArray bytes = device::renderSimulatedStream(sim);
    QVERIFY(bytes.contains("HPX_CLEAN_STALLED_ITERS"));
    const run::StreamImport imported = run::importStream(bytes, QString(), model::Config(), kws, nullptr);
    QVERIFY(imported.boardAssumed);
    QVERIFY2(imported.boardNote.contains(QStringLiteral("cortex-m4")), qPrintable(imported.boardNote));
    QCOMPARE(imported.request.context.platform.core, QStringLiteral("cortex-m4"));
    QCOMPARE(imported.request.context.platform.board, QStringLiteral("apollo4p_evb")); // its clock, 96 MHz, fits lp
    QVERIFY(imported.request.context.platform.boardAssumed);
    const run::ProfileOutcome outcome = run::ProfileJob::finishCapture(imported.captured, imported.request);
    QVERIFY(!findIssue(*outcome.result, QStringLiteral("board.preset_disagrees")));

    // A stream that fits the default board keeps it without a word.
    device::SimulatorConfig m55 = sim;
    m55.soc = *model::socs::byName(QStringLiteral("apollo510"));
    const run::StreamImport plain
        = run::importStream(device::renderSimulatedStream(m55), QString(), model::Config(), kws, nullptr);
    QVERIFY(!plain.boardAssumed);
    QVERIFY(plain.boardNote.isEmpty());
    QCOMPARE(plain.request.context.platform.board, model::socs::defaultBoard());
}

QTEST_GUILESS_MAIN(TestImportStream)
#include "tst_importstream.moc"
