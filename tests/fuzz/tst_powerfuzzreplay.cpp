// Every seed and saved finding of the power fuzz targets (tests/data/fuzz/powercsv, powerjls, powerterminal) run
// through the targets' bodies (fuzz/fuzz_power.cpp): a broken invariant aborts, which fails this test.
#include "fuzz/fuzzpower.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace hpx;

class TestPowerFuzzReplay : public QObject {
    Q_OBJECT
private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QByteArray>("input");
        int rows = 0;
        for (const char *target : { "powercsv", "powerjls", "powerterminal" }) {
            const QDir dir(test::dataPath(QStringLiteral("fuzz/") + QLatin1String(target)));
            for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
                QFile in(dir.filePath(name));
                QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(name));
                QTest::newRow(qPrintable(QStringLiteral("%1:%2").arg(QLatin1String(target), name)))
                    << QString::fromLatin1(target) << in.readAll();
                ++rows;
            }
        }
        QVERIFY(rows >= 6);
    }
    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QByteArray, input);
        const auto *data = reinterpret_cast<const uint8_t *>(input.constData());
        const size_t size = size_t(input.size());
        if (target == QLatin1String("powercsv"))
            QCOMPARE(fuzz::powerCsvOneInput(data, size), 0);
        else if (target == QLatin1String("powerjls"))
            QCOMPARE(fuzz::powerJlsOneInput(data, size), 0);
        else
            QCOMPARE(fuzz::powerTerminalOneInput(data, size), 0);
    }
};

QTEST_GUILESS_MAIN(TestPowerFuzzReplay)
#include "tst_powerfuzzreplay.moc"
