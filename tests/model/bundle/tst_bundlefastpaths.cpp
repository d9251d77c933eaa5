// The bundle reader's fast paths against the general code they shortcut: the byte-level CSV reader against the
// character-by-character splitter it replaced, cell numbers against QString::toDouble()/toLongLong(), and the JSON
// parser's duplicate-key merging and key cache against Python's dict semantics, and the SHA-256 (Nettle) against
// Qt's.
#include "model/bundle/csvreader.h"
#include "model/bundle/csvwriter.h"
#include "model/digest/sha256.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonvalue.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace hpx::model;

class TestBundleFastPaths : public QObject {
    Q_OBJECT
private slots:
    void csvMatchesReference();
    void cellNumbersMatchQt();
    void jsonDuplicateKeysAndKeyCache();
    void sha256MatchesQt();
};

namespace {

// parseCsv() as it was before CsvReader (a character state machine), kept as the reference.
QVector<QStringList> referenceCsv(const QByteArray &text)
{
    QVector<QStringList> rows;
    QStringList row;
    QByteArray field;
    bool inQuotes = false;
    bool fieldStarted = false;
    const qsizetype n = text.size();
    auto endField = [&] {
        row.append(QString::fromUtf8(field));
        field.clear();
        fieldStarted = false;
    };
    auto endRow = [&] {
        endField();
        rows.append(row);
        row.clear();
    };
    for (qsizetype i = 0; i < n; ++i) {
        const char c = text.at(i);
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < n && text.at(i + 1) == '"') {
                    field.append('"');
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                field.append(c);
            }
            continue;
        }
        if (c == '"' && !fieldStarted && field.isEmpty()) {
            inQuotes = true;
            fieldStarted = true;
        } else if (c == ',') {
            endField();
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < n && text.at(i + 1) == '\n')
                ++i;
            endRow();
        } else {
            field.append(c);
            fieldStarted = true;
        }
    }
    if (fieldStarted || !field.isEmpty() || !row.isEmpty())
        endRow();
    return rows;
}

QByteArray randomText(QRandomGenerator &rng, const QVector<QByteArray> &pieces, int maxPieces)
{
    QByteArray s;
    const int n = int(rng.bounded(maxPieces + 1));
    for (int i = 0; i < n; ++i)
        s += pieces.at(int(rng.bounded(int(pieces.size()))));
    return s;
}

bool sameDouble(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0; // -0.0 and 0.0 differ, so does every NaN payload
}

} // namespace

void TestBundleFastPaths::csvMatchesReference()
{
    QRandomGenerator rng(3);
    const QVector<QByteArray> pieces
        = { "a", "7", "x y", ",", ",", "\"", "\"", "\"\"", "\r", "\n", "\r\n", " ", "\xc3\xa9", "\xff", "\"q,\"" };
    for (int round = 0; round < 20000; ++round) {
        const QByteArray text = randomText(rng, pieces, 14);
        QCOMPARE(parseCsv(text), referenceCsv(text));
    }
    // Long plain rows through the fast scan.
    QByteArray big;
    for (int r = 0; r < 50; ++r)
        big += "1,CONV_2D,12.5,\"a,b\",,True\r\n";
    QCOMPARE(parseCsv(big), referenceCsv(big));
}

void TestBundleFastPaths::cellNumbersMatchQt()
{
    QRandomGenerator rng(5);
    const QVector<QByteArray> pieces
        = { "0", "1", "9", "5", "00", "-", "+", ".", "e", "E", "e-", "e+", " ", "inf", "nan", "x", "123456789" };
    QVector<QByteArray> cells = { "", "0", "-0", "-0.0", "0.0", "7405.0", "1e400", "-1e400", "1e-400", "4.9e-324",
        "1.7976931348623157e308", "123456789012345678", "1234567890123456789", "9223372036854775807",
        "9223372036854775808", "-12", "12.", ".5", " 12", "12 ", "0x10", "True", "1_000",
        "0.1000000000000000055511151231257827021181583404541015625" };
    for (int round = 0; round < 20000; ++round)
        cells.append(randomText(rng, pieces, 6));
    for (const QByteArray &cell : std::as_const(cells)) {
        bool ok = false;
        const double d = QString::fromUtf8(cell).toDouble(&ok);
        const std::optional<double> fast = csvCellToDouble(cell);
        QVERIFY2(fast.has_value() == ok, cell.constData());
        if (ok)
            QVERIFY2(sameDouble(*fast, d), cell.constData());
        const qint64 i = QString::fromUtf8(cell).toLongLong(&ok);
        const std::optional<qint64> fastInt = csvCellToInt(cell);
        QVERIFY2(fastInt.has_value() == ok, cell.constData());
        if (ok)
            QCOMPARE(*fastInt, i);
    }
}

void TestBundleFastPaths::jsonDuplicateKeysAndKeyCache()
{
    // Objects of up to 60 members whose keys come from a small pool (many repeats, escaped and plain spellings of
    // one key, long and non-ASCII keys), against an ordered dict built the Python way.
    QRandomGenerator rng(9);
    const QVector<QPair<QByteArray, QString>> pool = { { "a", QStringLiteral("a") }, { "\\u0061", QStringLiteral("a") },
        { "value", QStringLiteral("value") }, { "valuf", QStringLiteral("valuf") }, { "", QString() },
        { "k17", QStringLiteral("k17") }, { "a-rather-long-key-name", QStringLiteral("a-rather-long-key-name") },
        { "\xc3\xa9t\xc3\xa9", QString::fromUtf8("\xc3\xa9t\xc3\xa9") }, { "0", QStringLiteral("0") },
        { "9999", QStringLiteral("9999") } };
    for (int round = 0; round < 3000; ++round) {
        const int n = int(rng.bounded(61));
        const bool manyKeys = round % 3 == 0; // distinct numeric keys: the key cache's slots collide
        QByteArray text = "{";
        QVector<QPair<QString, qint64>> expected;
        for (int i = 0; i < n; ++i) {
            QByteArray raw;
            QString key;
            if (manyKeys && rng.bounded(2)) {
                raw = QByteArray::number(rng.bounded(400));
                key = QString::fromLatin1(raw);
            } else {
                const auto &k = pool.at(int(rng.bounded(int(pool.size()))));
                raw = k.first;
                key = k.second;
            }
            const qint64 value = i;
            text += (i ? ", \"" : "\"") + raw + "\": " + QByteArray::number(value);
            auto it = std::find_if(expected.begin(), expected.end(), [&](const auto &e) { return e.first == key; });
            if (it != expected.end())
                it->second = value;
            else
                expected.append({ key, value });
        }
        text += "}";
        QString error;
        const JsonValue v = parseJson(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(v.size(), int(expected.size()));
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(v.members().at(size_t(i)).first, expected.at(i).first);
            QCOMPARE(v.members().at(size_t(i)).second.toInt(), expected.at(i).second);
        }
    }
}

void TestBundleFastPaths::sha256MatchesQt()
{
    const auto qt = [](const QByteArray &bytes) {
        return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    };
    QCOMPARE(
        Sha256::hex(QByteArray()), QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    QCOMPARE(Sha256::hex("abc"), QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QRandomGenerator random(12);
    QByteArray bytes(3 * 1024 * 1024 + 17, Qt::Uninitialized);
    for (char &c : bytes)
        c = char(random.bounded(256));
    QCOMPARE(Sha256::hex(bytes), qt(bytes));
    // Fed in uneven pieces, and again after a result (the object starts over).
    Sha256 hash;
    for (int round = 0; round < 2; ++round) {
        for (qsizetype at = 0; at < bytes.size();) {
            const qsizetype n = std::min<qsizetype>(bytes.size() - at, 1 + random.bounded(100000));
            hash.addData(QByteArrayView(bytes).sliced(at, n));
            at += n;
        }
        QCOMPARE(hash.hexResult(), qt(bytes));
    }
}

QTEST_GUILESS_MAIN(TestBundleFastPaths)
#include "tst_bundlefastpaths.moc"
