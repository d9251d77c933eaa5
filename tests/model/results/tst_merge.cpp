#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "model/results/runissues.h"
#include "streamreader.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace hpx::model;
using hpx::test::PassBuilder;

namespace {

QJsonObject loadJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// Compares our layers with hpx's {"id","op","counters":{...},"cycles","overflow"} objects; empty = equal.
QString compareLayers(const QStringList &counters, const QVector<LayerResult> &layers, const QJsonArray &expected)
{
    if (layers.size() != expected.size())
        return QStringLiteral("layer count %1, expected %2").arg(layers.size()).arg(expected.size());
    for (int i = 0; i < layers.size(); ++i) {
        const LayerResult &layer = layers.at(i);
        const QJsonObject want = expected.at(i).toObject();
        if (layer.id.toInt() != want.value(QStringLiteral("id")).toInt())
            return QStringLiteral("layer %1: id %2").arg(i).arg(layer.id.toString());
        if (layer.op != want.value(QStringLiteral("op")).toString())
            return QStringLiteral("layer %1: op %2").arg(i).arg(layer.op);
        if (layer.overflow != want.value(QStringLiteral("overflow")).toBool())
            return QStringLiteral("layer %1: overflow").arg(i);
        const QJsonObject wantCounters = want.value(QStringLiteral("counters")).toObject();
        QStringList have;
        for (int c = 0; c < counters.size(); ++c) {
            if (c < layer.values.size() && layer.values.at(c))
                have.append(counters.at(c));
        }
        if (have != wantCounters.keys()
            && QSet<QString>(have.cbegin(), have.cend())
                != QSet<QString>(wantCounters.keys().cbegin(), wantCounters.keys().cend()))
            return QStringLiteral("layer %1: counters %2, expected %3")
                .arg(i)
                .arg(have.join(QLatin1Char(',')), wantCounters.keys().join(QLatin1Char(',')));
        for (int c = 0; c < counters.size(); ++c) {
            if (!layer.values.value(c))
                continue;
            const double want = wantCounters.value(counters.at(c)).toDouble();
            if (*layer.values.at(c) != want)
                return QStringLiteral("layer %1 %2: %3, expected %4")
                    .arg(i)
                    .arg(counters.at(c))
                    .arg(*layer.values.at(c))
                    .arg(want);
        }
        const int cyclesColumn = int(counters.indexOf(cyclesCounterName()));
        const QJsonValue wantCycles = want.value(QStringLiteral("cycles"));
        const std::optional<double> cycles = cyclesColumn >= 0 ? layer.values.value(cyclesColumn) : std::nullopt;
        if (wantCycles.isNull() != !cycles || (cycles && *cycles != wantCycles.toDouble()))
            return QStringLiteral("layer %1: cycles").arg(i);
    }
    return {};
}

QJsonValue variantToJson(const QVariant &value)
{
    return QJsonValue::fromVariant(value);
}

} // namespace

class TestMerge : public QObject {
    Q_OBJECT
private slots:
    void conformance_data()
    {
        QTest::addColumn<QString>("dir");
        const QDir root(hpx::test::dataPath(QStringLiteral("conformance")));
        const QStringList cases = root.entryList({ QStringLiteral("u*") }, QDir::Dirs, QDir::Name);
        QVERIFY(cases.size() >= 30);
        int used = 0;
        for (const QString &name : cases) {
            const QJsonObject root = loadJson(
                hpx::test::dataPath(QStringLiteral("conformance/") + name + QStringLiteral("/expected.json")));
            const QJsonObject inputs = root.value(QStringLiteral("inputs")).toObject();
            // Transport cases (swo, uart, ...) test the device layer; the overlay builder has no stream.
            if (inputs.value(QStringLiteral("transport")).toString() != QStringLiteral("none"))
                continue;
            QTest::newRow(qPrintable(name)) << name;
            ++used;
        }
        QVERIFY(used >= 26);
    }

    // Per-pass aggregates, merged layers, groups, overflow, metadata and validity of every hpx conformance case.
    void conformance()
    {
        QFETCH(QString, dir);
        const QString base = QStringLiteral("conformance/") + dir + QLatin1Char('/');
        const QJsonObject root = loadJson(hpx::test::dataPath(base + QStringLiteral("expected.json")));
        const QJsonObject inputs = root.value(QStringLiteral("inputs")).toObject();
        const QJsonObject expected = root.value(QStringLiteral("expected")).toObject();
        const QJsonObject parsed = expected.value(QStringLiteral("parsed")).toObject();
        const bool captureOk
            = expected.value(QStringLiteral("capture")).toObject().value(QStringLiteral("ok")).toBool();

        const Capture capture = hpx::test::readStream(hpx::test::readData(base + QStringLiteral("stream.txt")));
        MergeOptions options;
        options.engine = *engineFromName(inputs.value(QStringLiteral("engine")).toString());
        options.aggregation = *aggregationFromName(inputs.value(QStringLiteral("aggregation")).toString());
        const MergeOutcome outcome = mergeCapture(capture, options);

        if (!captureOk) {
            QVERIFY2(!outcome.ok(), "hpx refuses this capture; so must the merge");
            QVERIFY(!outcome.error.isEmpty());
            return;
        }
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));
        const ProfileResult &result = *outcome.result;

        // Per pass.
        const QJsonObject presets = parsed.value(QStringLiteral("presets")).toObject();
        QCOMPARE(result.passes.size(), presets.size());
        for (const PassResult &pass : result.passes) {
            QVERIFY2(presets.contains(pass.name), qPrintable(pass.name));
            const QJsonObject want = presets.value(pass.name).toObject();
            const QString diff
                = compareLayers(pass.counters, pass.layers, want.value(QStringLiteral("layers")).toArray());
            QVERIFY2(diff.isEmpty(), qPrintable(pass.name + QStringLiteral(": ") + diff));
            QCOMPARE(pass.iterationCount, want.value(QStringLiteral("iteration_row_counts")).toArray().size());
        }
        // Merged.
        const QString diff
            = compareLayers(result.counters, result.layers, parsed.value(QStringLiteral("layers")).toArray());
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("merged: ") + diff));
        QCOMPARE(result.overflowDetected, parsed.value(QStringLiteral("overflow_detected")).toBool());
        // Groups, in first-appearance order.
        const QJsonObject groups = parsed.value(QStringLiteral("groups")).toObject();
        QCOMPARE(result.groups.size(), groups.size());
        for (const GroupResult &group : result.groups) {
            QVERIFY2(groups.contains(group.name), qPrintable(group.name));
            const QString groupDiff = compareLayers(group.counters, group.layers, groups.value(group.name).toArray());
            QVERIFY2(groupDiff.isEmpty(), qPrintable(group.name + QStringLiteral(": ") + groupDiff));
        }
        // Firmware metadata: hpx's FirmwareMeta, nulls dropped, same order.
        const QJsonObject meta = parsed.value(QStringLiteral("meta")).toObject();
        QStringList keys;
        for (const auto &entry : result.firmware) {
            keys.append(entry.first);
            QVERIFY2(meta.contains(entry.first), qPrintable(entry.first));
            if (entry.first == QLatin1String("psram")) {
                const QVariantMap psram = entry.second.toMap();
                const QJsonObject want = meta.value(entry.first).toObject();
                QCOMPARE(psram.size(), want.size());
                for (const QString &key : psramKeys())
                    QCOMPARE(variantToJson(psram.value(key)), want.value(key));
            } else {
                QCOMPARE(variantToJson(entry.second), meta.value(entry.first));
            }
        }
        QCOMPARE(keys.size(), meta.size());
        // Sample rejections.
        const QJsonArray warningKinds = parsed.value(QStringLiteral("warning_kinds")).toArray();
        QString rejected;
        for (const QJsonValue &kind : warningKinds) {
            if (kind.toString().startsWith(QStringLiteral("rejected_samples:")))
                rejected = kind.toString();
        }
        const QString ours = outcome.rejectedSamples.wrapRejected || outcome.rejectedSamples.frozenRejected
            ? QStringLiteral("rejected_samples:wrap=%1,frozen=%2")
                  .arg(outcome.rejectedSamples.wrapRejected)
                  .arg(outcome.rejectedSamples.frozenRejected)
            : QString();
        QCOMPARE(ours, rejected);
        // Validity and issues (§5.9) as in expected_summary.json.
        const QJsonObject summary = expected.value(QStringLiteral("summary")).toObject();
        QCOMPARE(result.validity(), summary.value(QStringLiteral("validity")).toString());
        const QJsonArray issues = summary.value(QStringLiteral("issues")).toArray();
        QCOMPARE(result.issues.size(), issues.size());
        for (int i = 0; i < issues.size(); ++i) {
            const QJsonObject want = issues.at(i).toObject();
            QCOMPARE(result.issues.at(i).code, want.value(QStringLiteral("code")).toString());
            QCOMPARE(result.issues.at(i).severity, want.value(QStringLiteral("severity")).toString());
            QVERIFY(!result.issues.at(i).message.isEmpty());
            const QJsonObject wantContext = want.value(QStringLiteral("context")).toObject();
            QCOMPARE(result.issues.at(i).context, wantContext);
            QCOMPARE(result.issues.at(i).contextOrder.size(), wantContext.size());
        }
        QCOMPARE(result.totalCycles(), summary.value(QStringLiteral("total_cycles")).toDouble());
        QCOMPARE(int(result.layers.size()), summary.value(QStringLiteral("layers")).toInt());
    }

    // §0.3 overrides hpx's positional merge: a pass whose layers differ is rejected, naming it and the row.
    void passMismatchIsRejected_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("pass");
        QTest::addColumn<QStringList>("needles");
        QTest::addColumn<QStringList>("keptCounters");
        QTest::newRow("other op at row 1")
            << QStringLiteral("u10_multi_pass_same_group_merged") << QByteArray("1,ADD,10") << QByteArray("1,MUL,10")
            << QStringLiteral("mve_1")
            << QStringList { QStringLiteral("mve_1"), QStringLiteral("row 1"), QStringLiteral("MUL"),
                   QStringLiteral("ADD") }
            << QStringList { QStringLiteral("ARM_PMU_MVE_INST_RETIRED") };
        QTest::newRow("dropped first row would shift ADD onto CONV_2D")
            << QStringLiteral("u10_multi_pass_same_group_merged") << QByteArray("0,CONV_2D,50\n") << QByteArray()
            << QStringLiteral("mve_1")
            << QStringList { QStringLiteral("mve_1"), QStringLiteral("row 0"), QStringLiteral("ADD") }
            << QStringList { QStringLiteral("ARM_PMU_MVE_INST_RETIRED") };
        QTest::newRow("extra row") << QStringLiteral("u11_multi_group_separate") << QByteArray("0,CONV_2D,800\n")
                                   << QByteArray("0,CONV_2D,800\n1,ADD,80\n") << QStringLiteral("mve_0")
                                   << QStringList { QStringLiteral("mve_0"), QStringLiteral("row 1"),
                                          QStringLiteral("extra") }
                                   << QStringList { cyclesCounterName() };
        QTest::newRow("missing row") << QStringLiteral("u10_multi_pass_same_group_merged") << QByteArray("1,ADD,10\n")
                                     << QByteArray() << QStringLiteral("mve_1")
                                     << QStringList { QStringLiteral("mve_1"), QStringLiteral("row 1"),
                                            QStringLiteral("missing") }
                                     << QStringList { QStringLiteral("ARM_PMU_MVE_INST_RETIRED") };
    }
    void passMismatchIsRejected()
    {
        QFETCH(QString, dir);
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, pass);
        QFETCH(QStringList, needles);
        QFETCH(QStringList, keptCounters);
        QByteArray stream = hpx::test::readData(QStringLiteral("conformance/") + dir + QStringLiteral("/stream.txt"));
        const int at = stream.lastIndexOf(from);
        QVERIFY(at >= 0);
        stream.replace(at, from.size(), to);

        const MergeOutcome outcome = mergeCapture(hpx::test::readStream(stream), MergeOptions());
        QVERIFY(outcome.ok());
        const ProfileResult &result = *outcome.result;
        QCOMPARE(outcome.rejectedPasses, QStringList { pass });
        QCOMPARE(result.validity(), QStringLiteral("invalid"));
        const Issue *issue = nullptr;
        for (const Issue &candidate : result.issues) {
            if (candidate.code == QLatin1String("profile.pass_layers_mismatch"))
                issue = &candidate;
        }
        QVERIFY(issue);
        QCOMPARE(issue->severity, QStringLiteral("error"));
        for (const QString &needle : needles)
            QVERIFY2(issue->message.contains(needle), qPrintable(issue->message));
        QCOMPARE(issue->context.value(QStringLiteral("pass")).toString(), pass);
        // Nothing of the rejected pass reaches the merged layers or groups.
        QCOMPARE(result.counters, keptCounters);
        for (const GroupResult &group : result.groups)
            QVERIFY(!group.counters.contains(QStringLiteral("ARM_PMU_MVE_STALL")) || pass != QLatin1String("mve_1"));
        bool marked = false;
        for (const PassResult &p : result.passes) {
            if (p.name == pass) {
                marked = p.rejected && p.rejectionReason == issue->message;
            }
        }
        QVERIFY(marked);
        QVERIFY(result.warnings.contains(issue->message));
    }

    // Cycles in several passes: the first pass's value is kept (§3.4), the spread is recorded.
    void cyclesInSeveralPasses()
    {
        const QStringList cpu { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED") };
        const QStringList mem { cyclesCounterName(), QStringLiteral("ARM_PMU_MEM_ACCESS") };
        const Capture capture = hpx::test::captureOf({
            PassBuilder(QStringLiteral("cpu_0"), cpu)
                .iteration(
                    { { QStringLiteral("CONV_2D"), { 1000.0, 50.0 } }, { QStringLiteral("ADD"), { 100.0, 5.0 } } })
                .iteration(
                    { { QStringLiteral("CONV_2D"), { 1010.0, 50.0 } }, { QStringLiteral("ADD"), { 102.0, 5.0 } } }),
            PassBuilder(QStringLiteral("memory_0"), mem)
                .iteration({ { QStringLiteral("CONV_2D"), { 1100.0, 7.0 } },
                    { QStringLiteral("ADD"), { std::nullopt, 1.0 } } }),
        });
        const MergeOutcome outcome = mergeCapture(capture, MergeOptions());
        QVERIFY(outcome.ok());
        const ProfileResult &result = *outcome.result;
        QCOMPARE(result.counters,
            QStringList(
                { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_MEM_ACCESS") }));
        QCOMPARE(result.cyclesPasses, QStringList({ QStringLiteral("cpu_0"), QStringLiteral("memory_0") }));
        QCOMPARE(result.cycles(0), std::optional<double>(1005.0));
        QCOMPARE(result.layers[0].cyclesByPass, QVector<double>({ 1005.0, 1100.0 }));
        const auto spread = result.cyclesSpread(0);
        QVERIFY(spread);
        QCOMPARE(spread->min, 1005.0);
        QCOMPARE(spread->max, 1100.0);
        QCOMPARE(spread->passes, 2);
        QVERIFY(std::abs(spread->relative() - 95.0 / 1100.0) < 1e-12);
        // memory_0 lacked ADD's cycles: that entry is NaN and the spread needs two measurements.
        QCOMPARE(result.layers[1].cyclesByPass.size(), 2);
        QVERIFY(std::isnan(result.layers[1].cyclesByPass[1]));
        QVERIFY(!result.cyclesSpread(1));
        QCOMPARE(result.totalCycles(), 1005.0 + 101.0);
        QCOMPARE(result.value(0, QStringLiteral("ARM_PMU_MEM_ACCESS")), std::optional<double>(7.0));
        QCOMPARE(result.value(0, QStringLiteral("ARM_PMU_BUS_CYCLES")), std::nullopt);
        QCOMPARE(result.value(5, cyclesCounterName()), std::nullopt);
        QCOMPARE(result.counterIndex(QStringLiteral("ARM_PMU_MEM_ACCESS")), 2);
        QCOMPARE(result.validity(), QStringLiteral("valid"));
        // Groups keep their own column sets.
        QCOMPARE(result.groups.size(), 2);
        QCOMPARE(result.groups[1].name, QStringLiteral("memory"));
        QCOMPARE(result.groups[1].counters, mem);
        QCOMPARE(result.groups[1].layers[0].values[0], std::optional<double>(1100.0));
    }

    void noCyclesWarns()
    {
        const Capture capture
            = hpx::test::captureOf({ PassBuilder(QStringLiteral("mve_0"), { QStringLiteral("ARM_PMU_MVE_STALL") })
                                         .iteration({ { QStringLiteral("CONV_2D"), { 3.0 } } }) });
        const MergeOutcome outcome = mergeCapture(capture, MergeOptions());
        QVERIFY(outcome.ok());
        QCOMPARE(outcome.result->totalCycles(), 0.0);
        QVERIFY(!outcome.result->cycles(0));
        QVERIFY(outcome.result->warnings.join(QLatin1Char('\n')).contains(cyclesCounterName()));
    }

    void emptyPassIsAnErrorForItsCounters()
    {
        const Capture capture = hpx::test::captureOf({
            PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName() })
                .iteration({ { QStringLiteral("CONV_2D"), { 3.0 } } }),
            PassBuilder(QStringLiteral("cpu_1"), { QStringLiteral("ARM_PMU_STALL") }),
        });
        const MergeOutcome outcome = mergeCapture(capture, MergeOptions());
        QVERIFY(outcome.ok());
        QVERIFY(outcome.rejectedPasses.isEmpty());
        QVERIFY(outcome.result->warnings.join(QLatin1Char('\n')).contains(QStringLiteral("cpu_1")));
        // A pass with no usable iteration is an error for its counters (docs/output-files.md, issues).
        QCOMPARE(outcome.result->validity(), QStringLiteral("invalid"));
        const auto &issues = outcome.result->issues;
        const auto empty = std::find_if(issues.cbegin(), issues.cend(),
            [](const Issue &i) { return i.code == QLatin1String("capture.pass_empty"); });
        QVERIFY(empty != issues.cend());
        QCOMPARE(empty->severity, QStringLiteral("error"));
        QCOMPARE(empty->context.value(QStringLiteral("pass")).toString(), QStringLiteral("cpu_1"));
        // Cycles came from cpu_0, so the run is not pmu.missing.
        QVERIFY(std::none_of(
            issues.cbegin(), issues.cend(), [](const Issue &i) { return i.code == QLatin1String("pmu.missing"); }));
    }

    void firmwareErrorAndEmptyCapture()
    {
        Capture capture;
        QVERIFY(!mergeCapture(capture, MergeOptions()).ok());
        FirmwareError error;
        error.payload = QStringLiteral("missing_ops count=2");
        error.code = QStringLiteral("missing_ops");
        error.message = QStringLiteral("The firmware lacks 2 operators.");
        error.hint = QStringLiteral("Rebuild with op registration.");
        capture = hpx::test::captureOf({ PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName() })
                                             .iteration({ { QStringLiteral("CONV_2D"), { 3.0 } } }) });
        capture.error = error;
        const MergeOutcome outcome = mergeCapture(capture, MergeOptions());
        QVERIFY(!outcome.ok());
        // The board's code comes first: people search for it.
        QCOMPARE(outcome.error, QStringLiteral("board error missing_ops (count 2): The firmware lacks 2 operators."));
        QCOMPARE(outcome.hint, error.hint);
        // Payload details: key=value and ':'-separated parts; a bare code has none.
        error.payload = QStringLiteral("operator_count_exceeds_capacity capacity=256");
        error.code = QStringLiteral("operator_count_exceeds_capacity");
        error.message = QStringLiteral("Too many.");
        QCOMPARE(
            error.headline(), QStringLiteral("board error operator_count_exceeds_capacity (capacity 256): Too many."));
        error.payload = QStringLiteral("bind_arena_failed:5:region=2");
        error.code = QStringLiteral("bind_arena_failed");
        QCOMPARE(error.details(), QStringLiteral("5, region 2"));
        error.payload = error.code = QStringLiteral("psram_init_failed");
        QCOMPARE(error.headline(), QStringLiteral("board error psram_init_failed: Too many."));
    }

    void cleanWindowIssues_data()
    {
        QTest::addColumn<QVariantMap>("meta");
        QTest::addColumn<QStringList>("codes");
        QTest::newRow("healthy") << QVariantMap { { QStringLiteral("clean_infer_count"), 5 } } << QStringList {};
        QTest::newRow("frozen") << QVariantMap { { QStringLiteral("clean_infer_count"), 5 },
            { QStringLiteral("clean_infer_avg_us"), 0 } }
                                << QStringList { QStringLiteral("profile.clean_window_frozen") };
        QTest::newRow("clock rate low") << QVariantMap { { QStringLiteral("clean_dwt_rate_cyc"), 576 },
            { QStringLiteral("clean_dwt_rate_us"), 1000 }, { QStringLiteral("system_clock_hz"), 96000000 } }
                                        << QStringList { QStringLiteral("profile.clean_window_clock_rate_low") };
        QTest::newRow("clock rate fine") << QVariantMap { { QStringLiteral("clean_dwt_rate_cyc"), 95000 },
            { QStringLiteral("clean_dwt_rate_us"), 1000 }, { QStringLiteral("system_clock_hz"), 96000000 } }
                                         << QStringList {};
        QTest::newRow("dead floor") << QVariantMap { { QStringLiteral("clean_stalled_iters"), 0 },
            { QStringLiteral("clean_partial_iters"), 0 }, { QStringLiteral("clean_ref_cycles"), 0 } }
                                    << QStringList { QStringLiteral("profile.clean_window_check_inoperative") };
        QTest::newRow("torn count ignored") << QVariantMap { { QStringLiteral("clean_stalled_iters"), 3 },
            { QStringLiteral("clean_partial_iters"), QStringLiteral("1 7") },
            { QStringLiteral("clean_infer_count"), 100 } }
                                            << QStringList { QStringLiteral("profile.clean_window_stalled") };
    }
    void cleanWindowIssues()
    {
        QFETCH(QVariantMap, meta);
        QFETCH(QStringList, codes);
        Capture capture = hpx::test::captureOf({ PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName() })
                                                     .iteration({ { QStringLiteral("CONV_2D"), { 3.0 } } }) });
        for (auto it = meta.cbegin(); it != meta.cend(); ++it)
            capture.metadata.append({ it.key(), it.value() });
        const MergeOutcome outcome = mergeCapture(capture, MergeOptions());
        QVERIFY(outcome.ok());
        QStringList have;
        for (const Issue &issue : outcome.result->issues) {
            have.append(issue.code);
            QCOMPARE(issue.severity, QStringLiteral("warning"));
            QCOMPARE(issue.contextOrder.size(), issue.context.size());
        }
        QCOMPARE(have, codes);
        QCOMPARE(outcome.result->validity(), codes.isEmpty() ? QStringLiteral("valid") : QStringLiteral("degraded"));
    }
};

QTEST_GUILESS_MAIN(TestMerge)
#include "tst_merge.moc"
