// `hpx power`, and what `hpx show` and `hpx compare` make of a bundle with a power measurement (docs/power.md).
#include "../../model/bundle/bundletestdata.h"
#include "clitest.h"
#include "model/bundle/bundlewriter.h"
#include "powertestdata.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::test;

class TstCliPower : public QObject {
    Q_OBJECT

    QString bundle(const QTemporaryDir &dir, const QString &name)
    {
        hpx::model::RunContext ctx = fixedContext();
        ctx.rawCapture = terminalStream(5, 5000);
        const QString out = dir.filePath(name);
        const auto w = hpx::model::BundleWriter::write(powerScenarioResult(), ctx, out);
        return w.ok ? out : QString();
    }

private slots:
    void powerShowCompare()
    {
        QTemporaryDir dir;
        const QString a = bundle(dir, QStringLiteral("a"));
        const QString b = bundle(dir, QStringLiteral("b"));
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        PowerScenario s;
        const QString recA = dir.filePath(QStringLiteral("a.csv"));
        QVERIFY(writeFileBytes(recA, s.ppkCsv(false)));
        HpxRun r = runHpx({ QStringLiteral("power"), a, recA, QStringLiteral("--gate"), QStringLiteral("D0"),
            QStringLiteral("--marker"), QStringLiteral("D1"), QStringLiteral("--supply-voltage"),
            QStringLiteral("1.8") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("Energy per inference: 23.4 \xc2\xb5J"), r.out.constData());
        QVERIFY(r.out.contains("Integrity:   valid"));
        QVERIFY(r.out.contains("energy_j"));

        // A board drawing 10 % more current.
        PowerScenario more = s;
        more.voltage = 1.98;
        const QString recB = dir.filePath(QStringLiteral("b.csv"));
        QVERIFY(writeFileBytes(recB, more.plainCsv(true)));
        r = runHpx({ QStringLiteral("power"), b, recB, QStringLiteral("--marker"), QStringLiteral("marker") });
        QVERIFY2(r.exitCode == 0, r.err.constData());

        r = runHpx({ QStringLiteral("show"), a });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(
            r.out.contains("Power:     energy per inference 2.34e-05 J, average power 0.0234 W"), r.out.constData());
        r = runHpx({ QStringLiteral("show"), a, QStringLiteral("--json") });
        const QJsonObject shown = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(shown.value(QStringLiteral("power")).toObject().value(QStringLiteral("integrity")).toString(),
            QStringLiteral("valid"));
        QVERIFY(shown.value(QStringLiteral("counters")).toArray().contains(QStringLiteral("energy_j")));

        const QString report = dir.filePath(QStringLiteral("cmp"));
        r = runHpx({ QStringLiteral("compare"), a, b, QStringLiteral("--output-dir"), report });
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QByteArray all
            = r.out + r.err + readFileBytes(QDir(report).filePath(QStringLiteral("compare_summary.json")));
        QVERIFY2(all.contains("power.energy_per_inference_j"), all.left(4000).constData());
    }
    void refusals()
    {
        QTemporaryDir dir;
        const QString a = bundle(dir, QStringLiteral("a"));
        HpxRun r = runHpx({ QStringLiteral("power"), a });
        QCOMPARE(r.exitCode, 2);
        r = runHpx({ QStringLiteral("power"), a, dir.filePath(QStringLiteral("none.csv")) });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("Cannot read"));
        r = runHpx({ QStringLiteral("power"), a, a, QStringLiteral("--supply-voltage"), QStringLiteral("-1") });
        QCOMPARE(r.exitCode, 2);
        PowerScenario s;
        s.gate = false;
        const QString rec = dir.filePath(QStringLiteral("nogate.csv"));
        QVERIFY(writeFileBytes(rec, s.plainCsv(true)));
        r = runHpx({ QStringLiteral("power"), a, rec });
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.out.contains("power.gate_never_high"));
    }
};

QTEST_GUILESS_MAIN(TstCliPower)
#include "tst_clipower.moc"
