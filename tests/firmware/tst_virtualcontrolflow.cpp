// Ground truth for attribution by position (issue 33): a model that loops (WHILE in WHILE, operators before and after
// the inner loop, an operator after each loop of its body's type, IF inside WHILE taking both branches, CALL_ONCE;
// tests/data/controlflow/README.md) profiled on the virtual board with both kernel sets. Every row's invocations must
// be what the model runs — worked out by hand (controlflow_loops.expected.json) and recorded by TFLM on the host
// (hpx_tflm_host_run --invocations) — and the self values must add up to the whole inference. Once from the board's
// stream with its positions (HPX_LAYER_POSITIONS), once from the same stream without them, as heliaPROFILER's firmware
// sends it, which the host aligns with the model's control structure.
// Skipped, saying what is missing, only without qemu-system-arm, the Arm toolchain or the TFLM trees.
#include "model/bundle/bundlereader.h"
#include "qemuboardprocess.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using Counts = QMap<QString, int>; // "subgraph.operator" -> invocations

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestVirtualControlFlow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_model;
    Counts m_expected;

    // Runs hpx with `arguments`; false with *error when it failed.
    static bool runHpx(const QStringList &arguments, QString *error)
    {
        QProcess p;
        p.start(QStringLiteral(HPX_BIN), arguments);
        if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            *error = QStringLiteral("hpx %1 failed (%2): %3")
                         .arg(arguments.value(0))
                         .arg(p.exitCode())
                         .arg(QString::fromLocal8Bit(p.readAllStandardError()));
            return false;
        }
        return true;
    }

    // Every row of the bundle against the expected counts, and the self values against the whole inference.
    static void verifyBundle(const QString &dir, const Counts &expected, const QString &what)
    {
        const hpx::model::BundleReadResult read = hpx::model::BundleReader::read(dir);
        QVERIFY2(read.bundle, qPrintable(what + QStringLiteral(": ") + read.error));
        const hpx::model::ProfileResult &result = read.bundle->result;
        QVERIFY2(result.validity() != QLatin1String("invalid"), qPrintable(what));
        for (const hpx::model::Issue &issue : result.issues) {
            QVERIFY2(
                !issue.code.startsWith(QLatin1String("profile.")) && !issue.code.startsWith(QLatin1String("model.")),
                qPrintable(what + QStringLiteral(": ") + issue.code + QStringLiteral(" ") + issue.message));
        }
        Counts seen;
        double topLevel = 0;
        for (int l = 0; l < result.layers.size(); ++l) {
            const hpx::model::LayerResult &layer = result.layers.at(l);
            QVERIFY2(layer.subgraph >= 0 && layer.sourceIndex >= 0,
                qPrintable(what + QStringLiteral(": layer %1 (%2) is not attributed").arg(l).arg(layer.op)));
            const QString key = QStringLiteral("%1.%2").arg(layer.subgraph).arg(layer.sourceIndex);
            QVERIFY2(!seen.contains(key), qPrintable(what + QStringLiteral(": two layers for ") + key));
            seen.insert(key, layer.invocations);
            QVERIFY2(expected.contains(key), qPrintable(what + QStringLiteral(": the model has no operator ") + key));
            QVERIFY2(layer.invocations == expected.value(key),
                qPrintable(what
                    + QStringLiteral(": %1 (%2) ran %3 times, the row says %4")
                          .arg(key, layer.op)
                          .arg(expected.value(key))
                          .arg(layer.invocations)));
            if (layer.invocations > 0 && layer.parentLayer < 0)
                topLevel += result.cycles(l).value_or(std::nan(""));
        }
        // Every operator that ran has its row (one that did not may have a row with 0 invocations, or none).
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            if (it.value() > 0)
                QVERIFY2(seen.contains(it.key()), qPrintable(what + QStringLiteral(": no row for ") + it.key()));
        }
        // Every instruction counted once: Σ self = the top-level rows' sum = the whole inference.
        QVERIFY2(topLevel > 0, qPrintable(what));
        QVERIFY2(std::abs(result.selfTotalCycles() - topLevel) < 0.5,
            qPrintable(what
                + QStringLiteral(": self values add up to %1, the inference to %2")
                      .arg(result.selfTotalCycles())
                      .arg(topLevel)));
    }

private Q_SLOTS:
    void initTestCase()
    {
#ifdef HPX_TFLM_MISSING
        QSKIP(qPrintable(
            QStringLiteral("TensorFlow Lite Micro's trees are missing: ") + QStringLiteral(HPX_TFLM_MISSING)));
#endif
        const QString unavailable = hpx::firmwaretest::QemuBoardProcess::whyUnavailable();
        if (!unavailable.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no virtual board: ") + unavailable));
        QVERIFY(m_tmp.isValid());
        m_model = hpx::test::dataPath(QStringLiteral("controlflow/controlflow_loops.tflite"));
        const QJsonObject expected = QJsonDocument::fromJson(
            readAll(hpx::test::dataPath(QStringLiteral("controlflow/controlflow_loops.expected.json"))))
                                         .object()
                                         .value(QStringLiteral("invocations"))
                                         .toObject();
        QVERIFY(!expected.isEmpty());
        for (auto it = expected.constBegin(); it != expected.constEnd(); ++it)
            m_expected.insert(it.key(), it.value().toInt());
    }

    // The hand-worked counts are what TFLM itself runs.
    void hostTflmAgrees()
    {
#ifdef HPX_TFLM_HOST_RUN
        QProcess p;
        p.start(QStringLiteral(HPX_TFLM_HOST_RUN), { m_model, QStringLiteral("--invocations") });
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromLatin1(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + QString::fromLocal8Bit(p.readAllStandardError())));
        const QRegularExpressionMatch line
            = QRegularExpression(QStringLiteral("^INVOCATIONS(.*)$"), QRegularExpression::MultilineOption).match(out);
        QVERIFY2(line.hasMatch(), qPrintable(out));
        Counts host;
        for (const QString &entry : line.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QStringList kv = entry.split(QLatin1Char('='));
            QCOMPARE(kv.size(), 2);
            host.insert(kv.at(0), kv.at(1).toInt());
        }
        Counts ran;
        for (auto it = m_expected.cbegin(); it != m_expected.cend(); ++it) {
            if (it.value() > 0)
                ran.insert(it.key(), it.value());
        }
        QCOMPARE(host, ran);
#else
        QSKIP("hpx_tflm_host_run was not built (no TFLM trees)");
#endif
    }

    void everyRowOnBothKernelSets_data()
    {
        QTest::addColumn<QString>("kernels");
        QTest::newRow("reference") << QStringLiteral("reference");
        QTest::newRow("cmsis-nn") << QStringLiteral("cmsis-nn");
    }

    void everyRowOnBothKernelSets()
    {
        QFETCH(QString, kernels);
        QString error;
        hpx::firmwaretest::QemuBoardProcess board;
        const QString url = board.start(m_model, &error, kernels);
        QVERIFY2(!url.isEmpty(), qPrintable(error));
        const QString out = m_tmp.filePath(kernels);
        QVERIFY2(runHpx({ QStringLiteral("profile"), m_model, QStringLiteral("--port"), url, QStringLiteral("--engine"),
                            QStringLiteral("tflm"), QStringLiteral("--iterations"), QStringLiteral("2"),
                            QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--output-dir"), out },
                     &error),
            qPrintable(error));
        const QByteArray stream = readAll(out + QStringLiteral("/capture.log"));
        QVERIFY2(stream.contains("\nHPX_LAYER_POSITIONS="), "the board named no positions");
        verifyBundle(out, m_expected, kernels + QStringLiteral(" with positions"));
        if (QTest::currentTestFailed())
            return;

        // The same stream as heliaPROFILER's firmware sends it: no positions. The alignment with the model's control
        // structure must find the same operators.
        QByteArray bare;
        for (const QByteArray &line : stream.split('\n')) {
            if (!line.startsWith("HPX_LAYER_POSITIONS="))
                bare += line + '\n';
        }
        QVERIFY(bare.size() < stream.size());
        const QString barePath = m_tmp.filePath(kernels + QStringLiteral("-bare.log"));
        QFile file(barePath);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bare) == bare.size());
        file.close();
        const QString imported = m_tmp.filePath(kernels + QStringLiteral("-bare"));
        QVERIFY2(runHpx({ QStringLiteral("import"), barePath, m_model, QStringLiteral("--transport"),
                            QStringLiteral("uart"), QStringLiteral("--output-dir"), imported },
                     &error),
            qPrintable(error));
        verifyBundle(imported, m_expected, kernels + QStringLiteral(" without positions"));
    }
};

QTEST_GUILESS_MAIN(TestVirtualControlFlow)
#include "tst_virtualcontrolflow.moc"
