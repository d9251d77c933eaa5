// Issue 22: numbers nobody measured are never shown as measurements, and a damaged stream never moves a value onto
// another operator. Every case starts from a wire stream with that property or that damage, read by the real parser.

#include "device/wire/wireparser.h"
#include "model/board/counters.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/runcontext.h"
#include "model/compare/comparison.h"
#include "model/compare/layerdiff.h"
#include "model/results/captureissues.h"
#include "model/results/merge.h"
#include "modelbuilder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model;

namespace {

const QByteArray kQemuHead = "--- HPX_START ---\n"
                             "HPX_VERSION=1\n"
                             "HPX_ENGINE=tflm\n"
                             "HPX_ITERATIONS=2\n"
                             "HPX_WARMUP=0\n"
                             "HPX_NUM_PRESETS=1\n"
                             "HPX_PRESETS=cpu_0\n"
                             "HPX_AGENT=hpx-agent-1\n"
                             "HPX_CORE=cortex-m55\n"
                             "HPX_CYCLE_SOURCE=systick\n"
                             "HPX_EVENT_COUNTERS=0\n"
                             "HPX_PLAN_SOURCE=host\n"
                             "HPX_WARN=pmu_unavailable core=cortex-m55 cycles=systick events=0\n"
                             "HPX_SYSTEM_CLOCK_HZ=32000000\n";

const QByteArray kCpuHeader = "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\","
                              "\"ARM_PMU_STALL_FRONTEND\",\"ARM_PMU_STALL_BACKEND\",\"overflow\"\n";

QByteArray qemuStream()
{
    QByteArray s = kQemuHead;
    s += "--- HPX_PRESET cpu_0 ---\n";
    for (int it = 0; it < 2; ++it) {
        s += "--- HPX_ITER " + QByteArray::number(it) + " ---\n" + kCpuHeader;
        s += "0,CONV_2D," + QByteArray::number(1000 + it) + ",0,0,0,0\n";
        s += "1,ADD," + QByteArray::number(200 + it) + ",0,0,0,0\n";
    }
    s += "--- HPX_END ---\n";
    return s;
}

// A stream of one pass (cycles only), `iterations` iterations, rows given per iteration as "op,cycles".
QByteArray cyclesStream(const char *engine, const QVector<QStringList> &iterations)
{
    QByteArray s = "--- HPX_START ---\nHPX_VERSION=1\nHPX_ENGINE=";
    s += engine;
    s += "\nHPX_ITERATIONS=" + QByteArray::number(iterations.size())
        + "\nHPX_NUM_PRESETS=1\nHPX_PRESETS=cpu_0\n--- HPX_PRESET cpu_0 ---\n";
    for (int it = 0; it < iterations.size(); ++it) {
        s += "--- HPX_ITER " + QByteArray::number(it) + " ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n";
        for (int r = 0; r < iterations.at(it).size(); ++r)
            s += QByteArray::number(r) + ',' + iterations.at(it).at(r).toUtf8() + ",0\n";
    }
    s += "--- HPX_END ---\n";
    return s;
}

// The 1-based line of the first line of `stream` that equals `text`.
int lineOf(const QByteArray &stream, const QByteArray &text)
{
    const QList<QByteArray> lines = stream.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines.at(i) == text)
            return i + 1;
    }
    return -1;
}

const Issue *findIssue(const ProfileResult &result, const QString &code)
{
    for (const Issue &issue : result.issues) {
        if (issue.code == code)
            return &issue;
    }
    return nullptr;
}

QByteArray fileOf(const BundlePlan &plan, const QString &path)
{
    for (const BundleFile &file : plan.files) {
        if (file.path == path)
            return file.data;
    }
    return {};
}

ProfileResult merged(const QByteArray &stream, Engine engine, const ModelInfo *model = nullptr)
{
    const Capture capture = hpx::device::WireParser::parse(stream);
    MergeOptions options;
    options.engine = engine;
    options.model = model;
    MergeOutcome outcome = mergeCapture(capture, options);
    return outcome.result ? *outcome.result : ProfileResult();
}

} // namespace

class TestHonestNumbers : public QObject {
    Q_OBJECT

private slots:
    void uncountedEventsAreEmptyNotZero()
    {
        const QByteArray stream = qemuStream();
        const ProfileResult result = merged(stream, Engine::Tflm);
        QCOMPARE(result.layers.size(), 2);
        const QStringList events { QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
            QStringLiteral("ARM_PMU_STALL_BACKEND") };
        QCOMPARE(result.notCounted, events);
        QVERIFY(result.isCounted(cyclesCounterName()));
        QCOMPARE(*result.cycles(0), 1000.5); // the cycles the board did count stay
        for (const QString &event : events) {
            QVERIFY2(!result.value(0, event) && !result.value(1, event), qPrintable(event));
            QVERIFY(!result.passes.at(0).layers.at(0).values.at(result.passes.at(0).counters.indexOf(event)));
        }

        const Issue *uncounted = findIssue(result, QStringLiteral("pmu.counter_unavailable"));
        QVERIFY(uncounted);
        QCOMPARE(uncounted->severity, QStringLiteral("warning"));
        for (const QString &event : events)
            QVERIFY(uncounted->message.contains(event));
        QVERIFY(!uncounted->message.contains(cyclesCounterName()));
        // The board's warning is an issue of its own, coded by the board's code, with its real line.
        const Issue *warned = findIssue(result, QStringLiteral("firmware.pmu_unavailable"));
        QVERIFY(warned);
        const int warnLine = lineOf(stream, "HPX_WARN=pmu_unavailable core=cortex-m55 cycles=systick events=0");
        QCOMPARE(warned->context.value(QStringLiteral("line")).toInt(), warnLine);
        QCOMPARE(warned->context.value(QStringLiteral("code")).toString(), QStringLiteral("pmu_unavailable"));
        QVERIFY(warned->message.contains(QStringLiteral("line %1").arg(warnLine)));
        // Not counted is its own story: no "values missing" warning for every layer.
        QVERIFY(!findIssue(result, QStringLiteral("profile.values_missing")));
        QCOMPARE(result.validity(), QStringLiteral("degraded"));
    }

    void uncountedEventsAreAbsentFromEveryBundleFile()
    {
        const ProfileResult result = merged(qemuStream(), Engine::Tflm);
        RunContext ctx = RunContext::create();
        ctx.detailed = true;
        QString error;
        const BundlePlan plan = BundleWriter::plan(result, ctx, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const BundleFile &file : plan.files) {
            if (file.path == QLatin1String("run_metadata.json") || file.path == QLatin1String("summary.json")
                || file.path == QLatin1String("result_manifest.json"))
                continue; // they name the counters in the issue and the not_counted list, without a value
            QVERIFY2(!file.data.contains("INST_RETIRED"), qPrintable(file.path));
        }
        const QByteArray csv = fileOf(plan, QStringLiteral("profile_results.csv"));
        QVERIFY(csv.startsWith("id,op,ARM_PMU_CPU_CYCLES,cycles,cycles_pct,overflow\r\n"));
        QVERIFY(!fileOf(plan, QStringLiteral("model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json")).isEmpty());

        const QJsonObject summary = QJsonDocument::fromJson(fileOf(plan, QStringLiteral("summary.json"))).object();
        QCOMPARE(summary.value(QStringLiteral("validity")).toString(), QStringLiteral("degraded"));
        QStringList codes;
        for (const QJsonValue &issue : summary.value(QStringLiteral("issues")).toArray())
            codes.append(issue.toObject().value(QStringLiteral("code")).toString());
        QVERIFY(codes.contains(QStringLiteral("pmu.counter_unavailable")));
        QVERIFY(codes.contains(QStringLiteral("firmware.pmu_unavailable")));
        const QJsonObject metadata
            = QJsonDocument::fromJson(fileOf(plan, QStringLiteral("run_metadata.json"))).object();
        const QJsonObject studio = metadata.value(QStringLiteral("hpx_studio")).toObject();
        QCOMPARE(studio.value(QStringLiteral("not_counted")).toArray().size(), 3);
        QCOMPARE(studio.value(QStringLiteral("board_says")).toObject().value(QStringLiteral("cycle_source")).toString(),
            QStringLiteral("systick"));

        // Read back: the window still knows which counters were asked for and not counted.
        QTemporaryDir dir;
        QVERIFY(BundleWriter::write(result, ctx, dir.path()).ok);
        const BundleReadResult read = BundleReader::read(dir.path());
        QVERIFY2(read.bundle, qPrintable(read.error));
        QCOMPARE(read.bundle->result.notCounted.size(), 3);
        QVERIFY(read.bundle->result.counters.contains(QStringLiteral("ARM_PMU_STALL_BACKEND")));
        QVERIFY(!read.bundle->result.value(0, QStringLiteral("ARM_PMU_STALL_BACKEND")));
        QCOMPARE(*read.bundle->result.cycles(0), 1000.5);
    }

    void noCycleSourceMeansNoCycles()
    {
        QByteArray stream = qemuStream();
        stream.replace("HPX_CYCLE_SOURCE=systick", "HPX_CYCLE_SOURCE=none");
        const ProfileResult result = merged(stream, Engine::Tflm);
        QVERIFY(result.notCounted.contains(cyclesCounterName()));
        QVERIFY(!result.cycles(0));
        QCOMPARE(result.totalCycles(), 0.0);
    }

    void columnsTheAgentLeftOutAreNotCounted()
    {
        // The agent as it is now: the events it cannot count are left out of the header and rows, and a warning per
        // pass names them. They are still the run's counters, "not counted", and the run says so.
        QByteArray s = kQemuHead;
        s.replace("events=0", "event_counters=0");
        s += "HPX_WARN=not_counted pass=cpu_0 counters=ARM_PMU_INST_RETIRED,ARM_PMU_STALL_FRONTEND\n";
        s += "--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
             "0,CONV_2D,1000,0\n1,ADD,200,0\n--- HPX_END ---\n";
        const ProfileResult result = merged(s, Engine::Tflm);
        QCOMPARE(result.notCounted,
            (QStringList { QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND") }));
        QVERIFY(result.counters.contains(QStringLiteral("ARM_PMU_STALL_FRONTEND")));
        QVERIFY(!result.value(1, QStringLiteral("ARM_PMU_INST_RETIRED")));
        QCOMPARE(*result.cycles(1), 200.0);
        const Issue *issue = findIssue(result, QStringLiteral("pmu.counter_unavailable"));
        QVERIFY(issue);
        QVERIFY(issue->message.contains(QStringLiteral("not_counted pass=cpu_0")));
        QVERIFY(findIssue(result, QStringLiteral("firmware.not_counted")));
        QVERIFY(!findIssue(result, QStringLiteral("profile.values_missing")));
        const BundlePlan plan = BundleWriter::plan(result, RunContext::create());
        QVERIFY(fileOf(plan, QStringLiteral("profile_results.csv")).startsWith("id,op,ARM_PMU_CPU_CYCLES,cycles,"));
    }

    void aTimerCycleSourceMeansNoEvents()
    {
        // A firmware that states only its cycle source (SysTick): without a PMU that counts, no event was counted.
        QByteArray stream = qemuStream();
        stream.replace("HPX_EVENT_COUNTERS=0\n", "");
        stream.replace("HPX_WARN=pmu_unavailable core=cortex-m55 cycles=systick events=0\n", "");
        const ProfileResult result = merged(stream, Engine::Tflm);
        QCOMPARE(result.notCounted.size(), 3);
        QVERIFY(!result.notCounted.contains(cyclesCounterName()));
        const Issue *issue = findIssue(result, QStringLiteral("pmu.counter_unavailable"));
        QVERIFY(issue);
        QVERIFY(issue->message.contains(QStringLiteral("HPX_CYCLE_SOURCE=systick")));
    }

    void aPmuThatCountsIsUntouched()
    {
        QByteArray stream = qemuStream();
        stream.replace("HPX_CYCLE_SOURCE=systick", "HPX_CYCLE_SOURCE=pmu");
        stream.replace("HPX_EVENT_COUNTERS=0", "HPX_EVENT_COUNTERS=4");
        stream.replace("HPX_WARN=pmu_unavailable core=cortex-m55 cycles=systick events=0\n", "");
        const ProfileResult result = merged(stream, Engine::Tflm);
        QVERIFY(result.notCounted.isEmpty());
        QCOMPARE(*result.value(0, QStringLiteral("ARM_PMU_INST_RETIRED")), 0.0); // a counted 0 is a measurement
        QVERIFY(!findIssue(result, QStringLiteral("pmu.counter_unavailable")));
    }

    void theBoardsOwnWordsGoIntoRunMetadata()
    {
        const ProfileResult result = merged(qemuStream(), Engine::Tflm);
        const PlatformInfo preset = PlatformInfo::forBoard(QStringLiteral("apollo510_evb"), CpuClock::Lp);
        QCOMPARE(preset.cpuClockMhz.value_or(0), 96.0);
        const PlatformInfo stated = preset.asStated(result.boardStatement);
        QCOMPARE(stated.core, QStringLiteral("cortex-m55"));
        QCOMPARE(stated.cpuClockMhz.value_or(0), 32.0);
        QVERIFY(stated.pmuTier.isEmpty()); // SysTick is neither the PMU nor the DWT
        QCOMPARE(stated.profilingBackends, QStringList { QStringLiteral("systick") });
        QCOMPARE(stated.soc, QStringLiteral("apollo510")); // the stream does not say: the preset fills the gap

        const std::optional<Issue> issue = boardPresetIssue(preset, result.boardStatement);
        QVERIFY(issue);
        QCOMPARE(issue->code, QStringLiteral("board.preset_disagrees"));
        QVERIFY2(issue->message.contains(QStringLiteral("cpu_clock_mhz 32 MHz (preset: 96 MHz)")),
            qPrintable(issue->message));
        QVERIFY(issue->message.contains(QStringLiteral("pmu_tier")));
        QVERIFY(!issue->message.contains(QStringLiteral("core "))); // the cores agree

        RunContext ctx = RunContext::create();
        ctx.platform = preset;
        const BundlePlan plan = BundleWriter::plan(result, ctx);
        const QJsonObject platform = QJsonDocument::fromJson(fileOf(plan, QStringLiteral("run_metadata.json")))
                                         .object()
                                         .value(QStringLiteral("platform"))
                                         .toObject();
        QCOMPARE(platform.value(QStringLiteral("cpu_clock_mhz")).toDouble(), 32.0);
        QVERIFY(platform.value(QStringLiteral("pmu_tier")).isNull());
        QCOMPARE(platform.value(QStringLiteral("board")).toString(), QStringLiteral("apollo510_evb"));

        // A stock stream states none of this: the preset stands, and nothing disagrees.
        const QByteArray stock = cyclesStream("helia_rt", { { QStringLiteral("CONV_2D,100") } });
        const ProfileResult plain = merged(stock, Engine::HeliaRt);
        QVERIFY(!boardPresetIssue(preset, plain.boardStatement));
        QCOMPARE(preset.asStated(plain.boardStatement).pmuTier, QStringLiteral("pmu"));
    }

    void theVirtualBoardsOwnPresetAgreesWithItsStream()
    {
        // The virtual board's profile (qemu_an547) says what its stream says: a Cortex-M55 at 32 MHz with no PMU
        // tier (an emulator counts neither PMU events nor DWT cycles), so its runs carry no disagreement.
        const ProfileResult result = merged(qemuStream(), Engine::Tflm);
        const PlatformInfo preset = PlatformInfo::forBoard(QStringLiteral("qemu_an547"), CpuClock::Lp);
        QVERIFY(preset.pmuTier.isEmpty());
        QCOMPARE(preset.core, QStringLiteral("cortex-m55"));
        QVERIFY(preset.disagreements(result.boardStatement).isEmpty());
        QVERIFY(!boardPresetIssue(preset, result.boardStatement));
    }

    void controlFlowSelfAndInclusive()
    {
        // WHILE (subgraph 0) calls cond LESS (1) and body ADD (2); its event encloses cond, body, cond: 500 of its
        // 1000 cycles are its own. A FULLY_CONNECTED follows at the top level.
        const ModelInfo model = hpx::test::modelOf({
            hpx::test::subgraph(0, QString(), { QStringLiteral("WHILE>1,2"), QStringLiteral("FULLY_CONNECTED") }),
            hpx::test::subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            hpx::test::subgraph(2, QStringLiteral("body"), { QStringLiteral("ADD") }),
        });
        const QByteArray stream = cyclesStream("tflm",
            { { QStringLiteral("WHILE,1000"), QStringLiteral("LESS,100"), QStringLiteral("ADD,300"),
                QStringLiteral("LESS,100"), QStringLiteral("FULLY_CONNECTED,2000") } });
        const ProfileResult result = merged(stream, Engine::Tflm, &model);
        QCOMPARE(result.layers.size(), 4); // WHILE, LESS (2 invocations summed), ADD, FULLY_CONNECTED
        QCOMPARE(result.layers.at(0).op, QStringLiteral("WHILE"));
        QVERIFY(result.layers.at(0).encloses());
        QCOMPARE(*result.cycles(0), 1000.0);
        QCOMPARE(*result.selfValue(0, cyclesCounterName()), 500.0);
        QCOMPARE(result.layers.at(1).op, QStringLiteral("LESS"));
        QCOMPARE(result.layers.at(1).invocations, 2);
        QCOMPARE(result.layers.at(1).parentLayer, 0);
        QCOMPARE(*result.selfValue(1, cyclesCounterName()), 200.0); // encloses nothing: self = value
        QCOMPARE(result.totalCycles(), 3500.0); // heliaPROFILER's sum: the loop's 500 cycles twice
        QCOMPARE(result.selfTotalCycles(), 3000.0); // every cycle once

        RunContext ctx = RunContext::create();
        const BundlePlan plan = BundleWriter::plan(result, ctx);
        const QJsonObject summary = QJsonDocument::fromJson(fileOf(plan, QStringLiteral("summary.json"))).object();
        QCOMPARE(summary.value(QStringLiteral("total_cycles")).toDouble(), 3500.0); // kept as hpx defines it
        const QJsonObject self = summary.value(QStringLiteral("self_costs")).toObject();
        QCOMPARE(self.value(QStringLiteral("total_cycles")).toDouble(), 3000.0);
        QCOMPARE(self.value(QStringLiteral("cycles_counted_twice")).toDouble(), 500.0);
        const QJsonArray top = self.value(QStringLiteral("top_layers")).toArray();
        QCOMPARE(top.at(0).toObject().value(QStringLiteral("op")).toString(), QStringLiteral("FULLY_CONNECTED"));
        QCOMPARE(top.at(0).toObject().value(QStringLiteral("pct")).toDouble(), 66.7);
        QCOMPARE(top.at(1).toObject().value(QStringLiteral("op")).toString(), QStringLiteral("WHILE"));
        QCOMPARE(top.at(1).toObject().value(QStringLiteral("self_cycles")).toDouble(), 500.0);
        QCOMPARE(top.at(1).toObject().value(QStringLiteral("cycles")).toDouble(), 1000.0);
        double selfSum = 0;
        for (const QJsonValue &t : top)
            selfSum += t.toObject().value(QStringLiteral("self_cycles")).toDouble();
        QCOMPARE(selfSum, 3000.0); // the four layers' own cycles make the total: no cycle is in two of them

        // Read back from the bundle, the window gets the same self values.
        QTemporaryDir dir;
        QVERIFY(BundleWriter::write(result, ctx, dir.path()).ok);
        const BundleReadResult read = BundleReader::read(dir.path());
        QVERIFY2(read.bundle, qPrintable(read.error));
        QCOMPARE(read.bundle->result.selfTotalCycles(), 3000.0);
        QCOMPARE(*read.bundle->result.selfValue(0, cyclesCounterName()), 500.0);
        QCOMPARE(read.bundle->result.layers.at(2).parentLayer, 0);

        // hpx compare: the honest total and each layer's own cycles beside heliaPROFILER's figures.
        QByteArray slower = stream;
        slower.replace("2,ADD,300,0", "2,ADD,400,0");
        slower.replace("0,WHILE,1000,0", "0,WHILE,1100,0"); // the body's 100 more, the WHILE's own unchanged
        const ProfileResult candidate = merged(slower, Engine::Tflm, &model);
        QTemporaryDir candidateDir;
        QVERIFY(BundleWriter::write(candidate, RunContext::create(), candidateDir.path()).ok);
        QString error;
        const std::optional<Comparison> cmp
            = Comparator::compareDirectories(dir.path(), candidateDir.path(), {}, &error);
        QVERIFY2(cmp, qPrintable(error));
        const MetricDiff *selfMetric = cmp->metric(QStringLiteral("total_cycles_self"));
        QVERIFY(selfMetric);
        QCOMPARE(*selfMetric->delta, 100.0); // every added cycle once
        QCOMPARE(*cmp->metric(QStringLiteral("total_cycles"))->delta, 200.0); // hpx's sum: twice
        const QList<QByteArray> diff = layerDiffCsv(*cmp).split('\n');
        const QList<QByteArray> header = diff.first().trimmed().split(',');
        const int deltaSelf = int(header.indexOf("delta_self_cycles"));
        QVERIFY(deltaSelf >= 0);
        QCOMPARE(diff.at(1).trimmed().split(',').at(deltaSelf), QByteArray("0.0")); // the WHILE's own: unchanged

        // Without a model nothing says what encloses what: no self values are made up.
        const ProfileResult blind = merged(stream, Engine::Tflm);
        QVERIFY(!blind.hasEnclosingLayers());
    }

    void aStreamCutMidIterationSaysCutOff()
    {
        // The board is unplugged inside iteration 2: the issue list says the iteration was cut off where the stream
        // ended, with its line, and does not blame a lost header or iteration marker.
        QByteArray stream = cyclesStream("tflm",
            { { QStringLiteral("CONV_2D,100"), QStringLiteral("ADD,20") },
                { QStringLiteral("CONV_2D,101"), QStringLiteral("ADD,21") },
                { QStringLiteral("CONV_2D,102"), QStringLiteral("ADD,22") } });
        stream.truncate(stream.indexOf("1,ADD,22,0"));
        const int cutLine = lineOf(stream, "0,CONV_2D,102,0");
        const ProfileResult result = merged(stream, Engine::Tflm);
        QCOMPARE(result.layers.size(), 2);
        QCOMPARE(*result.cycles(0), 100.5); // the two complete iterations
        const Issue *cut = findIssue(result, QStringLiteral("capture.iteration_cut_off"));
        QVERIFY(cut);
        QVERIFY2(cut->message.contains(QStringLiteral("line %1").arg(cutLine)), qPrintable(cut->message));
        QVERIFY(!cut->message.contains(QStringLiteral("header or iteration marker")));
        QVERIFY(!findIssue(result, QStringLiteral("capture.iterations_unusable")));
        QVERIFY(findIssue(result, QStringLiteral("capture.stream_ended_early")));
    }

    void tieBetweenIterationsIsBrokenByTheModel()
    {
        // Two iterations; iteration 0's tag at layer 1 is damaged. A tie, which the model breaks: ADD is right.
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(
            0, QString(), { QStringLiteral("CONV_2D"), QStringLiteral("ADD"), QStringLiteral("SOFTMAX") }) });
        const QByteArray stream = cyclesStream("tflm",
            { { QStringLiteral("CONV_2D,100"), QStringLiteral("MUL,50"), QStringLiteral("SOFTMAX,10") },
                { QStringLiteral("CONV_2D,102"), QStringLiteral("ADD,20"), QStringLiteral("SOFTMAX,12") } });
        const ProfileResult result = merged(stream, Engine::Tflm, &model);
        QCOMPARE(result.layers.size(), 3);
        QCOMPARE(result.layers.at(1).op, QStringLiteral("ADD"));
        QCOMPARE(*result.cycles(1), 20.0); // the good iteration's value
        QCOMPARE(result.layers.at(1).sourceIndex, 1);
        const Issue *dropped = findIssue(result, QStringLiteral("capture.iterations_disagree"));
        QVERIFY(dropped);
        const int badLine = lineOf(stream, "1,MUL,50,0");
        QVERIFY2(dropped->message.contains(QStringLiteral("line %1").arg(badLine)), qPrintable(dropped->message));
        QVERIFY(dropped->message.contains(QStringLiteral("iteration 0")));
        QVERIFY(!dropped->message.contains(QStringLiteral("header or iteration marker")));
        QVERIFY(!dropped->message.contains(QStringLiteral("(lines ,")));
        QVERIFY(!findIssue(result, QStringLiteral("capture.iterations_unusable")));

        // Without the model the tie keeps the earlier iteration (nothing tells them apart), and still says why.
        const ProfileResult blind = merged(stream, Engine::Tflm);
        QCOMPARE(blind.layers.at(1).op, QStringLiteral("MUL"));
        QVERIFY(findIssue(blind, QStringLiteral("capture.iterations_disagree")));
    }

    // Issue 36, item 5: a model with a WHILE loop cannot judge one tag alone (ADD runs in its body), so each
    // iteration is judged as a whole: the damaged one is left out whichever of the two it is, and the two mirror
    // cases give the same, right result.
    void tieIsBrokenByTheIterationTheModelExplains_data()
    {
        QTest::addColumn<int>("damaged");
        QTest::newRow("iteration 0 damaged") << 0;
        QTest::newRow("iteration 1 damaged") << 1;
    }
    void tieIsBrokenByTheIterationTheModelExplains()
    {
        QFETCH(int, damaged);
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(0, QStringLiteral("main"),
                                                         { QStringLiteral("WHILE>1,2"), QStringLiteral("SOFTMAX") }),
            hpx::test::subgraph(1, QStringLiteral("while_cond"), { QStringLiteral("LESS") }),
            hpx::test::subgraph(2, QStringLiteral("while_body"),
                { QStringLiteral("ADD"), QStringLiteral("MUL"), QStringLiteral("ADD") }) });
        const QStringList good { QStringLiteral("LESS,10"), QStringLiteral("ADD,20"), QStringLiteral("MUL,30"),
            QStringLiteral("ADD,40"), QStringLiteral("LESS,11"), QStringLiteral("WHILE,120"),
            QStringLiteral("SOFTMAX,7") };
        QStringList bad = good;
        bad[2] = QStringLiteral("ADD,31"); // MUL's tag damaged into a type the model runs elsewhere
        const QByteArray stream = cyclesStream(
            "tflm", damaged == 0 ? QVector<QStringList> { bad, good } : QVector<QStringList> { good, bad });
        const ProfileResult result = merged(stream, Engine::Tflm, &model);
        QVERIFY(result.unresolved.isEmpty());
        QVERIFY(!findIssue(result, QStringLiteral("model.mismatch")));
        QVERIFY(!findIssue(result, QStringLiteral("profile.op_tag_undecided")));
        // MUL (body operator 1) has the good iteration's value, whichever iteration was damaged.
        bool sawMul = false;
        for (const LayerResult &layer : result.layers) {
            if (layer.subgraph == 2 && layer.sourceIndex == 1) {
                sawMul = true;
                QCOMPARE(layer.op, QStringLiteral("MUL"));
                QCOMPARE(*result.cycles(layer.position), 30.0);
            }
        }
        QVERIFY(sawMul);
        const Issue *dropped = findIssue(result, QStringLiteral("capture.iterations_disagree"));
        QVERIFY(dropped);
        QVERIFY2(dropped->message.contains(QStringLiteral("iteration %1").arg(damaged)), qPrintable(dropped->message));
    }

    // Issue 36: a counter column the plan asked a pass for, left out of its header without the board saying why, is an
    // issue; one the board said it did not count (HPX_WARN=not_counted) is pmu.counter_unavailable's, not this one's.
    void plannedColumnMissingIsAnIssue()
    {
        const QByteArray stream = cyclesStream("tflm", { { QStringLiteral("CONV_2D,100"), QStringLiteral("ADD,50") } });
        const QVector<QPair<QString, QStringList>> planned { { QStringLiteral("cpu_0"),
            { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") } } };
        const ProfileResult result = merged(stream, Engine::Tflm);
        const std::optional<Issue> issue = plannedColumnsIssue(result, planned);
        QVERIFY(issue);
        QCOMPARE(issue->code, QStringLiteral("capture.columns_missing"));
        QVERIFY2(
            issue->message.contains(QStringLiteral("cpu_0 lacks ARM_PMU_INST_RETIRED")), qPrintable(issue->message));
        // Everything planned arrived, or the pass is not the plan's: nothing to say.
        QVERIFY(
            !plannedColumnsIssue(result, { { QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES") } } }));
        QVERIFY(!plannedColumnsIssue(result, { { QStringLiteral("mve_0"), { QStringLiteral("ARM_PMU_MVE_STALL") } } }));
        // The board said so: not this issue.
        QByteArray said = stream;
        said.replace("--- HPX_PRESET cpu_0 ---\n",
            "--- HPX_PRESET cpu_0 ---\nHPX_WARN=not_counted pass=cpu_0 counters=ARM_PMU_INST_RETIRED\n");
        QVERIFY(!plannedColumnsIssue(merged(said, Engine::Tflm), planned));
    }

    // When neither iteration fits the model better, the layer is left unattributed with an issue, never guessed.
    void tieTheModelCannotDecideIsLeftUnattributed()
    {
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(
            0, QString(), { QStringLiteral("CONV_2D"), QStringLiteral("ADD"), QStringLiteral("SOFTMAX") }) });
        const QByteArray stream = cyclesStream("tflm",
            { { QStringLiteral("CONV_2D,100"), QStringLiteral("MUL,50"), QStringLiteral("SOFTMAX,10") },
                { QStringLiteral("CONV_2D,102"), QStringLiteral("SUB,20"), QStringLiteral("SOFTMAX,12") } });
        const ProfileResult result = merged(stream, Engine::Tflm, &model);
        QCOMPARE(result.layers.size(), 3);
        QCOMPARE(result.layers.at(1).sourceIndex, -1);
        QVERIFY(!result.layers.at(1).macs);
        QCOMPARE(result.layers.at(0).sourceIndex, 0); // the others are attributed as usual
        QCOMPARE(result.layers.at(2).sourceIndex, 2);
        const Issue *undecided = findIssue(result, QStringLiteral("profile.op_tag_undecided"));
        QVERIFY(undecided);
        QVERIFY2(undecided->message.contains(QStringLiteral("position 1")), qPrintable(undecided->message));
    }

    void aotDamagedTagInOneOfTwoIterations()
    {
        // heliaAOT without a manifest: tags name the original operator. Iteration 0 reads FULLY_CONNECTED:1 where
        // FULLY_CONNECTED:4 belongs (the review's FULLY_CONNECTED:13 for :61).
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(0, QString(),
            { QStringLiteral("CONV_2D"), QStringLiteral("FULLY_CONNECTED"), QStringLiteral("ADD"),
                QStringLiteral("ADD"), QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") }) });
        const QStringList good { QStringLiteral("CONV_2D:0,100"), QStringLiteral("FULLY_CONNECTED:1,40"),
            QStringLiteral("ADD:2,5"), QStringLiteral("ADD:3,6"), QStringLiteral("FULLY_CONNECTED:4,30"),
            QStringLiteral("SOFTMAX:5,8") };
        QStringList damaged = good;
        damaged[4] = QStringLiteral("FULLY_CONNECTED:1,30");
        const QByteArray stream = cyclesStream("helia_aot", { damaged, good });
        const ProfileResult result = merged(stream, Engine::HeliaAot, &model);
        QCOMPARE(result.layers.size(), 6);
        QCOMPARE(result.layers.at(1).sourceIndex, 1);
        QCOMPARE(*result.cycles(1), 40.0); // node 1 is not summed with the damaged row
        QCOMPARE(result.layers.at(1).invocations, 1);
        QCOMPARE(result.layers.at(4).op, QStringLiteral("FULLY_CONNECTED:4"));
        QCOMPARE(result.layers.at(4).sourceIndex, 4); // node 4 does not vanish
        const Issue *dropped = findIssue(result, QStringLiteral("capture.iterations_disagree"));
        QVERIFY(dropped);
        QVERIFY2(dropped->message.contains(QStringLiteral("line %1").arg(lineOf(stream, "4,FULLY_CONNECTED:1,30,0"))),
            qPrintable(dropped->message));
    }

    void aotDamagedTagIsNeverAttributed()
    {
        // One iteration: no other iteration to outvote the damaged tag. It names node 1, which the good row at
        // position 1 already is: the damaged row is attributed to nothing and is an issue with its line.
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(0, QString(),
            { QStringLiteral("CONV_2D"), QStringLiteral("FULLY_CONNECTED"), QStringLiteral("ADD"),
                QStringLiteral("ADD"), QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") }) });
        const QByteArray stream = cyclesStream("helia_aot",
            { { QStringLiteral("CONV_2D:0,100"), QStringLiteral("FULLY_CONNECTED:1,40"), QStringLiteral("ADD:2,5"),
                QStringLiteral("ADD:3,6"), QStringLiteral("FULLY_CONNECTED:1,30"), QStringLiteral("SOFTMAX:5,8") } });
        const ProfileResult result = merged(stream, Engine::HeliaAot, &model);
        QCOMPARE(result.layers.size(), 6);
        QCOMPARE(*result.cycles(1), 40.0);
        QCOMPARE(result.layers.at(1).sourceIndex, 1);
        QCOMPARE(result.layers.at(4).sourceIndex, -1);
        const Issue *mismatch = findIssue(result, QStringLiteral("profile.op_tag_mismatch"));
        QVERIFY(mismatch);
        const int line = lineOf(stream, "4,FULLY_CONNECTED:1,30,0");
        QVERIFY2(mismatch->message.contains(QStringLiteral("line %1").arg(line)), qPrintable(mismatch->message));
        QCOMPARE(result.unresolved.size(), 1);

        // A tag whose type is not the model's operator at that index: never attributed either.
        const QByteArray typed = cyclesStream("helia_aot",
            { { QStringLiteral("CONV_2D:0,100"), QStringLiteral("CONV_2D:1,40"), QStringLiteral("ADD:2,5") } });
        const ProfileResult wrongType = merged(typed, Engine::HeliaAot, &model);
        QCOMPARE(wrongType.layers.at(1).sourceIndex, -1);
        const Issue *typeIssue = findIssue(wrongType, QStringLiteral("profile.op_tag_mismatch"));
        QVERIFY(typeIssue);
        QVERIFY(typeIssue->message.contains(QStringLiteral("line %1").arg(lineOf(typed, "1,CONV_2D:1,40,0"))));
    }

    void tflmTagThatDisagreesIsAnIssueWithItsLine()
    {
        const ModelInfo model = hpx::test::modelOf({ hpx::test::subgraph(
            0, QString(), { QStringLiteral("CONV_2D"), QStringLiteral("ADD"), QStringLiteral("SOFTMAX") }) });
        const QByteArray stream = cyclesStream(
            "tflm", { { QStringLiteral("CONV_2D,100"), QStringLiteral("MUL,50"), QStringLiteral("SOFTMAX,10") } });
        const ProfileResult result = merged(stream, Engine::Tflm, &model);
        QCOMPARE(result.layers.at(1).sourceIndex, -1);
        const Issue *mismatch = findIssue(result, QStringLiteral("profile.op_tag_mismatch"));
        QVERIFY(mismatch);
        QVERIFY(mismatch->message.contains(QStringLiteral("line %1").arg(lineOf(stream, "1,MUL,50,0"))));
    }

    void rowCutShortIsRowsLostNotOverflow()
    {
        QByteArray stream = cyclesStream("tflm",
            { { QStringLiteral("CONV_2D,100"), QStringLiteral("ADD,50"), QStringLiteral("SOFTMAX,10") },
                { QStringLiteral("CONV_2D,100"), QStringLiteral("ADD,52"), QStringLiteral("SOFTMAX,10") } });
        const int line = lineOf(stream, "1,ADD,52,0");
        stream.replace("1,ADD,52,0\n", "1,ADD,52,\n"); // the line lost its overflow cell
        const ProfileResult result = merged(stream, Engine::Tflm);
        QVERIFY(!result.overflowDetected);
        QVERIFY(!findIssue(result, QStringLiteral("pmu.counter_overflow")));
        const Issue *lost = findIssue(result, QStringLiteral("capture.rows_lost"));
        QVERIFY(lost);
        QVERIFY2(lost->message.contains(QString::number(line)), qPrintable(lost->message));
        QCOMPARE(*result.cycles(1), 50.0);
        QCOMPARE(result.validity(), QStringLiteral("degraded"));
    }
};

QTEST_GUILESS_MAIN(TestHonestNumbers)
#include "tst_honestnumbers.moc"
