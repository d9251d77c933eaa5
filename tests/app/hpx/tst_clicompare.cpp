// `hpx compare` end to end on bundles from the simulated board. Every expected number is computed here from
// the two bundles' own files (summary.json, profile_results.csv), never written into the test.
#include "model/bundle/csvwriter.h"
#include "model/tflite/syntheticmodel.h"
#include "tests/app/hpx/clitest.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace hpx::test;

namespace {

struct Table {
    QStringList header;
    QVector<QStringList> rows;
    int column(const QString &name) const { return int(header.indexOf(name)); }
    QString cell(int row, const QString &name) const { return rows.at(row).value(column(name)); }
};

Table readCsv(const QString &path)
{
    const QVector<QStringList> all = hpx::model::parseCsv(readFileBytes(path));
    Table t;
    t.header = all.value(0);
    for (int i = 1; i < all.size(); ++i) {
        if (!(all.at(i).size() == 1 && all.at(i).first().isEmpty()))
            t.rows.append(all.at(i));
    }
    return t;
}

// Runs the simulated board for MODEL and turns its stream into a bundle with `hpx import`.
bool makeBundle(const QString &model, const QString &dir, const QString &engine, int seed, QString *why)
{
    QProcess sim;
    sim.start(QStringLiteral(HPX_BOARD_SIM_BIN),
        { model, QStringLiteral("--stdout"), QStringLiteral("--time-scale"), QStringLiteral("0"),
            QStringLiteral("--engine"), engine, QStringLiteral("--seed"), QString::number(seed),
            QStringLiteral("--iterations"), QStringLiteral("3"), QStringLiteral("--warmup"), QStringLiteral("0"),
            QStringLiteral("--pmu-counters"), QStringLiteral("cpu:default") });
    sim.closeWriteChannel();
    if (!sim.waitForFinished(120000) || sim.exitCode() != 0) {
        *why = QString::fromUtf8(sim.readAllStandardError());
        return false;
    }
    const QString log = dir + QStringLiteral(".log");
    if (!writeFileBytes(log, sim.readAllStandardOutput())) {
        *why = QStringLiteral("cannot write ") + log;
        return false;
    }
    const HpxRun r = runHpx({ QStringLiteral("import"), log, model, QStringLiteral("--output-dir"), dir });
    if (r.exitCode != 0)
        *why = QString::fromUtf8(r.err);
    return r.exitCode == 0;
}

QString profileFile(
    const QString &dir, const QString &name, const QJsonObject &metrics, const QStringList &requiredDimensions = {})
{
    QJsonObject doc { { QStringLiteral("schema"), QStringLiteral("hpx.comparison-profile") },
        { QStringLiteral("schema_version"), 1 }, { QStringLiteral("name"), name },
        { QStringLiteral("metrics"), metrics } };
    if (!requiredDimensions.isEmpty())
        doc.insert(QStringLiteral("required_dimensions"), QJsonArray::fromStringList(requiredDimensions));
    const QString path = dir + QLatin1Char('/') + name + QStringLiteral(".json");
    writeFileBytes(path, QJsonDocument(doc).toJson());
    return path;
}

QJsonObject policy(const QString &direction, const QString &unit, double pct, const QString &missing = {})
{
    QJsonObject p { { QStringLiteral("direction"), direction }, { QStringLiteral("unit"), unit },
        { QStringLiteral("max_regression_pct"), pct } };
    if (!missing.isEmpty())
        p.insert(QStringLiteral("missing"), missing);
    return p;
}

double totalCycles(const QString &bundle)
{
    return readJsonObject(bundle + QStringLiteral("/summary.json")).value(QStringLiteral("total_cycles")).toDouble();
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sameModelDifferentSeed();
    void differentCostVerdicts();
    void operatorIndexMatching();
    void modelChangeBlocksUnlessAllowed();
    void incompleteBundleBlocks();
    void badProfileIsBadInput();
    void virtualBoardRunsSayInstructions();

private:
    void checkLayerDiff(const QString &compareDir, const QString &base, const QString &cand);

    QTemporaryDir m_tmp;
    QString m_model;
    QString m_a, m_b, m_c, m_aot, m_chainBase, m_chainEdit;
};

void TestCliCompare::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_model = dataPath(QStringLiteral("models/kws_ref_model.tflite"));
    QString why;
    m_a = m_tmp.filePath(QStringLiteral("a"));
    m_b = m_tmp.filePath(QStringLiteral("b"));
    m_c = m_tmp.filePath(QStringLiteral("c"));
    m_aot = m_tmp.filePath(QStringLiteral("aot"));
    QVERIFY2(makeBundle(m_model, m_a, QStringLiteral("tflm"), 1, &why), qPrintable(why));
    QVERIFY2(makeBundle(m_model, m_b, QStringLiteral("tflm"), 7, &why), qPrintable(why));
    QVERIFY2(makeBundle(m_model, m_c, QStringLiteral("helia-rt"), 1, &why), qPrintable(why));
    QVERIFY2(makeBundle(m_model, m_aot, QStringLiteral("helia-aot"), 1, &why), qPrintable(why));

    // A model change: the same 24-operator chain, then one with a RELU inserted at 6 and operator 17 removed.
    using hpx::model::SyntheticModel;
    SyntheticModel base = SyntheticModel::chain(SyntheticModel::ChainOptions(24));
    SyntheticModel edit = base;
    auto &sg = edit.subgraphs[0];
    const int reluIn = sg.operators.at(5).outputs.first();
    const int reluOut = sg.addTensor(QStringLiteral("relu_out"), QStringLiteral("INT8"), { 1, 8, 8, 8 });
    SyntheticModel::Operator relu;
    relu.op = QStringLiteral("RELU");
    relu.inputs = { reluIn };
    relu.outputs = { reluOut };
    sg.operators.insert(6, relu);
    sg.operators.remove(18); // original operator 17
    const QString baseModel = m_tmp.filePath(QStringLiteral("chain.tflite"));
    const QString editModel = m_tmp.filePath(QStringLiteral("chain_edit.tflite"));
    QVERIFY(base.writeFile(baseModel));
    QVERIFY(edit.writeFile(editModel));
    m_chainBase = m_tmp.filePath(QStringLiteral("chain"));
    m_chainEdit = m_tmp.filePath(QStringLiteral("chain_edit"));
    QVERIFY2(makeBundle(baseModel, m_chainBase, QStringLiteral("tflm"), 1, &why), qPrintable(why));
    QVERIFY2(makeBundle(editModel, m_chainEdit, QStringLiteral("tflm"), 1, &why), qPrintable(why));
}

// Every layer_diff.csv row against the two bundles' profile_results.csv rows it names.
void TestCliCompare::checkLayerDiff(const QString &compareDir, const QString &base, const QString &cand)
{
    const Table diff = readCsv(compareDir + QStringLiteral("/layer_diff.csv"));
    const Table b = readCsv(base + QStringLiteral("/profile_results.csv"));
    const Table c = readCsv(cand + QStringLiteral("/profile_results.csv"));
    QHash<QString, int> bRow, cRow;
    for (int i = 0; i < b.rows.size(); ++i)
        bRow.insert(b.cell(i, QStringLiteral("id")), i);
    for (int i = 0; i < c.rows.size(); ++i)
        cRow.insert(c.cell(i, QStringLiteral("id")), i);
    QVERIFY(!diff.rows.isEmpty());
    // Fixed columns first, then the per-counter columns sorted by name.
    QCOMPARE(diff.header.mid(0, 4),
        QStringList({ QStringLiteral("id"), QStringLiteral("baseline_id"), QStringLiteral("candidate_id"),
            QStringLiteral("baseline_op") }));
    const QStringList rest = diff.header.mid(13);
    QStringList sorted = rest;
    sorted.sort();
    QCOMPARE(rest, sorted);
    QVERIFY(rest.contains(QStringLiteral("delta_ARM_PMU_INST_RETIRED")));
    for (int r = 0; r < diff.rows.size(); ++r) {
        const QString bid = diff.cell(r, QStringLiteral("baseline_id"));
        const QString cid = diff.cell(r, QStringLiteral("candidate_id"));
        if (bid.isEmpty() || cid.isEmpty())
            continue;
        const int i = bRow.value(bid, -1);
        const int j = cRow.value(cid, -1);
        QVERIFY(i >= 0 && j >= 0);
        QCOMPARE(diff.cell(r, QStringLiteral("baseline_op")), b.cell(i, QStringLiteral("op")));
        QCOMPARE(diff.cell(r, QStringLiteral("candidate_op")), c.cell(j, QStringLiteral("op")));
        const double bc = b.cell(i, QStringLiteral("cycles")).toDouble();
        const double cc = c.cell(j, QStringLiteral("cycles")).toDouble();
        QVERIFY(close(diff.cell(r, QStringLiteral("baseline_cycles")).toDouble(), bc));
        QVERIFY(close(diff.cell(r, QStringLiteral("candidate_cycles")).toDouble(), cc));
        QVERIFY(close(diff.cell(r, QStringLiteral("delta_cycles")).toDouble(), cc - bc));
        QVERIFY(close(diff.cell(r, QStringLiteral("delta_pct")).toDouble(), (cc - bc) / bc * 100.0));
        QVERIFY(close(diff.cell(r, QStringLiteral("speedup")).toDouble(), bc / cc));
        const QString counter = QStringLiteral("ARM_PMU_INST_RETIRED");
        const double bi = b.cell(i, counter).toDouble();
        const double ci = c.cell(j, counter).toDouble();
        QVERIFY(close(diff.cell(r, QStringLiteral("baseline_") + counter).toDouble(), bi));
        QVERIFY(close(diff.cell(r, QStringLiteral("delta_") + counter).toDouble(), ci - bi));
    }
}

void TestCliCompare::sameModelDifferentSeed()
{
    const QString out = m_tmp.filePath(QStringLiteral("ab"));
    const HpxRun r = runHpx({ QStringLiteral("compare"), m_a, m_b, QStringLiteral("--output-dir"), out });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject s = readJsonObject(out + QStringLiteral("/compare_summary.json"));
    QCOMPARE(s.keys().size(), 7); // baseline_dir ... metrics, layer_matching (no verdict without a profile)
    QVERIFY(readFileBytes(out + QStringLiteral("/compare_summary.json")).endsWith("}\n"));
    const QJsonObject comparability = s.value(QStringLiteral("comparability")).toObject();
    QVERIFY(comparability.value(QStringLiteral("run_metrics_comparable")).toBool());
    QVERIFY(comparability.value(QStringLiteral("layers_comparable")).toBool());
    QCOMPARE(s.value(QStringLiteral("layer_matching")).toObject().value(QStringLiteral("rule")).toString(),
        QStringLiteral("position"));
    const QJsonObject total = s.value(QStringLiteral("metrics")).toArray().first().toObject();
    QCOMPARE(total.value(QStringLiteral("name")).toString(), QStringLiteral("total_cycles"));
    const double tb = totalCycles(m_a), tc = totalCycles(m_b);
    QVERIFY(tb != tc); // different seeds, different noise
    QVERIFY(close(total.value(QStringLiteral("baseline")).toDouble(), tb));
    QVERIFY(close(total.value(QStringLiteral("delta")).toDouble(), tc - tb));
    QVERIFY(close(total.value(QStringLiteral("delta_pct")).toDouble(), (tc - tb) / tb * 100.0));
    checkLayerDiff(out, m_a, m_b);
    // The overlay of the cycle deltas: one node per operator of the model.
    const QJsonObject overlay
        = readJsonObject(out + QStringLiteral("/model_explorer/me_overlay_delta_ARM_PMU_CPU_CYCLES.json"));
    const int rows = int(readCsv(m_a + QStringLiteral("/profile_results.csv")).rows.size());
    QCOMPARE(overlay.value(QStringLiteral("main")).toObject().value(QStringLiteral("results")).toObject().size(), rows);
}

void TestCliCompare::differentCostVerdicts()
{
    // helia-rt (baseline C) is cheaper than tflm (candidate A): the candidate regresses by this much.
    const double tb = totalCycles(m_c), tc = totalCycles(m_a);
    const double pct = (tc - tb) / tb * 100.0;
    QVERIFY(pct > 0);
    const QString dir = m_tmp.path();

    const QString tight = profileFile(dir, QStringLiteral("tight"),
        { { QStringLiteral("total_cycles"), policy(QStringLiteral("smaller"), QStringLiteral("cycles"), pct / 2) } });
    const QString out = m_tmp.filePath(QStringLiteral("ca"));
    HpxRun r = runHpx({ QStringLiteral("compare"), m_c, m_a, QStringLiteral("--profile"), tight,
        QStringLiteral("--output-dir"), out });
    QCOMPARE(r.exitCode, 1);
    QJsonObject verdict
        = readJsonObject(out + QStringLiteral("/compare_summary.json")).value(QStringLiteral("verdict")).toObject();
    QCOMPARE(verdict.value(QStringLiteral("status")).toString(), QStringLiteral("fail"));
    const QJsonObject m = verdict.value(QStringLiteral("metrics")).toArray().first().toObject();
    QVERIFY(close(m.value(QStringLiteral("regression")).toDouble(), tc - tb));
    QVERIFY(close(m.value(QStringLiteral("allowed_regression")).toDouble(), tb * (pct / 2) / 100.0));
    QCOMPARE(verdict.value(QStringLiteral("profile_sha256")).toString().size(), 64);
    // The engine differs: informative, the comparison goes on.
    bool engineIssue = false;
    for (const QJsonValue &i : readJsonObject(out + QStringLiteral("/compare_summary.json"))
                                   .value(QStringLiteral("comparability"))
                                   .toObject()
                                   .value(QStringLiteral("issues"))
                                   .toArray())
        engineIssue
            = engineIssue || i.toObject().value(QStringLiteral("code")) == QStringLiteral("dimension.engine_differs");
    QVERIFY(engineIssue);

    const QString loose = profileFile(dir, QStringLiteral("loose"),
        { { QStringLiteral("total_cycles"), policy(QStringLiteral("smaller"), QStringLiteral("cycles"), pct * 2) } });
    r = runHpx({ QStringLiteral("compare"), m_c, m_a, QStringLiteral("--profile"), loose });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("PASS"));
    // The same tolerance the other way round: the candidate got faster, nothing regressed.
    r = runHpx({ QStringLiteral("compare"), m_a, m_c, QStringLiteral("--profile"), tight });
    QCOMPARE(r.exitCode, 0);

    // A metric these bundles lack (no binary sizes): missing=warn gives warn (exit 0), ignore alone gives skip.
    const QString warn = profileFile(dir, QStringLiteral("warn"),
        { { QStringLiteral("total_cycles"), policy(QStringLiteral("smaller"), QStringLiteral("cycles"), pct * 2) },
            { QStringLiteral("binary.text"),
                policy(QStringLiteral("smaller"), QStringLiteral("bytes"), 1, QStringLiteral("warn")) } });
    const QString warnOut = m_tmp.filePath(QStringLiteral("warn_out"));
    r = runHpx({ QStringLiteral("compare"), m_c, m_a, QStringLiteral("--profile"), warn, QStringLiteral("--output-dir"),
        warnOut });
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(readJsonObject(warnOut + QStringLiteral("/compare_summary.json"))
                 .value(QStringLiteral("verdict"))
                 .toObject()
                 .value(QStringLiteral("status"))
                 .toString(),
        QStringLiteral("warn"));
    const QString skip = profileFile(dir, QStringLiteral("skip"),
        { { QStringLiteral("binary.text"),
            policy(QStringLiteral("smaller"), QStringLiteral("bytes"), 1, QStringLiteral("ignore")) } });
    r = runHpx({ QStringLiteral("compare"), m_c, m_a, QStringLiteral("--profile"), skip });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("SKIP"));

    // A required dimension that differs (engine) fails whatever the metrics say.
    const QString dims = profileFile(dir, QStringLiteral("dims"),
        { { QStringLiteral("total_cycles"), policy(QStringLiteral("smaller"), QStringLiteral("cycles"), pct * 2) } },
        { QStringLiteral("engine") });
    r = runHpx({ QStringLiteral("compare"), m_c, m_a, QStringLiteral("--profile"), dims });
    QCOMPARE(r.exitCode, 1);
}

void TestCliCompare::operatorIndexMatching()
{
    // Same model, helia-aot compiles some operators away and tags CONV_2D:<index>: paired by operator index.
    const QString out = m_tmp.filePath(QStringLiteral("a_aot"));
    const HpxRun r = runHpx({ QStringLiteral("compare"), m_a, m_aot, QStringLiteral("--output-dir"), out });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject s = readJsonObject(out + QStringLiteral("/compare_summary.json"));
    const Table a = readCsv(m_a + QStringLiteral("/profile_results.csv"));
    const Table aot = readCsv(m_aot + QStringLiteral("/profile_results.csv"));
    QVERIFY(a.rows.size() != aot.rows.size() || a.rows != aot.rows);
    QCOMPARE(s.value(QStringLiteral("layer_matching")).toObject().value(QStringLiteral("rule")).toString(),
        QStringLiteral("operator_index"));
    const Table diff = readCsv(out + QStringLiteral("/layer_diff.csv"));
    int paired = 0;
    for (int r = 0; r < diff.rows.size(); ++r) {
        const QString cop = diff.cell(r, QStringLiteral("candidate_op"));
        if (diff.cell(r, QStringLiteral("baseline_id")).isEmpty() || cop.isEmpty())
            continue;
        ++paired;
        // tflm ids are operator indices; the helia-aot tag carries the original index after ':'.
        QCOMPARE(cop.section(QLatin1Char(':'), -1), diff.cell(r, QStringLiteral("baseline_id")));
        QCOMPARE(cop.section(QLatin1Char(':'), 0, 0), diff.cell(r, QStringLiteral("baseline_op")));
    }
    QCOMPARE(paired, int(aot.rows.size()));
    checkLayerDiff(out, m_a, m_aot);
}

void TestCliCompare::modelChangeBlocksUnlessAllowed()
{
    const QString blocked = m_tmp.filePath(QStringLiteral("blocked"));
    HpxRun r = runHpx({ QStringLiteral("compare"), m_chainBase, m_chainEdit, QStringLiteral("--output-dir"), blocked });
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("model"));
    QVERIFY(!QFile::exists(blocked + QStringLiteral("/compare_summary.json")));

    const QString out = m_tmp.filePath(QStringLiteral("changed"));
    r = runHpx({ QStringLiteral("compare"), m_chainBase, m_chainEdit, QStringLiteral("--allow-model-change"),
        QStringLiteral("--output-dir"), out });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject s = readJsonObject(out + QStringLiteral("/compare_summary.json"));
    const QJsonObject matching = s.value(QStringLiteral("layer_matching")).toObject();
    QCOMPARE(matching.value(QStringLiteral("rule")).toString(), QStringLiteral("op_sequence"));
    // One operator inserted, one removed: all but one baseline layer pair up.
    const int baseLayers = int(readCsv(m_chainBase + QStringLiteral("/profile_results.csv")).rows.size());
    QCOMPARE(matching.value(QStringLiteral("matched")).toInt(), baseLayers - 1);
    QCOMPARE(matching.value(QStringLiteral("baseline_only")).toInt(), 1);
    QCOMPARE(matching.value(QStringLiteral("candidate_only")).toInt(), 1);
    const Table diff = readCsv(out + QStringLiteral("/layer_diff.csv"));
    int lastBase = -1, lastCand = -1;
    for (int r = 0; r < diff.rows.size(); ++r) {
        const QString bid = diff.cell(r, QStringLiteral("baseline_id"));
        const QString cid = diff.cell(r, QStringLiteral("candidate_id"));
        if (!bid.isEmpty() && !cid.isEmpty()) {
            QCOMPARE(diff.cell(r, QStringLiteral("baseline_op")), diff.cell(r, QStringLiteral("candidate_op")));
            QVERIFY(bid.toInt() > lastBase && cid.toInt() > lastCand); // order kept on both sides
            lastBase = bid.toInt();
            lastCand = cid.toInt();
        } else if (bid.isEmpty()) {
            QCOMPARE(diff.cell(r, QStringLiteral("candidate_op")), QStringLiteral("RELU"));
        }
    }
    bool mismatchReported = false;
    for (const QJsonValue &i :
        s.value(QStringLiteral("comparability")).toObject().value(QStringLiteral("issues")).toArray())
        mismatchReported = mismatchReported
            || (i.toObject().value(QStringLiteral("code")) == QStringLiteral("identity.model_mismatch")
                && i.toObject().value(QStringLiteral("severity")) == QStringLiteral("informative"));
    QVERIFY(mismatchReported);
    checkLayerDiff(out, m_chainBase, m_chainEdit);
}

void TestCliCompare::incompleteBundleBlocks()
{
    // A copy of bundle B whose manifest says the run did not complete.
    const QString copy = m_tmp.filePath(QStringLiteral("b_incomplete"));
    QVERIFY(QDir().mkpath(copy));
    for (const QString &f : QDir(m_b).entryList(QDir::Files))
        QVERIFY(QFile::copy(m_b + QLatin1Char('/') + f, copy + QLatin1Char('/') + f));
    QVERIFY(QDir().mkpath(copy + QStringLiteral("/model_explorer")));
    for (const QString &f : QDir(m_b + QStringLiteral("/model_explorer")).entryList(QDir::Files))
        QVERIFY(
            QFile::copy(m_b + QStringLiteral("/model_explorer/") + f, copy + QStringLiteral("/model_explorer/") + f));
    QByteArray manifest = readFileBytes(copy + QStringLiteral("/result_manifest.json"));
    QVERIFY(manifest.contains("\"status\": \"complete\""));
    manifest.replace("\"status\": \"complete\"", "\"status\": \"incomplete\"");
    QVERIFY(writeFileBytes(copy + QStringLiteral("/result_manifest.json"), manifest));
    const HpxRun r = runHpx({ QStringLiteral("compare"), m_a, copy });
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("candidate"));
}

void TestCliCompare::badProfileIsBadInput()
{
    const QString path = m_tmp.filePath(QStringLiteral("bad_profile.json"));
    QVERIFY(writeFileBytes(path, "{\"schema\": \"hpx.comparison-profile\", \"schema_version\": 2, \"metrics\": {}}"));
    const HpxRun r = runHpx({ QStringLiteral("compare"), m_a, m_b, QStringLiteral("--profile"), path });
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("version"));
}

// Issue 34: the virtual board's cycle column counts emulated instructions, and its *_us are only those at a nominal
// 32 MHz. What a person reads of `hpx compare` and `hpx show` says instructions and shows no time; the files keep
// heliaPROFILER's fields (summary.json total_cycles, latency.*_us).
void TestCliCompare::virtualBoardRunsSayInstructions()
{
    const auto virtualBoardBundle = [this](const QString &from, const QString &name) {
        QByteArray stream = readFileBytes(from + QStringLiteral(".log"));
        // What the agent on QEMU says about its counts, in the preamble.
        stream.replace("HPX_VERSION=1\n", "HPX_VERSION=1\nHPX_CYCLE_SOURCE=qemu_icount_instructions\n");
        const QString dir = m_tmp.filePath(name);
        if (!writeFileBytes(dir + QStringLiteral(".log"), stream))
            return QString();
        const HpxRun r = runHpx(
            { QStringLiteral("import"), dir + QStringLiteral(".log"), m_model, QStringLiteral("--output-dir"), dir });
        return r.exitCode == 0 ? dir : QString();
    };
    const QString a = virtualBoardBundle(m_a, QStringLiteral("qemu_a"));
    const QString b = virtualBoardBundle(m_b, QStringLiteral("qemu_b"));
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    const QJsonObject summary = readJsonObject(a + QStringLiteral("/summary.json"));
    QVERIFY(summary.value(QStringLiteral("total_cycles")).toDouble() > 0); // the file keeps heliaPROFILER's field

    const HpxRun compared = runHpx({ QStringLiteral("compare"), a, b });
    QCOMPARE(compared.exitCode, 0);
    const QString text = QString::fromUtf8(compared.out);
    QVERIFY2(text.contains(QLatin1String("instructions (emulated)")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Top 10 layers by change of instructions (emulated):"))
            || text.contains(QLatin1String("layer(s) by change of instructions (emulated):")),
        qPrintable(text));
    for (const char *word : { "cycle", "[us]", "_us", "latency", "clock" })
        QVERIFY2(!text.contains(QLatin1String(word), Qt::CaseInsensitive),
            qPrintable(QLatin1String(word) + QLatin1Char('\n') + text));

    const HpxRun shown = runHpx({ QStringLiteral("show"), a });
    QCOMPARE(shown.exitCode, 0);
    const QString show = QString::fromUtf8(shown.out);
    QVERIFY2(show.contains(QLatin1String("Top layers by instructions (emulated):")), qPrintable(show));
    QVERIFY2(show.contains(QLatin1String("Counters:  instructions (emulated)")), qPrintable(show));
    // Every line but the issues' (the merge's words, which name the stream's HPX_CYCLE_SOURCE line as it came).
    QStringList own = show.split(QLatin1Char('\n'));
    own.erase(std::remove_if(own.begin(), own.end(),
                  [](const QString &line) { return line.startsWith(QLatin1String("  warning ")); }),
        own.end());
    for (const char *word : { "cycle", "_us", "latency", "clock" })
        QVERIFY2(!own.join(QLatin1Char('\n')).contains(QLatin1String(word), Qt::CaseInsensitive),
            qPrintable(QLatin1String(word) + QLatin1Char('\n') + show));

    // The same runs from a real board's stream say cycles.
    const QString real = QString::fromUtf8(runHpx({ QStringLiteral("compare"), m_a, m_b }).out);
    QVERIFY2(real.contains(QLatin1String("total_cycles [cycles]")), qPrintable(real));
}

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_clicompare.moc"
