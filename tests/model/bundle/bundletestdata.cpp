#include "bundletestdata.h"

#include "model/json/jsonparser.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>

using namespace hpx::model;

namespace hpx::test {

QStringList conformanceCases(bool withSummaryOnly)
{
    QDir dir(dataPath(QStringLiteral("bundle/conformance")));
    QStringList out;
    const QStringList entries = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : entries) {
        if (!withSummaryOnly || QFile::exists(dir.filePath(name + QStringLiteral("/expected_summary.json"))))
            out.append(name);
    }
    return out;
}

QString conformanceDir(const QString &caseName)
{
    return dataPath(QStringLiteral("bundle/conformance/") + caseName);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read test data %s", qPrintable(path));
    return file.readAll();
}

JsonValue readJsonFile(const QString &path)
{
    QString error;
    JsonValue v = parseJson(readFile(path), &error);
    if (!error.isEmpty())
        qFatal("bad JSON in %s: %s", qPrintable(path), qPrintable(error));
    return v;
}

namespace {

Engine engineOf(const QString &name)
{
    if (name == QStringLiteral("tflm"))
        return Engine::Tflm;
    if (name == QStringLiteral("helia-aot"))
        return Engine::HeliaAot;
    if (name == QStringLiteral("executorch"))
        return Engine::Executorch;
    return Engine::HeliaRt;
}

QStringList countersOf(const JsonValue &layers)
{
    QStringList counters;
    for (const JsonValue &layer : layers.elements()) {
        for (const QString &key : layer.value(QStringLiteral("counters")).keys()) {
            if (!counters.contains(key))
                counters.append(key);
        }
    }
    return counters;
}

QVector<LayerResult> layersOf(const JsonValue &layers, const QStringList &counters)
{
    QVector<LayerResult> out;
    int position = 0;
    for (const JsonValue &l : layers.elements()) {
        LayerResult layer;
        layer.position = position++;
        const JsonValue id = l.value(QStringLiteral("id"));
        layer.id = id.isInt() ? QVariant(id.toInt()) : QVariant(id.toString());
        layer.op = l.value(QStringLiteral("op")).toString();
        layer.opType = layer.op.section(QLatin1Char(':'), 0, 0);
        layer.subgraph = 0;
        layer.sourceIndex = id.isInt() ? int(id.toInt()) : -1;
        const JsonValue values = l.value(QStringLiteral("counters"));
        for (const QString &c : counters) {
            const JsonValue *v = values.find(c);
            layer.values.append(v ? std::optional<double>(v->toDouble()) : std::nullopt);
        }
        layer.overflow = l.value(QStringLiteral("overflow")).toBool();
        out.append(layer);
    }
    return out;
}

} // namespace

ProfileResult profileFromExpected(const QString &caseName)
{
    const JsonValue doc = readJsonFile(conformanceDir(caseName) + QStringLiteral("/expected.json"));
    const JsonValue parsed = doc.path({ QStringLiteral("expected"), QStringLiteral("parsed") });
    ProfileResult r;
    r.engine = engineOf(doc.path({ QStringLiteral("inputs"), QStringLiteral("engine") }).toString());
    const QString agg = doc.path({ QStringLiteral("inputs"), QStringLiteral("aggregation") }).toString();
    r.aggregation = agg == QStringLiteral("mean") ? Aggregation::Mean
        : agg == QStringLiteral("trimmed")        ? Aggregation::Trimmed
                                                  : Aggregation::Median;
    const JsonValue layers = parsed.value(QStringLiteral("layers"));
    r.counters = countersOf(layers);
    r.layers = layersOf(layers, r.counters);
    const JsonValue presets = parsed.value(QStringLiteral("presets"));
    for (const JsonValue &nameValue : parsed.value(QStringLiteral("preset_names")).elements()) {
        const QString name = nameValue.toString();
        const JsonValue p = presets.value(name);
        PassResult pass;
        pass.name = name;
        const int underscore = name.lastIndexOf(QLatin1Char('_'));
        pass.group = underscore > 0 && !name.startsWith(QLatin1Char('_')) ? name.left(underscore) : QString();
        pass.counters = countersOf(p.value(QStringLiteral("layers")));
        pass.layers = layersOf(p.value(QStringLiteral("layers")), pass.counters);
        pass.iterationCount = p.value(QStringLiteral("iterations")).size();
        r.passes.append(pass);
    }
    const JsonValue groups = parsed.value(QStringLiteral("groups"));
    for (const auto &member : groups.members()) {
        GroupResult group;
        group.name = member.first;
        group.counters = countersOf(member.second);
        group.layers = layersOf(member.second, group.counters);
        r.groups.append(group);
    }
    for (const auto &member : parsed.value(QStringLiteral("meta")).members())
        r.firmware.append({ member.first, member.second.toVariant() });
    r.overflowDetected = parsed.value(QStringLiteral("overflow_detected")).toBool();
    const JsonValue issues
        = doc.path({ QStringLiteral("expected"), QStringLiteral("summary"), QStringLiteral("issues") });
    // expected.json normalises issues without their message; the message comes from expected_summary.json.
    const QString summaryPath = conformanceDir(caseName) + QStringLiteral("/expected_summary.json");
    const JsonValue summaryIssues
        = QFile::exists(summaryPath) ? readJsonFile(summaryPath).value(QStringLiteral("issues")) : issues;
    for (const JsonValue &i : summaryIssues.elements()) {
        Issue issue;
        issue.code = i.value(QStringLiteral("code")).toString();
        issue.severity = i.value(QStringLiteral("severity")).toString();
        issue.message = i.value(QStringLiteral("message")).toString();
        issue.context = QJsonObject::fromVariantMap(i.value(QStringLiteral("context")).toVariant().toMap());
        r.issues.append(issue);
    }
    return r;
}

ProfileResult specExampleResult()
{
    ProfileResult r;
    r.engine = Engine::HeliaRt;
    r.counters = QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
        QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND"),
        QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
        QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") };
    // Medians of the two iterations in §1.10 (e.g. CONV_2D cycles: (7412 + 7398) / 2).
    const double values[3][8] = { { (7412 + 7398) / 2.0, 5120, (310 + 302) / 2.0, (1204 + 1199) / 2.0, 2210,
                                      (12 + 11) / 2.0, (96 + 95) / 2.0, (7405 + 7401) / 2.0 },
        { (2988 + 2991) / 2.0, 2210, (95 + 97) / 2.0, (402 + 405) / 2.0, 1020, 4, 33, (2990 + 2987) / 2.0 },
        { (1530 + 1527) / 2.0, 1104, (41 + 40) / 2.0, (188 + 186) / 2.0, 640, 9, (61 + 60) / 2.0,
            (1529 + 1530) / 2.0 } };
    const char *ops[3] = { "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED" };
    for (int i = 0; i < 3; ++i) {
        LayerResult l;
        l.position = i;
        l.id = i;
        l.op = QString::fromLatin1(ops[i]);
        l.opType = l.op;
        l.subgraph = 0;
        l.sourceIndex = i;
        for (double v : values[i])
            l.values.append(v);
        r.layers.append(l);
    }
    PassResult cpu;
    cpu.name = QStringLiteral("cpu_0");
    cpu.group = QStringLiteral("cpu");
    cpu.counters = r.counters.mid(0, 4);
    PassResult mem;
    mem.name = QStringLiteral("memory_0");
    mem.group = QStringLiteral("memory");
    mem.counters = r.counters.mid(4, 4);
    for (const LayerResult &l : std::as_const(r.layers)) {
        LayerResult a = l, b = l;
        a.values = l.values.mid(0, 4);
        b.values = l.values.mid(4, 4);
        cpu.layers.append(a);
        mem.layers.append(b);
    }
    cpu.iterationCount = mem.iterationCount = 2;
    r.passes = { cpu, mem };
    r.groups = { GroupResult { QStringLiteral("cpu"), cpu.counters, cpu.layers },
        GroupResult { QStringLiteral("memory"), mem.counters, mem.layers } };
    r.firmware = { { QStringLiteral("model_size"), 18424 }, { QStringLiteral("arena_size"), 32768 },
        { QStringLiteral("presets"), QStringList { QStringLiteral("cpu_0"), QStringLiteral("memory_0") } },
        { QStringLiteral("input_size"), 490 }, { QStringLiteral("output_size"), 12 },
        { QStringLiteral("allocated_arena"), 9120 }, { QStringLiteral("num_tensors"), 11 },
        { QStringLiteral("num_inputs"), 1 }, { QStringLiteral("num_outputs"), 1 },
        { QStringLiteral("system_clock_hz"), 96000000 }, { QStringLiteral("clean_infer_count"), 8531 },
        { QStringLiteral("clean_infer_total_cycles"), 95820192 }, { QStringLiteral("clean_infer_avg_cycles"), 11232 },
        { QStringLiteral("clean_infer_avg_us"), 117 }, { QStringLiteral("profiled_infer_count"), 4 },
        { QStringLiteral("profiled_infer_total_us"), 521 }, { QStringLiteral("profiled_infer_avg_us"), 130 } };
    return r;
}

RunContext fixedContext()
{
    RunContext ctx;
    ctx.runId = QStringLiteral("0b6f3f0e-8a55-4c1e-9d2a-5f7c2b9e4a10");
    ctx.timestamp = QStringLiteral("2026-08-22T13:38:20.123456+00:00");
    ctx.hpxVersion = QStringLiteral("0.1.0");
    ctx.transport = QStringLiteral("usb_cdc");
    ctx.platform.board = QStringLiteral("apollo510_evb");
    ctx.platform.soc = QStringLiteral("apollo510");
    ctx.platform.core = QStringLiteral("cortex-m55");
    ctx.platform.pmuTier = QStringLiteral("pmu");
    ctx.platform.hasMve = true;
    ctx.platform.profilingBackends = { QStringLiteral("dwt"), QStringLiteral("armv8m-pmu") };
    ctx.platform.profilingDomains = { QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("mve") };
    ctx.platform.cpuClockName = QStringLiteral("lp");
    ctx.platform.cpuClockMhz = 96.0;
    ctx.platform.cpuPerfTier = QStringLiteral("NSX_PERF_LOW");
    JsonValue engine = JsonValue::object();
    engine.appendMember(QStringLiteral("type"), JsonValue(QStringLiteral("helia-rt")));
    JsonValue target = JsonValue::object();
    target.appendMember(QStringLiteral("board"), JsonValue(QStringLiteral("apollo510_evb")));
    target.appendMember(QStringLiteral("toolchain"), JsonValue(QStringLiteral("arm-none-eabi-gcc")));
    target.appendMember(QStringLiteral("transport"), JsonValue(QStringLiteral("usb_cdc")));
    JsonValue output = JsonValue::object();
    output.appendMember(QStringLiteral("dir"), JsonValue(QStringLiteral("./results")));
    output.appendMember(QStringLiteral("model_explorer"), JsonValue(true));
    ctx.config = JsonValue::object();
    ctx.config.appendMember(QStringLiteral("engine"), engine);
    ctx.config.appendMember(QStringLiteral("target"), target);
    ctx.config.appendMember(QStringLiteral("output"), output);
    ctx.rawCapture = QByteArrayLiteral("--- HPX_START ---\nHPX_VERSION=1\n--- HPX_END ---\n");
    return ctx;
}

ProfileResult syntheticResult(int layers, int counters)
{
    ProfileResult r;
    r.engine = Engine::HeliaRt;
    r.counters.append(QStringLiteral("ARM_PMU_CPU_CYCLES"));
    for (int c = 1; c < counters; ++c)
        r.counters.append(QStringLiteral("ARM_PMU_EVENT_%1").arg(c, 2, 10, QLatin1Char('0')));
    r.layers.reserve(layers);
    for (int i = 0; i < layers; ++i) {
        LayerResult l;
        l.position = i;
        l.id = i;
        l.op = (i % 3 == 0) ? QStringLiteral("CONV_2D") : QStringLiteral("DEPTHWISE_CONV_2D");
        l.opType = l.op;
        l.subgraph = 0;
        l.sourceIndex = i;
        l.values.reserve(counters);
        for (int c = 0; c < counters; ++c)
            l.values.append(double((i * 7919 + c * 104729) % 100000) + (c % 2 ? 0.5 : 0.0));
        r.layers.append(std::move(l));
    }
    return r;
}

} // namespace hpx::test
