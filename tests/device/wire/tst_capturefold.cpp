// hpx import's streaming merge (model/results/capturefold.h, docs/merging.md "Streaming"): a stream parsed with a
// CaptureFold, whose passes are aggregated as the stream moves on and whose rows are never kept, must merge to exactly
// what the same stream gives when every row is kept and merged afterwards: the same result, warnings, issues and
// bundle bytes, for every stream in tests/data and for every stream made from one by losing, repeating or damaging a
// line (the loss handling of docs/merging.md).
#include "device/capture/captureverdict.h"
#include "device/wire/wireparser.h"
#include "model/bundle/bundlewriter.h"
#include "model/results/capturefold.h"
#include "model/results/merge.h"
#include "tests/device/wire/wiretestutil.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace hpx;

namespace {

model::RunContext fixedContext()
{
    model::RunContext ctx;
    ctx.runId = QStringLiteral("00000000-0000-4000-8000-000000000000");
    ctx.timestamp = QStringLiteral("2026-01-01T00:00:00.000000+00:00");
    ctx.hpxVersion = QStringLiteral("test");
    ctx.detailed = true; // per-pass and per-group tables too
    return ctx;
}

// Everything a merge decides, as text: a difference shows up readably in the failure.
QString describe(const model::MergeOutcome &outcome)
{
    QString out = QStringLiteral("ok=%1\nerror=%2\nhint=%3\nrejected=%4\nwrap=%5 frozen=%6\n")
                      .arg(outcome.ok())
                      .arg(outcome.error, outcome.hint, outcome.rejectedPasses.join(QLatin1Char(',')))
                      .arg(outcome.rejectedSamples.wrapRejected)
                      .arg(outcome.rejectedSamples.frozenRejected);
    if (!outcome.result)
        return out;
    const model::ProfileResult &r = *outcome.result;
    out += QStringLiteral("warnings=%1\noverflow=%2\n").arg(r.warnings.join(QLatin1Char('|'))).arg(r.overflowDetected);
    for (const model::PassResult &pass : r.passes) {
        out += QStringLiteral("pass %1 iterations=%2 layers=%3\n")
                   .arg(pass.name)
                   .arg(pass.iterationCount)
                   .arg(pass.layers.size());
        for (const model::LayerResult &layer : pass.layers)
            out += QStringLiteral("  %1 samples=%2 overflow=%3\n").arg(layer.op).arg(layer.samples).arg(layer.overflow);
    }
    QString error;
    const model::BundlePlan plan = model::BundleWriter::plan(r, fixedContext(), &error);
    out += QStringLiteral("plan error=%1\n").arg(error);
    for (const model::BundleFile &file : plan.files)
        out += QStringLiteral("--- %1\n").arg(file.path) + QString::fromUtf8(file.data) + QLatin1Char('\n');
    return out;
}

struct Both {
    QString plain;
    QString folded;
    QString plainCapture;
    QString foldedCapture;
};

// The capture's iterations as numbers and row counts (what a folded capture keeps of them).
QString shape(const model::Capture &capture)
{
    QString out;
    for (const model::CapturePass &pass : capture.passes) {
        out += pass.name + QLatin1Char(':') + pass.counters.join(QLatin1Char(',')) + QLatin1Char('[');
        for (const model::CaptureIteration &it : pass.iterations)
            out += QStringLiteral("%1/%2 ").arg(it.number).arg(it.rowCount());
        out += QStringLiteral("]\n");
    }
    for (const model::CaptureProblem &p : capture.problems)
        out += p.kind + QLatin1Char(' ') + p.message + QLatin1Char('\n');
    out += QStringLiteral("verdict=%1\n")
               .arg(device::captureFailure(capture) ? device::captureFailure(capture)->kind : QStringLiteral("ok"));
    return out;
}

Both mergeBothWays(const QByteArray &stream, model::Aggregation aggregation, const QVector<int> &chunks = {})
{
    model::MergeOptions options;
    options.aggregation = aggregation;
    Both both;
    const model::Capture plain = device::WireParser::parse(stream);
    both.plain = describe(model::mergeCapture(plain, options));
    both.plainCapture = shape(plain);

    device::WireParser parser;
    parser.setFold(std::make_shared<model::CaptureFold>(aggregation));
    if (chunks.isEmpty()) {
        parser.feed(stream);
    } else {
        for (qsizetype at = 0, i = 0; at < stream.size(); ++i) {
            const qsizetype n = std::min<qsizetype>(chunks.at(i % chunks.size()), stream.size() - at);
            parser.feed(QByteArrayView(stream).sliced(at, n));
            at += n;
        }
    }
    const model::Capture folded = parser.finish();
    both.folded = describe(model::mergeCapture(folded, options));
    both.foldedCapture = shape(folded);
    // A folded capture keeps no rows: the memory is the point.
    for (const model::CapturePass &pass : folded.passes) {
        for (const model::CaptureIteration &it : pass.iterations) {
            if (!it.rows.isEmpty())
                both.foldedCapture += QStringLiteral("rows kept in %1\n").arg(pass.name);
        }
    }
    return both;
}

QByteArray lines(const QByteArrayList &list)
{
    return list.join('\n') + '\n';
}

// Streams that exercise what the fold has to follow: passes replaced, a board restart, lost, repeated and damaged
// lines, iterations left out for a disagreeing op tag, frozen and wrapped values, overflow flags, missing cells.
QVector<QPair<QString, QByteArray>> handMadeStreams()
{
    const QByteArray header = "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\",\"overflow\"";
    auto iteration = [&](int n, const QByteArrayList &rows) {
        QByteArrayList out { "--- HPX_ITER " + QByteArray::number(n) + " ---", header };
        out += rows;
        return out;
    };
    QVector<QPair<QString, QByteArray>> out;
    QByteArrayList base { "--- HPX_START ---", "HPX_VERSION=1", "HPX_ITERATIONS=3", "HPX_PRESETS=cpu_0,cpu_1",
        "--- HPX_PRESET cpu_0 ---" };
    base += iteration(0, { "0,CONV_2D,100,10,0", "1,ADD,200,20,0", "2,FULLY_CONNECTED,300,30,0" });
    base += iteration(1, { "0,CONV_2D,110,11,0", "1,ADD,210,21,1", "2,FULLY_CONNECTED,310,31,0" });
    base += iteration(2, { "0,CONV_2D,120,12,0", "1,ADD,0,0,0", "2,FULLY_CONNECTED,3000000000,32,0" });
    base += "--- HPX_PRESET cpu_1 ---";
    base += iteration(0, { "0,CONV_2D,101,,0", "1,ADD,201,5,0", "2,FULLY_CONNECTED,301,6,0" });
    base += iteration(1, { "0,CONV_2D,102,7,0", "1,MUL,202,8,0", "2,FULLY_CONNECTED,302,9,0" });
    base += iteration(2, { "0,CONV_2D,103,x,0", "1,ADD,203,4,0", "2,FULLY_CONNECTED,303,3,0" });
    QByteArrayList complete = base;
    complete += "--- HPX_END ---";
    out.append({ QStringLiteral("two passes"), lines(complete) });

    QByteArrayList repeated = base;
    repeated += "--- HPX_PRESET cpu_0 ---"; // cpu_0 again: replaces the first attempt in place
    repeated += iteration(0, { "0,CONV_2D,500,50,0", "1,ADD,600,60,0", "2,FULLY_CONNECTED,700,70,0" });
    repeated += iteration(1, { "0,CONV_2D,510,51,0", "1,ADD,610,61,0" });
    repeated += "--- HPX_END ---";
    out.append({ QStringLiteral("pass repeated"), lines(repeated) });

    QByteArrayList restarted { "--- HPX_START ---", "HPX_ITERATIONS=2", "--- HPX_PRESET cpu_0 ---" };
    restarted += iteration(0, { "0,CONV_2D,100,10,0", "1,ADD,200,20,0" });
    restarted += iteration(1, { "0,CONV_2D,100,10,0" });
    restarted += "--- HPX_START ---"; // board reset inside iteration 1
    restarted += "--- HPX_PRESET cpu_1 ---";
    restarted += iteration(0, { "0,CONV_2D,1,2,0", "1,ADD,3,4,0" });
    restarted += "--- HPX_PRESET cpu_0 ---";
    restarted += iteration(0, { "0,CONV_2D,9,9,0", "1,ADD,8,8,0" });
    restarted += "--- HPX_END ---";
    out.append({ QStringLiteral("restart"), lines(restarted) });

    QByteArrayList legacy { "--- HPX_START ---" }; // no PRESET: one pass named _default
    legacy += iteration(0, { "0,CONV_2D,100,10,0", "1,ADD,200,20,0" });
    legacy += iteration(1, { "0,CONV_2D,100,10,0", "1,ADD,200,20,0" });
    legacy += "--- HPX_END ---";
    out.append({ QStringLiteral("legacy"), lines(legacy) });

    QByteArrayList emptyFirst { "--- HPX_START ---", "HPX_ITERATIONS=2", "--- HPX_PRESET cpu_0 ---",
        "--- HPX_ITER 0 ---", "--- HPX_ITER 1 ---", "--- HPX_PRESET cpu_1 ---" };
    emptyFirst += iteration(0, { "0,CONV_2D,100,10,0", "1,ADD,200,20,0" });
    emptyFirst += "--- HPX_END ---";
    out.append({ QStringLiteral("empty first pass"), lines(emptyFirst) });
    return out;
}

// Every stream of tests/data a parser test reads.
QStringList dataStreams()
{
    QStringList out;
    const QDir conformance(test::dataPath(QStringLiteral("conformance")));
    for (const QString &dir : conformance.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (QFileInfo::exists(conformance.filePath(dir + QStringLiteral("/stream.txt"))))
            out << QStringLiteral("conformance/") + dir + QStringLiteral("/stream.txt");
    }
    const QDir cli(test::dataPath(QStringLiteral("cli")));
    for (const QString &file : cli.entryList({ QStringLiteral("*.log") }, QDir::Files, QDir::Name))
        out << QStringLiteral("cli/") + file;
    out << QStringLiteral("results/spec_1_10_stream.txt");
    return out;
}

} // namespace

class TestCaptureFold : public QObject {
    Q_OBJECT
private slots:
    void sameAsKeepingRows_data();
    void sameAsKeepingRows();
    void sameAfterEveryLineLoss_data();
    void sameAfterEveryLineLoss();
    void aggregationMustMatch();
};

void TestCaptureFold::sameAsKeepingRows_data()
{
    QTest::addColumn<QByteArray>("stream");
    for (const QString &path : dataStreams())
        QTest::newRow(qPrintable(path)) << test::readData(path);
    for (const auto &[name, stream] : handMadeStreams())
        QTest::newRow(qPrintable(name)) << stream;
}

void TestCaptureFold::sameAsKeepingRows()
{
    QFETCH(QByteArray, stream);
    QVERIFY(!stream.isEmpty());
    for (const model::Aggregation aggregation :
        { model::Aggregation::Median, model::Aggregation::Mean, model::Aggregation::Trimmed }) {
        for (const QVector<int> &chunks : { QVector<int> {}, QVector<int> { 1, 7, 64 } }) {
            const Both both = mergeBothWays(stream, aggregation, chunks);
            QCOMPARE(both.foldedCapture, both.plainCapture);
            QCOMPARE(both.folded, both.plain);
        }
    }
}

void TestCaptureFold::sameAfterEveryLineLoss_data()
{
    QTest::addColumn<QByteArray>("stream");
    QVector<QPair<QString, QByteArray>> sources = handMadeStreams();
    sources.append({ QStringLiteral("spec"), test::specExampleStream() });
    for (const auto &[name, stream] : sources) {
        const QByteArrayList all = stream.split('\n');
        for (int i = 0; i < all.size(); ++i) {
            QByteArrayList lost = all;
            lost.removeAt(i);
            QTest::addRow("%s, line %d lost", qPrintable(name), i + 1) << lost.join('\n');
            QByteArrayList twice = all;
            twice.insert(i, all.at(i));
            QTest::addRow("%s, line %d twice", qPrintable(name), i + 1) << twice.join('\n');
            QByteArrayList cut = all;
            cut[i] = cut.at(i).left(cut.at(i).size() / 2);
            QTest::addRow("%s, line %d cut", qPrintable(name), i + 1) << cut.join('\n');
        }
    }
}

void TestCaptureFold::sameAfterEveryLineLoss()
{
    QFETCH(QByteArray, stream);
    const Both both = mergeBothWays(stream, model::Aggregation::Median);
    QCOMPARE(both.foldedCapture, both.plainCapture);
    QCOMPARE(both.folded, both.plain);
}

void TestCaptureFold::aggregationMustMatch()
{
    // The rows are gone, so a fold made for one aggregation cannot give another: an error, never a silent result.
    const QByteArray stream = handMadeStreams().first().second;
    const model::Capture folded = device::WireParser::parse(
        stream, std::nullopt, nullptr, std::make_shared<model::CaptureFold>(model::Aggregation::Mean));
    model::MergeOptions options;
    options.aggregation = model::Aggregation::Median;
    const model::MergeOutcome outcome = model::mergeCapture(folded, options);
    QVERIFY(!outcome.ok());
    QVERIFY2(outcome.error.contains(QStringLiteral("mean")), qPrintable(outcome.error));
    options.aggregation = model::Aggregation::Mean;
    QVERIFY(model::mergeCapture(folded, options).ok());
}

QTEST_GUILESS_MAIN(TestCaptureFold)
#include "tst_capturefold.moc"
