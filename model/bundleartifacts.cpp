#include "model/bundledocuments.h"
#include "model/csvwriter.h"
#include "model/jsonwriter.h"
#include "model/sha256.h"

namespace hpx::model::bundle {

namespace {

std::optional<double> valueAt(const LayerResult &layer, int column)
{
    if (column < 0 || column >= layer.values.size())
        return std::nullopt;
    return layer.values.at(column);
}

QVariant firmwareValue(const ProfileResult &result, const QString &key)
{
    QVariant v;
    for (const auto &entry : result.firmware) {
        if (entry.first == key)
            v = entry.second;
    }
    return v;
}

JsonValue cacheTotals(const ProfileResult &result)
{
    JsonValue totals = JsonValue::object();
    QVector<int> columns;
    for (const QString &name : cacheCounters())
        columns.append(result.counters.indexOf(name));
    QVector<double> sums(columns.size(), 0.0);
    QVector<bool> seen(columns.size(), false);
    QStringList order;
    for (const LayerResult &layer : result.layers) {
        for (int k = 0; k < columns.size(); ++k) {
            if (const auto v = valueAt(layer, columns.at(k))) {
                if (!seen.at(k)) {
                    seen[k] = true;
                    order.append(cacheCounters().at(k));
                }
                sums[k] += *v;
            }
        }
    }
    for (const QString &name : order)
        totals.appendMember(name, JsonValue(sums.at(cacheCounters().indexOf(name))));
    return totals;
}

// Python's json.dumps of an int list with default separators: "[1, 49, 10, 1]".
QString shapeText(const JsonValue &shape)
{
    return QString::fromUtf8(toPythonJson(shape, -1));
}

} // namespace

JsonValue memoryJson(const ProfileResult &result)
{
    JsonValue doc = JsonValue::object();
    JsonValue arena = JsonValue::object();
    for (const char *key :
        { "arena_size", "allocated_arena", "num_tensors", "num_inputs", "num_outputs", "model_size" }) {
        const QVariant v = firmwareValue(result, QString::fromLatin1(key));
        if (v.isValid() && !v.isNull())
            arena.appendMember(QString::fromLatin1(key), JsonValue::fromVariant(v));
    }
    if (arena.size() > 0)
        doc.appendMember(QStringLiteral("arena"), std::move(arena));

    JsonValue perLayer = JsonValue::array();
    for (const LayerResult &layer : result.layers) {
        JsonValue counters = JsonValue::object();
        for (int c = 0; c < result.counters.size(); ++c) {
            if (!cacheCounters().contains(result.counters.at(c)))
                continue;
            if (const auto v = valueAt(layer, c))
                counters.appendMember(result.counters.at(c), JsonValue(*v));
        }
        if (counters.size() == 0)
            continue;
        JsonValue row = JsonValue::object();
        row.appendMember(QStringLiteral("op"), JsonValue(layer.op));
        row.appendMember(QStringLiteral("counters"), std::move(counters));
        perLayer.append(std::move(row));
    }
    if (perLayer.size() > 0)
        doc.appendMember(QStringLiteral("per_layer_memory"), std::move(perLayer));

    JsonValue totals = cacheTotals(result);
    if (totals.size() > 0) {
        const double rd = totals.value(QStringLiteral("ARM_PMU_L1D_CACHE_RD")).toDouble(-1);
        const double all = totals.value(QStringLiteral("ARM_PMU_L1D_CACHE")).toDouble(0);
        const double missRd = totals.value(QStringLiteral("ARM_PMU_L1D_CACHE_MISS_RD")).toDouble(-1);
        const double refill = totals.value(QStringLiteral("ARM_PMU_L1D_CACHE_REFILL")).toDouble(0);
        const double accesses = rd >= 0 ? rd : all;
        const double misses = missRd >= 0 ? missRd : refill;
        if (accesses > 0)
            totals.appendMember(
                QStringLiteral("l1d_hit_rate_pct"), JsonValue(pythonRound((1 - misses / accesses) * 100, 2)));
        doc.appendMember(QStringLiteral("cache_totals"), std::move(totals));
    }
    return doc;
}

QByteArray nsxLock(const RunContext &ctx)
{
    // heliaPROFILER always writes nsx.lock (the exact NSX modules its firmware was built from).
    // hpx Studio builds no firmware: the lock states that no NSX dependency was resolved or used.
    // Deterministic content, so two runs differ only where the runs differ.
    QByteArray out;
    out += "# nsx.lock written by hpx Studio. This run used a board that was already flashed:\n";
    out += "# no NSX modules were resolved, built or flashed by hpx Studio.\n";
    out += "schema: nsx.lock\n";
    out += "schema_version: 1\n";
    out += "generated_by: hpx-studio " + ctx.hpxVersion.toUtf8() + "\n";
    out += "nsx_used: false\n";
    out += "modules: []\n";
    return out;
}

QByteArray layerIdentityCsv(const ProfileResult &result, const ModelInfo *model)
{
    CsvWriter csv;
    csv.reserve(qsizetype(result.layers.size()) * 48 + 128);
    csv.writeHeader({ QStringLiteral("position"), QStringLiteral("id"), QStringLiteral("op"),
        QStringLiteral("subgraph"), QStringLiteral("source_index"), QStringLiteral("graph_id"),
        QStringLiteral("invocations"), QStringLiteral("cycles_by_pass") });
    for (const LayerResult &layer : result.layers) {
        const bool resolved = layer.subgraph >= 0 && layer.sourceIndex >= 0;
        JsonValue spread = JsonValue::array();
        for (double c : layer.cyclesByPass)
            spread.append(JsonValue(c));
        csv.writeRow({ JsonValue(layer.position), JsonValue::fromVariant(layer.id), JsonValue(layer.op),
            resolved ? JsonValue(layer.subgraph) : JsonValue(), resolved ? JsonValue(layer.sourceIndex) : JsonValue(),
            resolved ? JsonValue(graphIdForSubgraph(model, layer.subgraph)) : JsonValue(), JsonValue(layer.invocations),
            layer.cyclesByPass.isEmpty() ? JsonValue() : JsonValue(QString::fromUtf8(toPythonJson(spread, -1))) });
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

JsonValue artifactJson(const Artifact &artifact)
{
    const QString path = artifact.path;
    const QString name = path.section(QLatin1Char('/'), -1);
    const QString suffix = name.contains(QLatin1Char('.')) ? name.section(QLatin1Char('.'), -1).toLower() : QString();
    QString media = QStringLiteral("application/octet-stream");
    if (suffix == QStringLiteral("csv"))
        media = QStringLiteral("text/csv");
    else if (suffix == QStringLiteral("json"))
        media = QStringLiteral("application/json");
    else if (suffix == QStringLiteral("lock"))
        media = QStringLiteral("application/yaml");

    QString role = QStringLiteral("extension");
    QString artifactName;
    QString schema;
    int schemaVersion = 0;
    QString producer = QStringLiteral("hpx");
    bool optional = true;
    if (name == QStringLiteral("summary.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.summary"),
        schema = QStringLiteral("hpx.run-summary");
        schemaVersion = kRunSummarySchemaVersion, optional = false;
    } else if (name == QStringLiteral("run_metadata.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.run-metadata"),
        schema = QStringLiteral("hpx.run-metadata"), schemaVersion = kRunMetadataSchemaVersion, optional = false;
    } else if (name == QStringLiteral("nsx.lock")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.nsx-lock"),
        producer = QStringLiteral("neuralspotx");
        optional = false;
    } else if (name == QStringLiteral("profile_results.json")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.profile-layers"),
        schema = QStringLiteral("hpx.profile-results"), schemaVersion = kProfileResultsSchemaVersion, optional = false;
    } else if (name == QStringLiteral("profile_results.csv")) {
        role = QStringLiteral("core"), artifactName = QStringLiteral("hpx.profile-layers"), optional = false;
    } else if (path.startsWith(QStringLiteral("model_explorer/"))) {
        role = QStringLiteral("export"), artifactName = QStringLiteral("model-explorer.overlay");
        producer = QStringLiteral("hpx.model-explorer-exporter");
    } else if (name == QStringLiteral("aot_operator_manifest.json")) {
        artifactName = QStringLiteral("helia-aot.operators");
    } else if (name == QStringLiteral("aot_memory_layers.csv")) {
        artifactName = QStringLiteral("helia-aot.memory-layers");
    } else if (name == QStringLiteral("power_summary.csv")) {
        role = QStringLiteral("diagnostic"), artifactName = QStringLiteral("hpx.power-summary");
    } else if (path.startsWith(QStringLiteral("detailed/"))) {
        role = QStringLiteral("projection");
    }

    JsonValue a = JsonValue::object();
    a.appendMember(QStringLiteral("path"), JsonValue(path));
    a.appendMember(QStringLiteral("media_type"), JsonValue(media));
    a.appendMember(QStringLiteral("size_bytes"), JsonValue(artifact.sizeBytes));
    a.appendMember(QStringLiteral("sha256"), JsonValue(artifact.sha256));
    a.appendMember(QStringLiteral("role"), JsonValue(role));
    if (!artifactName.isEmpty())
        a.appendMember(QStringLiteral("name"), JsonValue(artifactName));
    if (!schema.isEmpty())
        a.appendMember(QStringLiteral("schema"), JsonValue(schema));
    if (schemaVersion > 0)
        a.appendMember(QStringLiteral("schema_version"), JsonValue(schemaVersion));
    a.appendMember(QStringLiteral("producer"), JsonValue(producer));
    a.appendMember(QStringLiteral("optional"), JsonValue(optional));
    return a;
}

QString configSha256(const JsonValue &config)
{
    // hpx hashes json.dumps(config_snapshot, sort_keys=True, separators=(",", ":")); an absent
    // snapshot is the empty object.
    const JsonValue snapshot = config.isNull() ? JsonValue::object() : config;
    return Sha256::hex(toCompactSortedJson(snapshot));
}

JsonValue manifestJson(const ProfileResult &result, const RunContext &ctx, const QVector<Artifact> &artifacts)
{
    const QVector<Issue> issues = effectiveIssues(result);
    JsonValue m = JsonValue::object();
    m.appendMember(QStringLiteral("schema"), JsonValue(QStringLiteral("hpx.result-manifest")));
    m.appendMember(QStringLiteral("schema_version"), JsonValue(kManifestSchemaVersion));
    m.appendMember(QStringLiteral("run_id"), JsonValue(ctx.runId));
    m.appendMember(QStringLiteral("timestamp"), JsonValue(ctx.timestamp));
    m.appendMember(QStringLiteral("hpx_version"), JsonValue(ctx.hpxVersion));
    m.appendMember(QStringLiteral("status"), JsonValue(QStringLiteral("complete")));
    m.appendMember(QStringLiteral("validity"), JsonValue(validityOf(issues)));
    m.appendMember(QStringLiteral("issues"), issuesJson(issues));

    JsonValue provenance = JsonValue::object();
    provenance.appendMember(QStringLiteral("config_sha256"), JsonValue(configSha256(ctx.config)));
    if (!ctx.modelName.isEmpty()) {
        JsonValue model = JsonValue::object();
        model.appendMember(QStringLiteral("name"), JsonValue(ctx.modelName));
        model.appendMember(
            QStringLiteral("size_bytes"), ctx.modelSizeBytes ? JsonValue(*ctx.modelSizeBytes) : JsonValue());
        model.appendMember(
            QStringLiteral("sha256"), ctx.modelSha256.isEmpty() ? JsonValue() : JsonValue(ctx.modelSha256));
        provenance.appendMember(QStringLiteral("model"), std::move(model));
    }
    if (!ctx.toolchain.isNull())
        provenance.appendMember(QStringLiteral("toolchain"), ctx.toolchain);
    m.appendMember(QStringLiteral("provenance"), std::move(provenance));

    auto orNull = [](const QString &s) { return s.isEmpty() ? JsonValue() : JsonValue(s); };
    auto fromConfig = [&](std::initializer_list<QString> path, const QString &fallback) {
        const JsonValue v = ctx.config.path(path);
        return v.isNull() ? orNull(fallback) : v;
    };
    JsonValue c = JsonValue::object();
    c.appendMember(QStringLiteral("model_sha256"), orNull(ctx.modelSha256));
    c.appendMember(QStringLiteral("hpx_version"), JsonValue(ctx.hpxVersion));
    c.appendMember(QStringLiteral("engine"),
        fromConfig({ QStringLiteral("engine"), QStringLiteral("type") }, engineName(result.engine)));
    c.appendMember(QStringLiteral("board"), orNull(ctx.platform.board));
    c.appendMember(QStringLiteral("soc"), orNull(ctx.platform.soc));
    c.appendMember(QStringLiteral("cpu_clock"), orNull(ctx.platform.cpuClockName));
    c.appendMember(
        QStringLiteral("toolchain"), fromConfig({ QStringLiteral("target"), QStringLiteral("toolchain") }, QString()));
    c.appendMember(QStringLiteral("compiler_version"), ctx.toolchain.value(QStringLiteral("compiler_version")));
    const QVariant clock = firmwareValue(result, QStringLiteral("system_clock_hz"));
    c.appendMember(QStringLiteral("system_clock_hz"), clock.isValid() ? JsonValue::fromVariant(clock) : JsonValue());
    c.appendMember(QStringLiteral("run_summary_schema_version"), JsonValue(kRunSummarySchemaVersion));
    c.appendMember(QStringLiteral("run_metadata_schema_version"), JsonValue(kRunMetadataSchemaVersion));
    c.appendMember(QStringLiteral("transport"),
        fromConfig({ QStringLiteral("target"), QStringLiteral("transport") }, ctx.transport));
    c.appendMember(QStringLiteral("arena_location"),
        ctx.config.path({ QStringLiteral("model"), QStringLiteral("arena_location") }));
    c.appendMember(QStringLiteral("weights_location"),
        ctx.config.path({ QStringLiteral("model"), QStringLiteral("weights_location") }));
    m.appendMember(QStringLiteral("comparability"), std::move(c));

    JsonValue list = JsonValue::array();
    for (const Artifact &a : artifacts)
        list.append(artifactJson(a));
    m.appendMember(QStringLiteral("artifacts"), std::move(list));
    m.appendMember(QStringLiteral("bundle_type"), JsonValue(QStringLiteral("profile")));
    m.appendMember(QStringLiteral("extensions"), JsonValue::object());
    return m;
}

} // namespace hpx::model::bundle
