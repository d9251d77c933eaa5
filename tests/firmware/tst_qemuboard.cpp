// End to end on the virtual board served for other tools: scripts/qemu-board.sh builds TFLM with the hpx agent for
// QEMU's mps3-an547 (Cortex-M55) and `hpx profile --port tcp://…` runs against it with the virtual board's profile
// (qemu_an547), twice on the same running board. Skipped, saying what is missing, only without QEMU, the Arm
// toolchain or the TFLM trees.
#include "device/wire/wireparser.h"
#include "model/board/counters.h"
#include "model/tflite/tflitemodel.h"
#include "qemuboardprocess.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Run {
    int exitCode = -1;
    QByteArray err;
};

Run runHpx(const QStringList &arguments)
{
    QProcess p;
    p.start(QStringLiteral(HPX_BIN), arguments);
    Run r;
    if (!p.waitForFinished(180000)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = p.readAllStandardError();
    return r;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestQemuBoard : public QObject {
    Q_OBJECT

private:
    hpx::firmwaretest::QemuBoardProcess m_board;
    QString m_url;
    QTemporaryDir m_tmp;

    // One profile run against the board; checks the bundle and parses the raw stream it holds into *cap.
    void profile(const QString &name, const QStringList &selection, const QStringList &passes, hpx::model::Capture *cap,
        int iterations)
    {
        const QString model = hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite"));
        const QString out = m_tmp.filePath(name);
        QStringList args = { QStringLiteral("profile"), model, QStringLiteral("--port"), m_url,
            QStringLiteral("--engine"), QStringLiteral("tflm"), QStringLiteral("--board"), QStringLiteral("qemu_an547"),
            QStringLiteral("--iterations"), QString::number(iterations), QStringLiteral("--warmup"),
            QStringLiteral("0"), QStringLiteral("--output-dir"), out };
        for (const QString &s : selection)
            args << QStringLiteral("--pmu-counters") << s;
        const Run r = runHpx(args);
        if (r.exitCode != 0)
            qWarning().noquote() << QString::fromUtf8(r.err);
        QCOMPARE(r.exitCode, 0);

        // Every operator of the model has its row, with cycles from the board.
        const auto loaded = hpx::model::loadModel(model);
        QVERIFY(loaded.model);
        const auto &ops = loaded.model->subgraphs.first().operators;
        const QList<QByteArray> csv = readAll(out + QStringLiteral("/profile_results.csv")).trimmed().split('\n');
        QCOMPARE(csv.size(), ops.size() + 1);
        const QList<QByteArray> header = csv.first().trimmed().split(',');
        const int cyclesColumn = int(header.indexOf("ARM_PMU_CPU_CYCLES"));
        QVERIFY(cyclesColumn >= 0);
        for (int i = 0; i < ops.size() && i + 1 < csv.size(); ++i) {
            const QList<QByteArray> cells = csv.at(i + 1).trimmed().split(',');
            QCOMPARE(QString::fromLatin1(cells.value(1)), ops.at(i).op);
            QVERIFY2(cells.value(cyclesColumn).toDouble() > 0, csv.at(i + 1).constData());
        }

        // The raw stream: the plan was accepted and ran exactly the planned passes, two iterations each.
        const QByteArray raw = readAll(out + QStringLiteral("/capture.log"));
        QVERIFY(raw.contains("HPX_PLAN_SUPPORTED=1\n"));
        QVERIFY(raw.contains(QByteArray("HPX_PLAN_ACK passes=" + QByteArray::number(passes.size()) + "\n")));
        *cap = hpx::device::WireParser::parse(raw);
        QCOMPARE(cap->meta(QStringLiteral("plan_source")).toString(), QStringLiteral("host"));
        // QEMU has no PMU: the firmware counts with SysTick under -icount, and says these are instructions.
        QCOMPARE(cap->meta(QStringLiteral("cycle_source")).toString(), QStringLiteral("qemu_icount_instructions"));
        QCOMPARE(cap->meta(QStringLiteral("engine")).toString(), QStringLiteral("tflm"));
        QCOMPARE(cap->meta(QStringLiteral("kernels")).toString(), QStringLiteral("cmsis-nn"));
        QCOMPARE(cap->passes.size(), passes.size());
        for (int p = 0; p < cap->passes.size(); ++p) {
            QCOMPARE(cap->passes.at(p).name, passes.at(p));
            QCOMPARE(cap->passes.at(p).iterations.size(), iterations);
            for (const auto &it : cap->passes.at(p).iterations)
                QCOMPARE(it.rows.size(), ops.size());
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString unavailable = hpx::firmwaretest::QemuBoardProcess::whyUnavailable();
        if (!unavailable.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no virtual board to profile: ") + unavailable));
        QVERIFY(m_tmp.isValid());
        QString error;
        m_url = m_board.start(hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite")), &error);
        QVERIFY2(!m_url.isEmpty(), qPrintable(error));
    }

    void cyclesPassFromTheHostPlan()
    {
        // The virtual board's profile plans the cycle column only: QEMU counts no PMU events.
        hpx::model::Capture cap;
        profile(QStringLiteral("cycles"), {}, { QStringLiteral("cpu_0") }, &cap, 2);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(cap.passes.at(0).counters, QStringList { hpx::model::cyclesCounterName() });
    }

    void anotherRunWithoutRebuilding()
    {
        // The same running firmware takes a new plan (other iterations) on the next connection.
        hpx::model::Capture cap;
        profile(QStringLiteral("again"), {}, { QStringLiteral("cpu_0") }, &cap, 3);
    }
};

QTEST_GUILESS_MAIN(TestQemuBoard)
#include "tst_qemuboard.moc"
