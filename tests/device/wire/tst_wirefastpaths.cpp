// The wire parser's fast paths (SWAR digits, SIMD line and comma scans) against the general rules they shortcut:
// every input must give what the general code gives, at every length around the 8- and 16-byte steps.
#include "device/wire/linesplitter.h"
#include "device/wire/wirenumbers.h"
#include "device/wire/wireparser.h"

#include <QRandomGenerator>
#include <QTest>

using namespace hpx;
using namespace hpx::device;

class TestWireFastPaths : public QObject {
    Q_OBJECT
private slots:
    void numbersMatchGeneralRules();
    void numberEdges();
    void lineScanMatchesClean();
    void quoteAnywhereDropsRow();
    void commaAnywhereIsAField();
};

namespace {

// Python's rules without the fast paths.
std::optional<qint64> slowInt(QByteArrayView s)
{
    return wire::detail::parseIntSlow(wire::detail::stripAsciiSlow(s));
}

std::optional<double> slowNumber(QByteArrayView s)
{
    return wire::detail::parseNumberSlow(wire::detail::stripAsciiSlow(s));
}

void compareNumbers(const QByteArray &text)
{
    const auto i = wire::parseInt(text);
    const auto si = slowInt(text);
    QVERIFY2(i == si, text.toHex().constData());
    const auto d = wire::parseNumber(text);
    const auto sd = slowNumber(text);
    QVERIFY2(d.has_value() == sd.has_value() && (!d || *d == *sd), text.toHex().constData());
    QCOMPARE(wire::stripAscii(text), wire::detail::stripAsciiSlow(text));
}

} // namespace

void TestWireFastPaths::numbersMatchGeneralRules()
{
    // Every string of up to 4 characters over an alphabet with the digits' neighbours ('/' and ':'), whitespace,
    // signs, separators and a high byte; then long digit runs with one such character at each position.
    const QByteArray alphabet("09/:_ \t+-.e\x80");
    QVector<QByteArray> level = { QByteArray() };
    for (int len = 0; len <= 4; ++len) {
        QVector<QByteArray> next;
        for (const QByteArray &s : std::as_const(level)) {
            compareNumbers(s);
            if (QTest::currentTestFailed())
                return;
            for (char c : alphabet)
                next.append(s + c);
        }
        level = next;
    }
    QRandomGenerator rng(7);
    for (int len = 1; len <= 24; ++len) {
        for (int rep = 0; rep < 20; ++rep) {
            QByteArray digits(len, '0');
            for (char &c : digits)
                c = char('0' + rng.bounded(10));
            compareNumbers(digits);
            for (int pos = 0; pos < len; ++pos) {
                for (char c : alphabet) {
                    QByteArray s = digits;
                    s[pos] = c;
                    compareNumbers(s);
                    if (QTest::currentTestFailed())
                        return;
                }
            }
        }
    }
}

void TestWireFastPaths::numberEdges()
{
    QCOMPARE(wire::parseInt("123456789012345678"), std::optional<qint64>(123456789012345678));
    QCOMPARE(wire::parseInt("9223372036854775807"), std::optional<qint64>(std::numeric_limits<qint64>::max()));
    QCOMPARE(wire::parseInt("9223372036854775808"), std::nullopt);
    QCOMPARE(wire::parseInt("00000000"), std::optional<qint64>(0));
    QCOMPARE(wire::parseInt("12345678"), std::optional<qint64>(12345678));
    QCOMPARE(wire::parseInt("1234567:"), std::nullopt);
    QCOMPARE(wire::parseNumber("4294967295"), std::optional<double>(4294967295.0));
    QCOMPARE(wire::parseNumber(" 87654321 "), std::optional<double>(87654321.0));
    QCOMPARE(wire::parseNumber("8765432/"), std::nullopt);
}

void TestWireFastPaths::lineScanMatchesClean()
{
    // Random streams of short and long lines with every kind of line end, whitespace and UTF-8 (valid or not),
    // through feed(); the reference splits by hand and cleans every line with clean().
    QRandomGenerator rng(11);
    const QByteArray pieces[] = { "a", "7", ",", " ", "\t", "\xc3\xa9", "\xe2\x80\x83", "\xff", "\x80", "x\x1f" };
    for (int round = 0; round < 200; ++round) {
        QByteArray stream;
        const int lines = 1 + int(rng.bounded(12));
        for (int l = 0; l < lines; ++l) {
            const int len = int(rng.bounded(40));
            for (int k = 0; k < len; ++k)
                stream += rng.bounded(4) ? QByteArray(1, char('a' + rng.bounded(26))) : pieces[rng.bounded(10)];
            const char *ends[] = { "\n", "\r", "\r\n", "\n\n", "" };
            stream += ends[rng.bounded(5)];
        }
        for (StreamOrigin kind : { StreamOrigin(), StreamOrigin(hpx::model::FirmwareTransport::Uart) }) {
            LineSplitter reference(kind);
            QVector<QPair<int, QByteArray>> expected;
            int number = 0;
            qsizetype start = 0;
            for (qsizetype i = 0; i <= stream.size(); ++i) {
                const bool atEnd = i == stream.size();
                if (!atEnd && stream[i] != '\n' && stream[i] != '\r')
                    continue;
                if (atEnd && i == start)
                    break;
                ++number;
                QByteArrayView out;
                if (reference.clean(QByteArrayView(stream).sliced(start, i - start), &out))
                    expected.append({ number, out.toByteArray() });
                if (!atEnd && stream[i] == '\r' && i + 1 < stream.size() && stream[i + 1] == '\n')
                    ++i;
                start = i + 1;
            }
            LineSplitter splitter(kind);
            QVector<QPair<int, QByteArray>> got;
            auto sink = [&](int n, QByteArrayView line, bool) { got.append({ n, line.toByteArray() }); };
            splitter.feed(stream, sink);
            splitter.finish(sink);
            QCOMPARE(got, expected);
        }
    }
}

namespace {

const QByteArray kHead = "--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                         "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\",\"overflow\"\n";
const QByteArray kRow = "0,DEPTHWISE_CONV_2D:17,1234567890,987654321,0"; // 44 bytes: three SIMD steps and a tail

model::Capture parseRow(const QByteArray &row)
{
    const QByteArray stream = kHead + row + QByteArray("\n--- HPX_END ---\n");
    return WireParser::parse(stream);
}

} // namespace

void TestWireFastPaths::quoteAnywhereDropsRow()
{
    for (int pos = 0; pos <= kRow.size(); ++pos) {
        QByteArray row = kRow;
        row.insert(pos, '"');
        const model::Capture c = parseRow(row);
        QCOMPARE(c.passes.size(), 1);
        QCOMPARE(c.passes[0].iterations.size(), 1);
        QVERIFY2(c.passes[0].iterations[0].rows.isEmpty(), row.constData());
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(c.problems[0].kind, QStringLiteral("malformed_row"));
    }
    const model::Capture plain = parseRow(kRow);
    QVERIFY(plain.problems.isEmpty());
    const model::CaptureRow &r = plain.passes[0].iterations[0].rows[0];
    QCOMPARE(r.op, QStringLiteral("DEPTHWISE_CONV_2D:17"));
    QCOMPARE(r.values.toVector(), (QVector<std::optional<double>> { 1234567890.0, 987654321.0 }));
}

void TestWireFastPaths::commaAnywhereIsAField()
{
    // An extra comma at any position makes six fields where the header has five.
    for (int pos = 0; pos <= kRow.size(); ++pos) {
        QByteArray row = kRow;
        row.insert(pos, ',');
        const model::Capture c = parseRow(row);
        QVERIFY2(c.passes[0].iterations[0].rows.isEmpty(), row.constData());
        QCOMPARE(c.problems.size(), 1);
        QVERIFY2(c.problems[0].message.contains(QLatin1String("6 fields")), qPrintable(c.problems[0].message));
    }
    // Rows of every length from 9 to 40 bytes (cells padded with zeros) split into the same five cells.
    for (int pad = 0; pad < 32; ++pad) {
        const QByteArray row = "0,ADD," + QByteArray(pad, '0') + "5,6,0";
        const model::Capture c = parseRow(row);
        QVERIFY(c.problems.isEmpty());
        QCOMPARE(c.passes[0].iterations[0].rows[0].values.toVector(), (QVector<std::optional<double>> { 5.0, 6.0 }));
    }
}

QTEST_GUILESS_MAIN(TestWireFastPaths)
#include "tst_wirefastpaths.moc"
