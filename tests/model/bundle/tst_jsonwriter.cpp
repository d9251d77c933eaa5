#include "bundletestdata.h"
#include "model/bundle/csvwriter.h"
#include "model/bundle/overlay.h"
#include "model/bundle/runcontext.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"

#include <QRegularExpression>
#include <QTimeZone>
#include <QtTest>

using namespace hpx::model;

// The JSON and CSV serialisers against text produced by CPython 3 (json.dumps, repr, round, csv).
class TestJsonWriter : public QObject {
    Q_OBJECT

private slots:
    void floatRepr_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("expected");
        const struct {
            double v;
            const char *text;
        } cases[] = { { 7405.0, "7405.0" }, { 0.1, "0.1" }, { 1e16, "1e+16" }, { 1e15, "1000000000000000.0" },
            { 0.0001, "0.0001" }, { 1e-05, "1e-05" }, { -0.0, "-0.0" }, { 5e-324, "5e-324" },
            { 1.7976931348623157e308, "1.7976931348623157e+308" }, { 123456789012345678.0, "1.2345678901234568e+17" },
            { 0.228938, "0.228938" }, { 2989.5, "2989.5" }, { 1.0 / 3, "0.3333333333333333" },
            { 2.0 / 3 * 100, "66.66666666666666" }, { 1e22, "1e+22" },
            { 12345678901234567.0, "1.2345678901234568e+16" }, { 9999999999999998.0, "9999999999999998.0" },
            { 0.00012345, "0.00012345" }, { -1.5e-7, "-1.5e-07" }, { 100.0, "100.0" }, { 1e100, "1e+100" },
            { 0.0, "0.0" } };
        for (const auto &c : cases)
            QTest::newRow(c.text) << c.v << QByteArray(c.text);
    }
    void floatRepr()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, expected);
        QCOMPARE(pythonFloatRepr(value), expected);
    }

    void pythonRounding_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("digits");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("2.675,2") << 2.675 << 2 << QByteArray("2.67");
        QTest::newRow("0.125,2 tie to even") << 0.125 << 2 << QByteArray("0.12");
        QTest::newRow("0.375,2 tie to even") << 0.375 << 2 << QByteArray("0.38");
        QTest::newRow("200/3,1") << 200.0 / 3 << 1 << QByteArray("66.7");
        QTest::newRow("2.5,0") << 2.5 << 0 << QByteArray("2.0");
        QTest::newRow("-0.04,1") << -0.04 << 1 << QByteArray("-0.0");
        QTest::newRow("1.05,1") << 1.05 << 1 << QByteArray("1.1");
        QTest::newRow("0.15,1") << 0.15 << 1 << QByteArray("0.1");
        QTest::newRow("0.45,1") << 0.45 << 1 << QByteArray("0.5");
        QTest::newRow("huge") << 1e20 / 3 << 2 << QByteArray("3.333333333333333e+19");
    }
    void pythonRounding()
    {
        QFETCH(double, value);
        QFETCH(int, digits);
        QFETCH(QByteArray, expected);
        QCOMPARE(pythonFloatRepr(pythonRound(value, digits)), expected);
    }

    void nestedIndentAndEscapes()
    {
        JsonValue inner = JsonValue::object();
        inner.appendMember(QStringLiteral("x"), JsonValue());
        inner.appendMember(QStringLiteral("y"), JsonValue(true));
        inner.appendMember(QStringLiteral("z"), JsonValue(false));
        JsonValue c = JsonValue::array();
        c.append(JsonValue(1));
        c.append(inner);
        JsonValue doc = JsonValue::object();
        doc.appendMember(QStringLiteral("a"), JsonValue::array());
        doc.appendMember(QStringLiteral("b"), JsonValue::object());
        doc.appendMember(QStringLiteral("c"), c);
        doc.appendMember(QString::fromUtf8("é"), JsonValue(QString::fromUtf8("é\x7f\x01😀\"\\\n\t/")));
        const QByteArray expected = "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    {\n      \"x\": null,\n"
                                    "      \"y\": true,\n      \"z\": false\n    }\n  ],\n"
                                    "  \"\\u00e9\": \"\\u00e9\\u007f\\u0001\\ud83d\\ude00\\\"\\\\\\n\\t/\"\n}";
        QCOMPARE(toPythonJson(doc), expected);
    }

    void sortedForms()
    {
        JsonValue c = JsonValue::object();
        c.appendMember(QStringLiteral("z"), JsonValue(1));
        c.appendMember(QStringLiteral("y"), JsonValue(2));
        JsonValue list = JsonValue::array();
        list.append(c);
        JsonValue a = JsonValue::object();
        a.appendMember(QStringLiteral("d"), JsonValue(1));
        a.appendMember(QStringLiteral("c"), list);
        JsonValue doc = JsonValue::object();
        doc.appendMember(QStringLiteral("b"), JsonValue(1));
        doc.appendMember(QStringLiteral("a"), a);
        QCOMPARE(toCompactSortedJson(doc), QByteArray("{\"a\":{\"c\":[{\"y\":2,\"z\":1}],\"d\":1},\"b\":1}"));
        const QByteArray manifest = toManifestJson(doc);
        QVERIFY(manifest.endsWith("}\n"));
        QVERIFY(manifest.startsWith("{\n  \"a\": {\n    \"c\": [\n      {\n        \"y\": 2,"));
        // Insertion order is untouched by the sorted writers.
        QCOMPARE(doc.keys(), (QStringList { QStringLiteral("b"), QStringLiteral("a") }));
    }

    void nonFiniteLikePython()
    {
        JsonValue list = JsonValue::array();
        list.append(JsonValue(std::numeric_limits<double>::quiet_NaN()));
        list.append(JsonValue(std::numeric_limits<double>::infinity()));
        list.append(JsonValue(-std::numeric_limits<double>::infinity()));
        QCOMPARE(toPythonJson(list, -1), QByteArray("[NaN, Infinity, -Infinity]"));
        const JsonValue back = parseJson("[NaN, Infinity, -Infinity]");
        QVERIFY(std::isnan(back.at(0).toDouble()));
        QCOMPARE(back.at(2).toDouble(), -std::numeric_limits<double>::infinity());
    }

    void parserKeepsOrderAndIntegers()
    {
        QString error;
        const JsonValue v
            = parseJson("{\"b\": 1, \"a\": 2.0, \"c\": [1e2, -3], \"b\": 9, \"s\": \"\\u00e9\\ud83d\\ude00\"}", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(v.keys(),
            (QStringList { QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("c"), QStringLiteral("s") }));
        QVERIFY(v.value(QStringLiteral("b")).isInt());
        QCOMPARE(v.value(QStringLiteral("b")).toInt(), 9); // duplicate: last value, first place
        QVERIFY(v.value(QStringLiteral("a")).isDouble());
        QVERIFY(v.value(QStringLiteral("c")).at(0).isDouble());
        QCOMPARE(v.value(QStringLiteral("c")).at(1).toInt(), -3);
        QCOMPARE(v.value(QStringLiteral("s")).toString(), QString::fromUtf8("é😀"));
        QCOMPARE(parseJson(toPythonJson(v)), v);
    }

    void parserDuplicateKeysInLargeObjects()
    {
        QByteArray text = "{";
        for (int i = 0; i < 20; ++i)
            text += "\"k" + QByteArray::number(i) + "\": " + QByteArray::number(i) + ", ";
        text += "\"k3\": 33, \"k18\": 1818, \"new\": 1}";
        const JsonValue v = parseJson(text);
        QCOMPARE(v.size(), 21);
        QCOMPARE(v.keys().at(3), QStringLiteral("k3"));
        QCOMPARE(v.value(QStringLiteral("k3")).toInt(), 33);
        QCOMPARE(v.value(QStringLiteral("k18")).toInt(), 1818);
        QCOMPARE(v.keys().last(), QStringLiteral("new"));
    }

    void runContextStamps()
    {
        const RunContext a = RunContext::create();
        const RunContext b = RunContext::create();
        static const QRegularExpression uuid4(
            QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
        QVERIFY2(uuid4.match(a.runId).hasMatch(), qPrintable(a.runId));
        QVERIFY(a.runId != b.runId);
        static const QRegularExpression iso(
            QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}\\+00:00$"));
        QVERIFY2(iso.match(a.timestamp).hasMatch(), qPrintable(a.timestamp));
        QCOMPARE(RunContext::formatTimestamp(QDateTime(QDate(2026, 8, 22), QTime(13, 38, 20, 123), QTimeZone::utc())),
            QStringLiteral("2026-08-22T13:38:20.123000+00:00"));
        QVERIFY(!a.hpxVersion.isEmpty());
    }

    void parserErrorsNameThePlace_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("trailing comma") << QByteArray("{\n  \"a\": 1,\n}") << QStringLiteral("line 3, column 1");
        QTest::newRow("truncated") << QByteArray("[1, 2") << QStringLiteral("line 1, column 6");
        QTest::newRow("garbage after") << QByteArray("{} x") << QStringLiteral("line 1, column 4");
        QTest::newRow("bad escape") << QByteArray("\"\\q\"") << QStringLiteral("line 1, column 4");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("line 1, column 1");
    }
    void parserErrorsNameThePlace()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QString error;
        const JsonValue v = parseJson(text, &error);
        QVERIFY(v.isNull());
        QVERIFY2(error.startsWith(where), qPrintable(error));
    }

    // u34: hpx's overlay builder on arbitrary {key: value} maps, compared with its expected_text.
    void overlayBuilderMatchesHpx()
    {
        const JsonValue doc = hpx::test::readJsonFile(
            hpx::test::conformanceDir(QStringLiteral("u34_overlay_builder")) + QStringLiteral("/expected.json"));
        int compared = 0;
        for (const JsonValue &c : doc.value(QStringLiteral("expected")).elements()) {
            const JsonValue input = c.value(QStringLiteral("input"));
            auto build = [](const JsonValue &values, const QString &name) {
                OverlayGraph graph;
                graph.graphId = QStringLiteral("main");
                for (const auto &m : values.members())
                    graph.results.append({ m.first, m.second });
                return toPythonJson(buildOverlayDocument({ graph }, name));
            };
            if (input.contains(QStringLiteral("metrics"))) {
                for (const auto &metric : input.value(QStringLiteral("metrics")).members()) {
                    const QByteArray expected
                        = c.value(QStringLiteral("expected_text")).value(metric.first).toString().toUtf8();
                    QCOMPARE(build(metric.second, metric.first), expected);
                    ++compared;
                }
            } else {
                const QByteArray expected = c.value(QStringLiteral("expected_text")).toString().toUtf8();
                QCOMPARE(
                    build(input.value(QStringLiteral("values")), input.value(QStringLiteral("metric_name")).toString()),
                    expected);
                ++compared;
            }
        }
        QCOMPARE(compared, 7);
    }

    void csvLikePython()
    {
        CsvWriter csv;
        csv.writeHeader({ QStringLiteral("id"), QStringLiteral("op"), QStringLiteral("v") });
        csv.writeRow({ JsonValue(0), JsonValue(QStringLiteral("CONV_2D")), JsonValue(7405.0) });
        csv.writeRow({ JsonValue(1), JsonValue(QStringLiteral("a,b")), JsonValue() });
        csv.writeRow({ JsonValue(true), JsonValue(QStringLiteral("say \"hi\"")), JsonValue(false) });
        csv.writeRow({ JsonValue(QStringLiteral("x\ny")), JsonValue(QStringLiteral(" lead")), JsonValue(1e16) });
        const QByteArray expected = "id,op,v\r\n0,CONV_2D,7405.0\r\n1,\"a,b\",\r\nTrue,\"say \"\"hi\"\"\",False\r\n"
                                    "\"x\ny\", lead,1e+16\r\n";
        QCOMPARE(csv.data(), expected);
        const QVector<QStringList> rows = parseCsv(expected);
        QCOMPARE(rows.size(), 5);
        QCOMPARE(rows.at(2).at(1), QStringLiteral("a,b"));
        QCOMPARE(rows.at(2).at(2), QString());
        QCOMPARE(rows.at(3).at(1), QStringLiteral("say \"hi\""));
        QCOMPARE(rows.at(4).at(0), QStringLiteral("x\ny"));
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
