// The comparison library (model/compare/comparison*.h, model/compare/layerdiff.h): profile verdicts, layer matching,
// layer_diff.csv, compare_summary.json and the Model Explorer delta overlays, on bundles built by hand.
#include "model/bundle/bundlewriter.h"
#include "model/bundle/csvwriter.h"
#include "model/compare/comparison.h"
#include "model/compare/comparisonexport.h"
#include "model/compare/comparisonprofile.h"
#include "model/compare/divergingpalette.h"
#include "model/compare/layerdiff.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace hpx::model;

namespace {

const QString kCycles = QStringLiteral("ARM_PMU_CPU_CYCLES");
const QString kInst = QStringLiteral("ARM_PMU_INST_RETIRED");

LayerResult layer(int position, const QString &op, int sourceIndex, double cycles, double inst)
{
    LayerResult l;
    l.position = position;
    l.id = position;
    l.op = op;
    l.opType = op.section(QLatin1Char(':'), 0, 0);
    l.subgraph = 0;
    l.sourceIndex = sourceIndex;
    l.values = { cycles, inst };
    return l;
}

Bundle bundle(const QVector<LayerResult> &layers, const QString &modelSha, double totalCycles)
{
    Bundle b;
    b.directory = QStringLiteral("/nonexistent");
    b.status = QStringLiteral("complete");
    b.validity = QStringLiteral("valid");
    b.result.counters = { kCycles, kInst };
    b.result.layers = layers;
    b.summary = JsonValue::object();
    b.summary.insert(QStringLiteral("schema"), QStringLiteral("hpx.run-summary"));
    b.summary.insert(QStringLiteral("layers"), int(layers.size()));
    b.summary.insert(QStringLiteral("total_cycles"), totalCycles);
    b.metadata = parseJson(QStringLiteral(R"({"schema_version": 1, "model": {"sha256": "%1"},
        "config": {"engine": {"type": "tflm"}, "target": {"board": "apollo510_evb"}}})")
                               .arg(modelSha)
                               .toUtf8());
    return b;
}

ComparisonProfile profileFrom(const QByteArray &json)
{
    QString error;
    auto p = ComparisonProfile::fromJson(parseJson(json), &error);
    if (!p)
        qFatal("bad test profile: %s", qPrintable(error));
    return *p;
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT

private slots:
    void profileVerdicts();
    void profileRejectsBadInput();
    void profileDigestMatchesPython();
    void positionWhenListsAreIdentical();
    void operatorIndexForTheSameModel();
    void opSequenceForDifferentModels();
    void modelMismatchBlocks();
    void layerDiffColumnsAndValues();
    void layerDiffAotMemoryPlacement();
    void comparisonReadsOnlyWhatItUses();
    void summaryKeyOrder();
    void deltaOverlayKeysAndColours();
    void divergingPalette();
};

void TestComparison::profileVerdicts()
{
    const ComparisonProfile p = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "metrics": {"total_cycles": {"direction": "smaller", "unit": "cycles", "max_regression_pct": 5},
                    "layers": {"direction": "equal", "unit": ""}}})");
    // 104 vs 100: regression 4 <= allowance max(0, 100 x 5 %) = 5.
    ComparisonVerdict v = evaluateComparisonProfile(p,
        { { QStringLiteral("total_cycles"), 100.0, 104.0, QStringLiteral("cycles") },
            { QStringLiteral("layers"), 3.0, 3.0, QString() } },
        {});
    QCOMPARE(v.status, VerdictStatus::Pass);
    QCOMPARE(*v.metrics.at(0).regression, 4.0);
    QCOMPARE(*v.metrics.at(0).allowedRegression, 5.0);
    v = evaluateComparisonProfile(p,
        { { QStringLiteral("total_cycles"), 100.0, 106.0, QStringLiteral("cycles") },
            { QStringLiteral("layers"), 3.0, 3.0, QString() } },
        {});
    QCOMPARE(v.status, VerdictStatus::Fail);
    QCOMPARE(v.metrics.at(0).message, QStringLiteral("Regression exceeds tolerance."));
    // Faster is never a regression for "smaller"; "equal" fails on any change.
    v = evaluateComparisonProfile(p,
        { { QStringLiteral("total_cycles"), 100.0, 50.0, QStringLiteral("cycles") },
            { QStringLiteral("layers"), 3.0, 4.0, QString() } },
        {});
    QCOMPARE(v.metrics.at(0).status, VerdictStatus::Pass);
    QCOMPARE(v.metrics.at(1).status, VerdictStatus::Fail);
    // Missing metric: fail by default; a unit mismatch fails.
    v = evaluateComparisonProfile(p, { { QStringLiteral("total_cycles"), 100.0, 100.0, QStringLiteral("us") } }, {});
    QCOMPARE(v.metrics.at(0).status, VerdictStatus::Fail);
    QCOMPARE(v.metrics.at(1).status, VerdictStatus::Fail);
    QCOMPARE(v.metrics.at(1).message, QStringLiteral("Metric is unavailable."));

    const ComparisonProfile lenient = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "missing": "ignore", "required_dimensions": ["board"],
        "metrics": {"binary.text": {"direction": "smaller", "unit": "bytes"},
                    "binary.data": {"direction": "smaller", "unit": "bytes", "missing": "warn"}}})");
    v = evaluateComparisonProfile(lenient, {}, { QStringLiteral("board") });
    QCOMPARE(v.status, VerdictStatus::Warn);
    QCOMPARE(v.metrics.at(0).status, VerdictStatus::Skip);
    v = evaluateComparisonProfile(lenient, {}, {});
    QCOMPARE(v.status, VerdictStatus::Fail); // the board differs
    QCOMPARE(v.dimensionMismatches, QStringList { QStringLiteral("board") });
    // "larger": only a drop counts, with the absolute allowance when it is the bigger one.
    const ComparisonProfile larger = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "missing": "ignore", "metrics": {"x": {"direction": "larger", "unit": "u", "max_regression_abs": 10,
        "max_regression_pct": 1}}})");
    v = evaluateComparisonProfile(larger, { { QStringLiteral("x"), 100.0, 91.0, QStringLiteral("u") } }, {});
    QCOMPARE(v.status, VerdictStatus::Pass);
    QCOMPARE(*v.metrics.at(0).allowedRegression, 10.0);
    v = evaluateComparisonProfile(larger, { { QStringLiteral("x"), 100.0, 89.0, QStringLiteral("u") } }, {});
    QCOMPARE(v.status, VerdictStatus::Fail);
    // All skipped -> skip.
    const ComparisonProfile skipOnly = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "metrics": {"x": {"direction": "smaller", "unit": "u", "missing": "ignore"}}})");
    QCOMPARE(evaluateComparisonProfile(skipOnly, {}, {}).status, VerdictStatus::Skip);
}

void TestComparison::profileRejectsBadInput()
{
    const char *bad[] = {
        R"({"schema": "other", "schema_version": 1, "metrics": {"x": {"direction": "smaller", "unit": ""}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 2, "metrics": {"x": {"direction": "smaller", "unit": ""}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "metrics": {}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "metrics": {"x": {"direction": "up", "unit": ""}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "metrics": {"x": {"direction": "smaller"}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "metrics": {"x": {"direction": "smaller", "unit": "", "max_regression_pct": -1}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "metrics": {"x": {"direction": "smaller", "unit": "", "max_regression_abs": true}}})",
        R"({"schema": "hpx.comparison-profile", "schema_version": 1, "required_dimensions": ["a", "a"], "metrics": {"x": {"direction": "smaller", "unit": ""}}})",
    };
    for (const char *json : bad) {
        QString error;
        QVERIFY2(!ComparisonProfile::fromJson(parseJson(json), &error), json);
        QVERIFY(!error.isEmpty());
    }
}

void TestComparison::profileDigestMatchesPython()
{
    // hashlib.sha256(json.dumps(profile.to_dict(), sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    // with heliaPROFILER's to_dict() (nulls of known keys dropped, unknown keys kept), computed in Python 3.11
    // for this document.
    const ComparisonProfile p = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "name": "smoke", "missing": null, "required_dimensions": [], "note": "kept",
        "metrics": {"total_cycles": {"direction": "smaller", "unit": "cycles", "max_regression_pct": 3.0,
        "max_regression_abs": null}}})");
    QCOMPARE(p.sha256, QStringLiteral("cc00e4d02c129a62859ea4461e10157b0d2687ac29e8ac638630b3f2b9c77c6a"));
}

void TestComparison::positionWhenListsAreIdentical()
{
    const Bundle b
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 50), layer(1, QStringLiteral("ADD"), 1, 10, 5) },
            QStringLiteral("aa"), 110);
    const Bundle c
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 90, 50), layer(1, QStringLiteral("ADD"), 1, 12, 5) },
            QStringLiteral("aa"), 102);
    const Comparison cmp = Comparator::compare(b, c);
    QVERIFY(!cmp.blocked());
    QCOMPARE(cmp.layerRule, LayerMatchRule::Position);
    QCOMPARE(cmp.pairs.size(), 2);
    QCOMPARE(*cmp.candidateValue(0, QStringLiteral("cycles")) - *cmp.baselineValue(0, QStringLiteral("cycles")), -10.0);
    const MetricDiff *total = cmp.metric(QStringLiteral("total_cycles"));
    QVERIFY(total);
    QCOMPARE(*total->delta, -8.0);
    QCOMPARE(*total->deltaPct, -8.0 / 110.0 * 100.0);
}

void TestComparison::operatorIndexForTheSameModel()
{
    // heliaAOT dropped operator 1 (a RESHAPE) and tags CONV_2D:2; same model -> paired by operator index.
    const Bundle b
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1), layer(1, QStringLiteral("RESHAPE"), 1, 5, 1),
                     layer(2, QStringLiteral("CONV_2D"), 2, 80, 1) },
            QStringLiteral("aa"), 185);
    const Bundle c
        = bundle({ layer(0, QStringLiteral("CONV_2D:0"), 0, 70, 1), layer(1, QStringLiteral("CONV_2D:2"), 2, 60, 1) },
            QStringLiteral("aa"), 130);
    const Comparison cmp = Comparator::compare(b, c);
    QCOMPARE(cmp.layerRule, LayerMatchRule::OperatorIndex);
    QCOMPARE(cmp.pairs.size(), 3);
    QCOMPARE(cmp.pairs.at(0).baseline, 0);
    QCOMPARE(cmp.pairs.at(0).candidate, 0);
    QCOMPARE(cmp.pairs.at(1).baseline, 1); // RESHAPE: only in the baseline
    QCOMPARE(cmp.pairs.at(1).candidate, -1);
    QCOMPARE(cmp.pairs.at(2).baseline, 2);
    QCOMPARE(cmp.pairs.at(2).candidate, 1);
    QVERIFY(std::any_of(cmp.issues.cbegin(), cmp.issues.cend(),
        [](const ComparabilityIssue &i) { return i.code == QLatin1String("topology.layers_matched"); }));
}

void TestComparison::opSequenceForDifferentModels()
{
    const Bundle b = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1), layer(1, QStringLiteral("ADD"), 1, 10, 1),
                                layer(2, QStringLiteral("SOFTMAX"), 2, 5, 1) },
        QStringLiteral("aa"), 115);
    const Bundle c
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1), layer(1, QStringLiteral("RELU"), 1, 3, 1),
                     layer(2, QStringLiteral("ADD"), 2, 11, 1), layer(3, QStringLiteral("SOFTMAX"), 3, 5, 1) },
            QStringLiteral("bb"), 119);
    ComparisonOptions options;
    options.allowModelChange = true;
    const Comparison cmp = Comparator::compare(b, c, options);
    QVERIFY(!cmp.blocked());
    QCOMPARE(cmp.layerRule, LayerMatchRule::OpSequence);
    const QVector<QPair<int, int>> expected = { { 0, 0 }, { -1, 1 }, { 1, 2 }, { 2, 3 } };
    QCOMPARE(cmp.pairs.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(cmp.pairs.at(i).baseline, expected.at(i).first);
        QCOMPARE(cmp.pairs.at(i).candidate, expected.at(i).second);
    }
    // Identical lists of different models are still aligned, never paired by position silently.
    const Comparison same = Comparator::compare(b, bundle(b.result.layers, QStringLiteral("cc"), 115), options);
    QCOMPARE(same.layerRule, LayerMatchRule::OpSequence);
}

void TestComparison::modelMismatchBlocks()
{
    const Bundle b = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1) }, QStringLiteral("aa"), 100);
    const Bundle c = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1) }, QStringLiteral("bb"), 100);
    const Comparison cmp = Comparator::compare(b, c);
    QVERIFY(cmp.blocked());
    QVERIFY(cmp.pairs.isEmpty());
    QCOMPARE(cmp.blockingMessages().size(), 1);
    Bundle invalid = b;
    invalid.hasManifest = true;
    invalid.manifest = parseJson(R"({"status": "complete", "validity": "invalid"})");
    invalid.validity = QStringLiteral("invalid"); // as the reader decides it from the summary and the manifest
    QVERIFY(Comparator::compare(invalid, b).blocked());
    // A legacy bundle the reader judged invalid (hpx Studio's, without its manifest) is blocked too, with the reason.
    Bundle legacy = b;
    legacy.validity = QStringLiteral("invalid");
    legacy.validityReason = QStringLiteral("result_manifest.json is missing");
    const Comparison blocked = Comparator::compare(b, legacy);
    QVERIFY(blocked.blocked());
    QVERIFY(!blocked.verdict);
    QVERIFY2(blocked.blockingMessages().join(QLatin1Char(' ')).contains(QStringLiteral("result_manifest.json")),
        qPrintable(blocked.blockingMessages().join(QLatin1Char(' '))));
}

void TestComparison::layerDiffColumnsAndValues()
{
    Bundle b = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 40), layer(1, QStringLiteral("ADD"), 1, 0, 4) },
        QStringLiteral("aa"), 100);
    Bundle c = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 80, 40), layer(1, QStringLiteral("ADD"), 1, 5, 4) },
        QStringLiteral("aa"), 85);
    b.result.layers[0].macs = 20;
    c.result.layers[0].macs = 20;
    const Comparison cmp = Comparator::compare(b, c);
    const QVector<QStringList> rows = parseCsv(layerDiffCsv(cmp));
    QCOMPARE(rows.size(), 3);
    const QStringList header = rows.at(0);
    QCOMPARE(header.mid(0, 13),
        QStringList({ QStringLiteral("id"), QStringLiteral("baseline_id"), QStringLiteral("candidate_id"),
            QStringLiteral("baseline_op"), QStringLiteral("candidate_op"), QStringLiteral("op_match"),
            QStringLiteral("baseline_cycles"), QStringLiteral("candidate_cycles"), QStringLiteral("delta_cycles"),
            QStringLiteral("delta_pct"), QStringLiteral("speedup"), QStringLiteral("baseline_overflow"),
            QStringLiteral("candidate_overflow") }));
    QStringList rest = header.mid(13);
    QStringList sorted = rest;
    sorted.sort();
    QCOMPARE(rest, sorted);
    // Counters, cycles_pct, macs and cycles_per_mac; no ops (no layer has them).
    QVERIFY(rest.contains(QStringLiteral("delta_pct_ARM_PMU_INST_RETIRED")));
    QVERIFY(rest.contains(QStringLiteral("baseline_cycles_pct")));
    QVERIFY(rest.contains(QStringLiteral("candidate_cycles_per_mac")));
    QVERIFY(!rest.contains(QStringLiteral("baseline_ops")));
    QCOMPARE(rest.size() % 4, 0);
    const auto cell = [&](int row, const QString &name) { return rows.at(row).value(int(header.indexOf(name))); };
    QCOMPARE(cell(1, QStringLiteral("delta_cycles")), QStringLiteral("-20.0"));
    QCOMPARE(cell(1, QStringLiteral("delta_pct")), QStringLiteral("-20.0"));
    QCOMPARE(cell(1, QStringLiteral("speedup")), QStringLiteral("1.25"));
    QCOMPARE(cell(1, QStringLiteral("op_match")), QStringLiteral("True"));
    QCOMPARE(cell(1, QStringLiteral("baseline_cycles_per_mac")), QStringLiteral("5.0"));
    QCOMPARE(cell(1, QStringLiteral("candidate_cycles_per_mac")), QStringLiteral("4.0"));
    // A zero baseline has no percentages; cycles_per_mac needs MACs.
    QCOMPARE(cell(2, QStringLiteral("delta_pct")), QString());
    QCOMPARE(cell(2, QStringLiteral("delta_pct_ARM_PMU_CPU_CYCLES")), QString());
    QCOMPARE(cell(2, QStringLiteral("delta_ARM_PMU_CPU_CYCLES")), QStringLiteral("5.0"));
    QCOMPARE(cell(2, QStringLiteral("baseline_cycles_per_mac")), QString());
    QVERIFY(layerDiffCsv(cmp).endsWith("\r\n"));
}

namespace {

AotMemoryRow placementRow(
    int layer, const QString &role, const QString &kind, const QString &memory, const QString &source = QString())
{
    AotMemoryRow r;
    r.layerIdx = QString::number(layer);
    r.layerId = QString::number(layer);
    r.tensorRole = role;
    r.tensorKind = kind;
    r.memory = memory;
    r.sourceMemory = source;
    return r;
}

} // namespace

// docs/compatibility.md §7.2: baseline_memory, candidate_memory, memory_changed, memory_diff from each bundle's
// aot_memory_layers.csv, right after candidate_overflow; empty where neither side has a placement.
void TestComparison::layerDiffAotMemoryPlacement()
{
    const QVector<LayerResult> layers = { layer(0, QStringLiteral("CONV_2D:0"), 0, 100, 40),
        layer(1, QStringLiteral("ADD:1"), 1, 10, 4), layer(2, QStringLiteral("SOFTMAX:2"), 2, 5, 2) };
    Bundle b = bundle(layers, QStringLiteral("aa"), 115);
    Bundle c = bundle(layers, QStringLiteral("aa"), 115);
    // Layer 0: two inputs and an output in SRAM, weights in MRAM; the candidate stages the weights MRAM -> SRAM.
    // Layer 1: one scratch buffer in DTCM on both sides. Layer 2: no tensors listed.
    const QString sram = QStringLiteral("sram"), mram = QStringLiteral("mram"), dtcm = QStringLiteral("dtcm");
    b.aotMemory = { placementRow(0, QStringLiteral("input"), QString(), sram),
        placementRow(0, QStringLiteral("input"), QString(), sram),
        placementRow(0, QStringLiteral("output"), QString(), sram),
        placementRow(0, QStringLiteral("local"), QStringLiteral("constant"), mram),
        placementRow(1, QStringLiteral("local"), QStringLiteral("scratch"), dtcm) };
    c.aotMemory = b.aotMemory;
    c.aotMemory[3].memory = sram;
    c.aotMemory[3].sourceMemory = mram;

    const Comparison cmp = Comparator::compare(b, c);
    const QVector<QStringList> rows = parseCsv(layerDiffCsv(cmp));
    QCOMPARE(rows.size(), 4);
    const QStringList header = rows.at(0);
    QCOMPARE(header.mid(11, 6),
        QStringList({ QStringLiteral("baseline_overflow"), QStringLiteral("candidate_overflow"),
            QStringLiteral("baseline_memory"), QStringLiteral("candidate_memory"), QStringLiteral("memory_changed"),
            QStringLiteral("memory_diff") }));
    const auto cell = [&](int row, const QString &name) { return rows.at(row).value(int(header.indexOf(name))); };

    // The expected texts, from the rows above: roles sorted (constants < inputs < outputs), counts per placement.
    const QString up = QStringLiteral("in %1");
    const QString inputs = QStringLiteral("inputs: 2 buffers ") + up.arg(sram.toUpper());
    const QString outputs = QStringLiteral("outputs: 1 buffer ") + up.arg(sram.toUpper());
    const QString baseConst = QStringLiteral("1 buffer ") + up.arg(mram.toUpper());
    const QString candConst = QStringLiteral("1 buffer staged %1 to %2").arg(mram.toUpper(), sram.toUpper());
    const QString baseLayer0 = QStringLiteral("constants: %1; %2; %3").arg(baseConst, inputs, outputs);
    const QString candLayer0 = QStringLiteral("constants: %1; %2; %3").arg(candConst, inputs, outputs);
    QCOMPARE(cell(1, QStringLiteral("baseline_memory")), baseLayer0);
    QCOMPARE(cell(1, QStringLiteral("candidate_memory")), candLayer0);
    QCOMPARE(cell(1, QStringLiteral("memory_changed")), QStringLiteral("True"));
    QCOMPARE(cell(1, QStringLiteral("memory_diff")), QStringLiteral("constants: %1 -> %2").arg(baseConst, candConst));

    const QString scratch = QStringLiteral("scratch: 1 buffer ") + up.arg(dtcm.toUpper());
    QCOMPARE(cell(2, QStringLiteral("baseline_memory")), scratch);
    QCOMPARE(cell(2, QStringLiteral("candidate_memory")), scratch);
    QCOMPARE(cell(2, QStringLiteral("memory_changed")), QStringLiteral("False"));
    QCOMPARE(cell(2, QStringLiteral("memory_diff")), QStringLiteral("unchanged: ") + scratch);

    for (const char *name : { "baseline_memory", "candidate_memory", "memory_changed", "memory_diff" })
        QCOMPARE(cell(3, QString::fromLatin1(name)), QString());
    // Cycles and counter columns are where they were.
    QCOMPARE(cell(1, QStringLiteral("delta_cycles")), QStringLiteral("0.0"));
    QVERIFY(!cmp.warnings.contains(
        QStringLiteral("AOT memory placement artifacts are present in only one run; placement diffs may be partial.")));

    // Placement data on one side only: that side's text, "none" for the other, and heliaPROFILER's warning.
    Bundle plain = bundle(layers, QStringLiteral("aa"), 115);
    const Comparison oneSided = Comparator::compare(plain, c);
    const QVector<QStringList> oneRows = parseCsv(layerDiffCsv(oneSided));
    const QStringList oneHeader = oneRows.at(0);
    const auto oneCell
        = [&](int row, const QString &name) { return oneRows.at(row).value(int(oneHeader.indexOf(name))); };
    QCOMPARE(oneCell(2, QStringLiteral("baseline_memory")), QString());
    QCOMPARE(oneCell(2, QStringLiteral("candidate_memory")), scratch);
    QCOMPARE(oneCell(2, QStringLiteral("memory_changed")), QStringLiteral("True"));
    QCOMPARE(oneCell(2, QStringLiteral("memory_diff")),
        QStringLiteral("scratch: none -> 1 buffer ") + up.arg(dtcm.toUpper()));
    QVERIFY(oneSided.warnings.contains(
        QStringLiteral("AOT memory placement artifacts are present in only one run; placement diffs may be partial.")));

    // Without placement data anywhere the columns are not written.
    const Comparison none = Comparator::compare(plain, plain);
    QVERIFY(!parseCsv(layerDiffCsv(none)).at(0).contains(QStringLiteral("baseline_memory")));
}

// The comparison's bundle reading (BundleReadOptions::forComparison): aot_memory_layers.csv is read, overlays are
// not parsed; every declared file is digest-checked all the same, read or not.
void TestComparison::comparisonReadsOnlyWhatItUses()
{
    QTemporaryDir tmp;
    ProfileResult r;
    r.engine = Engine::HeliaAot;
    r.counters = { kCycles };
    for (int i = 0; i < 2; ++i) {
        LayerResult l = layer(i, (i ? QStringLiteral("ADD:%1") : QStringLiteral("CONV_2D:%1")).arg(i), i, 100 + i, 0);
        l.values = { 100.0 + i };
        r.layers.append(l);
    }
    const auto write = [&](const QString &name, const QString &weights) {
        RunContext ctx = RunContext::create();
        ctx.rawCapture = QByteArrayLiteral("--- HPX_START ---\n");
        ctx.aotManifest = parseJson(QStringLiteral(R"([{"idx": 0, "id": 0, "op_type": "CONV_2D", "name": "conv",
            "inputs": [{"id": 1, "name": "x", "memory": "sram"}],
            "local_tensors": [{"id": 2, "name": "w", "kind": "constant", "memory": "%1"}]},
            {"idx": 1, "id": 1, "op_type": "ADD", "name": "add", "outputs": [{"id": 3, "name": "y", "memory": "sram"}]}])")
                                        .arg(weights)
                                        .toUtf8());
        const QString dir = tmp.filePath(name);
        const BundleWriteResult w = BundleWriter::write(r, ctx, dir);
        if (!w.ok)
            qFatal("bundle not written: %s", qPrintable(w.error));
        return dir;
    };
    const QString base = write(QStringLiteral("base"), QStringLiteral("mram"));
    const QString cand = write(QStringLiteral("cand"), QStringLiteral("tcm"));

    const BundleReadResult read = BundleReader::read(cand, BundleReadOptions::forComparison());
    QVERIFY2(read.bundle, qPrintable(read.error));
    QVERIFY(read.bundle->overlays.isEmpty());
    QCOMPARE(BundleReader::read(cand).bundle->overlays.size(), 1);
    QCOMPARE(read.bundle->aotMemory.size(), 3);
    QCOMPARE(read.bundle->aotMemory.at(1).memory, QStringLiteral("tcm"));

    QString error;
    auto cmp = Comparator::compareDirectories(base, cand, {}, &error);
    QVERIFY2(cmp, qPrintable(error));
    QVector<QStringList> rows = parseCsv(layerDiffCsv(*cmp));
    const QStringList header = rows.at(0);
    const auto cell = [&](int row, const QString &name) { return rows.at(row).value(int(header.indexOf(name))); };
    QCOMPARE(cell(1, QStringLiteral("memory_diff")), QStringLiteral("constants: 1 buffer in MRAM -> 1 buffer in TCM"));
    QCOMPARE(cell(2, QStringLiteral("memory_diff")), QStringLiteral("unchanged: outputs: 1 buffer in SRAM"));

    // A file the comparison does not parse (the raw capture), damaged with its size kept: refused like the full read.
    const auto damage = [](const QString &path) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        bytes[0] = bytes.at(0) == 'X' ? 'Y' : 'X';
        f.seek(0);
        f.write(bytes);
    };
    QFile capture(cand + QStringLiteral("/capture.log"));
    QVERIFY(capture.open(QIODevice::ReadOnly));
    const QByteArray original = capture.readAll();
    capture.close();
    damage(cand + QStringLiteral("/capture.log"));
    QVERIFY(!BundleReader::read(cand).bundle);
    QVERIFY(!Comparator::compareDirectories(base, cand, {}, &error));
    QVERIFY2(
        error.contains(QStringLiteral("capture.log")) && error.contains(QStringLiteral("SHA-256")), qPrintable(error));
    QVERIFY(capture.open(QIODevice::WriteOnly));
    capture.write(original); // back as it was
    capture.close();
    QVERIFY(Comparator::compareDirectories(base, cand, {}, &error));
    // A file it reads, damaged the same way: the comparison refuses it and names it.
    damage(cand + QStringLiteral("/aot_memory_layers.csv"));
    QVERIFY(!Comparator::compareDirectories(base, cand, {}, &error));
    QVERIFY2(error.contains(QStringLiteral("aot_memory_layers.csv")) && error.contains(QStringLiteral("SHA-256")),
        qPrintable(error));
}

void TestComparison::summaryKeyOrder()
{
    const Bundle b = bundle({ layer(0, QStringLiteral("CONV_2D"), 0, 100, 1) }, QStringLiteral("aa"), 100);
    const ComparisonProfile p = profileFrom(R"({"schema": "hpx.comparison-profile", "schema_version": 1,
        "metrics": {"total_cycles": {"direction": "smaller", "unit": "cycles"}}})");
    ComparisonOptions options;
    options.profile = &p;
    const Comparison cmp = Comparator::compare(b, b, options);
    const QByteArray bytes = compareSummaryJson(cmp, QStringLiteral("base"), QStringLiteral("cand"));
    QVERIFY(bytes.endsWith("}\n"));
    const JsonValue doc = parseJson(bytes);
    QCOMPARE(doc.keys(),
        QStringList({ QStringLiteral("baseline_dir"), QStringLiteral("candidate_dir"), QStringLiteral("warnings"),
            QStringLiteral("comparability"), QStringLiteral("config"), QStringLiteral("metrics"),
            QStringLiteral("verdict"), QStringLiteral("layer_matching") }));
    QCOMPARE(doc.value(QStringLiteral("comparability")).keys(),
        QStringList({ QStringLiteral("run_metrics_comparable"), QStringLiteral("layers_comparable"),
            QStringLiteral("power_metrics_comparable"), QStringLiteral("issues") }));
    QCOMPARE(doc.path({ QStringLiteral("verdict"), QStringLiteral("status") }).toString(), QStringLiteral("pass"));
    QCOMPARE(doc.value(QStringLiteral("metrics")).at(0).keys(),
        QStringList({ QStringLiteral("name"), QStringLiteral("baseline"), QStringLiteral("candidate"),
            QStringLiteral("delta"), QStringLiteral("delta_pct"), QStringLiteral("unit") }));
    // Written exactly as json.dumps(indent=2) plus LF.
    QCOMPARE(bytes, toPythonJson(doc) + '\n');
}

void TestComparison::deltaOverlayKeysAndColours()
{
    // Operators 4 and 7: one 30 cycles faster, one 10 cycles slower. The symmetric range is +-30.
    const Bundle b
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 4, 100, 1), layer(1, QStringLiteral("ADD"), 7, 20, 1) },
            QStringLiteral("aa"), 120);
    const Bundle c
        = bundle({ layer(0, QStringLiteral("CONV_2D"), 4, 70, 1), layer(1, QStringLiteral("ADD"), 7, 30, 1) },
            QStringLiteral("aa"), 100);
    const Comparison cmp = Comparator::compare(b, c);
    const QVector<DeltaOverlay> overlays = buildDeltaOverlays(cmp);
    QCOMPARE(overlays.size(), 2); // cycles and instructions
    const DeltaOverlay &o = overlays.at(0);
    QCOMPARE(o.counter, kCycles);
    QCOMPARE(o.relativePath, QStringLiteral("model_explorer/me_overlay_delta_ARM_PMU_CPU_CYCLES.json"));
    QCOMPARE(o.maxAbs, 30.0);
    QCOMPARE(o.bytes(), toPythonJson(o.document())); // the streamed text is json.dumps(indent=2) of the document
    const JsonValue doc = parseJson(o.bytes());
    QCOMPARE(doc.keys(), QStringList { QStringLiteral("main") });
    const JsonValue main = doc.value(QStringLiteral("main"));
    QCOMPARE(
        main.keys(), QStringList({ QStringLiteral("results"), QStringLiteral("gradient"), QStringLiteral("name") }));
    const JsonValue results = main.value(QStringLiteral("results"));
    QCOMPARE(results.keys(), QStringList({ QStringLiteral("4"), QStringLiteral("7") }));
    QCOMPARE(results.value(QStringLiteral("4")).value(QStringLiteral("value")).toDouble(), -30.0);
    QCOMPARE(results.value(QStringLiteral("7")).value(QStringLiteral("value")).toDouble(), 10.0);
    // -30 is the end of the range: the "faster" colour itself; +10 is a third of the way to "slower".
    QCOMPARE(results.value(QStringLiteral("4")).value(QStringLiteral("bgColor")).toString(), QStringLiteral("#2166ac"));
    const Rgb third { 0xf7 + int(std::lround((0xb2 - 0xf7) / 3.0)), 0xf7 + int(std::lround((0x18 - 0xf7) / 3.0)),
        0xf7 + int(std::lround((0x2b - 0xf7) / 3.0)) };
    QCOMPARE(results.value(QStringLiteral("7")).value(QStringLiteral("bgColor")).toString(), third.hex());
    const JsonValue gradient = main.value(QStringLiteral("gradient"));
    QCOMPARE(gradient.size(), 3);
    QCOMPARE(gradient.at(1).value(QStringLiteral("stop")).toDouble(), 0.5);
    QCOMPARE(gradient.at(1).value(QStringLiteral("bgColor")).toString(), QStringLiteral("#f7f7f7"));

    // Written to disk with the summary and the CSV; stale delta overlays go.
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("model_explorer"))));
    QFile stale(dir.filePath(QStringLiteral("model_explorer/me_overlay_delta_OLD.json")));
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.close();
    const ComparisonWriteResult w = writeComparison(cmp, dir.path(), QStringLiteral("b"), QStringLiteral("c"));
    QVERIFY2(w.ok, qPrintable(w.error));
    QCOMPARE(w.files.size(), 4);
    QVERIFY(!QFile::exists(stale.fileName()));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("model_explorer/me_overlay_delta_ARM_PMU_INST_RETIRED.json"))));
}

void TestComparison::divergingPalette()
{
    QCOMPARE(DivergingPalette::color(0, 10), DivergingPalette::unchanged());
    QCOMPARE(DivergingPalette::color(-10, 10), DivergingPalette::faster());
    QCOMPARE(DivergingPalette::color(25, 10), DivergingPalette::slower()); // clamped
    QCOMPARE(DivergingPalette::color(5, 0), DivergingPalette::unchanged()); // no range
    QCOMPARE(DivergingPalette::position(-5, 10), -0.5);
}

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
