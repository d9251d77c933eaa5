// The same bytes in any chunking give identical records; garbage and damaged streams never crash the parser and
// never move a value onto another layer, counter, pass or iteration.
#include "device/wire/wireparser.h"
#include "tests/device/wire/wiretestutil.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QHash>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>

using namespace hpx;
using device::StreamOrigin;
using device::WireParser;

namespace {

// Structural invariants every capture must satisfy, whatever it was fed.
QString invariantViolation(const model::Capture &c)
{
    for (const model::CapturePass &p : c.passes) {
        for (const model::CaptureIteration &it : p.iterations) {
            int last = -1;
            for (const model::CaptureRow &r : it.rows) {
                if (r.values.size() != p.counters.size())
                    return QStringLiteral("pass %1: row with %2 values for %3 counters")
                        .arg(p.name)
                        .arg(r.values.size())
                        .arg(p.counters.size());
                if (r.position <= last || r.position > WireParser::MaxPosition)
                    return QStringLiteral("pass %1: position %2 after %3").arg(p.name).arg(r.position).arg(last);
                last = r.position;
                if (r.line <= 0 || r.line > c.lineCount * 2 + 2)
                    return QStringLiteral("row line %1").arg(r.line);
            }
        }
    }
    if (c.problems.size() > WireParser::MaxStoredProblems + 1)
        return QStringLiteral("too many problems stored");
    return {};
}

using ValueKey = QString; // pass|iteration number|position|counter

QHash<ValueKey, double> valuesOf(const model::Capture &c)
{
    QHash<ValueKey, double> out;
    for (const model::CapturePass &p : c.passes) {
        for (const model::CaptureIteration &it : p.iterations) {
            for (const model::CaptureRow &r : it.rows) {
                for (int i = 0; i < p.counters.size(); ++i) {
                    if (r.values.at(i))
                        out.insert(QStringLiteral("%1|%2|%3|%4")
                                       .arg(p.name)
                                       .arg(it.number)
                                       .arg(r.position)
                                       .arg(p.counters.at(i)),
                            *r.values.at(i));
                }
            }
        }
    }
    return out;
}

QHash<QString, QString> opsOf(const model::Capture &c)
{
    QHash<QString, QString> out;
    for (const model::CapturePass &p : c.passes) {
        for (const model::CaptureIteration &it : p.iterations) {
            for (const model::CaptureRow &r : it.rows)
                out.insert(QStringLiteral("%1|%2|%3").arg(p.name).arg(it.number).arg(r.position), r.op);
        }
    }
    return out;
}

// Every value present in the damaged capture sits where the clean capture has the same value.
QString shiftViolation(const model::Capture &clean, const model::Capture &damaged, bool inPlaceDamage)
{
    const QHash<ValueKey, double> ref = valuesOf(clean);
    const QHash<ValueKey, double> got = valuesOf(damaged);
    for (auto it = got.cbegin(); it != got.cend(); ++it) {
        const auto r = ref.constFind(it.key());
        if (r != ref.cend() && *r != it.value())
            return QStringLiteral("%1: %2, clean %3").arg(it.key()).arg(it.value()).arg(*r);
    }
    // An op cell may be damaged in place (its bytes replaced by junk), but never be another layer's op.
    const QHash<QString, QString> refOps = opsOf(clean);
    QSet<QString> vocabulary;
    for (const QString &op : refOps)
        vocabulary.insert(op);
    const QHash<QString, QString> gotOps = opsOf(damaged);
    for (auto it = gotOps.cbegin(); it != gotOps.cend(); ++it) {
        const auto r = refOps.constFind(it.key());
        if (r != refOps.cend() && *r != it.value() && (!inPlaceDamage || vocabulary.contains(it.value())))
            return QStringLiteral("%1: op %2, clean %3").arg(it.key(), it.value(), *r);
    }
    return {};
}

QByteArray conformanceStream(const QString &dir)
{
    return test::readData(QStringLiteral("conformance/%1/stream.txt").arg(dir));
}

QStringList conformanceDirs()
{
    QStringList out;
    const QStringList dirs = QDir(test::dataPath(QStringLiteral("conformance")))
                                 .entryList(QStringList { QStringLiteral("u*") }, QDir::Dirs);
    for (const QString &d : dirs) {
        if (QFile::exists(test::dataPath(QStringLiteral("conformance/%1/stream.txt").arg(d))))
            out << d;
    }
    return out;
}

// A larger stream than the spec example: 3 passes, 4 iterations, 40 layers, heartbeats, CRLF line ends.
QByteArray generatedStream(QRandomGenerator &rng)
{
    QByteArray s = "HPX_READY\r\n\r\n--- HPX_START ---\r\nHPX_VERSION=1\r\nHPX_PRESETS=cpu_0,memory_0,mve_0\r\n"
                   "HPX_HEARTBEAT phase=clean_window_begin iters=10 est_ms=50\r\nHPX_CLEAN_INFER_COUNT=10\r\n";
    const char *passes[] = { "cpu_0", "memory_0", "mve_0" };
    const char *ops[] = { "CONV_2D", "CONV_2D:3", "op:4", "OPERATOR_CALL:c0i3", "ADD" };
    for (int p = 0; p < 3; ++p) {
        s += "\r\n--- HPX_PRESET " + QByteArray(passes[p]) + " ---\r\n";
        for (int it = 0; it < 4; ++it) {
            s += "\r\n--- HPX_ITER " + QByteArray::number(it) + " ---\r\n";
            s += "\"Layer\",\"Op\",\"C" + QByteArray::number(p) + "a\",\"C" + QByteArray::number(p) + "b\",\"C"
                + QByteArray::number(p) + "c\",\"C" + QByteArray::number(p) + "d\",\"overflow\"\r\n";
            for (int l = 0; l < 40; ++l) {
                if (l % 9 == 4)
                    s += "HPX_HEARTBEAT phase=infer pass=" + QByteArray::number(p) + " iter=" + QByteArray::number(it)
                        + " layer=" + QByteArray::number(l) + "\r\n";
                s += QByteArray::number(l) + ',' + ops[l % 5];
                for (int k = 0; k < 4; ++k)
                    s += ',' + QByteArray::number(rng.bounded(4000000000u));
                s += ",0\r\n";
            }
        }
    }
    s += "HPX_PROFILED_INFER_COUNT=12\r\n\r\n--- HPX_END ---\r\n";
    return s;
}

} // namespace

class TestWireChunking : public QObject {
    Q_OBJECT
private slots:
    void everySplitPointSmallStreams_data();
    void everySplitPointSmallStreams();
    void byteByByteAndRandomChunks_data();
    void byteByByteAndRandomChunks();
    void randomGarbageNeverCrashes();
    void damagedStreamsNeverShiftValues_data();
    void damagedStreamsNeverShiftValues();
};

void TestWireChunking::everySplitPointSmallStreams_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("kind");
    QTest::newRow("spec example") << test::specExampleStream() << QStringLiteral("usb_cdc");
    QByteArray crlf = test::specExampleStream();
    crlf.replace("\n", "\r\n");
    QTest::newRow("spec example CRLF") << crlf << QStringLiteral("uart");
    for (const QString &d : conformanceDirs())
        QTest::newRow(qPrintable(d)) << conformanceStream(d) << QStringLiteral("swo");
}

void TestWireChunking::everySplitPointSmallStreams()
{
    QFETCH(QByteArray, stream);
    QFETCH(QString, kind);
    QStringList refLines;
    const QString ref = test::dumpCapture(
        test::parseChunked(stream, StreamOrigin(hpx::model::firmwareTransportFromName(kind)), {}, &refLines));
    QVERIFY(!refLines.isEmpty());
    for (qsizetype cut = 1; cut < stream.size(); ++cut) {
        WireParser p { StreamOrigin(hpx::model::firmwareTransportFromName(kind)) };
        p.setKeepTransportLines(true);
        p.feed(stream.left(cut));
        p.feed(stream.mid(cut));
        const QString got = test::dumpCapture(p.finish());
        if (got != ref || p.transportLines() != refLines)
            QFAIL(qPrintable(QStringLiteral("split at byte %1 differs:\n%2\nvs\n%3").arg(cut).arg(got, ref)));
    }
}

void TestWireChunking::byteByByteAndRandomChunks_data()
{
    QTest::addColumn<QByteArray>("stream");
    QRandomGenerator rng(42);
    QTest::newRow("spec example") << test::specExampleStream();
    QTest::newRow("generated CRLF") << generatedStream(rng);
    QByteArray utf8 = test::specExampleStream();
    utf8.replace("HPX_CLEAN_INFER_COUNT", "\xef\xbf\xbd\xff HPX_CLEAN_INFER_COUNT");
    utf8.replace("1,DEPTHWISE_CONV_2D,2988",
        "1,DEPTHWISE_CONV_2D,29\xc3\xa9"
        "88");
    QTest::newRow("non-ASCII bytes") << utf8;
}

void TestWireChunking::byteByByteAndRandomChunks()
{
    QFETCH(QByteArray, stream);
    for (StreamOrigin kind : { StreamOrigin(), StreamOrigin(hpx::model::FirmwareTransport::Rtt) }) {
        QStringList refLines;
        const QString ref = test::dumpCapture(test::parseChunked(stream, kind, {}, &refLines));
        QStringList lines;
        QCOMPARE(test::dumpCapture(test::parseChunked(stream, kind, { 1 }, &lines)), ref);
        QCOMPARE(lines, refLines);
        QRandomGenerator rng(7);
        for (int run = 0; run < 60; ++run) {
            QVector<int> sizes;
            for (int i = 0; i < 64; ++i)
                sizes << 1 + int(rng.bounded(run % 2 ? 9u : 700u));
            QCOMPARE(test::dumpCapture(test::parseChunked(stream, kind, sizes, &lines)), ref);
            QCOMPARE(lines, refLines);
        }
    }
}

void TestWireChunking::randomGarbageNeverCrashes()
{
    QRandomGenerator rng(1234);
    const QByteArray tokens[]
        = { "--- HPX_START ---", "--- HPX_END ---", "--- HPX_PRESET cpu_0 ---", "--- HPX_PRESET x ---",
              "--- HPX_ITER 0 ---", "--- HPX_ITER 99999999999 ---", "\"Layer\",\"Op\",\"A\",\"overflow\"", "Layer,Op",
              "HPX_HEARTBEAT phase=infer", "HPX_ERROR=", "HPX_WARN=x", "HPX_X=1", ",", "\"", "\n", "\r", "\r\n", "0",
              "65535", "65536", "-1", "\xff", "\xef\xbf\xbd", "\xc3", " ", "1e999", "nan" };
    for (int run = 0; run < 400; ++run) {
        QByteArray s;
        const int n = int(rng.bounded(1, 400));
        for (int i = 0; i < n; ++i) {
            if (rng.bounded(3u) == 0) {
                s += char(rng.bounded(256u));
            } else {
                s += tokens[rng.bounded(quint32(std::size(tokens)))];
            }
        }
        const StreamOrigin kind = run % 2 ? hpx::model::FirmwareTransport::Uart : hpx::model::FirmwareTransport::UsbCdc;
        const model::Capture whole = test::parseChunked(s, kind, {});
        const QString bad = invariantViolation(whole);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        const model::Capture chunked = test::parseChunked(s, kind, { 1, 3, 17 });
        QCOMPARE(test::dumpCapture(chunked), test::dumpCapture(whole));
    }
    // Pure binary noise, long.
    QByteArray noise(300000, Qt::Uninitialized);
    for (char &c : noise)
        c = char(rng.bounded(256u));
    const model::Capture c = WireParser::parse(noise, hpx::model::FirmwareTransport::Rtt);
    QVERIFY(invariantViolation(c).isEmpty());
}

void TestWireChunking::damagedStreamsNeverShiftValues_data()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("drop lines") << QStringLiteral("drop");
    QTest::newRow("duplicate lines") << QStringLiteral("dup");
    QTest::newRow("corrupt bytes") << QStringLiteral("corrupt");
    QTest::newRow("corrupt bytes and line breaks") << QStringLiteral("breaks");
    QTest::newRow("truncate") << QStringLiteral("truncate");
}

void TestWireChunking::damagedStreamsNeverShiftValues()
{
    QFETCH(QString, damage);
    QRandomGenerator rng(99);
    const QByteArray clean = generatedStream(rng);
    const model::Capture ref = WireParser::parse(clean);
    QVERIFY(ref.problems.isEmpty());
    const QList<QByteArray> lines = clean.split('\n');
    // Replacement bytes that cannot turn one number into another (no digits, signs, dots, exponents, underscores)
    // and cannot add a cell (no comma): a comma replacing a digit while another comma is lost keeps the field count
    // and moves digits between cells, which no parser can notice without a checksum on the line.
    // Line breaks are checked separately: one inside the first header of a pass makes the truncated header the
    // pass's header, and row fragments that happen to match its shorter width are read against it.
    const QByteArray junk = damage == QLatin1String("breaks") ? QByteArray("xyz#@!?\"';:\r\n\xff\xfe")
                                                              : QByteArray("xyz#@!?\"';:\xff\xfe");
    int damagedRows = 0;
    for (int run = 0; run < 150; ++run) {
        QByteArray s;
        if (damage == QLatin1String("drop") || damage == QLatin1String("dup")) {
            for (const QByteArray &l : lines) {
                const bool hit = rng.bounded(100u) < 4;
                if (hit && damage == QLatin1String("drop"))
                    continue;
                s += l + '\n';
                if (hit)
                    s += l + '\n';
            }
        } else if (damage == QLatin1String("corrupt") || damage == QLatin1String("breaks")) {
            s = clean;
            const int hits = 1 + int(rng.bounded(40u));
            for (int i = 0; i < hits; ++i)
                s[rng.bounded(quint32(s.size()))] = junk.at(rng.bounded(quint32(junk.size())));
        } else {
            s = clean.left(rng.bounded(quint32(clean.size())));
        }
        const model::Capture got
            = test::parseChunked(s, hpx::model::FirmwareTransport::Uart, { 1 + int(rng.bounded(300u)) });
        const QString bad = invariantViolation(got);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        const QString shifted = damage == QLatin1String("breaks")
            ? QString()
            : shiftViolation(ref, got, damage == QLatin1String("corrupt"));
        if (!shifted.isEmpty() && qEnvironmentVariableIsSet("HPX_WIRE_DEBUG")) {
            QHash<int, QByteArray> dlines;
            device::LineSplitter sp(hpx::model::FirmwareTransport::Uart);
            sp.feed(s, [&](int n, QByteArrayView l, bool) { dlines.insert(n, l.toByteArray()); });
            sp.finish([&](int n, QByteArrayView l, bool) { dlines.insert(n, l.toByteArray()); });
            for (const auto &p : got.passes)
                for (const auto &it : p.iterations)
                    for (const auto &r : it.rows)
                        if (shifted.startsWith(QStringLiteral("%1|%2|%3|").arg(p.name).arg(it.number).arg(r.position)))
                            for (int k = r.line - 6; k < r.line + 2; ++k)
                                qDebug() << k << dlines.value(k) << "row@" << r.position << r.line;
            for (const auto &p : got.passes) {
                QStringList its;
                for (const auto &it : p.iterations)
                    its << QStringLiteral("%1:%2").arg(it.number).arg(it.rows.size());
                qDebug() << p.name << its;
            }
            for (const auto &pr : got.problems)
                qDebug() << pr.line << pr.kind << pr.text;
        }
        QVERIFY2(shifted.isEmpty(), qPrintable(QStringLiteral("run %1: %2").arg(run).arg(shifted)));
        damagedRows += got.problems.size();
    }
    QVERIFY(damagedRows > 0); // the damage was noticed, not silently absorbed
}

QTEST_GUILESS_MAIN(TestWireChunking)
#include "tst_wirechunking.moc"
