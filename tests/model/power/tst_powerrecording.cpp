// Reading each recording dialect (docs/power.md "Recordings"): the samples come back as written.
#include "model/power/csvpowersource.h"
#include "model/power/powersource.h"
#include "powertestdata.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model::power;
using hpx::test::PowerScenario;

class TstPowerRecording : public QObject {
    Q_OBJECT

    static QVector<PowerScenario::Sample> readAll(PowerSource &source, bool *voltageOk, double voltage)
    {
        QVector<PowerScenario::Sample> out;
        PowerBlock block;
        *voltageOk = true;
        while (source.next(block, 777)) {
            for (int k = 0; k < block.size(); ++k) {
                out.append({ block.timeS.at(k), double(block.currentA.at(k)), bool(block.digital.at(k) & 1),
                    bool(block.digital.at(k) & 2) });
                if (!block.voltageV.isEmpty() && std::fabs(block.voltageV.at(k) - voltage) > 1e-6)
                    *voltageOk = false;
            }
        }
        return out;
    }
    static void compare(const QVector<PowerScenario::Sample> &got, const QVector<PowerScenario::Sample> &want)
    {
        QCOMPARE(got.size(), want.size());
        for (int k = 0; k < want.size(); ++k) {
            QVERIFY2(std::fabs(got.at(k).t - want.at(k).t) < 1e-9, qPrintable(QString::number(k)));
            QVERIFY2(std::fabs(got.at(k).current - want.at(k).current) < 1e-7 * std::max(1.0, want.at(k).current),
                qPrintable(QString::number(k)));
            QCOMPARE(got.at(k).gate, want.at(k).gate);
            QCOMPARE(got.at(k).marker, want.at(k).marker);
        }
    }

private slots:
    void plainCsv()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY2(src.openData(s.plainCsv(true, QStringLiteral("source: bench"))), qPrintable(src.error()));
        QCOMPARE(src.format(), QStringLiteral("csv"));
        QCOMPARE(src.digitalChannels(), (QStringList { QStringLiteral("gate"), QStringLiteral("marker") }));
        QVERIFY(src.hasVoltage());
        QVERIFY(!src.simulated());
        bool voltageOk = false;
        compare(readAll(src, &voltageOk, s.voltage), s.samples());
        QVERIFY(voltageOk);
        QVERIFY(src.error().isEmpty());
        QCOMPARE(src.progress(), 1.0);
    }
    void plainCsvSimulatedComment()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(false, QStringLiteral("source: hpx-board-sim (simulated current model)"))));
        QVERIFY(src.simulated());
        QVERIFY(!src.hasVoltage());
    }
    void ppkCsv_data()
    {
        QTest::addColumn<bool>("separate");
        QTest::newRow("D0-D7 string") << false;
        QTest::newRow("D0..D7 fields") << true;
    }
    void ppkCsv()
    {
        QFETCH(bool, separate);
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY2(src.openData(s.ppkCsv(separate)), qPrintable(src.error()));
        QCOMPARE(src.format(), QStringLiteral("ppk2-csv"));
        QCOMPARE(src.digitalChannels().size(), 8);
        QCOMPARE(src.digitalChannels().first(), QStringLiteral("D0"));
        QVERIFY(!src.hasVoltage());
        bool voltageOk = false;
        compare(readAll(src, &voltageOk, s.voltage), s.samples());
    }
    void ppkStates()
    {
        // The exporter's pin states: '-' (no data) low, 'X' (both levels in the sample) high; D0 is the first.
        CsvPowerSource src;
        QVERIFY(src.openData("Timestamp(ms),Current(uA),D0-D7\n0,1.000,X-000001\n0.01,2.000,--------\n"));
        PowerBlock b;
        QVERIFY(src.next(b, 100));
        QCOMPARE(b.size(), 2);
        QCOMPARE(int(b.digital.at(0)), 0x81);
        QCOMPARE(int(b.digital.at(1)), 0);
        QCOMPARE(b.currentA.at(1), 2e-6f);
    }
    void refusals_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("words");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("no header");
        QTest::newRow("unknown header") << QByteArray("a,b\n1,2\n") << QStringLiteral("no known format");
        QTest::newRow("ppk without time")
            << QByteArray("Current(uA),D0-D7\n1.0,00000000\n") << QStringLiteral("Timestamp(ms)");
        QTest::newRow("text current") << QByteArray("time_s,current_a,g\n0,abc,1\n") << QStringLiteral("not a number");
        QTest::newRow("nan current") << QByteArray("time_s,current_a,g\n0,nan,1\n") << QStringLiteral("not a number");
        QTest::newRow("time goes back") << QByteArray("time_s,current_a,g\n1,0.1,1\n0.5,0.1,1\n")
                                        << QStringLiteral("time goes back");
        QTest::newRow("field count") << QByteArray("time_s,current_a,g\n0,0.1\n") << QStringLiteral("2 fields");
        QTest::newRow("digital value") << QByteArray("time_s,current_a,g\n0,0.1,7\n") << QStringLiteral("not 0 or 1");
        QTest::newRow("ppk bits") << QByteArray("Timestamp(ms),Current(uA),D0-D7\n0,1.0,0101\n")
                                  << QStringLiteral("not 8 pin states");
        QTest::newRow("duplicate channel") << QByteArray("time_s,current_a,g,g\n") << QStringLiteral("twice");
    }
    void refusals()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, words);
        CsvPowerSource src;
        bool ok = src.openData(data);
        if (ok) {
            PowerBlock b;
            while (src.next(b, 10)) { }
            ok = src.error().isEmpty();
        }
        QVERIFY(!ok);
        QVERIFY2(src.error().contains(words), qPrintable(src.error()));
    }
    void openByContent()
    {
        QTemporaryDir dir;
        PowerScenario s;
        const QString csv = dir.filePath(QStringLiteral("r.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(s.plainCsv(true));
        f.close();
        QString error;
        auto src = PowerRecording::open(csv, &error);
        QVERIFY2(src, qPrintable(error));
        QCOMPARE(src->format(), QStringLiteral("csv"));
        QVERIFY(!PowerRecording::open(dir.filePath(QStringLiteral("missing.csv")), &error));
        QVERIFY(error.contains(QStringLiteral("Cannot read")));
    }
    void jls()
    {
        if (!PowerRecording::jlsSupported())
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        QTemporaryDir dir;
        PowerScenario s;
        const QString path = dir.filePath(QStringLiteral("r.jls"));
        QString error;
        QVERIFY2(s.writeJls(path, &error), qPrintable(error));
        auto src = PowerRecording::open(path, &error);
        QVERIFY2(src, qPrintable(error));
        QCOMPARE(src->format(), QStringLiteral("jls"));
        QCOMPARE(src->digitalChannels(), (QStringList { QStringLiteral("gpi[0]"), QStringLiteral("gpi[1]") }));
        QVERIFY(src->hasVoltage());
        QCOMPARE(src->instrument(), QStringLiteral("Jetperch JS220"));
        bool voltageOk = false;
        compare(readAll(*src, &voltageOk, s.voltage), s.samples());
        QVERIFY(voltageOk);
        QVERIFY2(src->error().isEmpty(), qPrintable(src->error()));
    }
    void jlsNotClosedIsRefusedAndNotWritten()
    {
        if (!PowerRecording::jlsSupported())
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        // fuzz_powerjls's finding: a damaged end makes jls_rd_open repair the file in place (and read freed memory).
        // The recording is refused before the library sees it, and its bytes stay as they were.
        QTemporaryDir dir;
        PowerScenario s;
        const QString path = dir.filePath(QStringLiteral("r.jls"));
        QString error;
        QVERIFY2(s.writeJls(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        bytes[bytes.size() - 32] = char(bytes.at(bytes.size() - 32) ^ 0x5a); // the end chunk's header (item_next)
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(bytes), bytes.size());
        f.close();
        QVERIFY(!PowerRecording::open(path, &error));
        QVERIFY2(error.contains(QStringLiteral("end chunk")), qPrintable(error));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
        f.close();
        // A header that does not state the file's length (a recorder that stopped abruptly).
        QByteArray truncated = bytes.left(bytes.size() / 2);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(truncated);
        f.close();
        QVERIFY(!PowerRecording::open(path, &error));
        QVERIFY2(error.contains(QStringLiteral("not closed properly")), qPrintable(error));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), truncated);
    }
    void jlsDamaged()
    {
        if (!PowerRecording::jlsSupported())
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.jls"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("jlsfmt\r\n \n \x1a  \xb2\x1c", 16) + QByteArray(100, 'x'));
        // (refused by the closed-properly check or by jls's own header check; either way with "JLS" in the message)
        f.close();
        QString error;
        QVERIFY(!PowerRecording::open(path, &error));
        QVERIFY2(error.contains(QStringLiteral("JLS")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TstPowerRecording)
#include "tst_powerrecording.moc"
