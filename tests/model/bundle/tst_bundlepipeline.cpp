#include "bundletestdata.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/json/jsonwriter.h"
#include "model/results/merge.h"

#include <QDir>
#include <QRegularExpression>
#include <QtTest>

using namespace hpx::model;

namespace {

// The parser's view of a conformance stream, rebuilt from expected.json (its transport lines for
// the metadata, its per-iteration rows), so this test runs the real merge without the device layer.
Capture captureFromExpected(const JsonValue &doc)
{
    Capture capture;
    capture.sawStart = capture.sawEnd = true;
    static const QRegularExpression meta(QStringLiteral("^HPX_([A-Z0-9_]+)=(.*)$"));
    static const QRegularExpression cleanBegin(
        QStringLiteral("^HPX_HEARTBEAT phase=clean_window_begin .*\\biters=(\\d+)"));
    for (const JsonValue &line :
        doc.path({ QStringLiteral("expected"), QStringLiteral("transport_lines") }).elements()) {
        // merge.h's contract: the parser keeps the clean_window_begin count as announced_clean_iters.
        const auto begin = cleanBegin.match(line.toString().trimmed());
        if (begin.hasMatch())
            capture.metadata.append({ QStringLiteral("announced_clean_iters"), begin.captured(1).toLongLong() });
        const auto m = meta.match(line.toString().trimmed());
        if (!m.hasMatch() || m.captured(1) == QStringLiteral("ERROR") || m.captured(1) == QStringLiteral("WARN"))
            continue;
        const QString key = m.captured(1).toLower();
        bool ok = false;
        const qint64 number = m.captured(2).toLongLong(&ok);
        capture.metadata.append({ key, ok ? QVariant(number) : QVariant(m.captured(2)) });
        if (key == QStringLiteral("presets"))
            capture.announcedPresets = m.captured(2).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    const JsonValue parsed = doc.path({ QStringLiteral("expected"), QStringLiteral("parsed") });
    const JsonValue presets = parsed.value(QStringLiteral("presets"));
    for (const JsonValue &nameValue : parsed.value(QStringLiteral("preset_names")).elements()) {
        const JsonValue p = presets.value(nameValue.toString());
        CapturePass pass;
        pass.name = nameValue.toString();
        for (const JsonValue &h : p.value(QStringLiteral("header")).elements()) {
            pass.header.append(h.toString());
            if (h.toString() != QStringLiteral("Layer") && h.toString() != QStringLiteral("Op")
                && h.toString() != QStringLiteral("overflow"))
                pass.counters.append(h.toString());
        }
        int number = 0;
        for (const JsonValue &iteration : p.value(QStringLiteral("iterations")).elements()) {
            CaptureIteration it;
            it.number = number++;
            int position = 0;
            for (const JsonValue &row : iteration.elements()) {
                CaptureRow r;
                r.position = position++;
                r.layer = QString::fromUtf8(toPythonJson(row.value(QStringLiteral("id"))));
                r.op = row.value(QStringLiteral("op")).toString();
                const JsonValue counters = row.value(QStringLiteral("counters"));
                for (const QString &c : std::as_const(pass.counters)) {
                    const JsonValue *v = counters.find(c);
                    r.values.append(v ? std::optional<double>(v->toDouble()) : std::nullopt);
                }
                r.overflow = row.value(QStringLiteral("overflow")).toBool();
                it.rows.append(r);
            }
            pass.iterations.append(it);
        }
        capture.passes.append(pass);
    }
    return capture;
}

} // namespace

// Conformance streams through the real merge (results) and the bundle writer: the files must be
// heliaPROFILER's, byte for byte.
class TestBundlePipeline : public QObject {
    Q_OBJECT

private slots:
    void mergedRunsWriteHpxFiles_data()
    {
        QTest::addColumn<QString>("caseName");
        for (const QString &c : hpx::test::conformanceCases())
            QTest::newRow(qPrintable(c)) << c;
    }
    void mergedRunsWriteHpxFiles()
    {
        QFETCH(QString, caseName);
        const JsonValue doc
            = hpx::test::readJsonFile(hpx::test::conformanceDir(caseName) + QStringLiteral("/expected.json"));
        MergeOptions options;
        options.engine
            = *hpx::model::engineFromName(doc.path({ QStringLiteral("inputs"), QStringLiteral("engine") }).toString());
        const QString agg = doc.path({ QStringLiteral("inputs"), QStringLiteral("aggregation") }).toString();
        options.aggregation = agg == QStringLiteral("mean") ? Aggregation::Mean
            : agg == QStringLiteral("trimmed")              ? Aggregation::Trimmed
                                                            : Aggregation::Median;
        const MergeOutcome outcome = mergeCapture(captureFromExpected(doc), options);
        QVERIFY2(outcome.ok(), qPrintable(outcome.error));

        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("results"));
        const BundleWriteResult r = BundleWriter::write(*outcome.result, hpx::test::fixedContext(), dir);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QString expectedDir = hpx::test::conformanceDir(caseName);
        const QStringList expectedOverlays
            = QDir(expectedDir + QStringLiteral("/expected_model_explorer")).entryList(QDir::Files, QDir::Name);
        QCOMPARE(QDir(dir + QStringLiteral("/model_explorer")).entryList(QDir::Files, QDir::Name), expectedOverlays);
        for (const QString &f : expectedOverlays) {
            QCOMPARE(hpx::test::readFile(dir + QStringLiteral("/model_explorer/") + f),
                hpx::test::readFile(expectedDir + QStringLiteral("/expected_model_explorer/") + f));
        }

        const QByteArray actual = hpx::test::readFile(dir + QStringLiteral("/summary.json"));
        const QByteArray expected = hpx::test::readFile(expectedDir + QStringLiteral("/expected_summary.json"));
        // heliaPROFILER's summary, byte for byte, issue messages included.
        QCOMPARE(actual, expected);
    }
};

QTEST_GUILESS_MAIN(TestBundlePipeline)
#include "tst_bundlepipeline.moc"
