#include "device/sim/simstream.h"
#include "device/wire/wireparser.h"
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "model/results/summarydata.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace hpx::device;
using namespace hpx::model;

// Issue 12: what a capture lost reaches the result, and never as a wrong value. Each case renders the simulated
// board's stream, takes something out of it as a faulty link would, and checks the merged result against the
// values built from the simulator's ground truth (what the board measured), minus exactly the lost samples.
namespace {

using Node = QPair<int, int>; // (subgraph, operator index)

struct Lossy {
    QByteArray stream;
    GroundTruth truth;
};

// Renders the stream and drops every CSV row line for which `drop(pass, iteration, layer)` is true.
Lossy render(const SimulatorConfig &config, const std::function<bool(const QString &, int, int)> &drop)
{
    SimStreamRenderer renderer(config);
    Lossy out;
    out.truth = renderer.groundTruth(renderer.builtInPlan());
    static const QRegularExpression preset(QStringLiteral("^--- HPX_PRESET (\\S+) ---$"));
    static const QRegularExpression iter(QStringLiteral("^--- HPX_ITER (\\d+) ---$"));
    static const QRegularExpression row(QStringLiteral("^(\\d+),"));
    QString pass;
    int iteration = -1;
    const QList<QByteArray> lines = renderSimulatedStream(config).split('\n');
    for (const QByteArray &raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (const auto m = preset.match(line); m.hasMatch()) {
            pass = m.captured(1);
            iteration = -1;
        } else if (const auto m = iter.match(line); m.hasMatch()) {
            iteration = m.captured(1).toInt();
        } else if (const auto m = row.match(line); m.hasMatch() && iteration >= 0) {
            if (drop(pass, iteration, m.captured(1).toInt()))
                continue;
        }
        out.stream += raw + '\n';
    }
    out.stream.chop(1);
    return out;
}

double median(QVector<double> v)
{
    std::sort(v.begin(), v.end());
    const int n = int(v.size());
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2.0;
}

// Per node and counter of `pass`: the sum over the node's rows of the median of that row's samples, leaving out the
// samples `lost(iteration, layer)` names: what a correct merge of the damaged stream must give.
QHash<Node, QVector<double>> expectedNodes(
    const GroundTruth &truth, const QString &passName, const std::function<bool(int, int)> &lost)
{
    QHash<Node, QVector<double>> nodes;
    const auto pass = std::find_if(
        truth.passes.cbegin(), truth.passes.cend(), [&](const GroundTruthPass &p) { return p.name == passName; });
    if (pass == truth.passes.cend())
        return nodes;
    for (const GroundTruthLayer &layer : truth.layers) {
        if (layer.members.size() != 1)
            continue;
        QVector<double> sums(pass->counters.size(), 0.0);
        for (int c = 0; c < pass->counters.size(); ++c) {
            QVector<double> samples;
            for (const GroundTruthIteration &it : pass->iterations) {
                if (lost(it.number, layer.position))
                    continue;
                samples.append(double(it.rows.at(layer.position).values.at(c)));
            }
            sums[c] = median(samples);
        }
        QVector<double> &node = nodes[layer.members.first()];
        if (node.isEmpty())
            node.fill(0.0, sums.size());
        for (int c = 0; c < sums.size(); ++c)
            node[c] += sums.at(c);
    }
    return nodes;
}

SimulatorConfig configFor(const QString &modelFile)
{
    const auto loaded = loadModel(hpx::test::dataPath(QStringLiteral("models/") + modelFile));
    SimulatorConfig c;
    if (loaded.ok())
        c.model = *loaded.model;
    c.engine = hpx::model::Engine::Tflm;
    c.soc = *hpx::model::socs::byName(QStringLiteral("apollo510"));
    c.iterations = 3;
    c.seed = 7;
    c.noise = 0.05; // samples differ, so a median over fewer of them differs too
    c.passes = { WirePass { QStringLiteral("cpu_0"),
                     { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                         QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
        WirePass { QStringLiteral("mve_0"),
            { QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
                QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") } } };
    return c;
}

MergeOutcome mergeStream(const QByteArray &stream, const ModelInfo &model)
{
    const Capture capture = WireParser::parse(stream);
    MergeOptions options;
    options.engine = Engine::Tflm;
    options.model = &model;
    return mergeCapture(capture, options);
}

const Issue *findIssue(const ProfileResult &result, const QString &code)
{
    for (const Issue &issue : result.issues) {
        if (issue.code == code)
            return &issue;
    }
    return nullptr;
}

} // namespace

class TestSimLoss : public QObject {
    Q_OBJECT
private slots:
    // One row lost in iteration 0 of the cycles pass: every node keeps the value of its complete samples (the lost
    // row's layer has one sample less), nothing is unresolved, and the loss is an issue (validity degraded).
    void rowLostInFirstIteration_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("lostLayer"); // -1: the middle row
        // The WHILE model: the lost row is one of the body's executions, early in the inference.
        QTest::newRow("while") << QStringLiteral("multi_subgraphs_while.tflite") << 3;
        QTest::newRow("flat") << QStringLiteral("kws_ref_model.tflite") << -1;
    }
    void rowLostInFirstIteration()
    {
        QFETCH(QString, model);
        QFETCH(int, lostLayer);
        const SimulatorConfig config = configFor(model);
        QVERIFY(!config.model.subgraphs.isEmpty());
        const Lossy clean = render(config, [](const QString &, int, int) { return false; });
        QVERIFY(clean.truth.layers.size() > 4);
        if (lostLayer < 0)
            lostLayer = int(clean.truth.layers.size()) / 2;
        const QString lostPass = QStringLiteral("cpu_0");
        const Lossy lossy = render(config, [&](const QString &pass, int iteration, int layer) {
            return pass == lostPass && iteration == 0 && layer == lostLayer;
        });
        QVERIFY(lossy.stream.size() < clean.stream.size());

        const MergeOutcome outcome = mergeStream(lossy.stream, config.model);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        const ProfileResult &result = *outcome.result;
        QVERIFY2(result.unresolved.isEmpty(),
            qPrintable(result.unresolved.isEmpty() ? QString() : result.unresolved.first().reason));

        // One layer per node the board ran, each with the value its complete samples give. The row before the lost one
        // is not used either: a lost line feed could have joined the lost row's tail to it (issue 36).
        auto lost = [&](const QString &passName, int iteration, int layer) {
            return passName == lostPass && iteration == 0 && (layer == lostLayer || layer == lostLayer - 1);
        };
        for (const QString &passName : { QStringLiteral("cpu_0"), QStringLiteral("mve_0") }) {
            const auto expected = expectedNodes(
                lossy.truth, passName, [&](int iteration, int layer) { return lost(passName, iteration, layer); });
            QCOMPARE(result.layers.size(), expected.size());
            const auto pass = std::find_if(lossy.truth.passes.cbegin(), lossy.truth.passes.cend(),
                [&](const GroundTruthPass &p) { return p.name == passName; });
            for (const LayerResult &layer : result.layers) {
                const Node node { layer.subgraph, layer.sourceIndex };
                QVERIFY2(expected.contains(node), qPrintable(layer.op));
                for (int c = 0; c < pass->counters.size(); ++c) {
                    const std::optional<double> value = result.value(layer.position, pass->counters.at(c));
                    QVERIFY2(value, qPrintable(layer.op + QLatin1Char(' ') + pass->counters.at(c)));
                    QCOMPARE(*value, expected.value(node).at(c));
                }
            }
        }

        // The loss is named, and validity says the result is degraded, not valid.
        const Issue *rowsLost = findIssue(result, QStringLiteral("capture.rows_lost"));
        QVERIFY(rowsLost);
        QCOMPARE(rowsLost->severity, QStringLiteral("warning"));
        QCOMPARE(rowsLost->context.value(QStringLiteral("count")).toInt(), 2); // the lost row and the one before it
        // Both are named by the one line they were read from (the row before the gap), never by a line that was used.
        QCOMPARE(rowsLost->context.value(QStringLiteral("lines")).toArray().size(), 1);
        QCOMPARE(result.validity(), QStringLiteral("degraded"));
        // top_layers is the true top five.
        const auto expectedCycles = expectedNodes(
            lossy.truth, lostPass, [&](int iteration, int layer) { return lost(lostPass, iteration, layer); });
        QVector<double> cycles;
        for (const QVector<double> &values : expectedCycles)
            cycles.append(values.first());
        std::sort(cycles.begin(), cycles.end(), std::greater<double>());
        const QVector<TopLayer> top = topLayers(result);
        QVERIFY(!top.isEmpty());
        for (int i = 0; i < top.size(); ++i)
            QCOMPARE(top.at(i).cycles, cycles.at(i));
    }

    // The first pass (the cycles pass) delivers two iterations without rows, the second pass is fine: the run has no
    // per-layer cycles, so it is pmu.missing and invalid, and the empty pass is named.
    void emptyFirstPass()
    {
        SimulatorConfig config = configFor(QStringLiteral("kws_ref_model.tflite"));
        config.iterations = 2;
        const Lossy lossy
            = render(config, [](const QString &pass, int, int) { return pass == QLatin1String("cpu_0"); });
        const Capture capture = WireParser::parse(lossy.stream);
        QCOMPARE(capture.passes.size(), 2);
        QCOMPARE(capture.passes.first().iterations.size(), 2);
        QVERIFY(!capture.passes.last().counters.contains(cyclesCounterName()));

        MergeOptions options;
        options.engine = Engine::Tflm;
        options.model = &config.model;
        const MergeOutcome outcome = mergeCapture(capture, options);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        const ProfileResult &result = *outcome.result;
        QCOMPARE(result.validity(), QStringLiteral("invalid"));
        const Issue *missing = findIssue(result, QStringLiteral("pmu.missing"));
        QVERIFY(missing);
        QCOMPARE(missing->severity, QStringLiteral("error"));
        const Issue *empty = findIssue(result, QStringLiteral("capture.pass_empty"));
        QVERIFY(empty);
        QCOMPARE(empty->severity, QStringLiteral("error"));
        QCOMPARE(empty->context.value(QStringLiteral("pass")).toString(), QStringLiteral("cpu_0"));
        QVERIFY(!result.counters.contains(cyclesCounterName()));
        // The second pass's values are still the board's.
        const auto expected = expectedNodes(lossy.truth, QStringLiteral("mve_0"), [](int, int) { return false; });
        QCOMPARE(result.layers.size(), expected.size());
        for (const LayerResult &layer : result.layers) {
            const std::optional<double> value
                = result.value(layer.position, QStringLiteral("ARM_PMU_MVE_INST_RETIRED"));
            QVERIFY(value);
            QCOMPARE(*value, expected.value({ layer.subgraph, layer.sourceIndex }).first());
        }
    }

    // A row lost in every iteration of a pass: that node is left out of the pass's counters and listed with the
    // reason, and so is the node of the row before it (a lost line feed could have joined the lost row to it, issue
    // 36); every other node keeps its value.
    void rowLostEverywhere()
    {
        const SimulatorConfig config = configFor(QStringLiteral("multi_subgraphs_while.tflite"));
        const int lostLayer = 3;
        const Lossy lossy = render(config,
            [&](const QString &pass, int, int layer) { return pass == QLatin1String("cpu_0") && layer == lostLayer; });
        const MergeOutcome outcome = mergeStream(lossy.stream, config.model);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        const ProfileResult &result = *outcome.result;
        QVERIFY(result.unresolved.isEmpty());
        const Node lostNode = lossy.truth.layers.at(lostLayer).members.first();
        const Node beforeNode = lossy.truth.layers.at(lostLayer - 1).members.first();
        int withoutCycles = 0;
        for (const LayerResult &layer : result.layers) {
            const Node node { layer.subgraph, layer.sourceIndex };
            const bool isLost = node == lostNode || node == beforeNode;
            QCOMPARE(!result.cycles(layer.position).has_value(), isLost);
            withoutCycles += isLost ? 1 : 0;
            QVERIFY(result.value(layer.position, QStringLiteral("ARM_PMU_MVE_INST_RETIRED")));
        }
        QCOMPARE(withoutCycles, 2);
        const Issue *missing = findIssue(result, QStringLiteral("profile.values_missing"));
        QVERIFY(missing);
        QCOMPARE(missing->context.value(QStringLiteral("count")).toInt(), 2);
        QVERIFY2(missing->message.contains(QStringLiteral("row %1 of pass cpu_0").arg(lostLayer)),
            qPrintable(missing->message));
        QCOMPARE(result.validity(), QStringLiteral("degraded"));
    }
};

QTEST_GUILESS_MAIN(TestSimLoss)
#include "tst_simloss.moc"
