// Attribution against the real models in tests/data/models, read by the TFLite loader: rows are generated in
// the interpreter's execution order (WHILE: cond, then body+cond twice; IF: the then branch; CALL_ONCE: its
// init already ran during warmup), so the truth of every row is known.
#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hpx::model;

namespace {

struct Truth {
    QString op;
    int subgraph;
    int index;
};

void execute(const ModelInfo &model, int s, QVector<Truth> &rows, int depth = 0)
{
    if (depth > 8)
        return;
    for (const OperatorInfo &op : model.subgraphs.at(s).operators) {
        const QString tag = op.op == QLatin1String("CUSTOM") ? op.customCode : op.op;
        rows.append({ tag, s, op.index });
        const QVector<int> &called = op.calledSubgraphs;
        if (op.op == QLatin1String("WHILE") && called.size() >= 2) {
            execute(model, called[0], rows, depth + 1);
            for (int k = 0; k < 2; ++k) {
                execute(model, called[1], rows, depth + 1);
                execute(model, called[0], rows, depth + 1);
            }
        } else if (op.op == QLatin1String("IF") && !called.isEmpty()) {
            execute(model, called[0], rows, depth + 1);
        }
    }
}

Capture captureOf(const QVector<QString> &tags)
{
    QVector<hpx::test::RowSpec> specs;
    for (int i = 0; i < tags.size(); ++i)
        specs.append({ tags.at(i), { 10.0 * (i + 1) } });
    return hpx::test::captureOf(
        { hpx::test::PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName() }).iteration(specs) });
}

ModelInfo load(const QString &file)
{
    ModelLoadResult loaded = loadModel(hpx::test::dataPath(QStringLiteral("models/") + file));
    if (!loaded.ok())
        qFatal("%s", qPrintable(loaded.error));
    return *loaded.model;
}

} // namespace

class TestRealModels : public QObject {
    Q_OBJECT
private slots:
    void models_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(hpx::test::dataPath(QStringLiteral("models")))
                                      .entryList({ QStringLiteral("*.tflite") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        for (const QString &file : files)
            QTest::newRow(qPrintable(file)) << file;
    }

    void models()
    {
        QFETCH(QString, file);
        const ModelInfo model = load(file);
        QVector<Truth> truth;
        execute(model, 0, truth);
        QVERIFY(!truth.isEmpty());
        QVector<QString> tags;
        for (const Truth &t : truth)
            tags.append(t.op);

        for (Engine engine : { Engine::Tflm, Engine::HeliaRt }) {
            MergeOptions options;
            options.engine = engine;
            options.model = &model;
            const MergeOutcome outcome = mergeCapture(captureOf(tags), options);
            QVERIFY2(outcome.ok(), qPrintable(outcome.error));
            const ProfileResult &result = *outcome.result;
            QVERIFY2(result.unresolved.isEmpty(), qPrintable(result.unresolved.value(0).reason));

            // Expected: one layer per distinct operator, in first-run order, cycles summed over its rows.
            QVector<QPair<int, int>> order;
            QHash<qint64, double> cycles;
            QHash<qint64, int> runs;
            for (int i = 0; i < truth.size(); ++i) {
                const qint64 key = (qint64(truth[i].subgraph) << 32) | truth[i].index;
                if (!runs.contains(key))
                    order.append({ truth[i].subgraph, truth[i].index });
                runs[key] += 1;
                cycles[key] += 10.0 * (i + 1);
            }
            QCOMPARE(result.layers.size(), order.size());
            for (int i = 0; i < order.size(); ++i) {
                const LayerResult &layer = result.layers.at(i);
                const qint64 key = (qint64(order[i].first) << 32) | order[i].second;
                QCOMPARE(layer.subgraph, order[i].first);
                QCOMPARE(layer.sourceIndex, order[i].second);
                QCOMPARE(layer.invocations, runs.value(key));
                QCOMPARE(result.cycles(i), std::optional<double>(cycles.value(key)));
                const OperatorInfo &op = model.subgraphs.at(layer.subgraph).operators.at(layer.sourceIndex);
                QCOMPARE(layer.macs, std::optional<qint64>(op.macs * layer.invocations));
                QCOMPARE(layer.ops, std::optional<qint64>(op.ops * layer.invocations));
            }
        }

        // helia-aot: subgraph 0 only, VAR_HANDLE skipped without renumbering; with a manifest and with labels.
        QVector<QString> aotTags;
        QJsonArray manifestJson;
        QVector<int> original;
        for (const OperatorInfo &op : model.subgraphs.at(0).operators) {
            if (op.op == QLatin1String("VAR_HANDLE"))
                continue;
            const QString type = op.op == QLatin1String("CUSTOM") ? op.customCode.toUpper() : op.op;
            manifestJson.append(QJsonObject { { QStringLiteral("idx"), int(aotTags.size()) },
                { QStringLiteral("id"), op.index }, { QStringLiteral("op_type"), type },
                { QStringLiteral("name"), QStringLiteral("op%1").arg(op.index) } });
            aotTags.append(type + QLatin1Char(':') + QString::number(op.index));
            original.append(op.index);
        }
        QString error;
        const std::optional<AotManifest> manifest = AotManifest::parse(QJsonDocument(manifestJson).toJson(), &error);
        QVERIFY2(manifest, qPrintable(error));
        for (const AotManifest *m : { &*manifest, static_cast<const AotManifest *>(nullptr) }) {
            MergeOptions options;
            options.engine = Engine::HeliaAot;
            options.model = &model;
            options.aotManifest = m;
            const MergeOutcome outcome = mergeCapture(captureOf(aotTags), options);
            QVERIFY(outcome.ok());
            const ProfileResult &result = *outcome.result;
            QVERIFY(result.unresolved.isEmpty());
            QCOMPARE(result.layers.size(), original.size());
            for (int i = 0; i < original.size(); ++i) {
                QCOMPARE(result.layers[i].subgraph, 0);
                QCOMPARE(result.layers[i].sourceIndex, original[i]);
                QCOMPARE(result.layers[i].macs, std::optional<qint64>(model.subgraphs[0].operators[original[i]].macs));
            }
        }
    }

    // multi_subgraphs_while.tflite: main = [WHILE], while_cond = [LESS], while_body = [ADD, MUL, ADD].
    void whileModelByName()
    {
        const ModelInfo model = load(QStringLiteral("multi_subgraphs_while.tflite"));
        QCOMPARE(model.subgraphs.size(), 3);
        const QVector<QString> rows { QStringLiteral("WHILE"), QStringLiteral("LESS"), QStringLiteral("ADD"),
            QStringLiteral("MUL"), QStringLiteral("ADD"), QStringLiteral("LESS"), QStringLiteral("ADD"),
            QStringLiteral("MUL"), QStringLiteral("ADD"), QStringLiteral("LESS"), QStringLiteral("ADD"),
            QStringLiteral("MUL"), QStringLiteral("ADD"), QStringLiteral("LESS") };
        MergeOptions options;
        options.engine = Engine::Tflm;
        options.model = &model;
        const ProfileResult result = *mergeCapture(captureOf(rows), options).result;
        QStringList shape;
        for (const LayerResult &layer : result.layers)
            shape.append(QStringLiteral("%1/%2:%3x%4")
                             .arg(model.subgraphs.at(layer.subgraph).graphId)
                             .arg(layer.sourceIndex)
                             .arg(layer.opType)
                             .arg(layer.invocations));
        QCOMPARE(shape,
            QStringList({ QStringLiteral("main/0:WHILEx1"), QStringLiteral("while_cond/0:LESSx4"),
                QStringLiteral("while_body/0:ADDx3"), QStringLiteral("while_body/1:MULx3"),
                QStringLiteral("while_body/2:ADDx3") }));
        // The body's second ADD (rows 4, 8, 12: cycles 50 + 90 + 130) is not confused with the first.
        QCOMPARE(result.cycles(4), std::optional<double>(270.0));
        QCOMPARE(result.totalCycles(), 10.0 * 14 * 15 / 2);
    }
};

QTEST_GUILESS_MAIN(TestRealModels)
#include "tst_realmodels.moc"
