#include "simtestsupport.h"

#include <QHash>
#include <QRegularExpression>

namespace hpx::simtest {

using namespace hpx::model;

namespace {
int elementSize(const QString &type)
{
    return type == QLatin1String("FLOAT32") || type == QLatin1String("INT32") ? 4 : 1;
}

int addTensor(SubgraphInfo &sg, const QString &name, const QString &type, QVector<qint64> shape, bool constant = false)
{
    TensorInfo t;
    t.index = sg.tensors.size();
    t.name = name;
    t.type = type;
    t.shape = shape;
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    t.bytes = n * elementSize(type);
    t.isConstant = constant;
    t.buffer = constant ? t.index + 1 : 0;
    sg.tensors.append(t);
    return t.index;
}

void addOp(SubgraphInfo &sg, const QString &op, QVector<int> inputs, QVector<int> outputs, qint64 macs = 0,
    QVector<int> called = {})
{
    OperatorInfo o;
    o.index = sg.operators.size();
    o.op = op;
    o.inputs = inputs;
    o.outputs = outputs;
    o.macs = macs;
    o.ops = 2 * macs;
    o.calledSubgraphs = called;
    for (int t : inputs)
        if (t >= 0)
            (sg.tensors.at(t).isConstant ? o.parameterBytes : o.activationBytes) += sg.tensors.at(t).bytes;
    for (int t : outputs)
        o.activationBytes += sg.tensors.at(t).bytes;
    sg.operators.append(o);
}

ModelInfo wrap(QVector<SubgraphInfo> subgraphs, const QString &name)
{
    ModelInfo m;
    m.fileName = name;
    m.filePath = name;
    m.sha256 = QString(64, QLatin1Char('a'));
    m.schemaVersion = 3;
    qint64 size = 512;
    for (int i = 0; i < subgraphs.size(); ++i) {
        subgraphs[i].index = i;
        subgraphs[i].graphId = i == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_") + QString::number(i);
        for (const auto &t : subgraphs.at(i).tensors)
            if (t.isConstant)
                size += t.bytes;
    }
    m.sizeBytes = size;
    m.subgraphs = subgraphs;
    return m;
}
} // namespace

ModelInfo smallModel()
{
    SubgraphInfo sg;
    const int in = addTensor(sg, QStringLiteral("input"), QStringLiteral("INT8"), { 1, 49, 10, 1 });
    const int w1 = addTensor(sg, QStringLiteral("conv/w"), QStringLiteral("INT8"), { 8, 10, 8, 1 }, true);
    const int b1 = addTensor(sg, QStringLiteral("conv/b"), QStringLiteral("INT32"), { 8 }, true);
    const int a1 = addTensor(sg, QStringLiteral("conv/out"), QStringLiteral("INT8"), { 1, 25, 5, 8 });
    const int w2 = addTensor(sg, QStringLiteral("dw/w"), QStringLiteral("INT8"), { 1, 3, 3, 8 }, true);
    const int a2 = addTensor(sg, QStringLiteral("dw/out"), QStringLiteral("INT8"), { 1, 25, 5, 8 });
    const int shp = addTensor(sg, QStringLiteral("shape"), QStringLiteral("INT32"), { 2 }, true);
    const int a3 = addTensor(sg, QStringLiteral("flat"), QStringLiteral("INT8"), { 1, 1000 });
    const int w4 = addTensor(sg, QStringLiteral("fc/w"), QStringLiteral("INT8"), { 12, 1000 }, true);
    const int a4 = addTensor(sg, QStringLiteral("logits"), QStringLiteral("INT8"), { 1, 12 });
    const int out = addTensor(sg, QStringLiteral("probs"), QStringLiteral("INT8"), { 1, 12 });
    sg.inputs = { in };
    sg.outputs = { out };
    addOp(sg, QStringLiteral("CONV_2D"), { in, w1, b1 }, { a1 }, 25 * 5 * 8 * 10 * 8);
    addOp(sg, QStringLiteral("DEPTHWISE_CONV_2D"), { a1, w2, -1 }, { a2 }, 25 * 5 * 8 * 9);
    addOp(sg, QStringLiteral("RESHAPE"), { a2, shp }, { a3 });
    addOp(sg, QStringLiteral("FULLY_CONNECTED"), { a3, w4, -1 }, { a4 }, 12000);
    addOp(sg, QStringLiteral("SOFTMAX"), { a4 }, { out });
    return wrap({ sg }, QStringLiteral("small.tflite"));
}

ModelInfo floatModel()
{
    SubgraphInfo sg;
    const int in = addTensor(sg, QStringLiteral("x"), QStringLiteral("FLOAT32"), { 1, 16, 16, 3 });
    const int w = addTensor(sg, QStringLiteral("w"), QStringLiteral("FLOAT32"), { 16, 3, 3, 3 }, true);
    const int a = addTensor(sg, QStringLiteral("c"), QStringLiteral("FLOAT32"), { 1, 16, 16, 16 });
    const int b = addTensor(sg, QStringLiteral("add"), QStringLiteral("FLOAT32"), { 1, 16, 16, 16 });
    const int axes = addTensor(sg, QStringLiteral("axes"), QStringLiteral("INT32"), { 2 }, true);
    const int m = addTensor(sg, QStringLiteral("mean"), QStringLiteral("FLOAT32"), { 1, 16 });
    const int fw = addTensor(sg, QStringLiteral("fw"), QStringLiteral("FLOAT32"), { 2, 16 }, true);
    const int f = addTensor(sg, QStringLiteral("fc"), QStringLiteral("FLOAT32"), { 1, 2 });
    const int out = addTensor(sg, QStringLiteral("y"), QStringLiteral("FLOAT32"), { 1, 2 });
    const int big = addTensor(sg, QStringLiteral("steps"), QStringLiteral("INT64"), { 1 }); // unusual dtype
    Q_UNUSED(big)
    sg.inputs = { in };
    sg.outputs = { out };
    addOp(sg, QStringLiteral("CONV_2D"), { in, w, -1 }, { a }, 16 * 16 * 16 * 27);
    addOp(sg, QStringLiteral("ADD"), { a, a }, { b });
    addOp(sg, QStringLiteral("MEAN"), { b, axes }, { m });
    addOp(sg, QStringLiteral("FULLY_CONNECTED"), { m, fw, -1 }, { f }, 32);
    addOp(sg, QStringLiteral("LOGISTIC"), { f }, { out });
    return wrap({ sg }, QStringLiteral("float.tflite"));
}

ModelInfo whileModel()
{
    SubgraphInfo main, cond, body;
    const int x = addTensor(main, QStringLiteral("x"), QStringLiteral("INT32"), { 1 });
    const int c = addTensor(main, QStringLiteral("c"), QStringLiteral("INT32"), { 1 });
    const int o1 = addTensor(main, QStringLiteral("o1"), QStringLiteral("INT32"), { 1 });
    const int o2 = addTensor(main, QStringLiteral("o2"), QStringLiteral("INT32"), { 1 });
    main.inputs = { x };
    main.outputs = { o1, o2 };
    addOp(main, QStringLiteral("WHILE"), { c, c, x }, { o1, o2 }, 0, { 1, 2 });
    const int ci = addTensor(cond, QStringLiteral("i"), QStringLiteral("INT32"), { 1 });
    const int cl = addTensor(cond, QStringLiteral("limit"), QStringLiteral("INT32"), { 1 }, true);
    const int cb = addTensor(cond, QStringLiteral("less"), QStringLiteral("BOOL"), { 1 });
    addOp(cond, QStringLiteral("LESS"), { ci, cl }, { cb });
    const int bi = addTensor(body, QStringLiteral("i"), QStringLiteral("INT32"), { 1 });
    const int one = addTensor(body, QStringLiteral("one"), QStringLiteral("INT32"), { 1 }, true);
    const int bv = addTensor(body, QStringLiteral("v"), QStringLiteral("INT32"), { 1, 64 });
    const int b1 = addTensor(body, QStringLiteral("i1"), QStringLiteral("INT32"), { 1 });
    const int b2 = addTensor(body, QStringLiteral("v2"), QStringLiteral("INT32"), { 1, 64 });
    const int b3 = addTensor(body, QStringLiteral("v3"), QStringLiteral("INT32"), { 1, 64 });
    addOp(body, QStringLiteral("ADD"), { bi, one }, { b1 });
    addOp(body, QStringLiteral("MUL"), { bv, bv }, { b2 });
    addOp(body, QStringLiteral("ADD"), { b2, bv }, { b3 });
    return wrap({ main, cond, body }, QStringLiteral("while.tflite"));
}

ModelInfo statefulModel()
{
    SubgraphInfo main, init;
    const int in = addTensor(main, QStringLiteral("in"), QStringLiteral("INT8"), { 1, 32 });
    const int h = addTensor(main, QStringLiteral("handle"), QStringLiteral("RESOURCE"), {});
    const int st = addTensor(main, QStringLiteral("state"), QStringLiteral("INT8"), { 1, 32 });
    const int w = addTensor(main, QStringLiteral("w"), QStringLiteral("INT8"), { 32, 32 }, true);
    const int out = addTensor(main, QStringLiteral("out"), QStringLiteral("INT8"), { 1, 32 });
    main.inputs = { in };
    main.outputs = { out };
    addOp(main, QStringLiteral("CALL_ONCE"), {}, {}, 0, { 1 });
    addOp(main, QStringLiteral("VAR_HANDLE"), {}, { h });
    addOp(main, QStringLiteral("READ_VARIABLE"), { h }, { st });
    addOp(main, QStringLiteral("FULLY_CONNECTED"), { st, w, -1 }, { out }, 1024);
    addOp(main, QStringLiteral("ASSIGN_VARIABLE"), { h, out }, {});
    const int ih = addTensor(init, QStringLiteral("handle"), QStringLiteral("RESOURCE"), {});
    addOp(init, QStringLiteral("VAR_HANDLE"), {}, { ih });
    return wrap({ main, init }, QStringLiteral("stateful.tflite"));
}

ModelInfo bigModel(int operators)
{
    SubgraphInfo sg;
    int prev = addTensor(sg, QStringLiteral("in"), QStringLiteral("INT8"), { 1, 8, 8, 8 });
    sg.inputs = { prev };
    const int w = addTensor(sg, QStringLiteral("w"), QStringLiteral("INT8"), { 8, 1, 1, 8 }, true);
    for (int i = 0; i < operators; ++i) {
        const int next
            = addTensor(sg, QStringLiteral("t") + QString::number(i), QStringLiteral("INT8"), { 1, 8, 8, 8 });
        if (i % 2 == 0)
            addOp(sg, QStringLiteral("CONV_2D"), { prev, w, -1 }, { next }, 8 * 8 * 8 * 8);
        else
            addOp(sg, QStringLiteral("RELU"), { prev }, { next });
        prev = next;
    }
    sg.outputs = { prev };
    return wrap({ sg }, QStringLiteral("big.tflite"));
}

namespace {
const QRegularExpression &rx(const char *pattern)
{
    // Patterns are string literals, so the address identifies them.
    static QHash<const char *, QRegularExpression> cache;
    auto it = cache.find(pattern);
    if (it == cache.end())
        it = cache.insert(pattern, QRegularExpression(QString::fromLatin1(pattern)));
    return *it;
}
} // namespace

ParsedStream parseStrict(const QByteArray &stream)
{
    ParsedStream out;
    QList<QByteArray> raw = stream.split('\n');
    if (!raw.isEmpty() && raw.last().isEmpty())
        raw.removeLast();
    else if (!raw.isEmpty())
        out.error = QStringLiteral("stream does not end with LF");
    enum class State { Before, Session, Header, Rows, Done } state = State::Before;
    int passIndex = -1;
    int expectedIter = 0;
    int position = 0;
    QStringList counters;
    bool profiledSeen = false;
    QByteArray previous = "\n"; // sentinel: "not empty"
    auto fail = [&](int line, const QString &why, const QByteArray &text) {
        if (out.error.isEmpty())
            out.error = QStringLiteral("line %1: %2: '%3'").arg(line).arg(why, QString::fromLatin1(text));
    };
    for (int n = 0; n < raw.size(); ++n) {
        QByteArray text = raw.at(n);
        const int lineNo = n + 1;
        out.lines = lineNo;
        if (text.endsWith('\r'))
            text.chop(1);
        // Glitch rule (§1.1): a leading non-ASCII run is deleted.
        if (!text.isEmpty() && uchar(text.at(0)) >= 0x80) {
            int k = 0;
            while (k < text.size() && (uchar(text.at(k)) < 0x20 || uchar(text.at(k)) > 0x7E))
                ++k;
            text = text.mid(k);
        }
        for (char c : text)
            if (uchar(c) < 0x20 || uchar(c) > 0x7E)
                fail(lineNo, QStringLiteral("non-printable byte"), text);
        const bool blankBefore = previous.isEmpty();
        previous = text;
        const QString line = QString::fromLatin1(text);
        if (text.isEmpty())
            continue;
        if (text.startsWith("HPX_ERROR=")) {
            out.errors.append(line.mid(10));
            continue;
        }
        if (text == "--- HPX_START ---") {
            if (!blankBefore)
                fail(lineNo, QStringLiteral("no empty line before START"), text);
            // A restarted board (reset) begins a new session: what came before is discarded.
            out.sawStart = true;
            out.passes.clear();
            out.metadata.clear();
            out.presets.clear();
            passIndex = -1;
            profiledSeen = false;
            state = State::Session;
            continue;
        }
        const bool preambleLine
            = rx("^(HPX_READY|HPX_PLAN_SUPPORTED=1|HPX_PLAN_ACK passes=\\d+|HPX_PLAN_NAK reason=.+)$")
                  .match(line)
                  .hasMatch();
        if (preambleLine && state != State::Before && state != State::Done) {
            ++out.restarts; // the board was reset mid-stream and begins again
            state = State::Before;
        }
        if (state == State::Before) {
            if (!preambleLine)
                fail(lineNo, QStringLiteral("unexpected line before START"), text);
            out.preSessionLines.append(line);
            continue;
        }
        if (state == State::Done) {
            fail(lineNo, QStringLiteral("line after END"), text);
            continue;
        }
        if (text == "--- HPX_END ---") {
            if (!blankBefore)
                fail(lineNo, QStringLiteral("no empty line before END"), text);
            if (state == State::Header)
                fail(lineNo, QStringLiteral("ITER without header"), text);
            out.sawEnd = true;
            state = State::Done;
            continue;
        }
        if (text.startsWith("HPX_HEARTBEAT")) {
            if (rx("^HPX_HEARTBEAT_(ENABLED|EVERY_N_OPS|EVERY_MS)=\\d+$").match(line).hasMatch() && passIndex < 0)
                continue; // heartbeat configuration: classified as a heartbeat by hpx (§1.2 rule 3)
            if (!rx("^HPX_HEARTBEAT "
                    "phase=(init|allocate|allocated|model_init_done|clean_window_begin|infer|warmup_done|"
                    "flushing)( [a-z_]+=[0-9]+)*$")
                     .match(line)
                     .hasMatch())
                fail(lineNo, QStringLiteral("bad heartbeat"), text);
            if (state == State::Header)
                fail(lineNo, QStringLiteral("heartbeat between ITER and header"), text);
            out.heartbeats.append(line);
            continue;
        }
        if (text.startsWith("HPX_WARN=")) {
            if (!rx("^HPX_WARN=unusual_dtype tensor=\\d+ dtype=\\d+ name=.*$").match(line).hasMatch())
                fail(lineNo, QStringLiteral("bad warning"), text);
            continue;
        }
        if (const auto m = rx("^--- HPX_PRESET (\\S+) ---$").match(line); m.hasMatch()) {
            if (!blankBefore)
                fail(lineNo, QStringLiteral("no empty line before PRESET"), text);
            if (state == State::Header)
                fail(lineNo, QStringLiteral("ITER without header"), text);
            ++passIndex;
            if (passIndex >= out.presets.size() || out.presets.at(passIndex) != m.captured(1))
                fail(lineNo, QStringLiteral("PRESET not announced in this order"), text);
            out.passes.append(hpx::device::GroundTruthPass { m.captured(1), {}, {} });
            expectedIter = 0;
            state = State::Session;
            continue;
        }
        if (const auto m = rx("^--- HPX_ITER (\\d+) ---$").match(line); m.hasMatch()) {
            if (!blankBefore)
                fail(lineNo, QStringLiteral("no empty line before ITER"), text);
            if (passIndex < 0)
                fail(lineNo, QStringLiteral("ITER outside a pass"), text);
            if (m.captured(1).toInt() != expectedIter++)
                fail(lineNo, QStringLiteral("ITER number out of sequence"), text);
            if (!out.passes.isEmpty())
                out.passes.last().iterations.append(hpx::device::GroundTruthIteration { m.captured(1).toInt(), {} });
            state = State::Header;
            continue;
        }
        if (const auto m = rx("^HPX_([A-Z0-9_]+)=(.+)$").match(line); m.hasMatch()) {
            const QString key = m.captured(1);
            if (key == QLatin1String("PRESETS"))
                out.presets = m.captured(2).split(QLatin1Char(','));
            if (passIndex >= 0 && !key.startsWith(QLatin1String("PMU_")) && !key.startsWith(QLatin1String("PROFILED_")))
                fail(lineNo, QStringLiteral("metadata inside the passes"), text);
            if (key.startsWith(QLatin1String("PROFILED_")))
                profiledSeen = true;
            else if (profiledSeen)
                fail(lineNo, QStringLiteral("metadata after PROFILED block"), text);
            if (state == State::Header)
                fail(lineNo, QStringLiteral("metadata between ITER and header"), text);
            out.metadata.append({ QStringLiteral("HPX_") + key, m.captured(2) });
            if (state == State::Rows)
                state = State::Session;
            continue;
        }
        if (state == State::Header) {
            const auto m
                = rx("^\"Layer\",\"Op\"((?:,\"(?:ARM_PMU_[A-Z0-9_]+|0x[0-9a-f]{4})\")+),\"overflow\"$").match(line);
            if (!m.hasMatch()) {
                fail(lineNo, QStringLiteral("bad header"), text);
                continue;
            }
            counters.clear();
            for (const QString &c : m.captured(1).mid(1).split(QLatin1Char(',')))
                counters.append(c.mid(1, c.size() - 2));
            auto &pass = out.passes.last();
            if (pass.counters.isEmpty())
                pass.counters = counters;
            else if (pass.counters != counters)
                fail(lineNo, QStringLiteral("header changed within the pass"), text);
            position = 0;
            state = State::Rows;
            continue;
        }
        if (state == State::Rows) {
            const auto m = rx("^(\\d+),([A-Za-z0-9_?:.\\-/]+)((?:,\\d+)+),([01])$").match(line);
            if (!m.hasMatch()) {
                fail(lineNo, QStringLiteral("bad row"), text);
                continue;
            }
            hpx::device::GroundTruthRow row;
            row.layer = m.captured(1).toInt();
            row.op = m.captured(2);
            row.overflow = m.captured(4) == QLatin1String("1");
            const QStringList cells = m.captured(3).mid(1).split(QLatin1Char(','));
            if (cells.size() != counters.size())
                fail(lineNo, QStringLiteral("row has %1 counters, header %2").arg(cells.size()).arg(counters.size()),
                    text);
            for (const QString &c : cells) {
                bool ok = false;
                const qulonglong v = c.toULongLong(&ok);
                if (!ok || v > 0xFFFFFFFFULL)
                    fail(lineNo, QStringLiteral("counter is not an unsigned 32-bit value"), text);
                row.values.append(quint32(v));
            }
            if (row.layer != position++)
                fail(lineNo, QStringLiteral("Layer is not the row position"), text);
            out.passes.last().iterations.last().rows.append(row);
            continue;
        }
        fail(lineNo, QStringLiteral("unclassified line"), text);
    }
    return out;
}

QString compareWithTruth(const ParsedStream &parsed, const hpx::device::GroundTruth &truth)
{
    if (parsed.presets != truth.presets)
        return QStringLiteral("presets differ: %1 vs %2")
            .arg(parsed.presets.join(QLatin1Char(',')), truth.presets.join(QLatin1Char(',')));
    if (parsed.metadata != truth.metadata) {
        for (int i = 0; i < std::max(parsed.metadata.size(), truth.metadata.size()); ++i) {
            const auto a = parsed.metadata.value(i), b = truth.metadata.value(i);
            if (a != b)
                return QStringLiteral("metadata %1 differs: %2=%3 vs %4=%5")
                    .arg(i)
                    .arg(a.first, a.second, b.first, b.second);
        }
    }
    if (parsed.passes.size() != truth.passes.size())
        return QStringLiteral("%1 passes vs %2").arg(parsed.passes.size()).arg(truth.passes.size());
    for (int p = 0; p < truth.passes.size(); ++p) {
        const auto &a = parsed.passes.at(p);
        const auto &b = truth.passes.at(p);
        if (a.name != b.name || a.counters != b.counters)
            return QStringLiteral("pass %1: name or counters differ").arg(p);
        if (a.iterations.size() != b.iterations.size())
            return QStringLiteral("pass %1: %2 iterations vs %3")
                .arg(p)
                .arg(a.iterations.size())
                .arg(b.iterations.size());
        for (int i = 0; i < b.iterations.size(); ++i) {
            const auto &ra = a.iterations.at(i).rows;
            const auto &rb = b.iterations.at(i).rows;
            if (a.iterations.at(i).number != b.iterations.at(i).number || ra.size() != rb.size())
                return QStringLiteral("pass %1 iteration %2: %3 rows vs %4")
                    .arg(p)
                    .arg(i)
                    .arg(ra.size())
                    .arg(rb.size());
            for (int r = 0; r < rb.size(); ++r)
                if (ra.at(r).layer != rb.at(r).layer || ra.at(r).op != rb.at(r).op || ra.at(r).values != rb.at(r).values
                    || ra.at(r).overflow != rb.at(r).overflow)
                    return QStringLiteral("pass %1 iteration %2 row %3 differs").arg(p).arg(i).arg(r);
        }
    }
    return {};
}

} // namespace hpx::simtest
