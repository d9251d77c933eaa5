// Every line kind of hpx wire protocol v1 (docs/compatibility.md §1) and the §1.10 example stream.
#include "device/capture/captureverdict.h"
#include "device/wire/firmwareerror.h"
#include "device/wire/linesplitter.h"
#include "device/wire/wirenumbers.h"
#include "device/wire/wireparser.h"
#include "model/results/capturefold.h"
#include "tests/device/wire/wiretestutil.h"

#include <QTest>

using namespace hpx;
using device::StreamOrigin;
using device::WireEvent;
using device::WireParser;

namespace {

model::Capture parse(const QByteArray &s, StreamOrigin kind = std::nullopt, QStringList *lines = nullptr)
{
    return WireParser::parse(s, kind, lines);
}

QStringList problemKinds(const model::Capture &c)
{
    QStringList k;
    for (const auto &p : c.problems)
        k << p.kind;
    return k;
}

const model::CaptureProblem *findProblem(const model::Capture &c, const QString &kind)
{
    for (const auto &p : c.problems) {
        if (p.kind == kind)
            return &p;
    }
    return nullptr;
}

// 1-based number of the first line equal to text.
int lineOf(const QByteArray &stream, const QByteArray &text)
{
    const QList<QByteArray> lines = stream.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines.at(i) == text)
            return i + 1;
    }
    return -1;
}

std::optional<double> value(const model::CaptureRow &r, const model::CapturePass &p, const QString &counter)
{
    const qsizetype i = p.counters.indexOf(counter);
    return i < 0 ? std::nullopt : r.values.at(i);
}

const QByteArray kOnePass = "--- HPX_START ---\n"
                            "--- HPX_PRESET cpu_0 ---\n"
                            "--- HPX_ITER 0 ---\n"
                            "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\",\"overflow\"\n"
                            "0,CONV_2D,100,10,0\n"
                            "1,ADD,200,20,0\n"
                            "2,FULLY_CONNECTED,300,30,0\n"
                            "--- HPX_END ---\n";

} // namespace

class TestWireParser : public QObject {
    Q_OBJECT
private slots:
    void specExampleRecords();
    void specExampleEvents();
    void lineEndings_data();
    void lineEndings();
    void noiseBeforeStart();
    void heartbeatsBetweenRows();
    void heartbeatFields();
    void metadataRules();
    void layerPositions();
    void firmwareErrorAnywhereFirstWins();
    void firmwareErrorCode_data();
    void firmwareErrorCode();
    void firmwareErrorMessages_data();
    void firmwareErrorMessages();
    void firmwareWarning();
    void legacyDefaultPass();
    void missingEndLosesOpenIteration();
    void overflowColumn_data();
    void overflowColumn();
    void cutShortRowIsLostNotOverflow();
    void joinedRowIsDropped();
    void joinedLineWithMoreCellsHoldsBothRows();
    void noOverflowColumn();
    void layerTagForms();
    void csvQuoting();
    void wrongFieldCountDropsRowKeepsPositions();
    void nonNumericCounterIsMissing();
    void layerCellGivesPosition();
    void missingHeader();
    void lostPresetMarker();
    void headerChangedMapsByName();
    void damagedHeader();
    void headerOfAnotherPassIsRejected();
    void passRepeatedReplacesInPlace();
    void restartDiscardsOpenIteration();
    void glitchRule_data();
    void glitchRule();
    void invalidUtf8();
    void overlongLine();
    void versionMismatch();
    void inconsistentLayerCounts();
    void numbers_data();
    void numbers();
    void verdicts();
    void feedAfterFinishIgnored();
};

void TestWireParser::specExampleRecords()
{
    const QByteArray s = test::specExampleStream();
    QStringList lines;
    const model::Capture c = parse(s, hpx::model::FirmwareTransport::UsbCdc, &lines);
    QVERIFY2(c.problems.isEmpty(), qPrintable(test::dumpCapture(c)));
    QVERIFY(!c.error);
    QVERIFY(c.sawStart && c.sawEnd);
    QVERIFY(!device::captureFailure(c));
    QCOMPARE(lines.first(), QStringLiteral("--- HPX_START ---"));
    QCOMPARE(lines.last(), QStringLiteral("--- HPX_END ---"));
    QVERIFY(!lines.contains(QString())); // empty lines dropped
    QCOMPARE(c.lineCount, int(lines.size()));

    QCOMPARE(c.meta(QStringLiteral("version")), QVariant(qlonglong(1)));
    QCOMPARE(c.meta(QStringLiteral("engine")), QVariant(QStringLiteral("helia_rt")));
    QCOMPARE(c.meta(QStringLiteral("system_clock_hz")), QVariant(qlonglong(96000000)));
    QCOMPARE(c.meta(QStringLiteral("clean_infer_total_cycles")), QVariant(qlonglong(95820192)));
    QCOMPARE(c.meta(QStringLiteral("profiled_infer_avg_us")), QVariant(qlonglong(130)));
    QCOMPARE(c.meta(QStringLiteral("heartbeat_every_n_ops")), QVariant(qlonglong(3)));
    QCOMPARE(c.meta(QStringLiteral("presets")), QVariant(QStringLiteral("cpu_0,memory_0")));
    QVERIFY(!c.meta(QStringLiteral("nonexistent")).isValid());
    QCOMPARE(c.announcedPresets, (QStringList { QStringLiteral("cpu_0"), QStringLiteral("memory_0") }));
    QCOMPARE(c.announcedCleanIters, std::optional<qint64>(8531));
    QCOMPARE(c.announcedCleanEstMs, std::optional<qint64>(999));
    QCOMPARE(c.cleanInferCount(), QVariant(qlonglong(8531)));
    QCOMPARE(c.heartbeatCount, 12);

    QCOMPARE(c.passes.size(), 2);
    const model::CapturePass &cpu = c.passes.at(0);
    const model::CapturePass &mem = c.passes.at(1);
    QCOMPARE(cpu.name, QStringLiteral("cpu_0"));
    QCOMPARE(mem.name, QStringLiteral("memory_0"));
    QCOMPARE(cpu.header,
        (QStringList { QStringLiteral("Layer"), QStringLiteral("Op"), QStringLiteral("ARM_PMU_CPU_CYCLES"),
            QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_STALL_FRONTEND"),
            QStringLiteral("ARM_PMU_STALL_BACKEND"), QStringLiteral("overflow") }));
    QCOMPARE(cpu.counters,
        (QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
            QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") }));
    QCOMPARE(mem.counters,
        (QStringList { QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
            QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") }));
    for (const model::CapturePass &p : c.passes) {
        QCOMPARE(p.iterations.size(), 2);
        QCOMPARE(p.iterations.at(0).number, 0);
        QCOMPARE(p.iterations.at(1).number, 1);
        for (const auto &it : p.iterations) {
            QCOMPARE(it.rows.size(), 3);
            const QStringList ops { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
                QStringLiteral("FULLY_CONNECTED") };
            for (int i = 0; i < 3; ++i) {
                QCOMPARE(it.rows.at(i).position, i);
                QCOMPARE(it.rows.at(i).layer, QString::number(i));
                QCOMPARE(it.rows.at(i).op, ops.at(i));
                QVERIFY(!it.rows.at(i).overflow);
                QCOMPARE(it.rows.at(i).values.size(), 4);
            }
        }
    }
    // Spot values, each with its line number.
    const model::CaptureRow &r = cpu.iterations.at(1).rows.at(1);
    QCOMPARE(value(r, cpu, QStringLiteral("ARM_PMU_CPU_CYCLES")), std::optional<double>(2991));
    QCOMPARE(value(r, cpu, QStringLiteral("ARM_PMU_STALL_BACKEND")), std::optional<double>(405));
    QCOMPARE(r.line, lineOf(s, "1,DEPTHWISE_CONV_2D,2991,2210,97,405,0"));
    const model::CaptureRow &m = mem.iterations.at(0).rows.at(2);
    QCOMPARE(value(m, mem, QStringLiteral("ARM_PMU_BUS_CYCLES")), std::optional<double>(1529));
    QCOMPARE(value(m, mem, QStringLiteral("ARM_PMU_MEM_ACCESS")), std::optional<double>(640));
    QCOMPARE(m.line, lineOf(s, "2,FULLY_CONNECTED,640,9,61,1529,0"));
}

void TestWireParser::specExampleEvents()
{
    WireParser p(hpx::model::FirmwareTransport::UsbCdc);
    QVector<WireEvent> ev = p.feed(test::specExampleStream());
    QVector<WireEvent> tail;
    p.finish(&tail);
    QVERIFY(tail.isEmpty());

    QStringList trace;
    for (const WireEvent &e : std::as_const(ev)) {
        switch (e.kind) {
        case WireEvent::Kind::Started:
            trace << QStringLiteral("start");
            break;
        case WireEvent::Kind::PassStarted:
            trace << QStringLiteral("pass %1 %2/%3").arg(e.passName).arg(e.passNumber).arg(e.passCount);
            break;
        case WireEvent::Kind::IterationCommitted:
            trace << QStringLiteral("iter %1 #%2 rows=%3 (%4/%5)")
                         .arg(e.passName)
                         .arg(e.iteration)
                         .arg(e.rowCount)
                         .arg(e.passNumber)
                         .arg(e.passCount);
            break;
        case WireEvent::Kind::Ended:
            trace << QStringLiteral("end");
            break;
        case WireEvent::Kind::Heartbeat:
            if (e.heartbeat.phase == QLatin1String("clean_window_begin"))
                trace << QStringLiteral("clean %1 %2").arg(*e.heartbeat.iters).arg(*e.heartbeat.estMs);
            break;
        default:
            break;
        }
    }
    QCOMPARE(trace,
        (QStringList { QStringLiteral("start"), QStringLiteral("clean 8531 999"), QStringLiteral("pass cpu_0 1/2"),
            QStringLiteral("iter cpu_0 #0 rows=3 (1/2)"), QStringLiteral("iter cpu_0 #1 rows=3 (1/2)"),
            QStringLiteral("pass memory_0 2/2"), QStringLiteral("iter memory_0 #0 rows=3 (2/2)"),
            QStringLiteral("iter memory_0 #1 rows=3 (2/2)"), QStringLiteral("end") }));
    int metadata = 0;
    for (const WireEvent &e : std::as_const(ev)) {
        if (e.kind == WireEvent::Kind::Metadata) {
            ++metadata;
            QVERIFY(!e.key.isEmpty());
            QVERIFY(e.line > 0);
        }
    }
    QCOMPARE(metadata, 27);
}

void TestWireParser::lineEndings_data()
{
    QTest::addColumn<QByteArray>("eol");
    QTest::newRow("LF") << QByteArray("\n");
    QTest::newRow("CRLF") << QByteArray("\r\n");
    QTest::newRow("CR") << QByteArray("\r");
    QTest::newRow("LF CR mixed") << QByteArray("mixed");
}

void TestWireParser::lineEndings()
{
    QFETCH(QByteArray, eol);
    const QByteArray lf = test::specExampleStream();
    QByteArray s;
    if (eol == "mixed") {
        const QList<QByteArray> lines = lf.split('\n');
        const char *const eols[] = { "\n", "\r\n", "\r" };
        // A lone CR followed by an empty line and LF would read as one CRLF: use CR only before a non-empty line.
        for (int i = 0; i < lines.size(); ++i) {
            const char *e = eols[i % 3];
            if (i + 1 < lines.size() && lines.at(i + 1).isEmpty() && e[0] == '\r' && e[1] == 0)
                e = "\n";
            s += lines.at(i) + (i + 1 < lines.size() ? QByteArray(e) : QByteArray());
        }
    } else {
        s = QByteArray(lf).replace("\n", eol);
    }
    model::Capture expected = parse(lf);
    model::Capture got = parse(s);
    expected.byteCount = got.byteCount = 0;
    QCOMPARE(test::dumpCapture(got), test::dumpCapture(expected));
    // A CRLF split between two feeds is still one line end (line numbers stay the same).
    WireParser p;
    const QByteArray crlf = QByteArray(lf).replace("\n", "\r\n");
    qsizetype pos = 0;
    while (pos < crlf.size()) {
        const qsizetype cr = crlf.indexOf('\r', pos);
        const qsizetype cut = cr < 0 ? crlf.size() : cr + 1;
        p.feed(crlf.mid(pos, cut - pos));
        pos = cut;
    }
    model::Capture split = p.finish();
    split.byteCount = 0;
    QCOMPARE(test::dumpCapture(split), test::dumpCapture(expected));
}

void TestWireParser::noiseBeforeStart()
{
    const QByteArray s = "boot rom v2\n"
                         "\x01\x02garbage,1,2\n"
                         "HPX_MODEL_SIZE=999\n"
                         "--- HPX_END ---\n" // a previous run's tail: noise
                         "--- HPX_ITER 0 ---\n"
                         "0,CONV_2D,5\n"
                         "HPX_READY\nHPX_READY\n"
        + kOnePass;
    WireParser p;
    const QVector<WireEvent> ev = p.feed(s);
    const model::Capture c = p.finish();
    QVERIFY2(c.problems.isEmpty(), qPrintable(test::dumpCapture(c)));
    QVERIFY(!c.hasMeta(QStringLiteral("model_size")));
    QCOMPARE(c.passes.size(), 1);
    QCOMPARE(c.passes.at(0).name, QStringLiteral("cpu_0"));
    QCOMPARE(c.passes.at(0).iterations.size(), 1);
    QCOMPARE(c.passes.at(0).iterations.at(0).rows.size(), 3);
    QVERIFY(c.sawEnd);
    int ready = 0;
    for (const WireEvent &e : ev)
        ready += e.kind == WireEvent::Kind::Ready;
    QCOMPARE(ready, 1);
    QCOMPARE(ev.first().kind, WireEvent::Kind::Ready);
    QCOMPARE(ev.first().line, 7);
}

void TestWireParser::heartbeatsBetweenRows()
{
    QByteArray s = kOnePass;
    s.replace("1,ADD", "HPX_HEARTBEAT phase=infer pass=0 iter=0 layer=1\n1,ADD");
    s.replace("2,FULLY", "HPX_HEARTBEAT phase=infer pass=0 iter=0 layer=2\n\n2,FULLY");
    const model::Capture c = parse(s);
    QVERIFY(c.problems.isEmpty());
    QCOMPARE(c.heartbeatCount, 2);
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(2).op, QStringLiteral("FULLY_CONNECTED"));
    QCOMPARE(rows.at(2).position, 2);
}

void TestWireParser::heartbeatFields()
{
    WireParser p;
    const QVector<WireEvent> ev = p.feed("--- HPX_START ---\n"
                                         "HPX_HEARTBEAT phase=infer pass=1 iter=4 layer=17\n"
                                         "HPX_HEARTBEAT phase=allocated arena_used=9120\n"
                                         "HPX_HEARTBEAT phase=clean_window_begin iters=1 est_ms=1000\n"
                                         "HPX_HEARTBEAT phase=init t=0 extra=abc\n"
                                         "HPX_HEARTBEAT_ENABLED=1\n");
    QVector<device::HeartbeatInfo> hb;
    for (const WireEvent &e : ev) {
        if (e.kind == WireEvent::Kind::Heartbeat)
            hb << e.heartbeat;
    }
    QCOMPARE(hb.size(), 4);
    QCOMPARE(hb[0].phase, QStringLiteral("infer"));
    QCOMPARE(hb[0].pass, std::optional<qint64>(1));
    QCOMPARE(hb[0].iter, std::optional<qint64>(4));
    QCOMPARE(hb[0].layer, std::optional<qint64>(17));
    QCOMPARE(hb[1].field(QStringLiteral("arena_used")), QStringLiteral("9120"));
    QCOMPARE(hb[2].iters, std::optional<qint64>(1));
    QCOMPARE(hb[2].estMs, std::optional<qint64>(1000));
    QCOMPARE(hb[3].field(QStringLiteral("extra")), QStringLiteral("abc"));
    QVERIFY(!hb[3].pass);
    const model::Capture c = p.finish();
    QCOMPARE(c.heartbeatCount, 4);
    QCOMPARE(c.meta(QStringLiteral("heartbeat_enabled")), QVariant(qlonglong(1)));
}

void TestWireParser::metadataRules()
{
    const model::Capture c = parse("--- HPX_START ---\n"
                                   "HPX_ARENA_SIZE=100\n"
                                   "HPX_ENGINE=helia_aot\n"
                                   "HPX_ARENA_SIZE=200\n"
                                   "HPX_A=B=C\n"
                                   "HPX_SPACED= 42\n"
                                   "HPX_NEG=-7\n"
                                   "HPX_HEX=0x10\n"
                                   "HPX_PSRAM_READY=0x60000000,4096\n"
                                   "HPX_CONST_BLOB_LOADED region=1 size=2\n"
                                   "HPX_EMPTY=\n"
                                   "HPX_=5\n"
                                   "--- HPX_END ---\n");
    QCOMPARE(c.meta(QStringLiteral("arena_size")), QVariant(qlonglong(200)));
    QCOMPARE(c.metadata.at(0).first, QStringLiteral("arena_size")); // updated in place: last wins, first position
    QCOMPARE(c.meta(QStringLiteral("engine")), QVariant(QStringLiteral("helia_aot")));
    QCOMPARE(c.meta(QStringLiteral("a")), QVariant(QStringLiteral("B=C")));
    QCOMPARE(c.meta(QStringLiteral("spaced")), QVariant(qlonglong(42)));
    QCOMPARE(c.meta(QStringLiteral("neg")), QVariant(qlonglong(-7)));
    QCOMPARE(c.meta(QStringLiteral("hex")), QVariant(QStringLiteral("0x10")));
    QCOMPARE(c.meta(QStringLiteral("psram_ready")), QVariant(QStringLiteral("0x60000000,4096")));
    QVERIFY(!c.hasMeta(QStringLiteral("const_blob_loaded region")));
    QVERIFY(!c.hasMeta(QStringLiteral("empty")));
    QCOMPARE(c.metadata.size(), 7);
    QVERIFY(c.problems.isEmpty());
}

// Our agent's HPX_LAYER_POSITIONS line (docs/compatibility.md §0.2): one after each iteration's rows, kept out of the
// metadata, and whether every iteration said the same. The rows parse as without it.
void TestWireParser::layerPositions()
{
    const QByteArray iteration0 = "--- HPX_ITER 0 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
                                  "0,WHILE,900,0\n1,LESS,100,0\n2,ADD,200,0\n";
    const QByteArray iteration1 = "--- HPX_ITER 1 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
                                  "0,WHILE,901,0\n1,LESS,101,0\n2,ADD,201,0\n";
    const model::Capture same = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n" + iteration0
        + "HPX_LAYER_POSITIONS=0.0,1.0^0,0.1\n" + iteration1 + "HPX_LAYER_POSITIONS=0.0,1.0^0,0.1\n--- HPX_END ---\n");
    QVERIFY(same.problems.isEmpty());
    QCOMPARE(same.passes.size(), 1);
    QCOMPARE(same.passes.at(0).iterations.size(), 2);
    QCOMPARE(same.passes.at(0).iterations.at(1).rows.size(), 3);
    QVERIFY(!same.hasMeta(QStringLiteral("layer_positions")));
    QCOMPARE(same.layerPositions.value, QStringLiteral("0.0,1.0^0,0.1"));
    QCOMPARE(same.layerPositions.iterations, 2);
    QVERIFY(!same.layerPositions.differ);

    const model::Capture differ = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n" + iteration0
        + "HPX_LAYER_POSITIONS=0.0,1.0^0,0.1\n" + iteration1 + "HPX_LAYER_POSITIONS=0.0-2\n--- HPX_END ---\n");
    QCOMPARE(differ.layerPositions.iterations, 2);
    QVERIFY(differ.layerPositions.differ);

    const model::Capture none
        = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n" + iteration0 + "--- HPX_END ---\n");
    QCOMPARE(none.layerPositions.iterations, 0);
}

void TestWireParser::firmwareErrorAnywhereFirstWins()
{
    // Before START, and the first one wins.
    WireParser p;
    const QVector<WireEvent> ev = p.feed("noise\nHPX_ERROR=psram_init_failed\n--- HPX_START ---\n"
                                         "HPX_ERROR=unsupported_op kind=builtin builtin=42 name=FOO index=3\n");
    const model::Capture c = p.finish();
    QVERIFY(c.error);
    QCOMPARE(c.error->code, QStringLiteral("psram_init_failed"));
    QCOMPARE(c.error->line, 2);
    QCOMPARE(c.error->payload, QStringLiteral("psram_init_failed"));
    int errors = 0;
    for (const WireEvent &e : ev) {
        if (e.kind == WireEvent::Kind::FirmwareError) {
            ++errors;
            QCOMPARE(e.error.code, QStringLiteral("psram_init_failed"));
        }
    }
    QCOMPARE(errors, 1);
    const auto failure = device::captureFailure(c);
    QVERIFY(failure);
    QCOMPARE(failure->kind, QStringLiteral("firmware_error"));
    QVERIFY(!failure->hint.isEmpty());
    QVERIFY(!problemKinds(c).contains(QStringLiteral("hpx_end_missing"))); // the error is the story

    // After END too (a file may hold more than the capture); and an error after rows fails the capture.
    const model::Capture after = parse(kOnePass + "HPX_ERROR=executorch stage=load error=2 planned=0\n");
    QVERIFY(after.error);
    QCOMPARE(after.error->code, QStringLiteral("executorch"));
    QCOMPARE(after.passes.at(0).iterations.size(), 1);
    QVERIFY(device::captureFailure(after));
}

void TestWireParser::firmwareErrorCode_data()
{
    QTest::addColumn<QString>("payload");
    QTest::addColumn<QString>("code");
    QTest::newRow("space") << "unsupported_op kind=custom name=X index=1"
                           << "unsupported_op";
    QTest::newRow("colon") << "schema_mismatch:5_vs_3"
                           << "schema_mismatch";
    QTest::newRow("space before colon") << "model_init_failed:3 x"
                                        << "model_init_failed:3";
    QTest::newRow("colon chain") << "bind_arena_failed:5:region=2"
                                 << "bind_arena_failed";
    QTest::newRow("bare") << "psram_info_failed"
                          << "psram_info_failed";
    QTest::newRow("unknown") << "brand_new_error_kind detail=foo"
                             << "brand_new_error_kind";
    QTest::newRow("empty") << ""
                           << "";
}

void TestWireParser::firmwareErrorCode()
{
    QFETCH(QString, payload);
    QFETCH(QString, code);
    QCOMPARE(device::firmwareErrorCode(payload), code);
    const model::FirmwareError e = device::makeFirmwareError(QString(QStringLiteral("HPX_ERROR=") + payload), 9);
    QCOMPARE(e.code, code);
    QCOMPARE(e.payload, payload);
    QCOMPARE(e.line, 9);
    QVERIFY(!e.message.isEmpty());
}

void TestWireParser::firmwareErrorMessages_data()
{
    QTest::addColumn<QString>("payload");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("schema_mismatch") << "schema_mismatch:5_vs_3"
                                     << "5";
    QTest::newRow("unsupported_op builtin") << "unsupported_op kind=builtin builtin=42 name=FOO index=3"
                                            << "FOO";
    QTest::newRow("unsupported_op custom") << "unsupported_op kind=custom name=MyOp index=7"
                                           << "MyOp";
    QTest::newRow("missing_ops") << "missing_ops count=4 hint=rebuild_with_op_registration"
                                 << "4";
    QTest::newRow("alloc_tensors_failed")
        << "alloc_tensors_failed arena=65536 status=2 hint=arena_too_small_or_kernel_prepare_failed"
        << "65536";
    QTest::newRow("psram_init_failed") << "psram_init_failed"
                                       << "PSRAM";
    QTest::newRow("psram_info_failed") << "psram_info_failed"
                                       << "PSRAM";
    QTest::newRow("bind_arena_failed") << "bind_arena_failed:5:region=2"
                                       << "region 2";
    QTest::newRow("const_blob_psram_write_failed") << "const_blob_psram_write_failed:region=3"
                                                   << "region 3";
    QTest::newRow("model_init_failed") << "model_init_failed:-3"
                                       << "-3";
    QTest::newRow("executorch") << "executorch stage=load_method error=33 planned=120000"
                                << "load_method";
    QTest::newRow("operator_count_exceeds_capacity") << "operator_count_exceeds_capacity capacity=512"
                                                     << "512";
    QTest::newRow("pmu_init_or_selftest_failed") << "pmu_init_or_selftest_failed pass=mve_1"
                                                 << "mve_1";
    QTest::newRow("unknown") << "brand_new_error_kind detail=foo"
                             << "brand_new_error_kind";
}

void TestWireParser::firmwareErrorMessages()
{
    QFETCH(QString, payload);
    QFETCH(QString, mentions);
    const model::FirmwareError e = device::makeFirmwareError(QString(QStringLiteral("HPX_ERROR=") + payload), 1);
    QVERIFY2(e.message.contains(mentions), qPrintable(e.message));
    QVERIFY(!e.hint.isEmpty());
    QCOMPARE(device::isKnownFirmwareErrorCode(e.code), e.code != QLatin1String("brand_new_error_kind"));
    if (e.code == QLatin1String("executorch"))
        QVERIFY2(e.hint.contains(QLatin1String("120000")), qPrintable(e.hint));
}

void TestWireParser::firmwareWarning()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_PRESET", "HPX_WARN=unusual_dtype tensor=3 dtype=9 name=x\n--- HPX_PRESET");
    WireParser p;
    const QVector<WireEvent> ev = p.feed(s);
    const model::Capture c = p.finish();
    QVERIFY(!c.error);
    QVERIFY(!device::captureFailure(c));
    QCOMPARE(problemKinds(c), QStringList { QStringLiteral("firmware_warning") });
    QCOMPARE(c.problems.at(0).line, 2);
    bool seen = false;
    for (const WireEvent &e : ev)
        seen = seen || (e.kind == WireEvent::Kind::FirmwareWarning && e.text.contains(QLatin1String("unusual_dtype")));
    QVERIFY(seen);
}

void TestWireParser::legacyDefaultPass()
{
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_ITER 0 ---\nLayer,Op,ARM_PMU_CPU_CYCLES\n0,CONV_2D,5\n"
                                   "--- HPX_ITER 1 ---\nLayer,Op,ARM_PMU_CPU_CYCLES\n0,CONV_2D,6\n--- HPX_END ---\n");
    QCOMPARE(c.passes.size(), 1);
    QCOMPARE(c.passes.at(0).name, QStringLiteral("_default"));
    QCOMPARE(c.passes.at(0).iterations.size(), 2);
    QCOMPARE(*c.passes.at(0).iterations.at(1).rows.at(0).values.at(0), 6.0);
    QVERIFY(c.problems.isEmpty());
}

void TestWireParser::missingEndLosesOpenIteration()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\","
        "\"overflow\"\n0,CONV_2D,101,10,0\n");
    WireParser p;
    p.feed(s);
    QCOMPARE(p.capture().passes.at(0).iterations.size(), 1); // iteration 1 not committed yet
    const model::Capture c = p.finish();
    QVERIFY(!c.sawEnd);
    QCOMPARE(c.passes.at(0).iterations.size(), 1);
    QCOMPARE(c.passes.at(0).iterations.at(0).number, 0);
    QVERIFY(problemKinds(c).contains(QStringLiteral("hpx_end_missing")));
    QVERIFY(problemKinds(c).contains(QStringLiteral("iteration_lost")));
    QVERIFY(!device::captureFailure(c)); // everything committed earlier is used
}

void TestWireParser::overflowColumn_data()
{
    QTest::addColumn<QByteArray>("cell");
    QTest::addColumn<bool>("flagged");
    QTest::newRow("0") << QByteArray("0") << false;
    QTest::newRow("1") << QByteArray("1") << true;
    QTest::newRow("00") << QByteArray("00") << false;
    QTest::newRow("yes (hpx: any string)") << QByteArray("yes") << true;
    QTest::newRow("spaced 0") << QByteArray(" 0 ") << false;
}

void TestWireParser::overflowColumn()
{
    QFETCH(QByteArray, cell);
    QFETCH(bool, flagged);
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "Layer,Op,ARM_PMU_CPU_CYCLES,overflow\n0,CONV_2D,999999,"
        + cell + "\n--- HPX_END ---\n");
    QCOMPARE(c.passes.at(0).iterations.at(0).rows.at(0).overflow, flagged);
    QCOMPARE(c.passes.at(0).counters, QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
}

void TestWireParser::cutShortRowIsLostNotOverflow()
{
    // hpx flags a row whose overflow cell is empty ("" is a string). That is a line cut short after its last
    // counter: whether the counters overflowed is not known, so the row is dropped as a lost row (issue 22).
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "Layer,Op,ARM_PMU_CPU_CYCLES,overflow\n0,CONV_2D,999999,\n1,ADD,5,0\n"
                                   "--- HPX_END ---\n");
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0).op, QStringLiteral("ADD"));
    QVERIFY(!rows.at(0).overflow);
    // The dropped row is the one lost row (capture.rows_lost), never overflow; the gap it leaves before layer 1 is that
    // same row, not a second loss on line 6, which was used (issue 36).
    QCOMPARE(problemKinds(c), QStringList { QStringLiteral("malformed_row") });
    QCOMPARE(c.problems.at(0).line, 5);
    QVERIFY(c.problems.at(0).message.contains(QLatin1String("cut short")));
}

void TestWireParser::joinedRowIsDropped()
{
    // Bytes lost with a line feed ("48,0\n2,ADD,6" of "1,EQUAL,648,0\n2,ADD,6629,0") join row 1's head to row 2's tail
    // in a line of the right shape: 1,EQUAL,6629,0. Layer 2 is then missing, and the row before the gap is not trusted.
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "Layer,Op,ARM_PMU_CPU_CYCLES,overflow\n0,CONV_2D,100,0\n1,EQUAL,6629,0\n3,ADD,5,0\n"
                                   "--- HPX_END ---\n");
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).position, 0);
    QCOMPARE(rows.at(1).position, 3);
    QCOMPARE(problemKinds(c), (QStringList { QStringLiteral("malformed_row"), QStringLiteral("rows_missing") }));
    // Both name the joined line (6), never line 7, whose row was used; the gap counts its one row.
    QCOMPARE(c.problems.at(0).line, 6);
    QCOMPARE(c.problems.at(1).line, 6);
    QCOMPARE(c.problems.at(1).rows, 1);

    // Folded as hpx import reads it: the same rows are kept.
    const auto fold = std::make_shared<model::CaptureFold>(model::Aggregation::Median);
    const model::Capture folded = device::WireParser::parse(
        QByteArrayLiteral("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                          "Layer,Op,ARM_PMU_CPU_CYCLES,overflow\n0,CONV_2D,100,0\n1,EQUAL,6629,0\n3,ADD,5,0\n"
                          "--- HPX_END ---\n"),
        std::nullopt, nullptr, fold);
    QCOMPARE(folded.passes.at(0).iterations.at(0).rowCount(), 2);
    QCOMPARE(problemKinds(folded), problemKinds(c));
}

void TestWireParser::joinedLineWithMoreCellsHoldsBothRows()
{
    // Only the line feed lost: one line with the cells of rows 1 and 2. It is dropped, and the two rows it held are
    // named with its line alone (the row after the gap, line 7, was used).
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "Layer,Op,ARM_PMU_CPU_CYCLES,overflow\n0,CONV_2D,100,0\n1,EQUAL,648,02,ADD,29,0\n"
                                   "3,ADD,5,0\n--- HPX_END ---\n");
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(1).position, 3);
    QCOMPARE(problemKinds(c), (QStringList { QStringLiteral("malformed_row"), QStringLiteral("rows_missing") }));
    QCOMPARE(c.problems.at(0).line, 6);
    QCOMPARE(c.problems.at(1).line, 6);
    QCOMPARE(c.problems.at(0).rows + c.problems.at(1).rows, 2);
}

void TestWireParser::noOverflowColumn()
{
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "Layer,Op,ARM_PMU_CPU_CYCLES\n0,CONV_2D,7\n--- HPX_END ---\n");
    const auto &row = c.passes.at(0).iterations.at(0).rows.at(0);
    QVERIFY(!row.overflow);
    QCOMPARE(row.values.size(), 1);
    QCOMPARE(*row.values.at(0), 7.0);
}

void TestWireParser::layerTagForms()
{
    const QStringList tags { QStringLiteral("CONV_2D"), QStringLiteral("CONV_2D:3"), QStringLiteral("op:4"),
        QStringLiteral("OPERATOR_CALL:c0i3"), QStringLiteral("DELEGATE_CALL:c1i0"), QStringLiteral("?") };
    QByteArray s = "--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                   "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n";
    for (int i = 0; i < tags.size(); ++i)
        s += QByteArray::number(i) + ',' + tags.at(i).toUtf8() + ',' + QByteArray::number(100 + i) + ",0\n";
    s += "--- HPX_END ---\n";
    const model::Capture c = parse(s);
    QVERIFY(c.problems.isEmpty());
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), tags.size());
    for (int i = 0; i < tags.size(); ++i) {
        QCOMPARE(rows.at(i).op, tags.at(i));
        QCOMPARE(*rows.at(i).values.at(0), 100.0 + i);
    }
}

void TestWireParser::csvQuoting()
{
    const model::Capture c = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                   "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
                                   "0,\"CONV,2D\",5,0\n"
                                   "1,\"A\"\"B\",\"6\",0\n"
                                   "2,x\"y,7,0\n"
                                   "3,\"ab\"c,8,0\n"
                                   "4,\"unterminated,9,0\n"
                                   "5,ADD,10,0\n"
                                   "--- HPX_END ---\n");
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(0).op, QStringLiteral("CONV,2D"));
    QCOMPARE(rows.at(1).op, QStringLiteral("A\"B"));
    QCOMPARE(*rows.at(1).values.at(0), 6.0);
    QCOMPARE(rows.at(2).position, 5);
    // A quote inside a bare cell, text after a closing quote and an unterminated quote are damage in a row.
    QStringList dropped;
    for (const auto &p : c.problems) {
        if (p.kind == QLatin1String("malformed_row"))
            dropped << p.text;
    }
    QCOMPARE(dropped,
        (QStringList {
            QStringLiteral("2,x\"y,7,0"), QStringLiteral("3,\"ab\"c,8,0"), QStringLiteral("4,\"unterminated,9,0") }));
    // The header is read leniently, as hpx does (c.strip().strip('"') per cell).
    const model::Capture h = parse("--- HPX_START ---\n--- HPX_ITER 0 ---\n \"Layer\" ,Op,\"A\"x\n0,C,1\n"
                                   "--- HPX_END ---\n");
    QCOMPARE(
        h.passes.at(0).header, (QStringList { QStringLiteral("Layer"), QStringLiteral("Op"), QStringLiteral("Ax") }));
}

void TestWireParser::wrongFieldCountDropsRowKeepsPositions()
{
    QByteArray s = kOnePass;
    s.replace("1,ADD,200,20,0", "1,ADD,200,0");
    const model::Capture c = parse(s);
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).position, 0);
    QCOMPARE(rows.at(1).position, 2); // not shifted onto layer 1
    QCOMPARE(rows.at(1).op, QStringLiteral("FULLY_CONNECTED"));
    QCOMPARE(*rows.at(1).values.at(0), 300.0);
    const model::CaptureProblem *p = findProblem(c, QStringLiteral("malformed_row"));
    QVERIFY(p);
    QCOMPARE(p->line, 6);
    QCOMPARE(p->text, QStringLiteral("1,ADD,200,0"));
    QVERIFY(p->message.contains(QLatin1String("6")));
    QCOMPARE(problemKinds(c).count(QStringLiteral("malformed_row")), 1);
    // The gap before layer 2 is the dropped row itself: one lost row, named by its line, not a second on line 7.
    QVERIFY(!problemKinds(c).contains(QStringLiteral("rows_missing")));
}

void TestWireParser::nonNumericCounterIsMissing()
{
    QByteArray s = kOnePass;
    s.replace("1,ADD,200,20,0", "1,ADD,2?0,20,0");
    const model::Capture c = parse(s);
    const model::CapturePass &pass = c.passes.at(0);
    const auto &rows = pass.iterations.at(0).rows;
    QCOMPARE(rows.size(), 3);
    QVERIFY(!value(rows.at(1), pass, QStringLiteral("ARM_PMU_CPU_CYCLES")));
    QCOMPARE(value(rows.at(1), pass, QStringLiteral("ARM_PMU_INST_RETIRED")), std::optional<double>(20));
    const model::CaptureProblem *p = findProblem(c, QStringLiteral("non_numeric_value"));
    QVERIFY(p);
    QCOMPARE(p->line, 6);
    QCOMPARE(p->text, QStringLiteral("1,ADD,2?0,20,0"));
    QVERIFY(p->message.contains(QLatin1String("ARM_PMU_CPU_CYCLES")));
}

void TestWireParser::layerCellGivesPosition()
{
    QByteArray s = kOnePass;
    // A lost line (layer 1), garbled Layer cells, an exact repeat, then positions going backwards.
    s.replace("1,ADD,200,20,0\n", "");
    s.replace("2,FULLY_CONNECTED,300,30,0\n",
        "x,FULLY_CONNECTED,999,99,0\n-1,ADD,1,1,0\n2,FULLY_CONNECTED,300,30,0\n"
        "2,FULLY_CONNECTED,300,30,0\n3,ADD,7,7,0\n0,CONV_2D,999,99,0\n"
        "4,ADD,999,99,0\n");
    const model::Capture c = parse(s);
    const auto &rows = c.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(0).position, 0);
    QCOMPARE(rows.at(1).position, 2);
    QCOMPARE(*rows.at(1).values.at(0), 300.0);
    QCOMPARE(rows.at(2).position, 3);
    QCOMPARE(*rows.at(2).values.at(0), 7.0);
    const QStringList kinds = problemKinds(c);
    // The gap at layer 1 is no more than the two dropped lines before layer 2 could have held: they are the lost rows.
    QCOMPARE(kinds.count(QStringLiteral("rows_missing")), 0);
    QCOMPARE(kinds.count(QStringLiteral("malformed_row")), 2);
    QCOMPARE(kinds.count(QStringLiteral("duplicate_row")), 1);
    QCOMPARE(kinds.count(QStringLiteral("layer_out_of_sequence")), 1); // and "4,ADD" after it is not used
    QCOMPARE(findProblem(c, QStringLiteral("layer_out_of_sequence"))->text, QStringLiteral("0,CONV_2D,999,99,0"));

    // A lost ITER marker: the next iteration's header and rows must not join this iteration.
    QByteArray lost = test::specExampleStream();
    lost.replace("\n--- HPX_ITER 1 ---\n", "\n");
    const model::Capture l = parse(lost);
    QCOMPARE(l.passes.at(0).iterations.size(), 1);
    QCOMPARE(l.passes.at(0).iterations.at(0).rows.size(), 3);
    QCOMPARE(*l.passes.at(0).iterations.at(0).rows.at(0).values.at(0), 7412.0);
    QVERIFY2(problemKinds(l).contains(QStringLiteral("layer_out_of_sequence")), qPrintable(test::dumpCapture(l)));

    // A header without a Layer column: positions are the row order.
    const model::Capture noLayer = parse("--- HPX_START ---\n--- HPX_ITER 0 ---\nOp,ARM_PMU_CPU_CYCLES\nA,1\nB,x\n"
                                         "C,3\n--- HPX_ITER 1 ---\nOp,ARM_PMU_CPU_CYCLES\nA,1\nB,x,y\nC,3\n"
                                         "--- HPX_END ---\n");
    const auto &r2 = noLayer.passes.at(0).iterations.at(0).rows;
    QCOMPARE(r2.size(), 3);
    QCOMPARE(r2.at(2).position, 2);
    QCOMPARE(r2.at(2).op, QStringLiteral("C"));
    QCOMPARE(r2.at(2).layer, QString());
    QVERIFY(!r2.at(1).values.at(0));
    // ... and after a damaged row the rest of the iteration cannot be placed.
    QCOMPARE(noLayer.passes.at(0).iterations.at(1).rows.size(), 1);
    QVERIFY(problemKinds(noLayer).contains(QStringLiteral("positions_uncertain")));
}

void TestWireParser::missingHeader()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_END ---\n", "--- HPX_ITER 1 ---\n0,CONV_2D,101,11,0\n1,ADD,201,21,0\n--- HPX_END ---\n");
    const model::Capture c = parse(s);
    // The iteration is kept (it was announced) but none of its rows: the pass itself could be the wrong one.
    QCOMPARE(c.passes.at(0).iterations.size(), 2);
    QCOMPARE(c.passes.at(0).iterations.at(1).rows.size(), 0);
    QCOMPARE(problemKinds(c).count(QStringLiteral("missing_header")), 1);
    QCOMPARE(findProblem(c, QStringLiteral("missing_header"))->line, 9);

    const model::Capture none = parse("--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n"
                                      "0,CONV_2D,5,0\n1,ADD,6,0\n--- HPX_END ---\n");
    QCOMPARE(none.passes.at(0).iterations.size(), 1);
    QVERIFY(none.passes.at(0).iterations.at(0).rows.isEmpty());
    QCOMPARE(problemKinds(none), QStringList { QStringLiteral("missing_header") });
    QCOMPARE(device::captureFailure(none)->kind, QStringLiteral("no_layers"));
}

void TestWireParser::lostPresetMarker()
{
    // memory_0's PRESET and one of its headers lost: its rows must not land in cpu_0.
    QByteArray s = test::specExampleStream();
    s.replace("--- HPX_PRESET memory_0 ---\n", "");
    const qsizetype h = s.lastIndexOf("\"Layer\",\"Op\",\"ARM_PMU_MEM_ACCESS\"");
    s.remove(h, s.indexOf('\n', h) + 1 - h);
    const model::Capture c = parse(s);
    QCOMPARE(c.passes.size(), 1);
    QCOMPARE(c.passes.at(0).iterations.size(), 2);
    QCOMPARE(*c.passes.at(0).iterations.at(1).rows.at(0).values.at(0), 7398.0);
    QCOMPARE(problemKinds(c).count(QStringLiteral("iteration_out_of_sequence")), 2);
}

void TestWireParser::headerChangedMapsByName()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n"
        "\"Op\",\"Layer\",\"ARM_PMU_INST_RETIRED\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n"
        "CONV_2D,0,11,101,0\n--- HPX_END ---\n");
    const model::Capture c = parse(s);
    const model::CapturePass &pass = c.passes.at(0);
    QCOMPARE(
        pass.counters, (QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") }));
    const model::CaptureRow &r = pass.iterations.at(1).rows.at(0);
    QCOMPARE(value(r, pass, QStringLiteral("ARM_PMU_CPU_CYCLES")), std::optional<double>(101));
    QCOMPARE(value(r, pass, QStringLiteral("ARM_PMU_INST_RETIRED")), std::optional<double>(11));
    QCOMPARE(r.op, QStringLiteral("CONV_2D"));
    QCOMPARE(r.position, 0);
    QVERIFY(findProblem(c, QStringLiteral("header_changed")));

    // A header that lost a column (a line split by noise): its rows are not used.
    QByteArray t = kOnePass;
    t.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\"\n0,CONV_2D,5\n"
        "--- HPX_END ---\n");
    const model::Capture d = parse(t);
    QCOMPARE(d.passes.at(0).iterations.at(1).rows.size(), 0);
    QVERIFY(findProblem(d, QStringLiteral("header_mismatch")));
}

void TestWireParser::damagedHeader()
{
    QByteArray s = test::specExampleStream();
    // Iteration 1 of cpu_0: a damaged Layer name (the rows would otherwise be placed by row count).
    const qsizetype second = s.indexOf("\"Layer\"", s.indexOf("--- HPX_ITER 1 ---"));
    s[second + 4] = '#';
    const model::Capture c = parse(s);
    QCOMPARE(c.passes.at(0).iterations.at(1).rows.size(), 0);
    QCOMPARE(c.passes.at(0).iterations.at(0).rows.size(), 3);
    QCOMPARE(problemKinds(c).count(QStringLiteral("header_damaged")), 1);
    // A header that lost its Layer column.
    QByteArray t = kOnePass;
    t.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\",\"overflow\"\n"
        "CONV_2D,101,10,0\n--- HPX_END ---\n");
    const model::Capture d = parse(t);
    QCOMPARE(d.passes.at(0).iterations.at(1).rows.size(), 0);
    QCOMPARE(problemKinds(d).count(QStringLiteral("header_mismatch")), 1);
}

void TestWireParser::headerOfAnotherPassIsRejected()
{
    // A pass whose header shares no counter with the pass's own (e.g. its PRESET and ITER numbering both lost).
    QByteArray s = kOnePass;
    s.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n\"Layer\",\"Op\",\"ARM_PMU_MEM_ACCESS\",\"overflow\"\n"
        "0,CONV_2D,55,0\n--- HPX_END ---\n");
    const model::Capture c = parse(s);
    QCOMPARE(c.passes.size(), 1);
    QCOMPARE(c.passes.at(0).iterations.size(), 2);
    QCOMPARE(c.passes.at(0).iterations.at(1).rows.size(), 0);
    QCOMPARE(problemKinds(c).count(QStringLiteral("header_mismatch")), 1);
}

void TestWireParser::passRepeatedReplacesInPlace()
{
    QByteArray s = test::specExampleStream();
    const qsizetype mem = s.indexOf("--- HPX_PRESET memory_0 ---");
    // cpu_0 runs again after memory_0 with other values: it replaces the first attempt, keeps its place.
    QByteArray again = s.mid(s.indexOf("--- HPX_PRESET cpu_0 ---"), mem - s.indexOf("--- HPX_PRESET cpu_0 ---"));
    again.replace("7412", "8412");
    s.replace("--- HPX_END ---", QByteArray(again + "--- HPX_END ---"));
    const model::Capture c = parse(s);
    QCOMPARE(c.passes.size(), 2);
    QCOMPARE(c.passes.at(0).name, QStringLiteral("cpu_0"));
    QCOMPARE(c.passes.at(0).iterations.size(), 2);
    QCOMPARE(*c.passes.at(0).iterations.at(0).rows.at(0).values.at(0), 8412.0);
    QCOMPARE(problemKinds(c), QStringList { QStringLiteral("pass_repeated") });
}

void TestWireParser::restartDiscardsOpenIteration()
{
    QByteArray s = test::specExampleStream();
    // Reset in the middle of memory_0's first iteration: the board starts over and completes the run.
    const qsizetype cut = s.indexOf("1,DEPTHWISE_CONV_2D,1020,4,33,2990,0");
    const QByteArray restarted = s.left(cut) + s.mid(s.indexOf("--- HPX_START ---"));
    const model::Capture c = parse(restarted);
    model::Capture clean = parse(s);
    QCOMPARE(c.passes.size(), 2);
    for (int p = 0; p < 2; ++p) {
        QCOMPARE(c.passes.at(p).iterations.size(), 2);
        for (int i = 0; i < 2; ++i) {
            for (int r = 0; r < 3; ++r)
                QCOMPARE(c.passes.at(p).iterations.at(i).rows.at(r).values.toVector(),
                    clean.passes.at(p).iterations.at(i).rows.at(r).values.toVector());
        }
    }
    const QStringList kinds = problemKinds(c);
    QCOMPARE(kinds.count(QStringLiteral("stream_restarted")), 1);
    QCOMPARE(kinds.count(QStringLiteral("pass_repeated")), 2);
}

void TestWireParser::glitchRule_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("stripped");
    QTest::newRow("rtt") << QStringLiteral("rtt") << true;
    QTest::newRow("swo") << QStringLiteral("swo") << true;
    QTest::newRow("uart") << QStringLiteral("uart") << true;
    QTest::newRow("usb_cdc") << QStringLiteral("usb_cdc") << false;
    QTest::newRow("tcp") << QStringLiteral("tcp") << false;
    QTest::newRow("none") << QStringLiteral("none") << false;
}

void TestWireParser::glitchRule()
{
    QFETCH(QString, kind);
    QFETCH(bool, stripped);
    const QByteArray s = "--- HPX_START ---\n"
                         "\xef\xbf\xbdHPX_CLEAN_INFER_COUNT=236\n" // U+FFFD, as in the conformance file
                         "\xff\x01\x80HPX_CLEAN_INFER_AVG_US=21\n" // invalid UTF-8 and a control byte in the run
                         "\x01HPX_SYSTEM_CLOCK_HZ=5\n" // leading ASCII control: no rule
                         "\xc3\xa9\n" // all glitch: line dropped
                         "\xc3\xa9 x\n" // the run stops at the space
                         "--- HPX_END ---\n";
    QStringList lines;
    const model::Capture c = parse(s, StreamOrigin(hpx::model::firmwareTransportFromName(kind)), &lines);
    QCOMPARE(c.hasMeta(QStringLiteral("clean_infer_count")), stripped);
    QCOMPARE(c.hasMeta(QStringLiteral("clean_infer_avg_us")), stripped);
    QVERIFY(!c.hasMeta(QStringLiteral("system_clock_hz")));
    QCOMPARE(lines.at(3), QStringLiteral("\x01HPX_SYSTEM_CLOCK_HZ=5"));
    if (stripped) {
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines.at(1), QStringLiteral("HPX_CLEAN_INFER_COUNT=236"));
        QCOMPARE(lines.at(4), QStringLiteral(" x"));
    } else {
        QCOMPARE(lines.size(), 7);
        QCOMPARE(lines.at(1), QString(QChar(0xfffd)) + QStringLiteral("HPX_CLEAN_INFER_COUNT=236"));
        QCOMPARE(lines.at(4), QString(QChar(0xe9)));
    }
}

void TestWireParser::invalidUtf8()
{
    device::LineSplitter splitter(hpx::model::FirmwareTransport::UsbCdc);
    QStringList out;
    splitter.feed("a\xff"
                  "b\n\xe2\x82\n  \xc2\xa0x\xc2\xa0 \n",
        [&](int, QByteArrayView line, bool) { out << QString::fromUtf8(line); });
    QCOMPARE(out.size(), 3);
    QCOMPARE(out.at(0), QStringLiteral("a") + QChar(0xfffd) + QStringLiteral("b"));
    QVERIFY(out.at(1).startsWith(QChar(0xfffd)));
    QCOMPARE(out.at(2), QStringLiteral("x")); // NBSP is whitespace to Python's strip()
}

void TestWireParser::overlongLine()
{
    QByteArray s = "--- HPX_START ---\n" + QByteArray(200000, 'x') + "\n--- HPX_PRESET cpu_0 ---\n";
    s += kOnePass.mid(kOnePass.indexOf("--- HPX_ITER"));
    for (int chunk : { 0, 7, 4096 }) {
        const model::Capture c = test::parseChunked(s, std::nullopt, chunk ? QVector<int> { chunk } : QVector<int> {});
        QCOMPARE(problemKinds(c), QStringList { QStringLiteral("line_too_long") });
        QCOMPARE(c.problems.at(0).line, 2);
        QCOMPARE(c.passes.at(0).iterations.at(0).rows.size(), 3);
        QVERIFY(c.sawEnd);
    }
}

void TestWireParser::versionMismatch()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_PRESET", "HPX_VERSION=2\n--- HPX_PRESET");
    const model::Capture c = parse(s);
    QCOMPARE(problemKinds(c), QStringList { QStringLiteral("protocol_version_mismatch") });
    QVERIFY(!device::captureFailure(c));
}

void TestWireParser::inconsistentLayerCounts()
{
    QByteArray s = kOnePass;
    s.replace("--- HPX_END ---\n",
        "--- HPX_ITER 1 ---\n\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_INST_RETIRED\","
        "\"overflow\"\n0,CONV_2D,101,10,0\n--- HPX_END ---\n");
    const model::Capture c = parse(s);
    const model::CaptureProblem *p = findProblem(c, QStringLiteral("inconsistent_layer_counts"));
    QVERIFY(p);
    QCOMPARE(p->text, QStringLiteral("cpu_0:[3, 1]"));
}

void TestWireParser::numbers_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QVariant>("asInt");
    QTest::addColumn<QVariant>("asNumber");
    const QVariant none;
    QTest::newRow("plain") << QByteArray("7412") << QVariant(qlonglong(7412)) << QVariant(7412.0);
    QTest::newRow("u32 max") << QByteArray("4294967295") << QVariant(qlonglong(4294967295LL)) << QVariant(4294967295.0);
    QTest::newRow("spaces") << QByteArray(" 12\t") << QVariant(qlonglong(12)) << QVariant(12.0);
    QTest::newRow("sign") << QByteArray("+5") << QVariant(qlonglong(5)) << QVariant(5.0);
    QTest::newRow("negative") << QByteArray("-5") << QVariant(qlonglong(-5)) << QVariant(-5.0);
    QTest::newRow("underscore") << QByteArray("1_000") << QVariant(qlonglong(1000)) << QVariant(1000.0);
    QTest::newRow("double underscore") << QByteArray("1__0") << none << none;
    QTest::newRow("trailing underscore") << QByteArray("10_") << none << none;
    QTest::newRow("float") << QByteArray("1.5") << none << QVariant(1.5);
    QTest::newRow("leading dot") << QByteArray(".5") << none << QVariant(0.5);
    QTest::newRow("trailing dot") << QByteArray("5.") << none << QVariant(5.0);
    QTest::newRow("exponent") << QByteArray("1e3") << none << QVariant(1000.0);
    QTest::newRow("big int") << QByteArray("123456789012345678901234") << none << QVariant(123456789012345678901234.0);
    QTest::newRow("hex") << QByteArray("0x10") << none << none;
    QTest::newRow("nan") << QByteArray("nan") << none << none;
    QTest::newRow("inf") << QByteArray("inf") << none << none;
    QTest::newRow("empty") << QByteArray("") << none << none;
    QTest::newRow("dot") << QByteArray(".") << none << none;
    QTest::newRow("garbage") << QByteArray("2?0") << none << none;
    QTest::newRow("sign only") << QByteArray("-") << none << none;
}

void TestWireParser::numbers()
{
    QFETCH(QByteArray, text);
    QFETCH(QVariant, asInt);
    QFETCH(QVariant, asNumber);
    const std::optional<qint64> i = device::wire::parseInt(text);
    QCOMPARE(i.has_value(), asInt.isValid());
    if (i)
        QCOMPARE(*i, asInt.toLongLong());
    const std::optional<double> d = device::wire::parseNumber(text);
    QCOMPARE(d.has_value(), asNumber.isValid());
    if (d)
        QCOMPARE(*d, asNumber.toDouble());
}

void TestWireParser::verdicts()
{
    QCOMPARE(device::captureFailure(parse(""))->kind, QStringLiteral("no_data"));
    QCOMPARE(device::captureFailure(parse("hello\nworld\n"))->kind, QStringLiteral("no_start"));
    QCOMPARE(device::captureFailure(parse("--- HPX_START ---\n--- HPX_END ---\n"))->kind, QStringLiteral("no_layers"));
    QCOMPARE(device::captureFailure(parse("HPX_ERROR=x\n"))->kind, QStringLiteral("firmware_error"));
    QVERIFY(!device::captureFailure(parse(kOnePass)));
    const auto f = device::captureFailure(parse("--- HPX_START ---\n"));
    QVERIFY(!f->message.isEmpty());
}

void TestWireParser::feedAfterFinishIgnored()
{
    WireParser p;
    p.feed(kOnePass);
    const model::Capture a = p.finish();
    QVERIFY(p.isFinished());
    QVERIFY(p.feed("--- HPX_START ---\n").isEmpty());
    QCOMPARE(test::dumpCapture(p.finish()), test::dumpCapture(a));
}

QTEST_GUILESS_MAIN(TestWireParser)
#include "tst_wireparser.moc"
