// heliaPROFILER's own wire-stream test inputs (tests/data/conformance, see SOURCES.md) against what hpx produced:
// transport lines, metadata, passes, headers, per-iteration rows, firmware errors, warning kinds, capture verdict.
// Aggregation, merging, summaries and overlays belong to the pipeline's tests; they read the same expected files.
#include "device/capture/capturetiming.h"
#include "device/capture/captureverdict.h"
#include "device/wire/wireparser.h"
#include "tests/device/wire/wiretestutil.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace hpx;
using device::StreamOrigin;

namespace {

QJsonObject readJson(const QString &relative)
{
    const QByteArray bytes = test::readData(relative);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError)
        qWarning() << relative << err.errorString();
    return doc.object();
}

QStringList toStringList(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

StreamOrigin kindOf(const QString &name)
{
    if (name == QLatin1String("none"))
        return std::nullopt;
    const auto k = hpx::model::firmwareTransportFromName(name);
    if (!k)
        qFatal("unknown transport %s", qPrintable(name));
    return *k;
}

// The FirmwareMeta fields hpx fills from metadata (docs/compatibility.md §1.4), psram aside.
const QStringList kConsumedKeys = {
    QStringLiteral("model_size"),
    QStringLiteral("arena_size"),
    QStringLiteral("allocated_arena"),
    QStringLiteral("input_size"),
    QStringLiteral("output_size"),
    QStringLiteral("num_tensors"),
    QStringLiteral("num_inputs"),
    QStringLiteral("num_outputs"),
    QStringLiteral("num_presets"),
    QStringLiteral("system_clock_hz"),
    QStringLiteral("profiled_infer_count"),
    QStringLiteral("profiled_infer_total_us"),
    QStringLiteral("profiled_infer_avg_us"),
    QStringLiteral("clean_infer_count"),
    QStringLiteral("clean_infer_total_cycles"),
    QStringLiteral("clean_infer_avg_cycles"),
    QStringLiteral("clean_infer_avg_us"),
    QStringLiteral("clean_stalled_iters"),
    QStringLiteral("clean_partial_iters"),
    QStringLiteral("clean_ref_cycles"),
    QStringLiteral("clean_dwt_rate_cyc"),
    QStringLiteral("clean_dwt_rate_us"),
    QStringLiteral("clean_attach_wait_us"),
};

QJsonValue jsonOf(const QVariant &v)
{
    if (!v.isValid())
        return QJsonValue(QJsonValue::Null);
    if (v.typeId() == QMetaType::LongLong)
        return QJsonValue(v.toLongLong());
    return QJsonValue(v.toString());
}

// The parser's view of hpx's FirmwareMeta, as JSON like expected.parsed.meta.
QJsonObject firmwareMeta(const model::Capture &c)
{
    QJsonObject meta;
    for (const QString &key : kConsumedKeys) {
        const QVariant v = key == QLatin1String("clean_infer_count") ? c.cleanInferCount() : c.meta(key);
        if (v.isValid())
            meta.insert(key, jsonOf(v));
    }
    if (c.hasMeta(QStringLiteral("psram_clock_hz"))) {
        QJsonObject psram;
        for (const char *k :
            { "size_bytes", "clock_hz", "capabilities", "state", "last_init_status", "timing_status", "rxdqs_delay" }) {
            const QVariant v = c.meta(QStringLiteral("psram_") + QLatin1String(k));
            psram.insert(QLatin1String(k), v.isValid() ? jsonOf(v) : QJsonValue(0));
        }
        const QVariant xip = c.meta(QStringLiteral("psram_xip_enabled"));
        psram.insert(QStringLiteral("xip_enabled"), xip.isValid() && xip.toLongLong() != 0);
        meta.insert(QStringLiteral("psram"), psram);
    }
    meta.insert(QStringLiteral("presets"), QJsonArray::fromStringList(c.announcedPresets));
    return meta;
}

// Problems as the conformance set's normalised warning kinds.
QStringList warningKinds(const model::Capture &c, QStringList *unexpected)
{
    QStringList kinds;
    int parseErrors = 0;
    QSet<QString> seen;
    for (const model::CaptureProblem &p : c.problems) {
        if (p.kind == QLatin1String("malformed_row") || p.kind == QLatin1String("non_numeric_value")) {
            ++parseErrors;
            if (!seen.contains(p.kind))
                kinds << p.kind;
            seen.insert(p.kind);
        } else if (p.kind == QLatin1String("hpx_end_missing") || p.kind == QLatin1String("protocol_version_mismatch")) {
            kinds << p.kind;
        } else if (p.kind == QLatin1String("inconsistent_layer_counts")) {
            kinds << p.kind + QLatin1Char(':') + p.text;
        } else {
            *unexpected << p.kind + QLatin1String(": ") + p.message;
        }
    }
    if (parseErrors)
        kinds << QStringLiteral("parse_errors:%1").arg(parseErrors);
    kinds.sort();
    return kinds;
}

QJsonValue layerId(const QString &layer)
{
    bool ok = false;
    const qlonglong v = layer.toLongLong(&ok);
    return ok ? QJsonValue(v) : QJsonValue(layer);
}

// hpx's typed per-iteration row for one CaptureRow.
QJsonObject typedRow(const model::CapturePass &pass, const model::CaptureRow &r)
{
    QJsonObject row;
    row.insert(QStringLiteral("id"), layerId(r.layer));
    row.insert(QStringLiteral("op"), r.op);
    QJsonObject counters;
    for (int i = 0; i < pass.counters.size(); ++i) {
        if (r.values.at(i))
            counters.insert(pass.counters.at(i), *r.values.at(i));
    }
    row.insert(QStringLiteral("counters"), counters);
    row.insert(QStringLiteral("cycles"), counters.value(QStringLiteral("ARM_PMU_CPU_CYCLES")));
    if (!counters.contains(QStringLiteral("ARM_PMU_CPU_CYCLES")))
        row.insert(QStringLiteral("cycles"), QJsonValue(QJsonValue::Null));
    row.insert(QStringLiteral("overflow"), r.overflow);
    return row;
}

// The firmware error code each error case must yield (§1.7's extraction rule applied by hand).
const QHash<QString, QString> kExpectedCodes = {
    { QStringLiteral("u24_unsupported_op_is_classified"), QStringLiteral("unsupported_op") },
    { QStringLiteral("u25_alloc_tensors_failed_mentions_both_possibilities"), QStringLiteral("alloc_tensors_failed") },
    { QStringLiteral("u26_schema_mismatch_payload_with_colon"), QStringLiteral("schema_mismatch") },
    { QStringLiteral("u27_unknown_kind_still_raises"), QStringLiteral("brand_new_error_kind") },
    { QStringLiteral("u28_only_first_error_is_raised"), QStringLiteral("unsupported_op") },
};

} // namespace

class TestWireConformance : public QObject {
    Q_OBJECT
private slots:
    void allCasesPresent();
    void streamCase_data();
    void streamCase();
    void windowBudget_data();
    void windowBudget();
};

void TestWireConformance::allCasesPresent()
{
    const QStringList dirs = QDir(test::dataPath(QStringLiteral("conformance")))
                                 .entryList(QStringList { QStringLiteral("u*") }, QDir::Dirs);
    QCOMPARE(dirs.size(), 34);
}

void TestWireConformance::streamCase_data()
{
    QTest::addColumn<QString>("dir");
    const QStringList dirs = QDir(test::dataPath(QStringLiteral("conformance")))
                                 .entryList(QStringList { QStringLiteral("u*") }, QDir::Dirs);
    int n = 0;
    for (const QString &d : dirs) {
        // Stream cases; u33 (window budget) and u34 (overlay builder) have their own schemas.
        const QJsonObject root = readJson(QStringLiteral("conformance/%1/expected.json").arg(d));
        if (root.value(QStringLiteral("schema")).toString() == QLatin1String("hpx-holdout-case/1")) {
            QTest::newRow(qPrintable(d)) << d;
            ++n;
        }
    }
    QCOMPARE(n, 32);
}

void TestWireConformance::streamCase()
{
    QFETCH(QString, dir);
    const QJsonObject root = readJson(QStringLiteral("conformance/%1/expected.json").arg(dir));
    const QJsonObject inputs = root.value(QStringLiteral("inputs")).toObject();
    const QJsonObject expected = root.value(QStringLiteral("expected")).toObject();
    const QByteArray stream = test::readData(QStringLiteral("conformance/%1/stream.txt").arg(dir));
    QCOMPARE(stream.size(), inputs.value(QStringLiteral("stream_bytes")).toInt());
    const StreamOrigin kind = kindOf(inputs.value(QStringLiteral("transport")).toString());

    QStringList lines;
    const model::Capture c = device::WireParser::parse(stream, kind, &lines);

    // Transport lines.
    QCOMPARE(lines, toStringList(expected.value(QStringLiteral("transport_lines"))));

    // The stream as the test read it, chunk by chunk, gives the same lines and records.
    if (root.contains(QStringLiteral("read_chunks"))) {
        device::WireParser p(kind);
        p.setKeepTransportLines(true);
        for (const QJsonValue &chunk : root.value(QStringLiteral("read_chunks")).toArray())
            p.feed(chunk.toString().toUtf8());
        const model::Capture chunked = p.finish();
        QCOMPARE(p.transportLines(), lines);
        QCOMPARE(test::dumpCapture(chunked), test::dumpCapture(c));
    }

    // Metadata (hpx's FirmwareMeta view of it).
    const QJsonObject parsed = expected.value(QStringLiteral("parsed")).toObject();
    const QJsonObject meta = firmwareMeta(c);
    QCOMPARE(QJsonDocument(meta).toJson(QJsonDocument::Compact),
        QJsonDocument(parsed.value(QStringLiteral("meta")).toObject()).toJson(QJsonDocument::Compact));

    // Passes, headers, iteration row counts and every row.
    QStringList names;
    for (const model::CapturePass &p : c.passes)
        names << p.name;
    QCOMPARE(names, toStringList(parsed.value(QStringLiteral("preset_names"))));
    const QJsonObject presets = parsed.value(QStringLiteral("presets")).toObject();
    QCOMPARE(presets.size(), c.passes.size());
    for (const model::CapturePass &p : c.passes) {
        const QJsonObject ep = presets.value(p.name).toObject();
        QCOMPARE(p.header, toStringList(ep.value(QStringLiteral("header"))));
        QJsonArray counts;
        QJsonArray iterations;
        for (const model::CaptureIteration &it : p.iterations) {
            counts.append(int(it.rows.size()));
            QJsonArray rows;
            for (int i = 0; i < it.rows.size(); ++i) {
                QCOMPARE(it.rows.at(i).position, i); // sequential Layer cells: positions are the row order
                rows.append(typedRow(p, it.rows.at(i)));
            }
            iterations.append(rows);
        }
        QCOMPARE(counts, ep.value(QStringLiteral("iteration_row_counts")).toArray());
        QCOMPARE(QJsonDocument(iterations).toJson(QJsonDocument::Compact),
            QJsonDocument(ep.value(QStringLiteral("iterations")).toArray()).toJson(QJsonDocument::Compact));
    }

    // Firmware error: the first HPX_ERROR= line, with its code, message and hint.
    if (root.contains(QStringLiteral("firmware_error_check"))) {
        const bool raises
            = root.value(QStringLiteral("firmware_error_check")).toObject().value(QStringLiteral("raises")).toBool();
        QCOMPARE(c.error.has_value(), raises);
        if (raises) {
            QCOMPARE(c.error->code, kExpectedCodes.value(dir));
            QVERIFY(!c.error->message.isEmpty());
            QVERIFY(!c.error->hint.isEmpty());
            QVERIFY(lines.contains(QStringLiteral("HPX_ERROR=") + c.error->payload));
            QCOMPARE(lines.at(c.error->line - 1), QStringLiteral("HPX_ERROR=") + c.error->payload);
        }
    } else {
        QVERIFY(!c.error);
    }

    // Warning kinds, and nothing this parser would add on its own.
    QStringList unexpected;
    const QStringList kinds = warningKinds(c, &unexpected);
    QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(QLatin1Char('\n'))));
    QStringList expectedKinds;
    const QJsonObject capture = expected.value(QStringLiteral("capture")).toObject();
    for (const QString &k : toStringList(capture.value(QStringLiteral("warning_kinds")))) {
        // Aggregation (rejected samples) and live-transport timing are not the parser's.
        if (!k.startsWith(QLatin1String("rejected_samples")) && !k.startsWith(QLatin1String("transport_timeout")))
            expectedKinds << k;
    }
    expectedKinds.sort();
    QCOMPARE(kinds, expectedKinds);

    // Verdict.
    const auto failure = device::captureFailure(c);
    QCOMPARE(!failure.has_value(), capture.value(QStringLiteral("ok")).toBool());
    if (failure && c.error)
        QCOMPARE(failure->kind, QStringLiteral("firmware_error"));

    // Other transports: equivalent ones give the same lines; the others state their lines and meta changes.
    const QJsonObject others = root.value(QStringLiteral("expected_other_transports")).toObject();
    for (auto it = others.begin(); it != others.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        const bool equivalent = o.value(QStringLiteral("equivalent")).toBool();
        if (!equivalent && !o.contains(QStringLiteral("transport_lines")))
            continue; // a transport-level failure (RTT handshake, UART preamble): not the parser's business
        QStringList otherLines;
        const model::Capture oc = device::WireParser::parse(stream, kindOf(it.key()), &otherLines);
        if (equivalent) {
            QCOMPARE(otherLines, lines);
            QCOMPARE(test::dumpCapture(oc), test::dumpCapture(c));
        } else {
            QCOMPARE(otherLines, toStringList(o.value(QStringLiteral("transport_lines"))));
            QJsonObject changedMeta = meta;
            const QJsonObject changes = o.value(QStringLiteral("parsed_meta_changes")).toObject();
            for (auto ch = changes.begin(); ch != changes.end(); ++ch) {
                if (ch.value().isNull())
                    changedMeta.remove(ch.key());
                else
                    changedMeta.insert(ch.key(), ch.value());
            }
            QCOMPARE(QJsonDocument(firmwareMeta(oc)).toJson(QJsonDocument::Compact),
                QJsonDocument(changedMeta).toJson(QJsonDocument::Compact));
        }
    }
}

void TestWireConformance::windowBudget_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QJsonValue>("budget");
    const QJsonObject root = readJson(QStringLiteral("conformance/u33_window_budget_announce_lines/expected.json"));
    const QJsonArray cases = root.value(QStringLiteral("expected")).toArray();
    QCOMPARE(cases.size(), 10);
    int i = 0;
    for (const QJsonValue &v : cases) {
        const QJsonObject o = v.toObject();
        QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i++).arg(o.value(QStringLiteral("test")).toString())))
            << o.value(QStringLiteral("line")).toString() << o.value(QStringLiteral("budget_s"));
    }
}

void TestWireConformance::windowBudget()
{
    QFETCH(QString, line);
    QFETCH(QJsonValue, budget);
    const std::optional<double> got = device::timing::cleanWindowBudgetS(line);
    QCOMPARE(got.has_value(), !budget.isNull());
    if (got)
        QCOMPARE(*got, budget.toDouble());

    // The parser's heartbeat view agrees with the line-based rule.
    const model::Capture c
        = device::WireParser::parse(QString(QStringLiteral("--- HPX_START ---\n") + line + QLatin1Char('\n')).toUtf8());
    const std::optional<double> fromParsed
        = c.announcedCleanEstMs ? device::timing::cleanWindowBudgetS(*c.announcedCleanEstMs) : std::nullopt;
    QCOMPARE(fromParsed, got);
}

QTEST_GUILESS_MAIN(TestWireConformance)
#include "tst_wireconformance.moc"
