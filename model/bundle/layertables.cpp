// The per-layer files of a result bundle (docs/compatibility.md §5.3, §5.4): profile_results.csv/json, the
// detailed per-pass tables, hpx Studio's layer identities and helia-aot's memory placement table.
#include "model/bundle/layertables.h"

#include "model/board/counters.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/csvwriter.h"
#include "model/json/jsonwriter.h"
#include "model/results/derivedmetrics.h"
#include "model/results/summarydata.h"

#include <algorithm>

namespace hpx::model::bundle {

namespace {

const QString kCycles = cyclesCounterName();

JsonValue idJson(const QVariant &id)
{
    if (!id.isValid() || id.isNull())
        return {};
    if (id.typeId() == QMetaType::QString) {
        bool ok = false;
        const qint64 v = id.toString().toLongLong(&ok);
        return ok ? JsonValue(v) : JsonValue(id.toString());
    }
    return JsonValue::fromVariant(id);
}

QString shapeText(const JsonValue &shape)
{
    return QString::fromUtf8(toPythonJson(shape, -1));
}

// One §5.3 row in CSV key order; columns absent from a row are left empty by the caller.
struct TableLayout {
    QStringList counters; // counter columns written (captured ones, in order)
    QVector<int> counterIndex; // their index in the source counter list
    int cyclesColumn = -1;
    bool hasCycles = false;
    bool macs = false;
};

void appendRow(QByteArray &out, const TableLayout &layout, const LayerResult &layer, const CyclesTotal &total)
{
    CsvWriter::appendField(out, idJson(layer.id));
    out.append(',');
    CsvWriter::appendText(out, layer.op);
    for (int column : layout.counterIndex) {
        out.append(',');
        if (const auto v = layer.valueAt(column))
            appendPythonFloat(out, *v);
    }
    const auto cycles = layer.valueAt(layout.cyclesColumn);
    if (layout.hasCycles) {
        out.append(',');
        if (cycles)
            appendPythonFloat(out, *cycles);
    }
    out.append(',');
    if (cycles && total.positive())
        appendPythonFloat(out, percentOf(*cycles, total.sum));
    out.append(layer.overflow ? ",True" : ",False");
    if (layout.macs) {
        out.append(',');
        if (layer.macs)
            out.append(QByteArray::number(*layer.macs));
        out.append(',');
        if (layer.macs && layer.ops)
            out.append(QByteArray::number(*layer.ops));
        out.append(',');
        if (const std::optional<double> perMac = cyclesPer(cycles, layer.macs))
            appendPythonFloat(out, *perMac);
    }
    out.append("\r\n", 2);
}

TableLayout layoutFor(const QStringList &counters, const QVector<LayerResult> &layers, bool macs)
{
    TableLayout layout;
    layout.cyclesColumn = counters.indexOf(kCycles);
    for (int c = 0; c < counters.size(); ++c) {
        const bool any
            = std::any_of(layers.cbegin(), layers.cend(), [&](const LayerResult &l) { return bool(l.valueAt(c)); });
        if (any) {
            layout.counters.append(counters.at(c));
            layout.counterIndex.append(c);
        }
    }
    layout.hasCycles = layout.cyclesColumn >= 0 && layout.counterIndex.contains(layout.cyclesColumn);
    layout.macs = macs;
    return layout;
}

QByteArray tableCsv(const QStringList &counters, const QVector<LayerResult> &layers, bool macs)
{
    const TableLayout layout = layoutFor(counters, layers, macs);
    CsvWriter csv;
    QStringList header = { QStringLiteral("id"), QStringLiteral("op") };
    header += layout.counters;
    if (layout.hasCycles)
        header.append(QStringLiteral("cycles"));
    header << QStringLiteral("cycles_pct") << QStringLiteral("overflow");
    if (macs)
        header << QStringLiteral("macs") << QStringLiteral("ops") << QStringLiteral("cycles_per_mac");
    csv.reserve(qsizetype(layers.size()) * (layout.counters.size() + 6) * 10 + 256);
    csv.writeHeader(header);
    const CyclesTotal total = totalCycles(layers, layout.cyclesColumn);
    QByteArray out = csv.takeData();
    for (const LayerResult &layer : layers)
        appendRow(out, layout, layer, total);
    return out;
}

JsonValue layerObjects(const QStringList &counters, const QVector<LayerResult> &layers)
{
    const int cyclesColumn = counters.indexOf(kCycles);
    const CyclesTotal total = totalCycles(layers, cyclesColumn);
    JsonValue list = JsonValue::array();
    for (const LayerResult &layer : layers) {
        JsonValue row = JsonValue::object();
        row.appendMember(QStringLiteral("id"), idJson(layer.id));
        row.appendMember(QStringLiteral("op"), JsonValue(layer.op));
        for (int c = 0; c < counters.size(); ++c) {
            if (const auto v = layer.valueAt(c))
                row.appendMember(counters.at(c), JsonValue(*v));
        }
        const auto cycles = layer.valueAt(cyclesColumn);
        if (cycles)
            row.appendMember(QStringLiteral("cycles"), JsonValue(*cycles));
        row.appendMember(QStringLiteral("cycles_pct"),
            cycles && total.positive() ? JsonValue(percentOf(*cycles, total.sum)) : JsonValue());
        row.appendMember(QStringLiteral("overflow"), JsonValue(layer.overflow));
        list.append(std::move(row));
    }
    return list;
}

} // namespace

QByteArray profileResultsCsv(const ProfileResult &result, const RunContext &ctx)
{
    return tableCsv(result.counters, result.layers, bool(ctx.model));
}

QByteArray layerTableCsv(const QStringList &counters, const QVector<LayerResult> &layers)
{
    return tableCsv(counters, layers, false);
}

JsonValue profileResultsJson(const ProfileResult &result, const RunContext &ctx, const JsonValue &runMetadata)
{
    Q_UNUSED(ctx)
    JsonValue doc = JsonValue::object();
    doc.appendMember(QStringLiteral("schema"), JsonValue(QStringLiteral("hpx.profile-results")));
    doc.appendMember(QStringLiteral("schema_version"), JsonValue(kProfileResultsSchemaVersion));
    JsonValue metadata = runMetadata;
    metadata.remove(QStringLiteral("firmware"));
    doc.appendMember(QStringLiteral("metadata"), std::move(metadata));
    doc.appendMember(QStringLiteral("summary"), firmwareJson(result));
    doc.appendMember(QStringLiteral("layers"), layerObjects(result.counters, result.layers));
    JsonValue presets = JsonValue::object();
    for (const PassResult &pass : result.passes) {
        JsonValue entry = JsonValue::object();
        entry.appendMember(QStringLiteral("layers"), layerObjects(pass.counters, pass.layers));
        entry.appendMember(QStringLiteral("iteration_count"), JsonValue(pass.iterationCount));
        presets.insert(pass.name, std::move(entry));
    }
    doc.appendMember(QStringLiteral("presets"), std::move(presets));
    doc.appendMember(QStringLiteral("overflow_detected"), JsonValue(result.overflowDetected));
    return doc;
}

QString executionName(LayerResult::Execution execution)
{
    switch (execution) {
    case LayerResult::Execution::Profiled:
        break;
    case LayerResult::Execution::NotRun:
        return QStringLiteral("not_run");
    case LayerResult::Execution::OnceAtInit:
        return QStringLiteral("once_at_init");
    }
    return QStringLiteral("profiled");
}

std::optional<LayerResult::Execution> executionFromName(const QString &name)
{
    for (LayerResult::Execution e :
        { LayerResult::Execution::Profiled, LayerResult::Execution::NotRun, LayerResult::Execution::OnceAtInit }) {
        if (executionName(e) == name)
            return e;
    }
    return std::nullopt;
}

QByteArray layerIdentityCsv(const ProfileResult &result, const ModelInfo *model)
{
    CsvWriter csv;
    csv.reserve(qsizetype(result.layers.size()) * 48 + 128);
    // Control flow (docs/output-files.md): which layer encloses which, and an enclosing layer's own values (the
    // counters' columns of profile_results.csv hold its inclusive ones, as heliaPROFILER writes them).
    const bool nesting = result.hasEnclosingLayers();
    QStringList header { QStringLiteral("position"), QStringLiteral("id"), QStringLiteral("op"),
        QStringLiteral("subgraph"), QStringLiteral("source_index"), QStringLiteral("graph_id"),
        QStringLiteral("invocations"), QStringLiteral("cycles_by_pass") };
    if (nesting)
        header << QStringLiteral("enclosed_by") << QStringLiteral("self_values");
    // Operators that did not run (ProfileResult::notRun): a row each after the layers, invocations 0 and no value, and
    // a column that says how each row ran. Only then, so a bundle without them keeps its bytes.
    const bool notRun = !result.notRun.isEmpty();
    if (notRun)
        header << QStringLiteral("execution");
    csv.writeHeader(header);
    for (const LayerResult &layer : result.layers) {
        const bool resolved = layer.subgraph >= 0 && layer.sourceIndex >= 0;
        JsonValue spread = JsonValue::array();
        for (double c : layer.cyclesByPass)
            spread.append(JsonValue(c));
        QVector<JsonValue> row { JsonValue(layer.position), JsonValue::fromVariant(layer.id), JsonValue(layer.op),
            resolved ? JsonValue(layer.subgraph) : JsonValue(), resolved ? JsonValue(layer.sourceIndex) : JsonValue(),
            resolved ? JsonValue(graphIdForSubgraph(model, layer.subgraph)) : JsonValue(), JsonValue(layer.invocations),
            layer.cyclesByPass.isEmpty() ? JsonValue() : JsonValue(QString::fromUtf8(toPythonJson(spread, -1))) };
        if (nesting) {
            row.append(layer.parentLayer >= 0 ? JsonValue(layer.parentLayer) : JsonValue());
            JsonValue own = JsonValue::object();
            for (int c = 0; layer.encloses() && c < result.counters.size(); ++c) {
                if (const std::optional<double> v = layer.selfAt(c))
                    own.appendMember(result.counters.at(c), JsonValue(*v));
            }
            row.append(own.size() > 0 ? JsonValue(QString::fromUtf8(toPythonJson(own, -1))) : JsonValue());
        }
        if (notRun)
            row.append(JsonValue(executionName(layer.execution)));
        csv.writeRow(row);
    }
    for (const LayerResult &layer : result.notRun) {
        QVector<JsonValue> row { JsonValue(layer.position), JsonValue(), JsonValue(layer.op), JsonValue(layer.subgraph),
            JsonValue(layer.sourceIndex), JsonValue(graphIdForSubgraph(model, layer.subgraph)), JsonValue(0),
            JsonValue() };
        if (nesting)
            row << JsonValue() << JsonValue();
        row.append(JsonValue(executionName(layer.execution)));
        csv.writeRow(row);
    }
    return csv.takeData();
}

QByteArray aotMemoryLayersCsv(const JsonValue &aotManifest)
{
    if (!aotManifest.isArray())
        return {};
    CsvWriter csv;
    csv.writeHeader({ QStringLiteral("layer_idx"), QStringLiteral("layer_id"), QStringLiteral("op_type"),
        QStringLiteral("op_name"), QStringLiteral("tensor_role"), QStringLiteral("tensor_id"),
        QStringLiteral("tensor_name"), QStringLiteral("tensor_kind"), QStringLiteral("memory"),
        QStringLiteral("source_memory"), QStringLiteral("staged"), QStringLiteral("arena_role"),
        QStringLiteral("arena_region_id"), QStringLiteral("offset"), QStringLiteral("size"), QStringLiteral("shape") });
    int rows = 0;
    const struct {
        const char *key;
        const char *role;
    } roles[] = { { "inputs", "input" }, { "outputs", "output" }, { "local_tensors", "local" } };
    for (const JsonValue &op : aotManifest.elements()) {
        for (const auto &r : roles) {
            for (const JsonValue &t : op.value(QString::fromLatin1(r.key)).elements()) {
                JsonValue size = t.value(QStringLiteral("allocation_size"));
                if (size.isNull())
                    size = t.value(QStringLiteral("nbytes"));
                if (size.isNull())
                    size = t.value(QStringLiteral("size"));
                const JsonValue shape = t.value(QStringLiteral("shape"));
                csv.writeRow({ op.value(QStringLiteral("idx")), op.value(QStringLiteral("id")),
                    op.value(QStringLiteral("op_type")), op.value(QStringLiteral("name")),
                    JsonValue(QString::fromLatin1(r.role)), t.value(QStringLiteral("id")),
                    t.value(QStringLiteral("name")), t.value(QStringLiteral("kind")), t.value(QStringLiteral("memory")),
                    t.value(QStringLiteral("source_memory")), t.value(QStringLiteral("staged")),
                    t.value(QStringLiteral("arena_role")), t.value(QStringLiteral("arena_region_id")),
                    t.value(QStringLiteral("offset")), size,
                    shape.isArray() ? JsonValue(shapeText(shape)) : JsonValue() });
                ++rows;
            }
        }
    }
    return rows > 0 ? csv.takeData() : QByteArray();
}

} // namespace hpx::model::bundle
